//! The seeded database: `--servers` servers with their pages public and `--games` games among
//! them, one in ten being played and the rest finished, each with its seats and whole move
//! log, every finished game rated as the table rates it, with each player's rating history.
//!
//! The games are copies of real ones: one game of every kind and ruleset is played through
//! the table (`fill.rs`'s templates, 40 turns each); those still under way are copied as the
//! live games, then resigned through the table and copied again as the finished ones. Copies
//! are made by `INSERT … SELECT` in one transaction, their seats drawn from a pool of
//! [`PLAYERS`] people per server. The ratings are then worked out in order of the games' ends
//! with the crate's own rating code, and written with the web view's ids in batches.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use sqlx::{Any, AnyConnection, AssertSqlSafe, Connection as _, Row as _, Transaction};
use tabula::rating::{Rating, System, places, rate};
use tabula::render::Renderer;
use tabula::rules::{GameKind, Outcome};
use tabula::store::{Backend, Store, new_public_id};
use tabula::table::{Command, Ctx, Table, User};

/// People playing on each server.
pub const PLAYERS: usize = 40;
/// One person in this many has hidden themselves (`/web hide-me`).
const HIDDEN_EVERY: usize = 20;
/// Seconds over which the finished games' ends are spread (a year).
const SPREAD: i64 = 365 * 86_400;

/// What was seeded, and how long it took.
pub struct Seeded {
    pub live: usize,
    pub finished: usize,
    pub moves: i64,
    pub ratings: usize,
    pub history: usize,
    pub took: Duration,
}

/// Fills the database at `url` with `games` games over `servers` servers.
pub async fn seed(url: &str, servers: usize, games: usize, seed: u64) -> anyhow::Result<Seeded> {
    let started = Instant::now();
    let servers = servers.max(1);
    let templates = super::fill::play_templates(url, seed).await?;
    let mut conn = AnyConnection::connect(url).await?;
    let backend = match conn.backend_name() {
        "PostgreSQL" => Backend::Postgres,
        _ => Backend::Sqlite,
    };
    let under_way = with_status(&mut conn, &templates, "active").await?;
    let live = if under_way.is_empty() { 0 } else { games / 10 };
    let mut tx = conn.begin().await?;
    copy_all(&mut tx, &under_way, live, servers, "live").await?;
    tx.commit().await?;

    resign(url, &under_way).await?;
    let ended = with_status(&mut conn, &templates, "finished").await?;
    anyhow::ensure!(!ended.is_empty(), "no template game finished");
    let finished = games - live;
    let mut tx = conn.begin().await?;
    copy_all(&mut tx, &ended, finished, servers, "done").await?;
    let (ratings, history) = rate_all(&mut tx).await?;
    web_ids(&mut tx, servers).await?;
    tx.commit().await?;
    if backend == Backend::Postgres {
        // As autovacuum would have done on a database that grew over months.
        sqlx::query("ANALYZE").execute(&mut conn).await?;
    }
    let moves: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM moves")
        .fetch_one(&mut conn)
        .await?;
    let _ = conn.close().await;
    Ok(Seeded {
        live,
        finished,
        moves,
        ratings,
        history,
        took: started.elapsed(),
    })
}

/// The templates with `status`.
async fn with_status(
    conn: &mut AnyConnection,
    templates: &[i64],
    status: &str,
) -> anyhow::Result<Vec<i64>> {
    let mut out = Vec::new();
    for &id in templates {
        let found: String = sqlx::query_scalar("SELECT status FROM games WHERE id = $1")
            .bind(id)
            .fetch_one(&mut *conn)
            .await?;
        if found == status {
            out.push(id);
        }
    }
    Ok(out)
}

/// Ends each game by its players resigning through the table, the first seat first.
async fn resign(url: &str, games: &[i64]) -> anyhow::Result<()> {
    let store = Store::connect(url).await?;
    let table = Table::new(store.clone(), Arc::new(Renderer::new()));
    for &id in games {
        let row = store.game(id).await?;
        for seat in store.seats(id).await? {
            let ctx = Ctx {
                guild: row.guild.clone(),
                channel: row.channel.clone(),
                user: User {
                    id: seat.user_id.clone(),
                    name: seat.name.clone(),
                },
                admin: false,
            };
            table
                .handle(&ctx, Command::Resign { confirmed: true })
                .await;
            if !store.game(id).await?.status.is_open() {
                break;
            }
        }
    }
    store.close().await;
    Ok(())
}

/// Copies `total` games spread evenly over `templates`, each with its seats and log.
async fn copy_all(
    tx: &mut Transaction<'_, Any>,
    templates: &[i64],
    total: usize,
    servers: usize,
    phase: &str,
) -> anyhow::Result<()> {
    let n = templates.len().max(1);
    for (k, &template) in templates.iter().enumerate() {
        let copies = total / n + usize::from(k < total % n);
        if copies > 0 {
            copy(tx, template, copies, servers, phase).await?;
        }
    }
    Ok(())
}

/// Copies one game `copies` times over the servers, ending at times spread over a year (a
/// live copy: over a month), seated by each server's people.
async fn copy(
    tx: &mut Transaction<'_, Any>,
    template: i64,
    copies: usize,
    servers: usize,
    phase: &str,
) -> anyhow::Result<()> {
    let spread = if phase == "live" { 30 * 86_400 } else { SPREAD };
    let before: i64 = sqlx::query_scalar("SELECT COALESCE(MAX(id), 0) FROM games")
        .fetch_one(&mut **tx)
        .await?;
    // Only numbers and the fixed phase word are written into the SQL.
    let games = format!(
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {copies}) \
         INSERT INTO games (guild, channel, kind, ruleset, status, seq, state, result, \
         created_by, max_seats, created_at, updated_at, next_reminder_at, deadline_at, \
         move_days, remind_after, claim_after) \
         SELECT 'srv' || ((n.i + {template}) % {servers}), 'web{template}{phase}-' || n.i, \
         kind, ruleset, status, seq, state, result, created_by, max_seats, \
         created_at - ((n.i * 7919) % {spread}), updated_at - ((n.i * 7919) % {spread}), \
         next_reminder_at, deadline_at, move_days, remind_after, claim_after \
         FROM n, games WHERE games.id = {template}"
    );
    sqlx::query(AssertSqlSafe(games)).execute(&mut **tx).await?;
    let after: i64 = sqlx::query_scalar("SELECT COALESCE(MAX(id), 0) FROM games")
        .fetch_one(&mut **tx)
        .await?;
    // Seats 0 to 3 of a game get distinct people: (7·id + seat·a) mod 40, a in 1..=13.
    let person = format!("((g.id * 7 + s.seat * (1 + g.id % 13)) % {PLAYERS})");
    let seats = format!(
        "INSERT INTO seats (game, seat, user_id, name, joined, bot_level) \
         SELECT g.id, s.seat, g.guild || '-u' || {person}, 'player ' || {person}, s.joined, \
         s.bot_level FROM games g JOIN seats s ON s.game = {template} \
         WHERE g.id > {before} AND g.id <= {after}"
    );
    sqlx::query(AssertSqlSafe(seats)).execute(&mut **tx).await?;
    let moves = format!(
        "INSERT INTO moves (game, seq, user_id, action, notation, at) \
         SELECT g.id, m.seq, COALESCE(ns.user_id, m.user_id), m.action, m.notation, \
         m.at - (t.updated_at - g.updated_at) \
         FROM games g JOIN games t ON t.id = {template} JOIN moves m ON m.game = {template} \
         LEFT JOIN seats ts ON ts.game = {template} AND ts.user_id = m.user_id \
         LEFT JOIN seats ns ON ns.game = g.id AND ns.seat = ts.seat \
         WHERE g.id > {before} AND g.id <= {after}"
    );
    sqlx::query(AssertSqlSafe(moves)).execute(&mut **tx).await?;
    Ok(())
}

/// A value to bind.
enum Val {
    Int(i64),
    Real(f64),
    Text(String),
}

/// Inserts `rows` into `table`'s `columns`, many rows a statement.
async fn insert(
    tx: &mut Transaction<'_, Any>,
    table: &str,
    columns: &[&str],
    rows: Vec<Vec<Val>>,
) -> anyhow::Result<()> {
    let per = (8_000 / columns.len()).max(1);
    let mut rows = rows.into_iter().peekable();
    while rows.peek().is_some() {
        let chunk: Vec<Vec<Val>> = rows.by_ref().take(per).collect();
        let mut sql = format!("INSERT INTO {table} ({}) VALUES ", columns.join(", "));
        for r in 0..chunk.len() {
            let marks: Vec<String> = (1..=columns.len())
                .map(|c| format!("${}", r * columns.len() + c))
                .collect();
            if r > 0 {
                sql.push_str(", ");
            }
            sql.push_str(&format!("({})", marks.join(", ")));
        }
        // Table and column names are the caller's constants; every value is bound.
        let mut query = sqlx::query(AssertSqlSafe(sql));
        for val in chunk.into_iter().flatten() {
            query = match val {
                Val::Int(v) => query.bind(v),
                Val::Real(v) => query.bind(v),
                Val::Text(v) => query.bind(v),
            };
        }
        query.execute(&mut **tx).await?;
    }
    Ok(())
}

/// Rates every finished game of the servers in the order they ended, as the table rates a
/// game when it ends; writes the ratings and each player's history. Returns their counts.
async fn rate_all(tx: &mut Transaction<'_, Any>) -> anyhow::Result<(usize, usize)> {
    let games = sqlx::query(
        "SELECT id, guild, kind, updated_at, result FROM games \
         WHERE status = 'finished' AND guild LIKE 'srv%' ORDER BY updated_at, id",
    )
    .fetch_all(&mut **tx)
    .await?;
    let mut seats: HashMap<i64, Vec<(String, String)>> = HashMap::new();
    for row in sqlx::query(
        "SELECT s.game, s.user_id, s.name FROM seats s JOIN games g ON g.id = s.game \
         WHERE g.status = 'finished' AND g.guild LIKE 'srv%' ORDER BY s.game, s.seat",
    )
    .fetch_all(&mut **tx)
    .await?
    {
        seats
            .entry(row.try_get("game")?)
            .or_default()
            .push((row.try_get("user_id")?, row.try_get("name")?));
    }
    let mut ratings: HashMap<(String, String, String), (String, Rating)> = HashMap::new();
    let mut history = Vec::new();
    for game in &games {
        let id: i64 = game.try_get("id")?;
        let guild: String = game.try_get("guild")?;
        let kind: String = game.try_get("kind")?;
        let at: i64 = game.try_get("updated_at")?;
        let result: Option<String> = game.try_get("result")?;
        let (Some(result), Ok(game_kind), Some(players)) =
            (result, kind.parse::<GameKind>(), seats.get(&id))
        else {
            continue;
        };
        let outcome: Outcome = serde_json::from_str(&result)?;
        let system = System::of(game_kind);
        let placed: Vec<(Rating, usize)> = places(outcome, players.len())
            .into_iter()
            .zip(players)
            .map(|(place, (user, _))| {
                let key = (guild.clone(), kind.clone(), user.clone());
                let before = ratings.get(&key).map_or(system.initial(), |(_, r)| *r);
                (before, place)
            })
            .collect();
        for ((user, name), after) in players.iter().zip(rate(system, &placed)) {
            let key = (guild.clone(), kind.clone(), user.clone());
            ratings.insert(key, (name.clone(), after));
            history.push(vec![
                Val::Text(guild.clone()),
                Val::Text(kind.clone()),
                Val::Text(user.clone()),
                Val::Int(id),
                Val::Int(at),
                Val::Real(after.rating),
                Val::Real(after.deviation),
            ]);
        }
    }
    let counts = (ratings.len(), history.len());
    let rows = ratings
        .into_iter()
        .map(|((guild, kind, user), (name, r))| {
            vec![
                Val::Text(guild),
                Val::Text(kind),
                Val::Text(user),
                Val::Text(name),
                Val::Real(r.rating),
                Val::Real(r.deviation),
                Val::Real(r.volatility),
                Val::Int(r.games),
                Val::Int(r.wins),
                Val::Int(r.losses),
                Val::Int(r.draws),
            ]
        })
        .collect();
    insert(
        tx,
        "ratings",
        &[
            "guild",
            "kind",
            "user_id",
            "name",
            "rating",
            "deviation",
            "volatility",
            "games",
            "wins",
            "losses",
            "draws",
        ],
        rows,
    )
    .await?;
    insert(
        tx,
        "rating_history",
        &[
            "guild",
            "kind",
            "user_id",
            "game",
            "at",
            "rating",
            "deviation",
        ],
        history,
    )
    .await?;
    Ok(counts)
}

/// Turns every server's pages on and gives every game and person their public id (as the
/// pages would on first listing them); one person in [`HIDDEN_EVERY`] has hidden.
async fn web_ids(tx: &mut Transaction<'_, Any>, servers: usize) -> anyhow::Result<()> {
    let now = chrono::Utc::now().timestamp();
    let rows = (0..servers)
        .map(|s| {
            vec![
                Val::Text(format!("srv{s}")),
                Val::Text(new_public_id()),
                Val::Text("public".into()),
                Val::Int(now),
            ]
        })
        .collect();
    insert(
        tx,
        "web_servers",
        &["guild", "public_id", "visibility", "updated_at"],
        rows,
    )
    .await?;
    let ids: Vec<i64> = sqlx::query_scalar("SELECT id FROM games WHERE guild LIKE 'srv%'")
        .fetch_all(&mut **tx)
        .await?;
    let rows = ids
        .into_iter()
        .map(|id| vec![Val::Int(id), Val::Text(new_public_id()), Val::Int(0)])
        .collect();
    insert(tx, "web_games", &["game", "public_id", "unlisted"], rows).await?;
    let people = sqlx::query(
        "SELECT DISTINCT g.guild, s.user_id FROM seats s JOIN games g ON g.id = s.game \
         WHERE g.guild LIKE 'srv%'",
    )
    .fetch_all(&mut **tx)
    .await?;
    let mut rows = Vec::with_capacity(people.len());
    for row in &people {
        let user: String = row.try_get("user_id")?;
        let number: usize = user
            .rsplit('u')
            .next()
            .and_then(|n| n.parse().ok())
            .unwrap_or(1);
        rows.push(vec![
            Val::Text(row.try_get("guild")?),
            Val::Text(user),
            Val::Text(new_public_id()),
            Val::Int(i64::from(number.is_multiple_of(HIDDEN_EVERY))),
        ]);
    }
    insert(
        tx,
        "web_players",
        &["guild", "user_id", "public_id", "hidden"],
        rows,
    )
    .await?;
    Ok(())
}

//! `--startup N`: fills a database with N stored games, then times what `tabula bot` does
//! before it connects to Discord (open the store and check its migrations, draw every
//! painter's static art, make the table), and then the first sweep the bot runs once
//! Discord says it is ready (due reminders, overdue games, stale tables, bot turns).
//!
//! The games are copies of real ones: one game of every kind and ruleset is played through
//! the table for [`TEMPLATE_TURNS`] turns, then each is copied with its seats and its whole
//! log by `INSERT … SELECT` in one transaction (the schema's own columns, nothing hand-made);
//! one copy in five stays under way, the others are marked finished.

use std::sync::Arc;
use std::time::Instant;

use rand::SeedableRng as _;
use rand::rngs::StdRng;
use sqlx::{AnyConnection, AssertSqlSafe, Connection as _};
use tabula::render::Renderer;
use tabula::store::{Backend, Store};
use tabula::table::Table;

use super::ms;
use super::players::{Players, Tally};

/// Turns each template game is played before it is copied.
const TEMPLATE_TURNS: usize = 40;

/// Fills the database at `url` with `games` games and times start-up on it.
pub async fn startup(url: &str, games: usize, seed: u64) -> anyhow::Result<()> {
    let started = Instant::now();
    let templates = play_templates(url, seed).await?;
    let copies = games
        .saturating_sub(templates.len())
        .div_ceil(templates.len().max(1));
    let backend = copy(url, &templates, copies).await?;
    let filled = started.elapsed();

    // For comparison: every painter drawn before going on (`Renderer::new`).
    let eager = Instant::now();
    drop(Renderer::new());
    let eager = eager.elapsed();

    // Now as the bot starts (src/main.rs `run`, then `discord::start` up to the gateway).
    let t0 = Instant::now();
    let store = Store::connect(url).await?;
    let connected = t0.elapsed();
    let renderer = Arc::new(Renderer::warming());
    let drawn = t0.elapsed();
    let table = Table::new(store.clone(), renderer);
    let ready = t0.elapsed();
    let stored: i64 = count(url).await?;
    println!(
        "start-up on {stored} stored games ({backend:?}, filled in {:.1} s): ready in {:.1} ms \
         (store open + migration check {:.1} ms, renderer {:.1} ms with its painters drawn in \
         the background, table {:.1} ms); drawing every painter first would add {:.1} ms",
        filled.as_secs_f64(),
        ms(ready),
        ms(connected),
        ms(drawn - connected),
        ms(ready - drawn),
        ms(eager),
    );
    // What the bot does right after Discord's READY: its first reminder and bot sweeps.
    let mut sweep = Vec::new();
    let at = Instant::now();
    let reminders = table.due_reminders(50).await.len();
    sweep.push(("due reminders (50 at most)", at.elapsed(), reminders));
    let at = Instant::now();
    let claimed = table.claim_overdue(50).await.len();
    sweep.push(("overdue games", at.elapsed(), claimed));
    let at = Instant::now();
    let expired = table.expire_lobbies(50).await.len();
    sweep.push(("stale tables", at.elapsed(), expired));
    let at = Instant::now();
    let bots = table.bot_games(200).await.len();
    sweep.push(("games with a bot to move", at.elapsed(), bots));
    let words: Vec<String> = sweep
        .iter()
        .map(|(what, took, n)| format!("{what}: {n} in {:.1} ms", ms(*took)))
        .collect();
    println!("first sweep after ready: {}", words.join("; "));
    store.close().await;
    Ok(())
}

/// Plays one game of every kind and ruleset for a while; returns the ids of every game
/// stored (those finished early were replaced, and are templates too).
pub async fn play_templates(url: &str, seed: u64) -> anyhow::Result<Vec<i64>> {
    let store = Store::connect(url).await?;
    let table = Table::new(store.clone(), Arc::new(Renderer::new()));
    let kinds = tabula::rules::GameKind::choices().len();
    let players = Players::new(table, store.clone(), kinds, 1, seed, false);
    let mut tally = Tally::default();
    let mut rng = StdRng::seed_from_u64(seed);
    for i in 0..kinds {
        players.start_game(i, &mut tally).await;
    }
    for _ in 0..TEMPLATE_TURNS {
        for i in 0..kinds {
            players.turn(i, &mut rng, &mut tally).await;
        }
    }
    let mut conn = AnyConnection::connect(url).await?;
    let ids: Vec<i64> = sqlx::query_scalar("SELECT id FROM games ORDER BY id")
        .fetch_all(&mut conn)
        .await?;
    let _ = conn.close().await;
    store.close().await;
    Ok(ids)
}

/// Copies every template `copies` times with its seats and log, in one transaction.
async fn copy(url: &str, templates: &[i64], copies: usize) -> anyhow::Result<Backend> {
    let mut conn = AnyConnection::connect(url).await?;
    let backend = match conn.backend_name() {
        "PostgreSQL" => Backend::Postgres,
        _ => Backend::Sqlite,
    };
    let mut tx = conn.begin().await?;
    for &template in templates {
        let before: i64 = sqlx::query_scalar("SELECT COALESCE(MAX(id), 0) FROM games")
            .fetch_one(&mut *tx)
            .await?;
        // Numbers only are written into the SQL (PostgreSQL types a bound count as int4).
        let games = format!(
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {copies}) \
             INSERT INTO games (guild, channel, kind, ruleset, status, seq, state, result, \
             created_by, max_seats, created_at, updated_at, next_reminder_at, deadline_at, \
             move_days, remind_after, claim_after) \
             SELECT 'fill' || (n.i % 1000), 'fill{template}-' || n.i, kind, ruleset, \
             CASE WHEN n.i % 5 = 0 THEN status ELSE 'finished' END, seq, state, result, \
             created_by, max_seats, created_at - n.i, updated_at - n.i, \
             CASE WHEN n.i % 5 = 0 THEN next_reminder_at ELSE NULL END, \
             CASE WHEN n.i % 5 = 0 THEN deadline_at ELSE NULL END, \
             move_days, remind_after, claim_after FROM n, games WHERE games.id = {template}"
        );
        sqlx::query(AssertSqlSafe(games)).execute(&mut *tx).await?;
        let after: i64 = sqlx::query_scalar("SELECT COALESCE(MAX(id), 0) FROM games")
            .fetch_one(&mut *tx)
            .await?;
        let seats = format!(
            "INSERT INTO seats (game, seat, user_id, name, joined, bot_level) \
             SELECT g.id, s.seat, s.user_id || '-' || g.id, s.name, s.joined, s.bot_level \
             FROM games g JOIN seats s ON s.game = {template} \
             WHERE g.id > {before} AND g.id <= {after}"
        );
        sqlx::query(AssertSqlSafe(seats)).execute(&mut *tx).await?;
        let moves = format!(
            "INSERT INTO moves (game, seq, user_id, action, notation, at) \
             SELECT g.id, m.seq, m.user_id, m.action, m.notation, m.at \
             FROM games g JOIN moves m ON m.game = {template} \
             WHERE g.id > {before} AND g.id <= {after}"
        );
        sqlx::query(AssertSqlSafe(moves)).execute(&mut *tx).await?;
    }
    tx.commit().await?;
    if backend == Backend::Postgres {
        // As autovacuum would have done on a database that grew over months.
        sqlx::query("ANALYZE").execute(&mut conn).await?;
    }
    let _ = conn.close().await;
    Ok(backend)
}

/// Counts the games stored.
async fn count(url: &str) -> anyhow::Result<i64> {
    let mut conn = AnyConnection::connect(url).await?;
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM games")
        .fetch_one(&mut conn)
        .await?;
    let _ = conn.close().await;
    Ok(n)
}

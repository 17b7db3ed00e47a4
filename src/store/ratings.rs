//! Ratings rows: rating a finished game inside its commit, and reading leaderboards.

use sqlx::any::{Any, AnyRow};
use sqlx::{Row, Transaction};

use super::error::check_text;
use super::{Backend, Store, StoreError};
use crate::rating::{Rating, System, rate};

/// A finished game to rate: its game kind, rating system and each player with their place
/// (1 is best; equal places tie).
#[derive(Clone, Debug)]
pub struct Rate {
    pub kind: String,
    pub system: System,
    /// (user id, display name, place), in seat order.
    pub players: Vec<(String, String, usize)>,
}

/// One player's rating before and after a game.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingChange {
    pub user_id: String,
    pub before: Rating,
    pub after: Rating,
}

/// A player's line on a leaderboard.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// 1 for the best rating among established players; provisional players follow them.
    pub rank: usize,
    pub kind: String,
    pub user_id: String,
    pub name: String,
    pub rating: Rating,
}

/// A leaderboard line as the web view shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardEntry {
    pub standing: Standing,
    /// The player's public id on the server; none until a page first lists them.
    pub public_id: Option<String>,
    /// True after `/web hide-me`.
    pub hidden: bool,
    /// When their newest rated game of the kind finished (unix seconds); none for ratings
    /// older than the rating history.
    pub last_played: Option<i64>,
}

/// The `ratings` columns [`standing`] reads; used inside `concat!`.
macro_rules! columns {
    () => {
        "kind, user_id, name, rating, deviation, volatility, games, wins, losses, draws"
    };
}

/// Which `ratings r` rows a leaderboard page lists and in what order, for `$1` the server,
/// `$2` the game, `$3` the games that make a player established, `$4` the limit and `$5` the
/// offset (bound by [`bind_board`]); used inside `concat!`, so the Discord and web
/// leaderboards cannot order players differently.
macro_rules! board {
    () => {
        " WHERE r.guild = $1 AND r.kind = $2 AND r.games > 0 AND r.user_id NOT LIKE 'bot:%' \
         ORDER BY CASE WHEN r.games >= $3 THEN 0 ELSE 1 END, r.rating DESC, r.user_id \
         LIMIT $4 OFFSET $5"
    };
}

/// Binds a leaderboard page's values to a query ending in [`board!`].
fn bind_board<'q>(
    query: sqlx::query::Query<'q, Any, sqlx::any::AnyArguments>,
    (guild, kind, established): (&'q str, &'q str, i64),
    offset: usize,
    limit: usize,
) -> sqlx::query::Query<'q, Any, sqlx::any::AnyArguments> {
    query
        .bind(guild)
        .bind(kind)
        .bind(established)
        .bind(i64::try_from(limit).unwrap_or(i64::MAX))
        .bind(i64::try_from(offset).unwrap_or(i64::MAX))
}

/// Rates game `id`, finished at `at`, inside the transaction that records its result, and
/// adds each player's new rating to their history. Rows are locked in user-id order, so two
/// games finishing at once never deadlock; on SQLite the game's UPDATE already holds the
/// database's write lock.
pub(super) async fn rate_in(
    store: &Store,
    tx: &mut Transaction<'static, Any>,
    guild: &str,
    (id, at): (i64, i64),
    game: &Rate,
) -> Result<Vec<RatingChange>, StoreError> {
    check_text("game kind", &game.kind)?;
    let mut distinct: Vec<&str> = game.players.iter().map(|(u, _, _)| u.as_str()).collect();
    distinct.sort_unstable();
    distinct.dedup();
    // A game against oneself (or alone) never rates.
    if distinct.len() < 2 || distinct.len() != game.players.len() {
        return Ok(Vec::new());
    }
    let before = ratings_before(store, tx, guild, game).await?;
    let placed: Vec<(Rating, usize)> = before
        .iter()
        .zip(&game.players)
        .map(|(r, (_, _, place))| (*r, *place))
        .collect();
    let after = rate(game.system, &placed);
    let mut changes = Vec::with_capacity(after.len());
    for ((user, name, _), (before, after)) in game.players.iter().zip(before.into_iter().zip(after))
    {
        store_rating(
            store,
            tx,
            guild,
            &game.kind,
            (user.as_str(), name.as_str()),
            &after,
        )
        .await?;
        changes.push(RatingChange {
            user_id: user.clone(),
            before,
            after,
        });
    }
    record_history(store, tx, guild, (id, at), &game.kind, &changes).await?;
    Ok(changes)
}

/// Reads each player's rating in `game` (a new player's row is made with the system's
/// initial rating first), locking the rows in user-id order.
async fn ratings_before(
    store: &Store,
    tx: &mut Transaction<'static, Any>,
    guild: &str,
    game: &Rate,
) -> Result<Vec<Rating>, StoreError> {
    let initial = game.system.initial();
    let select = match store.backend {
        Backend::Postgres => concat!(
            "SELECT ",
            columns!(),
            " FROM ratings WHERE guild = $1 AND kind = $2 AND user_id = $3 FOR UPDATE"
        ),
        Backend::Sqlite => concat!(
            "SELECT ",
            columns!(),
            " FROM ratings WHERE guild = $1 AND kind = $2 AND user_id = $3"
        ),
    };
    let mut order: Vec<usize> = (0..game.players.len()).collect();
    order.sort_by(|a, b| game.players[*a].0.cmp(&game.players[*b].0));
    let mut before: Vec<Option<Rating>> = vec![None; game.players.len()];
    for i in order {
        let (user, name, _) = &game.players[i];
        check_text("user id", user)?;
        check_text("player name", name)?;
        sqlx::query(
            "INSERT INTO ratings (guild, kind, user_id, name, rating, deviation, volatility, \
             games, wins, losses, draws) VALUES ($1, $2, $3, $4, $5, $6, $7, 0, 0, 0, 0) \
             ON CONFLICT (guild, kind, user_id) DO NOTHING",
        )
        .bind(guild)
        .bind(game.kind.as_str())
        .bind(user.as_str())
        .bind(name.as_str())
        .bind(initial.rating)
        .bind(initial.deviation)
        .bind(initial.volatility)
        .execute(store.on(&mut **tx))
        .await?;
        let row = sqlx::query(select)
            .bind(guild)
            .bind(game.kind.as_str())
            .bind(user.as_str())
            .fetch_one(store.on(&mut **tx))
            .await?;
        before[i] = Some(rating(&row)?);
    }
    Ok(before.into_iter().map(|r| r.unwrap_or(initial)).collect())
}

/// Stores a player's rating after a game, with the name they play under now.
async fn store_rating(
    store: &Store,
    tx: &mut Transaction<'static, Any>,
    guild: &str,
    kind: &str,
    (user, name): (&str, &str),
    after: &Rating,
) -> Result<(), StoreError> {
    sqlx::query(
        "UPDATE ratings SET name = $4, rating = $5, deviation = $6, volatility = $7, \
         games = $8, wins = $9, losses = $10, draws = $11 \
         WHERE guild = $1 AND kind = $2 AND user_id = $3",
    )
    .bind(guild)
    .bind(kind)
    .bind(user)
    .bind(name)
    .bind(after.rating)
    .bind(after.deviation)
    .bind(after.volatility)
    .bind(after.games)
    .bind(after.wins)
    .bind(after.losses)
    .bind(after.draws)
    .execute(store.on(&mut **tx))
    .await?;
    Ok(())
}

/// Adds each player's rating after game `id` to their history, in one statement.
async fn record_history(
    store: &Store,
    tx: &mut Transaction<'static, Any>,
    guild: &str,
    (id, at): (i64, i64),
    kind: &str,
    changes: &[RatingChange],
) -> Result<(), StoreError> {
    if changes.is_empty() {
        return Ok(());
    }
    let rows: Vec<String> = (0..changes.len())
        .map(|i| {
            let n = 5 + 3 * i;
            format!("($1, $2, ${}, $3, $4, ${}, ${})", n, n + 1, n + 2)
        })
        .collect();
    let sql = format!(
        "INSERT INTO rating_history (guild, kind, user_id, game, at, rating, deviation) \
         VALUES {} ON CONFLICT (guild, user_id, kind, game) DO NOTHING",
        rows.join(", ")
    );
    // Only placeholders are formatted into the statement; every value is bound.
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(guild)
        .bind(kind)
        .bind(id)
        .bind(at);
    for change in changes {
        query = query
            .bind(change.user_id.as_str())
            .bind(change.after.rating)
            .bind(change.after.deviation);
    }
    query.execute(store.on(&mut **tx)).await?;
    Ok(())
}

/// One point of a player's rating history: their rating after a rated game.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingPoint {
    pub kind: String,
    pub game: i64,
    /// When the game finished (unix seconds).
    pub at: i64,
    pub rating: f64,
    pub deviation: f64,
}

impl Store {
    /// Returns a player's rating history on a server: for each game kind (in name order), the
    /// ratings after their last `per_kind` rated games, oldest first.
    ///
    /// # Errors
    /// [`StoreError::Database`] when the query fails or a row does not decode.
    pub async fn rating_history(
        &self,
        guild: &str,
        user: &str,
        per_kind: usize,
    ) -> Result<Vec<RatingPoint>, StoreError> {
        let rows = sqlx::query(
            "SELECT kind, game, at, rating, deviation FROM rating_history h \
             WHERE guild = $1 AND user_id = $2 AND (SELECT COUNT(*) FROM rating_history n \
             WHERE n.guild = h.guild AND n.user_id = h.user_id AND n.kind = h.kind \
             AND n.game > h.game) < $3 ORDER BY kind, game",
        )
        .bind(guild)
        .bind(user)
        .bind(i64::try_from(per_kind).unwrap_or(i64::MAX))
        .fetch_all(self.db())
        .await?;
        rows.iter()
            .map(|row| {
                Ok(RatingPoint {
                    kind: row.try_get("kind")?,
                    game: row.try_get("game")?,
                    at: row.try_get("at")?,
                    rating: row.try_get("rating")?,
                    deviation: row.try_get("deviation")?,
                })
            })
            .collect()
    }

    /// Returns a page of a game's leaderboard on a server: established players by rating,
    /// then provisional ones (fewer than `established` games), each with its rank.
    ///
    /// # Errors
    /// [`StoreError::Database`] when the query fails or a row does not decode.
    pub async fn leaderboard(
        &self,
        guild: &str,
        kind: &str,
        established: i64,
        offset: usize,
        limit: usize,
    ) -> Result<Vec<Standing>, StoreError> {
        let query = sqlx::query(concat!("SELECT ", columns!(), " FROM ratings r", board!()));
        let rows = bind_board(query, (guild, kind, established), offset, limit)
            .fetch_all(self.db())
            .await?;
        rows.iter()
            .enumerate()
            .map(|(i, row)| standing(row, offset + i + 1))
            .collect()
    }

    /// Returns every game's standing of one player on a server, with their rank in each, in
    /// one query.
    ///
    /// # Errors
    /// [`StoreError::Database`] when a query fails or a row does not decode.
    pub async fn standings_of(
        &self,
        guild: &str,
        user: &str,
        established: i64,
    ) -> Result<Vec<Standing>, StoreError> {
        // Ahead of them: established players rated higher, or (for a provisional player)
        // every established player and provisional ones rated higher.
        let rows = sqlx::query(concat!(
            "SELECT ",
            columns!(),
            ", (SELECT COUNT(*) FROM ratings o WHERE o.guild = r.guild AND o.kind = r.kind \
             AND o.games > 0 AND o.user_id NOT LIKE 'bot:%' \
             AND ((o.games >= $3 AND (r.games < $3 OR o.rating > r.rating)) \
             OR (o.games < $3 AND r.games < $3 AND o.rating > r.rating))) AS ahead \
             FROM ratings r WHERE r.guild = $1 AND r.user_id = $2 AND r.games > 0 \
             ORDER BY r.games DESC, r.kind"
        ))
        .bind(guild)
        .bind(user)
        .bind(established)
        .fetch_all(self.db())
        .await?;
        rows.iter()
            .map(|row| {
                let ahead: i64 = row.try_get("ahead")?;
                standing(row, usize::try_from(ahead).unwrap_or(0) + 1)
            })
            .collect()
    }

    /// Returns a page of a game's leaderboard as the web shows it, in one query: each line's
    /// standing (ordered as [`leaderboard`](Self::leaderboard) orders them), the player's web
    /// identity on the server if they have one yet, and when their last rated game of that
    /// kind finished.
    ///
    /// # Errors
    /// [`StoreError::Database`] when the query fails or a row does not decode.
    pub async fn web_board(
        &self,
        guild: &str,
        kind: &str,
        established: i64,
        offset: usize,
        limit: usize,
    ) -> Result<Vec<BoardEntry>, StoreError> {
        let query = sqlx::query(concat!(
            "SELECT r.kind, r.user_id, r.name, r.rating, r.deviation, r.volatility, r.games, \
             r.wins, r.losses, r.draws, p.public_id, p.hidden, \
             (SELECT MAX(h.at) FROM rating_history h WHERE h.guild = r.guild \
             AND h.kind = r.kind AND h.user_id = r.user_id) AS last_played \
             FROM ratings r LEFT JOIN web_players p ON p.guild = r.guild AND p.user_id = r.user_id",
            board!()
        ));
        let rows = bind_board(query, (guild, kind, established), offset, limit)
            .fetch_all(self.db())
            .await?;
        rows.iter()
            .enumerate()
            .map(|(i, row)| {
                let hidden: Option<i64> = row.try_get("hidden")?;
                Ok(BoardEntry {
                    standing: standing(row, offset + i + 1)?,
                    public_id: row.try_get("public_id")?,
                    hidden: hidden.unwrap_or(0) != 0,
                    last_played: row.try_get("last_played")?,
                })
            })
            .collect()
    }
}

fn rating(row: &AnyRow) -> Result<Rating, StoreError> {
    Ok(Rating {
        rating: row.try_get("rating")?,
        deviation: row.try_get("deviation")?,
        volatility: row.try_get("volatility")?,
        games: row.try_get("games")?,
        wins: row.try_get("wins")?,
        losses: row.try_get("losses")?,
        draws: row.try_get("draws")?,
    })
}

fn standing(row: &AnyRow, rank: usize) -> Result<Standing, StoreError> {
    Ok(Standing {
        rank,
        kind: row.try_get("kind")?,
        user_id: row.try_get("user_id")?,
        name: row.try_get("name")?,
        rating: rating(row)?,
    })
}

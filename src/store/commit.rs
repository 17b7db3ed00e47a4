//! Committing a step of a game under optimistic concurrency: the guarded update of the game
//! row with the new turn's clock, its log row, and at a rated game's end the ratings, all or
//! nothing. A plain turn is one round trip: one statement on PostgreSQL, one batch inside one
//! transaction on SQLite.

use sqlx::Any;
use sqlx::any::AnyRow;
use sqlx::pool::PoolConnection;

use super::error::{check_text, is_unique_violation};
use super::games::{busy_if_unique, check_seats, insert_seats};
use super::model::{Change, GameRow, NewLog, Status};
use super::ratings::{self, Rate, RatingChange};
use super::rows::{self, game_columns};
use super::{Backend, Store, StoreError};

/// The seconds the new turn's clock waits because the person to move (`$7`) is on vacation
/// at `$6` (now): until the vacation ends, or 0.
macro_rules! pause {
    () => {
        "COALESCE((SELECT p.vacation_until - $6 FROM player_settings p \
         WHERE p.guild = games.guild AND p.user_id = $7 AND p.vacation_until > $6), 0)"
    };
}

/// The guarded update of a game's row ($1 id, $2 expected seq, $3 status, $4 state, $5 result,
/// $6 now, $7 the person to move next): the seq moves on, the deadline and reminder restart
/// (waiting out the next person's vacation), and the row comes back with that person's
/// vacation end as `away_until`.
macro_rules! turn_update {
    () => {
        concat!(
            "UPDATE games SET seq = seq + 1, status = $3, state = $4, result = $5, \
             updated_at = $6, deadline_at = CASE WHEN $3 = 'active' AND move_days IS NOT NULL \
             THEN $6 + move_days * 86400 + ",
            pause!(),
            " ELSE NULL END, \
             next_reminder_at = CASE WHEN $3 <> 'active' THEN NULL \
             WHEN move_days IS NOT NULL AND (remind_after <= 0 OR move_days * 64800 < remind_after) \
             THEN $6 + move_days * 64800 + ",
            pause!(),
            " WHEN remind_after <= 0 THEN NULL \
             ELSE $6 + remind_after + ",
            pause!(),
            " END WHERE id = $1 AND seq = $2 RETURNING ",
            game_columns!(),
            ", (SELECT vacation_until FROM player_settings \
             WHERE player_settings.guild = games.guild AND player_settings.user_id = $7) \
             AS away_until"
        )
    };
}

/// The log row of a turn ($8 user, $9 action, $10 notation, $6 now) at the game's new seq,
/// selected from the updated row named after `FROM`.
macro_rules! log_insert {
    () => {
        "INSERT INTO moves (game, seq, user_id, action, notation, at) \
         SELECT id, seq, $8, $9, $10, $6 FROM "
    };
}

/// A plain turn on PostgreSQL in one statement: the log row is inserted only when the
/// guarded update matched, and the statement is atomic by itself.
const TURN_POSTGRES: &str = concat!(
    "WITH turned AS (",
    turn_update!(),
    "), logged AS (",
    log_insert!(),
    "turned) SELECT * FROM turned"
);

/// A plain turn on SQLite in one batch: the log row is inserted only when the guarded update
/// changed the row (`changes()`), inside one transaction that takes the write lock first.
const TURN_SQLITE: &str = concat!(
    "BEGIN IMMEDIATE; ",
    turn_update!(),
    "; ",
    log_insert!(),
    "games WHERE id = $1 AND changes() = 1; COMMIT"
);

/// A change as committed: the game as stored, the rating changes it made (at a rated game's
/// end), and when the person now to move comes back from vacation, while they are away.
#[derive(Clone, Debug)]
pub struct Committed {
    pub game: GameRow,
    pub ratings: Vec<RatingChange>,
    pub away_until: Option<i64>,
}

impl Store {
    /// Applies a change atomically if the game's seq still equals `expected_seq`.
    ///
    /// The seq becomes `expected_seq + 1`; status, state, result and `updated_at` are set;
    /// the seats are replaced when `Some`; the log row, when `Some`, is appended at the new
    /// seq. Returns the updated game.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when the seq moved on (nothing is changed);
    /// [`StoreError::NotFound`] when there is no such game; [`StoreError::ChannelBusy`] when
    /// reopening a game whose channel has another open game; [`StoreError::NulInText`] when
    /// a text field contains NUL.
    pub async fn commit(&self, change: Change) -> Result<GameRow, StoreError> {
        Ok(self.commit_rated(change, None).await?.0)
    }

    /// Applies a change as [`commit`](Self::commit) does and, in the same transaction, rates
    /// the finished game: every player's rating and record in the game's server change, or
    /// nothing does. Returns the updated game and each player's rating before and after.
    ///
    /// # Errors
    /// As [`commit`](Self::commit).
    pub async fn commit_rated(
        &self,
        change: Change,
        rate: Option<&Rate>,
    ) -> Result<(GameRow, Vec<RatingChange>), StoreError> {
        let done = self.commit_turn(change, rate, None).await?;
        Ok((done.game, done.ratings))
    }

    /// Applies a change as [`commit_rated`](Self::commit_rated) does, where `to_move` is the
    /// person whose turn it now is: while they are on vacation, the new turn's deadline and
    /// reminder wait, in the same step, until the vacation ends (and the answer says until
    /// when). A turn with a log row, no new seats and no rating is one round trip.
    ///
    /// # Errors
    /// As [`commit`](Self::commit).
    pub async fn commit_turn(
        &self,
        change: Change,
        rate: Option<&Rate>,
        to_move: Option<&str>,
    ) -> Result<Committed, StoreError> {
        check_change(&change)?;
        let now = self.now();
        let _turn = self.write_turn().await;
        let (row, ratings) = match (&change.seats, rate, &change.log) {
            (None, None, Some(log)) => (
                self.commit_plain(&change, log, now, to_move).await?,
                Vec::new(),
            ),
            _ => {
                self.commit_in_transaction(&change, rate, now, to_move)
                    .await?
            }
        };
        let Some(row) = row else {
            return Err(self.conflict_or_missing(change.game).await);
        };
        let game = rows::game_row(&row)?;
        let away_until: Option<i64> = sqlx::Row::try_get(&row, "away_until")?;
        let away_until = away_until
            .filter(|u| *u > now)
            .filter(|_| to_move.is_some() && game.status == Status::Active);
        Ok(Committed {
            game,
            ratings,
            away_until,
        })
    }

    /// Commits a turn that only moves the game on and logs it, in one round trip; returns the
    /// updated row, or `None` when the guarded update matched nothing.
    async fn commit_plain(
        &self,
        change: &Change,
        log: &NewLog,
        now: i64,
        to_move: Option<&str>,
    ) -> Result<Option<AnyRow>, StoreError> {
        let sql = match self.backend {
            Backend::Postgres => TURN_POSTGRES,
            Backend::Sqlite => TURN_SQLITE,
        };
        let query = sqlx::query(sql)
            .bind(change.game)
            .bind(change.expected_seq)
            .bind(change.status.as_str())
            .bind(change.state.as_str())
            .bind(change.result.as_deref())
            .bind(now)
            .bind(to_move)
            .bind(log.user_id.as_str())
            .bind(log.action.as_str())
            .bind(log.notation.as_str());
        let rows = match self.backend {
            Backend::Postgres => query.fetch_all(self.db()).await,
            Backend::Sqlite => {
                // A batch stopped part-way (an error, or the task dropped) may leave its
                // transaction open on the connection: such a connection is closed, never
                // reused, and SQLite rolls the transaction back.
                let mut batch = Batch {
                    conn: self.writer.acquire().await?,
                    finished: false,
                };
                let rows = query.fetch_all(self.on(&mut *batch.conn)).await;
                batch.finished = rows.is_ok();
                rows
            }
        }
        .map_err(conflict_if_unique)?;
        Ok(rows.into_iter().next())
    }

    /// Commits a change that replaces the seats or rates the game, in a transaction; returns
    /// the updated row (`None` when the guarded update matched nothing) and the ratings.
    async fn commit_in_transaction(
        &self,
        change: &Change,
        rate: Option<&Rate>,
        now: i64,
        to_move: Option<&str>,
    ) -> Result<(Option<AnyRow>, Vec<RatingChange>), StoreError> {
        let mut tx = self.begin().await?;
        // The guarded UPDATE goes first: on SQLite it takes the write lock before any read,
        // so a concurrent writer makes us wait (busy_timeout) instead of failing with
        // SQLITE_BUSY_SNAPSHOT; on PostgreSQL it locks the row, and the loser re-checks `seq`.
        let row = sqlx::query(turn_update!())
            .bind(change.game)
            .bind(change.expected_seq)
            .bind(change.status.as_str())
            .bind(change.state.as_str())
            .bind(change.result.as_deref())
            .bind(now)
            .bind(to_move)
            .fetch_optional(self.on(&mut *tx))
            .await
            .map_err(busy_if_unique)?;
        let Some(row) = row else {
            self.undo(tx).await?;
            return Ok((None, Vec::new()));
        };
        let game = rows::game_row(&row)?;
        if let Some(seats) = &change.seats {
            sqlx::query("DELETE FROM seats WHERE game = $1")
                .bind(game.id)
                .execute(self.on(&mut *tx))
                .await?;
            insert_seats(self, &mut tx, game.id, seats).await?;
        }
        if let Some(log) = &change.log {
            sqlx::query(
                "INSERT INTO moves (game, seq, user_id, action, notation, at) \
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(game.id)
            .bind(game.seq)
            .bind(log.user_id.as_str())
            .bind(log.action.as_str())
            .bind(log.notation.as_str())
            .bind(now)
            .execute(self.on(&mut *tx))
            .await
            .map_err(conflict_if_unique)?;
        }
        let changes = match rate {
            Some(rate) => {
                ratings::rate_in(self, &mut tx, &game.guild, (game.id, now), rate).await?
            }
            None => Vec::new(),
        };
        self.finish(tx).await?;
        Ok((Some(row), changes))
    }

    /// Tells a stale seq ([`StoreError::Conflict`]) from a missing game after a guarded
    /// UPDATE matched nothing.
    async fn conflict_or_missing(&self, game: i64) -> StoreError {
        let exists = sqlx::query("SELECT id FROM games WHERE id = $1")
            .bind(game)
            .fetch_optional(self.db())
            .await;
        match exists {
            Ok(Some(_)) => StoreError::Conflict,
            Ok(None) => StoreError::NotFound,
            Err(err) => StoreError::Database(err),
        }
    }
}

/// A pooled connection running one batch: unless the batch finished, the connection is
/// closed when dropped instead of going back to the pool.
struct Batch {
    conn: PoolConnection<Any>,
    finished: bool,
}

impl Drop for Batch {
    fn drop(&mut self) {
        if !self.finished {
            self.conn.close_on_drop();
        }
    }
}

/// Rejects a change whose text contains NUL.
fn check_change(change: &Change) -> Result<(), StoreError> {
    check_text("game state", &change.state)?;
    if let Some(result) = &change.result {
        check_text("game result", result)?;
    }
    if let Some(seats) = &change.seats {
        check_seats(seats)?;
    }
    if let Some(log) = &change.log {
        check_text("user id", &log.user_id)?;
        check_text("action", &log.action)?;
        check_text("move notation", &log.notation)?;
    }
    Ok(())
}

/// Maps a unique violation of the log's (game, seq) key to [`StoreError::Conflict`]: another
/// step took that seq first. In a plain turn the game row keeps its channel open (active to
/// active or finished), so the one-open-game index cannot fire there.
fn conflict_if_unique(err: sqlx::Error) -> StoreError {
    if is_unique_violation(&err) {
        StoreError::Conflict
    } else {
        StoreError::Database(err)
    }
}

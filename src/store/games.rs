//! Creating, reading and changing games under optimistic concurrency.

use std::time::{SystemTime, UNIX_EPOCH};

use sqlx::any::{Any, AnyRow};
use sqlx::{AnyConnection, Transaction};

use super::error::{check_text, is_unique_violation};
use super::model::{GameRow, LoggedAction, NewGame, SeatRow};
use super::rows::{self, game_columns};
use super::{Store, StoreError};

impl Store {
    /// Inserts a game and its seats in one transaction and returns them as stored.
    ///
    /// # Errors
    /// [`StoreError::ChannelBusy`] when `new.status` is open and the channel already has an
    /// open game; [`StoreError::NulInText`] when a text field contains NUL;
    /// [`StoreError::Database`] otherwise (including two seats with the same number or user).
    pub async fn create_game(&self, new: NewGame) -> Result<(GameRow, Vec<SeatRow>), StoreError> {
        for (field, value) in [
            ("guild", &new.guild),
            ("channel", &new.channel),
            ("game kind", &new.kind),
            ("ruleset", &new.ruleset),
            ("game state", &new.state),
            ("creator", &new.created_by),
        ] {
            check_text(field, value)?;
        }
        check_seats(&new.seats)?;

        // The grace period before a passed deadline is claimed by itself is fixed at opening,
        // like the reminder delay, from the server's settings of the day.
        let claim_after = self.settings(&new.guild).await?.claim_after();
        let now = self.now();
        let _turn = self.write_turn().await;
        let mut tx = self.begin().await?;
        let row = sqlx::query(concat!(
            "INSERT INTO games (guild, channel, kind, ruleset, status, seq, state, result, \
             created_by, max_seats, created_at, updated_at, move_days, remind_after, claim_after) \
             VALUES ($1, $2, $3, $4, $5, 0, $6, NULL, $7, $8, $9, $9, $10, $11, $12) RETURNING ",
            game_columns!()
        ))
        .bind(new.guild.as_str())
        .bind(new.channel.as_str())
        .bind(new.kind.as_str())
        .bind(new.ruleset.as_str())
        .bind(new.status.as_str())
        .bind(new.state.as_str())
        .bind(new.created_by.as_str())
        .bind(new.max_seats)
        .bind(now)
        .bind(new.move_days)
        .bind(new.remind_after)
        .bind(claim_after)
        .fetch_one(self.on(&mut *tx))
        .await
        .map_err(busy_if_unique)?;
        let game = rows::game_row(&row)?;
        insert_seats(self, &mut tx, game.id, &new.seats).await?;
        let seats = select_seats(self, &mut tx, game.id).await?;
        self.finish(tx).await?;
        Ok((game, seats))
    }

    /// Returns the lobby or active game of a channel, if there is one.
    ///
    /// Names containing NUL cannot be stored, so they simply have no game.
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] for a damaged row, [`StoreError::Database`] otherwise.
    pub async fn open_game(
        &self,
        guild: &str,
        channel: &str,
    ) -> Result<Option<GameRow>, StoreError> {
        if guild.contains('\0') || channel.contains('\0') {
            return Ok(None);
        }
        let row = sqlx::query(concat!(
            "SELECT ",
            game_columns!(),
            " FROM games WHERE guild = $1 AND channel = $2 AND status IN ('lobby', 'active')"
        ))
        .bind(guild)
        .bind(channel)
        .fetch_optional(self.db())
        .await?;
        row.as_ref().map(rows::game_row).transpose()
    }

    /// Returns the lobby or active game of a channel with its seats ordered by seat number,
    /// read together in one round trip.
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] for a damaged row, [`StoreError::Database`] otherwise.
    pub async fn open_game_with_seats(
        &self,
        guild: &str,
        channel: &str,
    ) -> Result<Option<(GameRow, Vec<SeatRow>)>, StoreError> {
        if guild.contains('\0') || channel.contains('\0') {
            return Ok(None);
        }
        let rows = sqlx::query(concat!(
            "SELECT ",
            game_columns!(),
            ", s.seat AS seat, s.user_id AS user_id, s.name AS name, s.joined AS joined \
             FROM games LEFT JOIN seats s ON s.game = games.id \
             WHERE games.guild = $1 AND games.channel = $2 \
             AND games.status IN ('lobby', 'active') ORDER BY s.seat"
        ))
        .bind(guild)
        .bind(channel)
        .fetch_all(self.db())
        .await?;
        with_seats(&rows)
    }

    /// Returns the game with this id and its seats ordered by seat number, read together in
    /// one round trip.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] when there is none, [`StoreError::Corrupt`] for a damaged row.
    pub async fn game_with_seats(&self, id: i64) -> Result<(GameRow, Vec<SeatRow>), StoreError> {
        let rows = sqlx::query(concat!(
            "SELECT ",
            game_columns!(),
            ", s.seat AS seat, s.user_id AS user_id, s.name AS name, s.joined AS joined \
             FROM games LEFT JOIN seats s ON s.game = games.id WHERE games.id = $1 ORDER BY s.seat"
        ))
        .bind(id)
        .fetch_all(self.db())
        .await?;
        with_seats(&rows)?.ok_or(StoreError::NotFound)
    }

    /// Returns the channel's most recent game of any status (the highest id), if it has one.
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] for a damaged row, [`StoreError::Database`] otherwise.
    pub async fn latest_game(
        &self,
        guild: &str,
        channel: &str,
    ) -> Result<Option<GameRow>, StoreError> {
        if guild.contains('\0') || channel.contains('\0') {
            return Ok(None);
        }
        let row = sqlx::query(concat!(
            "SELECT ",
            game_columns!(),
            " FROM games WHERE guild = $1 AND channel = $2 ORDER BY id DESC LIMIT 1"
        ))
        .bind(guild)
        .bind(channel)
        .fetch_optional(self.db())
        .await?;
        row.as_ref().map(rows::game_row).transpose()
    }

    /// Returns a player's most recently finished games on a server, newest first.
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] for a damaged row, [`StoreError::Database`] otherwise.
    pub async fn finished_games_of(
        &self,
        guild: &str,
        user: &str,
        limit: usize,
    ) -> Result<Vec<(GameRow, i64)>, StoreError> {
        let rows = sqlx::query(concat!(
            "SELECT ",
            game_columns!(),
            ", s.seat AS my_seat FROM games JOIN seats s ON s.game = games.id \
             WHERE games.guild = $1 AND s.user_id = $2 AND games.status = 'finished' \
             ORDER BY games.updated_at DESC, games.id DESC LIMIT $3"
        ))
        .bind(guild)
        .bind(user)
        .bind(i64::try_from(limit).unwrap_or(i64::MAX))
        .fetch_all(self.db())
        .await?;
        rows.iter()
            .map(|row| Ok((rows::game_row(row)?, sqlx::Row::try_get(row, "my_seat")?)))
            .collect()
    }

    /// Returns the lobby and active games a user has a seat at on a server, most recently
    /// changed first, at most `limit`.
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] for a damaged row, [`StoreError::Database`] otherwise.
    pub async fn open_games_of(
        &self,
        guild: &str,
        user: &str,
        limit: usize,
    ) -> Result<Vec<GameRow>, StoreError> {
        let rows = sqlx::query(concat!(
            "SELECT ",
            game_columns!(),
            " FROM games JOIN seats s ON s.game = games.id \
             WHERE games.guild = $1 AND s.user_id = $2 AND games.status IN ('lobby', 'active') \
             ORDER BY games.updated_at DESC, games.id DESC LIMIT $3"
        ))
        .bind(guild)
        .bind(user)
        .bind(i64::try_from(limit).unwrap_or(i64::MAX))
        .fetch_all(self.db())
        .await?;
        rows.iter().map(rows::game_row).collect()
    }

    /// Returns the game with this id.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] when there is none, [`StoreError::Corrupt`] for a damaged row.
    pub async fn game(&self, id: i64) -> Result<GameRow, StoreError> {
        let row = sqlx::query(concat!(
            "SELECT ",
            game_columns!(),
            " FROM games WHERE id = $1"
        ))
        .bind(id)
        .fetch_optional(self.db())
        .await?
        .ok_or(StoreError::NotFound)?;
        rows::game_row(&row)
    }

    /// Returns the seats of a game ordered by seat number (empty for an unknown game).
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] for a damaged row, [`StoreError::Database`] otherwise.
    pub async fn seats(&self, game: i64) -> Result<Vec<SeatRow>, StoreError> {
        let mut conn = self.pool.acquire().await?;
        select_seats(self, &mut conn, game).await
    }

    /// Returns a game's action log ordered by seq (empty for an unknown game).
    ///
    /// # Errors
    /// [`StoreError::Database`] when the query fails.
    pub async fn log(&self, game: i64) -> Result<Vec<LoggedAction>, StoreError> {
        sqlx::query(
            "SELECT seq, user_id, action, notation, at FROM moves WHERE game = $1 ORDER BY seq",
        )
        .bind(game)
        .fetch_all(self.db())
        .await?
        .iter()
        .map(rows::logged_action)
        .collect()
    }
}

/// Decodes the rows of a game joined with its seats (none when there is no game; a game
/// without seats has one row whose seat columns are NULL).
fn with_seats(rows: &[AnyRow]) -> Result<Option<(GameRow, Vec<SeatRow>)>, StoreError> {
    let Some(first) = rows.first() else {
        return Ok(None);
    };
    let game = rows::game_row(first)?;
    let mut seats = Vec::with_capacity(rows.len());
    for row in rows {
        if sqlx::Row::try_get::<Option<i64>, _>(row, "seat")?.is_some() {
            seats.push(rows::seat(row)?);
        }
    }
    Ok(Some((game, seats)))
}

/// Rejects seats whose text contains NUL.
pub(super) fn check_seats(seats: &[SeatRow]) -> Result<(), StoreError> {
    for seat in seats {
        check_text("seat's user id", &seat.user_id)?;
        check_text("seat's player name", &seat.name)?;
    }
    Ok(())
}

/// Inserts `seats` for `game` inside the transaction.
pub(super) async fn insert_seats(
    store: &Store,
    tx: &mut Transaction<'static, Any>,
    game: i64,
    seats: &[SeatRow],
) -> Result<(), StoreError> {
    for seat in seats {
        sqlx::query(
            "INSERT INTO seats (game, seat, user_id, name, joined, bot_level) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(game)
        .bind(seat.seat)
        .bind(seat.user_id.as_str())
        .bind(seat.name.as_str())
        .bind(i64::from(seat.joined))
        .bind(seat.bot_level().map(|l| l as i64))
        .execute(store.on(&mut **tx))
        .await?;
    }
    Ok(())
}

/// Reads the seats of `game` ordered by seat number.
async fn select_seats(
    store: &Store,
    conn: &mut AnyConnection,
    game: i64,
) -> Result<Vec<SeatRow>, StoreError> {
    sqlx::query("SELECT seat, user_id, name, joined FROM seats WHERE game = $1 ORDER BY seat")
        .bind(game)
        .fetch_all(store.on(conn))
        .await?
        .iter()
        .map(rows::seat)
        .collect()
}

/// Maps a unique violation on the `games` table (only the one-open-game-per-channel index
/// can fire there) to [`StoreError::ChannelBusy`].
pub(super) fn busy_if_unique(err: sqlx::Error) -> StoreError {
    if is_unique_violation(&err) {
        StoreError::ChannelBusy
    } else {
        StoreError::Database(err)
    }
}

/// Returns the current time in unix seconds (0 if the clock is before 1970).
pub(super) fn unix_now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|elapsed| i64::try_from(elapsed.as_secs()).unwrap_or(i64::MAX))
        .unwrap_or(0)
}

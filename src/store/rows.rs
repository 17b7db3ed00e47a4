//! Turns database rows into the store's types, reporting damaged values as `Corrupt`.

use sqlx::Row;
use sqlx::any::AnyRow;

use super::error::StoreError;
use super::model::{GameRow, LoggedAction, SeatRow, Status};

/// Lists the `games` columns in the order [`game_row`] expects; used inside `concat!`.
macro_rules! game_columns {
    () => {
        "id, guild, channel, kind, ruleset, status, seq, state, result, created_by, max_seats, \
         created_at, updated_at, move_days, deadline_at, next_reminder_at"
    };
}
pub(crate) use game_columns;

/// Decodes a row selected with [`game_columns!`].
///
/// # Errors
/// [`StoreError::Corrupt`] for an unknown status, [`StoreError::Database`] for a column that
/// does not decode.
pub(crate) fn game_row(row: &AnyRow) -> Result<GameRow, StoreError> {
    let id: i64 = row.try_get("id")?;
    let status: String = row.try_get("status")?;
    let status = status
        .parse::<Status>()
        .map_err(|err| StoreError::Corrupt(format!("game {id}: {err}")))?;
    Ok(GameRow {
        id,
        guild: row.try_get("guild")?,
        channel: row.try_get("channel")?,
        kind: row.try_get("kind")?,
        ruleset: row.try_get("ruleset")?,
        status,
        seq: row.try_get("seq")?,
        state: row.try_get("state")?,
        result: row.try_get("result")?,
        created_by: row.try_get("created_by")?,
        max_seats: row.try_get("max_seats")?,
        created_at: row.try_get("created_at")?,
        updated_at: row.try_get("updated_at")?,
        move_days: row.try_get("move_days")?,
        deadline_at: row.try_get("deadline_at")?,
        next_reminder_at: row.try_get("next_reminder_at")?,
    })
}

/// Decodes a row of `SELECT seat, user_id, name, joined FROM seats`.
///
/// # Errors
/// [`StoreError::Corrupt`] when `joined` is neither 0 nor 1.
pub(crate) fn seat(row: &AnyRow) -> Result<SeatRow, StoreError> {
    let seat: i64 = row.try_get("seat")?;
    let joined = match row.try_get::<i64, _>("joined")? {
        0 => false,
        1 => true,
        other => {
            return Err(StoreError::Corrupt(format!(
                "seat {seat}: joined flag is {other}, expected 0 or 1"
            )));
        }
    };
    Ok(SeatRow {
        seat,
        user_id: row.try_get("user_id")?,
        name: row.try_get("name")?,
        joined,
    })
}

/// Decodes a row of `SELECT seq, user_id, action, notation, at FROM moves`.
///
/// # Errors
/// [`StoreError::Database`] for a column that does not decode.
pub(crate) fn logged_action(row: &AnyRow) -> Result<LoggedAction, StoreError> {
    Ok(LoggedAction {
        seq: row.try_get("seq")?,
        user_id: row.try_get("user_id")?,
        action: row.try_get("action")?,
        notation: row.try_get("notation")?,
        at: row.try_get("at")?,
    })
}

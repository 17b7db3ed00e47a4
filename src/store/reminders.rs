//! Turn reminders, found by index and claimed atomically, so that any number of bot processes
//! on one database send each at least once and, barring a crash mid-send, exactly once.
//!
//! Each commit of an active game schedules the first reminder of the new turn in its own
//! UPDATE (24 hours on, or when a quarter of a shorter time limit is left). A process claims a
//! due reminder by moving `next_reminder_at` forward by a lease, guarded by the value it read:
//! of two processes only one wins. After sending it records the next reminder (or none) under
//! the same guard; a crash before that leaves the lease to run out, and the reminder is sent
//! again. A move in the meantime reschedules the turn, and the late acknowledgement does
//! nothing.

use sqlx::Row;

use super::rows::{self, game_columns};
use super::{GameRow, Store, StoreError};

/// How long a claimed reminder is held before another process may send it again, unless
/// the store was given another lease (`Store::with_reminder_lease`).
pub const LEASE_SECONDS: i64 = 300;

impl Store {
    /// Counts the reminders due now and not yet claimed (an indexed count, for `/status`).
    ///
    /// # Errors
    /// [`StoreError::Database`] when the query fails.
    pub async fn reminders_due(&self) -> Result<i64, StoreError> {
        let count: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM games WHERE status = 'active' AND next_reminder_at <= $1",
        )
        .bind(self.now())
        .fetch_one(self.db())
        .await?;
        Ok(count)
    }

    /// Claims up to `limit` due reminders of active games and returns their games, each with
    /// `next_reminder_at` set to the lease it now holds.
    ///
    /// # Errors
    /// [`StoreError::Database`] when a query fails, [`StoreError::Corrupt`] for a damaged row.
    pub async fn claim_reminders(&self, limit: usize) -> Result<Vec<GameRow>, StoreError> {
        let now = self.now();
        let due = sqlx::query(
            "SELECT id, seq, next_reminder_at FROM games \
             WHERE status = 'active' AND next_reminder_at <= $1 \
             ORDER BY next_reminder_at LIMIT $2",
        )
        .bind(now)
        .bind(i64::try_from(limit).unwrap_or(i64::MAX))
        .fetch_all(self.db())
        .await?;
        let mut claimed = Vec::with_capacity(due.len());
        for row in &due {
            let (id, seq, at): (i64, i64, i64) = (
                row.try_get("id")?,
                row.try_get("seq")?,
                row.try_get("next_reminder_at")?,
            );
            let won = sqlx::query(concat!(
                "UPDATE games SET next_reminder_at = $4 \
                 WHERE id = $1 AND seq = $2 AND next_reminder_at = $3 AND status = 'active' \
                 RETURNING ",
                game_columns!()
            ))
            .bind(id)
            .bind(seq)
            .bind(at)
            .bind(now + self.reminder_lease)
            .fetch_optional(self.db())
            .await?;
            if let Some(won) = won {
                claimed.push(rows::game_row(&won)?);
            }
        }
        Ok(claimed)
    }

    /// Records that the reminder claimed as `claimed` was sent: the turn's next reminder is
    /// `next` (or none). Does nothing when the game moved on meanwhile.
    ///
    /// # Errors
    /// [`StoreError::Database`] when the update fails.
    pub async fn reminder_sent(
        &self,
        claimed: &GameRow,
        next: Option<i64>,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE games SET next_reminder_at = $4 \
             WHERE id = $1 AND seq = $2 AND next_reminder_at = $3",
        )
        .bind(claimed.id)
        .bind(claimed.seq)
        .bind(claimed.next_reminder_at)
        .bind(next)
        .execute(self.db())
        .await?;
        Ok(())
    }
}

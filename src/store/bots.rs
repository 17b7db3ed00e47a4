//! Bot turns, found by index and claimed under a lease, so that with any number of processes
//! on one database each bot turn is played once.
//!
//! A process claims a game's bot turn by writing its own token and a lease into the game's
//! row, guarded so that only a free (never claimed, released or expired) claim or its own is
//! taken: of two processes only one wins. It renews the claim before each action of the turn
//! (each action is also committed under the game's `seq`, so a stale one never lands) and
//! releases it when the turn is over. A crash leaves the lease to run out; then any process
//! claims the turn and plays it.

use sqlx::Row;

use super::{Store, StoreError};

/// How long a claimed bot turn is held before another process may play it.
pub const BOT_LEASE_SECONDS: i64 = 30;

impl Store {
    /// Returns up to `limit` active games with a bot seat whose bot claim is free, oldest
    /// change first. Whether a bot is to move is for the caller to read from each game.
    ///
    /// # Errors
    /// [`StoreError::Database`] when the query fails.
    pub async fn bot_games(&self, limit: usize) -> Result<Vec<i64>, StoreError> {
        let rows = sqlx::query(
            "SELECT id FROM games WHERE status = 'active' \
             AND (bot_claim_until IS NULL OR bot_claim_until < $1) \
             AND EXISTS (SELECT 1 FROM seats WHERE seats.game = games.id \
                         AND seats.bot_level IS NOT NULL) \
             ORDER BY updated_at, id LIMIT $2",
        )
        .bind(self.now())
        .bind(i64::try_from(limit).unwrap_or(i64::MAX))
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| r.try_get::<i64, _>("id").map_err(StoreError::from))
            .collect()
    }

    /// Claims (or renews) the bot turn of an active game for the process `token`: true when
    /// the claim is now `token`'s for [`BOT_LEASE_SECONDS`], false when another process holds it.
    ///
    /// # Errors
    /// [`StoreError::Database`] when the update fails.
    pub async fn claim_bot_turn(&self, game: i64, token: &str) -> Result<bool, StoreError> {
        let now = self.now();
        let done = sqlx::query(
            "UPDATE games SET bot_claim_by = $2, bot_claim_until = $3 \
             WHERE id = $1 AND status = 'active' \
             AND (bot_claim_by IS NULL OR bot_claim_by = $2 OR bot_claim_until < $4)",
        )
        .bind(game)
        .bind(token)
        .bind(now + BOT_LEASE_SECONDS)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Releases `token`'s claim on a game's bot turn (nothing when another holds it).
    ///
    /// # Errors
    /// [`StoreError::Database`] when the update fails.
    pub async fn release_bot_turn(&self, game: i64, token: &str) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE games SET bot_claim_by = NULL, bot_claim_until = NULL \
             WHERE id = $1 AND bot_claim_by = $2",
        )
        .bind(game)
        .bind(token)
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}

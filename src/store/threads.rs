//! The threads `/play thread:True` opened for games, and who asked for each, so a member's
//! open game threads can be counted.

use super::error::check_text;
use super::{Store, StoreError};

impl Store {
    /// Records that `opened_by` had `thread` opened under `parent` for a game.
    ///
    /// # Errors
    /// [`StoreError::NulInText`] for text with NUL; [`StoreError::Database`] otherwise.
    pub async fn record_thread(
        &self,
        guild: &str,
        thread: &str,
        parent: &str,
        opened_by: &str,
    ) -> Result<(), StoreError> {
        for (field, value) in [
            ("guild", guild),
            ("thread", thread),
            ("channel", parent),
            ("user id", opened_by),
        ] {
            check_text(field, value)?;
        }
        sqlx::query(
            "INSERT INTO game_threads (guild, thread, parent, opened_by, at) \
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT (guild, thread) DO NOTHING",
        )
        .bind(guild)
        .bind(thread)
        .bind(parent)
        .bind(opened_by)
        .bind(self.now())
        .execute(self.db())
        .await?;
        Ok(())
    }

    /// Counts the threads `user` had opened on a server whose game is still in the lobby or
    /// being played.
    ///
    /// # Errors
    /// [`StoreError::Database`] when the query fails.
    pub async fn open_threads_of(&self, guild: &str, user: &str) -> Result<usize, StoreError> {
        if guild.contains('\0') || user.contains('\0') {
            return Ok(0);
        }
        let n: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM game_threads t JOIN games g \
             ON g.guild = t.guild AND g.channel = t.thread \
             WHERE t.guild = $1 AND t.opened_by = $2 AND g.status IN ('lobby', 'active')",
        )
        .bind(guild)
        .bind(user)
        .fetch_one(self.db())
        .await?;
        Ok(usize::try_from(n).unwrap_or(0))
    }
}

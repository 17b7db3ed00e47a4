//! The newest channel message handled as a plain-text move of each game (its "mark"), so
//! that after an outage the frontend reads the channel from there and plays each message once.

use sqlx::Row as _;

use super::{Store, StoreError};

/// An active game whose channel may hold moves typed while the bot was away.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unread {
    pub game: i64,
    pub guild: String,
    pub channel: String,
    /// The newest message handled in the channel, if any.
    pub last_message: Option<i64>,
    /// When the game was created (unix seconds): nothing typed before concerns it.
    pub created_at: i64,
    /// When the game last changed (unix seconds): a message typed before it was read
    /// against an older position.
    pub updated_at: i64,
}

impl Store {
    /// Returns up to `limit` active games, oldest change first, with their marks.
    ///
    /// # Errors
    /// [`StoreError::Database`] when the query fails.
    pub async fn unread_channels(&self, limit: usize) -> Result<Vec<Unread>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, guild, channel, last_message, created_at, updated_at FROM games \
             WHERE status = 'active' ORDER BY updated_at LIMIT $1",
        )
        .bind(i64::try_from(limit).unwrap_or(i64::MAX))
        .fetch_all(self.db())
        .await?;
        rows.iter()
            .map(|r| {
                Ok(Unread {
                    game: r.try_get("id")?,
                    guild: r.try_get("guild")?,
                    channel: r.try_get("channel")?,
                    last_message: r.try_get("last_message")?,
                    created_at: r.try_get("created_at")?,
                    updated_at: r.try_get("updated_at")?,
                })
            })
            .collect::<Result<Vec<_>, sqlx::Error>>()
            .map_err(StoreError::from)
    }

    /// Claims `message` for the open game of the channel: raises the game's mark to it and
    /// returns true, or returns false when the mark is already at or past it (the message
    /// was handled, by this process or another) or the channel has no open game.
    ///
    /// # Errors
    /// [`StoreError::Database`] when the update fails.
    pub async fn claim_message(
        &self,
        guild: &str,
        channel: &str,
        message: i64,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE games SET last_message = $1 \
             WHERE guild = $2 AND channel = $3 AND status IN ('lobby', 'active') \
             AND (last_message IS NULL OR last_message < $1)",
        )
        .bind(message)
        .bind(guild)
        .bind(channel)
        .execute(self.db())
        .await?;
        Ok(done.rows_affected() > 0)
    }
}

//! Deleting data on request and on leaving (Discord's developer policy): a player's
//! `/forget-me`, and a server that removed the bot, whose data goes 30 days later unless the
//! bot is added back.

use sqlx::Row as _;

use super::rows::{self, game_columns};
use super::{GameRow, Store, StoreError};

/// The name past games show for a player who asked to be forgotten.
pub const FORMER_PLAYER: &str = "a former player";

/// How long a server's data is kept after it removed the bot, in seconds (30 days).
pub const KEEP_AFTER_LEAVING: i64 = 30 * 86_400;

/// What `/forget-me` deleted or changed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Forgotten {
    /// Servers whose settings (reminders, quiet hours, vacation) of the player were deleted.
    pub settings: u64,
    /// Rating rows deleted (one per server and game).
    pub ratings: u64,
    /// Past games in which the player's seat now reads [`FORMER_PLAYER`].
    pub games: u64,
}

impl Store {
    /// Forgets `user` everywhere: deletes their settings, vacation and notification choices,
    /// their ratings with their history, and their web identities (public ids, hidden or not); in past games their seat, moves and result name `pseudonym` instead
    /// of them, under the name [`FORMER_PLAYER`], so those games stay whole for replays and
    /// exports. All in one transaction. Unfinished games are the caller's to refuse first.
    ///
    /// # Errors
    /// [`StoreError::Database`] when a statement fails (then nothing changed).
    pub async fn forget_user(&self, user: &str, pseudonym: &str) -> Result<Forgotten, StoreError> {
        super::error::check_text("user id", user)?;
        let _turn = self.write_turn().await;
        let mut tx = self.begin().await?;
        let settings = sqlx::query("DELETE FROM player_settings WHERE user_id = $1")
            .bind(user)
            .execute(self.on(&mut *tx))
            .await?
            .rows_affected();
        let ratings = sqlx::query("DELETE FROM ratings WHERE user_id = $1")
            .bind(user)
            .execute(self.on(&mut *tx))
            .await?
            .rows_affected();
        sqlx::query("DELETE FROM rating_history WHERE user_id = $1")
            .bind(user)
            .execute(self.on(&mut *tx))
            .await?;
        let games = sqlx::query("UPDATE seats SET user_id = $2, name = $3 WHERE user_id = $1")
            .bind(user)
            .bind(pseudonym)
            .bind(FORMER_PLAYER)
            .execute(self.on(&mut *tx))
            .await?
            .rows_affected();
        for statement in [
            "UPDATE moves SET user_id = $2 WHERE user_id = $1",
            "UPDATE games SET created_by = $2 WHERE created_by = $1",
            "UPDATE game_threads SET opened_by = $2 WHERE opened_by = $1",
            "DELETE FROM abort_votes WHERE user_id = $1",
            // Their public ids and `/web hide-me` choices: old links to their pages lead
            // nowhere, and the games show the former player's seat like any other.
            "DELETE FROM web_players WHERE user_id = $1",
        ] {
            sqlx::query(statement)
                .bind(user)
                .bind(pseudonym)
                .execute(self.on(&mut *tx))
                .await?;
        }
        // A result names players as JSON strings (`"by": "123"`): quoted, so no longer id
        // that merely contains this one is touched.
        sqlx::query(
            "UPDATE games SET result = REPLACE(result, $1, $2) WHERE result LIKE '%' || $1 || '%'",
        )
        .bind(format!("\"{user}\""))
        .bind(format!("\"{pseudonym}\""))
        .execute(self.on(&mut *tx))
        .await?;
        self.finish(tx).await?;
        Ok(Forgotten {
            settings,
            ratings,
            games,
        })
    }

    /// Returns the numbers of the unfinished games, on any server, where `user` has a seat
    /// (at most ten).
    ///
    /// # Errors
    /// [`StoreError::Database`] when the query fails.
    pub async fn unfinished_games_anywhere(&self, user: &str) -> Result<Vec<i64>, StoreError> {
        let rows = sqlx::query(
            "SELECT games.id AS id FROM games JOIN seats s ON s.game = games.id \
             WHERE s.user_id = $1 AND games.status IN ('lobby', 'active') ORDER BY games.id LIMIT 10",
        )
        .bind(user)
        .fetch_all(self.db())
        .await?;
        rows.iter()
            .map(|r| r.try_get("id").map_err(StoreError::from))
            .collect()
    }

    /// Notes that the bot was removed from `guild` at `at` (unix seconds), unless it was
    /// noted already, and returns its unfinished games (for the table to close).
    ///
    /// # Errors
    /// [`StoreError::Database`] or [`StoreError::Corrupt`] for a damaged row.
    pub async fn guild_left(&self, guild: &str, at: i64) -> Result<Vec<GameRow>, StoreError> {
        super::error::check_text("guild", guild)?;
        sqlx::query(
            "INSERT INTO guild_departures (guild, left_at) VALUES ($1, $2) \
             ON CONFLICT (guild) DO NOTHING",
        )
        .bind(guild)
        .bind(at)
        .execute(self.db())
        .await?;
        let rows = sqlx::query(concat!(
            "SELECT ",
            game_columns!(),
            " FROM games WHERE guild = $1 AND status IN ('lobby', 'active') ORDER BY id"
        ))
        .bind(guild)
        .fetch_all(self.db())
        .await?;
        rows.iter().map(rows::game_row).collect()
    }

    /// Forgets that the bot left `guild` (it was added back): its data is kept.
    ///
    /// # Errors
    /// [`StoreError::Database`] when the delete fails.
    pub async fn guild_returned(&self, guild: &str) -> Result<bool, StoreError> {
        let done = sqlx::query("DELETE FROM guild_departures WHERE guild = $1")
            .bind(guild)
            .execute(self.db())
            .await?;
        Ok(done.rows_affected() > 0)
    }

    /// Deletes everything kept about up to `limit` servers the bot left more than
    /// [`KEEP_AFTER_LEAVING`] ago (games with their seats, moves and web ids, settings,
    /// ratings and their history, players' choices, threads, the server's and its players' web pages), one
    /// server per transaction; returns the servers deleted.
    ///
    /// # Errors
    /// [`StoreError::Database`] when a statement fails (that server is then left whole).
    pub async fn delete_departed(&self, limit: usize) -> Result<Vec<String>, StoreError> {
        let cutoff = self.now() - KEEP_AFTER_LEAVING;
        let rows = sqlx::query(
            "SELECT guild FROM guild_departures WHERE left_at <= $1 ORDER BY left_at LIMIT $2",
        )
        .bind(cutoff)
        .bind(i64::try_from(limit).unwrap_or(i64::MAX))
        .fetch_all(self.db())
        .await?;
        let mut deleted = Vec::new();
        for row in rows {
            let guild: String = row.try_get("guild")?;
            let _turn = self.write_turn().await;
            let mut tx = self.begin().await?;
            // Seats, moves and abort votes go with their games (ON DELETE CASCADE).
            for statement in [
                "DELETE FROM games WHERE guild = $1",
                "DELETE FROM guild_settings WHERE guild = $1",
                "DELETE FROM ratings WHERE guild = $1",
                "DELETE FROM rating_history WHERE guild = $1",
                "DELETE FROM player_settings WHERE guild = $1",
                "DELETE FROM game_threads WHERE guild = $1",
                // The games' public ids and unlisted marks went with the games (cascade).
                "DELETE FROM web_players WHERE guild = $1",
                "DELETE FROM web_servers WHERE guild = $1",
                "DELETE FROM guild_departures WHERE guild = $1",
            ] {
                sqlx::query(statement)
                    .bind(guild.as_str())
                    .execute(self.on(&mut *tx))
                    .await?;
            }
            self.finish(tx).await?;
            deleted.push(guild);
        }
        Ok(deleted)
    }
}

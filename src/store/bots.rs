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
        .fetch_all(self.db())
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
        .execute(self.db())
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
        .execute(self.db())
        .await?;
        Ok(())
    }
}

/// A player's record against the bot at one level in one game kind.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BotRecord {
    pub kind: String,
    pub level: usize,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
}

impl Store {
    /// Returns a player's record against each bot level they met on a server, per game
    /// kind, in kind and level order. A finished game counts once per level it had: won when
    /// the player won it, drawn when nobody did, lost otherwise (another seat won).
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] for a damaged result, [`StoreError::Database`] otherwise.
    pub async fn bot_records_of(
        &self,
        guild: &str,
        user: &str,
    ) -> Result<Vec<BotRecord>, StoreError> {
        let rows = sqlx::query(
            "SELECT DISTINCT games.id AS id, games.kind AS kind, games.result AS result, \
             me.seat AS my_seat, bot.bot_level AS level \
             FROM games JOIN seats me ON me.game = games.id \
             JOIN seats bot ON bot.game = games.id AND bot.bot_level IS NOT NULL \
             WHERE games.guild = $1 AND me.user_id = $2 AND games.status = 'finished' \
             ORDER BY kind, level, id",
        )
        .bind(guild)
        .bind(user)
        .fetch_all(self.db())
        .await?;
        let mut out: Vec<BotRecord> = Vec::new();
        for row in &rows {
            let kind: String = row.try_get("kind")?;
            let level: i64 = row.try_get("level")?;
            let my_seat: i64 = row.try_get("my_seat")?;
            let result: Option<String> = row.try_get("result")?;
            let outcome: crate::rules::Outcome = result
                .as_deref()
                .and_then(|r| serde_json::from_str(r).ok())
                .ok_or_else(|| {
                    StoreError::Corrupt(format!(
                        "finished game {} has no readable result",
                        row.try_get::<i64, _>("id").unwrap_or_default()
                    ))
                })?;
            let level = usize::try_from(level).unwrap_or(0);
            if out
                .last()
                .is_none_or(|r| r.kind != kind || r.level != level)
            {
                out.push(BotRecord {
                    kind,
                    level,
                    ..BotRecord::default()
                });
            }
            let record = out.last_mut().expect("pushed above");
            match outcome.winner() {
                Some(w) if w as i64 == my_seat => record.wins += 1,
                Some(_) => record.losses += 1,
                None => record.draws += 1,
            }
        }
        Ok(out)
    }
}

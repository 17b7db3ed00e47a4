//! Votes to abort a game under way: each is bound to the game's seq when it was cast, so a
//! move (which raises the seq) makes every earlier vote void without touching this table.

use super::error::check_text;
use super::{Store, StoreError};

impl Store {
    /// Records `user`'s vote to abort `game` at `seq` (replacing an older one) and returns
    /// everyone whose vote stands at that seq, the caller included.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when the game's seq is no longer `seq` (nothing is recorded);
    /// [`StoreError::NulInText`] for a user id with NUL; [`StoreError::Database`] otherwise.
    pub async fn vote_abort(
        &self,
        game: i64,
        seq: i64,
        user: &str,
    ) -> Result<Vec<String>, StoreError> {
        check_text("user id", user)?;
        let mut tx = self.begin().await?;
        // Writing first takes SQLite's write lock before reading (as the guarded commit does).
        sqlx::query(
            "INSERT INTO abort_votes (game, user_id, seq, at) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (game, user_id) DO UPDATE SET seq = excluded.seq, at = excluded.at",
        )
        .bind(game)
        .bind(user)
        .bind(seq)
        .bind(self.now())
        .execute(self.on(&mut *tx))
        .await?;
        let current: Option<i64> = sqlx::query_scalar("SELECT seq FROM games WHERE id = $1")
            .bind(game)
            .fetch_optional(self.on(&mut *tx))
            .await?;
        match current {
            None => {
                self.undo(tx).await?;
                return Err(StoreError::NotFound);
            }
            Some(current) if current != seq => {
                self.undo(tx).await?;
                return Err(StoreError::Conflict);
            }
            Some(_) => {}
        }
        let voters: Vec<String> = sqlx::query_scalar(
            "SELECT user_id FROM abort_votes WHERE game = $1 AND seq = $2 ORDER BY at, user_id",
        )
        .bind(game)
        .bind(seq)
        .fetch_all(self.on(&mut *tx))
        .await?;
        self.finish(tx).await?;
        Ok(voters)
    }
}

//! Games in threads of their own: a member may keep only so many open at once.

use super::command::{Ctx, Reply};
use super::{Table, TableError};

impl Table {
    /// Refuses a member who already has `limit` threads with an unfinished game that they
    /// opened on this server; channel admins have no limit.
    ///
    /// # Errors
    /// The private reply to give the member.
    pub async fn check_thread_quota(&self, ctx: &Ctx, limit: usize) -> Result<(), Reply> {
        if ctx.admin {
            return Ok(());
        }
        match self.store.open_threads_of(&ctx.guild, &ctx.user.id).await {
            Ok(open) if open < limit => Ok(()),
            Ok(_) => Err(TableError::TooManyThreads(limit).reply()),
            Err(e) => Err(TableError::from(e).reply()),
        }
    }

    /// Records that the game just opened in `thread.channel` lives in a thread `thread.user`
    /// had opened under `parent`; a failure is logged (the game itself is already stored).
    pub async fn note_thread(&self, thread: &Ctx, parent: &str) {
        if let Err(e) = self
            .store
            .record_thread(&thread.guild, &thread.channel, parent, &thread.user.id)
            .await
        {
            tracing::error!(error = %e, thread = %thread.channel, "could not record a game thread");
        }
    }
}

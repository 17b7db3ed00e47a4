//! Live games: every turn the table commits is announced on one broadcast channel (in the
//! same step that answers the player, so the Discord post and the web page hear of it alike),
//! and a page watching a game wakes when that game changes.

use tokio::sync::broadcast;
use tokio::sync::broadcast::error::RecvError;

use crate::table::{Table, TableError};

use super::Viewer;

/// Announcements a slow watcher may fall behind by before it misses some (it then simply
/// reloads the game, which is all an announcement asks for).
const BACKLOG: usize = 1024;

/// The table's announcer of changed games (by their row id, which never leaves the table).
#[derive(Clone)]
pub(in crate::table) struct Moves(broadcast::Sender<i64>);

impl Default for Moves {
    fn default() -> Moves {
        Moves(broadcast::channel(BACKLOG).0)
    }
}

impl Moves {
    /// Announces that a game changed; nobody listening is fine.
    pub(in crate::table) fn changed(&self, game: i64) {
        let _ = self.0.send(game);
    }
}

/// A page's watch over one game.
pub struct Watch {
    game: i64,
    changes: broadcast::Receiver<i64>,
}

impl Watch {
    /// Waits until the game changes again; `false` when no change can come any more.
    pub async fn changed(&mut self) -> bool {
        loop {
            match self.changes.recv().await {
                Ok(game) if game == self.game => return true,
                Ok(_) => {}
                // Some announcements were missed: this game may be among them.
                Err(RecvError::Lagged(_)) => return true,
                Err(RecvError::Closed) => return false,
            }
        }
    }
}

impl Table {
    /// Watches a game a page may show for changes from now on (`None` when no page may show
    /// it). The pages themselves are asked again after each change, so a server turning its
    /// pages off or a player hiding is seen by every watcher at its next change.
    ///
    /// # Errors
    /// [`TableError`] when the database fails.
    pub async fn web_watch(&self, id: &str, viewer: &Viewer) -> Result<Option<Watch>, TableError> {
        // Listening starts before the check, so a move made meanwhile is not missed.
        let changes = self.live.0.subscribe();
        Ok(self.shown_game(id, viewer).await?.map(|shown| Watch {
            game: shown.row.id,
            changes,
        }))
    }
}

//! A table over a fresh SQLite file, and the contexts players speak from.

use std::sync::Arc;

use tabula::render::Renderer;
use tabula::store::Store;
use tabula::table::{Command, Ctx, Reply, Table, User};
use tempfile::TempDir;

/// A table with its store and the folder that keeps its database alive.
pub struct TestTable {
    pub table: Table,
    pub store: Store,
    pub dir: TempDir,
}

impl TestTable {
    /// Opens a table over a new SQLite database.
    pub async fn new() -> TestTable {
        let dir = tempfile::tempdir().expect("temp dir");
        let store = Store::connect(&super::db::sqlite_url(&dir))
            .await
            .expect("sqlite store");
        let table = Table::new(store.clone(), Arc::new(Renderer::new()));
        TestTable { table, store, dir }
    }

    /// Sends a command as `user` in channel `c` of guild `g`.
    pub async fn say(&self, user: &str, command: Command) -> Reply {
        self.table.handle(&ctx(user), command).await
    }

    /// Opens a chess table for alice against bob and seats bob, so the game starts.
    pub async fn chess(&self) -> Reply {
        let reply = self.say("alice", play("chess", &["bob"])).await;
        assert!(!reply.private, "{}", reply.text);
        let reply = self.say("bob", Command::Join).await;
        assert!(!reply.private, "{}", reply.text);
        reply
    }
}

/// The context of `user` in channel `c` of guild `g`.
pub fn ctx(user: &str) -> Ctx {
    Ctx {
        guild: "g".into(),
        channel: "c".into(),
        user: User::named(user),
        admin: false,
    }
}

/// A `/play` command for `game` inviting `opponents`.
pub fn play(game: &str, opponents: &[&str]) -> Command {
    Command::Play {
        game: game.into(),
        ruleset: None,
        opponents: opponents.iter().map(|o| User::named(o)).collect(),
    }
}

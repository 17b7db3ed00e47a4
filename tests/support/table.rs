//! TestTable: a table over a fresh SQLite file, spoken to with commands or console lines, with
//! its store, its boards folder and the contexts players speak from.

use std::path::PathBuf;

use rand::SeedableRng;
use rand::rngs::StdRng;
use tabula::console::{ConsoleOptions, run_line};
use tabula::rules::{Action, Game};
use tabula::store::Store;
use tabula::table::{Command, Ctx, Reply, Table, User};
use tempfile::TempDir;

/// A table with its store, console options and the folder that keeps its database alive.
pub struct TestTable {
    pub table: Table,
    pub store: Store,
    pub options: ConsoleOptions,
    pub dir: TempDir,
}

impl TestTable {
    /// Opens a table over a new SQLite database, rolling dice from the OS.
    pub async fn new() -> TestTable {
        TestTable::open(tempfile::tempdir().expect("temp dir"), None).await
    }

    /// Opens a table whose dice come from a generator seeded with `seed`.
    pub async fn seeded(seed: u64) -> TestTable {
        TestTable::open(tempfile::tempdir().expect("temp dir"), Some(seed)).await
    }

    /// Opens a table over the database in `dir` (new or left by an earlier table).
    pub async fn open(dir: TempDir, seed: Option<u64>) -> TestTable {
        let store = Store::connect(&super::db::sqlite_url(&dir))
            .await
            .expect("sqlite store");
        let renderer = crate::support::render::shared();
        let table = match seed {
            Some(seed) => Table::with_rng(store.clone(), renderer, StdRng::seed_from_u64(seed)),
            None => Table::new(store.clone(), renderer),
        };
        let options = ConsoleOptions {
            boards: dir.path().join("boards"),
            ..ConsoleOptions::default()
        };
        TestTable {
            table,
            store,
            options,
            dir,
        }
    }

    /// Closes the store and hands back the folder, as a process that quits would.
    pub async fn close(self) -> TempDir {
        self.store.close().await;
        self.dir
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

    /// Runs one console line and returns what the console printed.
    pub async fn line(&self, line: &str) -> String {
        let mut out = Vec::new();
        let going = run_line(&self.table, &self.options, line, &mut out)
            .await
            .expect("console I/O");
        assert!(going, "{line} quit the console");
        String::from_utf8(out).expect("console prints UTF-8")
    }

    /// Runs console lines and returns everything printed.
    pub async fn script(&self, lines: &str) -> String {
        let mut out = String::new();
        for line in lines.lines() {
            out += &self.line(line).await;
        }
        out
    }

    /// Returns the board pictures written so far, in name order.
    pub fn boards(&self) -> Vec<PathBuf> {
        let mut files: Vec<_> = std::fs::read_dir(&self.options.boards)
            .map(|d| d.filter_map(Result::ok).map(|e| e.path()).collect())
            .unwrap_or_default();
        files.sort();
        files
    }

    /// Returns game `id` as stored.
    pub async fn game(&self, id: i64) -> Game {
        let row = self.store.game(id).await.expect("the game is stored");
        serde_json::from_str(&row.state).expect("the stored state loads")
    }

    /// Replays game `id`'s log onto `fresh` and checks that it reaches the stored snapshot;
    /// returns the snapshot.
    pub async fn assert_log_replays(&self, id: i64, fresh: Game) -> Game {
        let snapshot = self.game(id).await;
        let mut replay = fresh;
        for logged in self.store.log(id).await.expect("the log") {
            let action: Action = serde_json::from_str(&logged.action).expect("a logged action");
            replay = replay.apply(&action).expect("the logged action applies");
        }
        assert_eq!(replay, snapshot, "the log replays to the snapshot");
        snapshot
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
        days: None,
        bot: None,
        players: None,
    }
}

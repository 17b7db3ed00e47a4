//! Keeping the data (issue 29 item 6): `tabula backup FILE` writes a consistent copy of a
//! SQLite database that is in use, and the copy restores to a database the games go on in;
//! logs come as one JSON object a line when asked for.

use std::io::Write as _;

use serde_json::Value;

use super::{finish, spawn, sqlite, tabula};

#[test]
fn backup_copies_a_database_in_use_and_the_copy_restores_with_every_move() {
    let dir = tempfile::tempdir().unwrap();
    let live = sqlite(dir.path(), "live.db");
    let played = tabula(
        &["console"],
        dir.path(),
        &live,
        b"@alice /play chess @bob\n@bob /join\n@alice e4\n",
    );
    assert!(played.out.contains("@alice played e4"), "{}", played.out);
    // Another process has the database open, its console waiting, while the copy is made.
    let mut busy = spawn(&["console"], dir.path(), &live);
    busy.stdin
        .as_mut()
        .unwrap()
        .write_all(b"@alice /board\n")
        .unwrap();
    let copy = dir.path().join("copy.db");
    let backup = tabula(&["backup", "copy.db"], dir.path(), &live, b"");
    assert!(backup.ok, "{}", backup.err);
    assert!(backup.err.contains("Backed up"), "{}", backup.err);
    finish(busy, b"");

    // Naming an existing file is refused, and the file is left alone.
    let before = std::fs::read(&copy).unwrap();
    let again = tabula(&["backup", "copy.db"], dir.path(), &live, b"");
    assert!(
        !again.ok && again.err.contains("already exists"),
        "{}",
        again.err
    );
    assert_eq!(std::fs::read(&copy).unwrap(), before);

    // Restoring is putting the copy where the database was: the game goes on from e4.
    std::fs::rename(&copy, dir.path().join("restored.db")).unwrap();
    let restored = sqlite(dir.path(), "restored.db");
    let resumed = tabula(&["console"], dir.path(), &restored, b"@bob e5\n");
    assert!(resumed.ok, "{}", resumed.err);
    assert!(resumed.out.contains("@bob played e5"), "{}", resumed.out);
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        let store = tabula::store::Store::connect(&restored).await.unwrap();
        let game = store
            .open_game("console", "console")
            .await
            .unwrap()
            .unwrap();
        let log: Vec<String> = store
            .log(game.id)
            .await
            .unwrap()
            .into_iter()
            .map(|a| a.notation)
            .collect();
        assert_eq!(log, ["e4", "e5"]);
        store.close().await;
    });
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn backup_of_postgresql_points_to_pg_dump() {
    let Some(url) = crate::support::db::postgres_url().await else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let run = tabula(&["backup", "copy.db"], dir.path(), &url, b"");
    assert!(!run.ok, "{}", run.err);
    assert!(run.err.contains("pg_dump"), "{}", run.err);
    assert!(!dir.path().join("copy.db").exists());
    crate::support::db::drop_postgres_database(&url).await;
}

#[test]
fn json_log_format_writes_each_log_line_as_one_json_object() {
    let dir = tempfile::tempdir().unwrap();
    let url = sqlite(dir.path(), "tabula.db");
    let run = crate::support::process::tabula(dir.path(), &url)
        .args(["backup", "copy.db"])
        .env("TABULA_LOG_FORMAT", "json")
        .output()
        .expect("tabula runs");
    assert!(run.status.success());
    let err = String::from_utf8_lossy(&run.stderr);
    let line = err
        .lines()
        .find(|l| l.contains("backed up the database"))
        .unwrap_or_else(|| panic!("no log line: {err}"));
    let entry: Value = serde_json::from_str(line).expect("a JSON log line");
    assert_eq!(entry["level"], "INFO", "{entry}");
    assert_eq!(entry["fields"]["message"], "backed up the database");
    assert!(
        entry["fields"]["file"]
            .as_str()
            .unwrap()
            .ends_with("copy.db"),
        "{entry}"
    );
    assert!(entry["timestamp"].is_string(), "{entry}");
}

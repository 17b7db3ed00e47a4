//! The console's `/status`: the process's counters, as admins see them on Discord.

use tabula::table::Command;

use crate::support::table::TestTable;

#[tokio::test]
async fn console_status_counts_turns_and_says_the_database() {
    let t = TestTable::new().await;
    t.chess().await;
    for (user, text) in [("alice", "e4"), ("bob", "e5"), ("alice", "e9")] {
        let text = text.to_string();
        t.say(user, Command::Move { text }).await;
    }
    let status = t.line("/status").await;
    for part in [
        concat!("tabula ", env!("CARGO_PKG_VERSION")),
        "on SQLite, up ",
        "2 turns played",
        "0 errors",
        "Bot searches: 0 running, 0 waiting",
        "Reminders due: 0.",
    ] {
        assert!(status.contains(part), "{part:?} missing from {status}");
    }
}

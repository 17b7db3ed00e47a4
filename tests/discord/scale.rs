//! Two bot processes on one PostgreSQL against the fake Discord, with 1,000 reminders due:
//! each is posted once; one process is killed with SIGKILL half-way, and the other posts what
//! it left, so none is lost, and the only reminders posted twice are those the killed process
//! had posted but not yet recorded (at most one batch: the at-least-once window).
//! Skipped, loudly, without a PostgreSQL server (`TABULA_REQUIRE_POSTGRES=1` fails instead).

use std::time::{Duration, Instant};

use super::overdue::{reminders_posted, seed};
use crate::support::discord::process::{Process, spawn_bot};
use crate::support::discord::{FakeDiscord, GUILD};
use tabula::store::Store;

/// Reminders due when the processes start.
const DUE: usize = 1_000;
/// Reminders one process claims per round (`REMINDER_BATCH` in the bot): the most that can
/// be in flight, posted but not recorded, when it dies.
const BATCH: usize = 50;
/// Each reminder game has its own channel, numbered from here.
const FIRST_CHANNEL: u64 = 800_000_000_000_000_000;

fn spawn(fake: &FakeDiscord, dir: &std::path::Path, url: &str, run: usize) -> Process {
    // A short lease, so what the killed process held comes back within the test.
    spawn_bot(
        fake,
        dir,
        url,
        run,
        &[
            ("TABULA_REMINDER_EVERY_MS", "20"),
            ("TABULA_REMINDER_LEASE_SECONDS", "3"),
        ],
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_post_a_thousand_due_reminders_once_and_a_killed_one_loses_none() {
    let Some(url) = crate::support::db::postgres_url().await else {
        return;
    };
    crate::support::discord::bot::init_tracing();
    seed(&url, FIRST_CHANNEL, DUE as u64, |_| GUILD).await;
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let first = spawn(&fake, dir.path(), &url, 1);
    let second = spawn(&fake, dir.path(), &url, 2);
    fake.wait_ready(2).await;

    // A third of the way, the first process dies without a word. (Waited for here rather
    // than with `wait_for`: on a loaded machine this takes longer than its patience.)
    let started = Instant::now();
    while reminders_posted(&fake.requests()).values().sum::<usize>() < DUE / 3 {
        assert!(
            started.elapsed() < Duration::from_secs(40),
            "the processes posted too few reminders; logs in {}",
            dir.path().display()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    drop(first);
    let at_kill: usize = reminders_posted(&fake.requests()).values().sum();

    // The survivor posts the rest, and what the dead one held once its lease runs out.
    let deadline = Instant::now() + Duration::from_secs(45);
    loop {
        if reminders_posted(&fake.requests()).len() == DUE {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "only {} of {DUE} games were reminded; logs in {}",
            reminders_posted(&fake.requests()).len(),
            dir.path().display()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // A little longer, to see that nothing more comes.
    tokio::time::sleep(Duration::from_secs(4)).await;
    drop(second);
    let counts = reminders_posted(&fake.requests());
    let total: usize = counts.values().sum();
    let doubled = counts.values().filter(|n| **n > 1).count();
    println!(
        "{DUE} due reminders, two processes, one killed after {at_kill} posts ({} ms in): \
         {} games reminded, {total} posts, {doubled} posted twice (at most {BATCH} allowed)",
        started.elapsed().as_millis(),
        counts.len()
    );
    assert_eq!(counts.len(), DUE, "every reminder is posted: none lost");
    assert!(counts.values().all(|n| *n <= 2), "{counts:?}");
    assert!(
        doubled <= BATCH,
        "{doubled} doubled: more than the killed process could have had in flight"
    );

    // Every reminder is recorded as sent: nothing is left to claim.
    let store = Store::connect(&url).await.expect("the store connects");
    for id in 1..=DUE as i64 {
        let row = store.game(id).await.expect("a game");
        assert_eq!(row.next_reminder_at, None, "game {id} still has a reminder");
    }
    store.close().await;
    crate::support::db::drop_postgres_database(&url).await;
}

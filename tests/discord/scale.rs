//! Two bot processes on one PostgreSQL against the fake Discord, with 1,000 reminders due:
//! each is posted once; one process is killed with SIGKILL half-way, and the other posts what
//! it left, so none is lost, and the only reminders posted twice are those the killed process
//! had posted but not yet recorded (at most one batch: the at-least-once window).
//! Skipped, loudly, without a PostgreSQL server (`TABULA_REQUIRE_POSTGRES=1` fails instead).

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use tabula::render::Renderer;
use tabula::store::{Change, NewGame, Status, Store};
use tabula::table::{Command as TableCommand, Ctx, Table, User};

use crate::support::discord::process::{Process, spawn_bot};
use crate::support::discord::{FakeDiscord, FakeUser, GUILD, Recorded};

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

/// Reminders posted so far, counted per channel.
fn posted(requests: &[Recorded]) -> HashMap<String, usize> {
    let mut count = HashMap::new();
    for r in requests {
        if r.method != "POST" || !(200..300).contains(&r.status) {
            continue;
        }
        let Some(channel) = r
            .path
            .strip_prefix("/api/v10/channels/")
            .and_then(|p| p.strip_suffix("/messages"))
        else {
            continue;
        };
        if r.body["content"]
            .as_str()
            .is_some_and(|t| t.contains("a reminder"))
        {
            *count.entry(channel.to_string()).or_default() += 1;
        }
    }
    count
}

/// Makes `DUE` active chess games, each in its own channel, whose first reminder is already
/// due: one through the table, the others copied from it straight into the store.
async fn seed(url: &str) {
    let day = 86_400;
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64;
    // Two days ago: each turn's reminder (a day in) is a day overdue.
    let store = Store::connect(url)
        .await
        .expect("the store connects")
        .with_clock(Arc::new(move || now - 2 * day));
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());
    let table = Table::new(store.clone(), Arc::new(Renderer::new()));
    let ctx = |user: &FakeUser| Ctx {
        guild: GUILD.into(),
        channel: FIRST_CHANNEL.to_string(),
        user: User {
            id: user.id.clone(),
            name: user.name.clone(),
        },
        admin: false,
    };
    let play = TableCommand::Play {
        game: "chess".into(),
        ruleset: None,
        opponents: vec![User {
            id: bob.id.clone(),
            name: bob.name.clone(),
        }],
        days: None,
        bot: None,
        players: None,
    };
    assert!(!table.handle(&ctx(&alice), play).await.private);
    assert!(!table.handle(&ctx(&bob), TableCommand::Join).await.private);
    let model = store.game(1).await.expect("the first game");
    let seats = store.seats(1).await.expect("its seats");
    assert!(model.next_reminder_at.is_some_and(|at| at < now));
    for i in 1..DUE as u64 {
        let (row, _) = store
            .create_game(NewGame {
                guild: GUILD.into(),
                channel: (FIRST_CHANNEL + i).to_string(),
                kind: model.kind.clone(),
                ruleset: model.ruleset.clone(),
                status: Status::Lobby,
                state: model.state.clone(),
                created_by: alice.id.clone(),
                max_seats: 2,
                seats: seats.clone(),
                move_days: None,
                remind_after: day,
            })
            .await
            .expect("a game is stored");
        store
            .commit(Change {
                game: row.id,
                expected_seq: row.seq,
                status: Status::Active,
                state: row.state.clone(),
                result: None,
                seats: None,
                log: None,
            })
            .await
            .expect("the game starts");
    }
    store.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_post_a_thousand_due_reminders_once_and_a_killed_one_loses_none() {
    let Some(url) = crate::support::db::postgres_url().await else {
        return;
    };
    crate::support::discord::bot::init_tracing();
    seed(&url).await;
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let first = spawn(&fake, dir.path(), &url, 1);
    let second = spawn(&fake, dir.path(), &url, 2);
    fake.wait_ready(2).await;

    // A third of the way, the first process dies without a word. (Waited for here rather
    // than with `wait_for`: on a loaded machine this takes longer than its patience.)
    let started = Instant::now();
    while posted(&fake.requests()).values().sum::<usize>() < DUE / 3 {
        assert!(
            started.elapsed() < Duration::from_secs(40),
            "the processes posted too few reminders; logs in {}",
            dir.path().display()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    drop(first);
    let at_kill: usize = posted(&fake.requests()).values().sum();

    // The survivor posts the rest, and what the dead one held once its lease runs out.
    let deadline = Instant::now() + Duration::from_secs(45);
    loop {
        if posted(&fake.requests()).len() == DUE {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "only {} of {DUE} games were reminded; logs in {}",
            posted(&fake.requests()).len(),
            dir.path().display()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // A little longer, to see that nothing more comes.
    tokio::time::sleep(Duration::from_secs(4)).await;
    drop(second);
    let counts = posted(&fake.requests());
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

//! SIGKILL at random (seeded) moments: console processes play chess, checkers, backgammon
//! and Parcheesi tables on SQLite and on PostgreSQL and are killed while they start, while
//! they work on a command, or between commands, then restarted on the same database. After
//! every kill: each action whose answer was printed is in the log as it was sent, each
//! game's log has no seq gap and replays to its snapshot, and no channel has two open games.

use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tabula::store::Store;

use super::audit::{Ack, audit};
use super::console::{Console, board_seq, refused};
use super::play::{Intent, KINDS, next};

/// Kills per backend: 50 on SQLite and 50 on PostgreSQL. (Each life starts a process, whose
/// start-up draws every game's painter: about 1.8 s of CPU in the dev profile.)
const KILLS: usize = 50;
/// The most commands a process answers before the one it is killed in.
const MOST_ANSWERED: usize = 6;
/// The longest wait, after the fatal command is sent, before the kill.
const MOST_DELAY_US: u64 = 40_000;
/// One life in this many is killed while starting (connecting, migrating), before any command.
const START_KILLS: u32 = 8;
/// Tables of each kind played side by side, each in its own channel.
const TABLES_PER_KIND: usize = 2;

/// The figures one run reports.
struct Tally {
    kills: usize,
    commands: usize,
    acked: usize,
    took: Duration,
}

/// Plays and kills `KILLS` console processes on the database at `url`, then audits it.
async fn kill_and_restart(url: &str, seed: u64, backend: &str) {
    let started = Instant::now();
    let dir = tempfile::tempdir().unwrap();
    let store = Store::connect(url).await.expect("the test's own store");
    let mut rng = StdRng::seed_from_u64(seed);
    let channels: Vec<(String, &str)> = KINDS
        .iter()
        .flat_map(|kind| (0..TABLES_PER_KIND).map(move |n| (format!("{kind}-{n}"), *kind)))
        .collect();
    let mut acks: Vec<Ack> = Vec::new();
    let mut tally = Tally {
        kills: 0,
        commands: 0,
        acked: 0,
        took: Duration::ZERO,
    };
    let mut turn = 0usize;
    for life in 0..KILLS {
        let mut console = Console::spawn(dir.path(), url, &life.to_string());
        let mut intents = Vec::new();
        if rng.random_ratio(1, START_KILLS) {
            tokio::time::sleep(Duration::from_micros(rng.random_range(0..150_000))).await;
        } else {
            let answered = rng.random_range(0..=MOST_ANSWERED);
            for n in 0..=answered {
                let (channel, kind) = &channels[turn % channels.len()];
                turn += 1;
                let cmd = next(&store, channel, kind, ["alice", "bob"], &mut rng).await;
                intents.push(cmd.intent);
                if n == answered {
                    console.send(&cmd.line);
                    let delay = rng.random_range(0..MOST_DELAY_US);
                    tokio::time::sleep(Duration::from_micros(delay)).await;
                    break;
                }
                let reply = console.say(&cmd.line).await.unwrap_or_else(|| {
                    panic!(
                        "life {life}: the console died unasked at `{}`; logs in {}",
                        cmd.line,
                        dir.path().display()
                    )
                });
                assert!(
                    !refused(&reply),
                    "life {life}: `{}` was refused: {reply:?}",
                    cmd.line
                );
            }
        }
        let replies = console.kill();
        tally.kills += 1;
        tally.commands += intents.len();
        for (intent, reply) in intents.into_iter().zip(replies) {
            let Intent::Act { game, user, action } = intent else {
                continue;
            };
            if let Some((id, seq)) = board_seq(&reply) {
                assert_eq!(id, game, "the answer names the game played");
                acks.push(Ack {
                    game,
                    seq,
                    user,
                    action,
                });
                tally.acked += 1;
            }
        }
    }
    let found = audit(&store, url, &acks).await;
    store.close().await;
    tally.took = started.elapsed();
    println!(
        "crash test on {backend}: {} SIGKILLs, {} commands sent, {} actions acknowledged, \
         {} games ({} finished), {} actions logged, {} mismatches, {:.1} s",
        tally.kills,
        tally.commands,
        tally.acked,
        found.games,
        found.finished,
        found.logged,
        found.mismatches.len(),
        tally.took.as_secs_f64()
    );
    assert!(
        found.mismatches.is_empty(),
        "{backend}: {} mismatches (logs in {}):\n{}",
        found.mismatches.len(),
        dir.path().display(),
        found.mismatches.join("\n")
    );
    assert!(tally.acked > KILLS, "the processes did play between kills");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkilled_consoles_lose_no_acknowledged_move_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    kill_and_restart(&crate::support::db::sqlite_url(&dir), 14, "SQLite").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkilled_consoles_lose_no_acknowledged_move_on_postgres() {
    let Some(url) = crate::support::db::postgres_url().await else {
        return;
    };
    kill_and_restart(&url, 41, "PostgreSQL").await;
    crate::support::db::drop_postgres_database(&url).await;
}

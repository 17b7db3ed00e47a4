//! Racing processes on one database (a SQLite file, a PostgreSQL server): two console
//! processes send the same player's command to the same game at the same moment — moves,
//! rolls, joins, and `/play` in the one channel — while a third plays games of its own. Each
//! round exactly one of the two lands; the other is told the game moved on (or, when it read
//! the game after the winner's move, whose turn it is), never "database is locked" nor "went
//! wrong"; and afterwards no move is doubled, no seq is missing, no channel has two open games.

use std::time::Instant;

use rand::SeedableRng;
use rand::rngs::StdRng;
use tabula::store::Store;

use super::audit::{Ack, audit};
use super::console::{Console, board_seq, refused};
use super::play::{Intent, KINDS, next};

/// Rounds per backend.
const ROUNDS: usize = 80;

/// How the loser of a round was answered.
#[derive(Debug, Default)]
struct Losers {
    /// "The game moved on before your action landed": both read the same seq.
    moved_on: usize,
    /// The loser read the game after the winner's move (whose turn, rolled already, …, or no
    /// game at all once the winner's move ended it).
    too_late: usize,
    /// The loser's `/play` found the channel taken.
    channel_taken: usize,
}

/// Words no player may ever read, in a reply or in a process's log.
const NEVER: [&str; 3] = ["database is locked", "went wrong", "database error"];

/// Records an acknowledged action from a reply that landed.
fn ack(acks: &mut Vec<Ack>, intent: &Intent, reply: &[String]) {
    if let (Intent::Act { game, user, action }, Some((id, seq))) = (intent, board_seq(reply)) {
        assert_eq!(*game, id, "the answer names the game played");
        acks.push(Ack {
            game: *game,
            seq,
            user: user.clone(),
            action: action.clone(),
        });
    }
}

/// Sorts the loser's answer; panics on anything but a game that moved on or a taken channel.
fn judge(losers: &mut Losers, reply: &[String]) {
    let text = reply.join("\n");
    if text.contains("moved on") {
        losers.moved_on += 1;
    } else if text.contains("already has a") {
        losers.channel_taken += 1;
    } else if [
        "turn",
        "rolled already",
        "already started",
        "already seated",
        "no game in this channel",
    ]
    .iter()
    .any(|w| text.contains(w))
    {
        losers.too_late += 1;
    } else {
        panic!("the loser of a race was told: {text}");
    }
}

async fn race(url: &str, backend: &str, seed: u64) {
    let started = Instant::now();
    let dir = tempfile::tempdir().unwrap();
    let store = Store::connect(url).await.expect("the test's own store");
    let mut rng = StdRng::seed_from_u64(seed);
    let mut racers = [
        Console::spawn(dir.path(), url, "a"),
        Console::spawn(dir.path(), url, "b"),
    ];
    let mut solo = Console::spawn(dir.path(), url, "solo");
    let mut acks = Vec::new();
    let mut losers = Losers::default();
    for round in 0..ROUNDS {
        // The racers speak for the same player in one channel, whose game changes kind as
        // games end; the two `/play`s of a free channel race with different kinds.
        let kind = KINDS[round % KINDS.len()];
        // Both commands are read from the same state before either is sent.
        let first = next(&store, "duel", kind, ["alice", "bob"], &mut rng).await;
        let other = KINDS[(round + 1) % KINDS.len()];
        let second = next(&store, "duel", other, ["carol", "dave"], &mut rng).await;
        // The third process plays its own tables meanwhile, one per kind.
        let own = next(
            &store,
            &format!("solo-{kind}"),
            kind,
            ["erin", "frank"],
            &mut rng,
        )
        .await;
        let sent: Vec<_> = racers
            .iter_mut()
            .zip([first, second])
            .map(|(racer, cmd)| (racer.send(&cmd.line), cmd))
            .collect();
        let own_index = solo.send(&own.line);

        let mut landed = 0;
        let mut refusals = Vec::new();
        for (racer, (index, cmd)) in racers.iter().zip(&sent) {
            let reply = racer.reply(*index).await.expect("a racer answers");
            for word in NEVER {
                assert!(!reply.join("\n").contains(word), "{backend}: {reply:?}");
            }
            if refused(&reply) {
                refusals.push(reply);
            } else {
                landed += 1;
                ack(&mut acks, &cmd.intent, &reply);
            }
        }
        assert_eq!(
            landed,
            1,
            "{backend} round {round}: {:?} → {refusals:?}",
            sent.iter().map(|(_, c)| &c.line).collect::<Vec<_>>()
        );
        for reply in &refusals {
            judge(&mut losers, reply);
        }
        let reply = solo.reply(own_index).await.expect("the third answers");
        assert!(!refused(&reply), "{backend}: `{}` → {reply:?}", own.line);
        ack(&mut acks, &own.intent, &reply);
    }
    for console in racers.into_iter().chain([solo]) {
        console.quit();
    }
    // A command that failed on our side is logged as such; one that waited out SQLite's
    // busy_timeout was refused as a lost race (counted, and allowed).
    let mut stayed_locked = 0;
    for entry in std::fs::read_dir(dir.path()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "log") {
            let log = std::fs::read_to_string(&path).unwrap();
            assert!(!log.contains("command failed"), "{}: {log}", path.display());
            stayed_locked += log.matches("stayed locked").count();
        }
    }
    let found = audit(&store, url, &acks).await;
    store.close().await;
    println!(
        "racing processes on {backend}: {ROUNDS} rounds, {} actions acknowledged, losers: \
         {} told the game moved on, {} read it after the winner, {} found the channel taken; \
         {stayed_locked} refused after busy_timeout; {} games, {} actions logged, {} mismatches, {:.1} s",
        acks.len(),
        losers.moved_on,
        losers.too_late,
        losers.channel_taken,
        found.games,
        found.logged,
        found.mismatches.len(),
        started.elapsed().as_secs_f64()
    );
    assert!(
        found.mismatches.is_empty(),
        "{backend}:\n{}",
        found.mismatches.join("\n")
    );
    assert!(losers.channel_taken > 0, "some `/play`s raced");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn racing_processes_land_each_command_once_on_one_sqlite_file() {
    let dir = tempfile::tempdir().unwrap();
    race(&crate::support::db::sqlite_url(&dir), "SQLite", 7).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn racing_processes_land_each_command_once_on_one_postgres() {
    let Some(url) = crate::support::db::postgres_url().await else {
        return;
    };
    race(&url, "PostgreSQL", 8).await;
    crate::support::db::drop_postgres_database(&url).await;
}

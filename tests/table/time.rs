//! Time limits per move, with an injected clock: each turn's deadline is stored with the
//! turn, shown to the player, and a claim after it wins (and rates) the game.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use crate::support::table::{TestTable, play};
use rand::SeedableRng;
use rand::rngs::StdRng;
use tabula::console::ConsoleOptions;
use tabula::store::Store;
use tabula::table::{Command, Table};

pub(super) const DAY: i64 = 86_400;
pub(super) const T0: i64 = 1_800_000_000;

/// A table whose store tells time by `clock`.
pub(super) async fn clocked() -> (TestTable, Arc<AtomicI64>) {
    let dir = tempfile::tempdir().expect("temp dir");
    let clock = Arc::new(AtomicI64::new(T0));
    let time = Arc::clone(&clock);
    let store = Store::connect(&crate::support::db::sqlite_url(&dir))
        .await
        .expect("sqlite store")
        .with_clock(Arc::new(move || time.load(Ordering::SeqCst)));
    let table = Table::with_rng(
        store.clone(),
        crate::support::render::shared(),
        StdRng::seed_from_u64(1),
    );
    let options = ConsoleOptions {
        boards: dir.path().join("boards"),
        ..ConsoleOptions::default()
    };
    let t = TestTable {
        table,
        store,
        options,
        dir,
    };
    (t, clock)
}

pub(super) fn timed_chess(days: i64) -> Command {
    match play("chess", &["bob"]) {
        Command::Play {
            game,
            ruleset,
            opponents,
            bot,
            players,
            ..
        } => Command::Play {
            game,
            ruleset,
            opponents,
            days: Some(days),
            bot,
            players,
        },
        other => other,
    }
}

#[tokio::test]
async fn each_turn_stores_and_shows_the_movers_deadline() {
    let (t, clock) = clocked().await;
    let open = t.say("alice", timed_chess(3)).await;
    assert!(open.text.contains("with 3 days per move"), "{}", open.text);
    let start = t.say("bob", Command::Join).await;
    let first = T0 + 3 * DAY;
    assert!(
        start
            .text
            .contains(&format!("Time to move: until <t:{first}:f>")),
        "{}",
        start.text
    );
    clock.store(T0 + 3_600, Ordering::SeqCst);
    let moved = t.say("alice", Command::Move { text: "e4".into() }).await;
    let second = T0 + 3_600 + 3 * DAY;
    assert!(
        moved.text.contains(&format!("<t:{second}:R>")),
        "{}",
        moved.text
    );
    let row = t.store.open_game("g", "c").await.unwrap().unwrap();
    assert_eq!((row.move_days, row.deadline_at), (Some(3), Some(second)));
}

#[tokio::test]
async fn a_claim_waits_for_the_deadline_then_wins_and_rates() {
    let (t, clock) = clocked().await;
    t.say("alice", timed_chess(1)).await;
    t.say("bob", Command::Join).await;
    let own = t.say("alice", Command::Claim).await;
    assert!(
        own.private && own.text.contains("your own turn"),
        "{}",
        own.text
    );
    clock.store(T0 + DAY - 1, Ordering::SeqCst);
    let early = t.say("bob", Command::Claim).await;
    assert!(
        early.private && early.text.contains("alice still has time"),
        "{}",
        early.text
    );
    let stranger = t.say("carol", Command::Claim).await;
    assert!(stranger.private, "{}", stranger.text);
    clock.store(T0 + DAY, Ordering::SeqCst);
    let won = t.say("bob", Command::Claim).await;
    assert!(!won.private, "{}", won.text);
    assert!(
        won.text
            .contains("<@alice> ran out of time for a move; <@bob> claims the game."),
        "{}",
        won.text
    );
    assert!(won.text.contains("<@bob> (Black) wins"), "{}", won.text);
    assert!(
        won.text.contains("Ratings:"),
        "the claim rates: {}",
        won.text
    );
    let log = t.store.log(1).await.unwrap();
    assert_eq!(log.last().unwrap().notation, "forfeit on time");
    assert_eq!(log.last().unwrap().user_id, "bob");
    let row = t.store.game(1).await.unwrap();
    assert_eq!(row.deadline_at, None, "a finished game has no deadline");
}

#[tokio::test]
async fn a_game_without_a_limit_has_nothing_to_claim() {
    let t = TestTable::new().await;
    t.chess().await;
    let reply = t.say("bob", Command::Claim).await;
    assert!(
        reply.private && reply.text.contains("no time limit"),
        "{}",
        reply.text
    );
    let row = t.store.open_game("g", "c").await.unwrap().unwrap();
    assert_eq!((row.move_days, row.deadline_at), (None, None));
}

#[tokio::test]
async fn limits_outside_one_to_fourteen_days_are_refused() {
    let (t, _) = clocked().await;
    for days in [-1, 15, i64::MAX] {
        let reply = t.say("alice", timed_chess(days)).await;
        assert!(
            reply.private && reply.text.contains("1 to 14 days"),
            "{}",
            reply.text
        );
    }
    assert!(t.store.latest_game("g", "c").await.unwrap().is_none());
    assert!(
        t.line("@alice /play chess @bob days=x")
            .await
            .contains("not a number of days")
    );
    let out = t.script("@alice /play chess @bob days=2\n@bob /join").await;
    assert!(out.contains("with 2 days per move"), "{out}");
    assert!(out.contains("Time to move: until "), "{out}");
}

#[tokio::test]
async fn a_rematch_keeps_the_time_limit() {
    let (t, _) = clocked().await;
    t.say("alice", timed_chess(5)).await;
    t.say("bob", Command::Join).await;
    t.say("bob", Command::Resign { confirmed: true }).await;
    t.say("bob", Command::Rematch { game: None }).await;
    let row = t.store.open_game("g", "c").await.unwrap().unwrap();
    assert_eq!(row.move_days, Some(5));
}

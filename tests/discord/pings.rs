//! Discord notifies the people mentioned in a created message only, never those added by an
//! edit (discord-api-docs #5497): every turn's ping arrives in a created message (an
//! interaction's answer, a follow-up or a channel message), however late the answer is.

use std::time::Duration;

use super::World;
use crate::support::discord::{CHANNEL, FakeUser, pinged_in_creates};

/// Waits until a message created from request number `from` on pings `user`.
async fn pinged_in_a_create(w: &World, from: usize, user: &FakeUser, what: &str) {
    w.fake
        .wait_for(
            &format!("{what}: a created message pinging {}", user.name),
            |r| {
                pinged_in_creates(&r[from.min(r.len())..])
                    .contains(&user.id)
                    .then_some(())
            },
        )
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_turn_pings_the_next_player_in_a_created_message_even_when_deferred() {
    // Every answer is deferred, and Discord is slow to take each interaction answer.
    let w = World::with(|c| c.defer_after = Duration::ZERO).await;
    w.fake.delay("/callback", Duration::from_millis(300));
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());

    let n = w.fake.requests().len();
    let open = w.fake.play(CHANNEL, &alice, "chess", &bob, &[]).await;
    assert!(open.deferred, "{open:?}");
    pinged_in_a_create(&w, n, &bob, "the invitation").await;

    let n = w.fake.requests().len();
    w.fake.command(&bob, "join", &[]).await;
    pinged_in_a_create(&w, n, &alice, "the first turn").await;

    // Fool's mate, by slash command and by plain message.
    let n = w.fake.requests().len();
    w.play(&alice, "f3").await;
    pinged_in_a_create(&w, n, &bob, "1. f3").await;

    let n = w.fake.say(&bob, "e5", None);
    pinged_in_a_create(&w, n, &alice, "1... e5 typed").await;

    let n = w.fake.requests().len();
    w.play(&alice, "g4").await;
    pinged_in_a_create(&w, n, &bob, "2. g4").await;

    let n = w.fake.requests().len();
    let mate = w.play(&bob, "Qh4").await;
    assert!(mate.content.contains("checkmate"), "{}", mate.content);
    pinged_in_a_create(&w, n, &alice, "the mate").await;
    w.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_a_slow_database_every_turn_pings_in_a_created_message_and_only_announced_moves_land()
{
    // Every database answer waits 2 s once the game is open: answers are deferred.
    let (w, latency) = World::with_latency().await;
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());
    w.chess().await;
    let before = w.game().await.seq;
    latency.set(Duration::from_secs(2));

    let n = w.fake.requests().len();
    let e4 = w.play(&alice, "e4").await;
    assert!(e4.deferred, "a slow turn is deferred: {e4:?}");
    pinged_in_a_create(&w, n, &bob, "1. e4 by slash command").await;

    // A typed move reads the game, claims the message and commits: several slow answers, so
    // this wait is longer than the fake's usual patience.
    let n = w.fake.say(&bob, "e5", None);
    let typed = std::time::Instant::now();
    while !pinged_in_creates(&w.fake.requests()[n..]).contains(&alice.id) {
        assert!(
            typed.elapsed() < Duration::from_secs(60),
            "1... e5 typed: no created message pinged alice"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    eprintln!(
        "the typed move was announced {:?} after it was sent",
        typed.elapsed()
    );
    latency.set(Duration::ZERO);

    // Both moves landed once each, and each was announced above.
    assert_eq!(w.game().await.seq, before + 2);
    w.bot.stop().await;
}

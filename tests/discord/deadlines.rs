//! Autocomplete cannot be deferred and Discord refuses an answer after 3 seconds, so `/move`
//! suggestions answer within the bot's budget with what is ready (the moves kept for the
//! turn) when the database is slow or busy, never late.

use std::time::{Duration, Instant};

use sqlx::Connection as _;

use super::{World, settle};
use crate::support::discord::{CHANNEL, FakeDiscord, FakeUser, GUILD, Recorded};

/// Discord's deadline for the first answer to an interaction.
const DISCORD_DEADLINE: Duration = Duration::from_secs(3);

/// Bob's knight moves after 1. e4.
const KNIGHTS: [&str; 4] = ["Na6", "Nc6", "Nf6", "Nh6"];

/// Types "N" into `/move` as bob and returns his sorted suggestions and how long after the
/// dispatch the fake received the answer.
async fn knights_and_delay(fake: &FakeDiscord) -> (Vec<String>, Duration) {
    let sent = Instant::now();
    let mut choices = fake
        .autocomplete(&FakeUser::bob(), "move", "text", "N")
        .await;
    choices.sort();
    let answered = last_autocomplete(&fake.requests()).at;
    (choices, answered.saturating_duration_since(sent))
}

fn last_autocomplete(requests: &[Recorded]) -> Recorded {
    requests
        .iter()
        .rev()
        .find(|r| r.path.ends_with("/callback") && r.body["type"] == 8)
        .cloned()
        .expect("an autocomplete answer")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn autocomplete_answers_within_the_deadline_while_sqlite_is_busy() {
    let w = World::new().await;
    w.chess().await;
    w.play(&FakeUser::alice(), "e4").await;
    // The turn's moves are made ready in the background after it is announced.
    settle().await;

    // Another process holds the write lock for 4 s, and moves queue behind it: the bot's
    // one writer connection waits for the lock, so nothing else can be written.
    let url = crate::support::db::sqlite_url(&w._dir);
    let mut holder = sqlx::SqliteConnection::connect(&url).await.unwrap();
    sqlx::query("BEGIN IMMEDIATE")
        .execute(&mut holder)
        .await
        .unwrap();
    sqlx::query("UPDATE games SET seq = seq")
        .execute(&mut holder)
        .await
        .unwrap();
    let released = tokio::spawn(async move {
        tokio::time::sleep(Duration::from_secs(4)).await;
        sqlx::query("COMMIT").execute(&mut holder).await.unwrap();
        holder.close().await.unwrap();
    });
    let queued: Vec<_> = (0..8)
        .map(|_| {
            let store = w.bot.store.clone();
            tokio::spawn(async move { store.claim_message(GUILD, CHANNEL, 1).await })
        })
        .collect();
    // The writers queue for the writer connection, which waits for the lock.
    settle().await;
    let write = w.bot.store.claim_message(GUILD, CHANNEL, 2);
    let blocked = tokio::time::timeout(Duration::from_secs(1), write).await;
    assert!(blocked.is_err(), "the database really is busy");

    let (knights, delay) = knights_and_delay(&w.fake).await;
    assert!(delay < DISCORD_DEADLINE, "answered after {delay:?}");
    assert_eq!(knights, KNIGHTS, "the moves kept for the turn");
    released.await.unwrap();
    for write in queued {
        write.await.unwrap().unwrap();
    }
    w.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn autocomplete_answers_within_the_deadline_with_a_slow_database() {
    let (w, latency) = World::with_latency().await;
    w.chess().await;
    w.play(&FakeUser::alice(), "e4").await;
    settle().await;

    latency.set(Duration::from_secs(2));
    let (knights, delay) = knights_and_delay(&w.fake).await;
    assert!(delay < DISCORD_DEADLINE, "answered after {delay:?}");
    assert_eq!(knights, KNIGHTS, "the moves kept for the turn");
    // Alice is not to move: nothing kept is hers.
    let sent = Instant::now();
    let hers = w
        .fake
        .autocomplete(&FakeUser::alice(), "move", "text", "")
        .await;
    let delay = last_autocomplete(&w.fake.requests())
        .at
        .saturating_duration_since(sent);
    assert!(delay < DISCORD_DEADLINE, "answered after {delay:?}");
    assert!(hers.is_empty(), "{hers:?}");
    latency.set(Duration::ZERO);
    w.bot.stop().await;
}

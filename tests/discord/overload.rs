//! Overload: beyond the table's bound on commands in flight, a command is answered at once,
//! privately, that tabula is busy and nothing was played, and nothing of it is stored; the
//! command let in is still answered in time (deferred, then its result).

use std::time::{Duration, Instant};

use serde_json::json;
use tabula::store::{Latency, Store};
use tabula::table::{BUSY, Table};

use crate::support::discord::{Bot, CHANNEL, FakeDiscord, FakeUser, GUILD};

/// A second channel with a game of its own.
const OTHER: &str = "900000000000000299";

/// How long Discord waits for the first answer to an interaction.
const DISCORD_DEADLINE: Duration = Duration::from_secs(3);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_command_beyond_the_in_flight_bound_is_answered_busy_at_once_and_nothing_is_played() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().expect("temp dir");
    let url = crate::support::db::sqlite_url(&dir);
    let latency = Latency::default();
    let store = Store::connect_with_latency(&url, Some(latency.clone()))
        .await
        .expect("the store connects");
    // One command in flight at most.
    let table = Table::new(store.clone(), crate::support::render::shared()).with_max_in_flight(1);
    let bot = Bot::start_table(&fake, store.clone(), table.clone(), |config| {
        config.defer_after = Duration::from_millis(300);
    })
    .await;
    let (alice, bob, carol, dave) = (
        FakeUser::alice(),
        FakeUser::bob(),
        FakeUser::carol(),
        FakeUser::dave(),
    );
    for (channel, first, second) in [(CHANNEL, &alice, &bob), (OTHER, &carol, &dave)] {
        fake.play(channel, first, "chess", second, &[]).await;
        let joined = fake
            .command_in(channel, second, "join", json!([]), &[])
            .await;
        assert!(!joined.ephemeral, "{joined:?}");
    }
    let other = store.open_game(GUILD, OTHER).await.unwrap().unwrap();
    let e4 = || json!([{"name": "text", "type": 3, "value": "e4"}]);

    // A slow database holds alice's move in flight; carol's move meanwhile finds no room.
    latency.set(Duration::from_millis(700));
    let slow = fake.command_in(CHANNEL, &alice, "move", e4(), &[]);
    let turned_away = async {
        let deadline = Instant::now() + Duration::from_secs(10);
        while table.metrics().snapshot().in_flight == 0 {
            assert!(Instant::now() < deadline, "alice's move never got in");
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        let sent = Instant::now();
        let answer = fake.command_in(OTHER, &carol, "move", e4(), &[]).await;
        (answer, sent.elapsed())
    };
    let (slow, (busy, took)) = tokio::join!(slow, turned_away);

    assert!(busy.ephemeral, "only carol reads it: {busy:?}");
    assert_eq!(busy.content, BUSY);
    assert!(!busy.deferred, "answered at once: {busy:?}");
    assert!(took < DISCORD_DEADLINE, "answered after {took:?}");
    assert!(
        slow.deferred && !slow.ephemeral && slow.content.contains("e4"),
        "the move let in is deferred, then answered with its turn: {slow:?}"
    );

    latency.set(Duration::ZERO);
    // Alice's move leaves once its answer is sent.
    let deadline = Instant::now() + Duration::from_secs(10);
    while table.metrics().snapshot().in_flight > 0 {
        assert!(Instant::now() < deadline, "alice's move never left");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let after = store.game(other.id).await.unwrap();
    assert_eq!(after.seq, other.seq, "nothing of carol's move was stored");
    assert!(store.log(other.id).await.unwrap().is_empty());
    let counted = table.metrics().snapshot();
    assert_eq!((counted.refused_busy, counted.in_flight), (1, 0));

    // With room again, the same move is played.
    let again = fake.command_in(OTHER, &carol, "move", e4(), &[]).await;
    assert!(!again.ephemeral, "{again:?}");
    assert_eq!(store.log(other.id).await.unwrap().len(), 1);
    bot.stop().await;
}

//! Outages: a plain-text move typed while the bot's gateway session was down is never
//! delivered to it. After the bot identifies again it reads the game channel from the newest
//! message it handled and plays what it missed, exactly once. A command whose interaction
//! Discord no longer takes (its token expired while the bot was away) is answered in the
//! channel with its result.

use super::{World, settle};
use crate::support::discord::{Answer, FakeUser};

/// Counts the channel messages announcing `notation` from request number `from` on.
fn announced(w: &World, from: usize, notation: &str) -> usize {
    let played = format!("played **{notation}**");
    w.fake.requests()[from..]
        .iter()
        .filter(|r| r.method == "POST" && r.path.ends_with("/messages"))
        .filter(|r| r.body["content"].as_str().unwrap_or("").contains(&played))
        .count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_typed_during_an_outage_is_played_once_after_the_reconnect() {
    let w = World::new().await;
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());
    w.chess().await;
    let game = w.game().await.id;
    let start = w.fake.requests().len();
    // A move handled live stays in the channel's history.
    let (n, _) = w.fake.say_kept(&alice, "e4");
    w.fake.posted_after(n).await;

    let readies = w.fake.readies();
    w.fake.invalidate_session();
    w.fake.type_unseen(&bob, "e5");
    w.fake.wait_ready(readies + 1).await;
    let (_, turn): (String, Answer) = w
        .fake
        .posted_until(n, |a| a.content.contains("played **e5**"))
        .await
        .pop()
        .unwrap();
    assert!(turn.content.contains(&alice.mention()), "{}", turn.content);
    turn.png();

    // Another reconnect finds nothing new: nothing is played twice.
    w.fake.invalidate_session();
    w.fake.wait_ready(readies + 2).await;
    settle().await;
    let log: Vec<String> = w
        .bot
        .store
        .log(game)
        .await
        .unwrap()
        .into_iter()
        .map(|a| a.notation)
        .collect();
    assert_eq!(log, ["e4", "e5"]);
    assert_eq!(announced(&w, start, "e4"), 1);
    assert_eq!(announced(&w, start, "e5"), 1);
    w.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_command_whose_token_expired_is_answered_in_the_channel() {
    let w = World::new().await;
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());
    w.chess().await;
    // Discord refuses every answer to the interaction: it is unknown by now.
    w.fake.fail("/callback", 404, 10);
    w.fake.fail("/webhooks/", 404, 10);
    let answer = w.play(&alice, "e4").await;
    assert_eq!(answer.kind, 0, "posted in the channel: {answer:?}");
    assert!(
        answer.content.contains("played **e4**"),
        "{}",
        answer.content
    );
    assert!(answer.pinged.contains(&bob.id), "{:?}", answer.pinged);
    w.bot.stop().await;
}

//! Plain-text moves: a legal move typed (or replied to the turn message) by the player to move
//! is played; everything else in the channel is ignored without a word.

use super::{World, assert_turn, settle};
use crate::support::discord::FakeUser;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn plain_text_moves_from_the_player_to_move_are_played_and_chatter_is_ignored() {
    let w = World::new().await;
    let (alice, bob, carol) = (FakeUser::alice(), FakeUser::bob(), FakeUser::carol());
    w.chess().await;
    let start = w.fake.say(&bob, "e5", None);
    w.fake.say(&alice, "good luck, have fun!", None);
    w.fake.say(&carol, "e4", None);
    w.fake.say(&alice, "e5", None);
    settle().await;
    assert!(
        w.fake.requests()[start..]
            .iter()
            .all(|r| !r.path.ends_with("/messages")),
        "chatter, other people's moves and illegal moves get no answer"
    );
    assert!(w.bot.store.log(w.game().await.id).await.unwrap().is_empty());

    let n = w.fake.say(&alice, "e4", None);
    let (_, turn) = w.fake.posted_after(n).await;
    assert!(turn.content.contains("played **e4**"), "{}", turn.content);
    assert_turn(&turn, &bob);

    let n = w.fake.say(
        &bob,
        &format!("<@{}> Nc6", crate::support::discord::BOT_ID),
        Some("123"),
    );
    let (_, reply) = w.fake.posted_after(n).await;
    assert!(
        reply.content.contains("played **Nc6**"),
        "{}",
        reply.content
    );
    assert_turn(&reply, &alice);
    let request = w.fake.requests()[n..]
        .iter()
        .find(|r| r.path.ends_with("/messages"))
        .cloned()
        .unwrap();
    assert!(
        request.body["message_reference"]["message_id"].is_string(),
        "answers as a reply"
    );
    assert_eq!(w.bot.store.log(w.game().await.id).await.unwrap().len(), 2);
    w.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_the_message_content_switch_plain_text_is_never_read() {
    let w = World::with(|c| c.message_content = false).await;
    w.chess().await;
    let n = w.fake.say(&FakeUser::alice(), "e4", None);
    settle().await;
    assert!(
        w.fake.requests()[n..]
            .iter()
            .all(|r| !r.path.ends_with("/messages"))
    );
    assert!(w.bot.store.log(w.game().await.id).await.unwrap().is_empty());
    w.bot.stop().await;
}

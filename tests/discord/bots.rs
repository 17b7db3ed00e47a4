//! Playing against the bot over the fake Discord: the bot's move arrives as its own message,
//! with a board picture, after the person's, and pings the person whose turn it is again.

use serde_json::json;

use super::World;
use crate::support::discord::{CHANNEL, FakeUser, game_choice};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_chess_bot_1_answers_each_move_with_the_bots_own_message_and_board() {
    let w = World::new().await;
    let alice = FakeUser::alice();
    let choice = w
        .fake
        .wait_for("the command registration", |requests| {
            requests
                .iter()
                .any(|r| r.method == "PUT" && r.path.ends_with("/commands"))
                .then(|| game_choice(requests, "chess"))
        })
        .await;
    let options = json!([
        {"name": "game", "type": 4, "value": choice},
        {"name": "bot", "type": 4, "value": 1},
    ]);
    let open = w
        .fake
        .command_in(CHANNEL, &alice, "play", options, &[])
        .await;
    assert!(!open.ephemeral, "{open:?}");
    assert!(!open.files.is_empty(), "the first board: {open:?}");
    assert!(
        open.pinged.contains(&alice.id),
        "alice moves first: {open:?}"
    );

    for text in ["e4", "d4"] {
        let before = w.fake.requests().len();
        let mine = w.play(&alice, text).await;
        assert!(!mine.ephemeral, "{mine:?}");
        let (channel, reply) = w.fake.posted_after(before).await;
        assert_eq!(channel, CHANNEL);
        assert!(reply.content.contains("played"), "{reply:?}");
        assert!(
            !reply.files.is_empty(),
            "the bot's move comes with a board: {reply:?}"
        );
        assert_eq!(reply.pinged, vec![alice.id.clone()], "{reply:?}");
    }
    w.bot.stop().await;
}

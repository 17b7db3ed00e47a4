//! Discord failing (500s, 429s) neither crashes the bot nor changes a game; a move whose
//! answer Discord refused is announced in the channel instead.

use super::{World, assert_turn};
use crate::support::discord::{Bot, FakeDiscord, FakeUser};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn server_errors_and_rate_limits_neither_crash_the_bot_nor_change_games() {
    let fake = FakeDiscord::start().await;
    // Registration fails at start-up: the bot must still serve commands.
    fake.fail("/commands", 500, 10);
    let dir = tempfile::tempdir().unwrap();
    let url = crate::support::db::sqlite_url(&dir);
    let bot = Bot::start(&fake, &url, |_| {}).await;
    let w = World {
        fake,
        bot,
        _dir: dir,
    };
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());
    w.chess().await;
    let id = w.game().await.id;

    w.fake.fail("/callback", 429, 1);
    let retried = w.play(&alice, "e4").await;
    assert_eq!(
        retried.kind, 4,
        "answered after the rate limit: {retried:?}"
    );
    assert_turn(&retried, &bob);

    w.fake.fail("/callback", 500, 100);
    let rescued = w.play(&bob, "e5").await;
    assert_eq!(
        rescued.kind, 0,
        "posted in the channel instead: {rescued:?}"
    );
    assert!(rescued.content.contains(&bob.mention()) && rescued.content.contains("here it is"));
    assert!(
        rescued.content.contains("played **e5**"),
        "{}",
        rescued.content
    );
    assert!(rescued.pinged.contains(&alice.id) && rescued.pinged.contains(&bob.id));
    rescued.png();
    w.fake.clear_failures();

    w.fake.fail("/callback", 503, 1);
    let after = w.play(&alice, "Nf3").await;
    assert_turn(&after, &bob);
    let log: Vec<String> = w
        .bot
        .store
        .log(id)
        .await
        .unwrap()
        .into_iter()
        .map(|a| a.notation)
        .collect();
    assert_eq!(log, ["e4", "e5", "Nf3"], "every move landed exactly once");
    w.bot.stop().await;
}

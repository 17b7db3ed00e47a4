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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_post_whose_answer_was_lost_is_retried_with_its_nonce_and_appears_once() {
    let w = super::World::new().await;
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());
    w.chess().await;
    let path = format!("/channels/{}/messages", crate::support::discord::CHANNEL);
    // Discord makes the message, but its answer never reaches the bot, which tries again.
    w.fake.lose_answers(&path, 1);
    let n = w.fake.say(&alice, "e4", None);
    let (_, turn) = w.fake.posted_after(n).await;
    assert_turn(&turn, &bob);
    let creates = w
        .fake
        .wait_for("the post tried again", |requests| {
            let creates: Vec<_> = requests[n..]
                .iter()
                .filter(|r| r.method == "POST" && r.path.ends_with(&path))
                .cloned()
                .collect();
            (creates.len() >= 2).then_some(creates)
        })
        .await;
    super::settle().await;
    let nonce = &creates[0].body["nonce"];
    assert!(nonce.is_string(), "{:?}", creates[0].body);
    assert_eq!(creates[0].body["enforce_nonce"], true);
    assert!(
        creates.iter().all(|c| &c.body["nonce"] == nonce),
        "every try carries the same nonce"
    );
    let posts = w.fake.channel_posts(crate::support::discord::CHANNEL);
    let moves: Vec<_> = posts
        .iter()
        .filter(|m| {
            m["content"]
                .as_str()
                .unwrap_or("")
                .contains("played **e4**")
        })
        .collect();
    assert_eq!(moves.len(), 1, "exactly one message: {posts:?}");
    let log = w.bot.store.log(w.game().await.id).await.unwrap();
    assert_eq!(log.len(), 1, "the move was played once");
    w.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_command_in_a_shape_this_build_does_not_know_is_still_answered() {
    let w = super::World::new().await;
    let alice = FakeUser::alice();
    w.chess().await;
    let channel = crate::support::discord::CHANNEL;
    // `/move` as an older registration had it (a number, not text), and a command this build
    // does not have at all: each gets a private answer, never "did not respond".
    let options = serde_json::json!([{"name": "text", "type": 4, "value": 5}]);
    let mismatched = w
        .fake
        .command_in(channel, &alice, "move", options, &[])
        .await;
    let unknown = w
        .fake
        .command_in(channel, &alice, "frobnicate", serde_json::json!([]), &[])
        .await;
    for answer in [mismatched, unknown] {
        assert_eq!(answer.kind, 4, "{answer:?}");
        assert!(answer.ephemeral, "{answer:?}");
        assert!(answer.content.contains("try again"), "{}", answer.content);
    }
    assert!(w.bot.store.log(w.game().await.id).await.unwrap().is_empty());
    w.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_answer_discord_took_but_whose_reply_was_lost_is_not_shown_twice() {
    let w = super::World::new().await;
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());
    w.chess().await;
    // Discord takes the answer, the reply to the bot is lost, and the bot's second try is
    // told the interaction was acknowledged already (40060).
    w.fake.lose_answers("/callback", 1);
    let n = w.fake.requests().len();
    let turn = w.play(&alice, "e4").await;
    assert_turn(&turn, &bob);
    let tries = w
        .fake
        .wait_for("the answer tried again", |requests| {
            let tries: Vec<u16> = requests[n..]
                .iter()
                .filter(|r| r.method == "POST" && r.path.ends_with("/callback"))
                .map(|r| r.status)
                .collect();
            (tries.len() >= 2).then_some(tries)
        })
        .await;
    super::settle().await;
    assert_eq!(tries.len(), 2, "tried twice: {tries:?}");
    assert_eq!(tries[1], 400, "the second try was refused: {tries:?}");
    let violations = w.fake.take_violations();
    assert!(
        violations.len() == 1 && violations[0].contains("40060"),
        "{violations:?}"
    );
    let rescued: Vec<_> = w
        .fake
        .requests()
        .into_iter()
        .skip(n)
        .filter(|r| r.method == "POST" && r.path.contains("/channels/"))
        .collect();
    assert!(
        rescued.is_empty(),
        "not posted in the channel as well: {rescued:?}"
    );
    let log = w.bot.store.log(w.game().await.id).await.unwrap();
    assert_eq!(log.len(), 1, "the move was played once");
    w.bot.stop().await;
}

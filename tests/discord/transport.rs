//! The bot under Discord's transport conditions: rate-limit buckets (waited out through
//! serenity's own ratelimiter, as in production), requests Discord never answers, a slow
//! deferral, and the gateway's reconnects, resumes and refused intents.

use std::time::Duration;

use serde_json::json;

use super::World;
use crate::support::discord::{CHANNEL, FakeUser, Recorded, payloads};

/// Returns the bot's posts in the test channel, in the order they reached the fake.
fn channel_posts(requests: &[Recorded]) -> Vec<Recorded> {
    let path = format!("/api/v10/channels/{CHANNEL}/messages");
    let mut posts: Vec<Recorded> = requests
        .iter()
        .filter(|r| r.method == "POST" && r.path == path)
        .cloned()
        .collect();
    posts.sort_by_key(|r| r.received);
    posts
}

/// Plays `moves` as plain-text messages, alternating alice and bob, each once the previous
/// one's board is posted.
async fn play_plain(w: &World, moves: &[&str]) {
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());
    for (i, text) in moves.iter().enumerate() {
        let who = if i % 2 == 0 { &alice } else { &bob };
        let n = w.fake.say(who, text, None);
        let played = format!("played **{text}**");
        w.fake
            .posted_until(n, |a| a.content.contains(&played))
            .await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_of_turns_in_one_channel_waits_as_the_rate_limit_headers_say() {
    let w = World::new().await;
    w.fake.limit_channel_messages(2, Duration::from_millis(800));
    w.chess().await;
    let moves = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"];
    play_plain(&w, &moves).await;
    let posts = channel_posts(&w.fake.requests());
    assert_eq!(
        posts.iter().filter(|p| p.status == 200).count(),
        moves.len(),
        "every board arrived once"
    );
    let mut waited = 0;
    for pair in posts.windows(2) {
        let (before, after) = (&pair[0], &pair[1]);
        let rate = before.rate.expect("a channel post carries its bucket");
        if rate.remaining == 0 || rate.limited {
            assert!(
                after.received >= before.answered + rate.reset_after,
                "a post came {:?} after an answer saying to wait {:?}",
                after.received - before.answered,
                rate.reset_after
            );
            waited += 1;
        }
    }
    assert!(waited >= 2, "the burst used up the bucket: {posts:?}");
    assert!(
        posts.iter().all(|p| p.status != 429),
        "serenity's ratelimiter waited before Discord had to refuse"
    );
    w.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_429_is_waited_out_as_retry_after_says_and_the_board_still_arrives() {
    let w = World::new().await;
    w.chess().await;
    // Another client of the bot's used the channel's bucket up just now.
    w.fake.exhaust_channel_bucket(CHANNEL);
    play_plain(&w, &["e4"]).await;
    let posts = channel_posts(&w.fake.requests());
    let refused = posts
        .iter()
        .position(|p| p.status == 429)
        .expect("the first post met the exhausted bucket");
    let retry = posts.get(refused + 1).expect("the post was retried");
    assert_eq!(retry.status, 200, "{retry:?}");
    let rate = posts[refused].rate.expect("a 429 carries its bucket");
    // serenity sleeps the `Retry-After` header: whole seconds, rounded up.
    let retry_after = Duration::from_secs(rate.reset_after.as_secs_f64().ceil() as u64);
    assert!(
        retry.received >= posts[refused].answered + retry_after,
        "retried {:?} after a 429 saying {retry_after:?}",
        retry.received - posts[refused].answered
    );
    w.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_discord_never_answers_is_given_up_after_the_timeout() {
    let w = World::with(|c| c.http_timeout = Duration::from_millis(700)).await;
    w.chess().await;
    // Discord takes the answer's connection and never answers on it.
    w.fake.delay("/callback", Duration::from_secs(600));
    let id = w.fake.next_id();
    let token = format!("token-{id}");
    let options = json!([{"name": "text", "type": 3, "value": "e4"}]);
    let alice = FakeUser::alice();
    let e4 = payloads::slash(&id, &token, &alice, CHANNEL, "move", options, &[]);
    let n = w.fake.requests().len();
    w.fake.dispatch("INTERACTION_CREATE", e4);
    let (_, posted) = w.fake.posted_after(n).await;
    assert!(
        posted.content.contains("played **e4**") && posted.content.contains(&alice.mention()),
        "the bot gave up on the callback and posted the move in the channel: {}",
        posted.content
    );
    w.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_is_stored_while_discord_is_slow_to_take_the_deferral() {
    let w = World::with(|c| c.defer_after = Duration::ZERO).await;
    w.chess().await;
    let game = w.game().await.id;
    w.fake.delay("/callback", Duration::from_millis(2500));
    let id = w.fake.next_id();
    let token = format!("token-{id}");
    let options = json!([{"name": "text", "type": 3, "value": "e4"}]);
    let e4 = payloads::slash(
        &id,
        &token,
        &FakeUser::alice(),
        CHANNEL,
        "move",
        options,
        &[],
    );
    let answered = {
        let fake = &w.fake;
        async move { fake.interact(e4).await }
    };
    let stored = async {
        tokio::time::timeout(crate::support::discord::PATIENCE, async {
            while w.bot.store.log(game).await.unwrap().is_empty() {
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
        })
        .await
        .expect("the move is stored");
        // The deferral is still on its way: the work did not wait for it.
        let callback = format!("/interactions/{id}/{token}/callback");
        w.fake
            .requests()
            .iter()
            .any(|r| r.path.ends_with(&callback))
    };
    let (answer, deferral_done) = tokio::join!(answered, stored);
    assert!(
        !deferral_done,
        "the move was stored only after Discord took the deferral"
    );
    assert!(
        answer.deferred && answer.content.contains("played **e4**"),
        "{answer:?}"
    );
    w.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reconnect_request_and_an_invalid_session_are_followed_and_commands_still_work() {
    let w = World::new().await;
    w.fake.send_reconnect();
    w.fake.wait_resumed(1).await;
    w.chess().await;
    w.fake.send_invalid_session(false);
    w.fake.wait_ready(2).await;
    let answer = w.play(&FakeUser::alice(), "e4").await;
    assert!(answer.content.contains("played **e4**"), "{answer:?}");
    w.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn events_missed_while_disconnected_are_replayed_on_resume() {
    let w = World::new().await;
    w.chess().await;
    w.fake.cut_gateway();
    let n = w.fake.say(&FakeUser::alice(), "e4", None);
    w.fake.wait_resumed(1).await;
    w.fake
        .posted_until(n, |a| a.content.contains("played **e4**"))
        .await;
    assert_eq!(w.bot.store.log(w.game().await.id).await.unwrap().len(), 1);
    assert_eq!(w.fake.dropped_events(), 0);
    w.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn events_missed_are_dropped_when_the_bot_must_identify_anew() {
    let w = World::new().await;
    w.chess().await;
    w.fake.expire_session();
    w.fake.cut_gateway();
    w.fake.say(&FakeUser::alice(), "e4", None);
    w.fake.wait_ready(2).await;
    assert_eq!(w.fake.identifies().len(), 2, "the bot identified anew");
    assert_eq!(w.fake.dropped_events(), 1, "the missed message is gone");
    w.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_the_message_content_intent_the_bot_runs_slash_only() {
    let fake = crate::support::discord::FakeDiscord::start().await;
    fake.disable_message_content();
    let dir = tempfile::tempdir().unwrap();
    let url = crate::support::db::sqlite_url(&dir);
    let bot = crate::support::discord::Bot::start(&fake, &url, |c| c.message_content = true).await;
    let w = World {
        fake,
        bot,
        _dir: dir,
    };
    let intents: Vec<u64> = w
        .fake
        .identifies()
        .iter()
        .map(|d| d["intents"].as_u64().unwrap_or(0))
        .collect();
    assert_eq!(
        intents.len(),
        2,
        "refused once, then connected: {intents:?}"
    );
    assert_ne!(intents[0] & (1 << 15), 0, "asked for Message Content first");
    assert_eq!(intents[1] & (1 << 15), 0, "then connected without it");
    let turn = w.chess().await;
    assert!(!turn.ephemeral, "slash commands work: {turn:?}");
    w.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_binary_names_the_portal_switch_when_message_content_is_refused_and_logs_without_colour_codes()
 {
    use crate::support::discord::process::spawn_bot;
    crate::support::discord::bot::init_tracing();
    let fake = crate::support::discord::FakeDiscord::start().await;
    fake.disable_message_content();
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("games.db").display());
    let run = spawn_bot(
        &fake,
        dir.path(),
        &url,
        1,
        &[("TABULA_MESSAGE_CONTENT", "1")],
    );
    fake.wait_ready(1).await;
    let log_path = dir.path().join("bot-1.log");
    let log = fake
        .wait_for("the intent warning in the log", |_| {
            let log = std::fs::read_to_string(&log_path).unwrap_or_default();
            log.contains("Message Content Intent").then_some(log)
        })
        .await;
    assert!(
        log.contains("Developer Portal")
            && log.contains("Privileged Gateway Intents → Message Content Intent"),
        "{log}"
    );
    assert!(
        !log.contains('\u{1b}'),
        "no colour codes in a log file: {log:?}"
    );
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());
    let open = fake.play(CHANNEL, &alice, "chess", &bob, &[]).await;
    assert!(!open.ephemeral, "slash commands work: {open:?}");
    drop(run);
}

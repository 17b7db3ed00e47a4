//! Discord's rules as the strict fake enforces them, each checked once on its own: a request
//! that breaks one is answered as Discord answers it and counted as a violation, and a test
//! whose fake saw a violation fails. (Every other end-to-end test runs under the same rules.)

use std::time::Duration;

use serde_json::{Value, json};

use super::World;
use crate::support::discord::strict::{SEND_MESSAGES, VIEW_CHANNEL};
use crate::support::discord::{APP_ID, CHANNEL, FakeDiscord, FakeUser, payloads};

/// Another channel of the guild.
const OTHER: &str = "900000000000000299";

/// Sends a request to the fake as the bot would, outside the bot; returns the status and the
/// JSON answer.
async fn raw(fake: &FakeDiscord, method: &str, path: &str, body: Value) -> (u16, Value) {
    let method = reqwest::Method::from_bytes(method.as_bytes()).expect("a method");
    let response = reqwest::Client::builder()
        .no_proxy()
        .build()
        .expect("a client")
        .request(method, format!("{}/api/v10{path}", fake.base_url()))
        .header("content-type", "application/json")
        .body(body.to_string())
        .send()
        .await
        .expect("the fake answers");
    let status = response.status().as_u16();
    let text = response.text().await.unwrap_or_default();
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

/// Runs `/help` through the bot and returns the interaction's id and token.
async fn answered_interaction(w: &World) -> (String, String) {
    w.fake.command(&FakeUser::alice(), "help", &[]).await;
    let callback = w
        .fake
        .requests()
        .into_iter()
        .rev()
        .find(|r| r.path.ends_with("/callback") && r.status == 204)
        .expect("the bot answered /help");
    let parts: Vec<&str> = callback.path.split('/').collect();
    (parts[4].to_string(), parts[5].to_string())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_callback_after_three_seconds_is_refused() {
    let w = World::new().await;
    // The interaction reaches the bot 3.5 s after Discord made it: any answer is too late.
    w.fake.lag_gateway(Duration::from_millis(3500));
    let id = w.fake.next_id();
    let token = format!("token-{id}");
    let help = payloads::slash(
        &id,
        &token,
        &FakeUser::alice(),
        CHANNEL,
        "help",
        json!([]),
        &[],
    );
    w.fake.dispatch("INTERACTION_CREATE", help);
    let callback = format!("/api/v10/interactions/{id}/{token}/callback");
    let refused = w
        .fake
        .wait_for("the late callback", |r| {
            r.iter().find(|r| r.path == callback).cloned()
        })
        .await;
    assert_eq!(refused.status, 404, "{refused:?}");
    let violations = w.fake.take_violations();
    assert!(
        violations.len() == 1 && violations[0].contains("10062"),
        "{violations:?}"
    );
    w.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_acknowledgement_is_refused() {
    let w = World::new().await;
    let (id, token) = answered_interaction(&w).await;
    let again = json!({"type": 4, "data": {"content": "again"}});
    let path = format!("/interactions/{id}/{token}/callback");
    let (status, body) = raw(&w.fake, "POST", &path, again).await;
    assert_eq!(
        (status, body["code"].as_u64()),
        (400, Some(40060)),
        "{body}"
    );
    let violations = w.fake.take_violations();
    assert_eq!(violations.len(), 1, "{violations:?}");
    w.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_interaction_token_older_than_fifteen_minutes_is_refused() {
    let w = World::new().await;
    let (_, token) = answered_interaction(&w).await;
    let path = format!("/webhooks/{APP_ID}/{token}");
    let (fresh, _) = raw(&w.fake, "POST", &path, json!({"content": "in time"})).await;
    assert_eq!(fresh, 200, "a follow-up within 15 minutes is taken");
    w.fake.age_tokens(Duration::from_secs(15 * 60 + 1));
    let (status, body) = raw(&w.fake, "POST", &path, json!({"content": "too late"})).await;
    assert_eq!(
        (status, body["code"].as_u64()),
        (404, Some(50027)),
        "{body}"
    );
    let edit = format!("/webhooks/{APP_ID}/{token}/messages/@original");
    let (edited, _) = raw(&w.fake, "PATCH", &edit, json!({"content": "late edit"})).await;
    assert_eq!(edited, 404);
    assert_eq!(w.fake.take_violations().len(), 2);
    w.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_body_over_discords_limits_is_refused_with_50035() {
    let fake = FakeDiscord::start().await;
    fake.limit_channel_messages(100, Duration::from_secs(5));
    let post = format!("/channels/{CHANNEL}/messages");
    let button =
        |i: usize| json!({"type": 2, "style": 1, "label": "x", "custom_id": format!("b{i}")});
    let buttons: Vec<Value> = (0..5).map(button).collect();
    let row = json!({"type": 1, "components": buttons});
    let eleven = vec![json!({"title": "t"}); 11];
    let six_rows = vec![row.clone(); 6];
    let over: [(&str, Value); 8] = [
        ("content", json!({"content": "x".repeat(2001)})),
        ("embeds", json!({"embeds": eleven})),
        (
            "embed description",
            json!({"embeds": [{"description": "d".repeat(4097)}]}),
        ),
        (
            "embed total",
            json!({"embeds": [{"description": "d".repeat(4000)},
                                          {"description": "d".repeat(2001)}]}),
        ),
        ("action rows", json!({"components": six_rows})),
        (
            "button label",
            json!({"components": [{"type": 1, "components": [
            {"type": 2, "style": 1, "label": "l".repeat(81), "custom_id": "c"}]}]}),
        ),
        (
            "custom_id",
            json!({"components": [{"type": 1, "components": [
            {"type": 2, "style": 1, "label": "l", "custom_id": "c".repeat(101)}]}]}),
        ),
        (
            "allowed_mentions",
            json!({"content": "hi",
            "allowed_mentions": {"parse": ["users"], "users": ["900000000000000301"]}}),
        ),
    ];
    for (what, body) in over {
        let (status, answer) = raw(&fake, "POST", &post, body).await;
        assert_eq!(
            (status, answer["code"].as_u64()),
            (400, Some(50035)),
            "{what}: {answer}"
        );
    }
    let (ok, _) = raw(
        &fake,
        "POST",
        &post,
        json!({"content": "x".repeat(2000),
        "components": [row], "allowed_mentions": {"parse": [], "users": []}}),
    )
    .await;
    assert_eq!(ok, 200, "a body at the limits is taken");
    assert_eq!(fake.take_violations().len(), 8);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[should_panic(expected = "broke Discord's rules")]
async fn a_test_whose_fake_saw_a_violation_fails() {
    let fake = FakeDiscord::start().await;
    let post = format!("/channels/{CHANNEL}/messages");
    raw(&fake, "POST", &post, json!({"content": "x".repeat(2001)})).await;
    // Dropping the fake fails the test.
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_post_where_the_bot_may_not_send_messages_is_refused_with_50013() {
    let fake = FakeDiscord::start().await;
    fake.set_channel_permissions(OTHER, VIEW_CHANNEL);
    let post = format!("/channels/{OTHER}/messages");
    let (status, body) = raw(&fake, "POST", &post, json!({"content": "hello"})).await;
    assert_eq!(
        (status, body["code"].as_u64()),
        (403, Some(50013)),
        "{body}"
    );
    assert_eq!(fake.permissions_in(OTHER) & SEND_MESSAGES, 0);
    let (here, _) = raw(
        &fake,
        "POST",
        &format!("/channels/{CHANNEL}/messages"),
        json!({"content": "hello"}),
    )
    .await;
    assert_eq!(here, 200, "other channels keep the bot's permissions");
    fake.assert_clean();
}

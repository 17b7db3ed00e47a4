//! Discord's limits and manners: every `/rules` and `/help` answer fits in messages of 2,000
//! characters without losing a word, names quoted in replies show their Markdown as typed
//! and never ping, and a private answer is never shown publicly, not even when its public
//! deferral cannot be removed.

use std::time::Duration;

use serde_json::{Value, json};

use super::World;
use crate::support::discord::{CHANNEL, FakeUser, Recorded, game_choice, payloads};
use tabula::rules::GameKind;
use tabula::store::Store;
use tabula::table::{Command, Ctx, Table, User};

/// Discord's limit on a message's text.
const MAX_CONTENT: usize = 2000;

/// The texts of every message answering the interaction with `token`, in order.
fn pages(requests: &[Recorded], token: &str) -> Vec<String> {
    requests
        .iter()
        .filter(|r| r.path.contains(token) && r.method == "POST" && (200..300).contains(&r.status))
        .filter_map(|r| {
            let body = if r.path.ends_with("/callback") {
                &r.body["data"]
            } else {
                &r.body
            };
            body["content"].as_str().map(str::to_string)
        })
        .collect()
}

fn squeezed(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

/// Runs `/name options` as alice and waits until its pages, joined, are `expected`.
async fn paged_answer(w: &World, name: &str, options: Value, expected: &str) -> Vec<String> {
    let id = w.fake.next_id();
    let token = format!("token-{id}");
    let payload = payloads::slash(&id, &token, &FakeUser::alice(), CHANNEL, name, options, &[]);
    w.fake.interact(payload).await;
    let want = squeezed(expected);
    w.fake
        .wait_for(&format!("every page of /{name}"), |r| {
            let got = pages(r, &token);
            (squeezed(&got.concat()) == want).then_some(got)
        })
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_rules_and_help_answer_fits_discord_limits_without_losing_a_word() {
    let w = World::new().await;
    let table = Table::new(
        Store::connect("sqlite::memory:").await.unwrap(),
        crate::support::render::shared(),
    );
    let who = Ctx {
        guild: "g".into(),
        channel: "c".into(),
        user: User::named("alice"),
        admin: false,
    };
    let help = table.handle(&who, Command::Help).await.text;
    let mut answers = vec![paged_answer(&w, "help", json!([]), &help).await];
    let registered = w.fake.requests();
    for choice in GameKind::choices() {
        let game = Some(choice.name.to_string());
        let rules = table.handle(&who, Command::Rules { game }).await.text;
        let index = game_choice(&registered, choice.name);
        let options = json!([{"name": "game", "type": 4, "value": index}]);
        answers.push(paged_answer(&w, "rules", options, &rules).await);
    }
    for page in answers.iter().flatten() {
        assert!(
            page.chars().count() <= MAX_CONTENT,
            "{} characters",
            page.chars().count()
        );
        assert!(!page.is_empty());
    }
    w.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_quoted_in_error_replies_show_markdown_as_typed_and_never_ping() {
    let w = World::new().await;
    let odd = FakeUser {
        id: "900000000000000309".into(),
        name: "**x**_y_ @everyone".into(),
        admin: false,
        threads: true,
    };
    let alice = FakeUser::alice();
    w.fake.play(CHANNEL, &odd, "chess", &alice, &[]).await;
    w.fake.command(&alice, "join", &[]).await;
    let refused = w.play(&alice, "e5").await;
    assert!(refused.ephemeral, "{refused:?}");
    assert!(
        refused
            .content
            .contains("\\*\\*x\\*\\*\\_y\\_ @\u{200b}everyone"),
        "{}",
        refused.content
    );
    assert!(
        !refused.content.contains("@everyone"),
        "{}",
        refused.content
    );
    w.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_delete_never_shows_a_private_answer_publicly() {
    let w = World::with(|c| c.defer_after = Duration::ZERO).await;
    w.chess().await;
    // The public deferral of `/move` can be neither removed nor edited.
    w.fake.fail("/messages/@original", 500, 100);
    let n = w.fake.requests().len();
    let refused = w.play(&FakeUser::bob(), "e5").await;
    assert!(
        refused.ephemeral && refused.content.contains("turn"),
        "{refused:?}"
    );
    for r in &w.fake.requests()[n..] {
        let body = if r.path.ends_with("/callback") {
            &r.body["data"]
        } else {
            &r.body
        };
        let public = body["flags"].as_u64().unwrap_or(0) & 64 == 0;
        let text = body["content"].as_str().unwrap_or("");
        assert!(
            !(public && text.contains("turn")),
            "{} {} shows the private answer publicly: {text}",
            r.method,
            r.path
        );
    }
    w.bot.stop().await;
}

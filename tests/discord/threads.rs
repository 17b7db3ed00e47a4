//! `/play thread:True` (issue 15 item 8): the member needs Create Public Threads in the
//! channel (Discord sends their permissions with the interaction; the bot's own token would
//! create the thread), and a member may keep only so many game threads open at once.

use serde_json::{Value, json};

use super::World;
use crate::support::discord::payloads::{BOT_PERMISSIONS, CREATE_PUBLIC_THREADS};
use crate::support::discord::{Answer, CHANNEL, FakeUser};

fn in_a_thread() -> Value {
    json!({"name": "thread", "type": 5, "value": true})
}

/// The thread a `/play thread:True` answer points to.
fn thread_of(answer: &Answer) -> String {
    answer
        .content
        .split("<#")
        .nth(1)
        .and_then(|rest| rest.split('>').next())
        .unwrap_or_else(|| panic!("no thread in {answer:?}"))
        .to_string()
}

fn thread_requests(w: &World) -> usize {
    w.fake
        .requests()
        .iter()
        .filter(|r| r.method == "POST" && r.path.ends_with("/threads"))
        .count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn item_8_a_member_without_create_public_threads_gets_no_thread() {
    let w = World::new().await;
    let mut carol = FakeUser::carol();
    carol.threads = false;
    let refused = w
        .fake
        .play(CHANNEL, &carol, "chess", &FakeUser::bob(), &[in_a_thread()])
        .await;
    assert!(
        refused.ephemeral
            && refused
                .content
                .contains("You need the Create Public Threads"),
        "{refused:?}"
    );
    assert_eq!(
        thread_requests(&w),
        0,
        "no thread was made with the bot's rights"
    );
    assert!(w.fake.threads().is_empty());
    // Without `thread` the same member plays in the channel.
    let here = w
        .fake
        .play(CHANNEL, &carol, "chess", &FakeUser::bob(), &[])
        .await;
    assert!(!here.ephemeral, "{here:?}");
    w.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn item_8_the_bot_needs_the_permission_too_and_threads_hold_no_threads() {
    let w = World::new().await;
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());
    let open = w
        .fake
        .play(CHANNEL, &alice, "chess", &bob, &[in_a_thread()])
        .await;
    let thread = thread_of(&open);
    // Discord refuses a thread inside a thread (400, code 50024).
    let nested = w
        .fake
        .play(&thread, &bob, "chess", &alice, &[in_a_thread()])
        .await;
    assert!(
        nested.ephemeral && nested.content.contains("could not open a thread"),
        "{nested:?}"
    );
    assert!(
        w.fake
            .requests()
            .iter()
            .any(|r| r.path.ends_with(&format!("/channels/{thread}/threads")) && r.status == 400)
    );

    w.fake
        .set_bot_permissions(BOT_PERMISSIONS & !CREATE_PUBLIC_THREADS);
    let before = thread_requests(&w);
    let refused = w
        .fake
        .play(CHANNEL, &bob, "chess", &alice, &[in_a_thread()])
        .await;
    assert!(
        refused.ephemeral && refused.content.contains("I need the Create Public Threads"),
        "{refused:?}"
    );
    assert_eq!(thread_requests(&w), before);
    w.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn item_8_open_game_threads_per_member_are_limited_by_a_setting() {
    let w = World::with(|c| c.max_game_threads = 2).await;
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());
    let mut threads = Vec::new();
    for _ in 0..2 {
        let open = w
            .fake
            .play(CHANNEL, &alice, "chess", &bob, &[in_a_thread()])
            .await;
        assert!(!open.ephemeral, "{open:?}");
        threads.push(thread_of(&open));
    }
    let before = thread_requests(&w);
    let third = w
        .fake
        .play(CHANNEL, &alice, "chess", &bob, &[in_a_thread()])
        .await;
    assert!(
        third.ephemeral && third.content.contains("at most 2 game threads"),
        "{third:?}"
    );
    assert_eq!(thread_requests(&w), before, "no thread was opened");

    // Other members have their own count, and admins have none.
    let bobs = w
        .fake
        .play(CHANNEL, &bob, "chess", &alice, &[in_a_thread()])
        .await;
    assert!(!bobs.ephemeral, "{bobs:?}");
    let mut moderator = FakeUser::dave();
    moderator.admin = true;
    for _ in 0..3 {
        let open = w
            .fake
            .play(CHANNEL, &moderator, "chess", &bob, &[in_a_thread()])
            .await;
        assert!(!open.ephemeral, "{open:?}");
    }

    // A game that ends frees its place.
    let closed = w
        .fake
        .command_in(&threads[0], &alice, "abort", json!([]), &[])
        .await;
    assert!(closed.content.contains("No result"), "{closed:?}");
    let again = w
        .fake
        .play(CHANNEL, &alice, "chess", &bob, &[in_a_thread()])
        .await;
    assert!(!again.ephemeral, "{again:?}");
    w.bot.stop().await;
}

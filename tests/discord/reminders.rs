//! Turn reminders against the fake, with the bot's clock injected: the player to move is
//! pinged in a new channel message a day into the turn, once more when a quarter of the time
//! limit is left, never twice for the same moment and never after the move.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

use serde_json::json;

use super::World;
use crate::support::discord::{Bot, CHANNEL, FakeDiscord, FakeUser, Recorded};

const HOUR: i64 = 3_600;
const T0: i64 = 1_800_000_000;

/// The reminders posted so far: (the user pinged, the text).
fn reminders(requests: &[Recorded]) -> Vec<(String, String)> {
    requests
        .iter()
        .filter(|r| {
            r.method == "POST"
                && r.path == format!("/api/v10/channels/{CHANNEL}/messages")
                && (200..300).contains(&r.status)
        })
        .filter_map(|r| {
            let text = r.body["content"].as_str()?;
            text.contains("a reminder").then(|| {
                let pinged = r.body["allowed_mentions"]["users"][0]
                    .as_str()
                    .unwrap_or("")
                    .to_string();
                (pinged, text.to_string())
            })
        })
        .collect()
}

/// Waits until `n` reminders were posted, then a little longer to see that no more come.
async fn exactly(w: &World, n: usize) -> Vec<(String, String)> {
    w.fake
        .wait_for(&format!("{n} reminders"), |r| {
            (reminders(r).len() >= n).then_some(())
        })
        .await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let all = reminders(&w.fake.requests());
    assert_eq!(all.len(), n, "{all:?}");
    all
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_player_to_move_is_reminded_after_a_day_and_when_a_quarter_is_left() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().expect("temp dir");
    let url = crate::support::db::sqlite_url(&dir);
    let clock = Arc::new(AtomicI64::new(T0));
    let time = Arc::clone(&clock);
    let bot = Bot::start_with_clock(
        &fake,
        &url,
        |c| c.reminder_every = Duration::from_millis(40),
        Some(Arc::new(move || time.load(Ordering::SeqCst))),
    )
    .await;
    let w = World {
        fake,
        bot,
        _dir: dir,
    };
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());
    let days = json!({"name": "days", "type": 4, "value": 2});
    w.fake.play(CHANNEL, &alice, "chess", &bob, &[days]).await;
    w.fake.command(&bob, "join", &[]).await;

    clock.store(T0 + 23 * HOUR, Ordering::SeqCst);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(reminders(&w.fake.requests()).is_empty(), "not before a day");

    clock.store(T0 + 24 * HOUR, Ordering::SeqCst);
    let first = exactly(&w, 1).await;
    assert_eq!(first[0].0, alice.id, "the player to move is pinged");
    assert!(first[0].1.contains(&alice.mention()), "{}", first[0].1);
    assert!(first[0].1.contains("Time to move: until"), "{}", first[0].1);

    // Two days per move: a quarter (12 hours) is left at 36 hours.
    clock.store(T0 + 35 * HOUR, Ordering::SeqCst);
    exactly(&w, 1).await;
    clock.store(T0 + 36 * HOUR, Ordering::SeqCst);
    exactly(&w, 2).await;
    clock.store(T0 + 47 * HOUR, Ordering::SeqCst);
    exactly(&w, 2).await;

    // After the move it is bob's turn: alice is never reminded of it again.
    w.play(&alice, "e4").await;
    clock.store(T0 + 47 * HOUR + 24 * HOUR, Ordering::SeqCst);
    let all = exactly(&w, 3).await;
    assert_eq!(all[2].0, bob.id, "{all:?}");
    w.bot.stop().await;
}

/// A player who chose `/notify dm` is reminded in a DM channel the bot opens with them, as
/// Discord does it (`POST /users/@me/channels`, then a message there), and not in the game's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_chose_dm_is_reminded_by_direct_message() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().expect("temp dir");
    let url = crate::support::db::sqlite_url(&dir);
    let clock = Arc::new(AtomicI64::new(T0));
    let time = Arc::clone(&clock);
    let bot = Bot::start_with_clock(
        &fake,
        &url,
        |c| c.reminder_every = Duration::from_millis(40),
        Some(Arc::new(move || time.load(Ordering::SeqCst))),
    )
    .await;
    let w = World {
        fake,
        bot,
        _dir: dir,
    };
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());
    // `via` is a choice: Discord sends its index (0 = dm).
    let set = w
        .fake
        .command_in(
            CHANNEL,
            &alice,
            "notify",
            json!([{"name": "via", "type": 4, "value": 0}]),
            &[],
        )
        .await;
    assert!(set.content.contains("by direct message"), "{}", set.content);
    w.fake.play(CHANNEL, &alice, "chess", &bob, &[]).await;
    w.fake.command(&bob, "join", &[]).await;

    clock.store(T0 + 24 * HOUR, Ordering::SeqCst);
    let dm = w
        .fake
        .wait_for("a DM channel for alice", |_| w.fake.dm_channel(&alice.id))
        .await;
    let text = w
        .fake
        .wait_for("the reminder in the DM", |requests| {
            requests
                .iter()
                .find(|r| {
                    r.method == "POST"
                        && r.path == format!("/api/v10/channels/{dm}/messages")
                        && (200..300).contains(&r.status)
                })
                .and_then(|r| r.body["content"].as_str().map(str::to_string))
        })
        .await;
    assert!(text.contains("a reminder: it is your turn"), "{text}");
    assert!(text.contains(&format!("<#{CHANNEL}>")), "{text}");
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(
        reminders(&w.fake.requests()).is_empty(),
        "nothing in the game's channel"
    );
    w.bot.stop().await;
}

/// `/games` with the time left, `/claim` after the deadline, and, once an admin set a grace
/// period, a claim the bot makes by itself, all over the fake with the bot's clock injected.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_shows_the_time_left_and_a_passed_deadline_is_claimed_by_hand_or_by_itself() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().expect("temp dir");
    let url = crate::support::db::sqlite_url(&dir);
    let clock = Arc::new(AtomicI64::new(T0));
    let time = Arc::clone(&clock);
    let bot = Bot::start_with_clock(
        &fake,
        &url,
        |c| c.reminder_every = Duration::from_millis(40),
        Some(Arc::new(move || time.load(Ordering::SeqCst))),
    )
    .await;
    let w = World {
        fake,
        bot,
        _dir: dir,
    };
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());
    let days = json!({"name": "days", "type": 4, "value": 1});
    w.fake
        .play(CHANNEL, &alice, "chess", &bob, std::slice::from_ref(&days))
        .await;
    w.fake.command(&bob, "join", &[]).await;
    let games = w.fake.command(&alice, "games", &[]).await;
    assert!(games.ephemeral, "{games:?}");
    let deadline = T0 + 24 * HOUR;
    assert!(
        games.content.contains("**your turn**")
            && games
                .content
                .contains(&format!("time to move until <t:{deadline}:R>")),
        "{}",
        games.content
    );

    clock.store(deadline, Ordering::SeqCst);
    let claimed = w.fake.command(&bob, "claim", &[]).await;
    assert!(
        claimed.content.contains("claims the game") && claimed.content.contains("Ratings:"),
        "{}",
        claimed.content
    );

    let mut moderator = FakeUser::dave();
    moderator.admin = true;
    let grace = json!([{"name": "grace_hours", "type": 4, "value": 2}]);
    let set = w
        .fake
        .command_in(CHANNEL, &moderator, "settings", grace, &[])
        .await;
    assert!(set.content.contains("after 2 hours"), "{}", set.content);
    w.fake
        .play(CHANNEL, &alice, "chess", &bob, std::slice::from_ref(&days))
        .await;
    w.fake.command(&bob, "join", &[]).await;
    clock.store(deadline + 24 * HOUR + 2 * HOUR, Ordering::SeqCst);
    let text = w
        .fake
        .wait_for("the claim made by itself", |requests| {
            requests
                .iter()
                .filter(|r| r.method == "POST" && (200..300).contains(&r.status))
                .filter_map(|r| r.body["content"].as_str())
                .find(|t| t.contains("claimed for the others by itself"))
                .map(str::to_string)
        })
        .await;
    assert!(
        text.contains(&format!("{} (Black) wins", bob.mention())),
        "{text}"
    );
    w.bot.stop().await;
}

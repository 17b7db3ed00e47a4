//! No move is committed when nobody can be told: a plain-text move is played only when the
//! bot may announce it in the channel; otherwise the player hears why (a reaction and a DM
//! naming the missing permission), and the move plays once the permission is back. A move
//! whose message was deleted before the bot answered is still announced.

use super::World;
use crate::support::discord::payloads::BOT_PERMISSIONS;
use crate::support::discord::{CHANNEL, FakeUser, Recorded};

/// Send Messages.
const SEND_MESSAGES: u64 = 1 << 11;

/// Returns the text of the first message the bot posted outside the game channel (a DM).
fn dm_text(requests: &[Recorded]) -> Option<String> {
    requests.iter().find_map(|r| {
        let channel = r
            .path
            .strip_prefix("/api/v10/channels/")?
            .strip_suffix("/messages")?;
        (r.method == "POST" && channel != CHANNEL)
            .then(|| r.body["content"].as_str().unwrap_or("").to_string())
    })
}

fn posted_in_the_game_channel(requests: &[Recorded]) -> bool {
    requests
        .iter()
        .any(|r| r.method == "POST" && r.path == format!("/api/v10/channels/{CHANNEL}/messages"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_plain_text_move_is_committed_when_the_bot_cannot_announce_it() {
    let w = World::new().await;
    let alice = FakeUser::alice();
    w.chess().await;
    let game = w.game().await.id;
    w.fake.set_bot_permissions(BOT_PERMISSIONS & !SEND_MESSAGES);

    let (n, message) = w.fake.say_kept(&alice, "e4");
    let told = w
        .fake
        .wait_for("a DM to the player", |r| dm_text(&r[n..]))
        .await;
    assert!(
        told.contains("Send Messages"),
        "names the permission: {told}"
    );
    assert!(told.contains("e4"), "{told}");
    assert!(w.fake.dm_channel(&alice.id).is_some());
    assert!(
        w.fake
            .reactions()
            .iter()
            .any(|(c, m, _)| c == CHANNEL && *m == message),
        "a reaction on the move: {:?}",
        w.fake.reactions()
    );
    assert!(
        w.bot.store.log(game).await.unwrap().is_empty(),
        "nothing was played"
    );
    assert!(!posted_in_the_game_channel(&w.fake.requests()[n..]));

    w.fake.set_bot_permissions(BOT_PERMISSIONS);
    let (n, _) = w.fake.say_kept(&alice, "e4");
    let (_, turn) = w.fake.posted_after(n).await;
    assert!(turn.content.contains("played **e4**"), "{}", turn.content);
    assert_eq!(w.bot.store.log(game).await.unwrap().len(), 1);
    w.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_whose_message_was_deleted_is_still_announced() {
    let w = World::new().await;
    w.chess().await;
    let n = w.fake.say_and_delete(&FakeUser::alice(), "e4");
    let (channel, turn) = w.fake.posted_after(n).await;
    assert_eq!(channel, CHANNEL);
    assert!(turn.content.contains("played **e4**"), "{}", turn.content);
    assert_eq!(w.bot.store.log(w.game().await.id).await.unwrap().len(), 1);
    w.bot.stop().await;
}

/// Returns the requests that read the bot's permissions over HTTP: the channel, the server's
/// roles, a member.
fn permission_reads(requests: &[Recorded]) -> Vec<String> {
    requests
        .iter()
        .filter(|r| r.method == "GET")
        .filter(|r| {
            r.path == format!("/api/v10/channels/{CHANNEL}")
                || r.path.ends_with("/roles")
                || r.path.contains("/members/")
        })
        .map(|r| r.path.clone())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_plain_text_move_in_a_cached_guild_reads_no_permissions_over_http() {
    let w = World::new().await;
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());
    w.chess().await;
    let n = w.fake.say(&alice, "e4", None);
    let (_, turn) = w.fake.posted_after(n).await;
    assert!(turn.content.contains("played **e4**"), "{}", turn.content);
    super::settle().await;
    let cost: Vec<String> = w.fake.requests()[n..]
        .iter()
        .map(|r| format!("{} {}", r.method, r.path))
        .collect();
    println!(
        "a plain-text move in a cached guild: {} request(s): {cost:?}",
        cost.len()
    );

    // A role update reaches the cache: the next move is refused, then played once it is back.
    w.fake.set_bot_permissions(BOT_PERMISSIONS & !SEND_MESSAGES);
    let (n, _) = w.fake.say_kept(&bob, "e5");
    let told = w
        .fake
        .wait_for("a DM to the player", |r| dm_text(&r[n..]))
        .await;
    assert!(told.contains("Send Messages"), "{told}");
    w.fake.set_bot_permissions(BOT_PERMISSIONS);
    let n = w.fake.say(&bob, "e5", None);
    let (_, turn) = w.fake.posted_after(n).await;
    assert!(turn.content.contains("played **e5**"), "{}", turn.content);

    let reads = permission_reads(&w.fake.requests());
    assert!(reads.is_empty(), "permissions read over HTTP: {reads:?}");
    w.bot.stop().await;
}

/// Opens `/play game:<game> bot:<level>` for alice in the game channel.
async fn play_the_bot(w: &World, game: &str, level: u64) -> crate::support::discord::Answer {
    let choice = w
        .fake
        .wait_for("the command registration", |requests| {
            requests
                .iter()
                .any(|r| r.method == "PUT" && r.path.ends_with("/commands"))
                .then(|| crate::support::discord::game_choice(requests, game))
        })
        .await;
    let options = serde_json::json!([
        {"name": "game", "type": 4, "value": choice},
        {"name": "bot", "type": 4, "value": level},
    ]);
    let open = w
        .fake
        .command_in(CHANNEL, &FakeUser::alice(), "play", options, &[])
        .await;
    assert!(!open.ephemeral, "{open:?}");
    open
}

/// Returns the private follow-ups that say a bot turn waits, among `requests`.
fn waiting_notices(requests: &[Recorded]) -> Vec<String> {
    requests
        .iter()
        .filter(|r| r.method == "POST" && r.path.starts_with("/api/v10/webhooks/"))
        .filter(|r| r.body["flags"].as_u64().unwrap_or(0) & 64 != 0)
        .filter_map(|r| r.body["content"].as_str())
        .filter(|t| t.contains("bot's turn in this game is waiting"))
        .map(str::to_string)
        .collect()
}

fn posts_in_the_game_channel(requests: &[Recorded]) -> usize {
    requests
        .iter()
        .filter(|r| r.method == "POST" && r.path == format!("/api/v10/channels/{CHANNEL}/messages"))
        .count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_turn_waits_unplayed_while_the_bot_cannot_post_and_is_played_once_a_role_update_allows_it()
 {
    let w = World::new().await;
    let alice = FakeUser::alice();
    play_the_bot(&w, "chess", 1).await;
    let game = w.game().await.id;
    // The role update reaches the cache before the next interaction (one gateway stream).
    w.fake.set_bot_permissions(BOT_PERMISSIONS & !SEND_MESSAGES);
    let n = w.fake.requests().len();
    let mine = w.play(&alice, "e4").await;
    assert!(!mine.ephemeral, "alice's move is answered: {mine:?}");

    // The next interactions in the game say privately what the bot waits for; until the
    // bot's turn has been looked at, there is nothing to say yet.
    let mut told = Vec::new();
    for _ in 0..50 {
        w.fake.command(&alice, "status", &[]).await;
        told = waiting_notices(&w.fake.requests()[n..]);
        if !told.is_empty() {
            break;
        }
        super::settle().await;
    }
    assert!(
        told.iter().all(|t| t.contains("Send Messages")),
        "names the permission: {told:?}"
    );
    assert!(!told.is_empty(), "the players were told the bot waits");
    assert_eq!(
        w.bot.store.log(game).await.unwrap().len(),
        1,
        "only alice's move is stored: the bot's turn waits"
    );
    assert_eq!(posts_in_the_game_channel(&w.fake.requests()[n..]), 0);

    let n = w.fake.requests().len();
    w.fake.set_bot_permissions(BOT_PERMISSIONS);
    let (channel, turn) = w.fake.posted_after(n).await;
    assert_eq!(channel, CHANNEL);
    assert!(turn.content.contains("played"), "{}", turn.content);
    assert!(turn.pinged.contains(&alice.id), "{turn:?}");
    super::settle().await;
    assert_eq!(
        posts_in_the_game_channel(&w.fake.requests()[n..]),
        1,
        "the bot's turn is posted once"
    );
    assert_eq!(w.bot.store.log(game).await.unwrap().len(), 2);
    let n = w.fake.requests().len();
    w.fake.command(&alice, "status", &[]).await;
    assert!(
        waiting_notices(&w.fake.requests()[n..]).is_empty(),
        "nothing waits any more"
    );
    w.bot.stop().await;
}

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

/// What every waiting notice says.
const WAITS: &str = "bot's turn in this game is waiting";

/// Asks `/status` (answered privately to a player) and returns its answer when it says a bot
/// turn waits.
async fn status_says_it_waits(w: &World) -> Option<String> {
    let status = w.fake.command(&FakeUser::alice(), "status", &[]).await;
    assert!(status.ephemeral, "{status:?}");
    status.content.contains(WAITS).then_some(status.content)
}

/// Returns the private follow-up that says a bot turn waits, among `requests`.
fn waiting_follow_up(requests: &[Recorded]) -> Option<String> {
    requests
        .iter()
        .filter(|r| r.method == "POST" && r.path.starts_with("/api/v10/webhooks/"))
        .filter(|r| r.body["flags"].as_u64().unwrap_or(0) & 64 != 0)
        .filter_map(|r| r.body["content"].as_str())
        .find(|t| t.contains(WAITS))
        .map(str::to_string)
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
    let mut told = None;
    for _ in 0..50 {
        told = status_says_it_waits(&w).await;
        if told.is_some() {
            break;
        }
        super::settle().await;
    }
    let told = told.expect("the players were told the bot waits");
    assert!(
        told.contains("Send Messages"),
        "names the permission: {told}"
    );
    // A public answer (the board) is followed by the notice, privately.
    let b = w.fake.requests().len();
    let board = w.fake.command(&alice, "board", &[]).await;
    assert!(!board.ephemeral, "{board:?}");
    let followed = w
        .fake
        .wait_for("the private notice after the board", |r| {
            waiting_follow_up(&r[b..])
        })
        .await;
    assert!(followed.contains("Send Messages"), "{followed}");
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
    assert_eq!(
        status_says_it_waits(&w).await,
        None,
        "nothing waits any more"
    );
    w.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_resigned_while_its_bot_waited_for_a_permission_is_no_longer_said_to_wait() {
    let w = World::new().await;
    let alice = FakeUser::alice();
    play_the_bot(&w, "chess", 1).await;
    let game = w.game().await.id;
    w.fake.set_bot_permissions(BOT_PERMISSIONS & !SEND_MESSAGES);
    w.play(&alice, "e4").await;
    let mut waited = None;
    for _ in 0..50 {
        waited = status_says_it_waits(&w).await;
        if waited.is_some() {
            break;
        }
        super::settle().await;
    }
    assert!(waited.is_some(), "the players were told the bot waits");

    let ask = w.fake.command(&alice, "resign", &[]).await;
    let resigned = w.fake.click(&alice, &ask.button("resign confirm")).await;
    assert!(!resigned.ephemeral, "{resigned:?}");
    let mut still = waited;
    for _ in 0..50 {
        still = status_says_it_waits(&w).await;
        if still.is_none() {
            break;
        }
        super::settle().await;
    }
    assert_eq!(still, None, "an ended game's bot waits for nothing");
    assert_eq!(
        w.bot.store.log(game).await.unwrap().len(),
        2,
        "alice's move and her resignation; the bot never played"
    );
    w.bot.stop().await;
}

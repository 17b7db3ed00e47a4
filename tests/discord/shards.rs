//! An autosharded bot: it runs every shard `GET /gateway/bot` recommends, plays in guilds of
//! each, and a shard that loses its connection resumes and gets what it missed.
//!
//! Two bot processes on one PostgreSQL, each running one of Discord's two shards
//! (`TABULA_SHARDS=0/2` and `1/2`), against the fake Discord, which sends each guild's events
//! to the guild's shard only: every interaction, in guilds of both shards, is answered exactly
//! once (callbacks counted per interaction id), and every reminder due is posted exactly once
//! though both processes look for them. Skipped, loudly, without a PostgreSQL server.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::overdue::{reminders_posted, seed};
use crate::support::discord::process::spawn_bot;
use crate::support::discord::shards::shard_of;
use crate::support::discord::{
    Bot, CHANNEL, FakeDiscord, FakeUser, GUILD, Recorded, game_choice, payloads,
};
use tabula::store::Store;

/// A second guild, on the other shard of two (its timestamp bits differ by one).
const OTHER_GUILD: &str = "900000000004194404";
/// Tables played through interactions in each guild, each in its own channel.
const TABLES: u64 = 3;
/// Reminders due when the processes start, half in each guild.
const DUE: u64 = 40;
/// Channels of the played tables are numbered from here, reminder channels from `+ 1000`.
const FIRST_CHANNEL: u64 = 700_000_000_000_000_000;

/// Moves both players make in each table, in turn.
const MOVES: [&str; 4] = ["e4", "e5", "Nf3", "Nc6"];

/// Sends slash command `/name` in `channel` of `guild` and waits for its answer; returns the
/// interaction's id.
async fn command(
    fake: &FakeDiscord,
    guild: &str,
    channel: &str,
    user: &FakeUser,
    name: &str,
    options: Value,
    users: &[FakeUser],
) -> String {
    let id = fake.next_id();
    let token = format!("token-{id}");
    let mut payload = payloads::slash(&id, &token, user, channel, name, options, users);
    payload["guild_id"] = json!(guild);
    payload["channel"]["guild_id"] = json!(guild);
    payload["authorizing_integration_owners"]["0"] = json!(guild);
    let answer = fake.interact(payload).await;
    assert!(!answer.ephemeral, "/{name} in {guild}: {answer:?}");
    id
}

/// Plays one chess table in `channel` of `guild` through interactions; returns their ids.
async fn table(fake: &FakeDiscord, guild: &str, channel: String, chess: usize) -> Vec<String> {
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());
    let mut ids = Vec::new();
    let play = json!([{"name": "game", "type": 4, "value": chess},
                      {"name": "opponent", "type": 6, "value": bob.id}]);
    let bob_too = std::slice::from_ref(&bob);
    ids.push(command(fake, guild, &channel, &alice, "play", play, bob_too).await);
    ids.push(command(fake, guild, &channel, &bob, "join", json!([]), &[]).await);
    for (n, text) in MOVES.iter().enumerate() {
        let user = if n % 2 == 0 { &alice } else { &bob };
        let options = json!([{"name": "text", "type": 3, "value": text}]);
        ids.push(command(fake, guild, &channel, user, "move", options, &[]).await);
    }
    ids
}

/// Interaction callbacks made so far, counted per interaction id.
fn callbacks(requests: &[Recorded]) -> HashMap<String, usize> {
    let mut count = HashMap::new();
    for r in requests {
        let Some(rest) = r.path.strip_prefix("/api/v10/interactions/") else {
            continue;
        };
        if r.method == "POST" && r.path.ends_with("/callback") && (200..300).contains(&r.status) {
            let id = rest.split('/').next().unwrap_or_default().to_string();
            *count.entry(id).or_default() += 1;
        }
    }
    count
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_autosharded_bot_runs_every_shard_discord_recommends_and_plays_in_guilds_of_each() {
    let fake = FakeDiscord::start().await;
    fake.recommend_shards(2);
    let dir = tempfile::tempdir().unwrap();
    let url = crate::support::db::sqlite_url(&dir);
    let bot = Bot::start(&fake, &url, |_| {}).await;
    // serenity starts the second shard 5 s after the first, as Discord asks.
    fake.wait_ready(2).await;
    let shards: Vec<Value> = fake
        .identifies()
        .iter()
        .map(|d| d["shard"].clone())
        .collect();
    assert_eq!(
        shards,
        [json!([0, 2]), json!([1, 2])],
        "one session per shard"
    );
    let chess = fake
        .wait_for("the command registration", |requests| {
            let asked = requests
                .iter()
                .any(|r| r.method == "GET" && r.path == "/api/v10/gateway/bot");
            let registered = requests
                .iter()
                .any(|r| r.method == "PUT" && r.path.ends_with("/commands"));
            (asked && registered).then(|| game_choice(requests, "chess"))
        })
        .await;

    let other_channel = (FIRST_CHANNEL + 500).to_string();
    futures::future::join(
        table(&fake, GUILD, CHANNEL.to_string(), chess),
        table(&fake, OTHER_GUILD, other_channel.clone(), chess),
    )
    .await;
    let per_shard = fake.sent_per_shard();
    assert!(
        per_shard.len() == 2 && per_shard.values().all(|n| *n > 0),
        "both shards had work: {per_shard:?}"
    );

    // The shard of the test guild drops; a move typed meanwhile reaches the bot on RESUME.
    fake.cut_shard(shard_of(GUILD.parse().unwrap(), 2));
    let n = fake.say(&FakeUser::alice(), "Bb5", None);
    fake.posted_until(n, |a| a.content.contains("played **Bb5**"))
        .await;
    assert!(fake.resumes() >= 1, "the shard resumed");
    for (guild, channel, moves) in [
        (GUILD, CHANNEL, 5),
        (OTHER_GUILD, other_channel.as_str(), 4),
    ] {
        let game = bot
            .store
            .open_game(guild, channel)
            .await
            .unwrap()
            .expect("a game");
        let log = bot.store.log(game.id).await.unwrap();
        assert_eq!(log.len(), moves, "the moves of the game in {guild}");
    }
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_sharded_processes_answer_every_interaction_once_and_post_each_reminder_once() {
    let Some(url) = crate::support::db::postgres_url().await else {
        return;
    };
    assert_eq!(shard_of(GUILD.parse().unwrap(), 2), 1);
    assert_eq!(shard_of(OTHER_GUILD.parse().unwrap(), 2), 0);
    crate::support::discord::bot::init_tracing();
    seed(&url, FIRST_CHANNEL + 1000, DUE, |i| {
        if i % 2 == 0 { GUILD } else { OTHER_GUILD }
    })
    .await;
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let every = ("TABULA_REMINDER_EVERY_MS", "50");
    let _processes = [
        spawn_bot(
            &fake,
            dir.path(),
            &url,
            0,
            &[("TABULA_SHARDS", "0/2"), every],
        ),
        spawn_bot(
            &fake,
            dir.path(),
            &url,
            1,
            &[("TABULA_SHARDS", "1/2"), every],
        ),
    ];
    fake.wait_ready(2).await;
    let chess = fake
        .wait_for("the command registration", |requests| {
            let registered = requests
                .iter()
                .any(|r| r.method == "PUT" && r.path.ends_with("/commands"));
            registered.then(|| game_choice(requests, "chess"))
        })
        .await;

    let started = Instant::now();
    let tables = [GUILD, OTHER_GUILD].into_iter().flat_map(|guild| {
        (0..TABLES).map(move |n| {
            (
                guild,
                (FIRST_CHANNEL + n * 2 + u64::from(guild == GUILD)).to_string(),
            )
        })
    });
    let played = futures::future::join_all(
        tables.map(|(guild, channel)| table(&fake, guild, channel, chess)),
    )
    .await;
    let sent: Vec<String> = played.into_iter().flatten().collect();

    // Every due reminder is posted; then a moment more shows nothing comes twice.
    let deadline = Instant::now() + Duration::from_secs(30);
    while reminders_posted(&fake.requests()).len() < DUE as usize {
        assert!(
            Instant::now() < deadline,
            "only {} of {DUE} reminders posted; logs in {}",
            reminders_posted(&fake.requests()).len(),
            dir.path().display()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    tokio::time::sleep(Duration::from_secs(1)).await;

    let requests = fake.requests();
    let answered = callbacks(&requests);
    let posted = reminders_posted(&requests);
    let per_shard = fake.sent_per_shard();
    println!(
        "two processes, shards 0/2 and 1/2: {} interactions, {} callbacks, dispatches per shard \
         {per_shard:?}; {DUE} reminders due, {} posts in {} channels; {} ms",
        sent.len(),
        answered.values().sum::<usize>(),
        posted.values().sum::<usize>(),
        posted.len(),
        started.elapsed().as_millis()
    );
    for id in &sent {
        assert_eq!(answered.get(id), Some(&1), "interaction {id} answered once");
    }
    assert_eq!(answered.len(), sent.len(), "no callback for another id");
    assert!(
        per_shard.len() == 2 && per_shard.values().all(|n| *n > 0),
        "both shards had work: {per_shard:?}"
    );
    assert_eq!(posted.len(), DUE as usize, "every reminder is posted");
    assert!(
        posted.values().all(|n| *n == 1),
        "a reminder was posted twice: {posted:?}"
    );

    // Each played table holds its moves once, in order.
    let store = Store::connect(&url).await.expect("the store connects");
    for guild in [GUILD, OTHER_GUILD] {
        for n in 0..TABLES {
            let channel = (FIRST_CHANNEL + n * 2 + u64::from(guild == GUILD)).to_string();
            let row = store
                .open_game(guild, &channel)
                .await
                .unwrap()
                .expect("a game");
            let log = store.log(row.id).await.unwrap();
            let notation: Vec<&str> = log.iter().map(|l| l.notation.as_str()).collect();
            assert_eq!(notation, MOVES, "game {} in {guild}", row.id);
        }
    }
    store.close().await;
    crate::support::db::drop_postgres_database(&url).await;
}

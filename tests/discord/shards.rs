//! Two bot processes on one PostgreSQL, each running one of Discord's two shards
//! (`TABULA_SHARDS=0/2` and `1/2`), against the fake Discord, which sends each guild's events
//! to the guild's shard only: every interaction, in guilds of both shards, is answered exactly
//! once (callbacks counted per interaction id), and every reminder due is posted exactly once
//! though both processes look for them. Skipped, loudly, without a PostgreSQL server.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tabula::render::Renderer;
use tabula::store::{Change, NewGame, Status, Store};
use tabula::table::{Command as TableCommand, Ctx, Table, User};

use crate::support::discord::process::spawn_bot;
use crate::support::discord::shards::shard_of;
use crate::support::discord::{FakeDiscord, FakeUser, GUILD, Recorded, game_choice, payloads};

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

/// Reminders posted so far, counted per channel.
fn reminders(requests: &[Recorded]) -> HashMap<String, usize> {
    let mut count = HashMap::new();
    for r in requests {
        let channel = r
            .path
            .strip_prefix("/api/v10/channels/")
            .and_then(|p| p.strip_suffix("/messages"));
        let reminder = r.body["content"]
            .as_str()
            .is_some_and(|t| t.contains("a reminder"));
        if let (Some(channel), true, "POST") = (channel, reminder, r.method.as_str()) {
            *count.entry(channel.to_string()).or_default() += 1;
        }
    }
    count
}

/// Stores `DUE` active chess games, alternately in the two guilds, whose first reminder is a
/// day overdue: one opened through the table, the others copied from it.
async fn seed(url: &str) {
    let day = 86_400;
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64;
    let store = Store::connect(url)
        .await
        .expect("the store connects")
        .with_clock(Arc::new(move || now - 2 * day));
    let table = Table::new(store.clone(), Arc::new(Renderer::new()));
    let first = FIRST_CHANNEL + 1000;
    let ctx = |user: &str| Ctx {
        guild: GUILD.into(),
        channel: first.to_string(),
        user: User::named(user),
        admin: false,
    };
    let play = TableCommand::Play {
        game: "chess".into(),
        ruleset: None,
        opponents: vec![User::named("bob")],
        days: None,
        bot: None,
        players: None,
    };
    assert!(!table.handle(&ctx("alice"), play).await.private);
    assert!(!table.handle(&ctx("bob"), TableCommand::Join).await.private);
    let model = store
        .open_game(GUILD, &first.to_string())
        .await
        .unwrap()
        .unwrap();
    let seats = store.seats(model.id).await.unwrap();
    for i in 1..DUE {
        let guild = if i % 2 == 0 { GUILD } else { OTHER_GUILD };
        let (row, _) = store
            .create_game(NewGame {
                guild: guild.into(),
                channel: (first + i).to_string(),
                kind: model.kind.clone(),
                ruleset: model.ruleset.clone(),
                status: Status::Lobby,
                state: model.state.clone(),
                created_by: "alice".into(),
                max_seats: 2,
                seats: seats.clone(),
                move_days: None,
                remind_after: day,
            })
            .await
            .expect("a game is stored");
        let start = Change {
            game: row.id,
            expected_seq: row.seq,
            status: Status::Active,
            state: row.state.clone(),
            result: None,
            seats: None,
            log: None,
        };
        store.commit(start).await.expect("the game starts");
    }
    store.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_sharded_processes_answer_every_interaction_once_and_post_each_reminder_once() {
    let Some(url) = crate::support::db::postgres_url().await else {
        return;
    };
    assert_eq!(shard_of(GUILD.parse().unwrap(), 2), 1);
    assert_eq!(shard_of(OTHER_GUILD.parse().unwrap(), 2), 0);
    crate::support::discord::bot::init_tracing();
    seed(&url).await;
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
    while reminders(&fake.requests()).len() < DUE as usize {
        assert!(
            Instant::now() < deadline,
            "only {} of {DUE} reminders posted; logs in {}",
            reminders(&fake.requests()).len(),
            dir.path().display()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    tokio::time::sleep(Duration::from_secs(1)).await;

    let requests = fake.requests();
    let answered = callbacks(&requests);
    let posted = reminders(&requests);
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

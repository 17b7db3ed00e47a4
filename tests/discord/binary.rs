//! The shipped `tabula` binary as a subprocess with `DISCORD_API_BASE` pointing at the fake:
//! a game is started, the process is killed, and a new process answers the old message's
//! buttons and continues the game.

use std::process::Command;

use super::assert_turn;
use crate::support::discord::process::{Process, spawn_bot};
use crate::support::discord::{CHANNEL, FakeDiscord, FakeUser, GUILD, PATIENCE};

fn spawn(fake: &FakeDiscord, dir: &std::path::Path, run: usize) -> Process {
    let url = format!("sqlite://{}", dir.join("games.db").display());
    spawn_bot(fake, dir, &url, run, &[("TABULA_MESSAGE_CONTENT", "1")])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_binary_plays_against_the_fake_and_a_new_process_answers_old_buttons() {
    crate::support::discord::bot::init_tracing();
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());

    let first_run = spawn(&fake, dir.path(), 1);
    fake.wait_ready(1).await;
    fake.play(CHANNEL, &alice, "chess", &bob, &[]).await;
    let first = fake.command(&bob, "join", &[]).await;
    assert_turn(&first, &alice);
    let second = fake.command(&alice, "move", &[("text", "e4")]).await;
    assert_turn(&second, &bob);
    drop(first_run);

    let second_run = spawn(&fake, dir.path(), 2);
    let ready = tokio::time::timeout(PATIENCE, async {
        while fake.readies() < 2 {
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    });
    if ready.await.is_err() {
        let log = std::fs::read_to_string(dir.path().join("bot-2.log")).unwrap_or_default();
        let seen: Vec<String> = fake
            .requests()
            .iter()
            .map(|r| format!("{} {} {}", r.method, r.path, r.status))
            .collect();
        panic!(
            "the second bot did not connect; its log:\n{log}\nrequests:\n{}",
            seen.join("\n")
        );
    }
    let board = fake.click(&bob, &second.button("board")).await;
    assert!(board.ephemeral, "{board:?}");
    board.png();
    let stale = fake.click(&bob, &first.button("resign")).await;
    assert!(
        stale.ephemeral && stale.content.contains("out of date"),
        "{stale:?}"
    );
    let third = fake.command(&bob, "move", &[("text", "e5")]).await;
    assert_turn(&third, &alice);
    let n = fake.say(&alice, "Nf3", None);
    let (_, fourth) = fake.posted_after(n).await;
    assert!(
        fourth.content.contains("played **Nf3**"),
        "{}",
        fourth.content
    );
    let ask = fake.click(&bob, &fourth.button("resign")).await;
    let done = fake.click(&bob, &ask.button("resign confirm")).await;
    assert!(done.content.contains("resigned"));
    assert!(
        done.buttons
            .iter()
            .all(|b| b.disabled == (b.label != "Rematch"))
    );
    drop(second_run);
}

/// Reads the bot claim of a game straight from the database file.
async fn bot_claim(url: &str, game: i64) -> Option<String> {
    use sqlx::Connection as _;
    let mut conn = sqlx::AnyConnection::connect(url).await.unwrap();
    let claim: Option<String> = sqlx::query_scalar("SELECT bot_claim_by FROM games WHERE id = $1")
        .bind(game)
        .fetch_one(&mut conn)
        .await
        .unwrap();
    conn.close().await.unwrap();
    claim
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_process_killed_during_the_bots_search_leaves_the_turn_to_the_next_which_plays_it_once() {
    use serde_json::json;
    use tabula::store::Store;

    crate::support::discord::bot::init_tracing();
    sqlx::any::install_default_drivers();
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("games.db").display());
    let alice = FakeUser::alice();

    let first_run = spawn(&fake, dir.path(), 1);
    fake.wait_ready(1).await;
    let choice = fake
        .wait_for("the command registration", |requests| {
            requests
                .iter()
                .any(|r| r.method == "PUT" && r.path.ends_with("/commands"))
                .then(|| crate::support::discord::game_choice(requests, "checkers"))
        })
        .await;
    // The strongest checkers level deepens its search until its 2 s budget is spent.
    let options = json!([
        {"name": "game", "type": 4, "value": choice},
        {"name": "bot", "type": 4, "value": 3},
    ]);
    let open = fake.command_in(CHANNEL, &alice, "play", options, &[]).await;
    assert!(
        open.pinged.contains(&alice.id),
        "alice (Black) moves first: {open:?}"
    );
    let store = Store::connect(&url).await.unwrap();
    let game = store.open_game(GUILD, CHANNEL).await.unwrap().unwrap().id;
    let mine = fake.command(&alice, "move", &[("text", "11-15")]).await;
    assert!(mine.content.contains("played"), "{}", mine.content);
    let after_mine = fake.requests().len();

    // Killed once the bot has claimed its turn and is searching (nothing of it logged yet).
    tokio::time::timeout(PATIENCE, async {
        while bot_claim(&url, game).await.is_none() {
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
    })
    .await
    .expect("the bot claims its turn");
    drop(first_run);
    assert_eq!(
        store.log(game).await.unwrap().len(),
        1,
        "the kill came during the bot's search, before its move"
    );
    assert!(
        bot_claim(&url, game).await.is_some(),
        "the dead process's claim stays"
    );

    // The claim's lease runs out (30 s in real time; moved back here) and a new process
    // finds the turn at start-up and plays it, once.
    {
        use sqlx::Connection as _;
        let mut conn = sqlx::AnyConnection::connect(&url).await.unwrap();
        sqlx::query("UPDATE games SET bot_claim_until = bot_claim_until - 60 WHERE id = $1")
            .bind(game)
            .execute(&mut conn)
            .await
            .unwrap();
        conn.close().await.unwrap();
    }
    let second_run = spawn(&fake, dir.path(), 2);
    fake.wait_ready(2).await;
    let posted = fake
        .posted_until(after_mine, |a| a.pinged.contains(&alice.id))
        .await;
    assert_eq!(
        posted.len(),
        1,
        "one message for the bot's turn: {posted:?}"
    );
    let (channel, turn) = &posted[0];
    assert_eq!(channel, CHANNEL);
    assert!(
        turn.content.contains("tabula bot (level 3)") && turn.content.contains("played"),
        "{}",
        turn.content
    );
    assert!(!turn.files.is_empty(), "the bot's move comes with a board");
    let log = store.log(game).await.unwrap();
    assert_eq!(log.len(), 2, "the bot's move is logged once: {log:?}");
    assert!(log[1].user_id.starts_with("bot:3:"), "{log:?}");
    drop(second_run);
    store.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_during_a_burst_of_moves_answers_those_under_way_stores_them_and_exits_in_10_s() {
    use serde_json::json;
    use std::time::{Duration, Instant};
    use tabula::store::Store;

    crate::support::discord::bot::init_tracing();
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("games.db").display());
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());
    let run = spawn(&fake, dir.path(), 1);
    fake.wait_ready(1).await;
    let channels: Vec<String> = (0..8).map(|i| format!("90000000000000070{i}")).collect();
    for channel in &channels {
        fake.play(channel, &alice, "chess", &bob, &[]).await;
        let joined = fake.command_in(channel, &bob, "join", json!([]), &[]).await;
        assert!(!joined.ephemeral, "{joined:?}");
    }
    let store = Store::connect(&url).await.unwrap();
    let mut games = Vec::new();
    for channel in &channels {
        games.push(store.open_game(GUILD, channel).await.unwrap().unwrap().id);
    }

    // A slow Discord: every answer to an interaction takes 3 s to be accepted, so the
    // burst's moves are stored and still being answered when SIGTERM comes.
    fake.delay("/callback", Duration::from_secs(3));
    let moves = channels.iter().map(|channel| {
        fake.command_in(
            channel,
            &alice,
            "move",
            json!([{"name": "text", "type": 3, "value": "e4"}]),
            &[],
        )
    });
    let burst = futures::future::join_all(moves);
    let pid = run.0.id();
    let term = async {
        tokio::time::timeout(PATIENCE, async {
            loop {
                let mut stored = 0;
                for game in &games {
                    stored += store.log(*game).await.unwrap().len();
                }
                if stored == games.len() {
                    break;
                }
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
        })
        .await
        .expect("the burst's moves are stored");
        let sent = Command::new("kill")
            .args(["-TERM", &pid.to_string()])
            .status()
            .expect("kill runs");
        assert!(sent.success());
        let signalled = Instant::now();
        // An interaction arriving during the stop (which lasts while the moves' answers take
        // their 3 s) is turned away, and told so.
        tokio::time::sleep(Duration::from_secs(1)).await;
        let late = fake
            .command_in(&channels[0], &bob, "board", json!([]), &[])
            .await;
        (signalled, late)
    };
    let (answers, (signalled, late)) = tokio::join!(burst, term);
    for answer in &answers {
        assert!(
            answer.content.contains("played **e4**"),
            "a move under way at SIGTERM is answered: {answer:?}"
        );
    }
    assert!(
        late.ephemeral && late.content.contains("restarting"),
        "{late:?}"
    );
    let mut run = run;
    let status = loop {
        if let Some(status) = run.0.try_wait().unwrap() {
            break status;
        }
        assert!(
            signalled.elapsed() < Duration::from_secs(10),
            "the process exits within 10 s of SIGTERM"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert!(
        status.success(),
        "a graceful stop exits cleanly: {status:?}"
    );
    for game in &games {
        assert_eq!(
            store.log(*game).await.unwrap().len(),
            1,
            "each move stored once"
        );
    }
    store.close().await;
}

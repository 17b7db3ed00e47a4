//! Bot turns claimed in the database: two processes racing for one play it once, and a turn
//! pending when a process stopped is found and played by the next.

use tabula::rules::Game;
use tabula::store::Store;
use tabula::table::{Command, Table};

use crate::support::table::{TestTable, ctx};

/// alice (white) against the bot, with her first move stored and the bot's turn pending.
async fn bot_to_move(t: &TestTable) -> i64 {
    let reply = t
        .say(
            "alice",
            Command::Play {
                game: "chess".into(),
                ruleset: None,
                opponents: vec![],
                days: None,
                bot: Some(1),
                players: None,
            },
        )
        .await;
    assert!(!reply.private, "{}", reply.text);
    // Through the table alone: nobody plays the bot's turn yet.
    let reply = t.say("alice", Command::Move { text: "e4".into() }).await;
    assert!(!reply.private, "{}", reply.text);
    assert!(
        reply.ping.is_empty(),
        "the bot is never pinged: {:?}",
        reply.ping
    );
    let row = t.store.latest_game("g", "c").await.unwrap().unwrap();
    assert_eq!(t.store.log(row.id).await.unwrap().len(), 1);
    row.id
}

async fn race(url_a: &str, url_b: &str) {
    let a = Store::connect(url_a).await.expect("store a");
    let b = Store::connect(url_b).await.expect("store b");
    let ta = Table::new(a.clone(), crate::support::render::shared());
    let tb = Table::new(b.clone(), crate::support::render::shared());
    let id = a.latest_game("g", "c").await.unwrap().unwrap().id;
    let (ra, rb) = tokio::join!(ta.bot_turn(id), tb.bot_turn(id));
    let played = usize::from(ra.is_some()) + usize::from(rb.is_some());
    assert_eq!(played, 1, "exactly one process plays the bot's turn");
    let log = a.log(id).await.unwrap();
    assert_eq!(log.len(), 2, "{log:?}");
    assert_eq!(log[1].user_id, "bot:1:1");
    // Nothing more to play: it is alice's move.
    assert!(ta.bot_turn(id).await.is_none());
    assert!(tb.bot_turn(id).await.is_none());
    let row = a.game(id).await.unwrap();
    let game: Game = serde_json::from_str(&row.state).unwrap();
    assert_eq!(game.turn().seat(), Some(0));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_stores_racing_for_one_bot_turn_on_sqlite_play_it_once() {
    for _ in 0..5 {
        let t = TestTable::seeded(20).await;
        bot_to_move(&t).await;
        let url = crate::support::db::sqlite_url(&t.dir);
        race(&url, &url).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_stores_racing_for_one_bot_turn_on_postgres_play_it_once() {
    let Some(url) = crate::support::db::postgres_url().await else {
        return;
    };
    let store = Store::connect(&url).await.expect("postgres store");
    let t = TestTable {
        table: Table::new(store.clone(), crate::support::render::shared()),
        store,
        options: Default::default(),
        dir: tempfile::tempdir().unwrap(),
    };
    bot_to_move(&t).await;
    race(&url, &url).await;
    t.store.close().await;
    crate::support::db::drop_postgres_database(&url).await;
}

#[tokio::test]
async fn a_bot_turn_pending_at_a_restart_is_found_in_the_database_and_played_once() {
    let t = TestTable::seeded(21).await;
    let id = bot_to_move(&t).await;
    let dir = t.close().await;
    let t = TestTable::open(dir, Some(22)).await;
    let pending = t.table.bot_games(10).await;
    assert_eq!(pending, vec![id]);
    let turn = t
        .table
        .bot_turn(id)
        .await
        .expect("the bot plays after the restart");
    assert_eq!((turn.guild.as_str(), turn.channel.as_str()), ("g", "c"));
    assert!(
        turn.reply.text.contains("**tabula bot (level 1)** played"),
        "{}",
        turn.reply.text
    );
    assert_eq!(turn.reply.ping, vec!["alice".to_string()]);
    assert!(
        turn.reply.image.is_some(),
        "the board comes with the bot's move"
    );
    assert!(t.table.bot_turn(id).await.is_none(), "played once");
    assert_eq!(t.store.log(id).await.unwrap().len(), 2);
    let _ = ctx("alice");
}

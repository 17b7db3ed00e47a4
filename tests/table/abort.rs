//! Aborting (issue 15 items 1 and 2): a damaged game is aborted from its row alone and frees
//! its channel; once anyone has moved, abort takes every player still in the game or an
//! admin, and the reason is stored with the game.

use sqlx::Connection as _;
use tabula::store::Status;
use tabula::table::{Command, Ctx, Press};

use crate::support::table::{TestTable, ctx, play};

fn admin() -> Ctx {
    Ctx {
        admin: true,
        ..ctx("mod")
    }
}

fn said(t: &str) -> Command {
    Command::Move { text: t.into() }
}

/// The reason stored with an aborted game.
async fn why(t: &TestTable, id: i64) -> String {
    let row = t.store.game(id).await.unwrap();
    assert_eq!(row.status, Status::Aborted);
    let result: serde_json::Value = serde_json::from_str(row.result.as_deref().unwrap()).unwrap();
    result["aborted"]["why"].as_str().unwrap().to_string()
}

/// Overwrites game `id`'s saved state in the database file, as a damaged disk or a bad
/// hand edit would.
async fn damage(t: &TestTable, id: i64, state: &str) {
    let url = crate::support::db::sqlite_url(&t.dir);
    let mut conn = sqlx::SqliteConnection::connect(&url).await.unwrap();
    sqlx::query("UPDATE games SET state = $1 WHERE id = $2")
        .bind(state)
        .bind(id)
        .execute(&mut conn)
        .await
        .unwrap();
    conn.close().await.unwrap();
}

#[tokio::test]
async fn item_1_a_damaged_game_is_aborted_from_its_row_and_frees_its_channel() {
    let t = TestTable::new().await;
    t.chess().await;
    t.say("alice", said("e4")).await;
    damage(&t, 1, r#"{"game":"chess","fen":"garbage"#).await;

    let board = t.say("bob", Command::Board).await;
    assert!(
        board.private && board.text.contains("damaged") && board.text.contains("/abort"),
        "{}",
        board.text
    );
    let stranger = t.say("carol", Command::Abort).await;
    assert!(stranger.private, "{}", stranger.text);
    let reply = t.table.handle(&admin(), Command::Abort).await;
    assert!(
        !reply.private && reply.text.contains("damaged"),
        "{}",
        reply.text
    );
    assert!(why(&t, 1).await.contains("saved state is damaged"));
    let again = t.say("alice", play("chess", &["bob"])).await;
    assert!(!again.private, "the channel is free: {}", again.text);
    t.say("bob", Command::Join).await;

    // Any of its players may abort a damaged game too, with no one else's agreement.
    damage(&t, 2, r#"{"game":"parcheesi","pawns":[]}"#).await;
    let reply = t.say("bob", Command::Abort).await;
    assert!(reply.text.contains("aborted game #2"), "{}", reply.text);
    assert!(t.store.open_game("g", "c").await.unwrap().is_none());
}

#[tokio::test]
async fn item_2_once_moves_are_made_abort_needs_every_player_still_in_the_game() {
    let t = TestTable::new().await;
    t.chess().await;
    for (who, m) in [("alice", "f3"), ("bob", "e5"), ("alice", "g4")] {
        t.say(who, said(m)).await;
    }
    // Bob has mate in one: alice can no longer end the game alone.
    let ask = t.say("alice", Command::Abort).await;
    assert!(
        !ask.private && ask.text.contains("asks to abort"),
        "{}",
        ask.text
    );
    assert_eq!(ask.ping, ["bob"]);
    assert_eq!(
        t.store.game(1).await.unwrap().status,
        Status::Active,
        "one vote aborts nothing"
    );
    let again = t.say("alice", Command::Abort).await;
    assert!(again.text.contains("asks to abort"), "{}", again.text);
    let stranger = t.say("carol", Command::Abort).await;
    assert!(stranger.private, "{}", stranger.text);

    // Bob agrees with the button on the request.
    let button = ask.choices.iter().find(|c| c.command == "abort").unwrap();
    assert_eq!(button.label, "Agree to abort");
    let game = ask.game.unwrap();
    let press = Press {
        game: game.id,
        seq: game.seq,
        command: "abort".into(),
        selected: None,
    };
    let done = t.say("bob", Command::Press(press)).await;
    assert!(done.text.contains("No result"), "{}", done.text);
    assert!(why(&t, 1).await.contains("agreed"));
}

#[tokio::test]
async fn item_2_a_move_cancels_a_request_to_abort() {
    let t = TestTable::new().await;
    t.chess().await;
    t.say("alice", said("e4")).await;
    t.say("alice", Command::Abort).await;
    t.say("bob", said("e5")).await;
    let bob = t.say("bob", Command::Abort).await;
    assert!(
        bob.text.contains("asks to abort"),
        "alice's vote lapsed with the move: {}",
        bob.text
    );
    assert_eq!(bob.ping, ["alice"]);
    let alice = t.say("alice", Command::Abort).await;
    assert!(alice.text.contains("No result"), "{}", alice.text);
}

#[tokio::test]
async fn item_2_an_admin_aborts_a_game_under_way_alone() {
    let t = TestTable::new().await;
    t.chess().await;
    t.say("alice", said("e4")).await;
    let reply = t.table.handle(&admin(), Command::Abort).await;
    assert!(reply.text.contains("No result"), "{}", reply.text);
    assert!(why(&t, 1).await.contains("admin"));
}

#[tokio::test]
async fn item_2_a_resigned_player_cannot_abort_for_the_others() {
    let t = TestTable::new().await;
    t.say("alice", play("parcheesi", &["bob", "carol"])).await;
    t.say("bob", Command::Join).await;
    t.say("carol", Command::Join).await;
    let started = t.say("alice", Command::Start).await;
    assert!(started.text.contains("begins"), "{}", started.text);
    let gone = t.say("carol", Command::Resign { confirmed: true }).await;
    assert!(gone.text.contains("resigned"), "{}", gone.text);

    let carol = t.say("carol", Command::Abort).await;
    assert!(
        carol.private && carol.text.contains("left this game"),
        "{}",
        carol.text
    );
    assert_eq!(t.store.game(1).await.unwrap().status, Status::Active);
    let alice = t.say("alice", Command::Abort).await;
    assert_eq!(alice.ping, ["bob"], "only the players still in are asked");
    let bob = t.say("bob", Command::Abort).await;
    assert!(bob.text.contains("No result"), "{}", bob.text);
}

#[tokio::test]
async fn item_2_the_rules_and_help_say_how_to_leave_a_game() {
    let t = TestTable::new().await;
    for text in [
        t.say(
            "alice",
            Command::Rules {
                game: Some("chess".into()),
            },
        )
        .await
        .text,
        t.say(
            "alice",
            Command::Rules {
                game: Some("parcheesi".into()),
            },
        )
        .await
        .text,
        t.say("alice", Command::Rules { game: None }).await.text,
        t.say("alice", Command::Help).await.text,
    ] {
        assert!(
            text.contains("/resign") && text.contains("/abort") && text.contains("every player"),
            "{text}"
        );
    }
}

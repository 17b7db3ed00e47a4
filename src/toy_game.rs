//! The test-only tic-tac-toe game, added through the contract alone (`docs/adding-a-game.md`),
//! played end to end through the table, the console and the engine.

use std::sync::Arc;

use crate::console::{ConsoleOptions, run_line};
use crate::engine::Engine;
use crate::render::{Renderer, View};
use crate::rules::{Game, GameKind, Outcome, WinReason};
use crate::store::{Status, Store};
use crate::table::{Command, Ctx, Table, User};

async fn table(dir: &tempfile::TempDir) -> (Table, Store) {
    let url = format!("sqlite://{}", dir.path().join("toy.db").display());
    let store = Store::connect(&url).await.expect("store");
    (Table::new(store.clone(), Arc::new(Renderer::new())), store)
}

fn ctx(user: &str) -> Ctx {
    Ctx {
        guild: "g".into(),
        channel: "c".into(),
        user: User::named(user),
        admin: false,
    }
}

#[tokio::test]
async fn tic_tac_toe_plays_through_the_table_with_a_picture_each_turn() {
    let dir = tempfile::tempdir().unwrap();
    let (table, store) = table(&dir).await;
    let play = Command::Play {
        game: "tic_tac_toe".into(),
        ruleset: None,
        opponents: vec![User::named("bob")],
    };
    assert!(!table.handle(&ctx("alice"), play).await.private);
    let started = table.handle(&ctx("bob"), Command::Join).await;
    assert!(started.text.contains("Tic-tac-toe"), "{}", started.text);
    let refused = table
        .handle(&ctx("alice"), Command::Move { text: "d4".into() })
        .await;
    assert!(
        refused.private && refused.text.contains("a1 to c3"),
        "{}",
        refused.text
    );
    for (who, cell) in [
        ("alice", "b2"),
        ("bob", "a1"),
        ("alice", "a3"),
        ("bob", "c3"),
    ] {
        let reply = table
            .handle(&ctx(who), Command::Move { text: cell.into() })
            .await;
        assert!(!reply.private, "{}", reply.text);
        let png = reply.image.expect("a board each turn");
        assert_eq!(&png[1..4], b"PNG");
    }
    let last = table
        .handle(&ctx("alice"), Command::Move { text: "c1".into() })
        .await;
    assert!(
        last.text.contains("wins by reaching the goal"),
        "{}",
        last.text
    );
    let row = store.game(1).await.unwrap();
    assert_eq!(row.status, Status::Finished);
    let game: Game = serde_json::from_str(&row.state).unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: 0,
            reason: WinReason::Goal
        })
    );
}

#[tokio::test]
async fn tic_tac_toe_plays_at_the_console() {
    let dir = tempfile::tempdir().unwrap();
    let (table, _store) = table(&dir).await;
    let options = ConsoleOptions {
        boards: dir.path().join("boards"),
        ..ConsoleOptions::default()
    };
    let mut out = Vec::new();
    let script = "@alice /play tic_tac_toe @bob\n@bob /join\n@alice b2\n@bob a1\n@alice a3\n@bob c3\n@alice c1";
    for line in script.lines() {
        assert!(run_line(&table, &options, line, &mut out).await.unwrap());
    }
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("@alice (X) wins"), "{text}");
    assert_eq!(
        std::fs::read_dir(dir.path().join("boards"))
            .unwrap()
            .count(),
        6
    );
}

#[test]
fn tic_tac_toe_plays_through_the_engine() {
    let mut engine = Engine::default();
    let reply = engine.answer(r#"{"cmd":"new","game":"tic_tac_toe"}"#);
    assert_eq!(reply["ok"], true, "{reply}");
    let legal = engine.answer(r#"{"cmd":"legal"}"#);
    assert_eq!(legal["moves"].as_array().map(Vec::len), Some(9));
    let loaded = engine.answer(r#"{"cmd":"load","game":"tic_tac_toe","position":"XX.OO...."}"#);
    assert_eq!(loaded["turn"]["seat"], 0, "{loaded}");
    let won = engine.answer(r#"{"cmd":"play","move":"c3"}"#);
    assert_eq!(won["turn"]["outcome"]["winner"], 0, "{won}");
    assert_eq!(won["position"], "XXXOO....");
    let path = std::env::temp_dir().join(format!("tabula-toy-{}.png", std::process::id()));
    let request = serde_json::json!({ "cmd": "render", "path": path });
    let rendered = engine.answer(&request.to_string());
    assert_eq!(rendered["ok"], true, "{rendered}");
    let _ = std::fs::remove_file(path);
}

#[test]
fn tic_tac_toe_is_drawn_at_its_painter_size() {
    let game = Game::new(GameKind::TicTacToe, "standard", 2).unwrap();
    let png = Renderer::new().png(&game, &View::default()).unwrap();
    let header = &png[16..24];
    let size = (
        u32::from_be_bytes(header[..4].try_into().unwrap()),
        u32::from_be_bytes(header[4..].try_into().unwrap()),
    );
    assert_eq!(size, Renderer::size(GameKind::TicTacToe));
}

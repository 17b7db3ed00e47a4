//! Looking back at games: `/export` writes the record in the game's notation, `/replay` an
//! animated GIF, both rebuilt from the append-only log.

use crate::support::table::{TestTable, ctx, play};
use shakmaty::san::San;
use shakmaty::{Chess, Position};
use tabula::rules::{Game, GameKind, Turn};
use tabula::table::{Command, Ctx, Reply};

/// Plays the fool's mate: 1. f3 e5 2. g4 Qh4#, black (bob) wins.
async fn fools_mate(t: &TestTable) -> Reply {
    t.chess().await;
    let mut last = Reply::default();
    for (who, mv) in [
        ("alice", "f3"),
        ("bob", "e5"),
        ("alice", "g4"),
        ("bob", "Qh4#"),
    ] {
        last = t.say(who, Command::Move { text: mv.into() }).await;
        assert!(!last.private, "{mv}: {}", last.text);
    }
    last
}

fn export() -> Command {
    Command::Export { game: None }
}

#[tokio::test]
async fn a_finished_chess_game_exports_as_pgn_whose_moves_replay_legally() {
    let t = TestTable::new().await;
    fools_mate(&t).await;
    let reply = t.say("carol", export()).await;
    assert!(!reply.private, "{}", reply.text);
    let [file] = reply.files.as_slice() else {
        panic!("one file: {:?}", reply.files.len());
    };
    assert_eq!(file.name, "tabula-1.pgn");
    let pgn = String::from_utf8(file.bytes.clone()).expect("PGN is UTF-8");
    for tag in [
        "[Event \"tabula game #1\"]",
        "[Site \"Discord\"]",
        "[Round \"-\"]",
        "[White \"alice\"]",
        "[Black \"bob\"]",
        "[Result \"0-1\"]",
        "[Termination \"normal\"]",
    ] {
        assert!(pgn.contains(tag), "{tag} missing in\n{pgn}");
    }
    assert!(pgn.contains("\n\n1. f3 e5 2. g4 Qh4# 0-1\n"), "{pgn}");
    // An outside reader: every SAN token plays legally in shakmaty, ending in mate.
    let movetext = pgn.split("\n\n").nth(1).expect("movetext");
    let mut pos = Chess::default();
    for token in movetext.split_whitespace() {
        if token.ends_with('.') || token == "0-1" {
            continue;
        }
        let san: San = token.parse().expect("SAN");
        let m = san.to_move(&pos).expect("legal");
        pos = pos.play(m).expect("plays");
    }
    assert!(pos.is_checkmate());
}

#[tokio::test]
async fn an_unfinished_game_exports_with_an_open_result() {
    let t = TestTable::new().await;
    t.chess().await;
    t.say("alice", Command::Move { text: "e4".into() }).await;
    let reply = t.say("alice", export()).await;
    let pgn = String::from_utf8(reply.files[0].bytes.clone()).unwrap();
    assert!(pgn.contains("[Result \"*\"]"), "{pgn}");
    assert!(pgn.ends_with("1. e4 *\n\n"), "{pgn}");
}

#[tokio::test]
async fn without_a_game_export_and_replay_say_what_to_do() {
    let t = TestTable::new().await;
    for command in [export(), Command::Replay { game: None }] {
        let reply = t.say("alice", command).await;
        assert!(
            reply.private
                && reply
                    .text
                    .contains("No game has been played in this channel")
        );
    }
    let reply = t.say("alice", Command::Export { game: Some(99) }).await;
    assert!(
        reply.private && reply.text.contains("no game #99"),
        "{}",
        reply.text
    );
}

#[tokio::test]
async fn a_game_of_another_server_cannot_be_exported_by_number() {
    let t = TestTable::new().await;
    fools_mate(&t).await;
    let stranger = Ctx {
        guild: "other".into(),
        ..ctx("mallory")
    };
    let reply = t
        .table
        .handle(&stranger, Command::Export { game: Some(1) })
        .await;
    assert!(reply.private && reply.files.is_empty(), "{}", reply.text);
    let same_server = Ctx {
        channel: "elsewhere".into(),
        ..ctx("carol")
    };
    let reply = t
        .table
        .handle(&same_server, Command::Export { game: Some(1) })
        .await;
    assert_eq!(reply.files.len(), 1, "{}", reply.text);
}

#[tokio::test]
async fn an_aborted_table_has_nothing_to_export() {
    let t = TestTable::new().await;
    t.say("alice", play("chess", &["bob"])).await;
    t.say("alice", Command::Abort).await;
    let reply = t.say("alice", export()).await;
    assert!(
        reply.private && reply.text.contains("called off"),
        "{}",
        reply.text
    );
}

/// Plays a seeded backgammon game for `turns` actions, always the first legal move.
async fn backgammon(t: &TestTable, turns: usize) {
    t.say("alice", play("backgammon", &["bob"])).await;
    t.say("bob", Command::Join).await;
    for _ in 0..turns {
        let row = t.store.open_game("g", "c").await.unwrap();
        let Some(row) = row else { break };
        let game: Game = serde_json::from_str(&row.state).unwrap();
        let who = |seat: usize| if seat == 0 { "alice" } else { "bob" };
        let reply = match game.turn() {
            Turn::Roll(s) => t.say(who(s), Command::Roll { expr: None }).await,
            Turn::Move(s) => {
                let m = game.legal(s).into_iter().next().expect("a legal move");
                let text = game.format(&m);
                t.say(who(s), Command::Move { text }).await
            }
            Turn::Over(_) => break,
        };
        assert!(!reply.private, "{}", reply.text);
    }
}

#[tokio::test]
async fn a_backgammon_record_lists_rolls_and_moves_with_gnubg_position_ids() {
    let t = TestTable::seeded(7).await;
    backgammon(&t, 12).await;
    let reply = t.say("alice", export()).await;
    let [file, _] = reply.files.as_slice() else {
        panic!("{}", reply.text)
    };
    assert_eq!(file.name, "tabula-1.txt");
    let text = String::from_utf8(file.bytes.clone()).unwrap();
    assert!(
        text.starts_with("tabula record of Backgammon game #1"),
        "{text}"
    );
    assert!(
        text.contains("Players: alice (White), bob (Black)"),
        "{text}"
    );
    assert!(text.contains("Start position: 4HPwATDgc/ABMA"), "{text}");
    let rolls = text.lines().filter(|l| l.contains(": rolled ")).count();
    let moves = text.lines().filter(|l| l.ends_with(']')).count();
    assert!(rolls >= 5 && moves >= 5, "{text}");
    let numbered = text
        .lines()
        .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
        .count();
    assert_eq!(
        numbered,
        t.store.log(1).await.unwrap().len(),
        "one line per logged action"
    );
}

/// Issue 28: `/export` of a backgammon game also attaches the Jellyfish `.mat` match file (a
/// single game is a match to 1 point), players named as on the table; gnubg's import of it
/// is checked in `tests/backgammon/mat.rs`.
#[tokio::test]
async fn a_backgammon_export_also_attaches_a_jellyfish_match_file() {
    let t = TestTable::seeded(7).await;
    backgammon(&t, 12).await;
    let reply = t.say("alice", export()).await;
    assert!(reply.text.contains("GNU Backgammon"), "{}", reply.text);
    let [_, mat] = reply.files.as_slice() else {
        panic!("{}", reply.text)
    };
    assert_eq!(mat.name, "tabula-1.mat");
    let text = String::from_utf8(mat.bytes.clone()).unwrap();
    assert!(text.contains("; [Event \"tabula game #1\"]"), "{text}");
    assert!(
        text.contains("\n 1 point match\n\n Game 1\n alice : 0 "),
        "{text}"
    );
    assert!(text.contains(" bob : 0\n  1) "), "{text}");
    let rolls = t
        .store
        .log(1)
        .await
        .unwrap()
        .iter()
        .filter(|l| l.action.contains("\"roll\""))
        .count();
    // Each turn's roll is written `64:`, before the play.
    let turns = text
        .split_whitespace()
        .filter(|w| {
            w.len() == 3 && w.ends_with(':') && w[..2].bytes().all(|b| (b'1'..=b'6').contains(&b))
        })
        .count();
    assert!(
        (5..=rolls).contains(&turns),
        "{turns} turns of {rolls} rolls:\n{text}"
    );
}

/// Counts a GIF's frames that carry a delay (one per shown position) and reads its size.
fn gif_frames(bytes: &[u8]) -> (usize, u16, u16) {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(bytes).expect("a GIF");
    let (w, h) = (decoder.width(), decoder.height());
    let mut shown = 0;
    while let Some(frame) = decoder.read_next_frame().expect("frames decode") {
        if frame.delay > 0 {
            shown += 1;
        }
    }
    (shown, w, h)
}

#[tokio::test]
async fn a_replay_is_an_animated_gif_with_the_start_and_a_frame_per_move() {
    let t = TestTable::new().await;
    fools_mate(&t).await;
    let reply = t.say("carol", Command::Replay { game: Some(1) }).await;
    assert!(!reply.private, "{}", reply.text);
    assert!(reply.text.contains("5 frames"), "{}", reply.text);
    let [file] = reply.files.as_slice() else {
        panic!("{}", reply.text)
    };
    assert_eq!(file.name, "tabula-1-replay.gif");
    let (shown, w, h) = gif_frames(&file.bytes);
    assert_eq!(shown, 5, "the start and four moves");
    let (pw, ph) = tabula::render::Renderer::size(GameKind::Chess);
    assert_eq!((u32::from(w), u32::from(h)), (pw, ph));
}

#[tokio::test]
async fn a_backgammon_replay_shows_turns_not_every_roll() {
    let t = TestTable::seeded(3).await;
    backgammon(&t, 20).await;
    let log = t.store.log(1).await.unwrap();
    let plays = log.iter().filter(|l| l.action.contains("\"play\"")).count();
    let reply = t.say("alice", Command::Replay { game: None }).await;
    let (shown, _, _) = gif_frames(&reply.files[0].bytes);
    assert!(
        shown > plays && shown < log.len() + 1,
        "{shown} frames, {plays} plays, {} actions",
        log.len()
    );
}

#[tokio::test]
async fn the_console_saves_exports_and_replays_as_files() {
    let t = TestTable::new().await;
    let out = t
        .script(
            "@alice /play chess @bob\n@bob /join\n@alice e4\n@bob e5\n@carol /export\n@carol /replay 1",
        )
        .await;
    assert!(out.contains("file: "), "{out}");
    let files: Vec<String> = t
        .boards()
        .iter()
        .filter_map(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .collect();
    assert!(files.contains(&"tabula-1.pgn".to_string()), "{files:?}");
    assert!(
        files.contains(&"tabula-1-replay.gif".to_string()),
        "{files:?}"
    );
    let bad = t.line("@carol /export x").await;
    assert!(bad.contains("takes a game number"), "{bad}");
}

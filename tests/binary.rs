//! The shipped binary, run as a subprocess: the engine's JSON lines, the console with a
//! restart in the middle of a game, and `bot` without a token.

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::Value;

fn tabula(args: &[&str], dir: &std::path::Path, input: &str) -> (String, String, bool) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .current_dir(dir)
        .env(
            "DATABASE_URL",
            format!("sqlite://{}", dir.join("games.db").display()),
        )
        .env_remove("DISCORD_TOKEN")
        .env_remove("RUST_LOG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the tabula binary runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("write stdin");
    let out = child.wait_with_output().expect("tabula finishes");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.success(),
    )
}

fn engine(lines: &[&str]) -> Vec<Value> {
    let dir = tempfile::tempdir().unwrap();
    let (out, err, ok) = tabula(&["engine"], dir.path(), &(lines.join("\n") + "\n"));
    assert!(ok, "{err}");
    out.lines()
        .map(|l| serde_json::from_str(l).expect("each reply is one JSON object"))
        .collect()
}

#[test]
fn engine_plays_perfts_and_renders_over_json_lines() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("board.png");
    let render = format!(
        r#"{{"cmd":"render","path":"{}","players":["alice","bob"]}}"#,
        png.display()
    );
    let replies = engine(&[
        r#"{"cmd":"new","game":"chess"}"#,
        r#"{"cmd":"legal"}"#,
        r#"{"cmd":"play","move":"e2e4"}"#,
        r#"{"cmd":"perft","depth":3}"#,
        r#"{"cmd":"state"}"#,
        &render,
    ]);
    assert_eq!(replies.len(), 6);
    assert!(replies.iter().all(|r| r["ok"] == true), "{replies:?}");
    assert_eq!(replies[1]["moves"].as_array().unwrap().len(), 20);
    assert_eq!(replies[2]["played"], "e4");
    assert_eq!(replies[2]["turn"]["seat"], 1);
    assert_eq!(replies[3]["nodes"], 13_160, "perft 3 after 1. e4");
    assert_eq!(
        replies[4]["position"],
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    let bytes = std::fs::read(&png).expect("render wrote the file");
    assert_eq!(replies[5]["bytes"], bytes.len());
    image::load_from_memory(&bytes).expect("a PNG");
}

#[test]
fn engine_loads_fen_and_its_own_state() {
    let first = engine(&[
        r#"{"cmd":"load","game":"chess","position":"7k/8/6K1/8/8/8/8/R7 w - - 0 1"}"#,
        r#"{"cmd":"play","move":"Ra8#"}"#,
        r#"{"cmd":"state"}"#,
    ]);
    assert_eq!(first[1]["turn"]["to"], "none");
    assert_eq!(first[1]["turn"]["outcome"]["reason"], "checkmate");
    let state = first[2]["state"].to_string();
    let again = engine(&[
        &format!(r#"{{"cmd":"load","state":{state}}}"#),
        r#"{"cmd":"legal"}"#,
    ]);
    assert_eq!(again[0]["position"], first[2]["position"]);
    assert_eq!(
        again[1]["moves"].as_array().unwrap().len(),
        0,
        "a finished game has no moves"
    );
}

#[test]
fn engine_errors_never_end_the_session() {
    let huge = format!(r#"{{"cmd":"play","move":"{}"}}"#, "x".repeat(10_000));
    let replies = engine(&[
        r#"{"cmd":"legal"}"#,
        "not json",
        r#"{"cmd":"fly"}"#,
        r#"{"cmd":"new","game":"go"}"#,
        r#"{"cmd":"load","game":"chess","position":"8/8/8/8/8/8/8/8 w - - 0 1"}"#,
        r#"{"cmd":"new","game":"chess"}"#,
        r#"{"cmd":"play","move":"e5"}"#,
        &huge,
        r#"{"cmd":"perft","depth":9}"#,
        r#"{"cmd":"roll","dice":[3,4]}"#,
        r#"{"cmd":"render","path":"/nonexistent/dir/x.png"}"#,
        r#"{"cmd":"play","move":"e4"}"#,
        " \t ",
        "",
    ]);
    assert_eq!(
        replies.len(),
        14,
        "every request line gets a reply, blank ones too"
    );
    for (i, reply) in replies.iter().enumerate() {
        let expect_ok = i == 5 || i == 11;
        assert_eq!(reply["ok"], expect_ok, "reply {i}: {reply}");
        if !expect_ok {
            let error = reply["error"].as_str().unwrap();
            assert!(!error.is_empty() && error.len() < 400, "reply {i}: {error}");
        }
    }
    assert!(replies[6]["error"].as_str().unwrap().contains("not legal"));
    assert!(
        replies[12]["error"]
            .as_str()
            .unwrap()
            .contains("empty request")
    );
}

/// Issue 13 item 14: a line of only whitespace gets a reply like any other request.
#[test]
fn every_request_line_gets_a_reply_a_blank_one_too() {
    let replies = engine(&["", "   ", "\t", r#"{"cmd":"new","game":"chess"}"#]);
    assert_eq!(replies.len(), 4);
    for reply in &replies[..3] {
        assert_eq!(reply["ok"], false);
        assert!(reply["error"].as_str().unwrap().contains("empty request"));
    }
    assert_eq!(replies[3]["ok"], true);
}

/// Issue 13 item 5: the engine bounds perft by its work, not its depth: Kiwipete depth 6
/// (eight billion leaves, minutes of work) is refused at once with a clear error naming the
/// deepest depth within the limit, and the session goes on.
#[test]
fn engine_refuses_a_perft_over_its_work_limit_and_says_the_depth_within_it() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let replies = engine(&[
        &format!(r#"{{"cmd":"load","game":"chess","position":"{kiwipete}"}}"#),
        r#"{"cmd":"perft","depth":6}"#,
        r#"{"cmd":"perft","depth":3}"#,
    ]);
    assert_eq!(replies[1]["ok"], false);
    let error = replies[1]["error"].as_str().unwrap();
    assert!(
        error.contains("limit") && error.contains("depth 5 is within it"),
        "{error}"
    );
    assert_eq!(replies[2]["nodes"], 97_862);
}

/// Issue 13 item 8: a FEN without castling rights loads, and the reply says back the fields
/// it was read with.
#[test]
fn engine_says_back_the_fen_fields_a_short_fen_was_read_with() {
    let replies = engine(&[
        r#"{"cmd":"load","game":"chess","position":"r3k2r/8/8/8/8/8/8/R3K2R w"}"#,
        r#"{"cmd":"load","game":"chess","position":"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"}"#,
    ]);
    assert_eq!(replies[0]["ok"], true);
    assert_eq!(replies[0]["position"], "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1");
    let notice = replies[0]["notice"].as_str().expect("a notice");
    assert!(
        notice.contains("castling rights") && notice.contains("`- - 0 1`"),
        "{notice}"
    );
    assert!(replies[1].get("notice").is_none(), "{}", replies[1]);
}

#[test]
fn the_console_keeps_a_game_across_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let (out, err, ok) = tabula(
        &["console"],
        dir.path(),
        "@alice /play chess @bob\n@bob /join\n@alice e4\n/quit\n@bob e5\n",
    );
    assert!(ok, "{err}");
    assert!(out.contains("@alice played e4"), "{out}");
    assert!(
        !out.contains("played e5"),
        "nothing runs after /quit: {out}"
    );
    let (out, err, ok) = tabula(
        &["console"],
        dir.path(),
        "@bob e5\n@alice Bc4\n@bob Nc6\n@alice Qh5\n@bob Nf6\n@alice Qxf7#\n",
    );
    assert!(ok, "{err}");
    assert!(out.contains("@alice (White) wins by checkmate"), "{out}");
    let boards = std::fs::read_dir(dir.path().join("boards"))
        .unwrap()
        .count();
    assert_eq!(boards, 8, "one board at the start and one per move");
}

#[test]
fn the_console_starts_its_clock_at_now_and_tick_moves_it_and_reminds() {
    let dir = tempfile::tempdir().unwrap();
    let (out, err, ok) = tabula(
        &["console", "--now", "2027-01-15T09:00:00Z"],
        dir.path(),
        "@alice /play chess @bob days=2\n@bob /join\n/tick 23h\n/tick 1h\n",
    );
    assert!(ok, "{err}");
    assert!(
        out.contains("Time to move: until 2027-01-17 09:00 UTC"),
        "{out}"
    );
    assert!(
        out.contains("-- clock: 2027-01-16 08:00 UTC; 0 reminder(s)"),
        "{out}"
    );
    assert!(
        out.contains("#console: @alice, a reminder: it is your turn"),
        "{out}"
    );
    assert!(
        out.contains("-- clock: 2027-01-16 09:00 UTC; 1 reminder(s)"),
        "{out}"
    );
    let (_, err, ok) = tabula(&["console", "--now", "tomorrow"], dir.path(), "");
    assert!(!ok && err.contains("unix seconds"), "{err}");
}

#[test]
fn with_no_token_and_no_subcommand_the_console_opens() {
    let dir = tempfile::tempdir().unwrap();
    let (out, err, ok) = tabula(&[], dir.path(), "@alice /help\n");
    assert!(ok, "{err}");
    assert!(err.contains("tabula console"), "{err}");
    assert!(out.contains("/play"), "{out}");
}

#[test]
fn the_bot_without_a_token_names_the_console() {
    let dir = tempfile::tempdir().unwrap();
    let (_, err, ok) = tabula(&["bot"], dir.path(), "");
    assert!(!ok);
    assert!(
        err.contains("DISCORD_TOKEN") && err.contains("tabula console"),
        "{err}"
    );
}

#[test]
fn migrate_creates_the_database_and_is_idempotent() {
    let dir = tempfile::tempdir().unwrap();
    for _ in 0..2 {
        let (_, err, ok) = tabula(&["migrate"], dir.path(), "");
        assert!(ok, "{err}");
        assert!(err.contains("up to date"), "{err}");
    }
    assert!(dir.path().join("games.db").exists());
}

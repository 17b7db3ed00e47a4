//! Reading input (issue 15 items 4, 9 and 10): a line that is not UTF-8 is refused and the
//! console reads on; over-long lines are dropped as they are read, never held whole; perft is
//! bounded by its work; a board that cannot be written is a warning, not the end.

use std::io::{BufRead as _, BufReader, Write as _};

use serde_json::Value;

use super::{spawn, sqlite, tabula};

#[test]
fn item_4_a_line_that_is_not_utf8_is_refused_and_the_console_reads_on() {
    let dir = tempfile::tempdir().unwrap();
    let url = sqlite(dir.path(), "tabula.db");
    let mut input = b"@alice /play chess @bob\n@bob \xff\xfe/join\n".to_vec();
    input.extend_from_slice(b"@bob /join\n@alice e4\n");
    let run = tabula(&["console"], dir.path(), &url, &input);
    assert!(run.ok, "{}", run.err);
    assert!(run.out.contains("not UTF-8"), "{}", run.out);
    assert!(
        run.out.contains("Chess** begins") || run.out.contains("Chess begins"),
        "{}",
        run.out
    );
    assert!(run.out.contains("@alice played e4"), "{}", run.out);
}

/// The most memory the process `pid` has held so far, in KiB (Linux's VmHWM).
fn peak_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmHWM in /proc/<pid>/status")
}

/// Sends a 64 MiB line and then `next` to `tabula mode`, waits for the answer to the big line,
/// and returns the process's peak memory then and everything it printed.
fn feed_a_huge_line(mode: &str, next: &str) -> (u64, String) {
    let dir = tempfile::tempdir().unwrap();
    let mut child = spawn(&[mode], dir.path(), &sqlite(dir.path(), "tabula.db"));
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let chunk = vec![b'x'; 1 << 20];
    for _ in 0..64 {
        stdin.write_all(&chunk).unwrap();
    }
    stdin.write_all(b"\n").unwrap();
    stdin.write_all(next.as_bytes()).unwrap();
    stdin.flush().unwrap();
    // The answer to the long line comes once all of it has been read.
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    let peak = peak_kib(child.id());
    drop(stdin);
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stdout, &mut rest).unwrap();
    assert!(child.wait().unwrap().success());
    (peak, first + &rest)
}

#[test]
fn item_9_an_over_long_engine_line_is_dropped_without_being_held() {
    let (peak, out) = feed_a_huge_line("engine", "{\"cmd\":\"new\",\"game\":\"chess\"}\n");
    let replies: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(replies.len(), 2, "{out}");
    assert_eq!(replies[0]["ok"], false);
    assert!(
        replies[0]["error"]
            .as_str()
            .unwrap()
            .contains("longer than"),
        "{out}"
    );
    assert_eq!(replies[1]["ok"], true, "the engine reads on: {out}");
    assert!(
        peak < 32 * 1024,
        "the engine held {peak} KiB for a 64 MiB line"
    );
}

#[test]
fn item_9_an_over_long_console_line_is_dropped_without_being_held() {
    let (peak, out) = feed_a_huge_line("console", "@alice /play chess @bob\n");
    assert!(out.starts_with("! That line is 67108864 bytes"), "{out}");
    assert!(
        out.contains("opened a Chess table"),
        "the console reads on: {out}"
    );
    assert!(
        peak < 48 * 1024,
        "the console held {peak} KiB for a 64 MiB line"
    );
}

#[test]
fn item_9_perft_is_bounded_by_work_not_depth() {
    let dir = tempfile::tempdir().unwrap();
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let lines = [
        format!(r#"{{"cmd":"load","game":"chess","position":"{kiwipete}"}}"#),
        r#"{"cmd":"perft","depth":3}"#.to_string(),
        r#"{"cmd":"perft","depth":9}"#.to_string(),
        r#"{"cmd":"load","game":"chess","position":"7k/8/8/8/8/8/8/K7 w - - 0 1"}"#.to_string(),
        r#"{"cmd":"perft","depth":7}"#.to_string(),
        r#"{"cmd":"perft","depth":4294967295}"#.to_string(),
    ];
    let input = lines.join("\n") + "\n";
    let run = tabula(&["engine"], dir.path(), "sqlite::memory:", input.as_bytes());
    assert!(run.ok, "{}", run.err);
    let replies: Vec<Value> = run
        .out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(
        replies[1]["nodes"], 97_862,
        "kiwipete perft 3, as published"
    );
    let refused = replies[2]["error"].as_str().unwrap();
    assert!(
        refused.contains("depth 5 is within it") || refused.contains("deepest"),
        "{refused}"
    );
    // Two bare kings: depth 7 is deeper than the start position allows, and cheap.
    assert_eq!(replies[4]["ok"], true, "{}", run.out);
    assert!(replies[4]["nodes"].as_u64().unwrap() > 0);
    assert_eq!(replies[5]["ok"], false, "{}", run.out);
}

#[test]
fn item_10_a_board_that_cannot_be_written_is_a_warning_and_play_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    // A folder inside a plain file cannot be made, not even by root.
    std::fs::write(dir.path().join("plain"), "a file").unwrap();
    let boards = dir.path().join("plain").join("boards");
    let url = sqlite(dir.path(), "tabula.db");
    let run = tabula(
        &["console", "--boards", boards.to_str().unwrap()],
        dir.path(),
        &url,
        b"@alice /play chess @bob\n@bob /join\n@alice e4\n@bob e5\n@alice /board\n",
    );
    assert!(run.ok, "{}", run.err);
    assert!(
        run.out.contains("warning: the board was not saved"),
        "{}",
        run.out
    );
    assert!(run.out.contains("@alice played e4"), "{}", run.out);
    assert!(
        run.out.contains("@bob played e5"),
        "the console went on: {}",
        run.out
    );
    // Every accepted move is stored, whatever happened to its picture.
    let again = tabula(&["console"], dir.path(), &url, b"@alice /board\n");
    assert!(again.out.contains("@alice, your move"), "{}", again.out);
}

//! PDN move text: every legal move reads back from its own notation, the start and end of a
//! capture stand for it when only one path leads there (two are asked about), case and spaces
//! do not matter, and hostile text is refused in one line.

use tabula::rules::checkers::CheckersGame;
use tabula::rules::{ParseError, Rules};

fn game(ruleset: &str, fen: &str) -> CheckersGame {
    CheckersGame::from_fen(ruleset, fen).expect("a legal position")
}

#[test]
fn every_legal_move_reads_back_from_its_notation() {
    for fen in [
        "B:W21-32:B1-12",
        "B:W14,22,16,30:B9,12",
        "W:WK18,27:B14,15,22,23",
        "B:WK14,K15,23,24:BK19,1",
    ] {
        for ruleset in ["forced", "huff-000", "huff-004"] {
            let g = game(ruleset, fen);
            let seat = g.seat_to_move();
            for m in g.legal(seat) {
                let text = g.format(&m);
                assert_eq!(g.parse(seat, &text), Ok(m.clone()), "{fen} {text}");
                assert_eq!(g.parse(seat, &text.to_uppercase()), Ok(m.clone()), "{text}");
                let spaced = text.replace(['-', 'x'], " ");
                assert_eq!(g.parse(seat, &spaced), Ok(m), "{spaced}");
            }
        }
    }
}

#[test]
fn a_capture_may_be_written_by_its_start_and_end_when_only_one_path_leads_there() {
    let g = game("forced", "B:W14,22:B9");
    assert_eq!(g.format(&g.parse(0, "9x25").unwrap()), "9x18x25");
    assert_eq!(g.format(&g.parse(0, " 9 X 18 X 25 ").unwrap()), "9x18x25");
}

#[test]
fn two_jump_paths_to_the_same_square_are_asked_about_with_the_candidates() {
    // Black's king on 10 takes the ring of four men round 18 either way round, ending where
    // it began: 10x17x26x19x10 or 10x19x26x17x10.
    let g = game("forced", "B:W14,15,22,23:BK10");
    let Err(ParseError::Ambiguous { candidates, .. }) = g.parse(0, "10x10") else {
        panic!("{:?}", g.parse(0, "10x10"));
    };
    assert_eq!(candidates.len(), 2, "{candidates:?}");
    for c in &candidates {
        assert!(g.parse(0, c).is_ok(), "{c}");
    }
}

#[test]
fn hostile_text_is_refused_in_one_line() {
    let g = CheckersGame::new("forced", 2).unwrap();
    let long = format!("1{}", "x1".repeat(5_000));
    let huge = "9".repeat(100_000);
    for text in [
        long.as_str(),
        huge.as_str(),
        "",
        "   ",
        "١١-١٥",
        "11-15\u{202e}",
        "\u{0}11-15",
        "33-37",
        "0-4",
        "huff",
        "huff 99",
        "undo",
        "pass",
        "x",
        "255x256",
        "11-15; drop table games",
    ] {
        let e = g.parse(0, text).expect_err(text);
        let line = e.to_string();
        assert!(!line.contains('\n') && line.len() < 300, "{text:?}: {line}");
    }
}

#[test]
fn a_move_that_is_not_legal_says_why() {
    let g = CheckersGame::new("forced", 2).unwrap();
    for (text, why) in [
        ("13-17", "no piece on 13"),
        ("22-18", "White's"),
        ("1-5", "occupied"),
    ] {
        let e = g.parse(0, text).unwrap_err().to_string();
        assert!(e.contains(why), "{text}: {e}");
    }
    let g = CheckersGame::from_fen("forced", "B:W32:B14").unwrap();
    let e = g.parse(0, "14-9").unwrap_err().to_string();
    assert!(e.contains("forward only"), "{e}");
    assert_eq!(
        g.format(&g.parse(0, "14–18").unwrap()),
        "14-18",
        "an en dash reads too"
    );
}

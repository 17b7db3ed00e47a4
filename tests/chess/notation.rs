//! Reading moves as players type them, in any case, and saying truly why one is not legal
//! (issue 13 items 6 and 7).

use super::rules::{load, play, start};
use crate::support::game::ToAct;
use tabula::rules::{Game, ParseError};

/// Returns why `text` is not legal in `game`.
fn reason(game: &Game, text: &str) -> String {
    match game.read(text) {
        Err(ParseError::Illegal { reason, .. }) => reason,
        other => panic!("{text}: {other:?}"),
    }
}

/// Issue 13 item 6: at the start `bxc3`, `exd4`, `Nbf3` and `e8=K` all said "it would leave
/// your king in check". Each gets its own true reason, and none mentions a check.
#[test]
fn an_illegal_move_gets_its_true_reason_not_a_check_that_is_not_there() {
    let game = start();
    for (text, why) in [
        ("bxc3", "there is nothing to capture on c3"),
        ("exd4", "your pawn on e2 cannot reach d4"),
        ("Nbf3", "your knight on b1 cannot reach f3"),
        ("e8=K", "a pawn cannot become a king"),
        ("e7e8k", "the piece on e7 is not yours"),
        (
            "e1=Q",
            "a pawn is promoted only on reaching the eighth rank",
        ),
        ("Nc3xe4", "you have no knight on c3"),
        ("Kd3", "your king on e1 cannot reach d3"),
        ("Qh5", "your queen on d1 is blocked on the way to h5"),
        ("Rh3", "your rook on h1 is blocked on the way to h3"),
        ("Ke2", "your own piece stands on e2"),
        ("a8=Q", "none of your pawns can reach a8"),
    ] {
        let said = reason(&game, text);
        assert_eq!(said, why, "{text}");
        assert!(!said.contains("check"), "{text}: {said}");
    }
}

#[test]
fn a_pawn_facing_a_piece_is_told_it_captures_only_diagonally() {
    let game = play(&start(), &["e4", "e5"]);
    assert_eq!(
        reason(&game, "e5"),
        "a pawn captures only diagonally, and e5 is taken"
    );
}

#[test]
fn a_pinned_piece_a_king_walking_into_check_and_a_check_left_unanswered_are_told_apart() {
    let pinned = load("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
    assert_eq!(
        reason(&pinned, "Nc3"),
        "your knight on e2 is pinned: moving it would leave your king in check"
    );
    let walk = load("4k3/3r4/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(reason(&walk, "Kd1"), "your king would be in check on d1");
    let checked = load("4k3/8/8/8/8/8/4r3/R3K3 w Q - 0 1");
    assert_eq!(
        reason(&checked, "Ra8"),
        "your king is in check, and that move does not get it out"
    );
}

/// Issue 13 item 7: the README says case is optional; moves typed in capitals read as the
/// same moves in ordinary SAN.
#[test]
fn moves_typed_in_capitals_read_as_in_ordinary_case() {
    let game = start();
    for (typed, san) in [
        ("E4", "e4"),
        ("NF3", "Nf3"),
        ("E2E4", "e4"),
        ("NG1F3", "Nf3"),
    ] {
        let m = game.read(typed).unwrap_or_else(|e| panic!("{typed}: {e}"));
        assert_eq!(game.format(&m), san, "{typed}");
    }
    let capture = play(&start(), &["e4", "d5"]);
    for typed in ["EXD5", "ED5", "exD5", "E4XD5"] {
        let m = capture
            .read(typed)
            .unwrap_or_else(|e| panic!("{typed}: {e}"));
        assert_eq!(capture.format(&m), "exd5", "{typed}");
    }
    let promote = load("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
    for (typed, san) in [("E8=Q", "e8=Q"), ("E8Q", "e8=Q"), ("E8=N", "e8=N")] {
        let m = promote
            .read(typed)
            .unwrap_or_else(|e| panic!("{typed}: {e}"));
        assert_eq!(promote.format(&m), san, "{typed}");
    }
    assert_eq!(game.format(&game.read("B3").unwrap()), "b3");
    assert!(matches!(game.read("E5"), Err(ParseError::Illegal { .. })));
}

/// A `B` in text written all in capitals may be a b-pawn or a bishop: where both fit, the
/// player is asked which; where one fits, it is played. In ordinary case `B` is a bishop
/// and `b` a b-pawn first.
#[test]
fn a_capital_b_is_asked_about_when_a_pawn_and_a_bishop_both_fit() {
    // The pawn on b2 and the bishop on d2 can both take on c3.
    let both = load("4k3/8/8/8/8/2p5/1P1B4/4K3 w - - 0 1");
    match both.read("BXC3") {
        Err(ParseError::Ambiguous { mut candidates, .. }) => {
            candidates.sort();
            assert_eq!(candidates, ["Bxc3", "bxc3"]);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(both.format(&both.read("Bxc3").unwrap()), "Bxc3");
    assert_eq!(both.format(&both.read("bxc3").unwrap()), "bxc3");
    let pawn_only = load("4k3/8/8/8/8/2p5/1P6/4K3 w - - 0 1");
    assert_eq!(pawn_only.format(&pawn_only.read("BXC3").unwrap()), "bxc3");
    let bishop_only = load("4k3/8/8/8/8/2p5/3B4/4K3 w - - 0 1");
    assert_eq!(
        bishop_only.format(&bishop_only.read("BXC3").unwrap()),
        "Bxc3"
    );
}

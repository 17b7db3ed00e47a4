//! Draws as the rule sheets have them (issue 13 item 8). Sheet 000: "A game is drawn when both
//! players are left with insufficient pieces for a checkmate, or one is left with no legal move.
//! No pieces have been taken or pawns moved for 50 consecutive moves". Sheet 004: a position
//! "repeated three time concurrently with the same player about to move" "may be declared a
//! draw". FIDE 9.6.1: a fivefold repetition draws by itself.

use super::rules::{load, play, start};
use tabula::rules::chess::ChessGame;
use tabula::rules::{Action, DrawReason, Game, GameKind, Outcome, PlayError};

const SHUFFLE: [&str; 4] = ["Nf3", "Nf6", "Ng1", "Ng8"];

fn drawn(reason: DrawReason) -> Option<Outcome> {
    Some(Outcome::Draw { reason })
}

/// Plays the knights out and back `times` times from the start.
fn shuffled(times: usize) -> Game {
    play(&start(), &SHUFFLE.repeat(times))
}

#[test]
fn a_position_repeated_three_times_with_the_same_player_about_to_move_may_be_declared_a_draw() {
    let twice = shuffled(1);
    assert!(!twice.may_claim_draw(0) && !twice.may_claim_draw(1));
    match twice.apply(&Action::ClaimDraw { seat: 0 }) {
        Err(PlayError::Illegal(why)) => assert!(why.contains("three times"), "{why}"),
        other => panic!("{other:?}"),
    }
    let thrice = shuffled(2);
    assert_eq!(
        thrice.outcome(),
        None,
        "a repetition is no draw until claimed"
    );
    assert!(thrice.may_claim_draw(0) && thrice.may_claim_draw(1));
    assert!(!thrice.may_claim_draw(2), "only the players claim");
    for seat in [0, 1] {
        let claimed = thrice.apply(&Action::ClaimDraw { seat }).unwrap();
        assert_eq!(claimed.outcome(), drawn(DrawReason::ThreefoldRepetition));
    }
    // Once the game moves on, the position stands no more and the claim is gone.
    let moved = play(&thrice, &["e4"]);
    assert!(!moved.may_claim_draw(1));
    assert!(moved.apply(&Action::ClaimDraw { seat: 1 }).is_err());
}

#[test]
fn the_fifth_occurrence_of_a_position_draws_by_itself_as_fide_9_6_has_it() {
    let four = play(&shuffled(3), &SHUFFLE[..3]);
    assert_eq!(four.outcome(), None);
    let five = play(&four, &SHUFFLE[3..]);
    assert_eq!(five.outcome(), drawn(DrawReason::FivefoldRepetition));
}

#[test]
fn no_pieces_taken_or_pawns_moved_for_50_consecutive_moves_is_a_draw_by_itself() {
    let near = load("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
    assert_eq!(near.outcome(), None);
    let done = play(&near, &["Ra2"]);
    assert_eq!(done.outcome(), drawn(DrawReason::FiftyMoveRule));
}

#[test]
fn a_claimed_draw_is_stored_and_a_claim_the_position_does_not_allow_is_refused_on_load() {
    let claimed = shuffled(2).apply(&Action::ClaimDraw { seat: 1 }).unwrap();
    let json = serde_json::to_string(&claimed).unwrap();
    let back: Game = serde_json::from_str(&json).unwrap();
    assert_eq!(back, claimed);
    // The same claim on a game whose position has not repeated three times.
    let early = serde_json::to_value(shuffled(1)).unwrap();
    let mut forged = early.clone();
    forged["verdict"] = serde_json::to_value(drawn(DrawReason::ThreefoldRepetition)).unwrap();
    assert!(serde_json::from_value::<Game>(forged).is_err());
    // A fivefold repetition is the position's own result, never a stored verdict.
    let mut forged = early;
    forged["verdict"] = serde_json::to_value(drawn(DrawReason::FivefoldRepetition)).unwrap();
    assert!(serde_json::from_value::<Game>(forged).is_err());
}

#[test]
fn rules_say_which_sheet_each_draw_rule_comes_from() {
    let rules = GameKind::Chess.info().rules;
    assert!(rules.chars().count() < 2000);
    for source in ["sheet 000", "sheet 004", "FIDE 9.6", "`draw claim`"] {
        assert!(rules.contains(source), "{source}: {rules}");
    }
}

/// A FEN that stops early still loads, with the missing fields' defaults (no castling
/// rights, no en passant square, move 1), and says them back so nobody loses castling
/// rights unawares.
#[test]
fn a_fen_without_castling_rights_loads_and_says_back_the_fields_it_was_read_with() {
    let short = Game::from_position(GameKind::Chess, "r3k2r/8/8/8/8/8/8/R3K2R w").unwrap();
    let notice = short.notice().expect("the fields read are said back");
    assert!(notice.contains("castling rights"), "{notice}");
    assert!(notice.contains("`- - 0 1`"), "{notice}");
    assert!(
        notice.contains("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1"),
        "{notice}"
    );
    assert!(!short.legal_moves().iter().any(|m| short.format(m) == "O-O"));
    let board_only = ChessGame::from_fen("8/8/8/8/8/8/k7/4K3").unwrap();
    let said = Game::Chess(board_only).notice().unwrap();
    assert!(said.contains("side to move"), "{said}");
    let whole = Game::from_position(GameKind::Chess, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(whole.unwrap().notice(), None, "a whole FEN needs no word");
    // The notice belongs to the loading; the first move clears it.
    assert_eq!(play(&short, &["Kd1"]).notice(), None);
}

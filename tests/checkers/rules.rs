//! One test per sentence of the checkers sheets (000 "Checkers", 004 "Draughts"), named after
//! it, from constructed positions; then both huffing rulesets and the draw rule.

use tabula::rules::checkers::{BLACK, CheckersGame, QUIET_PLIES, WHITE};
use tabula::rules::{DrawReason, Outcome, Rules, Turn, WinReason};

fn game(ruleset: &str, fen: &str) -> CheckersGame {
    CheckersGame::from_fen(ruleset, fen).expect("a legal position")
}

fn play(g: &CheckersGame, text: &str) -> CheckersGame {
    let seat = g.seat_to_move();
    let m = g
        .parse(seat, text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    g.apply(seat, &m).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn refused(g: &CheckersGame, text: &str) -> String {
    let seat = g.seat_to_move();
    match g.parse(seat, text) {
        Ok(m) => panic!("{text} was read as {m}"),
        Err(e) => e.to_string(),
    }
}

/// The legal moves in the game's order (answers to a failure to capture first).
fn options(g: &CheckersGame) -> Vec<String> {
    g.legal(g.seat_to_move())
        .iter()
        .map(|m| g.format(m))
        .collect()
}

/// The legal moves, sorted.
fn legal(g: &CheckersGame) -> Vec<String> {
    let mut out = options(g);
    out.sort();
    out
}

fn piece(g: &CheckersGame, square: u8) -> Option<(usize, bool)> {
    g.board().at(square - 1)
}

// Sheet 000, "Checkers".

#[test]
fn each_has_twelve_pieces_which_start_on_the_first_three_rows_on_the_darker_squares() {
    let g = CheckersGame::new("forced", 2).unwrap();
    for s in 1..=12 {
        assert_eq!(piece(&g, s), Some((BLACK, false)), "{s}");
    }
    for s in 13..=20 {
        assert_eq!(piece(&g, s), None, "{s}");
    }
    for s in 21..=32 {
        assert_eq!(piece(&g, s), Some((WHITE, false)), "{s}");
    }
    assert_eq!(
        g.position().unwrap(),
        "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    );
}

#[test]
fn players_take_turns_moving_a_piece_diagonally_forward_on_to_an_adjacent_vacant_square() {
    // Black's man on 14 steps to 17 or 18; White's on 23 to 18 or 19; nothing steps back.
    let g = game("forced", "B:W23:B14");
    assert_eq!(legal(&g), ["14-17", "14-18"]);
    let g = play(&g, "14-17");
    assert_eq!(g.seat_to_move(), WHITE);
    assert_eq!(legal(&g), ["23-18", "23-19"]);
    assert!(
        refused(&g, "23-26").contains("forward only"),
        "{}",
        refused(&g, "23-26")
    );
}

#[test]
fn the_opponents_piece_may_be_taken_if_diagonally_adjacent_with_a_vacant_square_beyond() {
    let g = game("forced", "B:W14:B9,5");
    assert_eq!(legal(&g), ["9x18"]);
    let g = play(&g, "9x18");
    assert_eq!(piece(&g, 14), None, "the jumped piece is removed");
    assert_eq!(piece(&g, 18), Some((BLACK, false)));
    // With the square beyond occupied, there is nothing to take.
    let blocked = game("forced", "B:W14,18:B9");
    assert!(
        !legal(&blocked).iter().any(|m| m.contains('x')),
        "{:?}",
        legal(&blocked)
    );
}

#[test]
fn he_can_then_continue_on_to_take_other_pieces_in_the_same_move() {
    let g = game("forced", "B:W14,22:B9");
    assert_eq!(legal(&g), ["9x18x25"], "the sequence must be continued");
    assert!(
        refused(&g, "9x18").contains("continued"),
        "{}",
        refused(&g, "9x18")
    );
    let g = play(&g, "9x18x25");
    assert_eq!(g.board().pieces(WHITE), 0);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: BLACK,
            reason: WinReason::AllCaptured
        })
    );
}

#[test]
fn failure_to_take_the_opponent_claims_the_piece_which_should_have_moved_huffing() {
    // huff-000: Black could take 9x18 but plays 1-5; White huffs the man on 9, then moves.
    let g = game("huff-000", "B:W14,30:B9,1");
    assert!(
        legal(&g).contains(&"1-5".to_string()),
        "capturing is optional"
    );
    let g = play(&g, "1-5");
    assert_eq!(g.seat_to_move(), WHITE);
    assert_eq!(
        options(&g)[..2],
        ["huff 9".to_string(), "pass".to_string()][..]
    );
    let g = play(&g, "huff");
    assert_eq!(
        piece(&g, 9),
        None,
        "the piece that should have captured is gone"
    );
    assert_eq!(
        g.seat_to_move(),
        WHITE,
        "the huff is the first part of White's turn"
    );
    assert!(!legal(&g).iter().any(|m| m.starts_with("huff")));
    let g = play(&g, "14-10");
    assert_eq!(g.seat_to_move(), BLACK);
}

#[test]
fn the_huff_takes_the_piece_where_it_went_when_it_moved_instead_of_taking() {
    let g = play(&game("huff-000", "B:W14,30:B9,1"), "9-13");
    assert_eq!(options(&g)[0], "huff 13");
    assert!(
        refused(&g, "huff 9").contains("could have captured"),
        "{}",
        refused(&g, "huff 9")
    );
    let g = play(&g, "huff 13");
    assert_eq!(piece(&g, 13), None);
}

#[test]
fn the_huff_may_be_declined_by_passing_or_by_simply_moving() {
    let g = play(&game("huff-000", "B:W14,30:B9,1"), "1-5");
    let passed = play(&g, "pass");
    assert_eq!(passed.seat_to_move(), WHITE);
    assert!(
        !legal(&passed)
            .iter()
            .any(|m| m == "pass" || m.starts_with("huff"))
    );
    let moved = play(&g, "30-26");
    assert_eq!(piece(&moved, 9), Some((BLACK, false)));
    assert!(moved.pending().is_none());
    assert!(refused(&moved, "huff 14").contains("no failure to capture"));
}

#[test]
fn in_huff_000_a_capture_that_is_not_the_longest_is_no_failure_to_take() {
    let g = play(&game("huff-000", "B:W14,22,16:B9,12"), "12x19");
    assert!(g.pending().is_none());
}

#[test]
fn modern_tournament_rules_force_the_taking_move() {
    let g = game("forced", "B:W14,30:B9,1");
    assert_eq!(legal(&g), ["9x18"]);
    assert!(
        refused(&g, "1-5").contains("compulsory"),
        "{}",
        refused(&g, "1-5")
    );
    // Any capture may be chosen, not necessarily the longest.
    let g = game("forced", "B:W14,22,16:B9,12");
    assert_eq!(legal(&g), ["12x19", "9x18x25"]);
    play(&g, "12x19");
}

#[test]
fn when_a_piece_reaches_the_last_row_it_becomes_a_king_that_moves_forward_or_backward() {
    let g = play(&game("forced", "B:W5:B26"), "26-31");
    assert_eq!(piece(&g, 31), Some((BLACK, true)));
    let g = play(&g, "5-1");
    assert_eq!(piece(&g, 1), Some((WHITE, true)), "White crowns on 1-4");
    assert_eq!(
        legal(&g),
        ["31-26", "31-27"],
        "the king goes back up the board"
    );
    let g = game("forced", "B:W32:BK18");
    assert_eq!(legal(&g), ["18-14", "18-15", "18-22", "18-23"]);
}

#[test]
fn a_king_may_be_captured_in_a_jump_just_like_a_single_checker() {
    let g = game("forced", "B:WK14:B9");
    let g = play(&g, "9x18");
    assert_eq!(piece(&g, 14), None);
}

#[test]
fn the_first_player_to_capture_all_of_his_opponents_checkers_wins() {
    let g = play(&game("forced", "W:W22:B18"), "22x15");
    assert_eq!(
        g.turn(),
        Turn::Over(Outcome::Win {
            winner: WHITE,
            reason: WinReason::AllCaptured
        })
    );
}

#[test]
fn the_first_player_to_prevent_his_opponent_from_moving_any_remaining_checkers_wins() {
    // Black's man on 28 can only step to 32, where White's man stands: trapped.
    let g = game("forced", "B:W32:B28");
    assert_eq!(
        g.turn(),
        Turn::Over(Outcome::Win {
            winner: WHITE,
            reason: WinReason::Blocked
        })
    );
    assert!(legal(&g).is_empty());
}

// Sheet 004, "Draughts".

#[test]
fn black_always_goes_first() {
    let g = CheckersGame::new("huff-004", 2).unwrap();
    assert_eq!(g.turn(), Turn::Move(BLACK));
    assert_eq!(
        legal(&g),
        ["10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"]
    );
}

#[test]
fn crowning_ends_a_move() {
    // 22x31 crowns on 31; as a king it could go on 31x24 over 27, but the move ends.
    let g = game("forced", "B:W26,27:B22");
    assert_eq!(legal(&g), ["22x31"]);
    assert!(
        refused(&g, "22x31x24").contains("crowning ends the move"),
        "{}",
        refused(&g, "22x31x24")
    );
    let g = play(&g, "22x31");
    assert_eq!(piece(&g, 31), Some((BLACK, true)));
    assert_eq!(piece(&g, 27), Some((WHITE, false)));
    assert_eq!(g.seat_to_move(), WHITE);
}

/// Black could take two with 9x18x25 but takes one with 12x19 (sheet 004's huffing).
fn short_capture() -> CheckersGame {
    let g = game("huff-004", "B:W14,16,22,30:B9,12");
    assert!(legal(&g).contains(&"12x19".to_string()));
    play(&g, "12x19")
}

#[test]
fn if_a_did_not_capture_as_many_as_he_could_b_has_three_options() {
    let g = short_capture();
    assert_eq!(g.seat_to_move(), WHITE);
    assert_eq!(
        options(&g)[..3],
        ["huff 9", "undo", "pass"].map(String::from)[..]
    );
    let summary = g
        .options_summary(WHITE)
        .expect("the answers are summarised");
    assert!(
        summary.contains("`huff 9`") && summary.contains("`undo`"),
        "{summary}"
    );
    let menu = g.menu(WHITE, 25).unwrap();
    assert!(menu.contains(&"undo".to_string()), "{menu:?}");
    // A plain move, with no failure to answer, is typed: no menu, as in any game without dice.
    let start = CheckersGame::new("huff-004", 2).unwrap();
    assert_eq!(start.menu(BLACK, 25), None);
    // Not capturing at all is the same failure.
    let g = play(&game("huff-004", "B:W14,16,22,30:B9,12"), "9-13");
    assert!(g.pending().is_some());
    // Taking the most is no failure.
    let g = play(&game("huff-004", "B:W14,16,22,30:B9,12"), "9x18x25");
    assert!(g.pending().is_none());
}

#[test]
fn option_1_he_may_cancel_player_as_last_move_and_make_a_capture_instead() {
    let g = play(&short_capture(), "undo");
    assert_eq!(g.seat_to_move(), BLACK);
    assert_eq!(
        piece(&g, 12),
        Some((BLACK, false)),
        "the move is taken back"
    );
    assert_eq!(piece(&g, 16), Some((WHITE, false)));
    assert_eq!(legal(&g), ["9x18x25"], "Black must now take the most");
    assert!(
        refused(&g, "12x19").contains("taking the most"),
        "{}",
        refused(&g, "12x19")
    );
    let g = play(&g, "9x18x25");
    assert!(g.pending().is_none());
    assert_eq!(g.seat_to_move(), WHITE);
}

#[test]
fn option_2_he_may_huff_player_a_by_removing_the_piece() {
    let g = play(&short_capture(), "huff 9");
    assert_eq!(piece(&g, 9), None);
    assert_eq!(
        piece(&g, 19),
        Some((BLACK, false)),
        "the man that captured stays"
    );
    assert_eq!(g.seat_to_move(), WHITE);
    let g = play(&g, "30-26");
    assert_eq!(g.seat_to_move(), BLACK);
}

#[test]
fn option_3_he_may_do_nothing_at_all() {
    let g = play(&short_capture(), "pass");
    assert_eq!(piece(&g, 9), Some((BLACK, false)));
    assert_eq!(g.seat_to_move(), WHITE);
    assert!(
        refused(&g, "undo").contains("no failure to capture"),
        "{}",
        refused(&g, "undo")
    );
}

#[test]
fn undo_is_not_an_option_of_huff_000() {
    let g = play(&game("huff-000", "B:W14,30:B9,1"), "1-5");
    assert!(
        refused(&g, "undo").contains("huff-004"),
        "{}",
        refused(&g, "undo")
    );
}

#[test]
fn the_winner_captures_or_traps_all_the_opponents_pieces_and_a_huff_can_take_the_last() {
    // White's only man on 23 could take 23x14 and steps 23-19 instead; Black huffs it and wins.
    let g = play(&game("huff-004", "W:W23:B18,1"), "23-19");
    let g = play(&g, "huff 19");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: BLACK,
            reason: WinReason::AllCaptured
        })
    );
}

// The draw rule, where neither sheet speaks.

#[test]
fn forty_moves_each_without_a_capture_or_a_mans_move_draw_the_game() {
    let mut g = game("forced", "B:WK32:BK1");
    let cycle = ["1-6", "32-28", "6-1", "28-32"];
    for ply in 0..QUIET_PLIES as usize {
        assert!(g.outcome().is_none(), "ply {ply}");
        g = play(&g, cycle[ply % 4]);
    }
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::FortyMoveRule
        })
    );
    // A man's move starts the count again.
    let g = play(&game("forced", "B:WK32,24:BK1"), "1-6");
    assert_eq!(g.quiet_plies(), 1);
    let g = play(&g, "24-20");
    assert_eq!(g.quiet_plies(), 0);
}

#[test]
fn a_draw_is_agreed_by_offer_and_acceptance() {
    use tabula::rules::DrawAction;
    let g = CheckersGame::new("forced", 2).unwrap();
    let g = g.draw(BLACK, DrawAction::Offer).unwrap();
    assert!(g.draw(BLACK, DrawAction::Accept).is_err());
    let g = g.draw(WHITE, DrawAction::Accept).unwrap();
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::Agreement
        })
    );
}

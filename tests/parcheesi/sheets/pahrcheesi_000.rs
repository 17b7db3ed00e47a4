//! "Pahrcheesi" from the game compendium (sheet 000, ruleset `pahrcheesi`): one test per rule
//! sentence, from constructed positions with given dice. Quotes are from the sheet.

use crate::support::parcheesi::*;
use tabula::rules::parcheesi::Ruleset;

const R: Ruleset = Ruleset::Pahrcheesi;

// "To enter the board, you must roll a 5 or a combination of 5 on one or both dice. You
// must enter your mover onto the board whenever possible."
#[test]
fn you_must_enter_a_mover_whenever_possible() {
    let game = board(R, 2).seat(RED, "10 s s s").roll([4, 1]);
    assert_eq!(options(&game), ["enter"]);
    let game = board(R, 2).seat(RED, "10 s s s").roll([5, 3]);
    assert!(refused(&game, "a 8").contains("you must enter"));
}

// "If you roll a 5 and all your movers are already on the board … you may then use the 5 to
// move your movers that are already on the board."
#[test]
fn a_five_moves_movers_when_all_are_on_the_board() {
    let game = board(R, 2).seat(RED, "10 20 30 40").roll([5, 2]);
    assert_eq!(at(&play(&game, "a5 b2"), RED), "15 22 30 40");
}

// "… or if you have two movers on your ENTER space (see MOVING), you may then use the 5 to
// move your movers that are already on the board."
#[test]
fn with_two_movers_on_the_enter_space_a_five_may_move_instead_of_entering() {
    let game = board(R, 2).seat(RED, "0 0 10 s").roll([5, 6]);
    assert!(legal(&game, "c 11"));
    assert!(
        legal(&game, "a6 enter"),
        "clearing the space and entering is allowed too"
    );
}

// "You can either move one mover the total amount of spaces shown on both dice, or … split
// the moves between them." "If you can't move by the count of both dice, you may move one
// mover the number of spaces shown on only one die."
#[test]
fn one_mover_takes_both_dice_or_two_movers_one_each_or_one_die_if_that_is_all() {
    let game = board(R, 2).seat(RED, "10 20 s s").roll([2, 4]);
    assert_eq!(at(&play(&game, "a 6"), RED), "16 20 s s");
    assert_eq!(at(&play(&game, "a2 b4"), RED), "12 24 s s");
    let game = board(R, 2).seat(RED, "h h h p3").roll([4, 3]);
    assert_eq!(options(&game), ["d4", "d3"]);
}

// "No more than two of your movers can be on the same space at any time."
#[test]
fn no_more_than_two_movers_on_a_space() {
    let game = board(R, 2).seat(RED, "10 13 13 s").roll([3, 6]);
    assert!(refused(&game, "a3").contains("two of your pawns"));
}

// "If you roll doubles before all your movers are on the board, take your turn and then go
// again."
#[test]
fn doubles_before_all_movers_are_on_the_board_play_then_go_again() {
    let game = board(R, 2).seat(RED, "10 s s s").roll([4, 4]);
    let game = play(&game, "a 8");
    assert_eq!(at(&game, RED), "18 s s s");
    assert_eq!(to_roll(&game), RED);
}

// "If you roll double after all your movers are on the board, move the number of spaces on
// the top and bottom of both dice … one mover 14 spaces (2+2+5+5) or move two movers 7
// spaces each (2+5) and (2+5) or move three movers (2+2) and (5) and (5) or move all four
// movers (2) and (2) and (5) and (5). Once you have moved … roll again."
#[test]
fn doubles_after_all_movers_are_on_the_board_move_fourteen_in_any_combination() {
    let game = board(R, 2).seat(RED, "10 20 30 40").roll([2, 2]);
    assert_eq!(at(&play(&game, "a 14"), RED), "24 20 30 40");
    assert_eq!(at(&play(&game, "a7 b7"), RED), "17 27 30 40");
    assert_eq!(at(&play(&game, "a 4 b5 c5"), RED), "14 25 35 40");
    let four = play(&game, "a2 b2 c5 d5");
    assert_eq!(at(&four, RED), "12 22 35 45");
    assert_eq!(to_roll(&four), RED);
}

// "If you can't move in any of the combinations listed above, do not move ANY of your
// movers. Roll again and take another turn."
#[test]
fn if_no_combination_can_be_moved_no_mover_moves_and_you_roll_again() {
    let game = board(R, 2).seat(RED, "h h h p5").roll([2, 2]);
    assert_eq!(at(&game, RED), "h h h p5");
    assert_eq!(to_roll(&game), RED);
}

// "If you roll doubles three times in a row, do not take a third turn. Take your mover that
// is closest to HOME and put it back in your START circle … Play now passes to the left."
#[test]
fn three_doubles_in_a_row_send_the_mover_nearest_home_back_and_play_passes_left() {
    let game = board(R, 3)
        .seat(RED, "10 30 s s")
        .after_doubles(2)
        .roll([6, 6]);
    assert_eq!(at(&game, RED), "10 s s s");
    assert_eq!(to_roll(&game), BLUE);
}

// "If you land on the same space that an opponent's mover is on, your opponent takes his
// mover and puts it back on his START circle." (No safety spaces are named.)
#[test]
fn landing_on_an_opponent_captures_it_on_any_track_space() {
    let game = board(R, 2)
        .seat(RED, "5 20 30 40")
        .seat(BLUE, "@7 s s s")
        .roll([2, 3]);
    let game = play(&game, "a2 a3");
    assert_eq!(at(&game, BLUE), "s s s s");
}

// "Bonus: After you have sent an opponent's mover back, move any one of your movers ahead
// 20 extra spaces." "If you cannot move any one of your movers ahead 20 spaces, you must
// forfeit the bonus."
#[test]
fn a_capture_earns_twenty_spaces_for_one_mover_or_nothing() {
    let game = board(R, 2)
        .seat(RED, "10 20 30 40")
        .seat(BLUE, "@23 s s s")
        .roll([3, 4]);
    let game = play(&game, "b3 a4");
    assert_eq!(at(&play(&game, "d20"), RED), "14 23 30 60");
    let game = board(R, 2)
        .seat(RED, "h h h 50")
        .seat(BLUE, "@53 s s s")
        .roll([3, 6]);
    let game = play(&game, "d3 d6");
    assert!(
        game.notice()
            .unwrap()
            .contains("forfeits the 20-space capture bonus")
    );
}

// "If you capture an opponent when you roll DOUBLES, move ahead 20 spaces, then roll again."
#[test]
fn a_capture_with_doubles_moves_twenty_then_rolls_again() {
    let game = board(R, 2)
        .seat(RED, "10 20 30 40")
        .seat(BLUE, "@11 s s s")
        .roll([1, 1]);
    let game = play(&game, "a1 b1 c6 d6");
    assert_eq!(to_move(&game), RED);
    let game = play(&game, "a20");
    assert_eq!(to_roll(&game), RED);
}

// "Two movers of the same color on any space forms a BLOCK. Other players cannot land on,
// capture or pass over a blocked space."
#[test]
fn other_players_cannot_land_on_or_pass_a_block() {
    let game = board(R, 2)
        .seat(RED, "20 s s s")
        .seat(BLUE, "@24 @24 s s")
        .roll([6, 3]);
    assert_eq!(options(&game), ["a3"]);
}

#[test]
fn a_block_does_not_stop_its_own_movers() {
    let game = board(R, 2).seat(RED, "10 14 14 s").roll([6, 2]);
    assert_eq!(at(&play(&game, "a6 a2"), RED), "18 14 14 s");
    // No rule forbids the pair advancing together under this sheet.
    let game = board(R, 2).seat(RED, "14 14 s s").roll([3, 3]);
    assert_eq!(at(&play(&game, "a3 b3"), RED), "17 17 s s");
}

// "If another player blocks your ENTER space, you can't enter the board until that player
// breaks up the block."
#[test]
fn a_block_on_your_enter_space_keeps_you_off_the_board() {
    let game = board(R, 2).seat(BLUE, "@0 @0 s s").roll([5, 4]);
    assert_eq!(at(&game, RED), "s s s s");
    assert_eq!(to_roll(&game), BLUE);
    assert!(
        game.notice()
            .unwrap()
            .contains("Red cannot move with 5 and 4")
    );
}

// "You cannot move HOME using another player's HOME PATH. You must reach HOME by exact
// count and the HOME space counts as one space."
#[test]
fn home_is_reached_by_exact_count() {
    let game = board(R, 2).seat(RED, "p5 20 30 40").roll([3, 4]);
    assert!(refused(&game, "a4").contains("exact count"));
    assert_eq!(at(&play(&game, "a3 b4"), RED), "h 24 30 40");
}

// "Home Bonus: After getting a mover into the HOME space, move any one of your other movers
// an additional 10 spaces. If you cannot move one mover 10 spaces, you forfeit the bonus."
#[test]
fn reaching_home_moves_another_mover_ten_or_forfeits() {
    let game = play(&board(R, 2).seat(RED, "p5 20 30 40").roll([3, 4]), "a3 b4");
    assert_eq!(options(&game), ["b10", "c10", "d10"]);
    let game = play(&board(R, 2).seat(RED, "p5 h h p1").roll([3, 1]), "a3 d1");
    assert!(
        game.notice()
            .unwrap()
            .contains("forfeits the 10-space home bonus")
    );
}

// "The first player to move all of his or her movers Home wins the game."
#[test]
fn the_first_player_with_all_movers_home_wins() {
    let game = play(&board(R, 2).seat(RED, "h h h p6").roll([2, 5]), "d2");
    assert_eq!(over(&game).winner(), Some(RED));
}

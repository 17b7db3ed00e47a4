//! PARCHEESI, Winning Moves 2007 (sheet 002, the default ruleset `parcheesi`): one test per
//! rule sentence, from constructed positions with given dice. Quotes are from the sheet.

use crate::support::parcheesi::*;
use tabula::rules::parcheesi::Ruleset;
use tabula::rules::{Action, Game, GameKind, Outcome, Turn, WinReason};

const R: Ruleset = Ruleset::Parcheesi;

// "All players roll two dice … Highest roller starts. Play then continues to the left."
#[test]
fn highest_roller_starts_and_play_continues_to_the_left() {
    let game = Game::new(GameKind::Parcheesi, "parcheesi", 3).unwrap();
    let game = roll(&roll(&roll(&game, [3, 4]), [6, 5]), [2, 2]);
    assert_eq!(to_roll(&game), BLUE);
    assert!(game.notice().unwrap().contains("Blue rolled highest (11)"));
    // Blue cannot enter with 6 and 1, so the turn passes on to Yellow, Blue's left.
    let game = roll(&game, [6, 1]);
    assert_eq!(to_roll(&game), YELLOW);
}

#[test]
fn a_tie_for_the_highest_opening_roll_is_rolled_again() {
    let game = Game::new(GameKind::Parcheesi, "parcheesi", 2).unwrap();
    let game = roll(&roll(&game, [4, 4]), [6, 2]);
    assert!(game.notice().unwrap().contains("tie on 8"));
    assert_eq!(to_roll(&game), RED);
}

// "Pawns are entered only on die rolls of FIVE—a 5 on one or both dice …"
#[test]
fn a_five_on_one_die_enters_a_pawn() {
    let game = board(R, 2).roll([5, 2]);
    assert_eq!(options(&game), ["enter a2"]);
    assert_eq!(at(&play(&game, "enter a2"), RED), "2 s s s");
}

// "… or any combination totaling 5 (4+1 or 3+2)."
#[test]
fn dice_totalling_five_enter_a_pawn() {
    for dice in [[4, 1], [3, 2]] {
        let game = board(R, 2).roll(dice);
        assert_eq!(options(&game), ["enter"]);
        assert_eq!(at(&play(&game, "enter"), RED), "0 s s s");
    }
}

#[test]
fn a_double_five_enters_two_pawns() {
    let game = board(R, 2).roll([5, 5]);
    assert_eq!(options(&game), ["enter enter"]);
    let game = play(&game, "enter enter");
    assert_eq!(at(&game, RED), "0 0 s s");
    assert_eq!(to_roll(&game), RED, "doublets roll again");
}

#[test]
fn without_a_five_no_pawn_enters_and_the_turn_passes_by_itself() {
    let game = board(R, 2).roll([6, 3]);
    assert_eq!(to_roll(&game), BLUE);
    assert_eq!(
        game.notice().unwrap(),
        "Red cannot move with 6 and 3; the turn passes to Blue"
    );
}

// "When possible, you must enter a pawn."
#[test]
fn when_possible_you_must_enter_a_pawn() {
    let game = board(R, 2).seat(RED, "10 s s s").roll([5, 3]);
    assert!(refused(&game, "a 8").contains("you must enter a pawn"));
    assert!(options(&game).iter().all(|o| o.starts_with("enter")));
    assert!(legal(&game, "enter a3") && legal(&game, "enter b3"));
}

// "However, if you can't use a FIVE to enter, try to use it for movement." and
// "If a blockade occupies your ENTER space, you cannot enter a pawn."
#[test]
fn a_five_that_cannot_enter_is_used_for_movement_when_a_blockade_holds_the_enter_space() {
    let game = board(R, 2)
        .seat(RED, "10 s s s")
        .seat(BLUE, "@0 @0 s s")
        .roll([5, 3]);
    assert!(refused(&game, "enter").contains("blockade"));
    assert_eq!(at(&play(&game, "a 8"), RED), "18 s s s");
}

// "Move your entered pawns counterclockwise along the path the number of spaces you roll."
// "You may move one or two pawns on your turn … one pawn 4+3 spaces, or 3+4 spaces; or you
// can move one pawn 4 spaces, and another pawn 3 spaces."
#[test]
fn you_may_move_one_pawn_both_dice_or_two_pawns_one_die_each() {
    let game = board(R, 2).seat(RED, "10 20 s s").roll([4, 3]);
    assert_eq!(options(&game).len(), 4);
    assert_eq!(at(&play(&game, "a 7"), RED), "17 20 s s");
    assert_eq!(at(&play(&game, "a3 a4"), RED), "17 20 s s");
    assert_eq!(at(&play(&game, "a4 b3"), RED), "14 23 s s");
    assert_eq!(at(&play(&game, "b4, A3"), RED), "13 24 s s");
}

// "You must move whenever possible."
#[test]
fn you_must_use_both_dice_when_you_can() {
    let game = board(R, 2).seat(RED, "10 s s s").roll([6, 4]);
    let game = play(&game, "a6");
    assert_eq!(to_move(&game), RED, "the 4 is still to play");
    assert_eq!(options(&game), ["a4"]);
}

// "If you cannot move by the count of both dice, you may move one pawn by the count of
// either one of the dice."
#[test]
fn if_both_dice_cannot_be_used_either_one_may_be() {
    let game = board(R, 2).seat(RED, "h h h p3").roll([4, 3]);
    assert_eq!(options(&game), ["d4", "d3"]);
    let game = play(&game, "d3");
    assert_eq!(to_roll(&game), BLUE);
}

// "No more than two of your pawns can occupy any space."
#[test]
fn no_more_than_two_of_your_pawns_on_a_space() {
    let game = board(R, 2).seat(RED, "10 13 13 s").roll([3, 6]);
    assert!(refused(&game, "a3").contains("two of your pawns already stand there"));
}

// "If you roll doublets before all four of your pawns are entered, take your turn as usual,
// then roll again."
#[test]
fn doublets_before_all_four_are_entered_play_as_usual_then_roll_again() {
    let game = board(R, 2).seat(RED, "10 s s s").roll([3, 3]);
    assert_eq!(options(&game), ["a3 a3"]);
    let game = play(&game, "a 6");
    assert_eq!(at(&game, RED), "16 s s s");
    assert_eq!(to_roll(&game), RED);
}

// "If you roll doublets after all four of your pawns are entered, use the four numbers on
// the tops and the bottoms of the dice … always 14, … taken by one pawn or split."
#[test]
fn doublets_after_all_four_are_entered_move_tops_and_bottoms_fourteen() {
    let game = board(R, 2).seat(RED, "10 20 30 40").roll([6, 6]);
    assert_eq!(at(&play(&game, "a 14"), RED), "24 20 30 40");
    // "move one pawn 6 spaces, a second pawn 1 space, and the third pawn 6 spaces, then 1"
    let split = play(&game, "a6 b1 c6 c1");
    assert_eq!(at(&split, RED), "16 21 37 40");
    assert_eq!(to_roll(&split), RED, "whether you move or not, roll again");
    assert_eq!(
        to_move(&play(&game, "a6 b6 c1")),
        RED,
        "the fourth part is still owed"
    );
}

// "If you can't take all 4 parts of your move, don't move your pawns at all. Whether you
// move or not, roll again."
#[test]
fn if_not_all_four_parts_can_be_taken_no_pawn_moves_then_roll_again() {
    let game = board(R, 2).seat(RED, "h h h p5").roll([6, 6]);
    assert_eq!(at(&game, RED), "h h h p5");
    assert_eq!(to_roll(&game), RED);
    assert!(game.notice().unwrap().contains("no pawn moves"));
}

// "The third consecutive time you roll doublets, don't move your pawns at all. Instead,
// remove your pawn closest to HOME (even if it's on your Home Path) and return it to your
// START circle … This ends your turn."
#[test]
fn the_third_doublets_send_the_pawn_nearest_home_back_even_from_the_home_path() {
    let game = board(R, 2)
        .seat(RED, "10 p2 s s")
        .after_doubles(2)
        .roll([4, 4]);
    assert_eq!(at(&game, RED), "10 s s s");
    assert_eq!(to_roll(&game), BLUE);
    assert!(game.notice().unwrap().contains("pawn B goes back to START"));
}

#[test]
fn doublets_count_towards_the_penalty_only_in_a_row() {
    let game = board(R, 2).seat(RED, "10 20 30 40").roll([2, 2]);
    let game = roll(&play(&game, "a 14"), [3, 3]);
    let game = roll(&play(&game, "b 14"), [1, 1]);
    assert_eq!(
        at(&game, RED),
        "24 34 30 s",
        "the third doublets cost pawn B"
    );
    assert_eq!(to_roll(&game), BLUE);
}

// "When you land on an opponent's pawn by the count of any die, you capture it. Return the
// captured pawn to its START circle." "If you capture a pawn after moving by the count of
// one die, you may continue your move with the same pawn or with another pawn."
#[test]
fn landing_on_an_opponent_by_one_die_captures_it_and_the_move_goes_on() {
    let game = board(R, 2)
        .seat(RED, "10 20 30 40")
        .seat(BLUE, "@23 s s s")
        .roll([3, 4]);
    let captured = play(&game, "b3");
    assert_eq!(at(&captured, BLUE), "s s s s");
    assert!(legal(&captured, "b4") && legal(&captured, "a4"));
    assert!(legal(&game, "b3 b4 a20"));
}

// "Capture Bonus: After capturing a pawn, move any one of your pawns an additional 20
// spaces at the end of your turn."
#[test]
fn the_capture_bonus_moves_one_pawn_twenty_at_the_end_of_the_turn() {
    let game = board(R, 2)
        .seat(RED, "10 20 30 40")
        .seat(BLUE, "@23 s s s")
        .roll([3, 4]);
    assert!(refused(&game, "b3 c20").contains("bonuses come after the dice"));
    let game = play(&game, "b3 a4");
    assert_eq!(to_move(&game), RED);
    assert_eq!(options(&game), ["a20", "b20", "c20", "d20"]);
    let game = play(&game, "c20");
    assert_eq!(at(&game, RED), "14 23 50 40");
    assert_eq!(to_roll(&game), BLUE);
}

// "If you can't move one pawn the full 20 spaces, you forfeit the bonus."
#[test]
fn the_capture_bonus_is_forfeited_when_no_pawn_can_move_twenty() {
    let game = board(R, 2)
        .seat(RED, "h h h 50")
        .seat(BLUE, "@53 s s s")
        .roll([3, 6]);
    let game = play(&game, "d3 d6");
    assert_eq!(at(&game, BLUE), "s s s s");
    assert_eq!(to_roll(&game), BLUE);
    assert!(
        game.notice()
            .unwrap()
            .contains("forfeits the 20-space capture bonus")
    );
}

// "(If you capture during a Doublets Bonus move, complete your Capture Bonus before rolling
// again.)"
#[test]
fn a_capture_during_the_doublets_bonus_takes_its_bonus_before_rolling_again() {
    let game = board(R, 2)
        .seat(RED, "10 20 30 40")
        .seat(BLUE, "@11 s s s")
        .roll([1, 1]);
    let game = play(&game, "a1 b1 c6 d6");
    assert_eq!(to_move(&game), RED);
    let game = play(&game, "a20");
    assert_eq!(at(&game, RED), "31 21 36 46");
    assert_eq!(to_roll(&game), RED);
}

// "All blue spaces (including ENTER spaces) are Safety spaces. Two pawns of different
// colors can never share a Safety space. Pawns cannot be captured on Safety spaces."
#[test]
fn a_pawn_on_a_safety_space_cannot_be_captured_or_joined() {
    let game = board(R, 2)
        .seat(RED, "5 20 30 40")
        .seat(BLUE, "@7 s s s")
        .roll([2, 3]);
    assert!(refused(&game, "a2").contains("safety space"));
    assert!(legal(&game, "a3 a2"), "passing it is fine");
}

// "Exception: If an opponent's pawn occupies your ENTER space when you enter a pawn, you
// capture it."
#[test]
fn entering_captures_an_opponent_on_your_enter_space() {
    let game = board(R, 2)
        .seat(RED, "s 20 30 40")
        .seat(BLUE, "@0 s s s")
        .roll([5, 1]);
    let game = play(&game, "enter b1");
    assert_eq!(at(&game, BLUE), "s s s s");
    assert_eq!(to_move(&game), RED, "the capture bonus is owed");
    assert_eq!(at(&play(&game, "a20"), RED), "20 21 30 40");
}

// "A blockade cannot be landed on, passed or captured by any pawn."
#[test]
fn a_blockade_cannot_be_passed_or_landed_on_by_an_opponent() {
    let game = board(R, 2)
        .seat(RED, "20 s s s")
        .seat(BLUE, "@24 @24 s s")
        .roll([6, 3]);
    assert_eq!(options(&game), ["a3"]);
    assert!(refused(&game, "a6").contains("blockade"));
}

#[test]
fn a_blockade_stops_its_own_colour_too() {
    let game = board(R, 2).seat(RED, "10 14 14 s").roll([6, 2]);
    assert!(refused(&game, "a6").contains("blockade"));
}

// "You may be forced to break up your own blockade if you can't move any of your other pawns."
#[test]
fn you_must_break_your_blockade_when_no_other_pawn_can_move() {
    let game = board(R, 2).seat(RED, "14 14 s s").roll([6, 4]);
    let after = play(&game, "a6 a4");
    assert_eq!(at(&after, RED), "24 14 s s");
}

// "The two pawns in a blockade cannot be moved forward to form a blockade together on a new
// space."
#[test]
fn the_two_pawns_of_a_blockade_cannot_advance_together() {
    let game = board(R, 2).seat(RED, "14 14 s s").roll([3, 3]);
    assert!(refused(&game, "a3 b3").contains("may not advance together"));
    assert_eq!(options(&game), ["a3 a3"]);
}

// "You may not move your pawns onto any opponent's Home Path spaces."
#[test]
fn a_pawn_passes_an_opponents_turn_off_and_stays_on_the_track() {
    let game = board(R, 2).seat(RED, "10 20 30 40").roll([6, 1]);
    // Blue turns off at track space 12; Red's pawn A goes on to 16 and 17.
    assert_eq!(at(&play(&game, "a6 a1"), RED), "17 20 30 40");
}

// "Each pawn must enter HOME by exact die roll, counting the HOME square as a space. For
// example, the Red Player's pawn on space D … is 3 spaces away from HOME."
#[test]
fn each_pawn_enters_home_by_exact_count() {
    let game = board(R, 2).seat(RED, "p5 20 30 40").roll([3, 4]);
    assert!(refused(&game, "a4").contains("3 from HOME"));
    let game = play(&game, "a3 b4");
    assert_eq!(at(&game, RED), "h 24 30 40");
}

// "Home Bonus: After moving a pawn HOME, move any one of your pawns an additional 10 spaces
// at the end of your turn."
#[test]
fn reaching_home_earns_ten_spaces_for_one_pawn() {
    let game = board(R, 2).seat(RED, "p5 20 30 40").roll([3, 4]);
    let game = play(&game, "a3 b4");
    assert_eq!(options(&game), ["b10", "c10", "d10"]);
    assert_eq!(at(&play(&game, "bonus c"), RED), "h 24 40 40");
}

// "If you can't move one pawn the full 10 spaces, you forfeit the bonus."
#[test]
fn the_home_bonus_is_forfeited_when_no_pawn_can_move_ten() {
    let game = board(R, 2).seat(RED, "p5 h h p1").roll([3, 1]);
    let game = play(&game, "a3 d1");
    assert_eq!(at(&game, RED), "h h h p2");
    assert_eq!(to_roll(&game), BLUE);
    assert!(
        game.notice()
            .unwrap()
            .contains("forfeits the 10-space home bonus")
    );
}

// "The first player to move all four pawns HOME wins!"
#[test]
fn the_first_player_with_all_four_pawns_home_wins() {
    let game = board(R, 2).seat(RED, "h h h p6").roll([2, 5]);
    let game = play(&game, "d2");
    assert_eq!(
        over(&game),
        Outcome::Win {
            winner: RED,
            reason: WinReason::AllHome
        }
    );
    assert_eq!(game.describe(over(&game)), "getting all four pawns home");
}

#[test]
fn a_resigning_player_drops_out_and_the_last_one_standing_wins() {
    let game = board(R, 3)
        .seat(RED, "10 s s s")
        .seat(BLUE, "20 s s s")
        .game();
    let game = game.apply(&Action::Resign { seat: RED }).unwrap();
    assert_eq!(at(&game, RED), "s s s s");
    assert_eq!(to_roll(&game), BLUE);
    let game = game.apply(&Action::Resign { seat: YELLOW }).unwrap();
    assert_eq!(
        game.turn(),
        Turn::Over(Outcome::Win {
            winner: BLUE,
            reason: WinReason::Resignation
        })
    );
}

// "If you can't take all 4 parts of your move, don't move your pawns at all." A win is no
// exception: two parts of 14 bring the last pawn HOME, four cannot be taken, so none are.
#[test]
fn a_win_with_part_of_the_doublets_is_no_move_at_all() {
    let game = board(R, 2).seat(RED, "h h h p1").roll([5, 5]);
    assert_eq!(at(&game, RED), "h h h p1", "no pawn moves");
    assert_eq!(to_roll(&game), RED, "whether you move or not, roll again");
    assert!(game.notice().unwrap().contains("no pawn moves"));
}

// "If you cannot move by the count of both dice, you may move one pawn by the count of
// either one of the dice." The die that wins is allowed, not compulsory.
#[test]
fn either_die_may_be_moved_when_one_of_them_would_win() {
    let game = board(R, 2).seat(RED, "h h h p3").roll([5, 3]);
    let mut options = options(&game);
    options.sort();
    assert_eq!(options, ["d3", "d5"]);
    let game = play(&game, "d3");
    assert_eq!(at(&game, RED), "h h h p6");
    assert_eq!(to_roll(&game), BLUE);
}

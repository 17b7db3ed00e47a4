//! "Pachisi", the modern interpretation (sheet 003, ruleset `pachisi`): one test per rule
//! sentence and die-roll chart line, from constructed positions with given dice.

use crate::support::parcheesi::*;
use tabula::rules::parcheesi::Ruleset;

const R: Ruleset = Ruleset::Pachisi;

// "A player enters one counter when the total sum of the spots uppermost on the dice equals
// five." Chart "1 4: enter a man onto starting star space, or move a man on board 5 spaces".
#[test]
fn a_total_of_five_enters_one_counter() {
    assert_eq!(options(&board(R, 2).roll([3, 2])), ["enter"]);
    let game = board(R, 2).seat(RED, "10 s s s").roll([1, 4]);
    assert!(legal(&game, "enter") && legal(&game, "a 5"));
}

// "If five and some other number is thrown, enter one counter for the five and move that
// counter, or any other already in play, as many spaces as the other die indicates."
#[test]
fn a_five_and_another_number_enter_a_counter_and_move_it_or_another() {
    let game = board(R, 2).seat(RED, "10 s s s").roll([5, 3]);
    assert_eq!(at(&play(&game, "enter b3"), RED), "10 3 s s");
    assert_eq!(at(&play(&game, "enter a3"), RED), "13 0 s s");
}

// "It is advisable to enter all the counters as soon as possible." (Advice, not a rule.)
#[test]
fn entering_is_advisable_not_forced() {
    let game = board(R, 2).seat(RED, "10 s s s").roll([5, 3]);
    assert_eq!(at(&play(&game, "a 8"), RED), "18 s s s");
}

// "If double five is thrown, two counters may be entered." Chart "5 5: enter two men …, or
// enter a man … and move it … 5 spaces … PLUS move a man on board 4 spaces, or move two men
// 2 spaces each".
#[test]
fn double_five_may_enter_two_counters_plus_the_bottoms() {
    let game = board(R, 2).roll([5, 5]);
    assert_eq!(at(&play(&game, "enter enter a2 b2"), RED), "2 2 s s");
    assert_eq!(at(&play(&game, "enter a5 a 4"), RED), "9 s s s");
    assert_eq!(to_roll(&play(&game, "enter enter a 4")), RED);
}

// "If doubles are thrown, the player moves, in addition to the number of spots uppermost on
// the dice, the numbers on the reverse side. He may move one, two, three or four counters;
// and is also entitled to another throw." Chart "2 2: move a man on board 4 spaces … PLUS
// enter two men onto starting star space".
#[test]
fn doubles_move_tops_and_bottoms_from_the_first_double() {
    let game = board(R, 2).roll([2, 2]);
    let game = play(&game, "enter enter a2 b2");
    assert_eq!(at(&game, RED), "2 2 s s");
    assert_eq!(to_roll(&game), RED);
    let game = board(R, 2).seat(RED, "10 20 30 40").roll([6, 6]);
    assert_eq!(at(&play(&game, "a6 b6 c1 d1"), RED), "16 26 31 41");
}

#[test]
fn doubles_use_as_many_parts_as_can_be_moved() {
    let game = board(R, 2).seat(RED, "h h h p5").roll([2, 2]);
    assert_eq!(options(&game), ["d2"]);
}

// "If doubles are thrown a second time, repeat as before, but if doubles are thrown a third
// time, the player makes no move but must bring his counter nearest HOME back to his
// starting circle … and his turn ends."
#[test]
fn the_third_doubles_bring_the_counter_nearest_home_back_and_end_the_turn() {
    let game = board(R, 2)
        .seat(RED, "10 p2 s s")
        .after_doubles(2)
        .roll([3, 3]);
    assert_eq!(at(&game, RED), "10 s s s");
    assert_eq!(to_roll(&game), BLUE);
}

// "A player may move one counter the total number of spaces indicated on the dice; or he
// may move one counter the number of spaces indicated on one die, and another counter the
// number of spaces on the other die."
#[test]
fn one_counter_takes_the_total_or_two_counters_one_die_each() {
    let game = board(R, 2).seat(RED, "10 20 s s").roll([4, 3]);
    assert_eq!(options(&game).len(), 4);
}

// "When a player's counter lands on one of the white spaces occupied by one counter of
// another player the latter is captured … The captor is credited with twenty extra moves
// which he must take in his turn by moving one counter the whole twenty spaces."
#[test]
fn a_lone_counter_on_a_white_space_is_captured_for_twenty() {
    let game = board(R, 2)
        .seat(RED, "10 20 30 40")
        .seat(BLUE, "@23 s s s")
        .roll([3, 4]);
    let game = play(&game, "b3 a4");
    assert_eq!(at(&game, BLUE), "s s s s");
    assert_eq!(at(&play(&game, "c20"), RED), "14 23 50 40");
}

// "A player is not obliged to capture an opponent's man."
#[test]
fn a_player_is_not_obliged_to_capture() {
    let game = board(R, 2)
        .seat(RED, "10 20 30 40")
        .seat(BLUE, "@23 s s s")
        .roll([3, 4]);
    // Blue's pawn on track space 23 stands 6 past Blue's ENTER space, and stays there.
    assert_eq!(at(&play(&game, "a3 a4"), BLUE), "6 s s s");
}

// "The star spaces are safety points and a counter on one of these stars cannot be
// captured. No player can move his counter onto a star space occupied by an opponent."
#[test]
fn a_counter_on_a_star_cannot_be_captured_or_joined() {
    let game = board(R, 2)
        .seat(RED, "5 20 30 40")
        .seat(BLUE, "@7 s s s")
        .roll([2, 3]);
    assert!(refused(&game, "a2").contains("safety space"));
}

// "A counter resting on an opponent's entering star space is not entirely safe though, as
// it is captured when … the opponent enters a man there."
#[test]
fn a_counter_on_an_opponents_entering_star_is_captured_when_the_opponent_enters() {
    let game = board(R, 2)
        .seat(RED, "s 20 30 40")
        .seat(BLUE, "@0 s s s")
        .roll([5, 1]);
    let game = play(&game, "enter b1");
    assert_eq!(at(&game, BLUE), "s s s s");
    assert_eq!(to_move(&game), RED, "twenty extra moves are owed");
}

// "When a player has two counters on the same space they form a blockade which cannot be
// passed by any counter (even those belonging to the player forming the blockade)."
#[test]
fn a_blockade_cannot_be_passed_even_by_its_own_counters() {
    let game = board(R, 2).seat(RED, "10 14 14 s").roll([6, 2]);
    assert!(refused(&game, "a6").contains("blockade"));
}

// "Should one player form a blockade on another's starting space, the player blocked cannot
// enter a counter on the board until the blockade is broken."
#[test]
fn a_blockade_on_a_starting_space_keeps_the_blocked_player_off_the_board() {
    let game = board(R, 2).seat(BLUE, "@0 @0 s s").roll([5, 1]);
    assert_eq!(to_roll(&game), BLUE);
}

// "A blocking player, however, must break his blockade if he is unable to make another move."
#[test]
fn a_blocking_player_must_break_his_blockade_if_unable_to_make_another_move() {
    let game = board(R, 2).seat(RED, "14 14 s s").roll([6, 4]);
    assert_eq!(at(&play(&game, "a6 a4"), RED), "24 14 s s");
    // No rule here forbids the pair moving on together.
    let game = board(R, 2).seat(RED, "14 14 s s").roll([3, 4]);
    assert_eq!(at(&play(&game, "a3 b4"), RED), "17 18 s s");
}

// "A player must enter 'HOME' by an exact throw of the dice, counting 'HOME' as one space."
// (No home bonus is named.)
#[test]
fn home_by_exact_throw_with_no_home_bonus() {
    let game = board(R, 2).seat(RED, "p5 20 30 40").roll([3, 4]);
    assert!(refused(&game, "a4").contains("exact count"));
    let game = play(&game, "a3 b4");
    assert_eq!(to_roll(&game), BLUE);
}

// "The first player to succeed in landing all four of his counters in the 'HOME' space wins."
#[test]
fn the_first_player_with_all_four_counters_home_wins() {
    let game = play(&board(R, 2).seat(RED, "h h h p6").roll([2, 5]), "d2");
    assert_eq!(over(&game).winner(), Some(RED));
}

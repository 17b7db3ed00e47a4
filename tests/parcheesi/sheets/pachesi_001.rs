//! "Pachesi" (sheet 001, ruleset `pachesi`): one test per rule sentence, from constructed
//! positions with given dice. Quotes are from the sheet.

use crate::support::parcheesi::*;
use tabula::rules::parcheesi::Ruleset;

const R: Ruleset = Ruleset::Pachesi;

// "A player may enter a playing piece only if they throw a total of five with the two dice
// or if one of the two dice shows a five."
#[test]
fn a_piece_enters_on_a_total_of_five_or_a_five_on_one_die() {
    assert_eq!(options(&board(R, 2).roll([3, 2])), ["enter"]);
    assert_eq!(options(&board(R, 2).roll([5, 6])), ["enter a6"]);
    assert_eq!(to_roll(&board(R, 2).roll([6, 2])), BLUE);
}

// "For every five thrown, the player must enter a playing piece. If a double five is thrown
// the player must enter two playing pieces."
#[test]
fn for_every_five_thrown_a_piece_must_enter_and_a_double_five_enters_two() {
    let game = board(R, 2).seat(RED, "10 s s s").roll([5, 5]);
    assert_eq!(options(&game), ["enter enter"]);
    assert!(refused(&game, "a5 a5").contains("you must enter"));
}

// "If one die shows a five and the other die a different number, one playing piece is
// entered (using the 5), and a playing piece already on the board moves the number of
// spaces indicated by the other die."
#[test]
fn a_five_and_another_number_enter_one_piece_and_move_one_by_the_other_die() {
    let game = board(R, 2).seat(RED, "10 s s s").roll([5, 4]);
    assert_eq!(at(&play(&game, "enter a4"), RED), "14 0 s s");
    assert_eq!(at(&play(&game, "enter b4"), RED), "10 4 s s");
}

// "Should a player not be able to use the total shown on the dice, they may use the number
// shown on one of them."
#[test]
fn a_piece_may_use_one_die_when_the_total_cannot_be_used() {
    let game = board(R, 2).seat(RED, "h h h p3").roll([4, 3]);
    assert_eq!(options(&game), ["d4", "d3"]);
}

// "During the game, a player may not have more than two of his/her playing pieces
// occupying the same space."
#[test]
fn no_more_than_two_pieces_on_a_space() {
    let game = board(R, 2).seat(RED, "10 13 13 s").roll([3, 6]);
    assert!(refused(&game, "a3").contains("two of your pawns"));
}

// "When all playing pieces are in play: If a player throws the dice and gets a double, they
// may move any combination of their playing pieces the number of spaces indicated on the
// dice. One playing piece may use all the spaces, or the number may be divided by 4, 3 or 2."
#[test]
fn doubles_with_all_pieces_in_play_move_the_die_four_times_among_one_to_four_pieces() {
    let game = board(R, 2).seat(RED, "10 20 30 40").roll([3, 3]);
    assert_eq!(at(&play(&game, "a 12"), RED), "22 20 30 40");
    assert_eq!(at(&play(&game, "a6 b6"), RED), "16 26 30 40");
    assert_eq!(at(&play(&game, "a3 b3 c 6"), RED), "13 23 36 40");
    assert_eq!(at(&play(&game, "a3 b3 c3 d3"), RED), "13 23 33 43");
    assert!(refused(&game, "a 14").contains("not 14"));
}

// "Any time a player throws a double, they are allowed another turn." (No penalty for a
// third double is mentioned.)
#[test]
fn any_double_gives_another_turn_and_three_in_a_row_carry_no_penalty() {
    let game = board(R, 2)
        .seat(RED, "10 20 30 40")
        .after_doubles(2)
        .roll([4, 4]);
    let game = play(&game, "a4 b4 c4 d4");
    assert_eq!(at(&game, RED), "14 24 34 44");
    assert_eq!(to_roll(&game), RED);
}

// "If in their turn, a player's playing piece lands (by exact count) on a space occupied by
// another player's playing piece, that opponent's piece is 'captured' and sent back to its
// starting corner." (No safety spaces are named.)
#[test]
fn landing_by_exact_count_on_an_opponent_captures_it_anywhere_on_the_track() {
    let game = board(R, 2)
        .seat(RED, "5 20 30 40")
        .seat(BLUE, "@7 s s s")
        .roll([2, 3]);
    assert_eq!(at(&play(&game, "a2"), BLUE), "s s s s");
}

// "The player who makes the capture may either throw the dice again or move any one of
// their playing pieces ten spaces."
#[test]
fn a_capture_earns_another_throw_or_ten_spaces() {
    let game = board(R, 2)
        .seat(RED, "10 20 30 40")
        .seat(BLUE, "@23 s s s")
        .roll([3, 4]);
    let game = play(&game, "b3 a4");
    assert_eq!(options(&game), ["a10", "b10", "c10", "d10", "again"]);
    assert_eq!(to_roll(&play(&game, "again")), RED);
    let moved = play(&game, "c10");
    assert_eq!(at(&moved, RED), "14 23 40 40");
    assert_eq!(to_roll(&moved), BLUE);
}

#[test]
fn a_home_bonus_and_a_capture_bonus_are_both_owed() {
    let game = board(R, 2)
        .seat(RED, "p5 20 30 40")
        .seat(BLUE, "@23 s s s")
        .roll([3, 3]);
    let game = play(&game, "a3 b3 c3 d3");
    let game = play(&game, "c10");
    assert!(options(&game).contains(&"again".to_string()));
}

// "If two playing pieces of the same color rest on the same space anywhere on the board,
// they cannot be passed by any player, regardless of color."
#[test]
fn a_block_cannot_be_passed_by_any_player_regardless_of_color() {
    let game = board(R, 2).seat(RED, "10 14 14 s").roll([6, 2]);
    assert!(refused(&game, "a6").contains("blockade"));
    let game = board(R, 2)
        .seat(RED, "20 s s s")
        .seat(BLUE, "@24 @24 s s")
        .roll([6, 3]);
    assert_eq!(options(&game), ["a3"]);
}

// "The player whose pieces are blocking the path may keep them there as long as they can
// move another playing piece."
#[test]
fn a_block_may_stay_while_another_piece_can_move() {
    let game = board(R, 2).seat(RED, "10 30 30 s").roll([6, 2]);
    assert!(legal(&game, "a6 a2"));
    assert!(
        legal(&game, "b6 a2"),
        "breaking it by choice is allowed too"
    );
}

// "Once the 'block' is broken, the two playing pieces may not travel together; they must be
// on different spaces at the end of the move."
#[test]
fn the_two_pieces_of_a_broken_block_may_not_travel_together() {
    let game = board(R, 2).seat(RED, "14 14 s s").roll([3, 3]);
    assert!(refused(&game, "a3 b3").contains("may not advance together"));
}

// "Should a 'block' occupy an entry space, it will prevent any playing pieces from entering
// the path."
#[test]
fn a_block_on_an_entry_space_prevents_entering() {
    let game = board(R, 2).seat(BLUE, "@0 @0 s s").roll([5, 1]);
    assert_eq!(to_roll(&game), BLUE);
}

// "The home space may only be entered by an exact throw of the dice. For every playing
// piece moved into HOME, that player is given a bonus of ten spaces, which must be used by
// only one playing piece. If the ten cannot be used it is then forfeited."
#[test]
fn home_by_exact_throw_earns_ten_for_one_piece_or_nothing() {
    let game = board(R, 2).seat(RED, "p5 20 30 40").roll([3, 4]);
    assert!(refused(&game, "a4").contains("exact count"));
    let game = play(&game, "a3 b4");
    assert_eq!(at(&play(&game, "d10"), RED), "h 24 30 50");
    let game = play(&board(R, 2).seat(RED, "p5 h h p1").roll([3, 1]), "a3 d1");
    assert!(
        game.notice()
            .unwrap()
            .contains("forfeits the 10-space home bonus")
    );
}

// "The first player to get all four playing pieces HOME wins!"
#[test]
fn the_first_player_with_all_four_pieces_home_wins() {
    let game = play(&board(R, 2).seat(RED, "h h h p6").roll([2, 5]), "d2");
    assert_eq!(over(&game).winner(), Some(RED));
}

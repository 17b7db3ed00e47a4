//! Sheet 000, Snakes & Ladders, one test per sentence, from constructed positions.

use super::{new, position, roll, snakes, squares, winner};
use tabula::rules::snakes::Step;
use tabula::rules::{Action, Game, GameKind, PlayError, Turn};

use crate::conformance::playout::{Playing, playout};

#[test]
fn for_2_to_4_players() {
    for n in 2..=4 {
        assert_eq!(squares(&new("two-dice", n)).len(), n);
    }
    assert!(tabula::rules::Game::new(tabula::rules::GameKind::Snakes, "two-dice", 1).is_err());
    assert!(tabula::rules::Game::new(tabula::rules::GameKind::Snakes, "two-dice", 5).is_err());
}

#[test]
fn toss_one_die_to_see_which_player_will_play_first() {
    let g = new("two-dice", 3);
    assert_eq!(g.turn(), Turn::Roll(0));
    assert_eq!(g.dice().map(|d| d.count), Some(1));
    // Two dice are refused for the ordering throw.
    assert!(
        g.apply(&Action::Roll {
            seat: 0,
            dice: vec![3, 4]
        })
        .is_err()
    );
}

#[test]
fn the_player_with_the_highest_number_tossed_will_begin() {
    let g = roll(&roll(&roll(&new("two-dice", 3), &[2]), &[6]), &[4]);
    assert_eq!(g.turn(), Turn::Roll(1));
    assert!(
        g.notice().unwrap().contains("Blue starts"),
        "{:?}",
        g.notice()
    );
    // Now the race: two dice.
    assert_eq!(g.dice().map(|d| d.count), Some(2));
}

#[test]
fn players_tied_for_the_highest_toss_again() {
    let g = roll(&roll(&roll(&new("two-dice", 3), &[5]), &[2]), &[5]);
    assert_eq!(g.turn(), Turn::Roll(0));
    assert!(g.notice().unwrap().contains("tie"), "{:?}", g.notice());
    let g = roll(&roll(&g, &[1]), &[3]);
    assert_eq!(
        g.turn(),
        Turn::Roll(2),
        "Yellow threw higher in the re-throw"
    );
}

#[test]
fn other_players_follow_in_turn_from_left_to_right() {
    let g = roll(&roll(&roll(&new("two-dice", 3), &[2]), &[6]), &[4]);
    let g = roll(&g, &[1, 2]);
    assert_eq!(g.turn(), Turn::Roll(2));
    let g = roll(&g, &[2, 2]);
    assert_eq!(g.turn(), Turn::Roll(0));
    let g = roll(&g, &[1, 1]);
    assert_eq!(g.turn(), Turn::Roll(1));
}

#[test]
fn all_players_begin_at_the_square_marked_with_the_number_1() {
    for n in 2..=4 {
        assert!(squares(&new("two-dice", n)).iter().all(|&s| s == 1));
    }
    // The start-0 option is the classic off-board start.
    assert!(squares(&new("one-die+start-0", 2)).iter().all(|&s| s == 0));
}

#[test]
fn players_toss_the_dice_and_move_according_to_the_numbers_shown() {
    let g = roll(&position("two-dice", &[2, 1], 0), &[3, 5]);
    assert_eq!(squares(&g), vec![10, 1]);
    let g = roll(&position("one-die", &[2, 1], 0), &[5]);
    assert_eq!(squares(&g), vec![7, 1]);
}

#[test]
fn each_player_has_only_one_turn_at_a_time() {
    // A double gives no second roll.
    let g = roll(&position("two-dice", &[2, 1], 0), &[3, 3]);
    assert_eq!(g.turn(), Turn::Roll(1));
    // Nor does a six with one die.
    let g = roll(&position("one-die", &[2, 1], 0), &[6]);
    assert_eq!(g.turn(), Turn::Roll(1));
    // And a roll out of turn is refused.
    let g = position("two-dice", &[2, 1], 0);
    assert_eq!(
        g.apply(&Action::Roll {
            seat: 1,
            dice: vec![1, 2]
        }),
        Err(PlayError::NotYourTurn)
    );
}

#[test]
fn players_are_not_permitted_to_move_to_a_square_occupied_by_another_player() {
    // Red on 2 throws 3+5 = 10, Blue's square: back to 2, turn lost.
    let g = position("two-dice", &[2, 10], 0);
    let words = g.roll_words(&[3, 5]).unwrap();
    assert!(words.contains("Blue's square"), "{words}");
    let next = roll(&g, &[3, 5]);
    assert_eq!(squares(&next), vec![2, 10]);
    assert_eq!(next.turn(), Turn::Roll(1));
    assert_eq!(snakes(&next).last().unwrap().step, Step::Blocked { by: 1 });
}

/// The same sentence over whole games: in 1,000 random games per ruleset and board (played
/// by the conformance suite's driver), no two players still in ever share a square but the
/// start, and every game ends.
#[test]
fn no_two_players_ever_share_a_square_in_a_thousand_random_games_per_ruleset() {
    for ruleset in [
        "two-dice",
        "one-die",
        "two-dice-95",
        "two-dice+rosetta",
        "one-die+classic-48+start-0",
        "two-dice-95+rosetta+start-0",
    ] {
        let mut longest = 0;
        for n in 0..1000 {
            let players = 2 + n % 3;
            let _playing = Playing(format!("{ruleset} for {players}, seed {n}"));
            let start = Game::new(GameKind::Snakes, ruleset, players).expect("new");
            let played = playout(&start, n as u64, &mut apart);
            assert!(played.end.outcome().is_some());
            longest = longest.max(played.log.len());
        }
        eprintln!("{ruleset}: longest of 1,000 games {longest} actions");
    }
}

/// Checks that no two players still in share a square other than the start.
fn apart(game: &Game) {
    let g = snakes(game);
    for (a, &sa) in g.squares().iter().enumerate() {
        for (b, &sb) in g.squares().iter().enumerate() {
            if a < b && !g.resigned()[a] && !g.resigned()[b] {
                assert!(sa != sb || sa == g.rules().start, "{a} and {b} share {sa}");
            }
        }
    }
}

#[test]
fn any_player_who_lands_on_an_occupied_square_returns_and_loses_their_turn() {
    // The reading: the square a ladder leads to counts too. Red on 3 throws 1: 4 climbs to
    // 14, where Blue stands: Red stays on 3.
    let g = position("one-die", &[3, 14], 0);
    let next = roll(&g, &[1]);
    assert_eq!(squares(&next), vec![3, 14]);
    assert!(g.roll_words(&[1]).unwrap().contains("ladder leads to 14"));
    // And a snake's tail: Red on 44 throws 3 onto 47 (classic: down to 26), Blue on 26.
    let g = position("one-die", &[44, 26], 0);
    assert_eq!(squares(&roll(&g, &[3])), vec![44, 26]);
    // The start square is shared until players move.
    let g = position("one-die", &[1, 1, 7], 0);
    assert_eq!(squares(&roll(&g, &[2])), vec![3, 1, 7]);
}

#[test]
fn should_a_player_land_on_the_bottom_of_a_ladder_they_move_up_the_ladder() {
    let g = position("two-dice", &[26, 1], 0);
    let words = g.roll_words(&[1, 1]).unwrap();
    assert_eq!(words, "**1 and 1**: 26 → 28, up the ladder to 84");
    assert_eq!(squares(&roll(&g, &[1, 1])), vec![84, 1]);
}

#[test]
fn players_may_not_move_down_ladders() {
    // Landing on a ladder's top (84) stays there.
    let g = position("two-dice", &[80 - 4, 1], 0);
    // 76 + 8 = 84.
    assert_eq!(squares(&roll(&g, &[4, 4])), vec![84, 1]);
}

#[test]
fn should_a_player_land_on_the_tail_end_of_a_snake_they_move_down_the_snake() {
    // The sheet's "tail-end" is where the snake starts its slide (the head on the classic
    // board's chutes): 87 goes down to 24.
    let g = position("two-dice", &[83, 1], 0);
    let words = g.roll_words(&[2, 2]).unwrap();
    assert_eq!(words, "**2 and 2**: 83 → 87, down the snake to 24");
    assert_eq!(squares(&roll(&g, &[2, 2])), vec![24, 1]);
}

#[test]
fn players_may_not_move_up_snakes() {
    // Landing on 24, the bottom of the 87 snake, stays on 24.
    let g = position("two-dice", &[20, 1], 0);
    assert_eq!(squares(&roll(&g, &[2, 2])), vec![24, 1]);
}

#[test]
fn squares_with_parts_of_a_ladder_or_snake_are_counted_as_regular_spaces() {
    // 50 lies under the 28→84 ladder's span and beside snakes' bodies: an ordinary square.
    let g = position("two-dice", &[45, 1], 0);
    let next = roll(&g, &[2, 3]);
    assert_eq!(squares(&next), vec![50, 1]);
    assert_eq!(snakes(&next).last().unwrap().step, Step::Moved);
}

#[test]
fn the_first_player_to_reach_100_by_an_exact_toss_wins() {
    let g = position("two-dice", &[94, 1], 0);
    let next = roll(&g, &[3, 3]);
    assert_eq!(winner(&next), Some(0));
    assert!(next.turn().seat().is_none());
    // Climbing the classic 80 → 100 ladder reaches 100 too.
    let g = position("two-dice", &[75, 1], 0);
    assert_eq!(winner(&roll(&g, &[2, 3])), Some(0));
}

#[test]
fn a_toss_that_is_too_high_loses_the_turn() {
    let g = position("two-dice", &[94, 1], 0);
    let words = g.roll_words(&[6, 5]).unwrap();
    assert!(words.contains("past 100"), "{words}");
    let next = roll(&g, &[6, 5]);
    assert_eq!(squares(&next), vec![94, 1]);
    assert_eq!(next.turn(), Turn::Roll(1));
}

#[test]
fn variation_play_with_one_die() {
    let g = position("one-die", &[2, 1], 0);
    assert_eq!(g.dice().map(|d| d.count), Some(1));
    assert!(
        g.apply(&Action::Roll {
            seat: 0,
            dice: vec![1, 2]
        })
        .is_err()
    );
    assert!(
        g.apply(&Action::Roll {
            seat: 0,
            dice: vec![7]
        })
        .is_err()
    );
    assert_eq!(squares(&roll(&g, &[6])), vec![8, 1]);
}

#[test]
fn variation_with_two_dice_a_player_may_roll_one_die_on_95_or_greater() {
    // On 94, one die is not allowed.
    let g = position("two-dice-95", &[94, 1], 0);
    assert!(g.legal_moves().is_empty());
    assert!(g.parse(0, "one die").is_err());
    // On 96: the player may choose one die, then rolls one.
    let g = position("two-dice-95", &[96, 1], 0);
    assert!(g.notice().unwrap().contains("may throw one die"));
    let m = g.parse(0, "one die").expect("allowed on 96");
    let g1 = g.apply(&Action::Play { seat: 0, r#move: m }).unwrap();
    assert_eq!(g1.dice().map(|d| d.count), Some(1));
    assert_eq!(winner(&roll(&g1, &[4])), Some(0));
    // Or roll two as usual.
    assert_eq!(g.dice().map(|d| d.count), Some(2));
    assert_eq!(winner(&roll(&g, &[1, 3])), Some(0));
}

#[test]
fn in_two_dice_a_player_on_99_throws_one_die_since_two_can_never_make_1() {
    // The sheet's two-dice rule cannot finish from 99; the game throws one die there.
    let g = position("two-dice", &[99, 1], 0);
    assert_eq!(g.dice().map(|d| d.count), Some(1));
    assert!(g.notice().unwrap().contains("99"));
    let after = roll(&g, &[2]);
    assert_eq!(squares(&after), vec![99, 1], "2 is too high from 99");
    assert_eq!(
        winner(&roll(&position("two-dice", &[99, 1], 0), &[1])),
        Some(0)
    );
    // 97 still throws two dice (1 and 2 win).
    assert_eq!(
        position("two-dice", &[97, 5], 0).dice().map(|d| d.count),
        Some(2)
    );
    assert!(
        tabula::rules::GameKind::Snakes
            .info()
            .rules
            .contains("on 99 you throw one die")
    );
}

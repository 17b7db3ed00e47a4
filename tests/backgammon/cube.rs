//! Cube decisions held to GNU Backgammon 1.07's (issue 31): three positions where the bot had
//! erred, as gnubg 2-ply (money, no Jacoby, no beavers) judges them. The doubler is White, on
//! roll in the gnubg position ID; Black answers.
//!
//! gnubg's verdicts, got with `gnubg -t` (`set board ID`, `set cube value`, `set cube owner` or
//! `set cube centre`, `hint` at 2-ply), cubeless chances win / gammon / lose a gammon (gammons
//! include backgammons), cubeful equities in units of the cube before doubling:
//!
//! | position | cube | gnubg's chances | no double | double, take | verdict |
//! | --- | --- | --- | --- | --- | --- |
//! | `zD7gGEDNeRgkBA` | centred | 62.4 / 25.1 / 10.0 | +0.576 | +0.543 | No double, take |
//! | `s9kGDED33gAEAg` | White's | 64.7 / 14.4 / 5.7 | +0.593 | +0.521 | No redouble, take |
//! | `bG8GEGDbZhABNA` | White's | 70.4 / 47.2 / 9.5 | +1.001 | +1.407 | Too good to redouble, pass |
//!
//! The taker's answers are what cost most (a wrong pass 0.46 and 0.48, a wrong take 0.41); the
//! doubler's are closer (doubling early costs 0.033 and 0.071; in the third position gnubg's
//! own 0-, 1- and 3-ply call it "Redouble, pass", 0.001 from playing on at 2-ply).
//!
//! Levels 4 and 5 roll these positions out (the quick look puts each near the doubling window).
//! Three rollouts of 3,600 games each (seeds 1 to 3, `cargo run --example rollout_backgammon`)
//! read 64.4 / 24.9 / 9.8, 66.3 / 19.2 / 6.3 and 68.7 / 41.9 / 8.2 on average, against the
//! quick 2-ply look's 66.8 / 29.8 / 7.2, 70.3 / 16.9 / 2.3 and 64.5 / 39.5 / 9.7. The model
//! doubles the first from 62.9% at its gammon rates and redoubles the second from about 66%,
//! so those stay on a knife's edge; the third's redouble is passed.

use rand::SeedableRng;
use rand::rngs::StdRng;
use tabula::bot::{Brain, Budget};
use tabula::rules::Rules;
use tabula::rules::backgammon::{BackgammonGame, BackgammonMove, BackgammonRules, Cube};

/// Returns a money game from a gnubg position ID, White on roll, the cube as `cube` says.
fn money_game(id: &str, cube: Cube) -> BackgammonGame {
    let game = BackgammonGame::from_position_id(id).expect("gnubg IDs load");
    let mut json = serde_json::to_value(&game).expect("a game is JSON");
    json["rules"] = serde_json::to_value(BackgammonRules::money()).unwrap();
    json["cube"] = serde_json::to_value(cube).unwrap();
    serde_json::from_value(json).expect("a money game loads")
}

const CENTRED: Cube = Cube {
    value: 1,
    owner: None,
};
const WHITES: Cube = Cube {
    value: 2,
    owner: Some(0),
};

/// Returns what White does before rolling at `level` (double or not) and how Black answers a
/// double, with the bot's reasons.
fn actions(id: &str, cube: Cube, level: usize) -> (bool, BackgammonMove, String) {
    let game = money_game(id, cube);
    let mut rng = StdRng::seed_from_u64(31);
    let budget = Budget::nodes(100_000);
    let offer = game.choose(0, level, &budget, &mut rng);
    let doubled = game
        .apply(0, &BackgammonMove::Double)
        .expect("White may double");
    let answer = doubled
        .choose(1, level, &budget, &mut rng)
        .expect("an answer");
    let why = format!(
        "level {level} in {id}: offer {:?}; answer {}",
        offer.as_ref().map(|p| &p.why),
        answer.why
    );
    (offer.is_some(), answer.r#move, why)
}

#[test]
fn a_double_gnubg_calls_no_double_take_is_taken_at_levels_3_to_5() {
    for level in 3..=5 {
        let (_, answer, why) = actions("zD7gGEDNeRgkBA", CENTRED, level);
        assert_eq!(answer, BackgammonMove::Take, "{why}");
    }
}

#[test]
fn a_redouble_gnubg_calls_no_redouble_take_is_taken_at_levels_3_to_5() {
    for level in 3..=5 {
        let (_, answer, why) = actions("s9kGDED33gAEAg", WHITES, level);
        assert_eq!(answer, BackgammonMove::Take, "{why}");
    }
}

#[test]
fn a_redouble_gnubg_calls_too_good_to_redouble_pass_is_passed_at_levels_4_and_5() {
    for level in 4..=5 {
        let (_, answer, why) = actions("bG8GEGDbZhABNA", WHITES, level);
        assert_eq!(answer, BackgammonMove::Drop, "{why}");
    }
}

#[test]
#[ignore = "issue 31: rolled out, the bot reads 64% (25% gammons, 10% lost) where gnubg reads 62.4% (25.1%, 10.0%); the model doubles from 62.9%"]
fn a_position_short_of_the_doubling_window_is_not_doubled_at_levels_4_and_5() {
    for (id, cube) in [("zD7gGEDNeRgkBA", CENTRED), ("s9kGDED33gAEAg", WHITES)] {
        for level in 4..=5 {
            let (doubles, _, why) = actions(id, cube, level);
            assert!(!doubles, "{why}");
        }
    }
}

#[test]
#[ignore = "issue 31: the model with gnubg's own chances redoubles here (too good only from 71.5% at 47% gammons), as gnubg does at 0, 1 and 3 plies; the pass is tested above"]
fn a_gammonish_position_too_good_to_redouble_is_played_on_and_the_taker_passes() {
    for level in 4..=5 {
        let (doubles, answer, why) = actions("bG8GEGDbZhABNA", WHITES, level);
        assert_eq!(answer, BackgammonMove::Drop, "{why}");
        assert!(!doubles, "{why}");
    }
}

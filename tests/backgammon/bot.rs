//! The backgammon bot: the bear-off database's exact values, legal plays at every level, the
//! cube in clear races, the level order in seeded games, and the budget.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tabula::bot::backgammon::{bear_off_distribution, bear_off_rolls, evaluate};
use tabula::bot::{Brain, Budget};
use tabula::rules::Rules;
use tabula::rules::backgammon::{
    BackgammonGame, BackgammonMove, BackgammonRules, Phase, Setup, Side, View,
};

/// Returns a side with `n` checkers on each `(point, n)`.
fn side(points: &[(usize, u8)]) -> Side {
    let mut s = [0; 25];
    for (p, n) in points {
        s[p - 1] = *n;
    }
    s
}

fn close(a: f32, b: f32) -> bool {
    (a - b).abs() < 1e-4
}

#[test]
fn bear_off_one_checker_on_the_1_point_takes_one_roll() {
    assert!(close(bear_off_rolls(&[1, 0, 0, 0, 0, 0]), 1.0));
    assert!(close(bear_off_rolls(&[0; 6]), 0.0));
    // Any roll bears off two checkers on the 1- and 2-points.
    assert!(close(bear_off_rolls(&[1, 1, 0, 0, 0, 0]), 1.0));
}

#[test]
fn bear_off_three_checkers_on_the_1_point_take_two_rolls_unless_doubles() {
    // A non-double (30 of 36) takes two off, a double all three.
    assert!(close(
        bear_off_rolls(&[3, 0, 0, 0, 0, 0]),
        1.0 + 30.0 / 36.0
    ));
    let d = bear_off_distribution(&[3, 0, 0, 0, 0, 0]);
    assert!((d[1] - 6.0 / 36.0).abs() < 1e-3 && (d[2] - 30.0 / 36.0).abs() < 1e-3);
}

#[test]
fn bear_off_one_checker_on_the_6_point_misses_with_9_rolls_of_36() {
    // 1-2, 1-3, 1-4, 2-3 (twice each) and 1-1 move it less than six pips; the next roll ends it.
    assert!(close(bear_off_rolls(&[0, 0, 0, 0, 0, 1]), 1.25));
}

#[test]
fn bear_off_one_checker_on_the_5_point_misses_with_5_rolls_of_36() {
    // 1-2 and 1-3 (twice each) and 1-1 move it less than five pips.
    assert!(close(bear_off_rolls(&[0, 0, 0, 0, 1, 0]), 1.0 + 5.0 / 36.0));
}

#[test]
fn the_side_on_roll_with_one_checker_on_the_1_point_always_wins_the_race() {
    let view = View {
        me: side(&[(1, 1)]),
        opp: side(&[(1, 1)]),
    };
    assert!(close(evaluate(&view).win, 1.0));
    // Three checkers on the 1-point against one: the side on roll wins with doubles only.
    let view = View {
        me: side(&[(1, 3)]),
        opp: side(&[(1, 1)]),
    };
    assert!((evaluate(&view).win - 6.0 / 36.0).abs() < 1e-3);
}

/// Starts a money game with seat 0 on roll from `me` and `opp`.
fn money(me: Side, opp: Side) -> BackgammonGame {
    let setup = Setup {
        on_roll: me,
        opponent: opp,
        seat: 0,
        dice: None,
    };
    BackgammonGame::from_setup(setup, BackgammonRules::money()).unwrap()
}

/// Six checkers on the 1- to 3-points against eight higher up (seven already off).
fn winning_race() -> BackgammonGame {
    money(
        side(&[(1, 2), (2, 2), (3, 2)]),
        side(&[(3, 2), (4, 2), (5, 2), (6, 2)]),
    )
}

#[test]
fn the_bot_doubles_in_a_clearly_winning_race() {
    let game = winning_race();
    for level in 2..=5 {
        let mut rng = StdRng::seed_from_u64(1);
        let pick = game.choose(0, level, &Budget::nodes(100_000), &mut rng);
        assert_eq!(
            pick.map(|p| p.r#move),
            Some(BackgammonMove::Double),
            "level {level}"
        );
    }
}

#[test]
fn the_bot_drops_a_hopeless_race_and_takes_a_close_one() {
    let doubled = winning_race().apply(0, &BackgammonMove::Double).unwrap();
    let even = side(&[(1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (6, 2)]);
    let close_race = money(even, even).apply(0, &BackgammonMove::Double).unwrap();
    for level in 2..=5 {
        let mut rng = StdRng::seed_from_u64(2);
        let budget = Budget::nodes(100_000);
        let answer = doubled.choose(1, level, &budget, &mut rng).unwrap();
        assert_eq!(answer.r#move, BackgammonMove::Drop, "level {level}");
        let answer = close_race.choose(1, level, &budget, &mut rng).unwrap();
        assert_eq!(answer.r#move, BackgammonMove::Take, "level {level}");
    }
}

/// Plays one game from the start, `levels[seat]` for each seat, checking every answer is legal;
/// returns the winner.
fn bot_game(rules: BackgammonRules, levels: [usize; 2], nodes: u64, seed: u64) -> usize {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = BackgammonGame::new(rules);
    loop {
        let dice = [rng.random_range(1..=6), rng.random_range(1..=6)];
        game = match game.phase() {
            Phase::Opening => game.roll(0, &dice).unwrap(),
            Phase::Roll { seat } => {
                match game.choose(seat, levels[seat], &Budget::nodes(nodes), &mut rng) {
                    Some(pick) => {
                        assert!(game.legal(seat).contains(&pick.r#move), "{pick:?}");
                        game.apply(seat, &pick.r#move).unwrap()
                    }
                    None => game.roll(seat, &dice).unwrap(),
                }
            }
            Phase::Move { .. } | Phase::Doubled { .. } => {
                let seat = match game.phase() {
                    Phase::Doubled { seat } => 1 - seat,
                    Phase::Move { seat, .. } => seat,
                    _ => unreachable!(),
                };
                let pick = game
                    .choose(seat, levels[seat], &Budget::nodes(nodes), &mut rng)
                    .expect("a move when one is due");
                assert!(
                    game.legal(seat).contains(&pick.r#move),
                    "level {} played {:?}, not among the legal moves",
                    levels[seat],
                    pick.r#move
                );
                assert!(!pick.why.is_empty());
                game.apply(seat, &pick.r#move).unwrap()
            }
            Phase::Over { .. } => return game.games().last().unwrap().winner,
        };
    }
}

#[test]
fn every_level_plays_only_legal_moves_and_cube_actions() {
    for (n, levels) in [[1, 2], [3, 4], [5, 1], [2, 5], [4, 3]].iter().enumerate() {
        bot_game(BackgammonRules::money(), *levels, 400, 40 + n as u64);
    }
}

/// Returns how many of `games` seeded games `strong` wins against `weak`, seats alternating.
fn wins(strong: usize, weak: usize, games: u64, nodes: u64) -> u64 {
    (0..games)
        .filter(|n| {
            let seat = (*n % 2) as usize;
            let mut levels = [weak; 2];
            levels[seat] = strong;
            bot_game(BackgammonRules::standard(), levels, nodes, 900 + n) == seat
        })
        .count() as u64
}

#[test]
fn the_levels_are_in_order_over_seeded_games() {
    assert!(wins(2, 1, 30, 1) >= 20, "greedy against random");
    assert!(wins(4, 1, 20, 1_000) >= 18, "0-ply against random");
    assert!(wins(4, 2, 30, 1_000) >= 18, "0-ply against greedy");
    assert!(
        wins(4, 3, 40, 1_000) > 20,
        "the trained networks against the hand-tuned evaluation, both at 0-ply"
    );
}

/// Returns the steps (from, to) a pick plays, sorted.
fn steps(m: &BackgammonMove) -> Vec<(u8, u8)> {
    let BackgammonMove::Play(steps) = m else {
        panic!("{m:?} is not a play");
    };
    let mut out: Vec<(u8, u8)> = steps.iter().map(|s| (s.from, s.to)).collect();
    out.sort();
    out
}

#[test]
fn the_trained_levels_play_the_book_openings_3_1_4_2_and_6_1_by_making_a_point() {
    // The opening plays every rollout agrees on: 3-1 makes the 5-point (8/5 6/5), 4-2 the
    // 4-point (8/4 6/4), 6-1 the bar point (13/7 8/7).
    let book = [
        ("3-1", vec![(6, 5), (8, 5)]),
        ("4-2", vec![(6, 4), (8, 4)]),
        ("6-1", vec![(8, 7), (13, 7)]),
    ];
    for (dice, play) in book {
        let game =
            BackgammonGame::from_position_id(&format!("4HPwATDgc/ABMA white {dice}")).unwrap();
        for level in [4, 5] {
            let mut rng = StdRng::seed_from_u64(4);
            let pick = game
                .choose(0, level, &Budget::nodes(1_000_000), &mut rng)
                .unwrap();
            assert_eq!(
                steps(&pick.r#move),
                play,
                "level {level} with {dice}: {}",
                pick.why
            );
        }
    }
}

#[test]
fn a_node_budget_cuts_the_1_ply_look_short_and_still_plays() {
    let game = BackgammonGame::from_position_id("4HPwATDgc/ABMA white 3-1").unwrap();
    let mut rng = StdRng::seed_from_u64(3);
    let short = game.choose(0, 5, &Budget::nodes(1), &mut rng).unwrap();
    assert!(game.legal(0).contains(&short.r#move));
    assert!(short.why.contains("no time for 1-ply"), "{}", short.why);
    let long = game
        .choose(0, 5, &Budget::nodes(1_000_000), &mut rng)
        .unwrap();
    assert!(long.why.contains("1-ply equity"), "{}", long.why);
    // Cancelled (as at shutdown): it answers at once, still with a legal play.
    let cancel = Arc::new(AtomicBool::new(true));
    let budget = Budget::nodes(u64::MAX).cancelled_by(cancel);
    let pick = game.choose(0, 5, &budget, &mut rng).unwrap();
    assert!(game.legal(0).contains(&pick.r#move));
    assert!(pick.why.contains("no time for 1-ply"), "{}", pick.why);
}

//! The bots: every level plays legal moves; six bots finish a 10-peg game; the lookahead
//! level beats greedy more often than not over seeded games; the planner, alone on the
//! board, brings its ten pegs across in at most 32 moves.

use rand::rngs::StdRng;
use rand::{Rng as _, SeedableRng};
use tabula::bot::{Brain, Budget, choose, levels};
use tabula::rules::chinese_checkers::{ChineseCheckersGame, ChineseMove, Size};
use tabula::rules::{Action, Game, GameKind, Outcome, Rules, Turn};

/// Plays a game with the given level in each seat; returns the outcome and the moves made.
fn bot_game(ruleset: &str, seats: &[usize], seed: u64) -> (Option<Outcome>, usize) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = Game::new(GameKind::ChineseCheckers, ruleset, seats.len()).unwrap();
    let budget = Budget::nodes(10_000);
    let mut moves = 0;
    while let Turn::Move(seat) = game.turn() {
        let pick = choose(&game, seat, seats[seat], &budget, &mut rng).expect("a bot always moves");
        game = game
            .apply(&Action::Play {
                seat,
                r#move: pick.r#move,
            })
            .expect("bots play legal moves");
        moves += 1;
        assert!(moves < 20_000, "the no-progress draw ends every game");
    }
    (game.outcome(), moves)
}

#[test]
fn chinese_checkers_has_random_greedy_lookahead_and_planner_levels() {
    let names: Vec<&str> = levels(GameKind::ChineseCheckers)
        .iter()
        .map(|l| l.name)
        .collect();
    assert_eq!(names, ["random", "greedy", "lookahead", "planner"]);
}

#[test]
fn six_greedy_bots_finish_a_ten_peg_game_with_a_winner() {
    let (outcome, moves) = bot_game("10-peg", &[2; 6], 6);
    assert!(
        matches!(outcome, Some(Outcome::Win { .. })),
        "{outcome:?} after {moves}"
    );
}

#[test]
fn six_lookahead_bots_finish_a_six_peg_game_playing_for_places() {
    let (outcome, moves) = bot_game("6-peg places", &[3; 6], 7);
    assert!(outcome.is_some(), "{moves}");
}

#[test]
fn the_lookahead_level_beats_greedy_more_often_than_not() {
    let mut wins = [0; 2];
    for seed in 0..10u64 {
        // Alternate who starts.
        let levels = if seed % 2 == 0 { [3, 2] } else { [2, 3] };
        let (outcome, _) = bot_game("6-peg", &levels, 100 + seed);
        if let Some(Outcome::Win { winner, .. }) = outcome {
            let lookahead_won = levels[winner] == 3;
            wins[usize::from(!lookahead_won)] += 1;
        }
    }
    println!("lookahead {} greedy {}", wins[0], wins[1]);
    assert!(
        wins[0] > wins[1],
        "lookahead {} greedy {}",
        wins[0],
        wins[1]
    );
}

/// The two-player 10-peg position with Red's pegs on `red`, Green's parked in side corner 1
/// (out of Red's way), Red to move: Red plays alone.
fn red_alone(red: &[bool]) -> ChineseCheckersGame {
    let star = Size::Ten.star();
    let board: String = (0..star.len())
        .map(|h| match (red[h], star.corner[h] == Some(1)) {
            (true, _) => '1',
            (_, true) => '2',
            _ => '.',
        })
        .collect();
    let state = serde_json::json!({
        "ruleset": "10-peg", "players": 2, "board": board, "to_move": 0,
        "best": [0, 0], "since_progress": 0,
    });
    serde_json::from_value(state).unwrap()
}

#[test]
fn the_planner_alone_brings_ten_pegs_across_in_at_most_32_moves() {
    // The proven minimum is 27 (Bell 2009); the issue asks for 32 on average.
    let star = Size::Ten.star();
    let mut red: Vec<bool> = (0..star.len()).map(|h| star.corner[h] == Some(3)).collect();
    let mut rng = StdRng::seed_from_u64(3);
    let top = levels(GameKind::ChineseCheckers).len();
    let mut moves = 0;
    loop {
        let game = red_alone(&red);
        let pick = game
            .choose(0, top, &Budget::nodes(10_000), &mut rng)
            .unwrap();
        let after = game.apply(0, &pick.r#move).unwrap();
        moves += 1;
        if after.is_home(0) {
            break;
        }
        assert!(moves < 32, "not home after {moves} moves");
        red = after.cells().iter().map(|c| *c == Some(0)).collect();
    }
    println!("the planner took {moves} moves");
}

/// How the planner's opponent chooses in [`against`].
#[derive(Clone, Copy, Debug)]
enum Foe {
    /// Any legal move, uniformly.
    Random,
    /// Never takes a peg out of its starting corner while another move exists.
    KeepAll,
    /// Keeps the peg on its corner's far tip at home; otherwise the move nearest its target.
    KeepTip,
}

/// Plays the planner in `seat` against `foe` on a two-player board; returns the outcome.
fn against(ruleset: &str, seat: usize, foe: Foe, seed: u64) -> Option<Outcome> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = ChineseCheckersGame::new(ruleset, 2).unwrap();
    let top = levels(GameKind::ChineseCheckers).len();
    let mut moves = 0;
    while let Turn::Move(s) = game.turn() {
        let m = if s == seat {
            game.choose(s, top, &Budget::nodes(10_000), &mut rng)
                .unwrap()
                .r#move
        } else {
            let star = game.star();
            let home = game.home(s);
            let tip = star.tips[usize::from(home)];
            let legal = game.legal(s);
            let kept: Vec<_> = legal
                .iter()
                .filter(|m| match foe {
                    Foe::Random => true,
                    Foe::KeepAll => {
                        star.corner[usize::from(m.to())] == Some(home)
                            || star.corner[usize::from(m.from())] != Some(home)
                    }
                    Foe::KeepTip => m.from() != tip,
                })
                .collect();
            let pool = if kept.is_empty() {
                legal.iter().collect()
            } else {
                kept
            };
            let after = |m: &ChineseMove| game.apply(s, m).unwrap().distance(s);
            let pick = match foe {
                Foe::KeepTip => pool.iter().min_by_key(|m| after(m)).unwrap(),
                _ => &pool[rng.random_range(0..pool.len())],
            };
            (*pick).clone()
        };
        game = game.apply(s, &m).unwrap();
        moves += 1;
        assert!(moves < 5_000, "the no-progress draw ends every game");
    }
    game.outcome()
}

#[test]
fn the_planner_beats_random_and_spoilers_keeping_pegs_home_in_either_seat_on_both_boards() {
    // Issue 31: pegs kept home on purpose cannot stop the planner finishing, so every game
    // ends in its win, never in the no-progress draw.
    for ruleset in ["6-peg", "10-peg"] {
        for foe in [Foe::Random, Foe::KeepAll, Foe::KeepTip] {
            for seat in 0..2 {
                let outcome = against(ruleset, seat, foe, 31 + seat as u64);
                assert!(
                    matches!(outcome, Some(Outcome::Win { winner, .. }) if winner == seat),
                    "{ruleset} {foe:?} planner as seat {seat}: {outcome:?}"
                );
            }
        }
    }
}

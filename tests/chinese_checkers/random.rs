//! Property tests: 300 random games for each player count (2 to 6) end by the rules (a win,
//! or the documented draw after 20 rounds without progress), never panic, survive JSON, and
//! replay from their action log to their snapshot.

use crate::support::game::ToAct;
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tabula::rules::{Action, Game, GameKind, Turn};

/// A guard far beyond any game the no-progress rule allows, so a bug cannot hang the test.
const GUARD: usize = 20_000;

fn ruleset(players: usize, seed: u64) -> &'static str {
    match (players, seed % 3) {
        (4 | 6, 0) => "10-peg partners",
        (4 | 6, 1) => "6-peg partners places",
        (_, 0) => "6-peg",
        (_, 1) => "10-peg places",
        _ => "10-peg",
    }
}

fn random_game(players: usize, seed: u64) -> (Game, Vec<String>, &'static str) {
    let mut rng = StdRng::seed_from_u64(seed);
    let rules = ruleset(players, seed);
    let mut game = Game::new(GameKind::ChineseCheckers, rules, players).unwrap();
    let mut log = Vec::new();
    for step in 0..GUARD {
        let Turn::Move(seat) = game.turn() else { break };
        let action = if rng.random_range(0..2000) == 0 {
            Action::Resign { seat }
        } else {
            let moves = game.legal_moves();
            assert!(
                !moves.is_empty(),
                "a game that is not over has a legal move"
            );
            let m = moves[rng.random_range(0..moves.len())].clone();
            if step % 25 == 0 {
                assert_eq!(game.read(&game.format(&m)).as_ref(), Ok(&m));
            }
            Action::Play { seat, r#move: m }
        };
        game = game.apply(&action).expect("chosen actions are legal");
        if step % 50 == 0 {
            let stored = serde_json::to_string(&game).unwrap();
            assert_eq!(serde_json::from_str::<Game>(&stored).unwrap(), game);
        }
        log.push(serde_json::to_string(&action).unwrap());
    }
    (game, log, rules)
}

fn replay(players: usize, rules: &str, log: &[String]) -> Game {
    let mut game = Game::new(GameKind::ChineseCheckers, rules, players).unwrap();
    for entry in log {
        let action: Action = serde_json::from_str(entry).unwrap();
        game = game.apply(&action).unwrap();
    }
    game
}

fn check(players: usize, seed: u64) -> Result<(), TestCaseError> {
    let (game, log, rules) = random_game(players, seed);
    prop_assert!(game.outcome().is_some(), "the game ends by the rules");
    let stored = serde_json::to_string(&game).unwrap();
    prop_assert_eq!(&serde_json::from_str::<Game>(&stored).unwrap(), &game);
    prop_assert_eq!(replay(players, rules, &log), game);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn random_two_player_games_end_and_replay(seed in any::<u64>()) { check(2, seed)?; }

    #[test]
    fn random_three_player_games_end_and_replay(seed in any::<u64>()) { check(3, seed)?; }

    #[test]
    fn random_four_player_games_end_and_replay(seed in any::<u64>()) { check(4, seed)?; }

    #[test]
    fn random_five_player_games_end_and_replay(seed in any::<u64>()) { check(5, seed)?; }

    #[test]
    fn random_six_player_games_end_and_replay(seed in any::<u64>()) { check(6, seed)?; }
}

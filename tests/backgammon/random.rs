//! Random backgammon games through the `Game` layer: they finish, never panic, keep 15
//! checkers a side, survive a JSON round trip, and replay from their action log.

use crate::support::game::ToAct;
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tabula::rules::backgammon::BackgammonGame;
use tabula::rules::{Action, Game, GameKind, Turn};

const RULESETS: [&str; 4] = ["standard", "cube", "match:3", "match:1"];

fn bg(game: &Game) -> &BackgammonGame {
    match game {
        Game::Backgammon(g) => g,
        _ => panic!("not backgammon"),
    }
}

/// Checks that each side has 15 checkers between the board, the bar and off.
fn conserved(game: &Game) {
    let board = bg(game).board();
    for seat in 0..2 {
        let placed: u32 = (1..=25).map(|p| u32::from(board.checkers(seat, p))).sum();
        assert_eq!(placed + u32::from(board.off(seat)), 15, "seat {seat}");
    }
}

/// Plays one random game (session or match) from `seed`, returning the action log and the end.
fn random_game(seed: u64) -> (String, Vec<Action>, Game) {
    let mut rng = StdRng::seed_from_u64(seed);
    let ruleset = RULESETS[rng.random_range(0..RULESETS.len())];
    let mut game = Game::new(GameKind::Backgammon, ruleset, 2).unwrap();
    let mut log = Vec::new();
    for step in 0.. {
        assert!(step < 20_000, "{ruleset} game {seed} did not finish");
        conserved(&game);
        let before_off = [bg(&game).board().off(0), bg(&game).board().off(1)];
        let games_before = bg(&game).games().len();
        let action = match game.turn() {
            Turn::Over(_) => break,
            Turn::Roll(seat) => {
                let moves = game.legal_moves();
                if rng.random_bool(0.001) {
                    Action::Resign { seat }
                } else if !moves.is_empty() && rng.random_bool(0.03) {
                    Action::Play {
                        seat,
                        r#move: moves[0].clone(),
                    }
                } else {
                    let dice = vec![rng.random_range(1..=6), rng.random_range(1..=6)];
                    Action::Roll { seat, dice }
                }
            }
            Turn::Move(seat) => {
                let moves = game.legal_moves();
                assert!(!moves.is_empty(), "a move is due only when one exists");
                let m = moves[rng.random_range(0..moves.len())].clone();
                let text = game.format(&m);
                assert_eq!(game.read(&text).as_ref(), Ok(&m), "{text}");
                Action::Play { seat, r#move: m }
            }
        };
        let next = game
            .apply(&action)
            .unwrap_or_else(|e| panic!("{action:?}: {e}"));
        if bg(&next).games().len() == games_before {
            for (seat, before) in before_off.into_iter().enumerate() {
                assert!(
                    bg(&next).board().off(seat) >= before,
                    "borne-off checkers stay off"
                );
            }
        }
        if step % 7 == 0 {
            let json = serde_json::to_string(&next).unwrap();
            assert_eq!(serde_json::from_str::<Game>(&json).unwrap(), next, "{json}");
        }
        log.push(action);
        game = next;
    }
    (ruleset.to_string(), log, game)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn random_games_finish_conserve_checkers_and_replay(seed in any::<u64>()) {
        let (ruleset, log, end) = random_game(seed);
        let json = serde_json::to_string(&end).unwrap();
        prop_assert_eq!(&serde_json::from_str::<Game>(&json).unwrap(), &end);
        let mut replay = Game::new(GameKind::Backgammon, &ruleset, 2).unwrap();
        for action in &log {
            replay = replay.apply(action).unwrap();
        }
        prop_assert_eq!(&replay, &end);
        prop_assert!(end.outcome().is_some());
        prop_assert!(end.legal_moves().is_empty());
        // Stored moves carry no position, so the log itself round-trips through JSON.
        let logged = serde_json::to_string(&log).unwrap();
        let back: Vec<Action> = serde_json::from_str(&logged).unwrap();
        prop_assert_eq!(back, log);
    }
}

//! Property tests: random complete games never panic, always end (or reach the move cap),
//! survive a trip through JSON at every step, and replay from their action log to their snapshot.

use crate::support::game::ToAct;
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tabula::rules::{Action, Game, GameKind, Turn};

/// Plies after which a random game is stopped (the 50-move rule ends nearly all before).
const MOVE_CAP: usize = 600;

/// Plays a random game, returning its final state and its log as stored JSON.
fn random_game(seed: u64) -> (Game, Vec<String>) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = Game::new(GameKind::Chess, "standard", 2).expect("chess setup");
    let mut log = Vec::new();
    for _ in 0..MOVE_CAP {
        let action = match game.turn() {
            Turn::Over(_) => break,
            Turn::Roll(_) => unreachable!("chess has no dice"),
            Turn::Move(seat) => {
                // Now and then someone offers, declines or resigns instead of moving.
                match rng.random_range(0..400) {
                    0 => Action::Resign { seat },
                    1..=3 if game.draw_offer().is_none() => Action::OfferDraw { seat },
                    4..=5 if game.draw_offer().is_some_and(|s| s != seat) => {
                        Action::AcceptDraw { seat }
                    }
                    _ => {
                        let moves = game.legal_moves();
                        assert!(
                            !moves.is_empty(),
                            "a game that is not over has a legal move"
                        );
                        let m = moves[rng.random_range(0..moves.len())].clone();
                        // Every move a player could pick reads back from its own notation.
                        assert_eq!(game.read(&game.format(&m)).as_ref(), Ok(&m));
                        Action::Play { seat, r#move: m }
                    }
                }
            }
        };
        game = game.apply(&action).expect("chosen actions are legal");
        let stored = serde_json::to_string(&game).expect("state serializes");
        let loaded: Game = serde_json::from_str(&stored).expect("stored state loads");
        assert_eq!(loaded, game, "the snapshot loads back unchanged");
        log.push(serde_json::to_string(&action).expect("action serializes"));
    }
    (game, log)
}

fn replay(log: &[String]) -> Game {
    let mut game = Game::new(GameKind::Chess, "standard", 2).expect("chess setup");
    for entry in log {
        let action: Action = serde_json::from_str(entry).expect("stored action loads");
        game = game.apply(&action).expect("stored actions replay");
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    #[test]
    fn random_chess_games_end_and_replay_to_their_snapshot(seed in any::<u64>()) {
        let (game, log) = random_game(seed);
        prop_assert!(game.outcome().is_some() || log.len() == MOVE_CAP);
        prop_assert_eq!(replay(&log), game);
    }
}

//! Random whole games, 300 per ruleset: each ends (a win, or the draw rule), never panics,
//! survives a trip through JSON, and replays from its action log to its snapshot.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tabula::rules::{Action, Game, GameKind, Turn};

/// A bound no game reaches: men advance at most 7 times each, and 80 quiet plies draw.
const PLY_CAP: usize = 5_000;

fn random_game(ruleset: &str, seed: u64) -> (Game, Vec<String>) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = Game::new(GameKind::Checkers, ruleset, 2).expect("checkers setup");
    let mut log = Vec::new();
    for ply in 0..PLY_CAP {
        let Turn::Move(seat) = game.turn() else {
            break;
        };
        let action = match rng.random_range(0..1000) {
            0 => Action::Resign { seat },
            1..=3 if game.draw_offer().is_none() => Action::OfferDraw { seat },
            4..=5 if game.draw_offer().is_some_and(|s| s != seat) => Action::AcceptDraw { seat },
            _ => {
                let moves = game.legal_moves();
                assert!(
                    !moves.is_empty(),
                    "a game that is not over has a legal move"
                );
                let m = moves[rng.random_range(0..moves.len())].clone();
                assert_eq!(game.parse(seat, &game.format(&m)).as_ref(), Ok(&m));
                Action::Play { seat, r#move: m }
            }
        };
        game = game.apply(&action).expect("chosen actions are legal");
        if ply % 16 == 0 {
            let stored = serde_json::to_string(&game).expect("state serializes");
            let loaded: Game = serde_json::from_str(&stored).expect("stored state loads");
            assert_eq!(loaded, game, "the snapshot loads back unchanged");
        }
        log.push(serde_json::to_string(&action).expect("action serializes"));
    }
    (game, log)
}

fn replay(ruleset: &str, log: &[String]) -> Game {
    let mut game = Game::new(GameKind::Checkers, ruleset, 2).expect("checkers setup");
    for entry in log {
        let action: Action = serde_json::from_str(entry).expect("stored action loads");
        game = game.apply(&action).expect("stored actions replay");
    }
    game
}

fn games_end_and_replay(ruleset: &str, seed: u64) {
    for n in 0..300 {
        let (game, log) = random_game(ruleset, seed + n);
        assert!(game.outcome().is_some(), "{ruleset} game {n} ended");
        let stored = serde_json::to_string(&game).expect("state serializes");
        assert_eq!(serde_json::from_str::<Game>(&stored).expect("loads"), game);
        assert_eq!(replay(ruleset, &log), game, "{ruleset} game {n} replays");
    }
}

#[test]
fn random_forced_capture_games_end_and_replay_to_their_snapshot() {
    games_end_and_replay("forced", 9_000);
}

#[test]
fn random_huff_000_games_end_and_replay_to_their_snapshot() {
    games_end_and_replay("huff-000", 9_400);
}

#[test]
fn random_huff_004_games_end_and_replay_to_their_snapshot() {
    games_end_and_replay("huff-004", 9_800);
}

//! Random full games of every Parcheesi ruleset: each finishes with a winner, never panics,
//! keeps the invariants after every action, survives a JSON round trip at every step, and
//! replays from its action log to the same snapshot.

use crate::support::game::ToAct;
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tabula::rules::parcheesi::{HOME, ParcheesiMove, Place, START, TURN_OFF, is_safety};
use tabula::rules::{Action, Game, GameKind, Move, Outcome, Turn, WinReason};

/// More actions than any game needs; reaching it means the game stalled.
const MAX_ACTIONS: usize = 40_000;

fn config(seed: u64) -> Config {
    Config {
        cases: 300,
        rng_seed: RngSeed::Fixed(seed),
        failure_persistence: None,
        ..Config::default()
    }
}

/// Checks the invariants every position keeps: four pawns per colour on the board's
/// places, never three of a colour on a space, never two colours on one track space.
fn check_invariants(game: &Game) {
    let Game::Parcheesi(g) = game else {
        panic!("not a Parcheesi game");
    };
    let mut owner = [None; 68];
    for seat in 0..g.players() {
        let progress = g.progress(seat).expect("seat exists");
        let places = g.places(seat).expect("seat exists");
        assert_eq!(places.len(), 4);
        for (&p, place) in progress.iter().zip(places) {
            assert!(p <= HOME);
            if p != START && p != HOME {
                let same = progress.iter().filter(|&&q| q == p).count();
                assert!(same <= 2, "three pawns of seat {seat} share a space");
            }
            if let Place::Track(space) = place {
                assert!(p <= TURN_OFF);
                match owner[space as usize] {
                    Some(o) => assert_eq!(o, seat, "two colours share space {space}"),
                    None => owner[space as usize] = Some(seat),
                }
                if g.rules().safety_spaces && is_safety(space) {
                    assert_eq!(owner[space as usize], Some(seat));
                }
            }
        }
        if g.has_resigned(seat) {
            assert!(progress.iter().all(|&p| p == START));
        }
    }
}

/// Plays one random game and checks it throughout.
fn random_game(ruleset: &str, players: usize, seed: u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    let start = Game::new(GameKind::Parcheesi, ruleset, players).expect("valid setup");
    let mut game = start.clone();
    let mut log = Vec::new();
    let resigner = (rng.random_range(0..10) == 0).then(|| rng.random_range(0..players));
    for step in 0..MAX_ACTIONS {
        let action = match game.turn() {
            Turn::Over(outcome) => {
                finish(&start, &game, &log, outcome, resigner.is_some());
                return;
            }
            Turn::Roll(seat) => {
                if resigner == Some(seat) && step > 200 {
                    Action::Resign { seat }
                } else {
                    Action::Roll {
                        seat,
                        dice: vec![rng.random_range(1..=6), rng.random_range(1..=6)],
                    }
                }
            }
            Turn::Move(seat) => {
                let moves = game.legal_moves();
                assert!(!moves.is_empty(), "seat {seat} to move with nothing legal");
                let m = &moves[rng.random_range(0..moves.len())];
                let text = game.format(m);
                assert_eq!(game.read(&text).as_ref(), Ok(m), "{text} reads back");
                let Move::Parcheesi(ParcheesiMove(parts)) = m else {
                    panic!("not a Parcheesi move");
                };
                // Sometimes play just the first part, as a player typing part by part would.
                let m = if parts.len() > 1 && rng.random_bool(0.3) {
                    Move::Parcheesi(ParcheesiMove(parts[..1].to_vec()))
                } else {
                    m.clone()
                };
                Action::Play { seat, r#move: m }
            }
        };
        game = game
            .apply(&action)
            .unwrap_or_else(|e| panic!("{action:?} refused: {e}"));
        log.push(action);
        check_invariants(&game);
        let json = serde_json::to_string(&game).expect("serializes");
        let back: Game = serde_json::from_str(&json).expect("deserializes");
        assert_eq!(back, game);
    }
    panic!("game stalled after {MAX_ACTIONS} actions");
}

fn finish(start: &Game, end: &Game, log: &[Action], outcome: Outcome, resigned: bool) {
    match outcome {
        Outcome::Win {
            winner,
            reason: WinReason::AllHome,
        } => {
            let Game::Parcheesi(g) = end else { panic!() };
            assert!(g.progress(winner).unwrap().iter().all(|&p| p == HOME));
        }
        Outcome::Win {
            reason: WinReason::Resignation,
            ..
        } => assert!(resigned),
        other => panic!("no winner: {other:?}"),
    }
    let mut replay = start.clone();
    for action in log {
        replay = replay.apply(action).expect("the log replays");
    }
    assert_eq!(&replay, end);
    let logged = serde_json::to_string(log).expect("log serializes");
    let read: Vec<Action> = serde_json::from_str(&logged).expect("log deserializes");
    assert_eq!(read, log);
}

macro_rules! random_games {
    ($name:ident, $ruleset:literal, $players:literal, $seed:literal) => {
        proptest! {
            #![proptest_config(config($seed))]
            #[test]
            fn $name(seed in any::<u64>()) {
                random_game($ruleset, $players, seed);
            }
        }
    };
}

random_games!(parcheesi_four_players_finish, "parcheesi", 4, 2002);
random_games!(parcheesi_two_players_finish, "parcheesi", 2, 2007);
random_games!(pahrcheesi_four_players_finish, "pahrcheesi", 4, 1000);
random_games!(pahrcheesi_two_players_finish, "pahrcheesi", 2, 1001);
random_games!(pachesi_four_players_finish, "pachesi", 4, 1101);
random_games!(pachesi_two_players_finish, "pachesi", 2, 1102);
random_games!(pachisi_four_players_finish, "pachisi", 4, 3003);
random_games!(pachisi_two_players_finish, "pachisi", 2, 3004);

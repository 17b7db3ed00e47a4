//! What every Parcheesi position keeps, checked after every action of random games of every
//! ruleset (played by the conformance suite's driver): four pawns a colour, never three of a
//! colour on a space, never two colours on a track space or a safety space, a resigned
//! colour's pawns at START; and a game won by getting all four pawns home has them there.

use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};
use tabula::rules::parcheesi::{HOME, Place, START, TURN_OFF, is_safety};
use tabula::rules::{Action, Game, GameKind, Outcome, WinReason};

use crate::conformance::playout::{Playing, playout};

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

/// Plays one random game, checking every position, and how it ended.
fn random_game(ruleset: &str, players: usize, seed: u64) {
    let _playing = Playing(format!("{ruleset} for {players}, seed {seed}"));
    let start = Game::new(GameKind::Parcheesi, ruleset, players).expect("valid setup");
    let played = playout(&start, seed, &mut check_invariants);
    let resigned = played
        .log
        .iter()
        .any(|a| matches!(a, Action::Resign { .. }));
    match played.end.outcome() {
        Some(Outcome::Win {
            winner,
            reason: WinReason::AllHome,
        }) => {
            let Game::Parcheesi(g) = &played.end else {
                panic!("not a Parcheesi game")
            };
            assert!(g.progress(winner).unwrap().iter().all(|&p| p == HOME));
        }
        Some(Outcome::Win {
            reason: WinReason::Resignation,
            ..
        }) => assert!(resigned, "won by resignation with nobody resigning"),
        other => panic!("no winner: {other:?}"),
    }
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

random_games!(
    parcheesi_four_players_keep_the_board_s_rules,
    "parcheesi",
    4,
    2002
);
random_games!(
    parcheesi_two_players_keep_the_board_s_rules,
    "parcheesi",
    2,
    2007
);
random_games!(
    pahrcheesi_four_players_keep_the_board_s_rules,
    "pahrcheesi",
    4,
    1000
);
random_games!(
    pahrcheesi_two_players_keep_the_board_s_rules,
    "pahrcheesi",
    2,
    1001
);
random_games!(
    pachesi_four_players_keep_the_board_s_rules,
    "pachesi",
    4,
    1101
);
random_games!(
    pachesi_two_players_keep_the_board_s_rules,
    "pachesi",
    2,
    1102
);
random_games!(
    pachisi_four_players_keep_the_board_s_rules,
    "pachisi",
    4,
    3003
);
random_games!(
    pachisi_two_players_keep_the_board_s_rules,
    "pachisi",
    2,
    3004
);

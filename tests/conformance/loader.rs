//! The loader fuzz over every game: states met in seeded random games of every setup,
//! mutated, must be refused or load a game that plays, renders and saves without a panic;
//! position strings, where a game has them, the same. A game's own loader tests go further
//! with repairs that carry a mutation past its checksums.

use tabula::rules::{Game, GameKind};

use super::setups;
use crate::support::fuzz::{corpus, fuzz_positions, fuzz_states, no_repair};

/// Mutated states (and position strings) tried per game.
const CASES: u32 = 300;

/// The states met in a few random games of each of the game's setups.
fn states(kind: GameKind, seed: u64) -> Vec<Game> {
    let starts: Vec<Game> = setups()
        .iter()
        .filter(|s| s.kind == kind)
        .map(|s| s.start())
        .collect();
    corpus(&starts, 2 * starts.len(), 25, seed)
}

#[test]
fn every_game_refuses_or_safely_plays_a_mutated_state() {
    for (i, &kind) in GameKind::ALL.iter().enumerate() {
        let _playing = super::playout::Playing(format!("mutated {kind} states"));
        // No floor on how many load: without the game's own repair, a state with checks of
        // its own (chess keeps its FEN beside the moves) refuses nearly every mutation.
        fuzz_states(&states(kind, i as u64), CASES, 4_000 + i as u64, no_repair);
    }
}

#[test]
fn every_game_with_position_strings_refuses_or_safely_plays_a_mutated_one() {
    for (i, &kind) in GameKind::ALL.iter().enumerate() {
        let states = states(kind, i as u64);
        if states.iter().all(|g| g.position().is_none()) {
            continue;
        }
        let _playing = super::playout::Playing(format!("mutated {kind} position strings"));
        fuzz_positions(kind, &states, CASES, 5_000 + i as u64);
    }
}

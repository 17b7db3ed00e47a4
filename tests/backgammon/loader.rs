//! Issue 13 item 15: the backgammon loader, fuzzed. Mutated `state` JSON (checkers, the turn,
//! the cube, the games and score of a match, the Crawford rule, the last play) is refused, or
//! the game loads, plays, renders and saves.

use serde_json::{Value, json};
use tabula::rules::{Game, GameKind};

use crate::support::fuzz::{corpus, fuzz_loader};

/// Recomputes the score from the games played, as a stored state keeps it, so a mutation of
/// the games reaches the checks beyond the score's.
fn repair(state: &mut Value) {
    if !state.is_object() {
        return;
    }
    let mut score = [0u64; 2];
    for g in state["games"].as_array().into_iter().flatten() {
        if let (Some(w @ 0..=1), Some(p)) = (g["winner"].as_u64(), g["points"].as_u64()) {
            score[w as usize] += p;
        }
    }
    if state["rules"]["cube"] == json!(false) {
        score = [0, 0];
    }
    state["score"] = json!(score);
}

#[test]
fn mutated_backgammon_states_are_refused_or_load_play_render_and_save() {
    let starts: Vec<Game> = ["standard", "cube", "match:3", "match:1", "match:7"]
        .iter()
        .map(|r| Game::new(GameKind::Backgammon, r, 2).unwrap())
        .collect();
    let corpus = corpus(&starts, 25, 20, 1302);
    fuzz_loader(&corpus, 10_000, 1315, repair);
}

//! The checkers loader, fuzzed: mutated `state` JSON (ruleset, start FEN, moves, the position
//! check, draw offers, results) is refused, or the game loads, plays, renders and saves.

use serde_json::{Value, json};
use tabula::rules::{Action, Game, GameKind, Turn};

use crate::support::fuzz::{corpus, fuzz_loader};

/// Makes a mutated state consistent where it can: the moves are kept up to the first one that
/// does not play from the (mutated) start, and the stored position is recomputed.
fn repair(state: &mut Value) {
    let (Some(start), Some(ruleset)) = (
        state.get("start").and_then(Value::as_str),
        state.get("ruleset").and_then(Value::as_str),
    ) else {
        return;
    };
    let Ok(mut game) =
        tabula::rules::checkers::CheckersGame::from_fen(ruleset, start).map(Game::Checkers)
    else {
        return;
    };
    let mut kept = Vec::new();
    for m in state["moves"].as_array().into_iter().flatten() {
        let (Some(text), Turn::Move(seat)) = (m.as_str(), game.turn()) else {
            break;
        };
        let Some(next) = game
            .parse(seat, text)
            .ok()
            .and_then(|m| game.apply(&Action::Play { seat, r#move: m }).ok())
        else {
            break;
        };
        kept.push(m.clone());
        game = next;
    }
    state["moves"] = Value::Array(kept);
    if let Some(fen) = game.position() {
        state["position"] = json!(fen);
    }
}

#[test]
fn mutated_checkers_states_are_refused_or_load_play_render_and_save() {
    let mut starts = Vec::new();
    for ruleset in ["forced", "huff-000", "huff-004"] {
        starts.push(Game::new(GameKind::Checkers, ruleset, 2).unwrap());
        let g =
            tabula::rules::checkers::CheckersGame::from_fen(ruleset, "W:WK18,27,30:B14,15,22,K3")
                .unwrap();
        starts.push(Game::Checkers(g));
    }
    let corpus = corpus(&starts, 24, 12, 2901);
    fuzz_loader(&corpus, 10_000, 2915, repair);
}

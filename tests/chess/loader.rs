//! Issue 13 item 15: the chess loader, fuzzed. Mutated `state` JSON (start FEN, moves, the
//! FEN check, draw offers, results) is refused, or the game loads, plays, renders and saves.

use serde_json::{Value, json};
use tabula::rules::{Action, Game, GameKind, Turn};

use crate::support::fuzz::{corpus, fuzz_loader};

/// Positions the corpus starts from: the start, Kiwipete, a promotion, an en passant capture,
/// and a FEN without castling rights.
const STARTS: [&str; 5] = [
    tabula::rules::chess::START_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/4P3/8/8/8/8/k7/4K3 w - - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "r3k2r/8/8/8/8/8/8/R3K2R w",
];

/// Makes a mutated state consistent where it can: the moves are kept up to the first one
/// that does not play from the (mutated) start, and the stored FEN is recomputed, so a
/// mutation of either reaches the checks beyond the FEN's.
fn repair(state: &mut Value) {
    let Some(start) = state.get("start").and_then(Value::as_str) else {
        return;
    };
    let Ok(mut game) = Game::from_position(GameKind::Chess, start) else {
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
        state["fen"] = json!(fen);
    }
}

#[test]
fn mutated_chess_states_are_refused_or_load_play_render_and_save() {
    let starts: Vec<Game> = STARTS
        .iter()
        .map(|fen| Game::from_position(GameKind::Chess, fen).unwrap())
        .collect();
    let corpus = corpus(&starts, 20, 15, 1301);
    fuzz_loader(&corpus, 10_000, 1315, repair);
}

//! The first level every game has: a uniformly random legal move. It is the floor the
//! stronger levels are measured against.

use rand::Rng as _;
use rand::rngs::StdRng;

use super::{Level, Pick};
use crate::rules::{Rules, Seat, Turn};

/// The random level, as `/bot` lists it.
pub const RANDOM: Level = Level {
    name: "random",
    about: "plays any legal move, chosen at random",
    measured: "the floor every other level is measured against",
};

/// Picks a uniformly random legal move of `seat` (before a roll: always just rolls).
pub fn pick<G: Rules>(game: &G, seat: Seat, rng: &mut StdRng) -> Option<Pick<G::Move>> {
    if game.turn() != Turn::Move(seat) {
        return None;
    }
    let moves = game.legal(seat);
    if moves.is_empty() {
        return None;
    }
    let m = moves[rng.random_range(0..moves.len())].clone();
    Some(Pick {
        why: format!("chosen at random among {} legal moves", moves.len()),
        r#move: m,
    })
}

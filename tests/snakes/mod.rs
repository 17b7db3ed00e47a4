//! Snakes & Ladders (sheet 000): one test per sheet sentence, the Markov oracle and a Monte
//! Carlo run through the rules, the loader fuzzed, seeded console
//! games, the engine's `simulate`, and the picture.

mod console;
mod loader;
mod markov;
mod render;
mod sheet;

use serde_json::json;
use tabula::rules::snakes::SnakesGame;
use tabula::rules::{Action, Game, GameKind, Outcome, Turn};

/// A game of `ruleset` loaded with the seats on `squares`, `seat` to roll.
pub fn position(ruleset: &str, squares: &[u8], seat: usize) -> Game {
    let state = json!({
        "game": "snakes",
        "ruleset": ruleset,
        "squares": squares,
        "resigned": vec![false; squares.len()],
        "phase": "roll",
        "seat": seat,
    });
    serde_json::from_value(state).expect("a valid position")
}

/// The Snakes & Ladders game inside.
pub fn snakes(game: &Game) -> &SnakesGame {
    match game {
        Game::Snakes(g) => g,
        _ => panic!("not a Snakes & Ladders game"),
    }
}

/// Rolls `dice` for the seat to roll.
pub fn roll(game: &Game, dice: &[u8]) -> Game {
    let Turn::Roll(seat) = game.turn() else {
        panic!("no roll due: {:?}", game.turn())
    };
    game.apply(&Action::Roll {
        seat,
        dice: dice.to_vec(),
    })
    .expect("the roll is accepted")
}

/// Each seat's square.
pub fn squares(game: &Game) -> Vec<u8> {
    snakes(game).squares().to_vec()
}

/// A new game of `ruleset` for `players`.
pub fn new(ruleset: &str, players: usize) -> Game {
    Game::new(GameKind::Snakes, ruleset, players).expect("a new game")
}

/// The winner, once the game is over.
pub fn winner(game: &Game) -> Option<usize> {
    game.outcome().and_then(Outcome::winner)
}

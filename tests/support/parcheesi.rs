//! A small position builder for Parcheesi rule tests, so a test reads like a board.
//!
//! A seat's pawns A–D are written as four words: `s` in START, `h` HOME, `N` that many
//! spaces past the seat's own ENTER space (0 = on ENTER, 63 = the turn-off space), `pN` on
//! its home path (1–7), `@N` on track space N (Red's ENTER is 0, Blue's 17, Yellow's 34,
//! Green's 51; the track runs upwards).

use crate::support::game::ToAct;
use tabula::rules::parcheesi::{ParcheesiGame, Ruleset, Setup};
use tabula::rules::{Action, Game, Outcome, Turn};

pub const RED: usize = 0;
pub const BLUE: usize = 1;
pub const YELLOW: usize = 2;

/// A position under construction: everyone in START, Red to roll.
pub struct Board {
    setup: Setup,
}

/// Starts a board for `players` seats under `ruleset`.
pub fn board(ruleset: Ruleset, players: usize) -> Board {
    Board {
        setup: Setup {
            ruleset,
            pawns: vec![[0; 4]; players],
            to_roll: RED,
            doubles: 0,
        },
    }
}

impl Board {
    /// Places a seat's pawns A–D.
    pub fn seat(mut self, seat: usize, text: &str) -> Board {
        self.setup.pawns[seat] = pawns(seat, text);
        self
    }

    /// Says how many doubles the seat to roll has already thrown in a row this turn.
    pub fn after_doubles(mut self, n: u8) -> Board {
        self.setup.doubles = n;
        self
    }

    /// Returns the position as a game, waiting for the roll.
    pub fn game(self) -> Game {
        Game::Parcheesi(ParcheesiGame::from_setup(&self.setup).expect("test position is valid"))
    }

    /// Returns the position after the seat to roll throws `dice`.
    pub fn roll(self, dice: [u8; 2]) -> Game {
        roll(&self.game(), dice)
    }
}

/// Reads four pawn words into progress numbers.
pub fn pawns(seat: usize, text: &str) -> [u8; 4] {
    let words: Vec<&str> = text.split_whitespace().collect();
    assert_eq!(words.len(), 4, "four pawns: {text}");
    let mut out = [0; 4];
    for (slot, word) in out.iter_mut().zip(words) {
        *slot = match word {
            "s" => 0,
            "h" => 72,
            w if w.starts_with('p') => 64 + w[1..].parse::<u8>().expect("home path number"),
            w if w.starts_with('@') => {
                let space: usize = w[1..].parse().expect("track space");
                let steps = (space + 68 - 17 * seat) % 68;
                assert!(
                    steps <= 63,
                    "seat {seat} never stands on track space {space}"
                );
                steps as u8 + 1
            }
            w => w.parse::<u8>().expect("steps past ENTER") + 1,
        };
    }
    out
}

/// Writes a seat's pawns back in the same words (`N` steps past ENTER, never `@N`).
pub fn at(game: &Game, seat: usize) -> String {
    let g = parcheesi(game);
    let words: Vec<String> = g
        .progress(seat)
        .expect("seat exists")
        .iter()
        .map(|&p| match p {
            0 => "s".to_string(),
            72 => "h".to_string(),
            65..=71 => format!("p{}", p - 64),
            p => (p - 1).to_string(),
        })
        .collect();
    words.join(" ")
}

/// Returns the Parcheesi game inside.
pub fn parcheesi(game: &Game) -> &ParcheesiGame {
    match game {
        Game::Parcheesi(g) => g,
        _ => panic!("not a Parcheesi game"),
    }
}

/// Throws the dice for the seat to roll.
pub fn roll(game: &Game, dice: [u8; 2]) -> Game {
    let Turn::Roll(seat) = game.turn() else {
        panic!("nobody is to roll: {:?}", game.turn());
    };
    game.apply(&Action::Roll {
        seat,
        dice: dice.to_vec(),
    })
    .expect("the roll is accepted")
}

/// Plays typed parts for the seat to move; panics with the reason if they are refused.
pub fn play(game: &Game, text: &str) -> Game {
    let Turn::Move(seat) = game.turn() else {
        panic!("nobody is to move before {text}: {:?}", game.turn());
    };
    let m = game.read(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    game.apply(&Action::Play { seat, r#move: m })
        .expect("parsed moves are legal")
}

/// Returns the reason typed parts are refused; panics if they are accepted.
pub fn refused(game: &Game, text: &str) -> String {
    match game.read(text) {
        Ok(m) => panic!("{text} was accepted as {}", game.format(&m)),
        Err(e) => e.to_string(),
    }
}

/// Tells whether typed parts are legal now.
pub fn legal(game: &Game, text: &str) -> bool {
    game.read(text).is_ok()
}

/// Returns the legal whole-turn options in notation.
pub fn options(game: &Game) -> Vec<String> {
    game.legal_moves().iter().map(|m| game.format(m)).collect()
}

/// Returns the seat to roll, panicking otherwise.
pub fn to_roll(game: &Game) -> usize {
    match game.turn() {
        Turn::Roll(seat) => seat,
        other => panic!("expected a roll, found {other:?}"),
    }
}

/// Returns the seat to move, panicking otherwise.
pub fn to_move(game: &Game) -> usize {
    match game.turn() {
        Turn::Move(seat) => seat,
        other => panic!("expected a move, found {other:?}"),
    }
}

/// Returns the outcome, panicking if the game goes on.
pub fn over(game: &Game) -> Outcome {
    match game.turn() {
        Turn::Over(outcome) => outcome,
        other => panic!("expected the end, found {other:?}"),
    }
}

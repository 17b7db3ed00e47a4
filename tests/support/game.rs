//! Reading and listing moves for whoever is to act, as most rules tests want.

use tabula::rules::{Game, Move, ParseError, Seat};

/// The seat a game waits for, and the contract's per-seat methods asked for that seat.
pub trait ToAct {
    /// Returns the seat to move or roll.
    ///
    /// # Panics
    /// Panics once the game is over.
    fn to_act(&self) -> Seat;

    /// Reads `text` as a move of the seat to act (of seat 0 once the game is over).
    fn read(&self, text: &str) -> Result<Move, ParseError>;

    /// Returns the seat to act's select-menu options, when there are at most `max`.
    fn menu_now(&self, max: usize) -> Option<Vec<String>>;

    /// Returns the one-line options summary after a roll.
    fn summary_now(&self) -> Option<String>;
}

impl ToAct for Game {
    fn to_act(&self) -> Seat {
        self.turn().seat().expect("the game is not over")
    }

    fn read(&self, text: &str) -> Result<Move, ParseError> {
        self.parse(self.turn().seat().unwrap_or(0), text)
    }

    fn menu_now(&self, max: usize) -> Option<Vec<String>> {
        self.menu(self.to_act(), max)
    }

    fn summary_now(&self) -> Option<String> {
        self.options_summary(self.to_act())
    }
}

//! What a finished game is worth: single, gammon or backgammon, times the doubling cube.

use serde::{Deserialize, Serialize};

use super::super::Seat;
use super::board::Board;

/// The highest value the cube may reach; doubling stops there.
pub const MAX_CUBE: u32 = 1 << 12;

/// How a game was won, which sets its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameWin {
    /// The loser had borne off at least one checker: the cube's value.
    Single,
    /// The loser had borne off none: twice the cube.
    Gammon,
    /// The loser had borne off none and still had a checker on the bar or in the winner's home board: three times the cube.
    Backgammon,
    /// The loser refused a double: the cube's value before the double.
    Dropped,
    /// The loser resigned: the cube's value.
    Resigned,
}

impl GameWin {
    /// Returns what the win multiplies the cube by.
    pub fn multiplier(self) -> u32 {
        match self {
            GameWin::Gammon => 2,
            GameWin::Backgammon => 3,
            GameWin::Single | GameWin::Dropped | GameWin::Resigned => 1,
        }
    }

    /// Returns the words for the win, e.g. `a gammon`.
    pub fn words(self) -> &'static str {
        match self {
            GameWin::Single => "a single game",
            GameWin::Gammon => "a gammon",
            GameWin::Backgammon => "a backgammon",
            GameWin::Dropped => "the game (double dropped)",
            GameWin::Resigned => "the game (resignation)",
        }
    }
}

/// Classifies the win of `winner`, who has just borne off the last checker.
pub fn bear_off_win(board: &Board, winner: Seat) -> GameWin {
    let loser = 1 - (winner & 1);
    if board.off(loser) > 0 {
        return GameWin::Single;
    }
    // The winner's home board is the loser's points 19–24; the bar is 25.
    if (19..=25).any(|p| board.checkers(loser, p) > 0) {
        GameWin::Backgammon
    } else {
        GameWin::Gammon
    }
}

/// The doubling cube: its value and who may turn it next (`None` while it is in the middle).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cube {
    pub value: u32,
    pub owner: Option<Seat>,
}

impl Default for Cube {
    fn default() -> Self {
        Cube {
            value: 1,
            owner: None,
        }
    }
}

impl Cube {
    /// Returns whether `seat` holds the right to double now.
    pub fn may_double(&self, seat: Seat) -> bool {
        self.value < MAX_CUBE && self.owner.is_none_or(|o| o == seat)
    }

    /// Returns whether the cube is a plausible one: a power of two, owned once turned.
    pub fn is_valid(&self) -> bool {
        self.value.is_power_of_two()
            && self.value <= MAX_CUBE
            && (self.value == 1) == self.owner.is_none()
            && self.owner.is_none_or(|o| o < 2)
    }
}

/// One finished game of a match or money session.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameResult {
    pub winner: Seat,
    pub win: GameWin,
    pub points: u32,
}

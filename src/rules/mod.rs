//! Pure game logic: positions, moves, notation and outcomes for every game tabula plays.
//! Nothing here does I/O or rolls dice; dice arrive as inputs from the table.
//!
//! Each game lives in its own folder and implements [`Rules`]; the [`games!`] list below is
//! the only place that names them all (see `docs/adding-a-game.md`).

#[macro_use]
mod registry;

pub mod backgammon;
pub mod checkers;
pub mod chess;
pub mod chinese_checkers;
mod contract;
mod error;
mod game;
mod kind;
mod notation;
mod outcome;
pub mod parcheesi;
pub mod snakes;
#[cfg(test)]
pub(crate) mod toy;

pub use contract::{Alias, Dice, DrawAction, Info, RecordFormat, RecordHead, Rules, Turn};
pub use error::{LoadError, PlayError, SetupError, is_invisible, shown};
pub use game::{Action, PerftTooBig};
pub use kind::{GameChoice, UnknownGame};
pub use notation::ParseError;
pub use outcome::{DrawReason, Outcome, WinReason};

use game::{Dispatch, Registered};

/// A seat at the table: 0 for the first player, 1 for the second, and so on.
pub type Seat = usize;

games! {
    Chess => chess::ChessGame,
    Parcheesi => parcheesi::ParcheesiGame,
    Backgammon => backgammon::BackgammonGame,
    Checkers => checkers::CheckersGame,
    Snakes => snakes::SnakesGame,
    ChineseCheckers => chinese_checkers::ChineseCheckersGame,
    #[cfg(test)]
    TicTacToe => toy::TicTacToe,
}

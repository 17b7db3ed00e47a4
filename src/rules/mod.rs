//! Pure game logic: positions, moves, notation and outcomes for every game tabula plays.
//! Nothing here does I/O or rolls dice; dice arrive as inputs from the table.

pub mod backgammon;
pub mod chess;
mod game;
mod kind;
mod notation;
mod outcome;
pub mod parcheesi;

pub use game::{Action, ActionError, Game, Move, SetupError, Turn, shown};
pub use kind::{GameKind, UnknownGame};
pub use notation::ParseError;
pub use outcome::{DrawReason, Outcome, WinReason};

/// A seat at the table: 0 for the first player, 1 for the second, and so on.
pub type Seat = usize;

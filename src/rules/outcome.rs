//! How a game ended: who won and why, or why it was drawn.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::Seat;

/// Describes how a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "result", rename_all = "snake_case")]
pub enum Outcome {
    /// One seat won.
    Win { winner: Seat, reason: WinReason },
    /// Nobody won.
    Draw { reason: DrawReason },
}

/// Why a game was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WinReason {
    Checkmate,
    Resignation,
    /// Every pawn reached HOME first (the Parcheesi family).
    AllHome,
    /// Backgammon: bore off all checkers first (a single game).
    BorneOff,
    /// Backgammon: bore off all checkers before the loser bore off any.
    Gammon,
    /// Backgammon: a gammon with a loser's checker still on the bar or in the winner's home board.
    Backgammon,
    /// Backgammon: the opponent refused a double.
    CubeDropped,
    /// Backgammon: reached the match length first.
    MatchWon,
    /// Reached the game's goal first, where no more particular reason fits.
    Goal,
    /// Checkers: took every opposing piece.
    AllCaptured,
    /// Checkers: left the opponent no legal move.
    Blocked,
}

/// Why a game was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawReason {
    Stalemate,
    InsufficientMaterial,
    /// Claimed by a player (chess: sheet 004 "may be declared a draw").
    ThreefoldRepetition,
    /// Drawn by itself (chess: FIDE 9.6.1).
    FivefoldRepetition,
    FiftyMoveRule,
    Agreement,
    /// Checkers: 40 moves each with no capture, huff or man's move.
    FortyMoveRule,
    /// Nobody came nearer their goal for the game's limit of moves (Chinese checkers).
    NoProgress,
}

impl Outcome {
    /// Returns the winning seat, if there is one.
    pub fn winner(self) -> Option<Seat> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw { .. } => None,
        }
    }
}

impl fmt::Display for WinReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            WinReason::Checkmate => "checkmate",
            WinReason::Resignation => "resignation",
            WinReason::AllHome => "getting all four pawns home",
            WinReason::BorneOff => "bearing off all checkers",
            WinReason::Gammon => "a gammon",
            WinReason::Backgammon => "a backgammon",
            WinReason::CubeDropped => "a dropped double",
            WinReason::MatchWon => "winning the match",
            WinReason::Goal => "reaching the goal first",
            WinReason::AllCaptured => "capturing every piece",
            WinReason::Blocked => "leaving no legal move",
        })
    }
}

impl fmt::Display for DrawReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DrawReason::Stalemate => "stalemate",
            DrawReason::InsufficientMaterial => "insufficient material",
            DrawReason::ThreefoldRepetition => "threefold repetition",
            DrawReason::FivefoldRepetition => "fivefold repetition",
            DrawReason::FiftyMoveRule => "the 50-move rule",
            DrawReason::Agreement => "agreement",
            DrawReason::FortyMoveRule => "40 moves each without a capture or a man's move",
            DrawReason::NoProgress => "no progress for 20 rounds",
        })
    }
}

//! How a game ended: who won and why, or why it was drawn. These are the names stored with a
//! finished game; the words players read are the game's own ([`Rules::describe`]).
//!
//! [`Rules::describe`]: super::Rules::describe

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

impl Outcome {
    /// Words the endings the contract itself makes (`resignation`, `agreement`) and names any
    /// other by its stored name (`checkmate`, `fivefold repetition`): what
    /// [`Rules::describe`](super::Rules::describe) says for a game that words none of its own.
    pub fn plain_words(self) -> String {
        match self {
            Outcome::Win {
                reason: WinReason::Resignation,
                ..
            } => "resignation".into(),
            Outcome::Draw {
                reason: DrawReason::Agreement,
            } => "agreement".into(),
            Outcome::Win { reason, .. } => words_of(&format!("{reason:?}")),
            Outcome::Draw { reason } => words_of(&format!("{reason:?}")),
        }
    }
}

/// Turns a variant's name into lower-case words: `InsufficientMaterial` → `insufficient material`.
fn words_of(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_uppercase() && !out.is_empty() {
            out.push(' ');
        }
        out.push(c.to_ascii_lowercase());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_ending_no_game_words_reads_as_its_stored_name() {
        let draw = Outcome::Draw {
            reason: DrawReason::InsufficientMaterial,
        };
        assert_eq!(draw.plain_words(), "insufficient material");
        let resigned = Outcome::Win {
            winner: 1,
            reason: WinReason::Resignation,
        };
        assert_eq!(resigned.plain_words(), "resignation");
    }
}

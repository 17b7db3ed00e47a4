//! The stored shape of a chess game, checked once when it is loaded: the start is a legal
//! position, every move is legal in turn, and the result fits the position.

use serde::{Deserialize, Serialize};
use shakmaty::EnPassantMode;
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;

use super::{ChessGame, color_of, seat_of};
use crate::rules::{DrawReason, Outcome, Seat, WinReason};

/// The most characters of a stored notice kept on load.
const NOTICE: usize = 300;

/// The stored shape of a chess game: the start, the moves in UCI, and the current FEN as a check.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(super) struct ChessRecord {
    start: String,
    moves: Vec<String>,
    fen: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    draw_offer: Option<Seat>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    verdict: Option<Outcome>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    notice: Option<String>,
}

/// Why a position or stored game could not be loaded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LoadError {
    #[error("that is not a FEN position: {0}")]
    Fen(String),
    #[error("that position is not legal: {0}")]
    Position(String),
    #[error("stored move {index} ({uci}) is not legal in its position")]
    Move { index: usize, uci: String },
    #[error("stored position {stored} does not match its moves, which give {replayed}")]
    Mismatch { stored: String, replayed: String },
    #[error("the stored result is inconsistent with the position")]
    Verdict,
}

impl From<ChessGame> for ChessRecord {
    fn from(game: ChessGame) -> Self {
        ChessRecord {
            start: Fen::from_position(&game.start, EnPassantMode::Legal).to_string(),
            moves: game
                .moves
                .iter()
                .map(|m| UciMove::from_standard(*m).to_string())
                .collect(),
            fen: game.fen(),
            draw_offer: game.draw_offer.map(seat_of),
            verdict: game.verdict,
            notice: game.notice,
        }
    }
}

impl TryFrom<ChessRecord> for ChessGame {
    type Error = LoadError;

    fn try_from(record: ChessRecord) -> Result<Self, LoadError> {
        let mut game = ChessGame::from_fen(&record.start)?;
        for (index, uci) in record.moves.iter().enumerate() {
            let bad = || LoadError::Move {
                index,
                uci: uci.chars().take(8).collect(),
            };
            let m = UciMove::from_ascii(uci.as_bytes()).map_err(|_| bad())?;
            game = game.play(&m).map_err(|_| bad())?;
        }
        let replayed = game.fen();
        if replayed != record.fen {
            return Err(LoadError::Mismatch {
                stored: record.fen.chars().take(100).collect(),
                replayed,
            });
        }
        if game.outcome().is_some() && (record.verdict.is_some() || record.draw_offer.is_some()) {
            return Err(LoadError::Verdict);
        }
        match record.verdict {
            None => {}
            Some(Outcome::Win {
                winner: 0 | 1,
                reason: WinReason::Resignation,
            })
            | Some(Outcome::Draw {
                reason: DrawReason::Agreement,
            }) => game.verdict = record.verdict,
            Some(Outcome::Draw {
                reason: DrawReason::ThreefoldRepetition,
            }) if game.repetitions() >= 3 => game.verdict = record.verdict,
            Some(_) => return Err(LoadError::Verdict),
        }
        game.draw_offer = match record.draw_offer {
            None => None,
            Some(seat) => Some(color_of(seat).ok_or(LoadError::Verdict)?),
        };
        if game.verdict.is_some() && game.draw_offer.is_some() {
            return Err(LoadError::Verdict);
        }
        game.notice = record.notice.map(|n| n.chars().take(NOTICE).collect());
        Ok(game)
    }
}

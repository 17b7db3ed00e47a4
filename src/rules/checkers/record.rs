//! The stored shape of a checkers game, checked once when it is loaded: the ruleset is one
//! of the game's, the start is a legal PDN FEN, every move is legal in turn, and the stored
//! position and result fit what the moves give.

use serde::{Deserialize, Serialize};

use super::{CheckersGame, CheckersMove, Variant, position};
use crate::rules::{DrawReason, Outcome, Seat, WinReason};

/// The most characters of a stored notice kept on load.
const NOTICE: usize = 300;
/// The most moves a stored game may have (a game ends long before: the draw rule and the
/// men's progress bound it).
const MOST_MOVES: usize = 10_000;

/// The stored shape: the ruleset, the start, the moves in notation, and the position as a check.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(super) struct CheckersRecord {
    ruleset: String,
    start: String,
    moves: Vec<CheckersMove>,
    position: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    draw_offer: Option<Seat>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    verdict: Option<Outcome>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    notice: Option<String>,
}

impl From<CheckersGame> for CheckersRecord {
    fn from(game: CheckersGame) -> Self {
        CheckersRecord {
            ruleset: game.variant.name().to_string(),
            start: position::fen(&game.start),
            position: game.fen(),
            moves: game.moves,
            draw_offer: game.draw_offer,
            verdict: game.verdict,
            notice: game.notice,
        }
    }
}

impl TryFrom<CheckersRecord> for CheckersGame {
    type Error = String;

    fn try_from(record: CheckersRecord) -> Result<Self, String> {
        let variant = Variant::named(&record.ruleset).ok_or("no such checkers ruleset")?;
        let start = position::read_fen(&record.start)?;
        if record.moves.len() > MOST_MOVES {
            return Err(format!("a stored game has at most {MOST_MOVES} moves"));
        }
        let mut game = CheckersGame::starting_at(variant, start);
        for (index, m) in record.moves.iter().enumerate() {
            game = game
                .play(m)
                .map_err(|e| format!("stored move {} ({m}) is not legal: {e}", index + 1))?;
        }
        if game.fen() != record.position {
            return Err(format!(
                "the stored position does not match its moves, which give {}",
                game.fen()
            ));
        }
        if game.outcome().is_some() && (record.verdict.is_some() || record.draw_offer.is_some()) {
            return Err("the stored result is inconsistent with the position".into());
        }
        match record.verdict {
            None
            | Some(Outcome::Win {
                winner: 0 | 1,
                reason: WinReason::Resignation,
            })
            | Some(Outcome::Draw {
                reason: DrawReason::Agreement,
            }) => game.verdict = record.verdict,
            Some(_) => return Err("the stored result is inconsistent with the position".into()),
        }
        match record.draw_offer {
            Some(seat) if seat > 1 || game.verdict.is_some() => {
                return Err("the stored draw offer is inconsistent".into());
            }
            offer => game.draw_offer = offer,
        }
        game.notice = record.notice.map(|n| n.chars().take(NOTICE).collect());
        Ok(game)
    }
}

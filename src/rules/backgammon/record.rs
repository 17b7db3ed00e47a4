//! The stored shape of a backgammon game, checked once when it is loaded.

use serde::{Deserialize, Serialize};

use super::board::{Board, CHECKERS, Side};
use super::moves::legal_plays;
use super::position_id::PositionIdError;
use super::rules::BackgammonRules;
use super::scoring::{Cube, GameResult, GameWin};
use super::{BackgammonGame, Crawford, LastPlay, Phase};
use crate::rules::{Outcome, WinReason};

/// Why a position or stored game could not be loaded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LoadError {
    #[error("{0}")]
    PositionId(#[from] PositionIdError),
    #[error("that position is not possible: {0}")]
    Position(String),
    #[error(
        "after the position ID, write the seat on roll (white or black) and the dice (like 3-1)"
    )]
    Words,
    #[error("dice are numbers from 1 to 6")]
    Dice,
    #[error("the stored game is damaged: {0}")]
    Damaged(&'static str),
}

/// Every field of a game, unchecked: what JSON holds.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Record {
    rules: BackgammonRules,
    white: Side,
    black: Side,
    phase: Phase,
    cube: Cube,
    score: [u32; 2],
    crawford: Crawford,
    games: Vec<GameResult>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    last: Option<LastPlay>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    notice: Option<String>,
}

/// Reads dice written as `3-1`, `31` or `3,1`.
pub fn read_dice(text: &str) -> Option<[u8; 2]> {
    let digits: Vec<u8> = text
        .chars()
        .filter(|c| !matches!(c, '-' | ',' | '/'))
        .map(|c| c.to_digit(10).and_then(|d| u8::try_from(d).ok()))
        .collect::<Option<_>>()?;
    match digits.as_slice() {
        [a, b] if (1..=6).contains(a) && (1..=6).contains(b) => Some([*a, *b]),
        _ => None,
    }
}

impl From<BackgammonGame> for Record {
    fn from(g: BackgammonGame) -> Self {
        Record {
            rules: g.rules,
            white: g.board.sides[0],
            black: g.board.sides[1],
            phase: g.phase,
            cube: g.cube,
            score: g.score,
            crawford: g.crawford,
            games: g.games,
            last: g.last,
            notice: g.notice,
        }
    }
}

impl TryFrom<Record> for BackgammonGame {
    type Error = LoadError;

    fn try_from(r: Record) -> Result<Self, LoadError> {
        use LoadError::Damaged;
        if !r.rules.is_valid() {
            return Err(Damaged("unknown rules"));
        }
        let board = Board {
            sides: [r.white, r.black],
        };
        board.validate().map_err(LoadError::Position)?;
        if !r.cube.is_valid() || (!r.rules.cube && r.cube.value != 1) {
            return Err(Damaged("the cube"));
        }
        let seat_ok = |s: usize| s < 2;
        let finished = |s: usize| board.off(s) == CHECKERS;
        match r.phase {
            Phase::Opening => {
                if board != Board::start() || r.cube.value != 1 {
                    return Err(Damaged("an opening roll away from the start"));
                }
            }
            Phase::Roll { seat } | Phase::Doubled { seat } => {
                if !seat_ok(seat) || finished(0) || finished(1) {
                    return Err(Damaged("the turn"));
                }
            }
            Phase::Move { seat, dice } => {
                if !seat_ok(seat) || finished(0) || finished(1) {
                    return Err(Damaged("the turn"));
                }
                if !dice.iter().all(|d| (1..=6).contains(d)) {
                    return Err(Damaged("the dice"));
                }
                if legal_plays(&board.view(seat), (dice[0], dice[1])).is_empty() {
                    return Err(Damaged("a roll with no play left unpassed"));
                }
            }
            Phase::Over { outcome } => match outcome {
                Outcome::Win { winner, reason } if seat_ok(winner) => {
                    let result = r.games.last().ok_or(Damaged("a result with no game"))?;
                    let reason_fits = match reason {
                        WinReason::Resignation => result.win == GameWin::Resigned,
                        WinReason::MatchWon => r.rules.match_length.is_some(),
                        WinReason::BorneOff | WinReason::Gammon | WinReason::Backgammon => {
                            finished(winner) && r.rules.match_length.is_none()
                        }
                        WinReason::CubeDropped => result.win == GameWin::Dropped,
                        _ => false,
                    };
                    if !reason_fits || result.winner != winner {
                        return Err(Damaged("the result"));
                    }
                }
                _ => return Err(Damaged("the result")),
            },
        }
        if matches!(r.phase, Phase::Doubled { .. }) && !r.rules.cube {
            return Err(Damaged("a double without the cube"));
        }
        if r.games.iter().any(|g| !seat_ok(g.winner) || g.points == 0) {
            return Err(Damaged("the games played"));
        }
        let ongoing = r.outcome_is_none();
        let mut totals = [0u32; 2];
        for g in &r.games {
            totals[g.winner] = totals[g.winner].saturating_add(g.points);
        }
        if !r.rules.cube {
            totals = [0, 0];
        }
        if totals != r.score {
            return Err(Damaged("the score"));
        }
        match r.rules.match_length {
            None => {
                if (ongoing && !r.games.is_empty()) || r.games.len() > 1 {
                    return Err(Damaged("a single game with several results"));
                }
            }
            Some(length) => {
                let decided = r.score.iter().any(|s| *s >= length);
                let resigned = matches!(
                    r.phase,
                    Phase::Over {
                        outcome: Outcome::Win {
                            reason: WinReason::Resignation,
                            ..
                        }
                    }
                );
                if (ongoing && decided) || (!ongoing && !decided && !resigned) {
                    return Err(Damaged("the match score"));
                }
                if r.crawford == Crawford::ThisGame && r.cube.value != 1 {
                    return Err(Damaged("a doubled Crawford game"));
                }
            }
        }
        if r.rules.match_length.is_none() && r.crawford != Crawford::Before {
            return Err(Damaged("the Crawford rule outside a match"));
        }
        if let Some(last) = &r.last
            && (!seat_ok(last.seat) || last.steps.len() > 4)
        {
            return Err(Damaged("the last play"));
        }
        let notice = r.notice.map(|n| n.chars().take(300).collect());
        Ok(BackgammonGame {
            rules: r.rules,
            board,
            phase: r.phase,
            cube: r.cube,
            score: r.score,
            crawford: r.crawford,
            games: r.games,
            last: r.last,
            notice,
        })
    }
}

impl Record {
    fn outcome_is_none(&self) -> bool {
        !matches!(self.phase, Phase::Over { .. })
    }
}

//! The stored shape of a backgammon game, checked once when it is loaded.

use serde::{Deserialize, Serialize};

use super::board::{BAR, OFF};
use super::board::{Board, CHECKERS, Side};
use super::moves::legal_plays;
use super::position::PositionIdError;
use super::rules::BackgammonRules;
use super::scoring::{Cube, GameResult, GameWin, MAX_CUBE, bear_off_win};
use super::{BackgammonGame, Crawford, LastPlay, Phase};
use crate::rules::{Outcome, Seat, WinReason};

use LoadError::Damaged;

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

    /// Checks every field against the others: the board, the cube, whose turn it is and why,
    /// the games and score of a match (the Crawford rule re-derived from them), the result,
    /// and the last play shown on the board.
    fn try_from(r: Record) -> Result<Self, LoadError> {
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
        r.check_phase(&board)?;
        r.check_games()?;
        r.check_last(&board)?;
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
    /// Checks whose turn it is against the board, the cube and the result.
    fn check_phase(&self, board: &Board) -> Result<(), LoadError> {
        let finished = |s: Seat| board.off(s) == CHECKERS;
        let playing = |s: Seat| s < 2 && !finished(0) && !finished(1);
        match self.phase {
            Phase::Opening => {
                if *board != Board::start() || self.cube != Cube::default() || self.last.is_some() {
                    return Err(Damaged("an opening roll away from the start"));
                }
            }
            Phase::Roll { seat } => {
                if !playing(seat) {
                    return Err(Damaged("the turn"));
                }
            }
            Phase::Doubled { seat } => {
                let may = self.rules.cube
                    && self.crawford != Crawford::ThisGame
                    && self.cube.may_double(seat);
                if !playing(seat) || !may {
                    return Err(Damaged("a double the doubler may not make"));
                }
            }
            Phase::Move { seat, dice } => {
                if !playing(seat) {
                    return Err(Damaged("the turn"));
                }
                if !dice.iter().all(|d| (1..=6).contains(d)) {
                    return Err(Damaged("the dice"));
                }
                if legal_plays(&board.view(seat), (dice[0], dice[1])).is_empty() {
                    return Err(Damaged("a roll with no play left unpassed"));
                }
            }
            Phase::Over { outcome } => self.check_result(outcome, board)?,
        }
        Ok(())
    }

    /// Checks a finished game's result against its last game, the board and the cube.
    fn check_result(&self, outcome: Outcome, board: &Board) -> Result<(), LoadError> {
        let Outcome::Win { winner, reason } = outcome else {
            return Err(Damaged("the result"));
        };
        let result = self.games.last().ok_or(Damaged("a result with no game"))?;
        let borne_off = matches!(
            result.win,
            GameWin::Single | GameWin::Gammon | GameWin::Backgammon
        );
        let in_match = self.rules.match_length.is_some();
        let reason_fits = match reason {
            WinReason::Resignation => result.win == GameWin::Resigned,
            WinReason::MatchWon => in_match && result.win != GameWin::Resigned,
            WinReason::CubeDropped => {
                !in_match && self.rules.cube && result.win == GameWin::Dropped
            }
            // Without the cube every bear-off is one win; with it, its kind is the reason.
            WinReason::BorneOff if self.rules.cube => !in_match && result.win == GameWin::Single,
            WinReason::BorneOff => !in_match && borne_off,
            WinReason::Gammon => !in_match && self.rules.cube && result.win == GameWin::Gammon,
            WinReason::Backgammon => {
                !in_match && self.rules.cube && result.win == GameWin::Backgammon
            }
            _ => false,
        };
        // Borne off: the winner has no checker left, and the win is what the board says.
        let board_fits = if borne_off {
            board.off(winner) == CHECKERS
                && result.win == bear_off_win(board, winner)
                && self.last.as_ref().is_some_and(|l| l.seat == winner)
        } else {
            board.off(0) < CHECKERS && board.off(1) < CHECKERS
        };
        let points = self.cube.value * result.win.multiplier();
        if winner > 1 || result.winner != winner || !reason_fits || !board_fits {
            return Err(Damaged("the result"));
        }
        if result.points != points {
            return Err(Damaged("the points of the last game"));
        }
        Ok(())
    }

    /// Checks the games played against the score and, in a match, the Crawford rule: the
    /// score and the Crawford state are what the games give, and only the last game may end
    /// the match.
    fn check_games(&self) -> Result<(), LoadError> {
        let over = matches!(self.phase, Phase::Over { .. });
        for g in &self.games {
            let cube = g.points / g.win.multiplier();
            let cube_ok = cube.is_power_of_two()
                && cube <= MAX_CUBE
                && (self.rules.cube || cube == 1)
                && g.points % g.win.multiplier() == 0;
            if g.winner > 1 || !cube_ok {
                return Err(Damaged("the games played"));
            }
        }
        let Some(length) = self.rules.match_length else {
            let expected = if over { 1 } else { 0 };
            if self.games.len() != expected {
                return Err(Damaged("a single game with several results"));
            }
            let score = match (self.rules.cube, self.games.first()) {
                (true, Some(g)) => {
                    let mut score = [0, 0];
                    score[g.winner] = g.points;
                    score
                }
                _ => [0, 0],
            };
            if self.score != score || self.crawford != Crawford::Before {
                return Err(Damaged("the score"));
            }
            return Ok(());
        };
        let mut score = [0u32; 2];
        let mut crawford = Crawford::Before;
        let last = self.games.len().checked_sub(1);
        for (i, g) in self.games.iter().enumerate() {
            score[g.winner] = score[g.winner].saturating_add(g.points);
            let ends = g.win == GameWin::Resigned || score[g.winner] >= length;
            if ends != (over && Some(i) == last) {
                return Err(Damaged("the match score"));
            }
            if !ends {
                crawford = match crawford {
                    Crawford::Before if score[g.winner] + 1 == length => Crawford::ThisGame,
                    Crawford::ThisGame => Crawford::After,
                    other => other,
                };
            }
        }
        if over && last.is_none() {
            return Err(Damaged("a result with no game"));
        }
        if self.score != score || self.crawford != crawford {
            return Err(Damaged("the match score"));
        }
        if crawford == Crawford::ThisGame && self.cube.value != 1 {
            return Err(Damaged("a doubled Crawford game"));
        }
        Ok(())
    }

    /// Checks the last play shown on the board: whose it was, real dice, steps one die each
    /// from the mover's side, and checkers where its steps ended.
    fn check_last(&self, board: &Board) -> Result<(), LoadError> {
        let Some(last) = &self.last else {
            return Ok(());
        };
        let bad = || Err(Damaged("the last play"));
        let [a, b] = last.dice;
        if last.seat > 1 || !(1..=6).contains(&a) || !(1..=6).contains(&b) {
            return bad();
        }
        let most = if a == b { 4 } else { 2 };
        let mut net = [0i32; 26];
        for step in &last.steps {
            let (from, to) = (step.from, step.to);
            let pips = from.saturating_sub(to);
            let die_fits = if to == OFF {
                pips <= a.max(b)
            } else {
                pips == a || pips == b
            };
            if !(1..=BAR).contains(&from) || to >= from || !die_fits {
                return bad();
            }
            net[usize::from(from)] -= 1;
            net[usize::from(to)] += 1;
        }
        // Nothing has moved since: every checker the play brought to a point is still there.
        let there =
            (1..=24u8).all(|p| net[usize::from(p)] <= i32::from(board.checkers(last.seat, p)));
        if last.steps.len() > most || !there {
            return bad();
        }
        // The last play is the previous seat's: the seat on roll now is the other one.
        let other = match self.phase {
            Phase::Roll { seat } | Phase::Move { seat, .. } | Phase::Doubled { seat } => Some(seat),
            Phase::Opening | Phase::Over { .. } => None,
        };
        if other == Some(last.seat) {
            return bad();
        }
        Ok(())
    }
}

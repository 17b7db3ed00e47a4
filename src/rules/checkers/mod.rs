//! Checkers (English draughts, American checkers) as on rule sheets 000 and 004: 32 dark
//! squares numbered as in PDN, twelve men each, Black on 1-12 moving first (sheet 004).
//!
//! Men step and jump diagonally forward only; kings one square in all four directions; a
//! capture sequence continues while there is something to jump; a man reaching the far row is
//! crowned and the move ends there, even mid-capture (sheet 004 "Crowning ends a move"). A
//! player who has no piece or no legal move loses (sheets 000 and 004).
//!
//! Three rulesets:
//! - `forced` (default; sheet 000's "modern tournament rules"): capturing is compulsory, and
//!   any capture sequence may be chosen, not necessarily the longest.
//! - `huff-000` (sheet 000): capturing is optional, but a player who could have captured and
//!   did not may be huffed: as the first part of the next turn, the opponent may remove a
//!   piece that could have captured (`huff 22`), then moves.
//! - `huff-004` (sheet 004): a player who captured fewer pieces than they could have gives the
//!   opponent three options: cancel the move and make its player capture instead (`undo`: the
//!   move is taken back and its player must play one of the captures taking the most pieces),
//!   huff a piece that could have taken the most (`huff 22`), or do nothing (`pass`, or simply
//!   moving).
//!
//! Draws, where neither sheet speaks: by agreement, and (the tournament rule) after 40 moves
//! each, 80 plies, with no capture, huff or man's move, the game is drawn by itself.

mod board;
mod contract;
mod notation;
mod position;
mod record;

use serde::{Deserialize, Serialize};

pub use board::{BLACK, Line, Position, WHITE, coords};
use board::{KING_ROW, direction};
use record::CheckersRecord;

use super::{
    DrawAction, DrawReason, Info, LoadError, Outcome, ParseError, PlayError, RecordFormat, Rules,
    Seat, SetupError, Turn, WinReason,
};

/// Plies with no capture, huff or man's move after which the game is drawn (40 moves each).
pub const QUIET_PLIES: u32 = 80;

/// The rulesets, by the names `/play` offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Capturing is compulsory.
    Forced,
    /// Capturing is optional; a failure to capture may be huffed (sheet 000).
    Huff000,
    /// Capturing fewer than possible gives the opponent three options (sheet 004).
    Huff004,
}

impl Variant {
    /// The ruleset's name.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Forced => "forced",
            Variant::Huff000 => "huff-000",
            Variant::Huff004 => "huff-004",
        }
    }

    fn named(name: &str) -> Option<Variant> {
        match name.trim().to_ascii_lowercase().as_str() {
            "forced" => Some(Variant::Forced),
            "huff-000" => Some(Variant::Huff000),
            "huff-004" => Some(Variant::Huff004),
            _ => None,
        }
    }
}

/// One move: a step or capture sequence, or one of the choices a huffing ruleset gives.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum CheckersMove {
    /// The squares (1-32) a piece visits: its start and each landing square.
    Path(Vec<u8>),
    /// Removes the opponent's piece on this square (1-32), which failed to capture.
    Huff(u8),
    /// Cancels the opponent's move (sheet 004's first option): they must capture instead.
    Undo,
    /// Lets the opponent's failure to capture stand.
    Pass,
}

/// The opponent's failure to capture, open to a huff (and under 004 to an undo).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pending {
    /// The pieces that could have captured (the most), on their squares now (bits).
    pub offenders: Vec<u8>,
    /// The captures that were open, in notation, for the notice.
    pub missed: Vec<String>,
    /// What the undo returns to (sheet 004 only).
    before: Option<Box<Before>>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Before {
    pos: Position,
    quiet: u32,
    last: Option<Last>,
}

/// What the last move did, for the picture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Last {
    /// Who moved.
    pub seat: Seat,
    /// The squares visited (bits), empty for a huff alone.
    pub path: Vec<u8>,
    /// The pieces taken (bits), with whether each was a king; a huff's piece included.
    pub taken: Vec<(u8, bool)>,
}

/// A checkers game: the ruleset, where it started, every move since, and the state they give.
///
/// Built only through [`Rules::new`], [`Rules::from_position`] or deserialization (which
/// replays every stored move from the start), so every value is a legal game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "CheckersRecord", into = "CheckersRecord")]
pub struct CheckersGame {
    variant: Variant,
    start: Position,
    moves: Vec<CheckersMove>,
    pos: Position,
    /// Plies since the last capture, huff or man's move.
    quiet: u32,
    pending: Option<Pending>,
    /// After an undo: the player to move must play one of the captures taking the most.
    must_capture: bool,
    draw_offer: Option<Seat>,
    /// A result the position does not give by itself: a resignation or an agreed draw.
    verdict: Option<Outcome>,
    last: Option<Last>,
    notice: Option<String>,
}

impl CheckersGame {
    /// Starts a game under `variant` from `pos`.
    pub fn starting_at(variant: Variant, pos: Position) -> CheckersGame {
        CheckersGame {
            variant,
            start: pos,
            moves: Vec::new(),
            pos,
            quiet: 0,
            pending: None,
            must_capture: false,
            draw_offer: None,
            verdict: None,
            last: None,
            notice: None,
        }
    }

    /// Starts a game under the named ruleset from a PDN FEN position.
    ///
    /// # Errors
    /// Fails when the ruleset is not one of checkers' or the text is not a legal position.
    pub fn from_fen(ruleset: &str, text: &str) -> Result<CheckersGame, LoadError> {
        let variant = Variant::named(ruleset).ok_or_else(|| {
            LoadError::Invalid(SetupError::unknown_ruleset(&Self::INFO, ruleset).to_string())
        })?;
        let pos = position::read_fen(text).map_err(LoadError::Invalid)?;
        Ok(CheckersGame::starting_at(variant, pos))
    }

    /// Returns the game without its history, for a search to play on cheaply (its moves
    /// are not stored, so it is not to be saved).
    pub fn for_search(&self) -> CheckersGame {
        CheckersGame {
            moves: Vec::new(),
            notice: None,
            ..self.clone()
        }
    }

    /// Returns the ruleset.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Returns the position on the board.
    pub fn board(&self) -> &Position {
        &self.pos
    }

    /// Returns the moves played so far, oldest first.
    pub fn moves(&self) -> &[CheckersMove] {
        &self.moves
    }

    /// Returns what the last move did, for the picture.
    pub fn last(&self) -> Option<&Last> {
        self.last.as_ref()
    }

    /// Returns the opponent's failure to capture the player to move may answer, if any.
    pub fn pending(&self) -> Option<&Pending> {
        self.pending.as_ref()
    }

    /// Tells whether the player to move must play a capture taking the most (after an undo).
    pub fn must_capture(&self) -> bool {
        self.must_capture
    }

    /// Returns the plies since the last capture, huff or man's move.
    pub fn quiet_plies(&self) -> u32 {
        self.quiet
    }

    /// Returns the seat to move (whether or not the game is over).
    pub fn seat_to_move(&self) -> Seat {
        self.pos.turn
    }

    /// Returns the lines (steps and capture sequences) the player to move may play.
    pub fn lines(&self) -> Vec<Line> {
        match self.variant {
            Variant::Forced => self.pos.forced_lines(),
            _ if self.must_capture => {
                let caps = self.pos.captures();
                let most = caps.iter().map(Line::captures).max().unwrap_or(0);
                caps.into_iter().filter(|l| l.captures() == most).collect()
            }
            _ => {
                let mut all = self.pos.captures();
                all.extend(self.pos.steps());
                all
            }
        }
    }

    /// Returns every move of the player to move: the answers to a pending failure to capture
    /// first, then the lines.
    fn options(&self) -> Vec<CheckersMove> {
        let mut out = Vec::new();
        if let Some(p) = &self.pending {
            out.extend(p.offenders.iter().map(|b| CheckersMove::Huff(b + 1)));
            if p.before.is_some() {
                out.push(CheckersMove::Undo);
            }
            out.push(CheckersMove::Pass);
        }
        out.extend(self.lines().into_iter().map(|l| path_move(&l)));
        out
    }

    /// Returns how the game ended, or `None` while it goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(verdict) = self.verdict {
            return Some(verdict);
        }
        let me = self.pos.turn;
        if self.pos.pieces(me) == 0 {
            return Some(Outcome::Win {
                winner: 1 - me,
                reason: WinReason::AllCaptured,
            });
        }
        if self.pos.pieces(1 - me) == 0 {
            // A huff took the last piece.
            return Some(Outcome::Win {
                winner: me,
                reason: WinReason::AllCaptured,
            });
        }
        if self.pending.is_none() && self.lines().is_empty() {
            return Some(Outcome::Win {
                winner: 1 - me,
                reason: WinReason::Blocked,
            });
        }
        if self.quiet >= QUIET_PLIES {
            return Some(Outcome::Draw {
                reason: DrawReason::FortyMoveRule,
            });
        }
        None
    }

    /// Plays a move for the player to move.
    fn play(&self, m: &CheckersMove) -> Result<CheckersGame, PlayError> {
        if self.outcome().is_some() {
            return Err(PlayError::GameOver);
        }
        let me = self.pos.turn;
        let mut next = self.clone();
        next.notice = None;
        match m {
            CheckersMove::Huff(square) => {
                let pending = self.pending.as_ref().ok_or_else(no_huff)?;
                let b = square.wrapping_sub(1);
                if !pending.offenders.contains(&b) {
                    return Err(PlayError::Illegal(format!(
                        "only {} may be huffed",
                        list(&pending.offenders)
                    )));
                }
                let bit = 1u32 << b;
                let king = self.pos.kings[1 - me] & bit != 0;
                next.pos.men[1 - me] &= !bit;
                next.pos.kings[1 - me] &= !bit;
                next.pending = None;
                next.quiet = 0;
                next.last = Some(Last {
                    seat: me,
                    path: Vec::new(),
                    taken: vec![(b, king)],
                });
            }
            CheckersMove::Undo => {
                let before = self
                    .pending
                    .as_ref()
                    .and_then(|p| p.before.as_deref())
                    .ok_or_else(|| {
                        PlayError::Illegal(match (self.variant, &self.pending) {
                            (Variant::Huff004, _) => NOTHING_TO_ANSWER.into(),
                            _ => "only the huff-004 ruleset lets a move be cancelled".into(),
                        })
                    })?;
                next.pos = before.pos;
                next.quiet = before.quiet;
                next.last = before.last.clone();
                next.pending = None;
                next.must_capture = true;
                next.notice = Some(format!(
                    "{}'s move is cancelled: {} must capture instead.",
                    seat_name(1 - me),
                    seat_name(1 - me)
                ));
            }
            CheckersMove::Pass => {
                if self.pending.is_none() {
                    return Err(PlayError::Illegal(NOTHING_TO_ANSWER.into()));
                }
                next.pending = None;
            }
            CheckersMove::Path(squares) => {
                let bits: Vec<u8> = squares.iter().map(|s| s.wrapping_sub(1)).collect();
                let lines = self.lines();
                let line = lines
                    .iter()
                    .find(|l| l.path == bits)
                    .ok_or_else(|| PlayError::Illegal("that move is not legal here".into()))?;
                next.apply_line(self, line);
            }
        }
        next.moves.push(m.clone());
        // A standing offer lapses when the game ends by the move.
        if next.outcome().is_some() {
            next.draw_offer = None;
        }
        Ok(next)
    }

    /// Plays `line` from `self`'s position (`before` is the game before it).
    fn apply_line(&mut self, before: &CheckersGame, line: &Line) {
        let me = before.pos.turn;
        let pos = &before.pos;
        let from = line.path[0];
        let man = pos.men[me] & (1 << from) != 0;
        // A failure to capture (as much as possible) under the huffing rulesets.
        let caps = if before.variant == Variant::Forced || before.must_capture {
            Vec::new()
        } else {
            pos.captures()
        };
        let most = caps.iter().map(Line::captures).max().unwrap_or(0);
        let fault = match before.variant {
            Variant::Forced => false,
            Variant::Huff000 => most > 0 && line.captures() == 0,
            Variant::Huff004 => line.captures() < most,
        };
        self.pos = pos.play(line);
        self.quiet = if man || line.captured != 0 {
            0
        } else {
            before.quiet + 1
        };
        self.last = Some(Last {
            seat: me,
            path: line.path.clone(),
            taken: taken_by(before, line),
        });
        self.must_capture = false;
        self.pending = None;
        if fault {
            self.call_huff(before, line, &caps, most);
        }
        // Moving declines the opponent's offer; the mover's own offer stands for one reply.
        if before.draw_offer != Some(me) {
            self.draw_offer = None;
        }
    }

    /// Records a failure to capture (as much as possible) under the huffing rulesets after
    /// `line` was played from `before`: the notice naming the captures that were open and what
    /// the opponent may answer, and the answer pending (`caps` are the captures that were
    /// open, `most` the most pieces one took).
    fn call_huff(&mut self, before: &CheckersGame, line: &Line, caps: &[Line], most: u32) {
        let me = before.pos.turn;
        let from = line.path[0];
        let open: Vec<&Line> = caps
            .iter()
            .filter(|l| before.variant == Variant::Huff000 || l.captures() == most)
            .collect();
        let mut offenders: Vec<u8> = open
            .iter()
            .map(|l| {
                if l.path[0] == from {
                    *line.path.last().unwrap_or(&from)
                } else {
                    l.path[0]
                }
            })
            .collect();
        offenders.sort_unstable();
        offenders.dedup();
        let missed: Vec<String> = open
            .iter()
            .take(4)
            .map(|l| path_move(l).to_string())
            .collect();
        let answers = match before.variant {
            Variant::Huff004 => format!(
                "{} may `undo` it (then {} must capture), `huff {}`, or `pass`, then moves",
                seat_name(1 - me),
                seat_name(me),
                offenders[0] + 1
            ),
            _ => format!(
                "{} may `huff {}` before moving, or `pass`",
                seat_name(1 - me),
                offenders[0] + 1
            ),
        };
        self.notice = Some(format!(
            "{} {} ({} was open): {answers}.",
            seat_name(me),
            if line.captured == 0 {
                "did not capture"
            } else {
                "captured fewer than possible"
            },
            missed.join(", ")
        ));
        self.pending = Some(Pending {
            offenders,
            missed,
            before: (before.variant == Variant::Huff004).then(|| {
                Box::new(Before {
                    pos: before.pos,
                    quiet: before.quiet,
                    last: before.last.clone(),
                })
            }),
        });
    }

    fn playing(&self, seat: Seat) -> Result<(), PlayError> {
        if self.outcome().is_some() {
            return Err(PlayError::GameOver);
        }
        if seat > 1 {
            return Err(PlayError::NotAPlayer);
        }
        Ok(())
    }

    /// Returns the position as PDN FEN, e.g. `B:W21,22,...,K30:B1,2,...`.
    pub fn fen(&self) -> String {
        position::fen(&self.pos)
    }
}

const NOTHING_TO_ANSWER: &str = "there is no failure to capture to answer";

fn no_huff() -> PlayError {
    PlayError::Illegal(
        "a huff answers the opponent's failure to capture, and they did not fail to".into(),
    )
}

/// The pieces a move took, each with whether it was a king: those `line` captured from
/// `before`, and the piece the mover huffed just before moving.
fn taken_by(before: &CheckersGame, line: &Line) -> Vec<(u8, bool)> {
    let (pos, me) = (&before.pos, before.pos.turn);
    let mut taken: Vec<(u8, bool)> = (0..32u8)
        .filter(|b| line.captured & (1 << b) != 0)
        .map(|b| (b, pos.kings[1 - me] & (1 << b) != 0))
        .collect();
    if let Some(prev) = &before.last
        && prev.seat == me
        && prev.path.is_empty()
    {
        taken.extend(prev.taken.iter().copied());
    }
    taken
}

/// Returns the move of a line, with PDN squares.
fn path_move(line: &Line) -> CheckersMove {
    CheckersMove::Path(line.path.iter().map(|b| b + 1).collect())
}

/// Names a side: Black for seat 0, White for seat 1.
pub fn seat_name(seat: Seat) -> &'static str {
    if seat == BLACK { "Black" } else { "White" }
}

/// Writes squares (bits) as `13`, `13 or 22`, `13, 22 or 27`.
fn list(bits: &[u8]) -> String {
    let names: Vec<String> = bits.iter().map(|b| (b + 1).to_string()).collect();
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

/// Tells whether a man of `side` on bit `b` would have been crowned.
fn on_king_row(side: Seat, b: u8) -> bool {
    KING_ROW[side] & (1 << b) != 0
}

/// Tells whether two bits are a capture's jump apart (two diagonal steps).
fn is_jump(from: u8, to: u8) -> bool {
    matches!(direction(from, to), Some((_, 2)))
}

/// The rules summary `/rules checkers` shows.
pub const RULES: &str = "\
**Checkers** (English draughts, 2 players; sheets 000 and 004). Black (squares 1-12) moves first; the game's creator plays Black.
**Squares** are numbered 1-32 as in PDN, 1-4 on Black's side; the picture shows the numbers.
**Moves:** `11-15` steps; `15x24` jumps; `15x24x31` jumps twice (or just `15x31` when only one path leads there: \
I ask when two do). Spaces and `X` are fine: `11 15`, `15X24`.
Men move diagonally forward one square and jump forward; a jump sequence must be continued while there is something to jump. \
A man reaching the far row is crowned king (a crown on the piece) and the move ends there. Kings move and jump one square in all four directions.
**Rulesets:**
- `forced` (default; the modern rule on sheet 000): capturing is compulsory; any capture sequence may be chosen, not necessarily the longest.
- `huff-000`: capturing is optional, but if you could have captured and did not, your opponent may `huff 22` (remove the piece that should have captured) before moving, or `pass`.
- `huff-004`: if you captured fewer pieces than you could have, your opponent chooses: `undo` (your move is cancelled and you must make a capture taking the most), `huff 22`, or `pass` (or just moves).
**The game ends** when a player has no piece or no legal move (they lose), by `resign`, by agreement (`draw offer`, then `draw accept`), \
or drawn by itself after 40 moves each with no capture, huff or man's move (the tournament rule; neither sheet has one).";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_text_fits_one_message() {
        assert!(RULES.chars().count() < 2000, "{}", RULES.chars().count());
    }

    #[test]
    fn jumps_are_two_steps() {
        assert!(is_jump(14, 23));
        assert!(!is_jump(10, 14));
        assert!(on_king_row(BLACK, 31));
    }
}

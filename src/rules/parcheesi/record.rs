//! The stored shape of a game and its validation: a damaged snapshot is an error, never a panic.

use serde::{Deserialize, Serialize};

use super::board::{self, ENTER, HOME, START, TRACK, TURN_OFF};
use super::moves::Search;
use super::{ParcheesiGame, Phase, RollState, Ruleset};
use crate::rules::{Outcome, WinReason};

/// The stored shape: the ruleset by name, the pawns, resignations, the phase and the notice.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Record {
    ruleset: Ruleset,
    pawns: Vec<[u8; 4]>,
    #[serde(default)]
    resigned: Vec<bool>,
    phase: Phase,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    notice: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    thrown: Option<(usize, [u8; 2])>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    before: Option<Vec<[u8; 4]>>,
}

/// Why a position or stored game could not be loaded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LoadError {
    #[error("Parcheesi is for 2 to 4 players, not {0}")]
    Players(usize),
    #[error("a pawn's place {0} is off the board")]
    Place(u8),
    #[error("more than two pawns of a colour share a space")]
    Crowded,
    #[error("two colours share track space {0}")]
    Shared(u8),
    #[error("a seat that resigned still has pawns out")]
    Resigned,
    #[error("the stored turn is inconsistent: {0}")]
    Phase(&'static str),
}

impl From<ParcheesiGame> for Record {
    fn from(game: ParcheesiGame) -> Self {
        Record {
            ruleset: game.rules.ruleset,
            pawns: game.pawns,
            resigned: game.resigned,
            phase: game.phase,
            notice: game.notice,
            thrown: game.thrown,
            before: game.before,
        }
    }
}

impl TryFrom<Record> for ParcheesiGame {
    type Error = LoadError;

    fn try_from(record: Record) -> Result<Self, LoadError> {
        let players = record.pawns.len();
        let resigned = if record.resigned.is_empty() {
            vec![false; players]
        } else {
            record.resigned
        };
        let game = ParcheesiGame {
            rules: record.ruleset.rules(),
            pawns: record.pawns,
            resigned,
            phase: record.phase,
            notice: record.notice.map(|n| n.chars().take(500).collect()),
            thrown: record.thrown,
            before: record.before,
        };
        game.validate()?;
        Ok(game)
    }
}

impl ParcheesiGame {
    /// Checks every invariant of a position: 2–4 seats, places on the board, at most two
    /// of a colour on a space, never two colours on one track space, and a consistent turn:
    /// a roll being played is re-derived from the pawns at its throw, part by part.
    pub(super) fn validate(&self) -> Result<(), LoadError> {
        self.check_pawns()?;
        self.check_phase()
    }

    /// Checks the seats and where their pawns are: 2–4 seats, places on the board, a seat
    /// that resigned gone from it, the last throw, and the pawns before the last move.
    fn check_pawns(&self) -> Result<(), LoadError> {
        let players = self.pawns.len();
        if !(2..=4).contains(&players) {
            return Err(LoadError::Players(players));
        }
        if self.resigned.len() != players {
            return Err(LoadError::Phase("resignations do not match the seats"));
        }
        check_places(&self.pawns)?;
        // A seat that resigned leaves at once, or when another seat's roll is over.
        let mover = match &self.phase {
            Phase::Move { seat, .. } => Some(*seat),
            _ => None,
        };
        for (seat, set) in self.pawns.iter().enumerate() {
            if self.resigned[seat]
                && mover.is_none_or(|m| m == seat)
                && set.iter().any(|&p| p != START)
            {
                return Err(LoadError::Resigned);
            }
        }
        if let Some((seat, dice)) = self.thrown
            && (seat >= players || dice.iter().any(|d| !(1..=6).contains(d)))
        {
            return Err(LoadError::Phase("the last throw"));
        }
        if let Some(before) = &self.before {
            if before.len() != players {
                return Err(LoadError::Phase("the pawns before the last move"));
            }
            check_places(before)?;
        }
        Ok(())
    }

    /// Checks the phase against the seats and the pawns: the opening roll, the seat to roll
    /// or move (with its roll re-derived), or the result.
    fn check_phase(&self) -> Result<(), LoadError> {
        let players = self.pawns.len();
        let active = |s: usize| s < players && !self.resigned[s];
        let finished = (0..players).find(|&s| self.pawns[s].iter().all(|&p| p == HOME));
        match &self.phase {
            Phase::Opening { contenders, totals } => {
                let mut sorted = contenders.clone();
                sorted.sort_unstable();
                sorted.dedup();
                if contenders.is_empty()
                    || sorted.len() != contenders.len()
                    || !contenders.iter().all(|&s| active(s))
                    || totals.len() >= contenders.len()
                    || totals.iter().any(|t| !(2..=12).contains(t))
                    || self.pawns.iter().flatten().any(|&p| p != START)
                {
                    return Err(LoadError::Phase("the opening roll"));
                }
            }
            Phase::Roll {
                seat,
                doubles,
                extra,
            } => {
                if !active(*seat) {
                    return Err(LoadError::Phase("the seat to roll"));
                }
                self.check_turn(&self.pawns, *seat, *doubles, *extra)?;
            }
            Phase::Move {
                seat,
                doubles,
                extra,
                roll,
            } => {
                if !active(*seat) {
                    return Err(LoadError::Phase("the seat to move"));
                }
                if finished.is_some() {
                    return Err(LoadError::Phase("a finished game is still being played"));
                }
                self.check_roll(*seat, *doubles, *extra, roll)?;
            }
            Phase::Over { outcome } => match *outcome {
                Outcome::Win {
                    winner,
                    reason: WinReason::AllHome,
                } if Some(winner) == finished => {}
                Outcome::Win {
                    winner,
                    reason: WinReason::Resignation,
                } if active(winner) && (0..players).filter(|&s| active(s)).count() == 1 => {}
                _ => return Err(LoadError::Phase("the result")),
            },
        }
        if finished.is_some() && !matches!(self.phase, Phase::Over { .. }) {
            return Err(LoadError::Phase("a seat is home but the game goes on"));
        }
        Ok(())
    }

    /// Checks the rolls `seat` has in hand against the pawns: the third doubles in a row is
    /// punished where the rules say so, and an extra roll (pachesi's `again`) was paid for by
    /// a capture, whose pawn still waits in START.
    fn check_turn(
        &self,
        pawns: &[[u8; 4]],
        seat: usize,
        doubles: u8,
        extra: u8,
    ) -> Result<(), LoadError> {
        if self.rules.third_doubles_penalty && doubles >= 3 {
            return Err(LoadError::Phase("three doubles in a row were not punished"));
        }
        let captured = pawns
            .iter()
            .enumerate()
            .filter(|(s, _)| *s != seat)
            .flat_map(|(_, set)| set.iter())
            .filter(|&&p| p == START)
            .count();
        let earned = self.rules.capture_bonus_or_roll_again || extra == 0;
        if !earned || usize::from(extra) > captured {
            return Err(LoadError::Phase("extra rolls no capture earned"));
        }
        Ok(())
    }

    /// Checks a roll being played: its dice were thrown by the seat, and the whole roll (the
    /// parts, the pawns waiting, compulsory entering, the blockade pairs, and the parts left
    /// and bonuses owed) is what replaying its parts from the pawns at the throw gives.
    fn check_roll(
        &self,
        seat: usize,
        doubles: u8,
        extra: u8,
        roll: &RollState,
    ) -> Result<(), LoadError> {
        let bad = || LoadError::Phase("the roll being played");
        let [a, b] = roll.dice;
        if !(1..=6).contains(&a)
            || !(1..=6).contains(&b)
            || (doubles > 0) != (a == b)
            || self.thrown != Some((seat, roll.dice))
            || roll.played.len() > 64
        {
            return Err(bad());
        }
        // The pawns at the throw: the board now until a part is played, then the snapshot
        // taken before the first part.
        let at_throw: &[[u8; 4]] = if roll.played.is_empty() {
            &self.pawns
        } else {
            self.before.as_deref().ok_or_else(bad)?
        };
        self.check_turn(at_throw, seat, doubles, extra)?;
        let (replayed, node) = self
            .replay_roll(at_throw, seat, roll.dice, &roll.played)
            .ok_or_else(bad)?;
        if replayed != *roll || node.pawns[..self.pawns.len()] != self.pawns[..] {
            return Err(bad());
        }
        let mut search = Search::new(self.ctx(seat, roll));
        if search.legal_next(&node).is_empty() {
            return Err(LoadError::Phase("the roll has nothing left to play"));
        }
        Ok(())
    }
}

/// Checks where pawns stand: on the board's places, at most two of a colour on a space, and
/// never two colours on one track space.
fn check_places(pawns: &[[u8; 4]]) -> Result<(), LoadError> {
    let mut owner = [None; TRACK as usize];
    for (seat, set) in pawns.iter().enumerate() {
        for &p in set {
            if p > HOME {
                return Err(LoadError::Place(p));
            }
            if p != START && p != HOME && board::own_count(set, p) > 2 {
                return Err(LoadError::Crowded);
            }
            if (ENTER..=TURN_OFF).contains(&p) {
                let s = board::track_space(seat, p);
                match owner[s as usize] {
                    Some(o) if o != seat => return Err(LoadError::Shared(s)),
                    _ => owner[s as usize] = Some(seat),
                }
            }
        }
    }
    Ok(())
}

//! Where the checkers stand, and the single checker step every play is made of.
//!
//! Each side counts points from its own side, as players and gnubg do: point 1 is the
//! deepest point of the side's home board, 24 the farthest, 25 the bar and 0 "off".

use serde::{Deserialize, Serialize};

use super::super::Seat;

/// How many checkers each side plays with.
pub const CHECKERS: u8 = 15;
/// The point number of the bar, from the mover's side.
pub const BAR: u8 = 25;
/// The point number for "borne off".
pub const OFF: u8 = 0;

/// One side's checkers: index `p - 1` holds the side's own point `p`, index 24 the bar.
pub type Side = [u8; 25];

/// A position seen by the player on roll: their checkers and the opponent's, each from its own side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct View {
    /// The checkers of the player on roll.
    pub me: Side,
    /// The checkers of the opponent, counted from the opponent's side.
    pub opp: Side,
}

/// The board with both sides, by seat: seat 0 (White) and seat 1 (Black).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Board {
    /// `sides[seat]` are the seat's checkers counted from its own side.
    pub(crate) sides: [Side; 2],
}

/// The opening layout of one side: 2 on the 24-point, 5 on the 13, 3 on the 8, 5 on the 6.
pub const START: Side = {
    let mut side = [0; 25];
    side[23] = 2;
    side[12] = 5;
    side[7] = 3;
    side[5] = 5;
    side
};

impl Board {
    /// Returns the opening position.
    pub fn start() -> Board {
        Board {
            sides: [START, START],
        }
    }

    /// Returns how many of `seat`'s checkers stand on its own `point` (1–24, or 25 for the bar).
    pub fn checkers(&self, seat: Seat, point: u8) -> u8 {
        match (self.sides.get(seat), point) {
            (Some(side), 1..=25) => side[usize::from(point) - 1],
            _ => 0,
        }
    }

    /// Returns how many checkers `seat` has borne off.
    pub fn off(&self, seat: Seat) -> u8 {
        self.sides
            .get(seat)
            .map_or(0, |side| CHECKERS.saturating_sub(count(side)))
    }

    /// Returns the pip count of `seat`: the pips it needs to bear everything off.
    pub fn pips(&self, seat: Seat) -> u32 {
        self.sides.get(seat).map_or(0, |side| {
            side.iter()
                .enumerate()
                .map(|(i, n)| (i as u32 + 1) * u32::from(*n))
                .sum()
        })
    }

    /// Returns the gnubg position ID of the board with `seat` on roll.
    pub fn position_id(&self, seat: Seat) -> String {
        super::position::encode(&self.view(seat))
    }

    /// Returns the board as seen by `seat` on roll.
    pub fn view(&self, seat: Seat) -> View {
        View {
            me: self.sides[seat & 1],
            opp: self.sides[(seat + 1) & 1],
        }
    }

    /// Builds the board from the view of `seat` on roll.
    pub fn from_view(seat: Seat, view: &View) -> Board {
        let mut sides = [view.me, view.opp];
        if seat & 1 == 1 {
            sides.swap(0, 1);
        }
        Board { sides }
    }

    /// Checks the counts: at most 15 a side, no point held by both sides.
    ///
    /// # Errors
    /// Says what is wrong with the position.
    pub fn validate(&self) -> Result<(), String> {
        for side in &self.sides {
            if side.iter().map(|n| u32::from(*n)).sum::<u32>() > u32::from(CHECKERS) {
                return Err("a side has more than 15 checkers".into());
            }
        }
        for p in 1..=24 {
            if self.sides[0][p - 1] > 0 && self.sides[1][24 - p] > 0 {
                return Err(format!("both sides have checkers on one point ({p})"));
            }
        }
        Ok(())
    }
}

/// Counts the checkers of a side still in play (on the board or the bar).
pub fn count(side: &Side) -> u8 {
    side.iter().fold(0u8, |a, n| a.saturating_add(*n))
}

impl View {
    /// Returns whether the opponent holds the mover's `point` (1–24) with two or more checkers.
    pub fn blocked(&self, point: u8) -> bool {
        self.opp[24 - usize::from(point)] >= 2
    }

    /// Returns whether every checker of the mover still in play is in its home board (points 1–6).
    pub fn all_home(&self) -> bool {
        self.me[6..].iter().all(|n| *n == 0)
    }

    /// Returns the mover's highest occupied point, 0 when none is left.
    pub fn highest(&self) -> u8 {
        (1..=25u8)
            .rev()
            .find(|p| self.me[usize::from(*p) - 1] > 0)
            .unwrap_or(0)
    }

    /// Returns where a checker on `from` lands with `die`, if that single step is legal.
    ///
    /// The bar comes first; a held point blocks; bearing off needs all checkers home and
    /// takes a higher number only from the highest point.
    pub fn target(&self, from: u8, die: u8) -> Option<u8> {
        if !(1..=25).contains(&from)
            || !(1..=6).contains(&die)
            || self.me[usize::from(from) - 1] == 0
        {
            return None;
        }
        if self.me[24] > 0 && from != BAR {
            return None;
        }
        if from > die {
            let to = from - die;
            return (!self.blocked(to)).then_some(to);
        }
        let bear_off = self.all_home() && (from == die || self.highest() == from);
        bear_off.then_some(OFF)
    }

    /// Moves a checker from `from` to `to` (which must be a legal target); returns whether it hit.
    pub fn step(&mut self, from: u8, to: u8) -> bool {
        self.me[usize::from(from) - 1] -= 1;
        if to == OFF {
            return false;
        }
        self.me[usize::from(to) - 1] += 1;
        let theirs = &mut self.opp[24 - usize::from(to)];
        if *theirs == 1 {
            *theirs = 0;
            self.opp[24] += 1;
            return true;
        }
        false
    }

    /// Returns the view with the other side on roll.
    pub fn flipped(&self) -> View {
        View {
            me: self.opp,
            opp: self.me,
        }
    }
}

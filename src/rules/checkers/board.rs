//! The checkers board as bitboards: bit `b` is PDN square `b + 1`, squares 1-4 the row on
//! Black's side (Black's men start on 1-12 and move toward 32), each row of four read from
//! White's left to right. Move generation, capture sequences and perft live here.

use crate::rules::Seat;

/// Black moves first and sits on squares 1-12.
pub const BLACK: Seat = 0;
/// White sits on squares 21-32.
pub const WHITE: Seat = 1;

/// Squares in even rows (1-4, 9-12, 17-20, 25-28): their dark squares are columns b, d, f, h.
const EVEN: u32 = 0x0F0F_0F0F;
/// Squares in odd rows (5-8, ...): columns a, c, e, g.
const ODD: u32 = 0xF0F0_F0F0;
/// The first square of each row, and the last.
const FIRST: u32 = 0x1111_1111;
const LAST: u32 = 0x8888_8888;
/// The row each side crowns on: Black on 29-32, White on 1-4.
pub const KING_ROW: [u32; 2] = [0xF000_0000, 0x0000_000F];

/// The four diagonal directions, left and right as White sees the board: up is toward
/// squares 1-4 (Black's side), down toward 29-32 (White's side).
pub const UP_LEFT: usize = 0;
pub const UP_RIGHT: usize = 1;
pub const DOWN_LEFT: usize = 2;
pub const DOWN_RIGHT: usize = 3;

/// The directions a man of each side moves: Black down (toward 32), White up (toward 1).
pub const FORWARD: [[usize; 2]; 2] = [[DOWN_LEFT, DOWN_RIGHT], [UP_LEFT, UP_RIGHT]];
/// Every direction, for kings.
pub const ALL: [usize; 4] = [UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT];

/// Moves every square of `bb` one step in direction `d` (squares that would leave the board
/// vanish). The opposite of direction `d` is `3 - d`.
pub const fn step(bb: u32, d: usize) -> u32 {
    match d {
        UP_LEFT => ((bb & EVEN) >> 4) | ((bb & ODD & !FIRST) >> 5),
        UP_RIGHT => ((bb & EVEN & !LAST) >> 3) | ((bb & ODD) >> 4),
        DOWN_LEFT => ((bb & EVEN) << 4) | ((bb & ODD & !FIRST) << 3),
        _ => ((bb & EVEN & !LAST) << 5) | ((bb & ODD) << 4),
    }
}

/// The square one step from each square in each direction, or 32 for none.
const NEXT: [[u8; 4]; 32] = {
    let mut t = [[32u8; 4]; 32];
    let mut b = 0;
    while b < 32 {
        let mut d = 0;
        while d < 4 {
            let to = step(1 << b, d);
            if to != 0 {
                t[b][d] = to.trailing_zeros() as u8;
            }
            d += 1;
        }
        b += 1;
    }
    t
};

/// Returns the square one step from `b` in direction `d`, if it is on the board.
pub fn next(b: u8, d: usize) -> Option<u8> {
    let n = NEXT[usize::from(b)][d];
    (n < 32).then_some(n)
}

/// Returns the row (0 on Black's side) and column (0 = a, from White's left) of bit `b`.
pub fn coords(b: u8) -> (u8, u8) {
    let row = b / 4;
    let col = 2 * (b % 4) + u8::from(row.is_multiple_of(2));
    (row, col)
}

/// Returns the direction from `from` to `to` when they are one or two diagonal steps apart
/// on one line, with the number of steps.
pub fn direction(from: u8, to: u8) -> Option<(usize, u8)> {
    ALL.into_iter().find_map(|d| {
        let one = next(from, d)?;
        if one == to {
            return Some((d, 1));
        }
        (next(one, d)? == to).then_some((d, 2))
    })
}

/// A position: each side's men and kings, and whose turn it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub men: [u32; 2],
    pub kings: [u32; 2],
    pub turn: Seat,
}

/// One capture sequence or step, as found by the generator: the squares visited (bits).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Line {
    /// The start and every landing square.
    pub path: Vec<u8>,
    /// The pieces jumped.
    pub captured: u32,
}

impl Line {
    /// The number of pieces the line captures.
    pub fn captures(&self) -> u32 {
        self.captured.count_ones()
    }
}

/// The most landing squares a capture sequence can have (twelve pieces to jump, plus the start).
pub const MAX_PATH: usize = 13;

impl Default for Position {
    fn default() -> Self {
        Position::START
    }
}

impl Position {
    /// Twelve men each, Black on 1-12, White on 21-32, Black to move.
    pub const START: Position = Position {
        men: [0x0000_0FFF, 0xFFF0_0000],
        kings: [0, 0],
        turn: BLACK,
    };

    /// Returns every piece of `side`.
    pub fn pieces(&self, side: Seat) -> u32 {
        self.men[side] | self.kings[side]
    }

    /// Returns every occupied square.
    pub fn occupied(&self) -> u32 {
        self.pieces(0) | self.pieces(1)
    }

    /// Returns the side and kind (king or not) on bit `b`.
    pub fn at(&self, b: u8) -> Option<(Seat, bool)> {
        let bit = 1u32 << b;
        (0..2).find_map(|s| {
            if self.men[s] & bit != 0 {
                Some((s, false))
            } else if self.kings[s] & bit != 0 {
                Some((s, true))
            } else {
                None
            }
        })
    }

    /// Returns the pieces of the side to move that have a capture.
    pub fn jumpers(&self) -> u32 {
        let me = self.turn;
        let opp = self.pieces(1 - me);
        let empty = !self.occupied();
        let mut out = 0;
        for d in ALL {
            let back = 3 - d;
            let can = step(opp & step(empty, back), back);
            let movers = if FORWARD[me].contains(&d) {
                self.pieces(me)
            } else {
                self.kings[me]
            };
            out |= movers & can;
        }
        out
    }

    /// Counts the steps (non-captures) of the side to move.
    pub fn count_steps(&self) -> u64 {
        let me = self.turn;
        let empty = !self.occupied();
        let mut n = 0;
        for d in ALL {
            let movers = if FORWARD[me].contains(&d) {
                self.pieces(me)
            } else {
                self.kings[me]
            };
            n += u64::from((step(movers, d) & empty).count_ones());
        }
        n
    }

    /// Calls `f` with each step (non-capture) of the side to move: from, to.
    pub fn for_each_step(&self, mut f: impl FnMut(u8, u8)) {
        let me = self.turn;
        let empty = !self.occupied();
        let mut pieces = self.pieces(me);
        while pieces != 0 {
            let b = pieces.trailing_zeros() as u8;
            pieces &= pieces - 1;
            let king = self.kings[me] & (1 << b) != 0;
            for d in ALL {
                if !king && !FORWARD[me].contains(&d) {
                    continue;
                }
                if let Some(to) = next(b, d)
                    && empty & (1 << to) != 0
                {
                    f(b, to);
                }
            }
        }
    }

    /// Calls `f` with each complete capture sequence of the side to move: the squares visited
    /// and the pieces jumped. Sequences that visit different squares are different captures
    /// (a king taking the same pieces the other way round is counted twice, as OEIS does).
    pub fn for_each_capture(&self, mut f: impl FnMut(&[u8], u32)) {
        let me = self.turn;
        let mut jumpers = self.jumpers();
        while jumpers != 0 {
            let b = jumpers.trailing_zeros() as u8;
            jumpers &= jumpers - 1;
            let king = self.kings[me] & (1 << b) != 0;
            let mut path = [0u8; MAX_PATH];
            path[0] = b;
            // The moving piece has left its square; captured pieces stay until the move ends.
            let occupied = self.occupied() & !(1 << b);
            self.jumps(king, occupied, &mut path, 1, 0, &mut f);
        }
    }

    fn jumps(
        &self,
        king: bool,
        occupied: u32,
        path: &mut [u8; MAX_PATH],
        len: usize,
        captured: u32,
        f: &mut impl FnMut(&[u8], u32),
    ) {
        let me = self.turn;
        let opp = self.pieces(1 - me) & !captured;
        let at = path[len - 1];
        let mut any = false;
        for d in ALL {
            if !king && !FORWARD[me].contains(&d) {
                continue;
            }
            let Some(mid) = next(at, d) else { continue };
            let Some(land) = next(mid, d) else { continue };
            if opp & (1 << mid) == 0 || occupied & (1 << land) != 0 || len >= MAX_PATH {
                continue;
            }
            any = true;
            path[len] = land;
            let taken = captured | (1 << mid);
            if !king && KING_ROW[me] & (1 << land) != 0 {
                // Crowning ends the move.
                f(&path[..=len], taken);
            } else {
                self.jumps(king, occupied, path, len + 1, taken, f);
            }
        }
        if !any && len > 1 {
            f(&path[..len], captured);
        }
    }

    /// Returns the position after the side to move takes the piece on `from` to `to`,
    /// removing `captured`; a man ending on its king row is crowned; the turn passes.
    pub fn after(&self, from: u8, to: u8, captured: u32) -> Position {
        let me = self.turn;
        let opp = 1 - me;
        let mut next = *self;
        let (fb, tb) = (1u32 << from, 1u32 << to);
        if self.kings[me] & fb != 0 {
            next.kings[me] ^= fb | tb;
        } else {
            next.men[me] &= !fb;
            if KING_ROW[me] & tb != 0 {
                next.kings[me] |= tb;
            } else {
                next.men[me] |= tb;
            }
        }
        next.men[opp] &= !captured;
        next.kings[opp] &= !captured;
        next.turn = opp;
        next
    }

    /// Returns every legal line under forced capture: the captures if there are any, else the steps.
    pub fn forced_lines(&self) -> Vec<Line> {
        let caps = self.captures();
        if caps.is_empty() { self.steps() } else { caps }
    }

    /// Returns every capture sequence of the side to move.
    pub fn captures(&self) -> Vec<Line> {
        let mut out = Vec::new();
        self.for_each_capture(|path, captured| {
            out.push(Line {
                path: path.to_vec(),
                captured,
            });
        });
        out
    }

    /// Returns every step of the side to move.
    pub fn steps(&self) -> Vec<Line> {
        let mut out = Vec::new();
        self.for_each_step(|from, to| {
            out.push(Line {
                path: vec![from, to],
                captured: 0,
            });
        });
        out
    }

    /// Returns the position after a line.
    pub fn play(&self, line: &Line) -> Position {
        let (from, to) = (line.path[0], line.path[line.path.len() - 1]);
        self.after(from, to, line.captured)
    }

    /// Counts the leaves `depth` plies ahead under forced capture, every capture sequence
    /// counted once, bulk-counting the last ply (OEIS A133046 from the start).
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut n = 0;
        if self.jumpers() != 0 {
            self.for_each_capture(|path, captured| {
                n += if depth == 1 {
                    1
                } else {
                    self.after(path[0], path[path.len() - 1], captured)
                        .perft(depth - 1)
                };
            });
        } else if depth == 1 {
            n = self.count_steps();
        } else {
            self.for_each_step(|from, to| n += self.after(from, to, 0).perft(depth - 1));
        }
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_sit_on_the_dark_squares_as_pdn_numbers_them() {
        // 1 is b8, 4 is h8, 5 is a7, 29 is a1, 32 is g1 (row 0 is rank 8).
        assert_eq!(coords(0), (0, 1));
        assert_eq!(coords(3), (0, 7));
        assert_eq!(coords(4), (1, 0));
        assert_eq!(coords(28), (7, 0));
        assert_eq!(coords(31), (7, 6));
        // The long diagonal 29-25-22-18-15-11-8-4.
        let mut b = 28u8;
        let mut line = vec![b + 1];
        while let Some(n) = next(b, UP_RIGHT) {
            b = n;
            line.push(b + 1);
        }
        assert_eq!(line, [29, 25, 22, 18, 15, 11, 8, 4]);
    }

    #[test]
    fn black_opens_with_seven_moves() {
        assert_eq!(Position::START.perft(1), 7);
        assert_eq!(Position::START.perft(3), 302);
    }
}

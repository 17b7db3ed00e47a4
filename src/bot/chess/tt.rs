//! The transposition table: what the search learnt of a position (its best move, a score and
//! whether that score is exact or a bound, and how deep it looked), keyed by the position's
//! Zobrist hash, one entry a slot, the deeper or newer result kept.

use shakmaty::Move;

use super::search::MATED_BEYOND;

/// The score is exact.
pub const EXACT: u8 = 0;
/// The score is at least this (the search failed high).
pub const LOWER: u8 = 1;
/// The score is at most this (the search failed low).
pub const UPPER: u8 = 2;

/// One position's result.
#[derive(Clone, Copy, Default)]
pub struct Entry {
    key: u64,
    pub best: Option<Move>,
    pub score: i32,
    pub depth: i16,
    pub bound: u8,
}

/// A table of `2^bits` entries.
pub struct Table {
    entries: Vec<Entry>,
}

impl Table {
    /// Returns an empty table of `2^bits` entries.
    pub fn new(bits: u32) -> Table {
        Table {
            entries: vec![Entry::default(); 1 << bits],
        }
    }

    fn slot(&self, h: u64) -> usize {
        (h as usize) & (self.entries.len() - 1)
    }

    /// Returns what is known of the position hashed `h`, its mate scores counted from `ply`.
    pub fn probe(&self, h: u64, ply: usize) -> Option<Entry> {
        let e = self.entries[self.slot(h)];
        (e.key == h && e.best.is_some()).then_some(Entry {
            score: from_tt(e.score, ply),
            ..e
        })
    }

    /// Records a result for the position hashed `h`, found at `ply` from the root.
    pub fn store(
        &mut self,
        h: u64,
        depth: i32,
        score: i32,
        bound: u8,
        best: Option<Move>,
        ply: usize,
    ) {
        let slot = self.slot(h);
        let old = self.entries[slot];
        if old.key == h && i32::from(old.depth) > depth && bound != EXACT {
            return;
        }
        self.entries[slot] = Entry {
            key: h,
            best: best.or(old.best.filter(|_| old.key == h)),
            score: to_tt(score, ply),
            depth: depth.clamp(0, i32::from(i16::MAX)) as i16,
            bound,
        };
    }
}

/// Stores a mate as its distance from this node, so it reads right from any other.
fn to_tt(score: i32, ply: usize) -> i32 {
    if score > MATED_BEYOND {
        score + ply as i32
    } else if score < -MATED_BEYOND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score > MATED_BEYOND {
        score - ply as i32
    } else if score < -MATED_BEYOND {
        score + ply as i32
    } else {
        score
    }
}

//! The one-sided bear-off database: for every way up to 15 checkers can stand on the six home
//! points (54,264 positions), how many rolls bearing them all off takes, as an exact mean and
//! a distribution, when each roll is played to leave the fewest rolls on average. Built once, at
//! first use, in well under a second in release; it holds about 3.7 MB.

use std::sync::OnceLock;

use crate::rules::backgammon::Side;

/// How many roll counts a distribution keeps: the last cell holds that many rolls or more.
pub const ROLLS: usize = 32;
/// How many positions there are: up to 15 checkers on 6 points, C(21, 6).
pub const POSITIONS: usize = 54_264;

/// Checkers on the home points, `home[p - 1]` on point `p`.
pub type Home = [u8; 6];

/// The distributions are stored as sixteen-bit fractions of one.
const SCALE: f32 = 65_535.0;

struct Table {
    /// Expected rolls to bear off, by position index.
    mean: Vec<f32>,
    /// `dist[i][k]`: the chance of needing exactly `k` rolls, scaled to `SCALE`.
    dist: Vec<[u16; ROLLS]>,
}

/// `BINOMIAL[n][k]` for n ≤ 21, k ≤ 6.
const BINOMIAL: [[u32; 7]; 22] = {
    let mut t = [[0u32; 7]; 22];
    let mut n = 0;
    while n < 22 {
        t[n][0] = 1;
        let mut k = 1;
        while k < 7 {
            t[n][k] = if n == 0 {
                0
            } else {
                t[n - 1][k - 1] + t[n - 1][k]
            };
            k += 1;
        }
        n += 1;
    }
    t
};

/// Returns the index of a home position: the rank of its six point separators among 21 slots.
pub fn index(home: &Home) -> usize {
    let mut slot = 0usize;
    let mut rank = 0u32;
    for (i, n) in home.iter().enumerate() {
        slot += usize::from(*n);
        rank += BINOMIAL[slot + i][i + 1];
    }
    rank as usize
}

/// Returns the home position of `side` when every checker it still plays is on points 1–6.
pub fn home_of(side: &Side) -> Option<Home> {
    if side[6..].iter().any(|n| *n > 0) {
        return None;
    }
    let mut home = [0; 6];
    home.copy_from_slice(&side[..6]);
    Some(home)
}

/// Returns the expected number of rolls to bear off `home`.
pub fn mean_rolls(home: &Home) -> f32 {
    table().mean[index(home)]
}

/// Returns the chances of bearing off `home` in exactly 0, 1, 2... rolls (the last cell: or more).
pub fn distribution(home: &Home) -> [f32; ROLLS] {
    let cells = &table().dist[index(home)];
    let mut out = [0.0; ROLLS];
    for (o, c) in out.iter_mut().zip(cells) {
        *o = f32::from(*c) / SCALE;
    }
    out
}

/// Returns the mean and variance of the rolls `home` needs.
pub fn moments(home: &Home) -> (f32, f32) {
    let d = distribution(home);
    let mean = mean_rolls(home);
    let var = d
        .iter()
        .enumerate()
        .map(|(k, p)| p * (k as f32 - mean).powi(2))
        .sum();
    (mean, var)
}

/// Returns the chance that the side on roll with `me` bears off before the other side with `opp`.
pub fn win_on_roll(me: &Home, opp: &Home) -> f32 {
    let mine = distribution(me);
    let theirs = distribution(opp);
    // Bearing off on my k-th roll wins when the opponent needs k rolls or more.
    let mut at_least = [0.0f32; ROLLS + 1];
    for k in (0..ROLLS).rev() {
        at_least[k] = at_least[k + 1] + theirs[k];
    }
    let win: f32 = (0..ROLLS).map(|k| mine[k] * at_least[k]).sum();
    win.clamp(0.0, 1.0)
}

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(build)
}

/// Every home position, fewest pips first, so each position's successors are done before it.
fn all_positions() -> Vec<Home> {
    let mut out = Vec::with_capacity(POSITIONS);
    let mut h = [0u8; 6];
    loop {
        out.push(h);
        // Odometer over counts with a total of at most 15.
        let mut i = 0;
        loop {
            if i == 6 {
                out.sort_by_key(pips);
                return out;
            }
            h[i] += 1;
            if h.iter().map(|n| u32::from(*n)).sum::<u32>() <= 15 {
                break;
            }
            h[i] = 0;
            i += 1;
        }
    }
}

fn pips(h: &Home) -> u32 {
    h.iter()
        .enumerate()
        .map(|(i, n)| (i as u32 + 1) * u32::from(*n))
        .sum()
}

fn build() -> Table {
    let mut mean = vec![0.0f32; POSITIONS];
    let mut work = vec![[0.0f32; ROLLS]; POSITIONS];
    let mut dist = vec![[0u16; ROLLS]; POSITIONS];
    for h in all_positions() {
        let i = index(&h);
        if h == [0; 6] {
            work[i][0] = 1.0;
            dist[i][0] = SCALE as u16;
            continue;
        }
        let mut m = 1.0f64;
        let mut d = [0.0f32; ROLLS];
        for a in 1..=6u8 {
            for b in a..=6u8 {
                let weight = if a == b { 1.0 } else { 2.0 } / 36.0;
                let child = best_child(&h, a, b, &mean);
                m += weight * f64::from(mean[child]);
                for k in 0..ROLLS {
                    d[(k + 1).min(ROLLS - 1)] += weight as f32 * work[child][k];
                }
            }
        }
        mean[i] = m as f32;
        work[i] = d;
        for k in 0..ROLLS {
            dist[i][k] = (d[k] * SCALE).round() as u16;
        }
    }
    Table { mean, dist }
}

/// Returns the index of the position a roll of `a`-`b` best leaves `h` in (fewest rolls on average).
fn best_child(h: &Home, a: u8, b: u8, mean: &[f32]) -> usize {
    let mut best = (f32::INFINITY, 0usize);
    if a == b {
        search(h, &[a; 4], true, 6, mean, &mut best);
    } else {
        search(h, &[a, b], false, 6, mean, &mut best);
        search(h, &[b, a], false, 6, mean, &mut best);
    }
    best.1
}

/// Tries every step of `dice[0]` (with a doublet, sources never rise, as in the legal plays),
/// then the rest, keeping the leaf with the fewest rolls left.
fn search(
    h: &Home,
    dice: &[u8],
    doublet: bool,
    max_from: usize,
    mean: &[f32],
    best: &mut (f32, usize),
) {
    let done = h.iter().all(|n| *n == 0);
    let (Some((&die, rest)), false) = (dice.split_first(), done) else {
        let i = index(h);
        if mean[i] < best.0 {
            *best = (mean[i], i);
        }
        return;
    };
    let highest = (1..=6).rev().find(|p| h[p - 1] > 0).unwrap_or(0);
    let die = usize::from(die);
    for from in (1..=max_from.min(highest)).rev() {
        if h[from - 1] == 0 {
            continue;
        }
        // A die bears off from its own point, or from the highest point when it is larger.
        if from < die && from != highest {
            continue;
        }
        let mut next = *h;
        next[from - 1] -= 1;
        if from > die {
            next[from - die - 1] += 1;
        }
        let max = if doublet { from } else { 6 };
        search(&next, rest, doublet, max, mean, best);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_index_numbers_every_position_once() {
        let all = all_positions();
        assert_eq!(all.len(), POSITIONS);
        let mut seen = vec![false; POSITIONS];
        for h in &all {
            let i = index(h);
            assert!(!seen[i], "{h:?} shares index {i}");
            seen[i] = true;
        }
    }
}

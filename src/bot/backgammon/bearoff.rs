//! The one-sided bear-off database: for every way up to 15 checkers can stand on the six home
//! points (54,264 positions), how many rolls bearing them all off takes, as an exact mean and
//! a distribution, when each roll is played to leave the fewest rolls on average; and how many
//! rolls bearing the first checker off takes (what saves a gammon), when each roll is played to
//! get one off soonest. Built once, at first use, in about a second in release; it holds
//! about 4.6 MB.

use std::sync::OnceLock;

use crate::rules::backgammon::Side;

/// How many roll counts a distribution keeps: the last cell holds that many rolls or more.
pub const ROLLS: usize = 32;
/// How many positions there are: up to 15 checkers on 6 points, C(21, 6).
pub const POSITIONS: usize = 54_264;

/// Checkers on the home points, `home[p - 1]` on point `p`.
pub type Home = [u8; 6];

/// How many roll counts the first-checker distribution keeps: from the home board one checker
/// always comes off within six rolls (fifteen on the 6-point roll 1-1 at worst).
pub const SAVE_ROLLS: usize = 8;

/// The distributions are stored as sixteen-bit fractions of one.
const SCALE: f32 = 65_535.0;

struct Table {
    /// Expected rolls to bear off, by position index.
    mean: Vec<f32>,
    /// `dist[i][k]`: the chance of needing exactly `k` rolls, scaled to `SCALE`.
    dist: Vec<[u16; ROLLS]>,
    /// `save[i][k]`: the chance that the first checker comes off on exactly the `k`-th roll.
    save: Vec<[u16; SAVE_ROLLS]>,
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

/// Returns the chances that the first checker of `home` comes off on exactly the 0th, 1st,
/// 2nd... roll, when every roll is played to bear one off soonest (0 rolls: nothing left to
/// bear off).
pub fn save_distribution(home: &Home) -> [f32; SAVE_ROLLS] {
    let cells = &table().save[index(home)];
    let mut out = [0.0; SAVE_ROLLS];
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
    let all = all_positions();
    let mut mean = vec![0.0f32; POSITIONS];
    let mut work = vec![[0.0f32; ROLLS]; POSITIONS];
    let mut dist = vec![[0u16; ROLLS]; POSITIONS];
    for h in &all {
        let i = index(h);
        if *h == [0; 6] {
            work[i][0] = 1.0;
            dist[i][0] = SCALE as u16;
            continue;
        }
        let mut m = 1.0f64;
        let mut d = [0.0f32; ROLLS];
        for (a, b, weight) in rolls() {
            let child = index(&best_child(h, a, b, &|leaf| mean[index(leaf)]));
            m += weight * f64::from(mean[child]);
            for k in 0..ROLLS {
                d[(k + 1).min(ROLLS - 1)] += weight as f32 * work[child][k];
            }
        }
        mean[i] = m as f32;
        work[i] = d;
        for k in 0..ROLLS {
            dist[i][k] = (d[k] * SCALE).round() as u16;
        }
    }
    let save = build_save(&all);
    Table { mean, dist, save }
}

/// The 21 rolls, each with its chance.
fn rolls() -> impl Iterator<Item = (u8, u8, f64)> {
    (1..=6u8).flat_map(|a| (a..=6u8).map(move |b| (a, b, if a == b { 1.0 } else { 2.0 } / 36.0)))
}

/// The first-checker distributions: a roll that can bear a checker off does (one roll), any
/// other leaves the position with the fewest rolls to a first checker off on average.
fn build_save(all: &[Home]) -> Vec<[u16; SAVE_ROLLS]> {
    let mut mean = vec![0.0f32; POSITIONS];
    let mut work = vec![[0.0f32; SAVE_ROLLS]; POSITIONS];
    for h in all {
        let i = index(h);
        let checkers = count(h);
        if checkers == 0 {
            work[i][0] = 1.0;
            continue;
        }
        let mut m = 1.0f64;
        let mut d = [0.0f32; SAVE_ROLLS];
        for (a, b, weight) in rolls() {
            // A leaf with a checker off scores below every mean, so it is chosen when there is one.
            let child = best_child(h, a, b, &|leaf| {
                if count(leaf) < checkers {
                    -1.0
                } else {
                    mean[index(leaf)]
                }
            });
            if count(&child) < checkers {
                d[1] += weight as f32;
            } else {
                let c = index(&child);
                m += weight * f64::from(mean[c]);
                for k in 0..SAVE_ROLLS {
                    d[(k + 1).min(SAVE_ROLLS - 1)] += weight as f32 * work[c][k];
                }
            }
        }
        mean[i] = m as f32;
        work[i] = d;
    }
    work.iter()
        .map(|d| d.map(|p| (p * SCALE).round() as u16))
        .collect()
}

/// Returns how many checkers `h` holds.
fn count(h: &Home) -> u32 {
    h.iter().map(|n| u32::from(*n)).sum()
}

/// Returns the position a roll of `a`-`b` best leaves `h` in: the one of lowest `score`.
fn best_child(h: &Home, a: u8, b: u8, score: &dyn Fn(&Home) -> f32) -> Home {
    let mut best = (f32::INFINITY, *h);
    if a == b {
        search(h, &[a; 4], true, 6, score, &mut best);
    } else {
        search(h, &[a, b], false, 6, score, &mut best);
        search(h, &[b, a], false, 6, score, &mut best);
    }
    best.1
}

/// Tries every step of `dice[0]` (with a doublet, sources never rise, as in the legal plays),
/// then the rest, keeping the leaf with the lowest score.
fn search(
    h: &Home,
    dice: &[u8],
    doublet: bool,
    max_from: usize,
    score: &dyn Fn(&Home) -> f32,
    best: &mut (f32, Home),
) {
    let done = h.iter().all(|n| *n == 0);
    let (Some((&die, rest)), false) = (dice.split_first(), done) else {
        let s = score(h);
        if s < best.0 {
            *best = (s, *h);
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
        search(&next, rest, doublet, max, score, best);
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

    #[test]
    fn the_first_checker_comes_off_within_the_distributions_length_from_every_position() {
        for h in all_positions().iter().filter(|h| count(h) > 0) {
            let d = save_distribution(h);
            assert_eq!(d[0], 0.0, "{h:?}");
            assert_eq!(d[SAVE_ROLLS - 1], 0.0, "{h:?}");
            assert!((d.iter().sum::<f32>() - 1.0).abs() < 1e-3, "{h:?}");
        }
    }

    #[test]
    fn fifteen_checkers_on_the_6_point_bear_one_off_at_once_with_a_6_5_1_4_2_3_3_or_2_2() {
        // 11 rolls with a 6, then 6/1 1/off, 6/2 2/off, 6/3/off and 6/4/2/off.
        let d = save_distribution(&[0, 0, 0, 0, 0, 15]);
        assert!((d[1] - 17.0 / 36.0).abs() < 1e-4, "{d:?}");
    }
}

//! The static evaluator: from the side on roll, the chances to win and to win or lose a
//! gammon. Races (the sides have passed each other) use the bear-off database when both sides
//! are home, and otherwise rolls estimated from it (each checker outside counted on the 6-point
//! plus its extra pips, at 8.17 pips a roll). Contact positions use hand-tuned features turned
//! into a chance by a logistic curve: pips, points made, primes, anchors, the bar, home-board
//! strength, checkers back, stacking and the blots each side can hit over the 36 rolls.

use super::bearoff::{self, Home, ROLLS};
use crate::rules::backgammon::{Side, View};

/// Pips an average roll moves.
const PIPS_PER_ROLL: f32 = 8.17;

/// Chances for the side on roll; gammons include backgammons.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Probs {
    pub win: f32,
    pub gammon_win: f32,
    pub gammon_loss: f32,
}

impl Probs {
    /// Returns the cubeless equity: +1 a win, +2 a gammon (when `gammons` count), negative losses.
    pub fn equity(&self, gammons: bool) -> f32 {
        let single = 2.0 * self.win - 1.0;
        if gammons {
            single + self.gammon_win - self.gammon_loss
        } else {
            single
        }
    }

    /// Returns the same chances from the other side.
    pub fn flipped(&self) -> Probs {
        Probs {
            win: 1.0 - self.win,
            gammon_win: self.gammon_loss,
            gammon_loss: self.gammon_win,
        }
    }
}

/// Returns the checkers a side still plays (on the board or the bar).
pub fn in_play(side: &Side) -> u32 {
    side.iter().map(|n| u32::from(*n)).sum()
}

/// Returns the pip count of a side.
pub fn pips(side: &Side) -> u32 {
    side.iter()
        .enumerate()
        .map(|(i, n)| (i as u32 + 1) * u32::from(*n))
        .sum()
}

/// Returns the highest point a side occupies (25 the bar), 0 when none.
fn highest(side: &Side) -> usize {
    (1..=25).rev().find(|p| side[p - 1] > 0).unwrap_or(0)
}

/// Returns whether the sides can still hit or block each other.
pub fn is_contact(view: &View) -> bool {
    let (a, b) = (highest(&view.me), highest(&view.opp));
    a > 0 && b > 0 && a + b > 25
}

/// Which static evaluation a search uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Evaluator {
    /// The hand-tuned features below, the race formula and the bear-off database.
    Hand,
    /// The trained networks ([`super::net`]), and the bear-off database once both sides are home.
    Net,
}

impl Evaluator {
    /// Returns the chances of the side on roll in `view`.
    pub fn probs(self, view: &View) -> Probs {
        match self {
            Evaluator::Hand => hand(view),
            Evaluator::Net => learned(view),
        }
    }
}

/// Returns the chances of the side on roll in `view`, by the project's best evaluation (the
/// trained networks, and the bear-off database once both sides are home).
pub fn evaluate(view: &View) -> Probs {
    Evaluator::Net.probs(view)
}

/// Returns whether both sides have every checker still in play on their home boards.
pub fn both_home(view: &View) -> bool {
    bearoff::home_of(&view.me).is_some() && bearoff::home_of(&view.opp).is_some()
}

/// The project's trained networks, and the exact database once both sides are home.
fn learned(view: &View) -> Probs {
    by_nets(super::net::trained(), view)
}

/// Returns the chances of the side on roll in `view` by `nets`, or by the exact database once
/// both sides are home.
/// In a race the gammon chances come from the bear-off database ([`race_gammons`]), not the
/// network.
pub fn by_nets(nets: &super::net::Nets, view: &View) -> Probs {
    if both_home(view) {
        return hand(view);
    }
    let contact = is_contact(view);
    let mut probs = nets.probs(view, contact);
    if !contact {
        let (win, loss) = race_gammons(view);
        probs.gammon_win = win.min(probs.win);
        probs.gammon_loss = loss.min(1.0 - probs.win);
    }
    probs
}

/// Returns the result for the side that just bore off its last checker in `result`: a win,
/// a gammon when the other side has borne off none.
pub fn borne_off(result: &View) -> Probs {
    let gammon = if in_play(&result.opp) == 15 { 1.0 } else { 0.0 };
    Probs {
        win: 1.0,
        gammon_win: gammon,
        gammon_loss: 0.0,
    }
}

/// Returns the chances of the side on roll in `view` by the hand-tuned evaluation.
pub fn hand(view: &View) -> Probs {
    let probs = if is_contact(view) {
        contact(view)
    } else {
        race(view)
    };
    Probs {
        win: probs.win.clamp(0.0, 1.0),
        gammon_win: probs.gammon_win.clamp(0.0, probs.win),
        gammon_loss: probs.gammon_loss.clamp(0.0, 1.0 - probs.win),
    }
}

/// The standard normal distribution function.
fn phi(x: f32) -> f32 {
    // Abramowitz–Stegun 7.1.26 on erf, good to 1.5e-7.
    let z = x.abs() / std::f32::consts::SQRT_2;
    let t = 1.0 / (1.0 + 0.327_591_1 * z);
    let poly = t
        * (0.254_829_6
            + t * (-0.284_496_74 + t * (1.421_413_7 + t * (-1.453_152_1 + t * 1.061_405_4))));
    let erf = 1.0 - poly * (-z * z).exp();
    if x >= 0.0 {
        0.5 * (1.0 + erf)
    } else {
        0.5 * (1.0 - erf)
    }
}

/// Splits a side into its home part (outside checkers on the 6-point) and the extra pips outside.
fn projected(side: &Side) -> (Home, u32) {
    let mut home = [0u8; 6];
    home.copy_from_slice(&side[..6]);
    let mut extra = 0;
    for p in 7..=25usize {
        let n = side[p - 1];
        home[5] += n;
        extra += (p as u32 - 6) * u32::from(n);
    }
    (home, extra)
}

/// Returns the mean and variance of the rolls a side needs to bear off.
pub fn rolls(side: &Side) -> (f32, f32) {
    let (home, extra) = projected(side);
    let (mean, var) = bearoff::moments(&home);
    let more = extra as f32 / PIPS_PER_ROLL;
    (mean + more, var + 0.3 * more)
}

/// Returns `d` (chances by roll count) delayed by `extra` pips at [`PIPS_PER_ROLL`] a roll: the
/// whole rolls shift every cell, the fraction of a roll shifts that share of each cell once more.
fn delayed(d: &[f32], extra: u32) -> [f32; ROLLS] {
    let rolls = extra as f32 / PIPS_PER_ROLL;
    let whole = rolls.floor() as usize;
    let part = rolls - rolls.floor();
    let mut out = [0.0; ROLLS];
    for (k, p) in d.iter().enumerate() {
        out[(k + whole).min(ROLLS - 1)] += p * (1.0 - part);
        out[(k + whole + 1).min(ROLLS - 1)] += p * part;
    }
    out
}

/// Returns the chances that a side bears its last checker off on exactly its 0th, 1st... roll:
/// exact from the bear-off database when it is home, otherwise its home part's (checkers
/// outside counted on the 6-point) delayed by the extra pips.
fn finish_distribution(side: &Side) -> [f32; ROLLS] {
    let (home, extra) = projected(side);
    delayed(&bearoff::distribution(&home), extra)
}

/// Returns the chances that a side bears its first checker off on exactly its 0th, 1st... roll
/// (what saves a gammon), every roll played to that end: exact from the database when it is
/// home, otherwise its home part's delayed by the extra pips.
fn save_distribution(side: &Side) -> [f32; ROLLS] {
    let (home, extra) = projected(side);
    delayed(&bearoff::save_distribution(&home), extra)
}

/// Returns the chance that `first` is done (by `a`, chances by roll count) no later than `second`
/// (`b`), `first` rolling first: `a`'s k-th roll comes before `b`'s k-th.
fn first_by(a: &[f32; ROLLS], b: &[f32; ROLLS]) -> f32 {
    let mut at_least = [0.0f32; ROLLS + 1];
    for k in (0..ROLLS).rev() {
        at_least[k] = at_least[k + 1] + b[k];
    }
    (0..ROLLS)
        .map(|k| a[k] * at_least[k])
        .sum::<f32>()
        .clamp(0.0, 1.0)
}

/// Returns the gammon chances in a race, for the side on roll: (to win one, to lose one). A
/// side that has borne none off is gammoned when the other finishes before its first checker
/// comes off; the side on roll rolls first.
pub fn race_gammons(view: &View) -> (f32, f32) {
    let (me, opp) = (&view.me, &view.opp);
    let win = if in_play(opp) == 15 {
        first_by(&finish_distribution(me), &save_distribution(opp))
    } else {
        0.0
    };
    let loss = if in_play(me) == 15 {
        // I save it when my first checker comes off no later than the opponent's last.
        1.0 - first_by(&save_distribution(me), &finish_distribution(opp))
    } else {
        0.0
    };
    (win, loss)
}

/// The race: exact when both sides are home, otherwise the normal approximation on rolls.
fn race(view: &View) -> Probs {
    let (me, opp) = (&view.me, &view.opp);
    let (em, vm) = rolls(me);
    let (eo, vo) = rolls(opp);
    let win = match (bearoff::home_of(me), bearoff::home_of(opp)) {
        (Some(a), Some(b)) => bearoff::win_on_roll(&a, &b),
        _ => phi((eo - em + 0.5) / (vm + vo).sqrt().max(0.3)),
    };
    let (gammon_win, gammon_loss) = race_gammons(view);
    Probs {
        win,
        gammon_win,
        gammon_loss,
    }
}

/// What a made point is worth, by point number from its owner's side (index 0 unused).
const POINT: [f32; 25] = [
    0.0, 0.02, 0.08, 0.16, 0.26, 0.36, 0.32, 0.26, 0.12, 0.06, 0.04, 0.03, 0.03, 0.02, 0.0, 0.0,
    0.0, 0.0, 0.12, 0.14, 0.26, 0.22, 0.1, 0.04, 0.02,
];
/// What the longest prime is worth, by length, when it holds an opposing checker behind it.
const PRIME: [f32; 7] = [0.0, 0.0, 0.02, 0.1, 0.3, 0.6, 1.1];

/// One side's positional features, in logits, from its own side.
struct Sides<'a> {
    own: &'a Side,
    other: &'a Side,
}

impl Sides<'_> {
    /// Returns the owner's made points in its home board.
    fn home_points(&self) -> u32 {
        (1..=6).filter(|p| self.own[p - 1] >= 2).count() as u32
    }

    /// Returns how many of the other side's checkers are on the bar or in the owner's home board.
    fn others_back(&self) -> u32 {
        // The other side's points 19–25 are the owner's 1–6 and the bar.
        (19..=25).map(|q| u32::from(self.other[q - 1])).sum()
    }

    /// Scores the owner's structure: points, prime, bar, blots, stacking, checkers back.
    fn structure(&self, other_home: u32) -> f32 {
        let own = self.own;
        let mut s = 0.0;
        for p in 1..=24 {
            let n = own[p - 1];
            if n >= 2 {
                s += POINT[p];
            } else if n == 1 {
                s -= 0.03;
            }
            if n > 3 {
                s -= 0.04 * f32::from(n - 3);
            }
        }
        // The longest run of made points, and whether an opposing checker is behind it.
        let (mut best, mut best_lo, mut run) = (0usize, 0usize, 0usize);
        for p in 1..=24 {
            if own[p - 1] >= 2 {
                run += 1;
                if run > best {
                    best = run;
                    best_lo = p + 1 - run;
                }
            } else {
                run = 0;
            }
        }
        // The other side's checker on its point q stands on the owner's 25 - q.
        let trapped = (25 - best_lo.min(24)..=25).any(|q| self.other[q - 1] > 0);
        let prime = PRIME[best.min(6)];
        s += if trapped { prime } else { prime * 0.25 };
        // On the bar against a strong board.
        let bar = f32::from(own[24]);
        s -= bar * (0.15 + 0.08 * other_home as f32);
        if own[24] > 0 && other_home == 6 {
            s -= 0.5;
        }
        // Checkers back in the other's home board, worse as that board grows.
        let back: u32 = (19..=24).map(|p| u32::from(own[p - 1])).sum();
        s -= 0.025 * back as f32 * other_home as f32;
        // A strong home board matters when the other side has checkers to bring past it.
        s += 0.05 * self.home_points() as f32 * self.others_back().min(4) as f32;
        s
    }
}

/// Rolls and their weights out of 36.
pub const ROLLS21: [(u8, u8, f32); 21] = {
    let mut out = [(0, 0, 0.0); 21];
    let mut i = 0;
    let mut a = 1;
    while a <= 6 {
        let mut b = a;
        while b <= 6 {
            out[i] = (a, b, if a == b { 1.0 } else { 2.0 });
            i += 1;
            b += 1;
        }
        a += 1;
    }
    out
};

/// Returns the points (from the roller's side) a roll lets the roller hit a blot on.
pub(super) fn hits(roller: &Side, other: &Side, a: u8, b: u8, out: &mut [bool; 25]) {
    let open = |p: i32| (1..=24).contains(&p) && other[24 - p as usize] < 2;
    let mut land = |p: i32| {
        if (1..=24).contains(&p) && other[24 - p as usize] == 1 {
            out[p as usize] = true;
        }
    };
    let (a, b) = (i32::from(a), i32::from(b));
    let on_bar = roller[24];
    let lowest = if on_bar > 0 { 25 } else { 1 };
    for s in lowest..=25 {
        if roller[s as usize - 1] == 0 {
            continue;
        }
        if a == b {
            let steps = if on_bar >= 2 { 1 } else { 4 };
            let mut at = s;
            for _ in 0..steps {
                at -= a;
                if !open(at) {
                    break;
                }
                land(at);
            }
        } else {
            for (x, y) in [(a, b), (b, a)] {
                if open(s - x) {
                    land(s - x);
                    if on_bar < 2 && open(s - x - y) {
                        land(s - x - y);
                    }
                }
            }
        }
    }
}

/// Returns the expected value (over the 36 rolls) of the best blot the roller can hit, where
/// hitting the blot on the roller's point `p` is worth `value[p]`.
fn shots(roller: &Side, other: &Side, value: &[f32; 25]) -> f32 {
    if !(1..=24).any(|p| other[24 - p] == 1) {
        return 0.0;
    }
    let mut total = 0.0;
    for (a, b, w) in ROLLS21 {
        let mut hit = [false; 25];
        hits(roller, other, a, b, &mut hit);
        let best = (1..=24)
            .filter(|p| hit[*p])
            .map(|p| value[p])
            .fold(0.0f32, f32::max);
        total += w * best;
    }
    total / 36.0
}

/// What hitting a blot on each of the roller's points is worth: the pips it costs the other
/// side, and the roller's board it must enter against.
fn hit_values(roller: &Sides<'_>) -> [f32; 25] {
    let board = roller.home_points() as f32;
    let mut v = [0.0; 25];
    for (p, x) in v.iter_mut().enumerate().skip(1) {
        *x = 0.3 + 0.012 * p as f32 + 0.09 * board;
    }
    v
}

/// Contact positions: features to a logit, then chances.
fn contact(view: &View) -> Probs {
    let me = Sides {
        own: &view.me,
        other: &view.opp,
    };
    let opp = Sides {
        own: &view.opp,
        other: &view.me,
    };
    let (pm, po) = (pips(&view.me) as f32, pips(&view.opp) as f32);
    let (hm, ho) = (me.home_points(), opp.home_points());
    let mut s = (po - pm + 4.0) * 6.0 / (pm + po).max(30.0);
    s += me.structure(ho) - opp.structure(hm);
    // I roll first: my shots at the opponent's blots count fully, theirs at mine after my move less.
    s += shots(&view.me, &view.opp, &hit_values(&me));
    s -= 0.3 * shots(&view.opp, &view.me, &hit_values(&opp));
    let win = 1.0 / (1.0 + (-s).exp());
    let gammon = |side: &Sides<'_>, diff: f32| {
        let back = side.others_back() as f32;
        (0.06 + 0.035 * back + 0.02 * side.home_points() as f32 + 0.003 * diff).clamp(0.0, 0.6)
    };
    Probs {
        win,
        gammon_win: win * gammon(&me, po - pm),
        gammon_loss: (1.0 - win) * gammon(&opp, pm - po),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phi_is_the_normal_distribution() {
        assert!((phi(0.0) - 0.5).abs() < 1e-6);
        assert!((phi(1.96) - 0.975).abs() < 1e-3);
        assert!((phi(-1.0) - 0.1587).abs() < 1e-3);
    }
}

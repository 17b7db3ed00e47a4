//! The exact expected length of a one-player game, by solving the Markov chain's linear
//! equations: `E[s] = 1 + Σ p(t) · E[next(s, t)]`, `E[100] = 0`, where `next` applies the
//! exact-count rule and the board's ladders and snakes. Where a ruleset lets the player
//! choose one die (`two-dice-95`), the choice that minimises the expectation is found by
//! policy iteration. Used by the `/rules` facts, the Markov oracle test and the bot.

use std::sync::OnceLock;

use super::board::{DiceRule, GOAL, Layout, totals};

/// Where one throw of `total` takes a token from `from` when nothing is in the way: past 100
/// it stays; otherwise it lands and follows any ladder or snake.
pub fn next(layout: Layout, from: u8, total: u8) -> u8 {
    let landed = u16::from(from) + u16::from(total);
    if landed > u16::from(GOAL) {
        from
    } else {
        layout.jump(landed as u8)
    }
}

/// The expected number of further turns from every square 0-100 for one player alone (no
/// occupied squares), playing `dice` on `layout` with the best one-die choices; index 100 is 0.
pub fn expected_turns(layout: Layout, dice: DiceRule) -> [f64; 101] {
    static CACHE: [[OnceLock<[f64; 101]>; 3]; 3] = [const { [const { OnceLock::new() }; 3] }; 3];
    let l = Layout::ALL.iter().position(|&x| x == layout).unwrap_or(0);
    let d = DiceRule::ALL.iter().position(|&x| x == dice).unwrap_or(0);
    *CACHE[l][d].get_or_init(|| solve_best(layout, dice))
}

/// Solves the chain with the best one-die choices by policy iteration.
fn solve_best(layout: Layout, dice: DiceRule) -> [f64; 101] {
    // Start from "one die wherever allowed", which always finishes, then improve.
    let mut one = [false; 101];
    for (s, o) in one.iter_mut().enumerate() {
        *o = dice.may_choose_one(s as u8);
    }
    loop {
        let e = solve(layout, dice, &one);
        let mut changed = false;
        for s in 0..GOAL {
            if dice.may_choose_one(s) {
                let q1 = step_value(layout, dice, s, true, &e);
                let q2 = step_value(layout, dice, s, false, &e);
                let better = q1 <= q2 + 1e-12;
                if better != one[usize::from(s)] && (q1 - q2).abs() > 1e-12 {
                    one[usize::from(s)] = better;
                    changed = true;
                }
            }
        }
        if !changed {
            return e;
        }
    }
}

/// The expected further turns after throwing from `s` with one die (`one`) or the rule's
/// default, given the expectations `e` of every square.
pub fn step_value(layout: Layout, dice: DiceRule, s: u8, one: bool, e: &[f64; 101]) -> f64 {
    let count = dice.count(s, one);
    totals(count)
        .iter()
        .map(|&(t, p)| p * e[usize::from(next(layout, s, t))])
        .sum()
}

/// Solves `(I − P) E = 1` for a fixed choice of dice per square by Gaussian elimination with
/// partial pivoting.
#[allow(clippy::needless_range_loop)] // row operations read as the algebra does
fn solve(layout: Layout, dice: DiceRule, one: &[bool; 101]) -> [f64; 101] {
    const N: usize = 101;
    let mut a = vec![[0.0f64; N + 1]; N];
    for s in 0..N {
        a[s][s] = 1.0;
        if s == usize::from(GOAL) {
            continue;
        }
        a[s][N] = 1.0;
        for (t, p) in totals(dice.count(s as u8, one[s])) {
            a[s][usize::from(next(layout, s as u8, t))] -= p;
        }
    }
    for col in 0..N {
        let pivot = (col..N)
            .max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))
            .unwrap_or(col);
        a.swap(col, pivot);
        let d = a[col][col];
        if d.abs() < 1e-300 {
            continue;
        }
        for k in col..=N {
            a[col][k] /= d;
        }
        for row in 0..N {
            if row != col && a[row][col] != 0.0 {
                let f = a[row][col];
                for k in col..=N {
                    a[row][k] -= f * a[col][k];
                }
            }
        }
    }
    let mut e = [0.0; N];
    for (s, v) in e.iter_mut().enumerate() {
        *v = a[s][N];
    }
    e
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_classic_board_agrees_with_the_published_expectations() {
        let e47 = expected_turns(Layout::Classic, DiceRule::OneDie)[0];
        let e48 = expected_turns(Layout::Classic48, DiceRule::OneDie)[0];
        assert!((e47 - 39.2251223082).abs() < 1e-9, "{e47}");
        assert!((e48 - 39.5983656402).abs() < 1e-9, "{e48}");
    }
}

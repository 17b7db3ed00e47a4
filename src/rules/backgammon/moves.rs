//! Legal plays: every way to use the dice, kept to the most dice (and the larger die), one
//! play per distinct resulting position, as gnubg lists them.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use super::board::{BAR, View};

/// One checker moved by one die, in points from the mover's side (25 the bar, 0 off).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub struct Step {
    pub from: u8,
    pub to: u8,
}

/// A legal play: the single-die steps in the order played, and where they leave the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Play {
    pub steps: Vec<Step>,
    pub result: View,
}

/// Steps of a play being searched, at most four.
#[derive(Clone, Copy, Default)]
struct Path {
    steps: [Step; 4],
    len: usize,
}

/// Collects the leaves of the search, keeping only the most dice and pips used.
struct Leaves {
    best: (usize, u32),
    found: Vec<(View, Path)>,
}

impl Leaves {
    fn save(&mut self, view: &View, path: &Path, pips: u32) {
        let rank = (path.len, pips);
        if rank < self.best {
            return;
        }
        if rank > self.best {
            self.best = rank;
            self.found.clear();
        }
        self.found.push((*view, *path));
    }
}

/// Returns the dice a roll lets the mover use, in play order: four of a doublet.
pub fn dice_list(dice: (u8, u8)) -> Vec<u8> {
    if dice.0 == dice.1 {
        vec![dice.0; 4]
    } else {
        vec![dice.0, dice.1]
    }
}

/// Returns every legal play of `view` with `dice`, one per distinct resulting position.
///
/// Empty when no checker can move. Plays must use as many dice as possible and, when only one
/// of two different dice can be used, the larger one; gnubg applies the same rule by keeping
/// the plays that move the most pips among those using the most dice.
pub fn legal_plays(view: &View, dice: (u8, u8)) -> Vec<Play> {
    let mut leaves = Leaves {
        best: (0, 0),
        found: Vec::new(),
    };
    let mut path = Path::default();
    if dice.0 == dice.1 {
        walk(view, &[dice.0; 4], true, BAR, &mut path, 0, &mut leaves);
    } else {
        walk(
            view,
            &[dice.0, dice.1],
            false,
            BAR,
            &mut path,
            0,
            &mut leaves,
        );
        walk(
            view,
            &[dice.1, dice.0],
            false,
            BAR,
            &mut path,
            0,
            &mut leaves,
        );
    }
    if leaves.best.0 == 0 {
        return Vec::new();
    }
    let mut seen: HashMap<View, ()> = HashMap::with_capacity(leaves.found.len());
    let mut plays = Vec::new();
    for (result, path) in leaves.found {
        if seen.insert(result, ()).is_none() {
            plays.push(Play {
                steps: path.steps[..path.len].to_vec(),
                result,
            });
        }
    }
    plays
}

/// Searches the plays with the dice in this order. For doublets the sources never rise, which
/// visits each set of steps once: a step from a lower point never enables one from a higher.
fn walk(
    view: &View,
    dice: &[u8],
    doublet: bool,
    max_from: u8,
    path: &mut Path,
    pips: u32,
    leaves: &mut Leaves,
) {
    let Some((&die, rest)) = dice.split_first() else {
        leaves.save(view, path, pips);
        return;
    };
    let mut moved = false;
    for from in (1..=max_from).rev() {
        if view.me[usize::from(from) - 1] == 0 {
            continue;
        }
        let Some(to) = view.target(from, die) else {
            continue;
        };
        moved = true;
        let mut next = *view;
        next.step(from, to);
        path.steps[path.len] = Step { from, to };
        path.len += 1;
        let max = if doublet { from } else { BAR };
        walk(
            &next,
            rest,
            doublet,
            max,
            path,
            pips + u32::from(die),
            leaves,
        );
        path.len -= 1;
    }
    if !moved {
        leaves.save(view, path, pips);
    }
}

/// Plays `steps` one checker at a time, in any workable order, without asking which die each
/// uses; returns the resulting position, or `None` if a step has no checker or lands on a held point.
pub fn play_steps(view: &View, steps: &[Step]) -> Option<View> {
    let mut view = *view;
    let mut pending: Vec<Step> = steps.to_vec();
    while !pending.is_empty() {
        let ready = pending.iter().position(|s| {
            (1..=25).contains(&s.from)
                && s.to < s.from
                && view.me[usize::from(s.from) - 1] > 0
                && (view.me[24] == 0 || s.from == BAR)
                && (s.to == 0 || !view.blocked(s.to))
        })?;
        let s = pending.remove(ready);
        view.step(s.from, s.to);
    }
    Some(view)
}

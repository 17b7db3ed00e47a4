//! The planner level: the race as a plan of the seat's own moves, the other pegs standing
//! still. A beam search keeps the [`BEAM`] boards nearest the target after each move, up to
//! [`HORIZON`] moves or until the pegs are all home; the legal move that starts the quickest
//! plan (or, when none finishes, the plan ending nearest the target) is played. Far pegs weigh
//! a little more than near ones, so a straggler is brought along before it is left behind.
//! The board is a bit mask, which the 121 holes of the largest star fit.

use std::collections::HashMap;
use std::ops::ControlFlow;

use rand::Rng as _;
use rand::rngs::StdRng;

use crate::bot::Budget;
use crate::rules::chinese_checkers::{ChineseCheckersGame, ChineseMove, Hole, Star};
use crate::rules::{Rules, Seat};

/// Boards kept after each move of the plan.
const BEAM: usize = 96;
/// The most moves a plan looks ahead.
const HORIZON: usize = 40;

/// A board of the plan: the owner's pegs, their cost, and the first move that led here.
#[derive(Clone, Copy)]
struct Node {
    pegs: u128,
    cost: i64,
    root: usize,
}

fn bit(h: Hole) -> u128 {
    1u128 << h
}

/// What each hole costs a peg of the owner: its distance to the target's tip, ten times,
/// plus the square of it (so far pegs count a little more).
fn costs(star: &Star, tip: Hole) -> Vec<i64> {
    (0..star.len())
        .map(|h| {
            let d = i64::from(star.distance(h as Hole, tip));
            10 * d + d * d
        })
        .collect()
}

/// Returns every hole the peg on `from` reaches in one move (a step, or a chain of jumps),
/// `taken` holding every peg but the moving one.
fn reach(star: &Star, taken: u128, from: Hole) -> u128 {
    let mut out = 0u128;
    for &h in star.neighbours[usize::from(from)].iter().flatten() {
        if taken & bit(h) == 0 {
            out |= bit(h);
        }
    }
    let mut seen = bit(from);
    let mut stack = vec![from];
    while let Some(at) = stack.pop() {
        for d in 0..6 {
            let Some((over, to)) = star.jump(at, d) else {
                continue;
            };
            if taken & bit(over) != 0 && taken & bit(to) == 0 && seen & bit(to) == 0 {
                seen |= bit(to);
                out |= bit(to);
                stack.push(to);
            }
        }
    }
    out
}

/// Returns the legal move that starts the best plan of the seat's own moves; ties are broken
/// at random. Stops deepening when `budget` runs out (a node is a board expanded).
pub fn plan(
    game: &ChineseCheckersGame,
    seat: Seat,
    budget: &Budget,
    rng: &mut StdRng,
) -> Option<ChineseMove> {
    let owner = game.pegs_moved_by(seat);
    let star = game.star();
    let target = game.target(owner);
    let cost = costs(star, star.tips[usize::from(target)]);
    let mask = |f: &dyn Fn(Option<Seat>) -> bool| -> u128 {
        (0..star.len())
            .filter(|&h| f(game.cells()[h]))
            .fold(0, |m, h| m | bit(h as Hole))
    };
    let own = mask(&|c| c == Some(owner));
    let others = mask(&|c| c.is_some() && c != Some(owner));
    // Holes an opponent's pegs still in their starting corner hold count as filled (the
    // anti-spoiling rule): the plan is done when the owner's pegs fill the rest.
    let bound = game.home_bound(owner).iter().fold(0, |m, &h| m | bit(h));
    let goal = star.corners[usize::from(target)]
        .iter()
        .fold(0, |m, &h| m | bit(h))
        & !bound;
    let done = |pegs: u128| goal != 0 && pegs & goal == goal;
    let board_cost = |pegs: u128| -> i64 {
        (0..star.len())
            .filter(|&h| pegs & bit(h as Hole) != 0)
            .map(|h| cost[h])
            .sum()
    };
    let moves = game.legal(seat);
    // The first move of each plan is a legal one; later ones only need the geometry.
    let mut beam: Vec<Node> = Vec::new();
    for (root, m) in moves.iter().enumerate() {
        let pegs = own & !bit(m.from()) | bit(m.to());
        if done(pegs) {
            return Some(m.clone());
        }
        beam.push(Node {
            pegs,
            cost: board_cost(pegs),
            root,
        });
    }
    let mut expanded = 0u64;
    for _ in 1..HORIZON {
        if beam.is_empty() || budget.soft_done(expanded) {
            break;
        }
        beam = keep_best(beam, rng);
        expanded += beam.len() as u64;
        let next = match next_boards(star, &cost, others, &beam, &done) {
            ControlFlow::Break(root) => return Some(moves[root].clone()),
            ControlFlow::Continue(next) => next,
        };
        if next.is_empty() {
            break;
        }
        beam = next.into_values().collect();
        // Hash order varies from run to run; the plan must not.
        beam.sort_unstable_by_key(|n| n.pegs);
    }
    let best = keep_best(beam, rng).first().copied()?;
    moves.get(best.root).cloned()
}

/// Makes every board one move of the owner's pegs away from the boards of `beam` (the
/// `others` standing still), each once with the first move that led to it; breaks with that
/// move's index as soon as one is `done`.
fn next_boards(
    star: &Star,
    cost: &[i64],
    others: u128,
    beam: &[Node],
    done: &dyn Fn(u128) -> bool,
) -> ControlFlow<usize, HashMap<u128, Node>> {
    let mut next: HashMap<u128, Node> = HashMap::new();
    for node in beam {
        let mut pegs = node.pegs;
        while pegs != 0 {
            let from = pegs.trailing_zeros() as Hole;
            pegs &= pegs - 1;
            let rest = node.pegs & !bit(from);
            let mut to_all = reach(star, rest | others, from);
            while to_all != 0 {
                let to = to_all.trailing_zeros() as Hole;
                to_all &= to_all - 1;
                let child = rest | bit(to);
                if done(child) {
                    return ControlFlow::Break(node.root);
                }
                let c = node.cost - cost[usize::from(from)] + cost[usize::from(to)];
                next.entry(child).or_insert(Node {
                    pegs: child,
                    cost: c,
                    root: node.root,
                });
            }
        }
    }
    ControlFlow::Continue(next)
}

/// Keeps the [`BEAM`] cheapest boards, cheapest first, ties in random order.
fn keep_best(beam: Vec<Node>, rng: &mut StdRng) -> Vec<Node> {
    let mut keyed: Vec<(i64, u32, Node)> = beam
        .into_iter()
        .map(|n| (n.cost, rng.random::<u32>(), n))
        .collect();
    keyed.sort_unstable_by_key(|(c, r, _)| (*c, *r));
    keyed.truncate(BEAM);
    keyed.into_iter().map(|(_, _, n)| n).collect()
}

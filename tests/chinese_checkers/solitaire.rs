//! Solitaire oracles: one player alone moves every peg to the opposite corner in as few moves
//! as possible (a chain of jumps counts as one move).
//!
//! For the 10-peg board the published minimum is 27 (Levenspiel 1971; proved by Bell 2009,
//! "The shortest game of Chinese Checkers", INTEGERS 9 #G01). For the 6-peg board nothing is
//! published (rules-facts section 6), so a bidirectional breadth-first search of our own,
//! over the moves the game's geometry allows, proves the minimum and the game replays it.

use std::collections::HashMap;

use tabula::rules::chinese_checkers::{ChineseCheckersGame, ChineseMove, Size, Star};
use tabula::rules::{Rules, Turn};

/// Every state one move from `mask`, holes limited to `allowed`, with the move's path.
fn successors(star: &Star, mask: u128, allowed: u128) -> Vec<(u128, Vec<u8>)> {
    let mut out = Vec::new();
    for from in 0..star.len() as u8 {
        if mask >> from & 1 == 0 {
            continue;
        }
        let rest = mask & !(1u128 << from);
        let empty = |h: u8| allowed >> h & 1 == 1 && rest >> h & 1 == 0 && h != from;
        for &to in star.neighbours[usize::from(from)].iter().flatten() {
            if empty(to) {
                out.push((rest | 1u128 << to, vec![from, to]));
            }
        }
        let mut seen: u128 = 1u128 << from;
        let mut queue = vec![vec![from]];
        while let Some(path) = queue.pop() {
            let at = path[path.len() - 1];
            for d in 0..6 {
                let Some((over, to)) = star.jump(at, d) else {
                    continue;
                };
                if rest >> over & 1 == 1 && empty(to) && seen >> to & 1 == 0 {
                    seen |= 1u128 << to;
                    let mut next = path.clone();
                    next.push(to);
                    if !star.adjacent(from, to) {
                        out.push((rest | 1u128 << to, next.clone()));
                    }
                    queue.push(next);
                }
            }
        }
    }
    out
}

/// Returns the fewest moves from `start` to `goal` and one shortest sequence of paths.
fn shortest(star: &Star, start: u128, goal: u128, allowed: u128) -> (usize, Vec<Vec<u8>>) {
    // Parent maps: state -> (previous state, path from previous to state) on each side.
    let mut fwd: HashMap<u128, Option<(u128, Vec<u8>)>> = HashMap::from([(start, None)]);
    let mut bwd: HashMap<u128, Option<(u128, Vec<u8>)>> = HashMap::from([(goal, None)]);
    let (mut ff, mut bf) = (vec![start], vec![goal]);
    let (mut fd, mut bd) = (0, 0);
    loop {
        let forward = ff.len() <= bf.len();
        let (frontier, mine, other) = if forward {
            (&mut ff, &mut fwd, &bwd)
        } else {
            (&mut bf, &mut bwd, &fwd)
        };
        let mut next = Vec::new();
        let mut meet = None;
        for &s in frontier.iter() {
            for (t, path) in successors(star, s, allowed) {
                if mine.contains_key(&t) {
                    continue;
                }
                mine.insert(t, Some((s, path)));
                if other.contains_key(&t) && meet.is_none() {
                    meet = Some(t);
                }
                next.push(t);
            }
        }
        if forward {
            fd += 1;
        } else {
            bd += 1;
        }
        *frontier = next;
        if let Some(m) = meet {
            let mut moves = Vec::new();
            let mut at = m;
            while let Some(Some((prev, path))) = fwd.get(&at) {
                moves.push(path.clone());
                at = *prev;
            }
            moves.reverse();
            let mut at = m;
            while let Some(Some((prev, path))) = bwd.get(&at) {
                // The backward path leads from `at`'s successor side: reverse it.
                moves.push(path.iter().rev().copied().collect());
                at = *prev;
            }
            return (fd + bd, moves);
        }
        assert!(!frontier.is_empty(), "goal unreachable");
    }
}

fn corner_mask(star: &Star, corner: usize) -> u128 {
    star.corners[corner].iter().fold(0, |m, &h| m | 1u128 << h)
}

/// The fewest moves for 6 pegs from one corner to the opposite one, on the two-player board
/// (hexagon and the two corners, as Bell's board for 10 pegs): 17, as the search below proves
/// (no sequence of 16 or fewer moves exists; one of 17 does and the game replays it).
const SIX_PEG_MINIMUM: usize = 17;

#[test]
fn six_peg_solitaire_takes_17_moves_at_least_as_our_search_proves_and_the_game_replays_one() {
    let star = Size::Six.star();
    let (home, target) = (corner_mask(star, 3), corner_mask(star, 0));
    let hexagon = (0..star.len())
        .filter(|&h| star.corner[h].is_none())
        .fold(0u128, |m, h| m | 1u128 << h);
    let allowed = hexagon | home | target;
    let (moves, paths) = shortest(star, home, target, allowed);
    println!("six-peg solitaire minimum: {moves}");
    assert_eq!(moves, SIX_PEG_MINIMUM);
    assert_eq!(paths.len(), moves);
    // Each move is legal in the game itself: Red's pegs where the solution has them, Green's
    // parked in a corner the solitaire board leaves out.
    let parked = corner_mask(star, 1);
    let mut mask = home;
    for path in &paths {
        let game = position(star, mask, parked);
        let m = ChineseMove { path: path.clone() };
        let after = game
            .apply(0, &m)
            .expect("each move of the solution is legal");
        assert!(
            game.legal(0)
                .iter()
                .any(|l| l.from() == m.from() && l.to() == m.to())
        );
        mask = (0..star.len())
            .filter(|&h| after.cells()[h] == Some(0))
            .fold(0, |m, h| m | 1u128 << h);
    }
    assert_eq!(mask, target);
}

/// A two-player 6-peg game with Red on `red`, Green on `green`, Red to move.
fn position(star: &Star, red: u128, green: u128) -> ChineseCheckersGame {
    let board: String = (0..star.len())
        .map(|h| match (red >> h & 1, green >> h & 1) {
            (1, _) => '1',
            (_, 1) => '2',
            _ => '.',
        })
        .collect();
    let state = serde_json::json!({
        "ruleset": "6-peg", "players": 2, "board": board, "to_move": 0,
        "best": [0, 0], "since_progress": 0,
    });
    let game: ChineseCheckersGame = serde_json::from_value(state).unwrap();
    assert_eq!(game.turn(), Turn::Move(0));
    game
}

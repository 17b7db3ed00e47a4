//! Chinese checkers bots: random, greedy (the move that brings the pegs nearest home), a
//! best-reply search (each move, then the next player's greedy reply, then this player's best
//! follow-up), and a planner that races up to 40 of its own moves ahead. The scoring levels
//! weigh laggards more, so no peg is left behind, and break ties at random so a blocked
//! position does not repeat forever; the game's own no-progress draw ends any game that
//! still stalls.

mod race;

use rand::Rng as _;
use rand::rngs::StdRng;

use super::random::{self, RANDOM};
use super::{Brain, Budget, Level, Pick};
use crate::rules::chinese_checkers::{ChineseCheckersGame, ChineseMove};
use crate::rules::{Rules, Seat, Turn};

const GREEDY: Level = Level {
    name: "greedy",
    about: "plays the move that brings its pegs nearest their target",
    measured: "alone on the 10-peg board, brings its pegs across in 69.3 moves on average over 50 runs (2026-11-26)",
};

const SEARCH: Level = Level {
    name: "lookahead",
    about: "weighs each move against the next player's best reply and its own follow-up",
    measured: "alone on the 10-peg board, brings its pegs across in 55.5 moves on average over 50 runs (2026-11-26)",
};

/// Scores a player's pegs: lower is better. Each peg counts its distance to the target's tip,
/// squared so the last pegs are not left behind, plus a bonus for being inside the target.
fn cost(game: &ChineseCheckersGame, owner: Seat) -> i64 {
    let star = game.star();
    let target = game.target(owner);
    let tip = star.tips[usize::from(target)];
    game.cells()
        .iter()
        .enumerate()
        .filter(|(_, c)| **c == Some(owner))
        .map(|(h, _)| {
            let d = i64::from(star.distance(h as u8, tip));
            let inside = star.corner[h] == Some(target);
            d * d + 4 * d - if inside { 6 } else { 0 }
        })
        .sum()
}

/// Scores the board after a move: [`cost`], or far below any cost when the owner is home (which
/// pegs an opponent keeps in its starting corner can make true before every peg is in).
fn score(game: &ChineseCheckersGame, owner: Seat) -> i64 {
    if game.is_home(owner) {
        i64::MIN / 8
    } else {
        cost(game, owner)
    }
}

/// Returns the greedy move of the seat to move, with its cost after, ties broken at random.
fn greedy(game: &ChineseCheckersGame, seat: Seat, rng: &mut StdRng) -> Option<(ChineseMove, i64)> {
    let owner = game.pegs_moved_by(seat);
    let mut best: Option<(ChineseMove, i64)> = None;
    let mut ties = 0u32;
    for m in game.legal(seat) {
        let Ok(next) = game.apply(seat, &m) else {
            continue;
        };
        let c = score(&next, owner);
        match &best {
            Some((_, b)) if c > *b => {}
            Some((_, b)) if c == *b => {
                ties += 1;
                if rng.random_range(0..=ties) == 0 {
                    best = Some((m, c));
                }
            }
            _ => {
                ties = 0;
                best = Some((m, c));
            }
        }
    }
    best
}

/// Scores a move by looking ahead: the cost after it, after the next player's greedy reply
/// and this player's best follow-up (on the board that reply leaves).
fn lookahead(
    game: &ChineseCheckersGame,
    seat: Seat,
    budget: &Budget,
    rng: &mut StdRng,
) -> Option<(ChineseMove, i64)> {
    let owner = game.pegs_moved_by(seat);
    let moves = game.legal(seat);
    let mut best: Option<(ChineseMove, i64)> = None;
    let mut searched = 0u64;
    for m in moves {
        if best.is_some() && budget.soft_done(searched) {
            break;
        }
        let Ok(next) = game.apply(seat, &m) else {
            continue;
        };
        searched += 1;
        let now = score(&next, owner);
        let after_reply = match next.turn() {
            Turn::Move(other) if other != seat => match greedy(&next, other, rng) {
                Some((reply, _)) => next.apply(other, &reply).unwrap_or(next.clone()),
                None => next.clone(),
            },
            _ => next.clone(),
        };
        // This player's best follow-up, as if it were to move again on that board.
        let follow = follow_up(&after_reply, owner);
        let score = now * 2 + follow;
        let jitter = rng.random_range(0..2);
        if best
            .as_ref()
            .is_none_or(|(_, b)| score * 2 + jitter < *b * 2 + 1)
        {
            best = Some((m, score));
        }
    }
    best
}

/// Returns the lowest cost the owner can reach with one move of its own on this board.
fn follow_up(game: &ChineseCheckersGame, owner: Seat) -> i64 {
    let base = cost(game, owner);
    if game.is_home(owner) {
        return base;
    }
    let star = game.star();
    let tip = star.tips[usize::from(game.target(owner))];
    let target = game.target(owner);
    let score = |h: usize| {
        let d = i64::from(star.distance(h as u8, tip));
        d * d + 4 * d - if star.corner[h] == Some(target) { 6 } else { 0 }
    };
    (0..game.cells().len())
        .filter(|&h| game.cells()[h] == Some(owner))
        .flat_map(|h| {
            game.reach(h as u8)
                .into_iter()
                .map(move |p| base - score(h) + score(usize::from(p[p.len() - 1])))
        })
        .min()
        .unwrap_or(base)
}

const PLANNER: Level = Level {
    name: "planner",
    about: "plans its own moves as a race, up to 40 ahead, the other pegs standing still",
    measured: "alone on the 10-peg board, brings its pegs across in 29.0 moves on average over 50 runs (the minimum is 27); wins 200 of 200 two-player 10-peg games against greedy; 200 six-planner 10-peg games all finished (2026-11-26)",
};

impl Brain for ChineseCheckersGame {
    const LEVELS: &'static [Level] = &[RANDOM, GREEDY, SEARCH, PLANNER];

    fn choose(
        &self,
        seat: Seat,
        level: usize,
        budget: &Budget,
        rng: &mut StdRng,
    ) -> Option<Pick<ChineseMove>> {
        if self.turn() != Turn::Move(seat) {
            return None;
        }
        let owner = self.pegs_moved_by(seat);
        let before = self.distance(owner);
        let (m, why) = match super::clamp_level::<Self>(level) {
            1 => return random::pick(self, seat, rng),
            2 => {
                let (m, _) = greedy(self, seat, rng)?;
                (m, "the move that brings the pegs nearest home")
            }
            3 => {
                let (m, _) = lookahead(self, seat, budget, rng)?;
                (m, "best after the next player's reply and a follow-up")
            }
            _ => (
                race::plan(self, seat, budget, rng)?,
                "starts the fastest plan of its own moves it found",
            ),
        };
        let after = self.apply(seat, &m).ok()?.distance(owner);
        let gain = i64::from(before) - i64::from(after);
        Some(Pick {
            why: format!("{why} ({gain:+} steps nearer)"),
            r#move: m,
        })
    }
}

//! The expert level: the careful level's few best turns, each played out over sampled
//! throws until the seat has played its next turn, and scored where the play-outs end.
//!
//! Every candidate meets the same throws in the same sample (common random numbers), so the
//! comparison between them is not drowned in dice luck. In the play-outs the seat plays as the
//! careful level would and the opponents as the greedy level would: they take what a throw
//! offers them, captures first.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::eval::{self, Depth, Position};
use crate::bot::Budget;
use crate::rules::parcheesi::{Ending, ParcheesiGame, ParcheesiMove};
use crate::rules::{Outcome, Rules, Seat, Turn};

/// How the expert searches.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    /// The most candidate turns played out (the careful level's best).
    pub candidates: usize,
    /// Candidates scoring more than this below the best are not played out.
    pub margin: f64,
    /// Play-outs per candidate, when the budget allows.
    pub samples: usize,
    /// Play-outs end when the turn has left the seat this many times after the candidate.
    pub passes: usize,
}

/// The expert level's plan.
pub const EXPERT: Plan = Plan {
    candidates: 8,
    margin: 80.0,
    samples: 48,
    passes: 2,
};

/// What a finished play-out is worth: a win for the seat, or a loss.
const DECIDED: f64 = 1_000.0;

/// Returns the ranked turns' index to play: the first of `ranked` (best first) unless a
/// play-out of the close ones finds another better on average.
pub fn choose(
    game: &ParcheesiGame,
    seat: Seat,
    ranked: &[(Ending, f64)],
    plan: Plan,
    budget: &Budget,
    rng: &mut StdRng,
) -> usize {
    let Some((_, top)) = ranked.first() else {
        return 0;
    };
    let close = ranked
        .iter()
        .take(plan.candidates)
        .take_while(|(_, s)| *s >= top - plan.margin)
        .count();
    if close < 2 {
        return 0;
    }
    let after: Vec<Option<ParcheesiGame>> = ranked[..close]
        .iter()
        .map(|(e, _)| game.apply(seat, &e.r#move).ok())
        .collect();
    let mut sums = vec![0.0; close];
    let mut nodes = 0u64;
    for _ in 0..plan.samples {
        if budget.soft_done(nodes) {
            break;
        }
        let seed: u64 = rng.random();
        for (c, start) in after.iter().enumerate() {
            let value = match start {
                Some(g) => {
                    let mut dice = StdRng::seed_from_u64(seed);
                    play_out(g.clone(), seat, plan.passes, &mut dice, &mut nodes)
                }
                None => f64::NEG_INFINITY,
            };
            sums[c] += value;
        }
    }
    let mut best = 0;
    for c in 1..close {
        if sums[c] > sums[best] {
            best = c;
        }
    }
    best
}

/// Plays `game` on from just after the seat's candidate turn until the turn has left the
/// seat `passes` times; returns the seat's score there.
fn play_out(
    mut game: ParcheesiGame,
    seat: Seat,
    passes: usize,
    dice: &mut StdRng,
    nodes: &mut u64,
) -> f64 {
    let mut mover = seat;
    let mut left = 0;
    loop {
        let next = match game.turn() {
            Turn::Over(Outcome::Win { winner, .. }) => {
                return if winner == seat { DECIDED } else { -DECIDED };
            }
            Turn::Over(Outcome::Draw { .. }) => return 0.0,
            Turn::Roll(s) => {
                if s != mover {
                    if mover == seat {
                        left += 1;
                        if left >= passes {
                            break;
                        }
                    }
                    mover = s;
                }
                let throw = [dice.random_range(1..=6), dice.random_range(1..=6)];
                game.roll(s, &throw)
            }
            Turn::Move(s) => {
                *nodes += 1;
                let Some(m) = policy(&game, s, seat) else {
                    break;
                };
                game.apply(s, &m)
            }
        };
        match next {
            Ok(g) => game = g,
            Err(_) => break,
        }
    }
    let live = super::live(&game);
    let pawns: Vec<[u8; 4]> = (0..game.players())
        .filter_map(|s| game.progress(s))
        .collect();
    let pos = Position {
        rules: game.rules(),
        pawns: &pawns,
        live: &live,
    };
    eval::score(&pos, seat, Depth::Full)
}

/// The turn a play-out plays for `s`: the careful level's for the seat, the greedy level's for
/// the others.
fn policy(game: &ParcheesiGame, s: Seat, seat: Seat) -> Option<ParcheesiMove> {
    let depth = if s == seat {
        Depth::Full
    } else {
        Depth::Simple
    };
    let mut ranked = super::ranked(game, s, depth, &super::live(game));
    (!ranked.is_empty()).then(|| ranked.swap_remove(0).0.r#move)
}

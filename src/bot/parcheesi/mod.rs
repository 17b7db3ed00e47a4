//! The Parcheesi family's bot (all four rulesets): every legal whole turn is scored by the
//! position it leaves. The greedy level counts progress and the opponents' losses; the
//! careful level adds blockades and the risk from and to the opponents' next throws.

mod eval;
mod why;

use rand::rngs::StdRng;

use super::random::{RANDOM, pick};
use super::{Brain, Budget, Level, Pick};
use crate::rules::parcheesi::{Ending, ParcheesiGame, ParcheesiMove};
use crate::rules::{Rules, Seat, Turn};
use eval::{Depth, Position};

const GREEDY: Level = Level {
    name: "greedy",
    about: "plays the turn that gains the most progress, counting captures and bonuses",
    measured: "wins 77% (parcheesi), 73% (pahrcheesi), 70% (pachesi), 79% (pachisi) of 400 four-player games against three random players (2026-11-26)",
};

const CAREFUL: Level = Level {
    name: "careful",
    about: "also weighs blockades, safety and the risk from the opponents' next throws",
    measured: "wins 91% (parcheesi), 88% (pahrcheesi), 89% (pachesi), 88% (pachisi) of 1,000 four-player games against three random players, and 48%, 46%, 54%, 44% of 400 against three greedy players (2026-11-26)",
};

impl Brain for ParcheesiGame {
    const LEVELS: &'static [Level] = &[RANDOM, GREEDY, CAREFUL];

    fn choose(
        &self,
        seat: Seat,
        level: usize,
        _budget: &Budget,
        rng: &mut StdRng,
    ) -> Option<Pick<ParcheesiMove>> {
        if self.turn() != Turn::Move(seat) {
            return None;
        }
        let depth = match super::clamp_level::<ParcheesiGame>(level) {
            1 => return pick(self, seat, rng),
            2 => Depth::Simple,
            _ => Depth::Full,
        };
        let live: Vec<bool> = (0..self.players()).map(|s| !self.has_resigned(s)).collect();
        let rules = self.rules();
        let mut best: Option<(Ending, f64)> = None;
        for ending in self.endings() {
            let pos = Position {
                rules,
                pawns: &ending.pawns,
                live: &live,
            };
            let score = eval::score(&pos, seat, depth) + eval::again_value(ending.again);
            // The first of equal turns (in the engine's order) is kept.
            if best.as_ref().is_none_or(|(_, b)| score > *b) {
                best = Some((ending, score));
            }
        }
        let (ending, _) = best?;
        let why = why::line(self, seat, &ending, &live, depth);
        Some(Pick {
            r#move: ending.r#move,
            why,
        })
    }
}

//! The Parcheesi family's bot (all four rulesets): every legal whole turn is scored by the
//! position it leaves. The greedy level counts progress and the opponents' losses; the
//! careful level adds blockades and the risk from and to the opponents' next throws; the
//! expert level plays the careful level's closest few turns out over sampled throws.

mod eval;
mod rollout;
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
    measured: "wins 77.2% (parcheesi), 72.5% (pahrcheesi), 69.5% (pachesi), 79.0% (pachisi) of 400 four-player games against three random players (2026-11-27)",
};

const CAREFUL: Level = Level {
    name: "careful",
    about: "also weighs blockades, safety and the risk from the opponents' next throws",
    measured: "wins 90.5% (parcheesi), 87.8% (pahrcheesi), 91.2% (pachesi), 88.4% (pachisi) of 10,000 four-player games against three random players, and 44.8%, 46.8%, 60.8%, 43.5% of 400 against three greedy players (2026-11-27)",
};

const EXPERT: Level = Level {
    name: "expert",
    about: "plays the careful level's closest turns out over sampled throws, through the opponents' replies and its own next turn",
    measured: "wins 91.7% (parcheesi), 91.0% (pahrcheesi), 96.1% (pachesi), 91.8% (pachisi) of 1,000 four-player games against three random players, and 26.4% (of 1,000), 34.0%, 37.5% (of 400), 28.7% (of 1,000) against three careful players (2026-11-27)",
};

impl Brain for ParcheesiGame {
    const LEVELS: &'static [Level] = &[RANDOM, GREEDY, CAREFUL, EXPERT];

    fn choose(
        &self,
        seat: Seat,
        level: usize,
        budget: &Budget,
        rng: &mut StdRng,
    ) -> Option<Pick<ParcheesiMove>> {
        if self.turn() != Turn::Move(seat) {
            return None;
        }
        let level = super::clamp_level::<ParcheesiGame>(level);
        let depth = match level {
            1 => return pick(self, seat, rng),
            2 => Depth::Simple,
            _ => Depth::Full,
        };
        let live = live(self);
        let mut ranked = ranked(self, seat, depth, &live);
        let chosen = if level >= 4 {
            rollout::choose(self, seat, &ranked, rollout::EXPERT, budget, rng)
        } else {
            0
        };
        if chosen >= ranked.len() {
            return None;
        }
        let (ending, _) = ranked.swap_remove(chosen);
        let mut why = why::line(self, seat, &ending, &live, depth);
        if chosen > 0 {
            why.push_str("; played out over sampled throws, it did better than the turn that scores best now");
        }
        Some(Pick {
            r#move: ending.r#move,
            why,
        })
    }
}

/// Returns which seats still play.
fn live(game: &ParcheesiGame) -> Vec<bool> {
    (0..game.players()).map(|s| !game.has_resigned(s)).collect()
}

/// Returns every legal whole turn of `seat` with its score (the position it leaves and its
/// extra rolls), best first; of equal turns, the first in the engine's order comes first.
fn ranked(game: &ParcheesiGame, seat: Seat, depth: Depth, live: &[bool]) -> Vec<(Ending, f64)> {
    let mut ranked: Vec<(Ending, f64)> = game
        .endings()
        .into_iter()
        .map(|ending| {
            let pos = Position {
                rules: game.rules(),
                pawns: &ending.pawns,
                live,
            };
            let score = eval::score(&pos, seat, depth) + eval::again_value(ending.again);
            (ending, score)
        })
        .collect();
    ranked.sort_by(|a, b| b.1.total_cmp(&a.1));
    ranked
}

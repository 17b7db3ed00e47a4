//! Snakes & Ladders' brain. A turn is a roll, so there is one decision in the whole game:
//! in `two-dice-95`, on squares 95-99, whether to throw one die instead of two. The
//! `expectation` level compares the exact expected number of turns still to play after
//! either throw (the one-player Markov chain, [`markov::expected_turns`]), with this roll's
//! landing squares blocked where other players stand now.

use rand::rngs::StdRng;
use rand::{Rng as _, SeedableRng as _};

use super::simulate::{Simulate, Summary, summarize};
use super::{Brain, Budget, Level, Pick, random};
use crate::rules::snakes::markov::{self, expected_turns};
use crate::rules::snakes::{SnakesGame, SnakesMove, SnakesRules, totals};
use crate::rules::{Rules, Seat, Turn};

/// The level that throws one die exactly when that shortens the expected race.
pub const EXPECTATION: Level = Level {
    name: "expectation",
    about: "in two-dice-95, throws one die on 95-99 when that lowers the exact expected number of turns left",
    measured: "wins 65.2% of 100,000 two-player two-dice-95 games against random, which always throws two dice (2026-11-26)",
};

impl Brain for SnakesGame {
    const LEVELS: &'static [Level] = &[random::RANDOM, EXPECTATION];

    const SIMULATE: Option<Simulate> = Some(races);

    fn choose(
        &self,
        seat: Seat,
        level: usize,
        _budget: &Budget,
        rng: &mut StdRng,
    ) -> Option<Pick<SnakesMove>> {
        if super::clamp_level::<SnakesGame>(level) == 1 {
            return random::pick(self, seat, rng);
        }
        if self.turn() != Turn::Roll(seat) || !self.legal(seat).contains(&SnakesMove::OneDie) {
            return None;
        }
        let (one, two) = self.throw_values(seat);
        (one < two).then(|| Pick {
            r#move: SnakesMove::OneDie,
            why: format!("one die leaves {one:.2} turns to expect, two dice {two:.2}"),
        })
    }
}

impl SnakesGame {
    /// The expected turns left after this seat's throw with one die and with two, counting
    /// this throw, with the squares other players hold now blocked for it.
    pub fn throw_values(&self, seat: Seat) -> (f64, f64) {
        let rules = self.rules();
        let e = expected_turns(rules.layout, rules.dice);
        let from = self.squares()[seat];
        let value = |count: u8| -> f64 {
            1.0 + totals(count)
                .iter()
                .map(|&(t, p)| {
                    let (_, to, _) = self.outcome_of(seat, t);
                    debug_assert!(to == from || to == markov::next(rules.layout, from, t));
                    p * e[usize::from(to)]
                })
                .sum::<f64>()
        };
        (value(1), value(2))
    }
}

/// Plays `games` races of `ruleset` for `players` (1-4, one when not given: one player skips
/// the ordering throw and meets nobody) with dice from `seed`; where a player may choose one
/// die, the `expectation` level chooses. A race's length is its rolls, and with one player the
/// exact expectation is the Markov chain's.
///
/// # Errors
/// Refuses an unknown ruleset, a player count outside 1-4, or too many games.
fn races(ruleset: &str, players: Option<usize>, games: u64, seed: u64) -> Result<Summary, String> {
    let rules = SnakesRules::from_name(ruleset)
        .ok_or_else(|| format!("Snakes & Ladders has no ruleset called {ruleset:?}"))?;
    let players = players.unwrap_or(1);
    if !(1..=4).contains(&players) {
        return Err("simulate plays 1 to 4 players".into());
    }
    let expected =
        (players == 1).then(|| expected_turns(rules.layout, rules.dice)[usize::from(rules.start)]);
    let mut rng = StdRng::seed_from_u64(seed);
    let budget = Budget::nodes(u64::MAX);
    summarize(games, players, expected, || {
        race(rules, players, &budget, &mut rng)
    })
}

/// Plays one race to its end: its rolls and its winner.
fn race(
    rules: SnakesRules,
    players: usize,
    budget: &Budget,
    rng: &mut StdRng,
) -> Result<(u32, Option<Seat>), String> {
    let mut game = SnakesGame::with_rules(rules, players);
    loop {
        match game.turn() {
            Turn::Over(outcome) => return Ok((game.rolls(), outcome.winner())),
            Turn::Roll(seat) | Turn::Move(seat) => {
                // Level 2, `expectation`: one die on 95-99 when that shortens the race.
                if let Some(pick) = game.choose(seat, 2, budget, rng) {
                    game = game.apply(seat, &pick.r#move).map_err(|e| e.to_string())?;
                }
                let count = game.dice().map_or(2, |d| d.count);
                let dice: Vec<u8> = (0..count).map(|_| rng.random_range(1..=6)).collect();
                game = game.roll(seat, &dice).map_err(|e| e.to_string())?;
            }
        }
    }
}

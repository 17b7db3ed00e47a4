//! The engine's `simulate` verb: Snakes & Ladders races played through the real rules with
//! seeded dice, and the mean length with its standard error, to check against the exact
//! Markov expectation without a script.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde::Serialize;

use crate::bot::{Brain, Budget};
use crate::rules::snakes::markov::expected_turns;
use crate::rules::snakes::{SnakesGame, SnakesRules};
use crate::rules::{Rules, Turn};

/// Most games one request may play (about ten seconds).
pub const MAX_GAMES: u64 = 10_000_000;

/// What a run of races measured.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    pub games: u64,
    /// Mean race rolls per game (every seat's; with one player, the turns it took).
    pub mean: f64,
    /// Standard error of the mean.
    pub std_err: f64,
    pub shortest: u32,
    pub longest: u32,
    /// The exact expectation for one player (Markov chain), when `players` is 1.
    pub expected: Option<f64>,
    /// Games won by each seat.
    pub wins: Vec<u64>,
}

/// Plays `games` races of `ruleset` for `players` (1-4; one player skips the ordering throw
/// and meets nobody) with dice from `seed`; where a player may choose one die, the
/// `expectation` bot chooses.
///
/// # Errors
/// Fails on an unknown ruleset, a player count outside 1-4, or too many games.
pub fn simulate(ruleset: &str, players: usize, games: u64, seed: u64) -> Result<Summary, String> {
    let rules = SnakesRules::from_name(ruleset)
        .ok_or_else(|| format!("Snakes & Ladders has no ruleset called {ruleset:?}"))?;
    if !(1..=4).contains(&players) {
        return Err("simulate plays 1 to 4 players".into());
    }
    if games == 0 || games > MAX_GAMES {
        return Err(format!("simulate plays 1 to {MAX_GAMES} games"));
    }
    let mut rng = StdRng::seed_from_u64(seed);
    let budget = Budget::nodes(u64::MAX);
    let (mut sum, mut sum_sq) = (0.0f64, 0.0f64);
    let (mut shortest, mut longest) = (u32::MAX, 0);
    let mut wins = vec![0u64; players];
    for _ in 0..games {
        let mut game = SnakesGame::with_rules(rules, players);
        loop {
            match game.turn() {
                Turn::Over(outcome) => {
                    if let Some(w) = outcome.winner() {
                        wins[w] += 1;
                    }
                    break;
                }
                Turn::Roll(seat) | Turn::Move(seat) => {
                    if let Some(pick) = game.choose(seat, 2, &budget, &mut rng) {
                        game = game.apply(seat, &pick.r#move).map_err(|e| e.to_string())?;
                    }
                    let count = game.dice().map_or(2, |d| d.count);
                    let dice: Vec<u8> = (0..count).map(|_| rng.random_range(1..=6)).collect();
                    game = game.roll(seat, &dice).map_err(|e| e.to_string())?;
                }
            }
        }
        let n = game.rolls();
        sum += f64::from(n);
        sum_sq += f64::from(n) * f64::from(n);
        shortest = shortest.min(n);
        longest = longest.max(n);
    }
    let count = games as f64;
    let mean = sum / count;
    let var = if games > 1 {
        (sum_sq - count * mean * mean) / (count - 1.0)
    } else {
        0.0
    };
    let expected =
        (players == 1).then(|| expected_turns(rules.layout, rules.dice)[usize::from(rules.start)]);
    Ok(Summary {
        games,
        mean,
        std_err: (var.max(0.0) / count).sqrt(),
        shortest,
        longest,
        expected,
        wins,
    })
}

//! The bot against seeded dice, many games over, summed up: the engine's `simulate`, which
//! checks a game's measured lengths against an exact expectation without a script. A game
//! offers it through its brain ([`Brain::SIMULATE`](super::Brain::SIMULATE)); most do not.

use serde::Serialize;

use crate::rules::Seat;

/// Most games one request may play (about ten seconds of Snakes & Ladders).
pub const MAX_GAMES: u64 = 10_000_000;

/// What a run of games measured.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    pub games: u64,
    /// Mean length per game, in the game's own unit (Snakes & Ladders: race rolls of every
    /// seat; with one player, the turns it took).
    pub mean: f64,
    /// Standard error of the mean.
    pub std_err: f64,
    pub shortest: u32,
    pub longest: u32,
    /// The exact expected length, where the game knows it for these settings.
    pub expected: Option<f64>,
    /// Games won by each seat.
    pub wins: Vec<u64>,
}

/// A game's simulation: plays `games` games of `ruleset` for `players` (`None`: the game's
/// own default) with dice drawn from `seed`, and sums them up; refuses a ruleset, player
/// count or number of games it cannot play with a one-line reason.
pub type Simulate =
    fn(ruleset: &str, players: Option<usize>, games: u64, seed: u64) -> Result<Summary, String>;

/// Plays `games` games for `seats` seats with `play` (each returns its length and its winner,
/// if any) and sums them up with the `expected` length.
///
/// # Errors
/// Refuses no games or more than [`MAX_GAMES`]; passes on the first error of `play`.
pub fn summarize(
    games: u64,
    seats: usize,
    expected: Option<f64>,
    mut play: impl FnMut() -> Result<(u32, Option<Seat>), String>,
) -> Result<Summary, String> {
    if games == 0 || games > MAX_GAMES {
        return Err(format!("simulate plays 1 to {MAX_GAMES} games"));
    }
    let (mut sum, mut sum_sq) = (0.0f64, 0.0f64);
    let (mut shortest, mut longest) = (u32::MAX, 0);
    let mut wins = vec![0u64; seats];
    for _ in 0..games {
        let (n, winner) = play()?;
        if let Some(w) = winner.and_then(|w| wins.get_mut(w)) {
            *w += 1;
        }
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

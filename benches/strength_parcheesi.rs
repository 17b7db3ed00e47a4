//! The Parcheesi bot's strength, per ruleset, in seeded four-player games: the top level
//! against three random players, and each level k against three players of level k-1. The
//! measured seat moves round the table from game to game (so it starts first a quarter of
//! the time); a fair share is 25%.
//!
//! Run with `cargo bench --bench strength_parcheesi -- [GAMES [LADDER [RULESET...]]]`:
//! GAMES top-against-random games (default 1000), LADDER games per level pair (default 400).

use std::time::Instant;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tabula::bot::{Brain, Budget};
use tabula::rules::parcheesi::{ParcheesiGame, Ruleset};
use tabula::rules::{Outcome, Rules, Seat, Turn};

/// More actions than any game needs; reaching it means the game stalled.
const MAX_ACTIONS: usize = 20_000;

/// Plays one four-player game with `levels[seat]` in each seat; returns the winner.
fn play(ruleset: Ruleset, levels: [usize; 4], seed: u64) -> Option<Seat> {
    let mut rng = StdRng::seed_from_u64(seed);
    let budget = Budget::nodes(100_000);
    let mut game = ParcheesiGame::new(ruleset, 4).expect("four players");
    for _ in 0..MAX_ACTIONS {
        game = match game.turn() {
            Turn::Roll(seat) => {
                let dice = [rng.random_range(1..=6), rng.random_range(1..=6)];
                game.roll(seat, &dice).expect("a roll in turn")
            }
            Turn::Move(seat) => {
                let pick = game
                    .choose(seat, levels[seat], &budget, &mut rng)
                    .expect("a move when one is due");
                game.apply(seat, &pick.r#move)
                    .expect("the bot plays legal moves")
            }
            Turn::Over(Outcome::Win { winner, .. }) => return Some(winner),
            Turn::Over(Outcome::Draw { .. }) => return None,
        };
    }
    panic!("a game of {ruleset} did not end in {MAX_ACTIONS} actions");
}

/// Plays `games` games of `level` against three players of `others`; returns its wins.
fn matchup(ruleset: Ruleset, level: usize, others: usize, games: usize, seed: u64) -> usize {
    (0..games)
        .filter(|&g| {
            let seat = g % 4;
            let mut levels = [others; 4];
            levels[seat] = level;
            play(ruleset, levels, seed + g as u64) == Some(seat)
        })
        .count()
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let games: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let ladder: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(400);
    let chosen: Vec<Ruleset> = args.iter().skip(2).filter_map(|a| a.parse().ok()).collect();
    let rulesets = if chosen.is_empty() {
        Ruleset::ALL.to_vec()
    } else {
        chosen
    };
    let top = <ParcheesiGame as Brain>::LEVELS.len();
    for ruleset in rulesets {
        let started = Instant::now();
        let wins = matchup(ruleset, top, 1, games, 1);
        println!(
            "{ruleset}: level {top} against three random players wins {wins}/{games} = {:.1}% ({:.0} s)",
            100.0 * wins as f64 / games as f64,
            started.elapsed().as_secs_f64()
        );
        for level in 2..=top {
            let started = Instant::now();
            let wins = matchup(ruleset, level, level - 1, ladder, 1_000_000);
            println!(
                "{ruleset}: level {level} against three of level {} wins {wins}/{ladder} = {:.1}% ({:.0} s)",
                level - 1,
                100.0 * wins as f64 / ladder as f64,
                started.elapsed().as_secs_f64()
            );
        }
    }
}

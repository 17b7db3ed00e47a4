//! Rolls out backgammon positions (gnubg position IDs, the side on roll before its roll) with
//! the bot's own cubeless rollout and prints the chances beside the quick 1- and 2-ply looks,
//! with the evaluations and time each took.
//!
//! Run: `cargo run --example rollout_backgammon -- [--blocks N] [--horizon H] [--plain] [--race]
//! [--seed S] ID...` (36 trials a block; `--plain` turns the luck adjustment off).

use std::time::Instant;

use tabula::bot::Budget;
use tabula::bot::backgammon::{RolloutSettings, chances_before_roll, roll_out};
use tabula::rules::backgammon::BackgammonGame;

fn main() {
    let mut settings = RolloutSettings {
        blocks: 10,
        horizon: None,
        race: false,
        reduce: true,
        seed: 1,
    };
    let mut ids = Vec::new();
    let mut words = std::env::args().skip(1);
    while let Some(w) = words.next() {
        match w.as_str() {
            "--blocks" => {
                settings.blocks = words
                    .next()
                    .and_then(|v| v.parse().ok())
                    .expect("--blocks N")
            }
            "--horizon" => settings.horizon = words.next().and_then(|v| v.parse().ok()),
            "--seed" => {
                settings.seed = words.next().and_then(|v| v.parse().ok()).expect("--seed S")
            }
            "--plain" => settings.reduce = false,
            "--race" => settings.race = true,
            "--bench" => {}
            id => ids.push(id.to_string()),
        }
    }
    let budget = Budget::nodes(u64::MAX);
    for id in ids {
        let game = BackgammonGame::from_position_id(&id).expect("a gnubg position ID");
        let view = game.board().view(0);
        for plies in 1..=2 {
            let start = Instant::now();
            let (p, nodes) = chances_before_roll(&view, plies, &budget).expect("no limit");
            println!(
                "{id} {plies}-ply: {:.1} / {:.1} / {:.1}, equity {:+.3}, {nodes} evaluations, {:.2} s",
                p.win * 100.0,
                p.gammon_win * 100.0,
                p.gammon_loss * 100.0,
                p.equity(true),
                start.elapsed().as_secs_f64()
            );
        }
        let start = Instant::now();
        let (r, nodes) = roll_out(&view, &settings, &budget).expect("no limit");
        let p = r.probs;
        println!(
            "{id} rollout {settings:?}: {:.1} / {:.1} / {:.1}, equity {:+.3} ± {:.3}, {} trials, {nodes} evaluations, {:.2} s",
            p.win * 100.0,
            p.gammon_win * 100.0,
            p.gammon_loss * 100.0,
            p.equity(true),
            r.error,
            r.trials,
            start.elapsed().as_secs_f64()
        );
    }
}

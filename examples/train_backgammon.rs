//! Trains the backgammon bot's networks by TD(λ) self-play and writes
//! `assets/bot/backgammon.net` (or `--out`). Seeded: the same arguments give the same weights.
//!
//! Run: `cargo run --release --example train_backgammon -- [--games N] [--hidden H]
//! [--alpha A] [--alpha-end B] [--lambda L] [--seed S] [--from PATH] [--out PATH]
//! [--check-every K] [--check-pairs M]`.
//! Every K games it prints games a second and a duel at 0-ply against the hand-tuned
//! evaluator (M seeded pairs, dice shared), then saves the weights; `--games 0 --from PATH`
//! only measures a saved file that way.

use std::time::Instant;

use tabula::bot::backgammon::train::{Settings, Trainer, by_nets, duel};
use tabula::bot::backgammon::{Evaluator, Nets};

struct Args {
    games: u64,
    hidden: usize,
    alpha: f32,
    alpha_end: f32,
    lambda: f32,
    seed: u64,
    from: Option<String>,
    out: String,
    check_every: u64,
    check_pairs: u32,
}

fn args() -> Args {
    let mut a = Args {
        games: 200_000,
        hidden: 80,
        alpha: 0.1,
        alpha_end: 0.02,
        lambda: 0.7,
        seed: 1,
        from: None,
        out: "assets/bot/backgammon.net".into(),
        check_every: 10_000,
        check_pairs: 250,
    };
    let words: Vec<String> = std::env::args().skip(1).collect();
    for pair in words.chunks(2) {
        let value = pair.get(1).cloned().unwrap_or_default();
        let number = |what: &str| -> f64 {
            value
                .parse()
                .unwrap_or_else(|_| panic!("{what} takes a number"))
        };
        match pair[0].as_str() {
            "--games" => a.games = number("--games") as u64,
            "--hidden" => a.hidden = number("--hidden") as usize,
            "--alpha" => a.alpha = number("--alpha") as f32,
            "--alpha-end" => a.alpha_end = number("--alpha-end") as f32,
            "--lambda" => a.lambda = number("--lambda") as f32,
            "--seed" => a.seed = number("--seed") as u64,
            "--from" => a.from = Some(value),
            "--out" => a.out = value,
            "--check-every" => a.check_every = number("--check-every") as u64,
            "--check-pairs" => a.check_pairs = number("--check-pairs") as u32,
            other => panic!("unknown argument {other}"),
        }
    }
    a
}

fn main() {
    let a = args();
    let from = a.from.as_ref().map(|path| {
        let bytes = std::fs::read(path).expect("--from names a readable file");
        Nets::from_bytes(&bytes).expect("--from names a network file")
    });
    let settings = Settings {
        hidden: a.hidden,
        lambda: a.lambda,
        seed: a.seed,
    };
    let mut trainer = Trainer::new(settings, from);
    println!(
        "training: {} games, {} hidden units, alpha {} to {}, lambda {}, seed {}",
        a.games,
        trainer.nets.contact.hidden(),
        a.alpha,
        a.alpha_end,
        a.lambda,
        a.seed
    );
    if a.games == 0 {
        // Only the duel: `--games 0 --from PATH` measures a saved file.
        let ours = by_nets(&trainer.nets);
        let d = duel(&ours, Evaluator::Hand, a.check_pairs, 1_000_000);
        println!(
            "against the hand evaluator at 0-ply: wins {:.1}% of {}, {:+.3} points a game",
            100.0 * f64::from(d.wins) / f64::from(d.games),
            d.games,
            f64::from(d.points) / f64::from(d.games)
        );
        return;
    }
    let start = Instant::now();
    let mut plies = 0u64;
    for g in 1..=a.games {
        let done = (g - 1) as f32 / a.games as f32;
        let alpha = a.alpha + (a.alpha_end - a.alpha) * done;
        plies += trainer.game(alpha) as u64;
        if g % a.check_every == 0 || g == a.games {
            let secs = start.elapsed().as_secs_f64();
            let ours = by_nets(&trainer.nets);
            let d = duel(&ours, Evaluator::Hand, a.check_pairs, 1_000_000);
            println!(
                "{g} games ({:.0}/s, {:.1} plies a game, alpha {alpha:.3}): against the hand evaluator at 0-ply wins {:.1}% of {}, {:+.3} points a game",
                g as f64 / secs,
                plies as f64 / g as f64,
                100.0 * f64::from(d.wins) / f64::from(d.games),
                d.games,
                f64::from(d.points) / f64::from(d.games)
            );
            std::fs::write(&a.out, trainer.nets.to_bytes()).expect("--out is writable");
        }
    }
}

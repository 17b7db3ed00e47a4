//! Rates the chess levels in Elo against Stockfish's calibrated strength (`UCI_LimitStrength`
//! with `UCI_Elo`, calibrated by its authors at 60 s + 0.6 s a game against CCRL 40/4).
//!
//! Each level gets the budget the bot gets on Discord (2 s to start an iteration, 3 s to
//! answer), counted in positions searched at the speed this machine's CPU time gives, so the
//! result does not depend on what else the machine is doing. The opponent's rating follows a
//! staircase (up 100 after a won pair of games, down 100 after a lost pair) within Stockfish's
//! range, and the level's rating is the maximum-likelihood fit of the logistic Elo curve to
//! every game, with one standard error from the curve's information.

use std::time::Instant;

use rand::SeedableRng as _;
use rand::rngs::StdRng;
use tabula::bot::{Brain, Budget};
use tabula::rules::chess::ChessGame;
use tabula::rules::{Rules, Turn};

use super::{Stockfish, opening, play_out, tally};

/// Stockfish's lowest and highest `UCI_Elo`.
const FLOOR: u32 = 1350;
const CEILING: u32 = 2850;
/// How far the opponent's rating moves after a won or lost pair of games.
const STEP: u32 = 100;

/// What a run is asked to do.
pub struct Plan {
    pub games: usize,
    pub levels: Vec<usize>,
    /// The level's soft and hard seconds (the bot's own on Discord: 2 and 3).
    pub soft: f64,
    pub hard: f64,
    /// Positions a second on this machine's CPU, or `None` to measure them first.
    pub nps: Option<u64>,
    /// Stockfish's `go` command.
    pub go: String,
    /// The number of the first game (its seeds), so runs side by side play other openings.
    pub first: usize,
    /// The opponent's first rating, or `None` for the level's usual start.
    pub anchor: Option<u32>,
}

/// One game: the opponent's rating and the points the level scored.
struct Game {
    anchor: u32,
    points: f64,
}

/// Rates every level of the plan.
pub fn run(plan: &Plan) {
    let nps = plan.nps.unwrap_or_else(measure_nps);
    let soft = (plan.soft * nps as f64) as u64;
    let hard = (plan.hard * nps as f64) as u64;
    let mut sf = Stockfish::start();
    let name = sf.name();
    println!(
        "{nps} positions per CPU second: a move gets {soft} positions to start an iteration, \
         {hard} to answer ({} s and {} s); Stockfish: {name}, `{}`",
        plan.soft, plan.hard, plan.go
    );
    for &level in &plan.levels {
        let started = Instant::now();
        let mut anchor = plan.anchor.unwrap_or_else(|| first_anchor(level));
        let mut games = Vec::new();
        let (mut wins, mut draws, mut losses) = (0, 0, 0);
        for n in 0..plan.games {
            let seed = plan.first + n;
            let bot = n % 2;
            sf.limit_to(anchor);
            sf.send("ucinewgame");
            let mut rng = StdRng::seed_from_u64(3_000 + seed as u64);
            let white = play_out(opening(700 + (seed / 2) as u64), |game, seat| {
                if seat == bot {
                    let budget = Budget::node_counts(soft, hard);
                    game.choose(seat, level, &budget, &mut rng)
                        .expect("a move")
                        .r#move
                } else {
                    let text = sf.best(game, &plan.go);
                    game.parse(seat, &text)
                        .expect("stockfish plays legal moves")
                }
            });
            let points = if bot == 0 { white } else { 1.0 - white };
            tally(points, &mut wins, &mut draws, &mut losses);
            games.push(Game { anchor, points });
            println!("level {level} game {}: {points} against {anchor}", seed + 1);
            if n % 2 == 1 {
                println!("level {level} after {} games: {}", n + 1, estimate(&games));
                let pair: f64 = games[n - 1..=n].iter().map(|g| g.points).sum();
                anchor = if pair > 1.0 {
                    (anchor + STEP).min(CEILING)
                } else if pair < 1.0 {
                    anchor.saturating_sub(STEP).max(FLOOR)
                } else {
                    anchor
                };
            }
        }
        println!(
            "level {level}: {} (+{wins} ={draws} -{losses} over {} games against {name} at \
             UCI_Elo {}-{}, {:.0} s)",
            estimate(&games),
            games.len(),
            games.iter().map(|g| g.anchor).min().unwrap_or(FLOOR),
            games.iter().map(|g| g.anchor).max().unwrap_or(FLOOR),
            started.elapsed().as_secs_f64()
        );
    }
    sf.send("quit");
}

/// Where the staircase starts for a level: from the floor for the weaker levels, higher for
/// the searches that run until their time is up.
fn first_anchor(level: usize) -> u32 {
    match level {
        0..=3 => FLOOR,
        4 => 1_600,
        _ => 1_900,
    }
}

/// Words the maximum-likelihood rating of `games` with one standard error, or the bound the
/// games give when the level won or lost every one.
fn estimate(games: &[Game]) -> String {
    let points: f64 = games.iter().map(|g| g.points).sum();
    let lowest = games.iter().map(|g| g.anchor).min().unwrap_or(FLOOR);
    let highest = games.iter().map(|g| g.anchor).max().unwrap_or(CEILING);
    if points <= 0.0 {
        return format!("below {lowest} Elo");
    }
    if points >= games.len() as f64 {
        return format!("above {highest} Elo");
    }
    // The score falls as the rating falls, so the root of (score - expected) is bracketed.
    let surplus = |r: f64| -> f64 { games.iter().map(|g| g.points - expected(r, g.anchor)).sum() };
    let (mut low, mut high) = (0.0_f64, 4_000.0_f64);
    for _ in 0..60 {
        let mid = (low + high) / 2.0;
        if surplus(mid) > 0.0 {
            low = mid;
        } else {
            high = mid;
        }
    }
    let rating = (low + high) / 2.0;
    let information: f64 = games
        .iter()
        .map(|g| {
            let p = expected(rating, g.anchor);
            p * (1.0 - p)
        })
        .sum();
    let error = 400.0 / std::f64::consts::LN_10 / information.sqrt();
    format!("{rating:.0} ± {error:.0} Elo")
}

/// The expected score of a player rated `rating` against one rated `anchor`.
fn expected(rating: f64, anchor: u32) -> f64 {
    1.0 / (1.0 + 10f64.powf((anchor as f64 - rating) / 400.0))
}

/// Positions a CPU second the strongest level searches, measured on a few standard positions.
fn measure_nps() -> u64 {
    const FENS: [&str; 4] = [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ];
    const NODES: u64 = 1_500_000;
    let top = ChessGame::LEVELS.len();
    let before = cpu_seconds();
    let mut searched = 0;
    for (n, fen) in FENS.iter().enumerate() {
        let game = ChessGame::from_fen(fen).expect("a legal position");
        let Turn::Move(seat) = game.turn() else {
            continue;
        };
        let mut rng = StdRng::seed_from_u64(n as u64);
        game.choose(seat, top, &Budget::nodes(NODES), &mut rng)
            .expect("a move");
        searched += NODES;
    }
    let spent = cpu_seconds() - before;
    (searched as f64 / spent) as u64
}

/// The CPU time this process has used, in seconds (Linux: `/proc/self/stat`, 100 ticks a
/// second), so a speed measured on a busy machine is the speed of one of its cores.
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").expect("Linux's /proc");
    // The fields after the command name, which ends with the last ')'.
    let rest = &stat[stat.rfind(')').expect("a stat line") + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
    let ticks: u64 =
        fields[11].parse::<u64>().expect("utime") + fields[12].parse::<u64>().expect("stime");
    ticks as f64 / 100.0
}

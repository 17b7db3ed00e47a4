//! How strong each backgammon level is, against outside references:
//!
//! 1. GNU Backgammon's error rate: each level plays itself in money games (cube in play);
//!    the games are written in gnubg's .mat format, gnubg (`gnubg -t`) analyses them
//!    (`analyse match`, 2-ply by default) and its per-player statistics give the error rate
//!    per move in mEMG, for chequer play and overall (with cube decisions).
//! 2. Level against level (each against the one below and the first): win rates over seeded
//!    single games (no cube), seats alternating.
//!
//! Run: `cargo bench --bench strength_backgammon -- [--games N] [--plies P] [--pairs M]
//! [--nodes K] [--levels 1,2,3]`. Defaults: 100 games a level, 2-ply, 200 games a pair,
//! 100,000 nodes a decision. Without gnubg the first part is skipped.

use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;
use std::time::Instant;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tabula::bot::{Brain, Budget};
use tabula::rules::Rules;
use tabula::rules::backgammon::{BackgammonGame, BackgammonMove, BackgammonRules, Phase};

const GNUBG: &str = "/usr/games/gnubg";

struct Args {
    games: u64,
    plies: u32,
    pairs: u64,
    nodes: u64,
    levels: Vec<usize>,
}

fn args() -> Args {
    let mut a = Args {
        games: 100,
        plies: 2,
        pairs: 200,
        nodes: 100_000,
        levels: (1..=BackgammonGame::LEVELS.len()).collect(),
    };
    let words: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < words.len() {
        let value = words.get(i + 1).cloned().unwrap_or_default();
        match words[i].as_str() {
            "--games" => a.games = value.parse().expect("--games N"),
            "--plies" => a.plies = value.parse().expect("--plies P"),
            "--pairs" => a.pairs = value.parse().expect("--pairs M"),
            "--nodes" => a.nodes = value.parse().expect("--nodes K"),
            "--levels" => {
                a.levels = value
                    .split(',')
                    .map(|l| l.parse().expect("--levels 1,2,3"))
                    .collect()
            }
            // `cargo bench` passes --bench; anything else is ignored too.
            _ => {
                i += 1;
                continue;
            }
        }
        i += 2;
    }
    a
}

/// One half-turn of the record: a play, a pass, a double, a take or a drop.
struct Entry {
    seat: usize,
    text: String,
}

/// A finished game: its entries in order and who won how many points.
struct Record {
    entries: Vec<Entry>,
    winner: usize,
    points: u32,
}

/// Writes a play the way .mat files do: one `from/to` a checker step, `*` on a hit, 25 the bar, 0 off.
fn mat_play(game: &BackgammonGame, seat: usize, m: &BackgammonMove, dice: [u8; 2]) -> String {
    let (hi, lo) = (dice[0].max(dice[1]), dice[0].min(dice[1]));
    let mut text = format!("{hi}{lo}:");
    if let BackgammonMove::Play(steps) = m {
        let mut view = game.board().view(seat);
        for s in steps {
            let hit = view.step(s.from, s.to);
            let _ = write!(text, " {}/{}{}", s.from, s.to, if hit { "*" } else { "" });
        }
    }
    text
}

/// Plays one game with `levels[seat]` at each seat; returns its record.
fn play(rules: BackgammonRules, levels: [usize; 2], nodes: u64, seed: u64) -> Record {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = BackgammonGame::new(rules);
    let mut entries = Vec::new();
    loop {
        let dice = [rng.random_range(1..=6), rng.random_range(1..=6)];
        let budget = Budget::nodes(nodes);
        game = match game.phase() {
            Phase::Opening => game.roll(0, &dice).unwrap(),
            Phase::Roll { seat } => match game.choose(seat, levels[seat], &budget, &mut rng) {
                Some(pick) => {
                    let value = game.cube().value * 2;
                    entries.push(Entry {
                        seat,
                        text: format!(" Doubles => {value}"),
                    });
                    game.apply(seat, &pick.r#move).unwrap()
                }
                None => {
                    let next = game.roll(seat, &dice).unwrap();
                    if next.phase() == (Phase::Roll { seat: 1 - seat }) {
                        // No legal play: the turn passed.
                        entries.push(Entry {
                            seat,
                            text: mat_play(&game, seat, &BackgammonMove::Play(vec![]), dice),
                        });
                    }
                    next
                }
            },
            Phase::Move { seat, dice } => {
                let pick = game.choose(seat, levels[seat], &budget, &mut rng).unwrap();
                entries.push(Entry {
                    seat,
                    text: mat_play(&game, seat, &pick.r#move, dice),
                });
                game.apply(seat, &pick.r#move).unwrap()
            }
            Phase::Doubled { seat: by } => {
                let seat = 1 - by;
                let pick = game.choose(seat, levels[seat], &budget, &mut rng).unwrap();
                let text = match pick.r#move {
                    BackgammonMove::Take => " Takes",
                    _ => " Drops",
                };
                entries.push(Entry {
                    seat,
                    text: text.into(),
                });
                game.apply(seat, &pick.r#move).unwrap()
            }
            Phase::Over { .. } => {
                let last = game.games().last().unwrap();
                return Record {
                    entries,
                    winner: last.winner,
                    points: last.points,
                };
            }
        };
    }
}

/// Writes money games as a gnubg .mat session ("0 point match").
fn mat_file(records: &[Record]) -> String {
    let mut out = String::from("; [Site \"tabula strength benchmark\"]\n\n 0 point match\n\n");
    let mut score = [0u32; 2];
    for (n, r) in records.iter().enumerate() {
        let _ = writeln!(out, " Game {}", n + 1);
        let white = format!("White : {}", score[0]);
        let _ = writeln!(out, " {white:<30} Black : {}", score[1]);
        // The entries alternate seats; Black starting leaves the first left cell empty.
        let mut cells: Vec<String> = Vec::new();
        if r.entries.first().is_some_and(|e| e.seat == 1) {
            cells.push(String::new());
        }
        for e in &r.entries {
            cells.push(e.text.clone());
        }
        for (line, pair) in cells.chunks(2).enumerate() {
            let right = pair.get(1).cloned().unwrap_or_default();
            let _ = writeln!(out, "{:3}) {:<28}{}", line + 1, pair[0], right);
        }
        let s = if r.points == 1 { "" } else { "s" };
        let pad = if r.winner == 0 { 6 } else { 34 };
        let _ = writeln!(out, "{:pad$}Wins {} point{s}\n", "", r.points);
        score[r.winner] += r.points;
    }
    out
}

/// The per-move error rates gnubg reports for each player: chequer play, overall.
#[derive(Debug, Default)]
struct Rates {
    moves: [f64; 2],
    chequer: [f64; 2],
    overall: [f64; 2],
}

/// Runs gnubg's analysis on a .mat file and reads the statistics.
fn analyse(path: &Path, plies: u32) -> Option<Rates> {
    let commands = format!(
        "set analysis chequerplay evaluation plies {plies}\n\
         set analysis cubedecision evaluation plies {plies}\n\
         import mat {}\n\
         analyse match\n\
         show statistics match\n",
        path.display()
    );
    let out = Command::new(GNUBG)
        .args(["-t", "-q"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write as _;
            child.stdin.take().unwrap().write_all(commands.as_bytes())?;
            child.wait_with_output()
        })
        .ok()?;
    let text = String::from_utf8_lossy(&out.stdout);
    let numbers = |line: &str| -> Vec<f64> {
        line.split_whitespace()
            .filter_map(|w| w.trim_start_matches('+').parse::<f64>().ok())
            .collect()
    };
    let mut rates = Rates::default();
    let mut seen = 0;
    for line in text.lines() {
        if line.starts_with("Total moves") {
            let n = numbers(line);
            rates.moves = [n[0], n[1]];
        }
        if line.starts_with("Error rate mEMG") {
            let n = numbers(line);
            // "Error rate mEMG (Points)  -12.3 ( -0.012)  -10.0 ( -0.010)": only the rates parse.
            let pair = [n[0].abs(), n[1].abs()];
            match seen {
                0 => rates.chequer = pair,
                2 => rates.overall = pair,
                _ => {}
            }
            seen += 1;
        }
    }
    (seen >= 3).then_some(rates)
}

fn main() {
    let a = args();
    let gnubg = Path::new(GNUBG).exists();
    let dir = std::env::temp_dir().join("tabula-bg-strength");
    std::fs::create_dir_all(&dir).unwrap();
    println!(
        "backgammon strength: {} games a level (gnubg {}-ply), {} games a pair, {} nodes a decision",
        a.games, a.plies, a.pairs, a.nodes
    );
    if gnubg && a.games > 0 {
        for &level in &a.levels {
            let start = Instant::now();
            let records: Vec<Record> = (0..a.games)
                .map(|g| play(BackgammonRules::money(), [level, level], a.nodes, 7_000 + g))
                .collect();
            let played = start.elapsed();
            let path = dir.join(format!("level{level}.mat"));
            std::fs::write(&path, mat_file(&records)).unwrap();
            let start = Instant::now();
            match analyse(&path, a.plies) {
                Some(r) => {
                    let moves = r.moves[0] + r.moves[1];
                    let mean = |x: [f64; 2]| (x[0] * r.moves[0] + x[1] * r.moves[1]) / moves;
                    println!(
                        "level {level}: gnubg error rate {:.1} mEMG a move (chequer play {:.1}), {moves} moves; played in {:.0?}, analysed in {:.0?} ({})",
                        mean(r.overall),
                        mean(r.chequer),
                        played,
                        start.elapsed(),
                        path.display()
                    );
                }
                None => println!(
                    "level {level}: gnubg gave no statistics for {}",
                    path.display()
                ),
            }
        }
    } else if !gnubg {
        println!("SKIP gnubg analysis: {GNUBG} not installed");
    }
    for (i, &strong) in a.levels.iter().enumerate() {
        // Each level against the one below it and against the first.
        for (j, &weak) in a.levels[..i].iter().enumerate() {
            if a.pairs == 0 || (j + 1 != i && j != 0) {
                continue;
            }
            let start = Instant::now();
            let won = (0..a.pairs)
                .filter(|n| {
                    let seat = (n % 2) as usize;
                    let mut levels = [weak; 2];
                    levels[seat] = strong;
                    play(BackgammonRules::standard(), levels, a.nodes, 50_000 + n).winner == seat
                })
                .count();
            println!(
                "level {strong} against level {weak}: wins {won} of {} ({:.0}%) in {:.0?}",
                a.pairs,
                100.0 * won as f64 / a.pairs as f64,
                start.elapsed()
            );
        }
    }
}

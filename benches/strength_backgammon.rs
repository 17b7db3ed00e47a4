//! How strong each backgammon level is, against outside references:
//!
//! 1. GNU Backgammon's judgement: each level plays itself in money games (cube in play, no
//!    Jacoby, no beavers); the games are written in gnubg's .mat format and gnubg (`gnubg -t`)
//!    analyses them (`analyse match`, 2-ply by default): every unforced chequer play cubeless
//!    with gammons counted (the loss against gnubg's best play, in mEMG a move, and the plays
//!    losing 0.5 or more), and every close cube decision cubeful (gnubg's: doubling within 0.16
//!    of not doubling, and every double, take and drop), in mEMG per decision.
//! 2. Level against level (each against the one below and the first): win rates over seeded
//!    single games (no cube), seats alternating.
//!
//! Run: `cargo bench --bench strength_backgammon -- [--games N] [--plies P] [--pairs M]
//! [--nodes K] [--levels 1,2,3]`. Defaults: 100 games a level, 2-ply, 200 games a pair,
//! 100,000 nodes a decision. Without gnubg the first part is skipped.

use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

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
    /// The cube decisions (before a roll and answering a double): how many, how long in all,
    /// the longest.
    cube_calls: u32,
    cube_time: Duration,
    cube_longest: Duration,
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

/// Asks the bot at `level` whether `seat` doubles, timing the decision when it may double.
fn cube_choice(
    game: &BackgammonGame,
    seat: usize,
    level: usize,
    budget: &Budget,
    rng: &mut StdRng,
    timed: &mut impl FnMut(Instant),
) -> Option<tabula::bot::Pick<BackgammonMove>> {
    let start = Instant::now();
    let pick = game.choose(seat, level, budget, rng);
    if game.may_double(seat) {
        timed(start);
    }
    pick
}

/// Plays one game with `levels[seat]` at each seat; returns its record.
fn play(rules: BackgammonRules, levels: [usize; 2], nodes: u64, seed: u64) -> Record {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = BackgammonGame::new(rules);
    let mut entries = Vec::new();
    let (mut cube_calls, mut cube_time, mut cube_longest) = (0, Duration::ZERO, Duration::ZERO);
    let mut timed = |start: Instant| {
        let took = start.elapsed();
        cube_calls += 1;
        cube_time += took;
        cube_longest = cube_longest.max(took);
    };
    loop {
        let dice = [rng.random_range(1..=6), rng.random_range(1..=6)];
        let budget = Budget::nodes(nodes);
        game = match game.phase() {
            Phase::Opening => game.roll(0, &dice).unwrap(),
            Phase::Roll { seat } => {
                match cube_choice(&game, seat, levels[seat], &budget, &mut rng, &mut timed) {
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
                }
            }
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
                let start = Instant::now();
                let pick = game.choose(seat, levels[seat], &budget, &mut rng).unwrap();
                timed(start);
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
                    cube_calls,
                    cube_time,
                    cube_longest,
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

/// gnubg's judgement of one level's games.
#[derive(Debug, Default)]
struct Judged {
    /// Unforced chequer plays (more than one distinct play) and what they lost in all.
    plays: u64,
    play_loss: f64,
    /// Plays losing 0.5 or more: gnubg's position ID, the dice and the loss.
    big: Vec<String>,
    /// Close cube decisions (gnubg's: doubling within 0.16 of not doubling, or a double
    /// offered, taken or dropped) and what they lost in all.
    cube: u64,
    cube_loss: f64,
    cube_08: u64,
    cube_16: u64,
    /// The worst cube errors: position ID, the decision, the loss.
    cube_worst: Vec<(f64, String)>,
}

/// The gnubg script that analyses a .mat file and writes one line per judged decision.
const JUDGE: &str = r#"
import os
import gnubg

plies = os.environ['TABULA_BG_PLIES']
for c in ['set display off', 'set jacoby off', 'set beavers off',
          'set analysis chequerplay evaluation plies ' + plies,
          'set analysis chequerplay evaluation cubeful off',
          'set analysis cubedecision evaluation plies ' + plies]:
    gnubg.command(c)
gnubg.command('import mat ' + os.environ['TABULA_BG_MAT'])
gnubg.command('analyse match')
out = open(os.environ['TABULA_BG_OUT'], 'w')
for game in gnubg.match(analysis=True)['games']:
    records = game['game']
    for i, r in enumerate(records):
        a = r.get('analysis') or {}
        if 'nd-cubeful-eq' in a and 'dt-cubeful-eq' in a:
            nd, dt = a['nd-cubeful-eq'], a['dt-cubeful-eq']
            dbl = min(dt, 1.0)
            best = max(nd, dbl)
            doubled = r['action'] == 'double'
            if doubled or dbl - nd > -0.16:
                loss = best - (dbl if doubled else nd)
                out.write('cube %.5f %s %s\n' % (loss, r.get('board', '?'), 'double' if doubled else 'no-double'))
            if doubled and i + 1 < len(records) and records[i + 1]['action'] in ('take', 'drop'):
                took = records[i + 1]['action'] == 'take'
                loss = max(0.0, dt - 1.0) if took else max(0.0, 1.0 - dt)
                out.write('cube %.5f %s %s\n' % (loss, r.get('board', '?'), 'take' if took else 'pass'))
        moves = a.get('moves')
        if r['action'] == 'move' and moves and len(moves) > 1:
            loss = moves[0]['score'] - moves[a['imove']]['score']
            d = r['dice']
            out.write('play %.5f %s %d-%d\n' % (loss, r['board'], d[0], d[1]))
out.close()
"#;

/// Runs gnubg's analysis on a .mat file: chequer play cubeless with gammons counted, cube
/// decisions cubeful, both at `plies`.
fn judge(path: &Path, plies: u32) -> Option<Judged> {
    let dir = path.parent()?;
    let script = dir.join("judge.py");
    let answers = path.with_extension("judged");
    std::fs::write(&script, JUDGE).ok()?;
    let run = Command::new(GNUBG)
        .args(["-t", "-q", "-r", "-p"])
        .arg(&script)
        .env("TABULA_BG_MAT", path)
        .env("TABULA_BG_OUT", &answers)
        .env("TABULA_BG_PLIES", plies.to_string())
        .output()
        .ok()?;
    let Ok(text) = std::fs::read_to_string(&answers) else {
        eprintln!("gnubg: {}", String::from_utf8_lossy(&run.stderr));
        return None;
    };
    let mut j = Judged::default();
    for line in text.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        let (Some(kind), Some(loss)) = (words.first(), words.get(1)) else {
            continue;
        };
        let loss: f64 = loss.parse().ok()?;
        let rest = words[2..].join(" ");
        match *kind {
            "play" => {
                j.plays += 1;
                j.play_loss += loss;
                if loss >= 0.5 {
                    j.big.push(format!("{rest} ({loss:.3})"));
                }
            }
            "cube" => {
                j.cube += 1;
                j.cube_loss += loss;
                j.cube_08 += u64::from(loss >= 0.08);
                j.cube_16 += u64::from(loss >= 0.16);
                j.cube_worst.push((loss, rest));
            }
            _ => {}
        }
    }
    j.cube_worst.sort_by(|a, b| b.0.total_cmp(&a.0));
    j.cube_worst.truncate(5);
    Some(j)
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
            let calls: u32 = records.iter().map(|r| r.cube_calls).sum();
            let time: Duration = records.iter().map(|r| r.cube_time).sum();
            let longest = records
                .iter()
                .map(|r| r.cube_longest)
                .max()
                .unwrap_or_default();
            println!(
                "level {level}: {calls} cube decisions, {:.1?} each on average, {longest:.1?} at most",
                time / calls.max(1)
            );
            let path = dir.join(format!("level{level}.mat"));
            std::fs::write(&path, mat_file(&records)).unwrap();
            let start = Instant::now();
            match judge(&path, a.plies) {
                Some(j) => {
                    let per = |loss: f64, n: u64| 1000.0 * loss / n.max(1) as f64;
                    println!(
                        "level {level}: gnubg {}-ply, cubeless, gammons counted, {} games: {:.1} mEMG a move over {} unforced plays, {} plays losing >= 0.5; cube: {:.1} mEMG per close decision over {}, {} errors >= 0.08, {} >= 0.16; played in {:.0?}, analysed in {:.0?} ({})",
                        a.plies,
                        a.games,
                        per(j.play_loss, j.plays),
                        j.plays,
                        j.big.len(),
                        per(j.cube_loss, j.cube),
                        j.cube,
                        j.cube_08,
                        j.cube_16,
                        played,
                        start.elapsed(),
                        path.display()
                    );
                    for b in &j.big {
                        println!("  play losing >= 0.5: {b}");
                    }
                    for (loss, what) in j.cube_worst.iter().filter(|w| w.0 >= 0.08) {
                        println!("  cube error {loss:.3}: {what}");
                    }
                }
                None => println!(
                    "level {level}: gnubg gave no analysis for {}",
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

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
//! Run: `cargo bench --bench strength_backgammon -- [--games N] [--from F] [--plies P]
//! [--pairs M] [--nodes K] [--levels 1,2,3]`. Defaults: 100 games a level (games F+1 to F+N of
//! a fixed seeded series, so runs of different `--from` add up), 2-ply, 200 games a pair,
//! 100,000 nodes a decision. Without gnubg the first part is skipped.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tabula::bot::{Brain, Budget};
use tabula::rules::Rules;
use tabula::rules::backgammon::{
    BackgammonGame, BackgammonMove, BackgammonRules, MatEvent, Phase, write_mat,
};

const GNUBG: &str = "/usr/games/gnubg";

struct Args {
    games: u64,
    from: u64,
    plies: u32,
    pairs: u64,
    nodes: u64,
    levels: Vec<usize>,
}

fn args() -> Args {
    let mut a = Args {
        games: 100,
        from: 0,
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
            "--from" => a.from = value.parse().expect("--from F"),
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

/// One logged action: the dice a seat threw (the opening roll as seat 0), or a play or cube
/// action; the library's match-file writer replays them.
enum Event {
    Roll(usize, [u8; 2]),
    Move(usize, BackgammonMove),
}

/// A finished game: its events in order and who won.
struct Record {
    events: Vec<Event>,
    winner: usize,
    /// The cube decisions (before a roll and answering a double): how many, how long in all,
    /// the longest.
    cube_calls: u32,
    cube_time: Duration,
    cube_longest: Duration,
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
    let mut events = Vec::new();
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
            Phase::Opening => {
                events.push(Event::Roll(0, dice));
                game.roll(0, &dice).unwrap()
            }
            Phase::Roll { seat } => {
                match cube_choice(&game, seat, levels[seat], &budget, &mut rng, &mut timed) {
                    Some(pick) => {
                        let next = game.apply(seat, &pick.r#move).unwrap();
                        events.push(Event::Move(seat, pick.r#move));
                        next
                    }
                    None => {
                        events.push(Event::Roll(seat, dice));
                        game.roll(seat, &dice).unwrap()
                    }
                }
            }
            Phase::Move { seat, .. } => {
                let pick = game.choose(seat, levels[seat], &budget, &mut rng).unwrap();
                let next = game.apply(seat, &pick.r#move).unwrap();
                events.push(Event::Move(seat, pick.r#move));
                next
            }
            Phase::Doubled { seat: by } => {
                let seat = 1 - by;
                let start = Instant::now();
                let pick = game.choose(seat, levels[seat], &budget, &mut rng).unwrap();
                timed(start);
                let next = game.apply(seat, &pick.r#move).unwrap();
                events.push(Event::Move(seat, pick.r#move));
                next
            }
            Phase::Over { .. } => {
                let last = game.games().last().unwrap();
                return Record {
                    events,
                    winner: last.winner,
                    cube_calls,
                    cube_time,
                    cube_longest,
                };
            }
        };
    }
}

/// Writes one game as a .mat file by the library's writer (the one `/export` uses, held to
/// gnubg's importer by the tests), replaying its events from a new game under `rules`.
fn mat_file(rules: BackgammonRules, record: &Record) -> String {
    let events: Vec<MatEvent<'_>> = record
        .events
        .iter()
        .map(|e| match e {
            Event::Roll(seat, dice) => MatEvent::Roll {
                seat: *seat,
                dice: dice.as_slice(),
            },
            Event::Move(seat, m) => MatEvent::Move {
                seat: *seat,
                r#move: m,
            },
        })
        .collect();
    let site = [("Site", "tabula strength benchmark")];
    write_mat(
        &BackgammonGame::new(rules),
        ["White", "Black"],
        &site,
        &events,
    )
    .expect("the game's own events replay")
}

/// gnubg's judgement of one level's games.
#[derive(Debug, Default)]
struct Judged {
    /// The games gnubg read and analysed (one a file).
    games: u64,
    /// Plays gnubg analysed without listing the play made (none is expected).
    unjudged: u64,
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

/// The gnubg script that analyses .mat files (one game each) and writes one line per judged decision.
const JUDGE: &str = r#"
import os
import gnubg

plies = os.environ['TABULA_BG_PLIES']
for c in ['set display off', 'set jacoby off', 'set beavers off',
          'set analysis chequerplay evaluation plies ' + plies,
          'set analysis chequerplay evaluation cubeful off',
          'set analysis cubedecision evaluation plies ' + plies]:
    gnubg.command(c)
out = open(os.environ['TABULA_BG_OUT'], 'w')
for path in os.environ['TABULA_BG_MATS'].split(os.pathsep):
  gnubg.command('import mat ' + path)
  gnubg.command('analyse match')
  for game in gnubg.match(analysis=True)['games']:
      out.write('game\n')
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
              if a.get('imove', len(moves)) >= len(moves):
                  out.write('unjudged\n')
                  continue
              loss = moves[0]['score'] - moves[a['imove']]['score']
              d = r['dice']
              out.write('play %.5f %s %d-%d\n' % (loss, r['board'], d[0], d[1]))
out.close()
"#;

/// Runs gnubg's analysis on .mat files in `dir` (`name` the judged answers): chequer play
/// cubeless with gammons counted, cube decisions cubeful, both at `plies`.
fn judge(dir: &Path, name: &str, paths: &[PathBuf], plies: u32) -> Option<Judged> {
    let script = dir.join("judge.py");
    let answers = dir.join(format!("{name}.judged"));
    std::fs::write(&script, JUDGE).ok()?;
    let mats = std::env::join_paths(paths).ok()?;
    let run = Command::new(GNUBG)
        .args(["-t", "-q", "-r", "-p"])
        .arg(&script)
        .env("TABULA_BG_MATS", mats)
        .env("TABULA_BG_OUT", &answers)
        .env("TABULA_BG_PLIES", plies.to_string())
        .output()
        .ok()?;
    let stderr = String::from_utf8_lossy(&run.stderr);
    if stderr.contains("Traceback") {
        // A script that dies midway leaves the answers so far: say so, never judge on part.
        eprintln!("gnubg's script failed: {stderr}");
        return None;
    }
    let Ok(text) = std::fs::read_to_string(&answers) else {
        eprintln!("gnubg: {stderr}");
        return None;
    };
    let mut j = Judged::default();
    for line in text.lines() {
        match line {
            "game" => j.games += 1,
            "unjudged" => j.unjudged += 1,
            _ => {}
        }
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
            let records: Vec<Record> = (a.from..a.from + a.games)
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
            let name = format!("level{level}");
            let paths: Vec<PathBuf> = records
                .iter()
                .enumerate()
                .map(|(n, r)| {
                    let path = dir.join(format!("{name}-game{:03}.mat", a.from + n as u64 + 1));
                    std::fs::write(&path, mat_file(BackgammonRules::money(), r)).unwrap();
                    path
                })
                .collect();
            let start = Instant::now();
            match judge(&dir, &name, &paths, a.plies) {
                Some(j) => {
                    let per = |loss: f64, n: u64| 1000.0 * loss / n.max(1) as f64;
                    println!(
                        "level {level}: gnubg {}-ply, cubeless, gammons counted, {} of {} games analysed: {:.1} mEMG a move over {} unforced plays, {} plays losing >= 0.5, {} unjudged; cube: {:.1} mEMG per close decision over {}, {} errors >= 0.08, {} >= 0.16; played in {:.0?}, analysed in {:.0?} ({})",
                        a.plies,
                        j.games,
                        a.games,
                        per(j.play_loss, j.plays),
                        j.plays,
                        j.big.len(),
                        j.unjudged,
                        per(j.cube_loss, j.cube),
                        j.cube,
                        j.cube_08,
                        j.cube_16,
                        played,
                        start.elapsed(),
                        dir.display()
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
                    dir.display()
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

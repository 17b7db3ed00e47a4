//! How strong the chess bot is, measured against outside references (run in release):
//!
//! - `cargo bench --bench strength_chess -- wac [--ms 1000] [--level 5] [--epd FILE]`: the Win
//!   at Chess positions (default `/work/shared/data/wac.epd`), solved when the bot's move is
//!   one of the `bm` moves, each searched for `ms` milliseconds (or `--nodes N` positions;
//!   `WAC_VERBOSE=1` prints every answer).
//! - `cargo bench --bench strength_chess -- stockfish [--games 100] [--ms 200] [--level 5]`:
//!   a match against Stockfish at `Skill Level 0` (`go movetime 50 depth 5`), from seeded
//!   random four-ply openings, each played with both colours. Stockfish is the program named
//!   by `TABULA_STOCKFISH` (default `/usr/games/stockfish`).
//! - `cargo bench --bench strength_chess -- levels [--games 20] [--ms 500] [--from 2]`: each
//!   level against the one below from the same kind of openings (`ms` is the soft budget of a
//!   move; the levels below the top hold to their own node limits within it).
//!
//! - `cargo bench --bench strength_chess -- elo [--games 20] [--level N] [--nps N]
//!   [--sf-ms 1000] [--first N] [--anchor ELO]`: each level (or level N) rated in Elo against Stockfish's calibrated
//!   `UCI_Elo`, the level held to the bot's own 2 s / 3 s a move counted in positions at this
//!   machine's speed per CPU second (measured first unless `--nps` gives it); see [`elo`].
//!
//! Games that reach 300 plies are scored as draws.

#[path = "chess/elo.rs"]
mod elo;

use std::io::{BufRead as _, BufReader, Write as _};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{Rng as _, SeedableRng as _};
use tabula::bot::{Brain, Budget};
use tabula::rules::chess::ChessGame;
use tabula::rules::{Outcome, Rules, Turn};

/// The longest game played before it is scored a draw.
const MAX_PLIES: usize = 300;

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let flag = |name: &str, default: u64| -> u64 {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let top = ChessGame::LEVELS.len();
    match args.first().map(String::as_str) {
        Some("wac") => {
            let epd = args
                .iter()
                .position(|a| a == "--epd")
                .and_then(|i| args.get(i + 1).cloned())
                .unwrap_or_else(|| "/work/shared/data/wac.epd".into());
            let level = flag("--level", top as u64) as usize;
            wac(&epd, flag("--ms", 1000), flag("--nodes", 0), level);
        }
        Some("stockfish") => stockfish(
            flag("--games", 100) as usize,
            flag("--ms", 200),
            flag("--level", top as u64) as usize,
        ),
        Some("levels") => levels(
            flag("--games", 20) as usize,
            flag("--ms", 500),
            flag("--from", 2) as usize,
        ),
        Some("elo") => {
            let level = flag("--level", 0) as usize;
            elo::run(&elo::Plan {
                games: flag("--games", 20) as usize,
                levels: if level == 0 {
                    (2..=top).collect()
                } else {
                    vec![level]
                },
                soft: 2.0,
                hard: 3.0,
                nps: Some(flag("--nps", 0)).filter(|&n| n > 0),
                go: format!("go movetime {}", flag("--sf-ms", 1000)),
                first: flag("--first", 0) as usize,
                anchor: Some(flag("--anchor", 0) as u32).filter(|&a| a > 0),
            });
        }
        _ => eprintln!("usage: strength_chess wac|stockfish|levels|elo [options] (see the source)"),
    }
}

/// Runs the bot on every EPD position and counts the `bm` moves found.
fn wac(path: &str, ms: u64, nodes: u64, level: usize) {
    let text = std::fs::read_to_string(path).expect("the EPD file");
    let mut solved = 0;
    let mut total = 0;
    let mut missed = Vec::new();
    let started = Instant::now();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let fen = format!("{} 0 1", fields[..4].join(" "));
        let Some(bm) = operation(line, "bm") else {
            continue;
        };
        let id = operation(line, "id").unwrap_or_default();
        let game = ChessGame::from_fen(&fen).expect("a legal position");
        let seat = game.seat_to_move();
        let budget = if nodes > 0 {
            Budget::nodes(nodes)
        } else {
            Budget::timed(Duration::from_millis(ms), Duration::from_millis(ms))
        };
        let mut rng = StdRng::seed_from_u64(total);
        let pick = game.choose(seat, level, &budget, &mut rng).expect("a move");
        let played = bare(&game.format(&pick.r#move));
        total += 1;
        if bm.split_whitespace().any(|b| bare(b) == played) {
            solved += 1;
        } else {
            missed.push(format!("{id}: played {played} ({}), best {bm}", pick.why));
        }
        if std::env::var_os("WAC_VERBOSE").is_some() {
            println!("{id}: played {played} ({}), best {bm}", pick.why);
        }
    }
    for m in &missed {
        println!("missed {m}");
    }
    let limit = if nodes > 0 {
        format!("{nodes} nodes")
    } else {
        format!("{ms} ms")
    };
    println!(
        "WAC at level {level}, {limit} a position: {solved}/{total} solved in {:.0} s",
        started.elapsed().as_secs_f64()
    );
}

/// Returns the operand of an EPD operation, e.g. the moves of `bm`.
fn operation(line: &str, op: &str) -> Option<String> {
    line.split(';').find_map(|part| {
        let part = part.trim();
        let rest = part.strip_prefix(op)?.strip_prefix(' ')?;
        Some(rest.trim().trim_matches('"').to_string())
    })
}

/// Returns SAN without check marks.
fn bare(san: &str) -> String {
    san.trim_end_matches(['+', '#', '!', '?']).to_string()
}

/// Returns a game after four random plies, seeded.
fn opening(seed: u64) -> ChessGame {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = ChessGame::new();
    for _ in 0..4 {
        let seat = game.seat_to_move();
        let moves = game.legal(seat);
        let m = &moves[rng.random_range(0..moves.len())];
        game = game.apply(seat, m).expect("a legal move");
    }
    game
}

/// The points White scores: 1, ½ or 0.
fn white_points(outcome: Option<Outcome>) -> f64 {
    match outcome {
        Some(Outcome::Win { winner: 0, .. }) => 1.0,
        Some(Outcome::Win { .. }) => 0.0,
        _ => 0.5,
    }
}

/// Plays a game on from `game`, each seat asked for its move by `play`; returns White's points.
fn play_out(
    mut game: ChessGame,
    mut play: impl FnMut(&ChessGame, usize) -> shakmaty::uci::UciMove,
) -> f64 {
    for _ in 0..MAX_PLIES {
        let seat = match game.turn() {
            Turn::Move(seat) => seat,
            _ => break,
        };
        let m = play(&game, seat);
        game = game.apply(seat, &m).expect("a legal move");
    }
    white_points(game.outcome())
}

/// Counts a game's points as a win, a draw or a loss.
fn tally(points: f64, wins: &mut u32, draws: &mut u32, losses: &mut u32) {
    if points > 0.75 {
        *wins += 1;
    } else if points < 0.25 {
        *losses += 1;
    } else {
        *draws += 1;
    }
}

/// Plays each level against the level below.
fn levels(games: usize, ms: u64, from: usize) {
    let top = ChessGame::LEVELS.len();
    for level in from.max(2)..=top {
        let started = Instant::now();
        let mut points = 0.0;
        let (mut wins, mut draws, mut losses) = (0, 0, 0);
        for n in 0..games {
            let strong = n % 2;
            let mut rng = StdRng::seed_from_u64(1_000 + n as u64);
            let p = play_out(opening((n / 2) as u64), |game, seat| {
                let at = if seat == strong { level } else { level - 1 };
                let budget =
                    Budget::timed(Duration::from_millis(ms), Duration::from_millis(ms * 3 / 2));
                game.choose(seat, at, &budget, &mut rng)
                    .expect("a move")
                    .r#move
            });
            let ours = if strong == 0 { p } else { 1.0 - p };
            points += ours;
            tally(ours, &mut wins, &mut draws, &mut losses);
        }
        println!(
            "level {level} against level {}: {:.1}% (+{wins} ={draws} -{losses}) over {games} games, {ms} ms soft, {:.0} s",
            level - 1,
            100.0 * points / games as f64,
            started.elapsed().as_secs_f64()
        );
    }
}

/// A Stockfish process spoken to over UCI.
struct Stockfish {
    _child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Stockfish {
    fn start() -> Stockfish {
        let path =
            std::env::var("TABULA_STOCKFISH").unwrap_or_else(|_| "/usr/games/stockfish".into());
        let mut child = Command::new(&path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {path}: {e}"));
        let input = child.stdin.take().expect("stdin");
        let output = BufReader::new(child.stdout.take().expect("stdout"));
        let mut sf = Stockfish {
            _child: child,
            input,
            output,
        };
        sf.send("uci");
        sf.wait_for("uciok");
        sf.send("setoption name Threads value 1");
        sf.send("setoption name Hash value 16");
        sf.ready();
        sf
    }

    /// Waits until Stockfish has taken every command sent so far.
    fn ready(&mut self) {
        self.send("isready");
        self.wait_for("readyok");
    }

    /// Plays at `Skill Level 0` from now on.
    fn skill_zero(&mut self) {
        self.send("setoption name Skill Level value 0");
        self.ready();
    }

    /// Plays at the calibrated rating `elo` from now on (`UCI_LimitStrength`).
    fn limit_to(&mut self, elo: u32) {
        self.send("setoption name UCI_LimitStrength value true");
        self.send(&format!("setoption name UCI_Elo value {elo}"));
        self.ready();
    }

    /// Returns Stockfish's version line, e.g. `Stockfish 15.1`.
    fn name(&mut self) -> String {
        self.send("uci");
        let line = self.wait_for("id name");
        self.wait_for("uciok");
        line.trim_start_matches("id name").trim().to_string()
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").expect("stockfish is running");
    }

    fn wait_for(&mut self, prefix: &str) -> String {
        let mut line = String::new();
        loop {
            line.clear();
            if self.output.read_line(&mut line).expect("stockfish output") == 0 {
                panic!("stockfish quit");
            }
            if line.starts_with(prefix) {
                return line.trim().to_string();
            }
        }
    }

    fn best(&mut self, game: &ChessGame, go: &str) -> String {
        let moves: Vec<String> = game
            .moves()
            .iter()
            .map(|m| shakmaty::uci::UciMove::from_standard(*m).to_string())
            .collect();
        self.send(&format!("position startpos moves {}", moves.join(" ")));
        self.send(go);
        let line = self.wait_for("bestmove");
        line.split_whitespace().nth(1).expect("a move").to_string()
    }
}

/// Plays the bot at `level` against Stockfish at skill level 0.
fn stockfish(games: usize, ms: u64, level: usize) {
    let mut sf = Stockfish::start();
    sf.skill_zero();
    let started = Instant::now();
    let mut points = 0.0;
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    for n in 0..games {
        let bot = n % 2;
        sf.send("ucinewgame");
        let mut rng = StdRng::seed_from_u64(2_000 + n as u64);
        let p = play_out(opening(500 + (n / 2) as u64), |game, seat| {
            if seat == bot {
                let budget =
                    Budget::timed(Duration::from_millis(ms), Duration::from_millis(ms * 3 / 2));
                game.choose(seat, level, &budget, &mut rng)
                    .expect("a move")
                    .r#move
            } else {
                let text = sf.best(game, "go movetime 50 depth 5");
                game.parse(seat, &text)
                    .expect("stockfish plays legal moves")
            }
        });
        let ours = if bot == 0 { p } else { 1.0 - p };
        points += ours;
        tally(ours, &mut wins, &mut draws, &mut losses);
        println!("game {}: {ours} (running {points}/{})", n + 1, n + 1);
    }
    println!(
        "level {level} ({ms} ms soft) against Stockfish skill 0 (movetime 50, depth 5): {:.1}% (+{wins} ={draws} -{losses}) over {games} games, {:.0} s",
        100.0 * points / games as f64,
        started.elapsed().as_secs_f64()
    );
    sf.send("quit");
}

//! The strength of the checkers, Chinese checkers and Snakes & Ladders bots against the
//! targets of issue 17, in seeded games with node budgets (so every run is repeatable).
//!
//! Run with `cargo bench --bench strength_games -- [checkers|chinese|snakes|all] [GAMES]`
//! (`checkers-random`, `checkers-ladder`, `chinese-alone`, `chinese-duel`, `chinese-six` and
//! `chinese-spoil` run the parts of a game's measures apart):
//! - checkers: each level against random, and each level against the level below, GAMES
//!   games each (default 200), colours alternating, the three rulesets in turn (between two
//!   searching levels, which play alike every time, the first four plies are random);
//! - chinese: solitaire on the 10-peg board (one player moves, the other's pegs parked in a
//!   side corner), GAMES/4 runs per level; the top level against greedy in GAMES two-player
//!   10-peg games; GAMES six-bot 10-peg games, which must all finish; the top level against
//!   random, a spoiler keeping every peg it can at home and a spoiler keeping its tip peg at
//!   home, GAMES two-player games each per board and seat (`chinese-spoil` only);
//! - snakes: the expectation level against random in 500 GAMES two-player `two-dice-95` games.

use std::time::Instant;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tabula::bot::{Brain, Budget};
use tabula::rules::checkers::CheckersGame;
use tabula::rules::chinese_checkers::{ChineseCheckersGame, ChineseMove, Size};
use tabula::rules::snakes::SnakesGame;
use tabula::rules::{Outcome, Rules, Seat, Turn};

/// Nodes a checkers search may visit per move.
const CHECKERS_NODES: u64 = 20_000;
/// Plies played at random before two searching checkers levels take over.
const OPENING: usize = 4;
/// Nodes a Chinese checkers bot may search per move: more root moves than the lookahead level
/// ever weighs, and the planner's whole beam (96 boards a move, 40 moves deep).
const CHINESE_NODES: u64 = 10_000;
/// Nodes per move in the six-bot games (a planner node is a board it expands): a shorter
/// plan, so that 200 games fit in minutes.
const SIX_NODES: u64 = 400;
/// Moves after which a solitaire run counts as stuck.
const SOLITAIRE_LIMIT: usize = 200;

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let what = args.first().map(String::as_str).unwrap_or("all");
    let games: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(200);
    if matches!(what, "checkers" | "all") {
        checkers(games, true, true);
    }
    // The two halves of the checkers run apart, when time is short.
    if what == "checkers-random" {
        checkers(games, true, false);
    }
    if what == "checkers-ladder" {
        checkers(games, false, true);
    }
    if matches!(what, "chinese" | "all" | "chinese-alone") {
        chinese_alone(games);
    }
    if matches!(what, "chinese" | "all" | "chinese-duel") {
        chinese_duel(games);
    }
    if matches!(what, "chinese" | "all" | "chinese-six") {
        chinese_six(games);
    }
    if what == "chinese-spoil" {
        chinese_spoil(games);
    }
    if matches!(what, "snakes" | "all") {
        snakes(games * 500);
    }
}

/// Tallies a match from one side's point of view.
#[derive(Default)]
struct Tally {
    won: usize,
    drawn: usize,
    lost: usize,
}

impl Tally {
    fn add(&mut self, outcome: Option<Outcome>, seat: Seat) {
        match outcome {
            Some(Outcome::Win { winner, .. }) if winner == seat => self.won += 1,
            Some(Outcome::Win { .. }) => self.lost += 1,
            _ => self.drawn += 1,
        }
    }

    fn line(&self) -> String {
        let games = self.won + self.drawn + self.lost;
        format!(
            "won {} drawn {} lost {} of {games}: {:.1}%",
            self.won,
            self.drawn,
            self.lost,
            100.0 * self.won as f64 / games.max(1) as f64
        )
    }
}

/// Plays a two-player game of any brain, `levels[seat]` in each seat, until it ends or
/// `limit` moves are played; returns the outcome (`None` when cut off) and the moves made
/// (for a dice game, the choices made before rolling).
fn duel<G: Brain>(
    game: G,
    levels: [usize; 2],
    nodes: u64,
    seed: u64,
    limit: usize,
) -> (Option<Outcome>, usize) {
    duel_from(game, levels, nodes, seed, limit, 0)
}

/// As [`duel`], the first `opening` moves played at random (so deterministic levels meet in
/// varied positions).
fn duel_from<G: Brain>(
    mut game: G,
    levels: [usize; 2],
    nodes: u64,
    seed: u64,
    limit: usize,
    opening: usize,
) -> (Option<Outcome>, usize) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut moves = 0;
    while moves < limit {
        let seat = match game.turn() {
            Turn::Over(outcome) => return (Some(outcome), moves),
            Turn::Move(seat) => seat,
            Turn::Roll(seat) => seat,
        };
        let level = if moves < opening { 1 } else { levels[seat] };
        let pick = game.choose(seat, level, &Budget::nodes(nodes), &mut rng);
        game = match (game.turn(), pick) {
            (Turn::Roll(_), pick) => {
                let game = match pick {
                    Some(p) => {
                        moves += 1;
                        game.apply(seat, &p.r#move).expect("a legal move")
                    }
                    None => game,
                };
                let count = game.dice().map_or(1, |d| d.count);
                let dice: Vec<u8> = (0..count).map(|_| rng.random_range(1..=6)).collect();
                game.roll(seat, &dice).expect("a roll in turn")
            }
            (_, Some(p)) => {
                moves += 1;
                game.apply(seat, &p.r#move).expect("a legal move")
            }
            (_, None) => panic!("no move while the game waits for one"),
        };
    }
    (None, moves)
}

fn checkers(games: usize, random: bool, ladder: bool) {
    let top = CheckersGame::LEVELS.len();
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    if random {
        pairs.extend((2..=top).map(|l| (l, 1)));
    }
    if ladder {
        pairs.extend((3..=top).map(|l| (l, l - 1)));
    }
    for (level, other) in pairs {
        let started = Instant::now();
        let mut tally = Tally::default();
        for g in 0..games {
            let ruleset = ["forced", "huff-000", "huff-004"][g % 3];
            let seat = g % 2;
            let mut levels = [other; 2];
            levels[seat] = level;
            let game = CheckersGame::new(ruleset, 2).expect("a ruleset");
            // Between two searching levels, four random plies first vary the games.
            let opening = if other > 1 { OPENING } else { 0 };
            let (outcome, _) = duel_from(game, levels, CHECKERS_NODES, g as u64, 10_000, opening);
            tally.add(outcome, seat);
        }
        println!(
            "checkers: level {level} against level {other}: {} ({CHECKERS_NODES} nodes a move, {:.0} s)",
            tally.line(),
            started.elapsed().as_secs_f64()
        );
    }
}

fn chinese_alone(games: usize) {
    let top = ChineseCheckersGame::LEVELS.len();
    for level in 2..=top {
        let started = Instant::now();
        let runs = (games / 4).max(1);
        let counts: Vec<usize> = (0..runs).map(|r| solitaire(level, r as u64)).collect();
        let mean = counts.iter().sum::<usize>() as f64 / runs as f64;
        println!(
            "chinese: level {level} alone on the 10-peg board brings its pegs across in {mean:.1} moves on average over {runs} runs (min {}, max {}; {:.0} s)",
            counts.iter().min().unwrap_or(&0),
            counts.iter().max().unwrap_or(&0),
            started.elapsed().as_secs_f64()
        );
    }
}

fn chinese_duel(games: usize) {
    let top = ChineseCheckersGame::LEVELS.len();
    let started = Instant::now();
    let mut tally = Tally::default();
    for g in 0..games {
        let seat = g % 2;
        let mut levels = [2; 2];
        levels[seat] = top;
        let game = ChineseCheckersGame::new("10-peg", 2).expect("a ruleset");
        let (outcome, _) = duel(game, levels, CHINESE_NODES, g as u64, 20_000);
        tally.add(outcome, seat);
    }
    println!(
        "chinese: level {top} against greedy, two-player 10-peg: {} ({:.0} s)",
        tally.line(),
        started.elapsed().as_secs_f64()
    );
}

fn chinese_six(games: usize) {
    let top = ChineseCheckersGame::LEVELS.len();
    let started = Instant::now();
    let (mut won, mut drawn, mut moves) = (0, 0, 0);
    for g in 0..games {
        let (outcome, n) = six_bots(top, g as u64);
        match outcome {
            Some(Outcome::Win { .. }) => won += 1,
            Some(Outcome::Draw { .. }) => drawn += 1,
            None => panic!("six-bot game {g} did not finish in {n} moves"),
        }
        moves += n;
    }
    println!(
        "chinese: {games} six-bot 10-peg games at level {top} ({SIX_NODES} nodes a move) all finish: {won} won, {drawn} drawn, {:.0} moves on average ({:.0} s)",
        moves as f64 / games.max(1) as f64,
        started.elapsed().as_secs_f64()
    );
}

/// How a Chinese checkers opponent chooses in [`chinese_spoil`].
#[derive(Clone, Copy, Debug)]
enum Foe {
    /// Any legal move, uniformly.
    Random,
    /// Never takes a peg out of its starting corner while another move exists.
    KeepAll,
    /// Keeps the peg on its corner's far tip at home; otherwise the move nearest its target.
    KeepTip,
}

/// Plays the opponent's move in a spoiling match.
fn foe_move(game: &ChineseCheckersGame, seat: Seat, foe: Foe, rng: &mut StdRng) -> ChineseMove {
    let star = game.star();
    let home = game.home(seat);
    let tip = star.tips[usize::from(home)];
    let moves = game.legal(seat);
    let leaves = |m: &ChineseMove| {
        star.corner[usize::from(m.from())] == Some(home)
            && star.corner[usize::from(m.to())] != Some(home)
    };
    let kept: Vec<&ChineseMove> = match foe {
        Foe::Random => moves.iter().collect(),
        Foe::KeepAll => moves.iter().filter(|m| !leaves(m)).collect(),
        Foe::KeepTip => moves.iter().filter(|m| m.from() != tip).collect(),
    };
    let pool: Vec<&ChineseMove> = if kept.is_empty() {
        moves.iter().collect()
    } else {
        kept
    };
    let pick = match foe {
        Foe::Random | Foe::KeepAll => pool[rng.random_range(0..pool.len())],
        Foe::KeepTip => {
            let after =
                |m: &ChineseMove| game.apply(seat, m).map_or(u32::MAX, |g| g.distance(seat));
            let best = pool.iter().map(|m| after(m)).min().unwrap_or(u32::MAX);
            let near: Vec<&ChineseMove> = pool.into_iter().filter(|m| after(m) == best).collect();
            near[rng.random_range(0..near.len())]
        }
    };
    pick.clone()
}

/// The top level against random and two spoilers, both boards, both seats.
fn chinese_spoil(games: usize) {
    let top = ChineseCheckersGame::LEVELS.len();
    for size in [Size::Six, Size::Ten] {
        let ruleset = match size {
            Size::Six => "6-peg",
            Size::Ten => "10-peg",
        };
        for foe in [Foe::Random, Foe::KeepAll, Foe::KeepTip] {
            for seat in 0..2 {
                let started = Instant::now();
                let mut tally = Tally::default();
                let mut moves = 0;
                for g in 0..games {
                    let seed = (g as u64) << 8 | (seat as u64) << 4 | foe as u64;
                    let (outcome, n) = spoil_game(ruleset, top, seat, foe, seed);
                    tally.add(outcome, seat);
                    moves += n;
                }
                println!(
                    "chinese: level {top} as seat {} against {foe:?}, two-player {ruleset}: {} ({:.0} moves a game, {CHINESE_NODES} nodes a move, {:.0} s)",
                    seat + 1,
                    tally.line(),
                    moves as f64 / games.max(1) as f64,
                    started.elapsed().as_secs_f64()
                );
            }
        }
    }
}

/// Plays one two-player game of the bot at `level` in `seat` against `foe`.
fn spoil_game(
    ruleset: &str,
    level: usize,
    seat: Seat,
    foe: Foe,
    seed: u64,
) -> (Option<Outcome>, usize) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = ChineseCheckersGame::new(ruleset, 2).expect("a ruleset");
    let mut moves = 0;
    while let Turn::Move(s) = game.turn() {
        let m = if s == seat {
            game.choose(s, level, &Budget::nodes(CHINESE_NODES), &mut rng)
                .expect("a move")
                .r#move
        } else {
            foe_move(&game, s, foe, &mut rng)
        };
        game = game.apply(s, &m).expect("a legal move");
        moves += 1;
    }
    (game.outcome(), moves)
}

/// Plays a six-player 10-peg game with the bot at `level` in every seat.
fn six_bots(level: usize, seed: u64) -> (Option<Outcome>, usize) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = ChineseCheckersGame::new("10-peg", 6).expect("a ruleset");
    let mut moves = 0;
    while let Turn::Move(seat) = game.turn() {
        let pick = game
            .choose(seat, level, &Budget::nodes(SIX_NODES), &mut rng)
            .expect("a move");
        game = game.apply(seat, &pick.r#move).expect("a legal move");
        moves += 1;
        if moves > 100_000 {
            return (None, moves);
        }
    }
    (game.outcome(), moves)
}

/// Moves Red's ten pegs across the 10-peg board alone; returns how many moves it took.
///
/// Red (seat 0) starts in corner 3 and targets corner 0; Green's pegs wait in side corner 1,
/// and the board is handed back to Red before each move, so only Red ever moves.
fn solitaire(level: usize, seed: u64) -> usize {
    let mut rng = StdRng::seed_from_u64(seed);
    let start = ChineseCheckersGame::new("10-peg", 2).expect("a ruleset");
    let star = start.star();
    let mut red: Vec<bool> = (0..star.len()).map(|h| star.corner[h] == Some(3)).collect();
    let green: Vec<bool> = (0..star.len()).map(|h| star.corner[h] == Some(1)).collect();
    for moves in 1..=SOLITAIRE_LIMIT {
        let game = red_to_move(&red, &green);
        let pick: ChineseMove = game
            .choose(0, level, &Budget::nodes(CHINESE_NODES), &mut rng)
            .expect("a move")
            .r#move;
        let after = game.apply(0, &pick).expect("a legal move");
        if after.is_home(0) {
            return moves;
        }
        red = after.cells().iter().map(|c| *c == Some(0)).collect();
    }
    SOLITAIRE_LIMIT
}

/// Builds the two-player 10-peg position with Red's and Green's pegs where given, Red to move.
fn red_to_move(red: &[bool], green: &[bool]) -> ChineseCheckersGame {
    let board: String = red
        .iter()
        .zip(green)
        .map(|(&r, &g)| match (r, g) {
            (true, _) => '1',
            (_, true) => '2',
            _ => '.',
        })
        .collect();
    let state = serde_json::json!({
        "ruleset": "10-peg", "players": 2, "board": board, "to_move": 0,
        "best": [0, 0], "since_progress": 0,
    });
    serde_json::from_value(state).expect("a valid solitaire position")
}

fn snakes(games: usize) {
    let started = Instant::now();
    let mut tally = Tally::default();
    let mut one_die = 0usize;
    for g in 0..games {
        let seat = g % 2;
        let mut levels = [1; 2];
        levels[seat] = SnakesGame::LEVELS.len();
        let game = SnakesGame::new("two-dice-95", 2).expect("a ruleset");
        let (outcome, moves) = duel(game, levels, 1, g as u64, 100_000);
        one_die += moves;
        tally.add(outcome, seat);
    }
    println!(
        "snakes: expectation against random, two-player two-dice-95: {} ({one_die} one-die choices; {:.0} s)",
        tally.line(),
        started.elapsed().as_secs_f64()
    );
}

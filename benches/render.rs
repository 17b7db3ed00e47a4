//! Measures one picture of each game, render plus PNG encoding, at the size the bot posts.
//!
//! Run: `cargo bench --bench render`. The acceptance on the project's 2-core machines:
//! chess a median of at most 1 ms and at most 40 KB; Parcheesi and backgammon at most 2 ms
//! and 60 KB (Snakes & Ladders too); a 60-move replay GIF at most 200 ms and 2 MB; the leaderboard card at most 5 ms.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use tabula::render::{Renderer, View};
use tabula::rules::parcheesi::{ParcheesiGame, Ruleset, Setup};
use tabula::rules::{Action, Game, GameKind, Turn};

/// A Closed Ruy Lopez middlegame ending in a queen check: 26 pieces, a last move and a
/// king in check, so every kind of tile and both highlights are drawn.
const MIDDLEGAME: &str = "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Na5 \
    Bc2 c5 d4 Qc7 Nbd2 Bd7 Nf1 Rfe8 Ng3 g6 Bh6 Bf8 Qd2 Bxh6 Qxh6 cxd4 cxd4 Nc4 b3 Nb6 Ng5 exd4 \
    Qxh7+";

fn middlegame() -> Game {
    let mut game = Game::new(GameKind::Chess, "standard", 2).expect("chess for two");
    for san in MIDDLEGAME.split_whitespace() {
        let Turn::Move(seat) = game.turn() else {
            panic!("the game ended before {san}");
        };
        let m = game.parse(seat, san).expect("legal move");
        game = game
            .apply(&Action::Play { seat, r#move: m })
            .expect("applies");
    }
    game
}

fn bench_render(c: &mut Criterion) {
    let renderer = Renderer::new();
    let game = middlegame();
    let view = View {
        players: vec!["alice".to_string(), "Bob the Builder".to_string()],
        caption: Some("21. Qxh7+ by alice".to_string()),
        perspective: None,
    };
    let png = renderer.png(&game, &view).expect("renders");
    eprintln!("chess_render_png_720: {} bytes", png.len());
    c.bench_function("chess_render_png_720", |b| {
        b.iter(|| renderer.png(black_box(&game), black_box(&view)))
    });
}

/// A busy four-player Parcheesi board: pawns on the track and home paths, a blockade,
/// pawns HOME and in START, the latest roll's moves ringed and a roll in play.
fn parcheesi_midgame() -> Game {
    let setup = Setup {
        ruleset: Ruleset::Parcheesi,
        pawns: vec![
            [12, 12, 0, 72],
            [5, 30, 66, 0],
            [0, 9, 70, 72],
            [40, 72, 50, 0],
        ],
        to_roll: 0,
        doubles: 0,
    };
    let game = Game::Parcheesi(ParcheesiGame::from_setup(&setup).expect("valid position"));
    let game = game
        .apply(&Action::Roll {
            seat: 0,
            dice: vec![4, 2],
        })
        .expect("rolls");
    let m = game.parse(0, "a4").expect("legal");
    game.apply(&Action::Play { seat: 0, r#move: m })
        .expect("plays")
}

fn bench_parcheesi(c: &mut Criterion) {
    let renderer = Renderer::new();
    let game = parcheesi_midgame();
    let view = View {
        players: ["alice", "Bob the Builder", "carol", "dave"]
            .map(String::from)
            .to_vec(),
        caption: Some("alice played a4".to_string()),
        perspective: None,
    };
    let png = renderer.png(&game, &view).expect("renders");
    eprintln!("parcheesi_render_png: {} bytes", png.len());
    c.bench_function("parcheesi_render_png", |b| {
        b.iter(|| renderer.png(black_box(&game), black_box(&view)))
    });
}

/// A backgammon match game in its middle: checkers on many points, a stack of six, a
/// checker on the bar, the cube turned, the dice to play and a last play to mark.
fn backgammon() -> Game {
    let mut game = Game::new(GameKind::Backgammon, "match:7", 2).expect("backgammon for two");
    for step in [
        "roll 3-1",
        "8/5 6/5",
        "roll 6-4",
        "24/14",
        "roll 5-5",
        "13/8(3) 6/1*",
        "roll 2-1",
        "bar/23 6/5",
        "roll 6-5",
        "13/8 13/7",
        "double",
        "take",
        "roll 4-3",
    ] {
        let (Turn::Move(seat) | Turn::Roll(seat)) = game.turn() else {
            panic!("the game ended before {step}");
        };
        let action = match step.strip_prefix("roll ") {
            Some(dice) => Action::Roll {
                seat,
                dice: dice.split('-').map(|d| d.parse().expect("a die")).collect(),
            },
            None => Action::Play {
                seat,
                r#move: game.parse(seat, step).expect("legal play"),
            },
        };
        game = game.apply(&action).expect("applies");
    }
    game
}

fn bench_backgammon(c: &mut Criterion) {
    let renderer = Renderer::new();
    let game = backgammon();
    let view = View {
        players: vec!["alice".to_string(), "Bob the Builder".to_string()],
        caption: Some("Bob the Builder takes; the cube is at 2. alice rolled 4 and 3.".to_string()),
        perspective: None,
    };
    let png = renderer.png(&game, &view).expect("renders");
    eprintln!("backgammon_render_png: {} bytes", png.len());
    c.bench_function("backgammon_render_png", |b| {
        b.iter(|| renderer.png(black_box(&game), black_box(&view)))
    });
}

/// A three-player Snakes & Ladders race mid-game: a ladder just climbed, so the trail, the
/// rings and the dice are drawn.
fn snakes() -> Game {
    let mut game = Game::new(GameKind::Snakes, "two-dice", 3).expect("snakes for three");
    for dice in [
        vec![5],
        vec![3],
        vec![2],
        vec![6, 2],
        vec![1, 3],
        vec![4, 4],
        vec![2, 2],
        vec![5, 6],
        vec![3, 1],
        vec![6, 6],
        vec![1, 2],
    ] {
        let Turn::Roll(seat) = game.turn() else {
            panic!("the race ended early");
        };
        game = game.apply(&Action::Roll { seat, dice }).expect("applies");
    }
    game
}

fn bench_snakes(c: &mut Criterion) {
    let renderer = Renderer::new();
    let game = snakes();
    let view = View {
        players: vec!["alice".into(), "Bob the Builder".into(), "carol".into()],
        caption: Some("carol rolled 1 and 2: 19 → 21, up the ladder to 42".into()),
        perspective: None,
    };
    let png = renderer.png(&game, &view).expect("renders");
    eprintln!("snakes_render_png: {} bytes", png.len());
    c.bench_function("snakes_render_png", |b| {
        b.iter(|| renderer.png(black_box(&game), black_box(&view)))
    });
}

/// Plays a game at random from a seed for at most `actions` actions (rolls included), keeping
/// every position after a move as a replay frame, as `/replay` does.
fn random_replay(kind: GameKind, seed: u64, actions: usize) -> Vec<(Game, View)> {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut game = Game::new(kind, kind.rulesets()[0], 2).expect("a game for two");
    let view = |caption: String| View {
        players: vec!["alice".to_string(), "Bob the Builder".to_string()],
        caption: Some(caption),
        perspective: Some(0),
    };
    let mut frames = vec![(game.clone(), view("the start".into()))];
    for n in 0..actions {
        let action = match game.turn() {
            Turn::Over(_) => break,
            Turn::Roll(seat) => {
                let dice = game.dice().expect("a dice game");
                Action::Roll {
                    seat,
                    dice: (0..dice.count)
                        .map(|_| rng.random_range(1..=dice.faces))
                        .collect(),
                }
            }
            Turn::Move(seat) => {
                let legal = game.legal(seat);
                let m = legal[rng.random_range(0..legal.len())].clone();
                Action::Play { seat, r#move: m }
            }
        };
        game = game.apply(&action).expect("a legal action applies");
        if let Action::Play { r#move, .. } = &action {
            let caption = format!("{}. {} by alice", n / 2 + 1, game.format(r#move));
            frames.push((game.clone(), view(caption)));
        }
    }
    frames
}

/// `/replay`'s GIF: a 60-move (120-ply) chess game, and a whole backgammon game.
fn bench_replay(c: &mut Criterion) {
    let renderer = Renderer::new();
    let chess = random_replay(GameKind::Chess, 11, 120);
    let gif = renderer.replay(&chess, 700, 4000).expect("encodes");
    eprintln!(
        "chess_replay_gif: {} frames, {} bytes",
        chess.len(),
        gif.len()
    );
    c.bench_function("chess_replay_gif_120_plies", |b| {
        b.iter(|| renderer.replay(black_box(&chess), 700, 4000))
    });
    let backgammon = random_replay(GameKind::Backgammon, 5, 10_000);
    let gif = renderer.replay(&backgammon, 700, 4000).expect("encodes");
    eprintln!(
        "backgammon_replay_gif: {} frames, {} bytes",
        backgammon.len(),
        gif.len()
    );
    c.bench_function("backgammon_replay_gif_whole_game", |b| {
        b.iter(|| renderer.replay(black_box(&backgammon), 700, 4000))
    });
}

/// The `/leaderboard` card with a full page of ten.
fn bench_card(c: &mut Criterion) {
    use tabula::render::card::{CardLine, leaderboard};
    let lines: Vec<CardLine> = (1..=10)
        .map(|rank| CardLine {
            rank,
            name: format!("Player number {rank} with a long name"),
            rating: format!("{} ± {}", 1900 - rank * 37, 40 + rank),
            games: 100 - rank as i64,
            record: format!("{}-{}-{}", 60 - rank, 30 + rank, 5),
            provisional: rank > 8,
            me: rank == 4,
        })
        .collect();
    let png = leaderboard(
        "Chess leaderboard",
        &lines,
        Some("You: #14 · alice 1500 ± 80"),
    )
    .expect("encodes");
    eprintln!("leaderboard_card_png: {} bytes", png.len());
    c.bench_function("leaderboard_card_png", |b| {
        b.iter(|| leaderboard("Chess leaderboard", black_box(&lines), Some("You: #14")))
    });
}

/// A checkers middlegame with kings on both sides, just after Black's double jump 9x18x25:
/// the path and both taken men are drawn.
fn bench_checkers(c: &mut Criterion) {
    let renderer = Renderer::new();
    let start = tabula::rules::checkers::CheckersGame::from_fen("forced", CHECKERS_FEN)
        .expect("a legal position");
    let game = Game::Checkers(start);
    let m = game.parse(0, "9x25").expect("legal");
    let game = game
        .apply(&Action::Play { seat: 0, r#move: m })
        .expect("plays");
    let view = View {
        players: vec!["alice".to_string(), "Bob the Builder".to_string()],
        caption: Some("9x18x25 by alice".to_string()),
        perspective: None,
    };
    let png = renderer.png(&game, &view).expect("renders");
    eprintln!("checkers_render_png_640: {} bytes", png.len());
    c.bench_function("checkers_render_png_640", |b| {
        b.iter(|| renderer.png(black_box(&game), black_box(&view)))
    });
}

/// The checkers bench's position, Black to move (also the README sample's).
const CHECKERS_FEN: &str = "B:W14,21,22,23,26,28,30,31,32,K3:B2,5,6,9,12,16,K29";

/// A Chinese checkers game played by greedy bots from a seed: pegs spread over the star and a
/// last move with jumps.
fn chinese_checkers(ruleset: &str, players: usize, plies: usize) -> Game {
    use rand::SeedableRng;
    let mut rng = rand::rngs::StdRng::seed_from_u64(3);
    let budget = tabula::bot::Budget::nodes(1_000);
    let mut game = Game::new(GameKind::ChineseCheckers, ruleset, players).expect("a game");
    for _ in 0..plies {
        let Turn::Move(seat) = game.turn() else { break };
        let pick = tabula::bot::choose(&game, seat, 2, &budget, &mut rng).expect("a move");
        game = game
            .apply(&Action::Play {
                seat,
                r#move: pick.r#move,
            })
            .expect("applies");
    }
    game
}

fn bench_chinese_checkers(c: &mut Criterion) {
    let renderer = Renderer::new();
    for (name, ruleset, players) in [
        ("chinese_checkers_6peg_render_png", "6-peg", 3),
        ("chinese_checkers_10peg_render_png", "10-peg", 6),
    ] {
        let game = chinese_checkers(ruleset, players, 8 * players);
        let view = View {
            players: ["alice", "Bob the Builder", "carol", "dave", "erin", "frank"]
                .map(String::from)
                .to_vec(),
            caption: None,
            perspective: None,
        };
        let png = renderer.png(&game, &view).expect("renders");
        eprintln!("{name}: {} bytes", png.len());
        c.bench_function(name, |b| {
            b.iter(|| renderer.png(black_box(&game), black_box(&view)))
        });
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(50)
        .warm_up_time(Duration::from_secs(2))
        .measurement_time(Duration::from_secs(5));
    targets = bench_render, bench_parcheesi, bench_backgammon, bench_replay, bench_card, bench_checkers, bench_snakes, bench_chinese_checkers
}
criterion_main!(benches);

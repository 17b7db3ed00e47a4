//! Writes the sample pictures the README shows into the given folder: `chess.png`,
//! `parcheesi.png`, `pahrcheesi.png`, `pachesi.png`, `pachisi.png` from seeded games, and
//! `backgammon.png`, `snakes.png`; `chinese-checkers.png` (6 pegs, 3 players) and
//! `chinese-checkers-10.png` (10 pegs, 6 players) from seeded bot games; `chess-replay.gif`,
//! the replay of the chess sample's moves; `leaderboard.png`, a leaderboard card;
//! `checkers.png`, just after a double jump; and a replay of the first turns of a seeded game
//! between bots for every other game (`backgammon-replay.gif`, `parcheesi-replay.gif`,
//! `checkers-replay.gif`, `snakes-replay.gif`, `chinese-checkers-replay.gif`).
//!
//! Run: `cargo run --release --example render_sample -- docs/`

use std::path::{Path, PathBuf};

use anyhow::Context;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tabula::render::{Renderer, View};
use tabula::rules::backgammon::{BackgammonGame, BackgammonRules, Setup, Side};
use tabula::rules::parcheesi::{HOME, ParcheesiGame, START};
use tabula::rules::{Action, Game, GameKind, Turn};

/// The Italian Game, Giuoco Piano: after 6…Bb4+ White is in check.
const MOVES: &str = "e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d4 exd4 cxd4 Bb4+";

/// The seed of each ruleset's sample game.
const SEEDS: [(&str, u64); 4] = [
    ("parcheesi", 7),
    ("pahrcheesi", 11),
    ("pachesi", 5),
    ("pachisi", 3),
];

fn main() -> anyhow::Result<()> {
    let dir = PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or_else(|| "docs".to_string()),
    );
    std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
    let renderer = Renderer::new();
    let mut game = Game::new(GameKind::Chess, "standard", 2)?;
    for san in MOVES.split_whitespace() {
        let Turn::Move(seat) = game.turn() else {
            anyhow::bail!("the game ended before {san}");
        };
        let m = game.parse(seat, san)?;
        game = game.apply(&Action::Play { seat, r#move: m })?;
    }
    let view = View {
        players: vec!["alice".to_string(), "bob".to_string()],
        caption: Some("6… Bb4+ by bob".to_string()),
        perspective: None,
    };
    write(&dir.join("chess.png"), &renderer.png(&game, &view)?)?;
    write(&dir.join("chess-replay.gif"), &chess_replay(&renderer)?)?;
    write(&dir.join("leaderboard.png"), &leaderboard()?)?;

    let players = ["alice", "bob", "carol", "dave"].map(String::from).to_vec();
    for (ruleset, seed) in SEEDS {
        let (game, caption) = parcheesi_sample(ruleset, seed)?;
        let view = View {
            players: players.clone(),
            caption: Some(caption),
            perspective: None,
        };
        let path = dir.join(format!("{ruleset}.png"));
        write(&path, &renderer.png(&game, &view)?)?;
    }
    let view = View {
        players: vec!["alice".to_string(), "bob".to_string()],
        caption: Some("alice played 13/8 6/4*. bob rolled 6 and 3.".to_string()),
        perspective: None,
    };
    write(
        &dir.join("backgammon.png"),
        &renderer.png(&backgammon()?, &view)?,
    )?;
    let checkers = Game::Checkers(tabula::rules::checkers::CheckersGame::from_fen(
        "forced",
        "B:W14,21,22,23,26,28,30,31,32,K3:B2,5,6,9,12,16,K29",
    )?);
    let checkers = play_text(checkers, "9x25")?;
    let view = View {
        players: vec!["alice".to_string(), "bob".to_string()],
        caption: Some("9x18x25 by alice".to_string()),
        perspective: None,
    };
    write(&dir.join("checkers.png"), &renderer.png(&checkers, &view)?)?;
    let (game, caption) = snakes_sample()?;
    let view = View {
        players: vec!["alice".into(), "bob".into(), "carol".into()],
        caption: Some(caption),
        perspective: None,
    };
    write(&dir.join("snakes.png"), &renderer.png(&game, &view)?)?;
    for (file, ruleset, players, plies) in [
        ("chinese-checkers.png", "6-peg", 3, 19),
        ("chinese-checkers-10.png", "10-peg", 6, 61),
    ] {
        let view = View {
            players: ["alice", "bob", "carol", "dave", "erin", "frank"]
                .map(String::from)
                .to_vec(),
            caption: None,
            perspective: None,
        };
        let game = chinese_checkers(ruleset, players, plies)?;
        write(&dir.join(file), &renderer.png(&game, &view)?)?;
    }
    for (file, kind, ruleset, players, seed) in [
        (
            "backgammon-replay.gif",
            GameKind::Backgammon,
            "standard",
            2,
            3,
        ),
        (
            "parcheesi-replay.gif",
            GameKind::Parcheesi,
            "parcheesi",
            4,
            7,
        ),
        ("checkers-replay.gif", GameKind::Checkers, "forced", 2, 5),
        ("snakes-replay.gif", GameKind::Snakes, "two-dice", 3, 4),
        (
            "chinese-checkers-replay.gif",
            GameKind::ChineseCheckers,
            "6-peg",
            3,
            2,
        ),
    ] {
        write(
            &dir.join(file),
            &bot_replay(&renderer, kind, ruleset, players, seed)?,
        )?;
    }
    Ok(())
}

/// The first turns of a seeded game between level-2 bots as `/replay` draws them: the start,
/// then a frame at the end of each turn (a roll waiting for its move shows in the next frame).
fn bot_replay(
    renderer: &Renderer,
    kind: GameKind,
    ruleset: &str,
    players: usize,
    seed: u64,
) -> anyhow::Result<Vec<u8>> {
    const TURNS: usize = 24;
    let names = ["alice", "bob", "carol", "dave"];
    let view = |caption: String| View {
        players: names[..players].iter().map(|n| n.to_string()).collect(),
        caption: Some(caption),
        perspective: Some(0),
    };
    let mut rng = StdRng::seed_from_u64(seed);
    let budget = tabula::bot::Budget::nodes(2_000);
    let mut game = Game::new(kind, ruleset, players)?;
    let mut frames = vec![(game.clone(), view(format!("{} game #1", kind.title())))];
    let mut rolled = String::new();
    while frames.len() <= TURNS {
        let (action, said) = match game.turn() {
            Turn::Over(_) => break,
            Turn::Roll(seat) => {
                let dice = game.dice().context("a game that rolls has dice")?;
                let dice: Vec<u8> = (0..dice.count)
                    .map(|_| rng.random_range(1..=dice.faces))
                    .collect();
                let words = game.roll_words(&dice).unwrap_or_default().replace("**", "");
                (
                    Action::Roll { seat, dice },
                    format!("{} rolled {words}", names[seat]),
                )
            }
            Turn::Move(seat) => {
                let pick = tabula::bot::choose(&game, seat, 2, &budget, &mut rng)
                    .context("the bot has a move")?;
                let said = format!("{} played {}", names[seat], game.format(&pick.r#move));
                (
                    Action::Play {
                        seat,
                        r#move: pick.r#move,
                    },
                    said,
                )
            }
        };
        let seat = match action {
            Action::Roll { seat, .. } | Action::Play { seat, .. } => seat,
            _ => unreachable!("only rolls and moves are played here"),
        };
        game = game.apply(&action)?;
        let said = if rolled.is_empty() {
            said
        } else {
            format!(
                "{}, {said}",
                std::mem::take(&mut rolled).trim_end_matches('.')
            )
        };
        if game.turn() == Turn::Move(seat) && matches!(action, Action::Roll { .. }) {
            rolled = said;
            continue;
        }
        frames.push((game.clone(), view(said)));
    }
    Ok(renderer.replay(&frames, 700, 3000)?)
}

/// A seeded three-player Snakes & Ladders game (the sheet's two dice), stopped at the first
/// ladder climbed after a dozen rolls; the caption says that roll as the table does.
fn snakes_sample() -> anyhow::Result<(Game, String)> {
    let mut rng = StdRng::seed_from_u64(4);
    let mut game = Game::new(GameKind::Snakes, "two-dice", 3)?;
    let names = ["alice", "bob", "carol"];
    for n in 0..400 {
        let Turn::Roll(seat) = game.turn() else {
            anyhow::bail!("the sample game ended before a ladder was climbed");
        };
        let count = game.dice().map_or(2, |d| d.count);
        let dice: Vec<u8> = (0..count).map(|_| rng.random_range(1..=6)).collect();
        let words = game.roll_words(&dice).unwrap_or_default().replace("**", "");
        game = game.apply(&Action::Roll { seat, dice })?;
        if n > 12 && words.contains("ladder to") {
            return Ok((game, format!("{} rolled {words}", names[seat])));
        }
    }
    anyhow::bail!("no ladder climbed in the sample game")
}

/// A Chinese checkers game played by the lookahead bot from a fixed seed.
fn chinese_checkers(ruleset: &str, players: usize, plies: usize) -> anyhow::Result<Game> {
    let mut rng = StdRng::seed_from_u64(2);
    let budget = tabula::bot::Budget::nodes(10_000);
    let mut game = Game::new(GameKind::ChineseCheckers, ruleset, players)?;
    for _ in 0..plies {
        let Turn::Move(seat) = game.turn() else { break };
        let pick =
            tabula::bot::choose(&game, seat, 3, &budget, &mut rng).context("the bot has a move")?;
        game = game.apply(&Action::Play {
            seat,
            r#move: pick.r#move,
        })?;
    }
    Ok(game)
}

/// The chess sample's moves as `/replay` draws them: the start, then a frame per move.
fn chess_replay(renderer: &Renderer) -> anyhow::Result<Vec<u8>> {
    let names = ["alice", "bob"];
    let view = |caption: String| View {
        players: names.map(String::from).to_vec(),
        caption: Some(caption),
        perspective: Some(0),
    };
    let mut game = Game::new(GameKind::Chess, "standard", 2)?;
    let mut frames = vec![(game.clone(), view("Chess game #1: alice vs bob".into()))];
    for (n, san) in MOVES.split_whitespace().enumerate() {
        let Turn::Move(seat) = game.turn() else {
            anyhow::bail!("the game ended before {san}");
        };
        let m = game.parse(seat, san)?;
        game = game.apply(&Action::Play { seat, r#move: m })?;
        frames.push((
            game.clone(),
            view(format!("{}. {san} by {}", n + 1, names[seat])),
        ));
    }
    Ok(renderer.replay(&frames, 700, 4000)?)
}

/// A leaderboard card with made-up players.
fn leaderboard() -> anyhow::Result<Vec<u8>> {
    use tabula::render::card::{self, CardLine};
    let players = [
        ("Magnus the Cat", 1843.0, 61.0, 48, (35, 9, 4)),
        ("alice", 1712.0, 58.0, 31, (20, 9, 2)),
        ("Bob the Builder", 1655.0, 64.0, 27, (16, 10, 1)),
        ("carol", 1590.0, 71.0, 19, (10, 8, 1)),
        ("dave", 1503.0, 80.0, 12, (6, 6, 0)),
        ("erin", 1444.0, 90.0, 9, (3, 5, 1)),
        ("new player", 1662.0, 290.0, 1, (1, 0, 0)),
    ];
    let lines: Vec<CardLine> = players
        .iter()
        .enumerate()
        .map(|(i, (name, rating, dev, games, (w, l, d)))| CardLine {
            rank: i + 1,
            name: (*name).to_string(),
            rating: format!("{rating:.0} ± {dev:.0}"),
            games: *games,
            record: format!("{w}-{l}-{d}"),
            provisional: *games < 5,
            me: *name == "carol",
        })
        .collect();
    Ok(card::leaderboard("Chess leaderboard", &lines, None)?)
}

fn write(path: &Path, png: &[u8]) -> anyhow::Result<()> {
    std::fs::write(path, png).with_context(|| format!("writing {}", path.display()))?;
    println!("wrote {} ({} bytes)", path.display(), png.len());
    Ok(())
}

/// Plays a seeded four-player game, always the first legal option, and returns the first
/// position mid-roll that shows pawns HOME, a blockade and pawns on the track, with a caption.
fn parcheesi_sample(ruleset: &str, seed: u64) -> anyhow::Result<(Game, String)> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = Game::new(GameKind::Parcheesi, ruleset, 4)?;
    let mut caption = String::new();
    for _ in 0..5000 {
        match game.turn() {
            Turn::Roll(seat) => {
                let dice = vec![rng.random_range(1..=6), rng.random_range(1..=6)];
                caption = format!(
                    "{} rolled {} and {}",
                    ["alice", "bob", "carol", "dave"][seat],
                    dice[0],
                    dice[1]
                );
                game = game.apply(&Action::Roll { seat, dice })?;
            }
            Turn::Move(seat) => {
                if let Game::Parcheesi(g) = &game
                    && interesting(g)
                {
                    return Ok((game, caption));
                }
                let m = game
                    .legal_moves()
                    .into_iter()
                    .next()
                    .context("a roll to play has a legal option")?;
                game = game.apply(&Action::Play { seat, r#move: m })?;
            }
            Turn::Over(_) => break,
        }
    }
    anyhow::bail!("{ruleset} seed {seed}: no position showing everything")
}

/// Tells whether the position shows off the board: two pawns HOME or more, a blockade,
/// at least six pawns on the track, a pawn still waiting, and a move made this roll is not required.
fn interesting(g: &ParcheesiGame) -> bool {
    let all: Vec<[u8; 4]> = (0..g.players()).filter_map(|s| g.progress(s)).collect();
    let home = all.iter().flatten().filter(|&&p| p == HOME).count();
    let waiting = all.iter().flatten().filter(|&&p| p == START).count();
    let out = all
        .iter()
        .flatten()
        .filter(|&&p| p != HOME && p != START)
        .count();
    let blockade = all.iter().any(|set| {
        (0..4).any(|i| (i + 1..4).any(|j| set[i] == set[j] && set[i] != START && set[i] != HOME))
    });
    home >= 2 && waiting >= 1 && out >= 6 && blockade && !g.last_moves().is_empty()
}

fn play_text(game: Game, text: &str) -> anyhow::Result<Game> {
    let (Turn::Move(seat) | Turn::Roll(seat)) = game.turn() else {
        anyhow::bail!("the game ended before {text}");
    };
    let m = game.parse(seat, text)?;
    Ok(game.apply(&Action::Play { seat, r#move: m })?)
}

fn roll_dice(game: Game, dice: [u8; 2]) -> anyhow::Result<Game> {
    let Turn::Roll(seat) = game.turn() else {
        anyhow::bail!("no roll is due");
    };
    Ok(game.apply(&Action::Roll {
        seat,
        dice: dice.to_vec(),
    })?)
}

/// A money game: White (alice) doubled, Black (bob) took; White's 5-2 hit a blot, and
/// Black, on the bar, is to play 6-3 against White's six-stack on the 6-point.
fn backgammon() -> anyhow::Result<Game> {
    let side = |points: &[(usize, u8)]| {
        let mut s: Side = [0; 25];
        for &(p, n) in points {
            s[p - 1] = n;
        }
        s
    };
    let setup = Setup {
        on_roll: side(&[(24, 1), (13, 4), (8, 2), (6, 7), (5, 1)]),
        opponent: side(&[(23, 2), (21, 1), (13, 4), (8, 2), (7, 2), (6, 4)]),
        seat: 0,
        dice: None,
    };
    let mut game = Game::Backgammon(BackgammonGame::from_setup(setup, BackgammonRules::money())?);
    game = play_text(game, "double")?;
    game = play_text(game, "take")?;
    game = roll_dice(game, [5, 2])?;
    game = play_text(game, "13/8 6/4*")?;
    roll_dice(game, [6, 3])
}

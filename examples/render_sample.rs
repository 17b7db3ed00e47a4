//! Writes the sample pictures the README shows into the given folder: `chess.png`, and
//! `parcheesi.png`, `pahrcheesi.png`, `pachesi.png`, `pachisi.png` from seeded games.
//!
//! Run: `cargo run --release --example render_sample -- docs/`

use std::path::{Path, PathBuf};

use anyhow::Context;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tabula::render::{Renderer, View};
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
        let m = game.parse(san)?;
        game = game.apply(&Action::Play { seat, r#move: m })?;
    }
    let view = View {
        players: vec!["alice".to_string(), "bob".to_string()],
        caption: Some("6… Bb4+ by bob".to_string()),
    };
    write(&dir.join("chess.png"), &renderer.png(&game, &view)?)?;

    let players = ["alice", "bob", "carol", "dave"].map(String::from).to_vec();
    for (ruleset, seed) in SEEDS {
        let (game, caption) = parcheesi_sample(ruleset, seed)?;
        let view = View {
            players: players.clone(),
            caption: Some(caption),
        };
        let path = dir.join(format!("{ruleset}.png"));
        write(&path, &renderer.png(&game, &view)?)?;
    }
    Ok(())
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

//! Writes `chess.png` and `backgammon.png`, the sample pictures the README shows, into the
//! given folder.
//!
//! Run: `cargo run --release --example render_sample -- docs/`

use std::path::{Path, PathBuf};

use anyhow::Context;
use tabula::render::{Renderer, View};
use tabula::rules::backgammon::{BackgammonGame, BackgammonRules, Setup, Side};
use tabula::rules::{Action, Game, GameKind, Turn};

/// The Italian Game, Giuoco Piano: after 6…Bb4+ White is in check.
const MOVES: &str = "e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d4 exd4 cxd4 Bb4+";

fn main() -> anyhow::Result<()> {
    let dir = PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or_else(|| "docs".to_string()),
    );
    std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
    let renderer = Renderer::new();
    let view = View {
        players: vec!["alice".to_string(), "bob".to_string()],
        caption: Some("6… Bb4+ by bob".to_string()),
    };
    write(&dir.join("chess.png"), &renderer.png(&chess()?, &view)?)?;
    let view = View {
        players: vec!["alice".to_string(), "bob".to_string()],
        caption: Some("alice played 13/8 6/4*. bob rolled 6 and 3.".to_string()),
    };
    write(
        &dir.join("backgammon.png"),
        &renderer.png(&backgammon()?, &view)?,
    )?;
    Ok(())
}

fn write(path: &Path, png: &[u8]) -> anyhow::Result<()> {
    std::fs::write(path, png).with_context(|| format!("writing {}", path.display()))?;
    println!("wrote {} ({} bytes)", path.display(), png.len());
    Ok(())
}

fn chess() -> anyhow::Result<Game> {
    let mut game = Game::new(GameKind::Chess, "standard", 2)?;
    for san in MOVES.split_whitespace() {
        game = play(game, san)?;
    }
    Ok(game)
}

fn play(game: Game, text: &str) -> anyhow::Result<Game> {
    let (Turn::Move(seat) | Turn::Roll(seat)) = game.turn() else {
        anyhow::bail!("the game ended before {text}");
    };
    let m = game.parse(text)?;
    Ok(game.apply(&Action::Play { seat, r#move: m })?)
}

fn roll(game: Game, dice: [u8; 2]) -> anyhow::Result<Game> {
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
    game = play(game, "double")?;
    game = play(game, "take")?;
    game = roll(game, [5, 2])?;
    game = play(game, "13/8 6/4*")?;
    roll(game, [6, 3])
}

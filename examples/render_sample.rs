//! Writes `chess.png`, the sample picture the README shows, into the given folder.
//!
//! Run: `cargo run --release --example render_sample -- docs/`

use std::path::PathBuf;

use anyhow::Context;
use tabula::render::{Renderer, View};
use tabula::rules::{Action, Game, GameKind, Turn};

/// The Italian Game, Giuoco Piano: after 6…Bb4+ White is in check.
const MOVES: &str = "e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d4 exd4 cxd4 Bb4+";

fn main() -> anyhow::Result<()> {
    let dir = PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or_else(|| "docs".to_string()),
    );
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
    let png = Renderer::new().png(&game, &view)?;
    std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
    let path = dir.join("chess.png");
    std::fs::write(&path, &png).with_context(|| format!("writing {}", path.display()))?;
    println!("wrote {} ({} bytes)", path.display(), png.len());
    Ok(())
}

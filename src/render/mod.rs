//! Pictures of games: a pure function from a game and a [`View`] to PNG bytes.
//!
//! Everything costly (piece sprites rasterized with resvg, tiles blended onto every
//! background, the palette, fonts) is made once in [`Renderer::new`]; a render only copies
//! palette-index tiles, draws text in palette indices, and encodes an indexed PNG.

mod backgammon;
mod chess;
mod kit;
mod palette;

use crate::rules::Game;
use crate::rules::chess::ChessGame;
use kit::{Canvas, Kit, KitBuilder};

/// Width and height in pixels of a chess picture.
pub const CHESS_SIZE: (u32, u32) = (chess::WIDTH, chess::HEIGHT);

/// Width and height in pixels of a backgammon picture.
pub const BACKGAMMON_SIZE: (u32, u32) = (backgammon::PICTURE_WIDTH, backgammon::PICTURE_HEIGHT);

/// Everything drawn once at start-up (piece sprites rasterized with resvg, fonts, palette, tiles).
pub struct Renderer {
    kit: Kit,
    chess: chess::Theme,
    /// Backgammon keeps its own palette (see `backgammon.rs`).
    backgammon: backgammon::Theme,
}

/// What to show besides the position: player names by seat and an optional caption line.
#[derive(Clone, Debug, Default)]
pub struct View {
    /// Display names by seat; a missing or blank name shows the side instead (e.g. `White`).
    pub players: Vec<String>,
    /// A line under the board, e.g. `Nf3+ by alice`; without one the picture says whose turn
    /// it is or how the game ended.
    pub caption: Option<String>,
}

/// Why a picture could not be made.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// The PNG encoder failed.
    #[error("could not encode the picture as PNG: {0}")]
    Png(#[from] png::EncodingError),
    /// This game has no board picture yet.
    #[error("{0} boards cannot be drawn yet")]
    NoPicture(&'static str),
}

impl Default for Renderer {
    fn default() -> Self {
        Self::new()
    }
}

impl Renderer {
    /// Draws every sprite and tile and builds the palette (a few tens of milliseconds).
    ///
    /// # Panics
    /// Panics only if the embedded assets are broken, which the test suite rules out.
    pub fn new() -> Renderer {
        let mut builder = KitBuilder::new();
        let chess_art = chess::Art::draw(&mut builder.palette);
        let mut kit = builder.build();
        let mut chess = chess_art.into_theme(&kit);
        // Order the palette on the tiles and a typical picture, then renumber what is drawn.
        let sample = chess::draw(&kit, &chess, &ChessGame::new(), &sample_view());
        let mut samples: Vec<&Canvas> = chess.tiles().iter().collect();
        samples.push(&sample);
        let map = kit.reorder(&samples);
        chess.remap(&map);
        Renderer {
            kit,
            chess,
            backgammon: backgammon::Theme::new(),
        }
    }

    /// Renders the game as a PNG picture.
    ///
    /// CPU-bound (well under a millisecond for chess); call it from `spawn_blocking` in async code.
    ///
    /// # Errors
    /// Fails only if PNG encoding fails.
    pub fn png(&self, game: &Game, view: &View) -> Result<Vec<u8>, RenderError> {
        let canvas = match game {
            Game::Chess(g) => chess::draw(&self.kit, &self.chess, g, view),
            Game::Backgammon(g) => return Ok(self.backgammon.png(g, view)?),
            other => return Err(RenderError::NoPicture(other.kind().title())),
        };
        Ok(self.kit.encode(&canvas)?)
    }
}

fn sample_view() -> View {
    View {
        players: vec!["alice".to_string(), "Bob the Builder".to_string()],
        caption: Some("12… Qxd4+ by Bob the Builder".to_string()),
    }
}

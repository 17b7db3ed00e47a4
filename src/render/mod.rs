//! Pictures of games: a pure function from a game and a [`View`] to PNG bytes.
//!
//! Each game has one [`Painter`], made once at start-up with everything costly (sprites
//! rasterized with resvg, tiles, static boards, its own palette and fonts); a render only
//! copies palette-index tiles and draws text. The [`Renderer`] holds one painter per game,
//! dispatches, and encodes the indexed PNG.

mod backgammon;
mod chess;
mod kit;
mod palette;
mod parcheesi;
#[cfg(test)]
mod toy;

use crate::rules::{Game, GameKind};
use kit::{Canvas, Kit};

/// The contract every game's picture follows: built once, then a pure drawing of a game.
pub(crate) trait Painter: Send + Sync + Sized {
    /// The game this painter draws.
    type Game;

    /// Width and height of every picture, in pixels.
    const SIZE: (u32, u32);

    /// Draws the static art and builds the palette (tens of milliseconds, once per process).
    fn new() -> Self;

    /// Returns the kit (palette, fonts) the pictures are drawn with.
    fn kit(&self) -> &Kit;

    /// Draws a game as `view` asks, in palette indices.
    fn draw(&self, game: &Self::Game, view: &View) -> Canvas;
}

/// One painter per game, each made once (a few tens of milliseconds in all).
pub struct Renderer {
    chess: chess::Painter,
    parcheesi: parcheesi::Painter,
    backgammon: backgammon::Painter,
    #[cfg(test)]
    toy: toy::Painter,
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
}

impl Default for Renderer {
    fn default() -> Self {
        Self::new()
    }
}

impl Renderer {
    /// Makes every game's painter.
    ///
    /// # Panics
    /// Panics only if the embedded assets are broken, which the test suite rules out.
    pub fn new() -> Renderer {
        Renderer {
            chess: Painter::new(),
            parcheesi: Painter::new(),
            backgammon: Painter::new(),
            #[cfg(test)]
            toy: Painter::new(),
        }
    }

    /// Returns the width and height of a game's pictures.
    pub fn size(kind: GameKind) -> (u32, u32) {
        match kind {
            GameKind::Chess => chess::Painter::SIZE,
            GameKind::Parcheesi => parcheesi::Painter::SIZE,
            GameKind::Backgammon => backgammon::Painter::SIZE,
            #[cfg(test)]
            GameKind::TicTacToe => toy::Painter::SIZE,
        }
    }

    /// Renders the game as a PNG picture.
    ///
    /// CPU-bound (about a millisecond); call it from `spawn_blocking` in async code.
    ///
    /// # Errors
    /// Fails only if PNG encoding fails.
    pub fn png(&self, game: &Game, view: &View) -> Result<Vec<u8>, RenderError> {
        match game {
            Game::Chess(g) => encode(&self.chess, g, view),
            Game::Parcheesi(g) => encode(&self.parcheesi, g, view),
            Game::Backgammon(g) => encode(&self.backgammon, g, view),
            #[cfg(test)]
            Game::TicTacToe(g) => encode(&self.toy, g, view),
        }
    }
}

/// Draws with a painter and encodes in its palette.
fn encode<P: Painter>(painter: &P, game: &P::Game, view: &View) -> Result<Vec<u8>, RenderError> {
    Ok(painter.kit().encode(&painter.draw(game, view))?)
}

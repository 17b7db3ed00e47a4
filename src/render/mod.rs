//! Pictures of games: a pure function from a game and a [`View`] to PNG bytes.
//!
//! Each game has one [`Painter`], made once at start-up with everything costly (sprites
//! rasterized with resvg, tiles, static boards, its own palette and fonts); a render only
//! copies palette-index tiles and draws text. The [`Renderer`] holds one painter per game,
//! dispatches, and encodes the indexed PNG.

mod backgammon;
pub mod card;
mod checkers;
mod chess;
mod chinese_checkers;
mod kit;
mod palette;
mod parcheesi;
mod replay;
mod snakes;
#[cfg(test)]
mod toy;

use crate::rules::{Game, GameKind, Seat};
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
    checkers: checkers::Painter,
    snakes: snakes::Painter,
    chinese_checkers: chinese_checkers::Painter,
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
    /// The seat seen at the bottom where a board turns (chess, backgammon...); `None` shows
    /// it from the side of the player to act, as a turn message does. Replays fix it.
    pub perspective: Option<Seat>,
}

/// Why a picture could not be made.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// The PNG encoder failed.
    #[error("could not encode the picture as PNG: {0}")]
    Png(#[from] png::EncodingError),
    /// The GIF encoder failed.
    #[error("could not encode the replay as GIF: {0}")]
    Gif(#[from] gif::EncodingError),
    /// The `image` encoder failed (the leaderboard card).
    #[error("could not encode the picture: {0}")]
    Image(#[from] image::ImageError),
    /// A replay's frames must all show the same game.
    #[error("a replay's frames must all be of one game")]
    MixedReplay,
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
            checkers: Painter::new(),
            snakes: Painter::new(),
            chinese_checkers: Painter::new(),
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
            GameKind::Checkers => checkers::Painter::SIZE,
            GameKind::Snakes => snakes::Painter::SIZE,
            GameKind::ChineseCheckers => chinese_checkers::Painter::SIZE,
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
        let (kit, canvas) = tracing::debug_span!("render").in_scope(|| self.draw(game, view));
        Ok(tracing::debug_span!("encode").in_scope(|| kit.encode(&canvas))?)
    }

    /// Draws positions of one game as a looping animated GIF: each frame shown `delay_ms`,
    /// the last one `last_ms`. Every frame shares the painter's palette, and after the first
    /// only the rows that changed are written.
    ///
    /// CPU-bound (a few milliseconds a frame); call it from `spawn_blocking` in async code.
    ///
    /// # Errors
    /// Fails when the frames are of different games or the GIF encoder fails.
    pub fn replay(
        &self,
        frames: &[(Game, View)],
        delay_ms: u32,
        last_ms: u32,
    ) -> Result<Vec<u8>, RenderError> {
        let Some((first, _)) = frames.first() else {
            return Ok(Vec::new());
        };
        if frames.iter().any(|(g, _)| g.kind() != first.kind()) {
            return Err(RenderError::MixedReplay);
        }
        let kit = self.draw(first, &View::default()).0;
        let canvases: Vec<Canvas> = frames.iter().map(|(g, v)| self.draw(g, v).1).collect();
        Ok(replay::encode(kit, &canvases, delay_ms, last_ms)?)
    }

    /// Draws a game with its painter; returns the painter's kit (for the palette) and the canvas.
    fn draw(&self, game: &Game, view: &View) -> (&Kit, Canvas) {
        match game {
            Game::Chess(g) => paint(&self.chess, g, view),
            Game::Parcheesi(g) => paint(&self.parcheesi, g, view),
            Game::Backgammon(g) => paint(&self.backgammon, g, view),
            Game::Checkers(g) => paint(&self.checkers, g, view),
            Game::Snakes(g) => paint(&self.snakes, g, view),
            Game::ChineseCheckers(g) => paint(&self.chinese_checkers, g, view),
            #[cfg(test)]
            Game::TicTacToe(g) => paint(&self.toy, g, view),
        }
    }
}

/// Draws with a painter, returning its kit beside the canvas.
fn paint<'a, P: Painter>(painter: &'a P, game: &P::Game, view: &View) -> (&'a Kit, Canvas) {
    (painter.kit(), painter.draw(game, view))
}

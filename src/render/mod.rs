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
mod share;
mod snakes;
#[cfg(test)]
mod toy;

use std::sync::OnceLock;

use crate::rules::{Game, GameKind, Rules, Seat};
use kit::{Canvas, Kit};

/// A game with a picture: names the painter that draws it. The renderer's dispatch is written
/// from the registry (see [`painters!`]), so a game without one does not compile.
pub(crate) trait Painted: Rules {
    /// The painter of this game's pictures.
    type Painter: Painter<Game = Self>;
}

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

/// One painter per game, each made once (about a second in all on a 2-core machine): all at
/// once by [`Renderer::new`], in the background by [`Renderer::warming`], or each on first
/// need by [`Renderer::lazy`].
pub struct Renderer {
    painters: std::sync::Arc<Painters>,
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

impl View {
    /// Returns the line for the caption band: the view's caption, or `status` (whose turn it
    /// is, how the game ended) when there is none or it is blank, so the band is never empty.
    pub(crate) fn caption_or(&self, status: impl FnOnce() -> String) -> String {
        match self.caption.as_deref().filter(|c| !c.trim().is_empty()) {
            Some(text) => text.to_string(),
            None => status(),
        }
    }

    /// Returns the name the view gives a seat, or `""` when it gives none.
    pub(crate) fn player(&self, seat: Seat) -> &str {
        self.players.get(seat).map_or("", String::as_str)
    }

    /// Returns how a caption names a seat: `alice (Red)`, or the side alone (`Red`) when the
    /// player has no name to show or is named just as the side.
    pub(crate) fn name_of(&self, seat: Seat, side: &str) -> String {
        match kit::clean(self.player(seat)) {
            n if !n.is_empty() && !n.eq_ignore_ascii_case(side) => format!("{n} ({side})"),
            _ => side.to_string(),
        }
    }
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
    /// Makes every game's painter now.
    ///
    /// # Panics
    /// Panics only if the embedded assets are broken, which the test suite rules out.
    pub fn new() -> Renderer {
        let renderer = Renderer {
            painters: std::sync::Arc::default(),
        };
        renderer.painters.warm();
        renderer
    }

    /// Returns at once and makes each game's painter when its first picture is asked for: for a
    /// process that shows few games, such as the console.
    pub fn lazy() -> Renderer {
        Renderer {
            painters: std::sync::Arc::default(),
        }
    }

    /// Returns at once and makes every game's painter on a background thread, so a process
    /// is ready without waiting for them; a picture asked for meanwhile makes its own
    /// game's painter (or waits for the one being made).
    pub fn warming() -> Renderer {
        let renderer = Renderer {
            painters: std::sync::Arc::default(),
        };
        let painters = std::sync::Arc::clone(&renderer.painters);
        let spawned = std::thread::Builder::new()
            .name("tabula-painters".into())
            .spawn(move || painters.warm());
        if let Err(e) = spawned {
            tracing::warn!(error = %e, "cannot draw the painters in the background; each is drawn when first needed");
        }
        renderer
    }

    /// Returns the width and height of a game's pictures.
    pub fn size(kind: GameKind) -> (u32, u32) {
        Painters::size(kind)
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
        self.painters.draw(game, view)
    }
}

/// Writes [`Painters`] and its dispatch from the registry: one painter per game, each made on
/// first need, found by the game's [`Painted::Painter`].
macro_rules! painters {
    ($( $(#[$attr:meta])* $variant:ident => $ty:ty, )+) => {
        /// Every game's painter, each made on first need (fields named as the registry names
        /// the games).
        #[derive(Default)]
        #[allow(non_snake_case)]
        struct Painters {
            $( $(#[$attr])* $variant: OnceLock<<$ty as Painted>::Painter>, )+
        }

        impl Painters {
            /// Makes every painter not made yet.
            fn warm(&self) {
                $( $(#[$attr])* made(&self.$variant); )+
            }

            /// Returns the width and height of a game's pictures.
            fn size(kind: GameKind) -> (u32, u32) {
                match kind {
                    $( $(#[$attr])* GameKind::$variant => <<$ty as Painted>::Painter as Painter>::SIZE, )+
                }
            }

            /// Draws a game with its painter, returning the painter's kit beside the canvas.
            fn draw(&self, game: &Game, view: &View) -> (&Kit, Canvas) {
                match game {
                    $( $(#[$attr])* Game::$variant(g) => paint(made(&self.$variant), g, view), )+
                }
            }
        }
    };
}

crate::rules::for_each_game!(painters);

/// A painter, made now if it is not yet (waiting for another thread making it).
fn made<P: Painter>(cell: &OnceLock<P>) -> &P {
    cell.get_or_init(P::new)
}

/// Draws with a painter, returning its kit beside the canvas.
fn paint<'a, P: Painter>(painter: &'a P, game: &P::Game, view: &View) -> (&'a Kit, Canvas) {
    (painter.kit(), painter.draw(game, view))
}

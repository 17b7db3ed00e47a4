//! Pictures of games: a pure function from a game and a [`View`] to PNG bytes.
//!
//! Everything costly (piece sprites rasterized with resvg, tiles blended onto every
//! background, the palette, fonts) is made once in [`Renderer::new`]; a render only copies
//! palette-index tiles, draws text in palette indices, and encodes an indexed PNG.

mod backgammon;
mod chess;
mod kit;
mod palette;
mod parcheesi;

use crate::rules::Game;
use crate::rules::chess::ChessGame;
use kit::{Canvas, Kit, KitBuilder};

/// Width and height in pixels of a chess picture.
pub const CHESS_SIZE: (u32, u32) = (chess::WIDTH, chess::HEIGHT);

/// Width and height in pixels of a Parcheesi picture.
pub const PARCHEESI_SIZE: (u32, u32) = (parcheesi::WIDTH, parcheesi::HEIGHT);

/// Width and height in pixels of a backgammon picture.
pub const BACKGAMMON_SIZE: (u32, u32) = (backgammon::PICTURE_WIDTH, backgammon::PICTURE_HEIGHT);

/// Everything drawn once at start-up (piece sprites rasterized with resvg, fonts, palettes,
/// tiles, the static Parcheesi and backgammon boards).
///
/// Each game draws in its own fixed palette, so one game's colours never crowd another's.
pub struct Renderer {
    kit: Kit,
    chess: chess::Theme,
    parcheesi_kit: Kit,
    parcheesi: parcheesi::Theme,
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
        let (parcheesi_kit, parcheesi) = parcheesi_theme();
        Renderer {
            kit,
            chess,
            parcheesi_kit,
            parcheesi,
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
        match game {
            Game::Chess(g) => {
                let canvas = chess::draw(&self.kit, &self.chess, g, view);
                Ok(self.kit.encode(&canvas)?)
            }
            Game::Parcheesi(g) => {
                let kit = &self.parcheesi_kit;
                let canvas = parcheesi::draw(kit, &self.parcheesi, g, view);
                Ok(kit.encode(&canvas)?)
            }
            Game::Backgammon(g) => Ok(self.backgammon.png(g, view)?),
        }
    }
}

/// Draws the static Parcheesi boards and builds their palette, ordered on a typical picture.
fn parcheesi_theme() -> (Kit, parcheesi::Theme) {
    let mut builder = KitBuilder::new();
    let art = parcheesi::Art::draw(&mut builder.palette);
    let mut kit = builder.build();
    let mut theme = art.into_theme(&kit);
    let view = View {
        players: vec![
            "alice".into(),
            "Bob the Builder".into(),
            "carol".into(),
            "dave".into(),
        ],
        caption: Some("alice rolled 5 and 3".into()),
    };
    let sample = parcheesi::sample_game().map(|g| parcheesi::draw(&kit, &theme, &g, &view));
    let mut samples = theme.canvases();
    samples.extend(sample.as_ref());
    let map = kit.reorder(&samples);
    theme.remap(&map);
    (kit, theme)
}

fn sample_view() -> View {
    View {
        players: vec!["alice".to_string(), "Bob the Builder".to_string()],
        caption: Some("12… Qxd4+ by Bob the Builder".to_string()),
    }
}

//! The Parcheesi picture: a player strip, the cross-shaped board, and a caption band.
//!
//! The board (parchment, START corners, the 68 track spaces with their safety marks, the
//! home paths, HOME) is drawn once per safety style at start-up with tiny-skia and kept in
//! palette indices. A render copies that board and draws only what changes: pawns (discs
//! lettered A–D, pairs of a colour joined into a blockade), the latest roll's moves (moved
//! pawns ringed, where they came from marked), the dice in the thrower's corner, whose turn
//! it is, empty corners for seats nobody plays, and the text.

mod art;
mod geometry;
mod pieces;
mod strip;

use super::View;
use super::kit::{Canvas, Face, Ink, Kit, KitBuilder, PaletteBuilder, Rgb};
use crate::rules::Rules;
use crate::rules::parcheesi::ParcheesiGame;
use art::{DEEP, LINE, PALE, PANEL_INSET, PANEL_RADIUS, PAPER, STRONG, Style, TINT, VACANT};
use geometry::{CORNER, corner_origin};

/// Height of the player strip above the board (two rows of two players).
pub const STRIP: u32 = 88;
/// Side of the board.
const BOARD: u32 = geometry::BOARD as u32;
/// Height of the caption band under the board.
const BAND: u32 = 44;
/// Width of the Parcheesi picture.
const WIDTH: u32 = BOARD;
/// Height of the Parcheesi picture.
const HEIGHT: u32 = STRIP + BOARD + BAND;

/// The outline of pawns and dice, and the letters on light pawns.
const OUTLINE: Rgb = Rgb::hex(0x2a241e);
/// Letters on dark pawns.
const WHITE: Rgb = Rgb::hex(0xffffff);
/// The ring around a pawn the latest roll moved.
const HILITE: Rgb = Rgb::hex(0xff8a00);
/// A die's face.
const IVORY: Rgb = Rgb::hex(0xfffcf2);
/// A die already played, and its pips.
const USED: [Rgb; 2] = [Rgb::hex(0xd8d1c3), Rgb::hex(0x958c7e)];

/// Radius of a pawn alone on a space or in START.
const PAWN: f32 = 14.0;
/// Radius of a pawn sharing a space.
const PAIRED: f32 = 10.0;
/// Radius of a pawn in HOME.
const HOMED: f32 = 11.0;
/// Side of a die.
const DIE: f32 = 40.0;

/// The inks a render draws with.
struct Inks {
    strong: [Ink; 4],
    deep: [Ink; 4],
    tint: [Ink; 4],
    outline: Ink,
    white: Ink,
    hilite: Ink,
    ivory: Ink,
    used: [Ink; 2],
    line: Ink,
    vacant: Ink,
}

/// The boards drawn once, in palette indices, and the inks.
struct Theme {
    /// One board per [`Style`], in [`Style::ALL`] order.
    boards: Vec<Canvas>,
    /// The corner drawn over a seat nobody plays.
    vacant: Canvas,
    /// Each seat's corner framed in its deep colour, drawn over it on its turn.
    frames: Vec<Canvas>,
    inks: Inks,
}

/// The boards in RGB before the palette exists.
struct Art {
    boards: Vec<Vec<Rgb>>,
    vacant: Vec<Rgb>,
    inks: Inks,
}

impl Art {
    /// Draws the static boards with tiny-skia and registers every colour they and the
    /// pawns, dice and labels use.
    pub fn draw(p: &mut PaletteBuilder) -> Art {
        for c in [PAPER, art::CELL, LINE, art::SAFE, art::STAR, OUTLINE] {
            p.exact(c);
        }
        for seat in 0..4 {
            p.exact(TINT[seat]);
            p.exact(PALE[seat]);
        }
        for c in VACANT {
            p.exact(c);
        }
        // Exact ramps only where text is drawn small; other edges get sampled ramps, which
        // the quantizer approximates (the palette has no room for every exact ramp).
        let inks = Inks {
            strong: std::array::from_fn(|s| p.ink(STRONG[s], &[])),
            deep: std::array::from_fn(|s| p.ink(DEEP[s], &[PALE[s]])),
            tint: std::array::from_fn(|s| p.ink(TINT[s], &[])),
            outline: p.ink(OUTLINE, &[art::CELL, STRONG[2]]),
            white: p.ink(WHITE, &[STRONG[0], STRONG[1], STRONG[3]]),
            hilite: p.ink(HILITE, &[]),
            ivory: p.ink(IVORY, &[]),
            used: [p.ink(USED[0], &[]), p.ink(USED[1], &[])],
            line: p.ink(LINE, &[]),
            vacant: p.ink(VACANT[2], &[]),
        };
        let bar = super::kit::BAR;
        let mut papers = vec![art::CELL, art::SAFE, PAPER, OUTLINE, IVORY];
        papers.extend(TINT);
        papers.extend(PALE);
        for s in 0..4 {
            ramp(p, STRONG[s], &[OUTLINE, bar, art::CELL, TINT[s], PALE[s]]);
            ramp(p, DEEP[s], &[TINT[s], PALE[s]]);
            ramp(p, TINT[s], &[art::CELL, art::SAFE, STRONG[s]]);
        }
        ramp(p, OUTLINE, &papers);
        ramp(p, HILITE, &papers);
        ramp(p, IVORY, &[OUTLINE]);
        ramp(p, USED[0], &[OUTLINE]);
        ramp(p, USED[1], &[USED[0]]);
        ramp(p, LINE, &[PAPER]);
        ramp(p, VACANT[2], &[VACANT[0]]);
        let boards: Vec<Vec<Rgb>> = Style::ALL
            .iter()
            .map(|&s| art::rgb(&art::board(s)))
            .collect();
        for b in &boards {
            p.sample(b.iter().copied());
        }
        let vacant = art::rgb(&art::vacant_corner());
        p.sample(vacant.iter().copied());
        Art {
            boards,
            vacant,
            inks,
        }
    }

    /// Converts the boards to palette indices and letters them.
    fn into_theme(self, kit: &Kit) -> Theme {
        let mut index = kit.palette.indexer();
        let mut to_canvas = |rgb: &[Rgb], side: u32| Canvas {
            width: side,
            height: side,
            pixels: rgb.iter().map(|&c| index(c)).collect(),
        };
        let mut boards: Vec<Canvas> = self.boards.iter().map(|b| to_canvas(b, BOARD)).collect();
        let vacant = to_canvas(&self.vacant, CORNER as u32);
        for board in &mut boards {
            label(kit, &self.inks, board);
        }
        // Corners do not depend on the safety style: frame them once, cut from the first board.
        let frames = (0..4)
            .map(|seat| {
                let (ox, oy) = corner_origin(seat);
                let mut tile = crop(&boards[0], (ox as u32, oy as u32), CORNER as u32);
                let inset = PANEL_INSET - 1.5;
                let side = CORNER - 2.0 * inset;
                let rect = (inset, inset, side, side);
                kit.stroke_round_rect(
                    &mut tile,
                    rect,
                    PANEL_RADIUS + 1.5,
                    6.0,
                    self.inks.deep[seat],
                );
                tile
            })
            .collect();
        Theme {
            boards,
            vacant,
            frames,
            inks: self.inks,
        }
    }
}

/// Samples the steps of `ink` anti-aliased over each of `papers`, so the quantizer keeps
/// colours near them.
fn ramp(p: &mut PaletteBuilder, ink: Rgb, papers: &[Rgb]) {
    for &paper in papers {
        for step in 1..8u8 {
            let c = ink.over(paper, f32::from(step) / 8.0);
            p.sample(std::iter::repeat_n(c, 400));
        }
    }
}

/// Copies the square of side `side` at (`x`, `y`) out of `canvas`.
fn crop(canvas: &Canvas, (x, y): (u32, u32), side: u32) -> Canvas {
    let mut pixels = Vec::with_capacity((side * side) as usize);
    for row in y..y + side {
        let start = (row * canvas.width + x) as usize;
        pixels.extend_from_slice(&canvas.pixels[start..start + side as usize]);
    }
    Canvas {
        width: side,
        height: side,
        pixels,
    }
}

/// Letters the static board: each corner's colour, and HOME.
fn label(kit: &Kit, inks: &Inks, board: &mut Canvas) {
    for seat in 0..4 {
        let (ox, oy) = corner_origin(seat);
        let name = ParcheesiGame::colour(seat).to_uppercase();
        centred_text(
            kit,
            board,
            (ox + CORNER / 2.0, oy + 37.0),
            17.0,
            &name,
            inks.deep[seat],
        );
    }
    let (cx, cy) = geometry::CENTRE;
    centred_text(kit, board, (cx, cy + 4.5), 12.5, "HOME", inks.line);
}

/// Draws bold text centred on `x` with its baseline at `y`.
fn centred_text(kit: &Kit, canvas: &mut Canvas, (x, y): (f32, f32), px: f32, text: &str, ink: Ink) {
    let w = kit.text_width(Face::Bold, px, text);
    kit.draw_text(
        canvas,
        Face::Bold,
        px,
        ((x - w / 2.0).round(), y.round()),
        text,
        ink,
    );
}

impl Theme {
    /// Returns the pictures drawn at start-up, to train the palette order on.
    fn canvases(&self) -> Vec<&Canvas> {
        let mut all: Vec<&Canvas> = self.boards.iter().collect();
        all.push(&self.vacant);
        all.extend(&self.frames);
        all
    }

    /// Renumbers the pictures after the palette was reordered.
    fn remap(&mut self, map: &[u8; 256]) {
        let vacant = std::iter::once(&mut self.vacant);
        for c in self.boards.iter_mut().chain(vacant).chain(&mut self.frames) {
            c.remap(map);
        }
    }

    fn board(&self, style: Style) -> &Canvas {
        let i = Style::ALL.iter().position(|&s| s == style).unwrap_or(0);
        &self.boards[i]
    }
}

/// Parcheesi's painter: its own kit and the boards, ordered on a typical picture.
pub struct Painter {
    kit: Kit,
    theme: Theme,
}

impl super::Painted for ParcheesiGame {
    type Painter = Painter;
}

impl super::Painter for Painter {
    type Game = ParcheesiGame;

    const SIZE: (u32, u32) = (WIDTH, HEIGHT);

    fn new() -> Painter {
        let mut builder = KitBuilder::new();
        let art = Art::draw(&mut builder.palette);
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
            perspective: None,
        };
        let sample = sample_game().map(|g| draw(&kit, &theme, &g, &view));
        let mut samples = theme.canvases();
        samples.extend(sample.as_ref());
        let map = kit.reorder(&samples);
        theme.remap(&map);
        Painter { kit, theme }
    }

    fn kit(&self) -> &Kit {
        &self.kit
    }

    fn draw(&self, game: &ParcheesiGame, view: &View) -> Canvas {
        draw(&self.kit, &self.theme, game, view)
    }
}

/// Draws the whole Parcheesi picture.
fn draw(kit: &Kit, theme: &Theme, game: &ParcheesiGame, view: &View) -> Canvas {
    let mut canvas = Canvas::new(WIDTH, HEIGHT, 0);
    canvas.blit(0, STRIP, theme.board(Style::of(game.ruleset())));
    let inks = &theme.inks;
    for seat in 0..4 {
        if seat >= game.players() || game.has_resigned(seat) {
            let (ox, oy) = corner_origin(seat);
            canvas.blit(ox as u32, STRIP + oy as u32, &theme.vacant);
            let note = if seat < game.players() {
                "RESIGNED"
            } else {
                "NO PLAYER"
            };
            let at = (ox + CORNER / 2.0, oy + 37.0 + STRIP as f32);
            centred_text(kit, &mut canvas, at, 15.0, note, inks.vacant);
        }
    }
    if let Some(seat) = game.turn().seat()
        && let Some(frame) = theme.frames.get(seat)
    {
        let (ox, oy) = corner_origin(seat);
        canvas.blit(ox as u32, STRIP + oy as u32, frame);
    }
    let moved = game.last_moves();
    for m in &moved {
        pieces::ghost(kit, &mut canvas, inks, m);
    }
    pieces::pawns(kit, &mut canvas, inks, game, &moved);
    pieces::dice(kit, &mut canvas, inks, game);
    strip::draw(kit, &mut canvas, game, view, &inks.strong);
    let caption = view.caption_or(|| strip::status(game, view));
    kit.caption_band(&mut canvas, STRIP + BOARD, BAND, &caption);
    canvas
}

/// Moves a board point down past the player strip.
fn screen((x, y): (f32, f32)) -> (f32, f32) {
    (x, y + STRIP as f32)
}

/// Returns the palette sample position: pawns out, a blockade, pawns home, a roll in play.
fn sample_game() -> Option<ParcheesiGame> {
    use crate::rules::parcheesi::{Ruleset, Setup};
    let setup = Setup {
        ruleset: Ruleset::Parcheesi,
        pawns: vec![
            [12, 12, 0, 72],
            [5, 30, 66, 0],
            [0, 0, 0, 0],
            [40, 72, 72, 0],
        ],
        to_roll: 0,
        doubles: 0,
    };
    let game = ParcheesiGame::from_setup(&setup).ok()?;
    game.roll(0, &[5, 3]).ok()
}

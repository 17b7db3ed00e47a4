//! The backgammon picture: a classic board (walnut frame, felt, 24 triangles, the bar, trays
//! for borne-off checkers), the checkers, the dice to play, the cube when it is in play,
//! point numbers, the last play, player strips with pip counts and a caption band with the
//! gnubg position ID.
//!
//! Orientation: the board is seen by the player to move (to roll, to play, or to answer a
//! double), whose home board is bottom right with points numbered 1–24 from their side. Once
//! the game is over it is seen by the winner. The empty board, checker sprites, dice, cube and
//! trays are drawn once with tiny-skia in [`Painter`]; a render copies them in palette
//! indices and draws a few numbers. Backgammon has its own palette (its felt, wood and
//! checker edges would crowd the chess pieces out of a shared one).

mod art;
mod strip;

use super::View;
use super::kit::{BAND, Canvas, Disc, Face, Ink, Kit, KitBuilder, LEVELS, MUTED, PlayerLine, TEXT};
use crate::rules::backgammon::{
    BAR, BackgammonGame, BackgammonMove, BackgammonRules, Phase, Setup, Side, Step,
};
use crate::rules::{Outcome, Rules, Seat};
use layout::*;
use strip::{side_text, status, tags};

/// Where everything sits, in pixels; board coordinates start at the board's top-left corner.
mod layout {
    /// Width of the picture.
    pub const WIDTH: u32 = 760;
    /// Height of each player strip.
    pub const STRIP: u32 = 56;
    /// Height of the caption band.
    pub const BAND_H: u32 = 44;
    /// Height of the board, frame included.
    pub const BOARD_H: u32 = 580;
    /// Height of the picture.
    pub const HEIGHT: u32 = 2 * STRIP + BOARD_H + BAND_H;
    /// Width of a point; checkers are a little narrower.
    pub const POINT: u32 = 50;
    /// Side of a checker sprite.
    pub const CHECKER: u32 = 46;
    /// Left edges of the left field, the bar and the right field.
    pub const LEFT_X: u32 = 16;
    pub const BAR_X: u32 = LEFT_X + 6 * POINT;
    pub const BAR_W: u32 = 52;
    pub const RIGHT_X: u32 = BAR_X + BAR_W;
    /// The trays for borne-off checkers, right of the field.
    pub const TRAY_X: u32 = RIGHT_X + 6 * POINT + 14;
    pub const TRAY_W: u32 = 62;
    pub const TRAY_H: u32 = 236;
    /// Top and bottom of the playing field (the frame above and below holds the numbers).
    pub const FIELD_TOP: u32 = 28;
    pub const FIELD_BOTTOM: u32 = BOARD_H - 28;
    /// The middle of the field, between the two rows of points.
    pub const MID: u32 = (FIELD_TOP + FIELD_BOTTOM) / 2;
    /// Height of a triangle.
    pub const TRIANGLE: f32 = 204.0;
    /// Side of a die tile and of the cube tile.
    pub const DIE: u32 = 46;
    pub const CUBE: u32 = 44;
    /// A borne-off checker seen edge-on, and the step between two in a tray.
    pub const SLAB_W: u32 = 54;
    pub const SLAB_H: u32 = 13;
    pub const SLAB_STEP: u32 = 15;
}

/// Most checkers drawn on a point, and on the bar; a bigger stack shows its count.
const STACK: u8 = 5;
const BAR_STACK: u8 = 3;
/// Pixel sizes of the point numbers and of counts on checkers.
const NUMBER_PX: f32 = 14.0;
const COUNT_PX: f32 = 19.0;

/// A checker with transparent corners: opaque pixels are palette indices, the anti-aliased
/// rim is blended with the edge ink over what lies under it.
pub struct Sprite {
    size: u32,
    solid: Vec<u8>,
    /// Coverage per pixel, 0 (skip) to `LEVELS` (use `solid`).
    level: Vec<u8>,
    edge: Ink,
}

/// The art in palette indices.
pub struct Parts {
    board: Canvas,
    /// White, white marked, black, black marked.
    checkers: [Sprite; 4],
    /// Faces 1–6 of a white die, then of a black die.
    dice: Vec<Canvas>,
    /// The cube on the bar, then on the felt.
    cubes: [Canvas; 2],
    /// Borne-off white and black checkers.
    slabs: [Canvas; 2],
    inks: art::Inks,
}

/// Backgammon's painter: everything drawn once, with its own kit and palette.
pub struct Painter {
    kit: Kit,
    parts: Parts,
    band: u8,
    caption: Ink,
    muted: Ink,
}

impl super::Painted for BackgammonGame {
    type Painter = Painter;
}

impl super::Painter for Painter {
    type Game = BackgammonGame;

    const SIZE: (u32, u32) = (WIDTH, HEIGHT);

    /// Draws the board and pieces, builds the palette and orders it on a sample picture.
    fn new() -> Painter {
        let mut builder = KitBuilder::new();
        let art = art::Art::draw(&mut builder.palette);
        let caption = builder.palette.ink(TEXT, &[BAND]);
        let muted = builder.palette.ink(MUTED, &[BAND]);
        let kit = builder.build();
        let mut parts = art.into_parts(&kit);
        draw_numbers(&kit, &mut parts);
        let band = kit.palette.index(BAND);
        let mut theme = Painter {
            kit,
            parts,
            band,
            caption,
            muted,
        };
        let sample = theme.paint(&sample_game(), &View::default());
        let p = &theme.parts;
        let mut samples: Vec<&Canvas> = vec![&p.board, &sample];
        samples.extend(p.dice.iter().chain(&p.cubes).chain(&p.slabs));
        let map = theme.kit.reorder(&samples);
        theme.parts.remap(&map);
        theme.band = map[usize::from(theme.band)];
        theme
    }

    fn kit(&self) -> &Kit {
        &self.kit
    }

    fn draw(&self, game: &BackgammonGame, view: &View) -> Canvas {
        self.paint(game, view)
    }
}

impl Painter {
    /// Draws the whole picture.
    fn paint(&self, game: &BackgammonGame, view: &View) -> Canvas {
        let mut canvas = Canvas::new(WIDTH, HEIGHT, self.band);
        canvas.blit(0, STRIP, &self.parts.board);
        let bottom = view
            .perspective
            .filter(|s| *s < 2)
            .unwrap_or_else(|| bottom_seat(game));
        let mut board = Layer {
            theme: self,
            canvas: &mut canvas,
        };
        let marks = board.last_play(game, bottom);
        for seat in [0, 1] {
            board.checkers(game, seat, bottom, &marks);
        }
        board.dice_and_cube(game, bottom);
        for (seat, top) in [(1 - bottom, 0), (bottom, STRIP + BOARD_H)] {
            let tags = tags(game, seat);
            let side = side_text(game, seat);
            let line = PlayerLine {
                name: view.player(seat),
                side: &side,
                disc: if seat == 0 { Disc::Light } else { Disc::Dark },
                tags: tags.iter().map(|(t, tone)| (t.as_str(), *tone)).collect(),
                ..PlayerLine::default()
            };
            self.kit.player_bar(&mut canvas, top, STRIP, &line);
        }
        let caption = view.caption_or(|| status(game));
        self.caption_band(&mut canvas, &caption, &game.position_id());
        canvas
    }

    /// Draws the caption band: the caption, and the position ID at the right.
    fn caption_band(&self, canvas: &mut Canvas, caption: &str, id: &str) {
        let top = 2 * STRIP + BOARD_H;
        let kit = &self.kit;
        let (id_px, px) = (13.0, 18.0);
        let id = format!("ID {id}");
        let id_w = kit.text_width(Face::Regular, id_px, &id);
        let base = Kit::centred_baseline(top as f32, BAND_H as f32, px);
        let id_x = WIDTH as f32 - 16.0 - id_w;
        kit.draw_text(
            canvas,
            Face::Regular,
            id_px,
            (id_x.round(), base),
            &id,
            self.muted,
        );
        let room = id_x - 24.0 - 16.0;
        let line = kit.fit(Face::Regular, px, caption, room);
        let w = kit.text_width(Face::Regular, px, &line);
        let x = (16.0 + (room - w) / 2.0).round();
        kit.draw_text(canvas, Face::Regular, px, (x, base), &line, self.caption);
    }
}

impl Parts {
    fn remap(&mut self, map: &[u8; 256]) {
        self.board.remap(map);
        for tile in self
            .dice
            .iter_mut()
            .chain(&mut self.cubes)
            .chain(&mut self.slabs)
        {
            tile.remap(map);
        }
        for sprite in &mut self.checkers {
            for (s, l) in sprite.solid.iter_mut().zip(&sprite.level) {
                if usize::from(*l) == LEVELS {
                    *s = map[usize::from(*s)];
                }
            }
        }
    }
}

/// Draws the point numbers 1–24 on the frame, from the bottom player's side.
fn draw_numbers(kit: &Kit, parts: &mut Parts) {
    for col in 0..12 {
        for top in [true, false] {
            let point = point_at(col, top);
            number(kit, &mut parts.board, point, parts.inks.number, 0);
        }
    }
}

/// Writes the number of bottom-side `point` in its place on the frame of `board`, which
/// starts `dy` pixels down the canvas.
fn number(kit: &Kit, canvas: &mut Canvas, point: u8, ink: Ink, dy: u32) {
    let (col, top) = screen(point);
    let text = point.to_string();
    let w = kit.text_width(Face::Bold, NUMBER_PX, &text);
    let x = (art::column_x(col) + POINT / 2) as f32 - w / 2.0;
    let band_top = if top { 0 } else { FIELD_BOTTOM + 3 };
    let band_h = FIELD_TOP - 3;
    let base = Kit::centred_baseline((band_top + dy) as f32, band_h as f32, NUMBER_PX);
    kit.draw_text(canvas, Face::Bold, NUMBER_PX, (x.round(), base), &text, ink);
}

/// Returns the screen column (0–11, left to right) and row (top or not) of `point` counted
/// from the bottom player's side: 1–12 along the bottom from the right, 13–24 along the top.
fn screen(point: u8) -> (u32, bool) {
    let p = u32::from(point.clamp(1, 24));
    if p <= 12 {
        (12 - p, false)
    } else {
        (p - 13, true)
    }
}

/// The inverse of [`screen`].
fn point_at(col: u32, top: bool) -> u8 {
    (if top { col + 13 } else { 12 - col }) as u8
}

/// Returns the seat seen at the bottom (see the module notes).
pub fn bottom_seat(game: &BackgammonGame) -> Seat {
    match game.phase() {
        Phase::Opening => 0,
        Phase::Roll { seat } | Phase::Move { seat, .. } => seat,
        Phase::Doubled { seat } => 1 - seat,
        Phase::Over {
            outcome: Outcome::Win { winner, .. },
        } => winner,
        Phase::Over { .. } => 0,
    }
}

/// Turns `seat`'s own point number into the bottom player's.
fn from_bottom(seat: Seat, bottom: Seat, point: u8) -> u8 {
    if seat == bottom { point } else { 25 - point }
}

/// Net arrivals on each point (bottom numbering) from the last play, for ringing checkers.
struct Marks {
    seat: Seat,
    arrived: [u8; 26],
}

/// The picture being drawn, with the theme.
struct Layer<'a> {
    theme: &'a Painter,
    canvas: &'a mut Canvas,
}

impl Layer<'_> {
    /// Stamps a checker sprite with its top-left corner at board position (`x`, `y`).
    fn stamp(&mut self, x: u32, y: u32, sprite: &Sprite) {
        let palette = &self.theme.kit.palette;
        let width = self.canvas.width as usize;
        let size = sprite.size as usize;
        let (x, y) = (x as usize, (y + STRIP) as usize);
        for row in 0..size {
            let dst = (y + row) * width + x;
            let src = row * size;
            let Some(out) = self.canvas.pixels.get_mut(dst..dst + size) else {
                continue;
            };
            let levels = &sprite.level[src..src + size];
            let solid = &sprite.solid[src..src + size];
            for ((o, &l), &s) in out.iter_mut().zip(levels).zip(solid) {
                match usize::from(l) {
                    0 => {}
                    LEVELS => *o = s,
                    l => *o = palette.blend(sprite.edge, *o, l),
                }
            }
        }
    }

    /// Writes `text` centred on (`cx`, `cy`) in board coordinates.
    fn centred(&mut self, (cx, cy): (f32, f32), px: f32, text: &str, ink: Ink) {
        let kit = &self.theme.kit;
        let w = kit.text_width(Face::Bold, px, text);
        let base = (cy + STRIP as f32 + Kit::cap_height(px) / 2.0).round();
        kit.draw_text(
            self.canvas,
            Face::Bold,
            px,
            ((cx - w / 2.0).round(), base),
            text,
            ink,
        );
    }

    /// Highlights the numbers of the points the last play left and reached.
    fn last_play(&mut self, game: &BackgammonGame, bottom: Seat) -> Marks {
        let mut marks = Marks {
            seat: 2,
            arrived: [0; 26],
        };
        let Some(last) = game.last_play() else {
            return marks;
        };
        if matches!(game.phase(), Phase::Opening) {
            return marks;
        }
        marks.seat = last.seat;
        let mut net = [0i32; 26];
        for (p, d) in last.steps.iter().flat_map(|s| [(s.from, -1), (s.to, 1)]) {
            if let Some(n) = net.get_mut(usize::from(p)) {
                *n += d;
            }
        }
        let inks = self.theme.parts.inks;
        let kit = &self.theme.kit;
        for p in 1..=24u8 {
            let n = net[usize::from(p)];
            if n == 0 {
                continue;
            }
            let q = from_bottom(last.seat, bottom, p);
            let (col, top) = screen(q);
            let (pill, text) = if n > 0 {
                marks.arrived[usize::from(q)] = n as u8;
                (inks.to_pill, inks.to_text)
            } else {
                (inks.from_pill, inks.number)
            };
            let (w, h) = (30.0, 19.0);
            let cx = (art::column_x(col) + POINT / 2) as f32;
            let band_top = if top { 0 } else { FIELD_BOTTOM + 3 };
            let cy = (band_top + STRIP) as f32 + (FIELD_TOP - 3) as f32 / 2.0;
            let r = (cx - w / 2.0, (cy - h / 2.0).round(), w, h);
            kit.fill_round_rect(self.canvas, r, h / 2.0, pill);
            number(kit, self.canvas, q, text, STRIP);
        }
        marks
    }

    /// Draws `seat`'s checkers on the points, the bar and in the tray.
    fn checkers(&mut self, game: &BackgammonGame, seat: Seat, bottom: Seat, marks: &Marks) {
        let board = game.board();
        let parts = &self.theme.parts;
        let base = if seat == 0 { 0 } else { 2 };
        let count_ink = parts.inks.on_checker[seat];
        let x_pad = (POINT - CHECKER) / 2;
        for p in 1..=24u8 {
            let n = board.checkers(seat, p);
            if n == 0 {
                continue;
            }
            let q = from_bottom(seat, bottom, p);
            let (col, top) = screen(q);
            let x = art::column_x(col) + x_pad;
            let shown = n.min(STACK);
            let arrived = if marks.seat == seat {
                marks.arrived[usize::from(q)].min(shown)
            } else {
                0
            };
            for k in 0..u32::from(shown) {
                let y = if top {
                    FIELD_TOP + 2 + k * CHECKER
                } else {
                    FIELD_BOTTOM - 2 - CHECKER - k * CHECKER
                };
                let marked = k >= u32::from(shown - arrived);
                self.stamp(x, y, &parts.checkers[base + usize::from(marked)]);
                if n > STACK && k + 1 == u32::from(shown) {
                    let c = (
                        x as f32 + CHECKER as f32 / 2.0,
                        y as f32 + CHECKER as f32 / 2.0,
                    );
                    self.centred(c, COUNT_PX, &n.to_string(), count_ink);
                }
            }
        }
        // The bar: each side's checkers in its own half, from the middle outwards.
        let n = board.checkers(seat, BAR);
        let x = BAR_X + (BAR_W - CHECKER) / 2;
        for k in 0..u32::from(n.min(BAR_STACK)) {
            let y = if seat == bottom {
                MID + 30 + k * CHECKER
            } else {
                MID - 30 - CHECKER - k * CHECKER
            };
            self.stamp(x, y, &parts.checkers[base]);
            if n > BAR_STACK && k + 1 == u32::from(BAR_STACK) {
                let c = (
                    x as f32 + CHECKER as f32 / 2.0,
                    y as f32 + CHECKER as f32 / 2.0,
                );
                self.centred(c, COUNT_PX, &n.to_string(), count_ink);
            }
        }
        // The tray: the bottom player's fills from the bottom up, the other's from the top.
        let slab = &parts.slabs[seat];
        let x = TRAY_X + (TRAY_W - SLAB_W) / 2;
        for k in 0..u32::from(board.off(seat)) {
            let y = if seat == bottom {
                FIELD_BOTTOM - 4 - SLAB_H - k * SLAB_STEP
            } else {
                FIELD_TOP + 4 + k * SLAB_STEP
            };
            self.canvas.blit(x, y + STRIP, slab);
        }
    }

    /// Draws the dice to play on the right half, and the cube when the rules use it.
    fn dice_and_cube(&mut self, game: &BackgammonGame, bottom: Seat) {
        let parts = &self.theme.parts;
        let centre = RIGHT_X + 3 * POINT;
        if let Phase::Move { seat, dice } = game.phase() {
            let first = if seat == 0 { 0 } else { 6 };
            for (i, d) in dice.iter().enumerate() {
                let x = if i == 0 { centre - 5 - DIE } else { centre + 5 };
                let face = first + usize::from(d.clamp(&1, &6) - 1);
                self.canvas
                    .blit(x, MID - DIE / 2 + STRIP, &parts.dice[face]);
            }
        }
        if !game.rules().cube {
            return;
        }
        let cube = game.cube();
        let (x, y, value, tile) = match game.phase() {
            // An offered cube waits on the field for the answer.
            Phase::Doubled { .. } => (centre - CUBE / 2, MID - CUBE / 2, cube.value * 2, 1),
            _ => {
                let y = match cube.owner {
                    None => MID - CUBE / 2,
                    Some(o) if o == bottom => FIELD_BOTTOM - 4 - CUBE,
                    Some(_) => FIELD_TOP + 4,
                };
                (BAR_X + (BAR_W - CUBE) / 2, y, cube.value, 0)
            }
        };
        self.canvas.blit(x, y + STRIP, &parts.cubes[tile]);
        // A cube in the middle shows 64, as real cubes do.
        let text = if value == 1 { 64 } else { value }.to_string();
        let px = match text.len() {
            1 | 2 => 21.0,
            3 => 16.0,
            _ => 12.5,
        };
        let c = (
            x as f32 + CUBE as f32 / 2.0 - 0.5,
            y as f32 + CUBE as f32 / 2.0,
        );
        self.centred(c, px, &text, parts.inks.on_cube);
    }
}

/// A middle game with every kind of art on it, to order the palette on.
fn sample_game() -> BackgammonGame {
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
    let fallback = || BackgammonGame::new(BackgammonRules::money());
    let Ok(game) = BackgammonGame::from_setup(setup, BackgammonRules::money()) else {
        return fallback();
    };
    let steps = vec![Step { from: 13, to: 8 }, Step { from: 6, to: 4 }];
    let played = game
        .apply(0, &BackgammonMove::Double)
        .and_then(|g| g.apply(1, &BackgammonMove::Take))
        .and_then(|g| g.roll(0, &[5, 2]))
        .and_then(|g| g.apply(0, &BackgammonMove::Play(steps)))
        .and_then(|g| g.roll(1, &[6, 3]));
    played.unwrap_or_else(|_| fallback())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_map_to_columns_and_back() {
        assert_eq!(screen(1), (11, false));
        assert_eq!(screen(12), (0, false));
        assert_eq!(screen(13), (0, true));
        assert_eq!(screen(24), (11, true));
        for p in 1..=24 {
            let (col, top) = screen(p);
            assert_eq!(point_at(col, top), p);
        }
    }

    #[test]
    fn the_sample_game_reaches_the_position_it_is_meant_to_show() {
        let game = sample_game();
        assert!(matches!(game.phase(), Phase::Move { seat: 1, .. }));
        assert_eq!(game.board().checkers(1, BAR), 1);
        assert_eq!(game.cube().owner, Some(1));
    }
}

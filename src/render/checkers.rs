//! The checkers picture: a wooden board with the 32 playing squares numbered small in their
//! corners (players type the numbers), men as turned discs and kings with a gold crown, the
//! last move's path (every square it visited, with dots between) and the pieces it took shown
//! faint, a player bar above and below, and a caption band (at most 40 KB, as chess).
//!
//! Orientation: seen from the side to move (Black has squares 1-4 nearest; White 29-32);
//! once the game is over, from the side that moved last, and from Black's after a resignation
//! or an agreed draw before any move. Every tile is drawn once with tiny-skia at start-up.

use resvg::tiny_skia::{self, FillRule, Paint, PathBuilder, Pixmap, Stroke, Transform};

use super::View;
use super::kit::{Canvas, Disc, Face, Ink, Kit, KitBuilder, PlayerLine, Rgb, Tone, duel_tags};
use crate::rules::checkers::{BLACK, CheckersGame, seat_name};
use crate::rules::{Outcome, Rules, Seat, WinReason};

/// Side of one square in pixels.
const SQUARE: u32 = 80;
const BOARD: u32 = 8 * SQUARE;
const BAR_HEIGHT: u32 = 56;
const BAND_HEIGHT: u32 = 44;
const WIDTH: u32 = BOARD;
const HEIGHT: u32 = 2 * BAR_HEIGHT + BOARD + BAND_HEIGHT;

const LIGHT: Rgb = Rgb::hex(0xead7b3);
const DARK: Rgb = Rgb::hex(0x7b5a3c);
const DARK_LAST: Rgb = Rgb::hex(0x9a7b2c);
/// Black's men: a near-black disc with a warm rim; White's: ivory.
const BLACK_FACE: Rgb = Rgb::hex(0x2a2624);
const BLACK_RIM: Rgb = Rgb::hex(0x4d4540);
const WHITE_FACE: Rgb = Rgb::hex(0xf3ead8);
const WHITE_RIM: Rgb = Rgb::hex(0xc9b99a);
const EDGE: Rgb = Rgb::hex(0x120f0d);
const GOLD: Rgb = Rgb::hex(0xe0b43c);
const GOLD_EDGE: Rgb = Rgb::hex(0x8a6212);
/// The square numbers, and the path dots.
const NUMBER: Rgb = Rgb::hex(0xe8d6b8);
const PATH: Rgb = Rgb::hex(0xf5d142);
const NUMBER_PX: f32 = 14.0;
/// How opaque a taken piece is drawn.
const FAINT: f32 = 0.35;

/// Pieces in tile order: Black man, Black king, White man, White king, each then faint.
const PIECES: usize = 8;
const EMPTY: usize = PIECES;

fn piece_tile(seat: Seat, king: bool, faint: bool) -> usize {
    seat * 2 + usize::from(king) + 4 * usize::from(faint)
}

/// Tiles of the dark squares: plain then on the last move's path, each with every piece and empty.
fn tile_index(last: bool, piece: usize) -> usize {
    usize::from(last) * (PIECES + 1) + piece
}

pub struct Painter {
    kit: Kit,
    tiles: Vec<Canvas>,
    light: u8,
    number: Ink,
    path: Ink,
}

fn rgba(c: Rgb, alpha: f32) -> tiny_skia::Color {
    tiny_skia::Color::from_rgba8(c.0, c.1, c.2, (alpha * 255.0).round() as u8)
}

fn paint(c: Rgb, alpha: f32) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color(rgba(c, alpha));
    p.anti_alias = true;
    p
}

fn circle(pixmap: &mut Pixmap, r: f32, c: Rgb, alpha: f32, dy: f32) {
    let half = SQUARE as f32 / 2.0;
    if let Some(path) = PathBuilder::from_circle(half, half + dy, r) {
        pixmap.fill_path(
            &path,
            &paint(c, alpha),
            FillRule::Winding,
            Transform::identity(),
            None,
        );
    }
}

/// Draws a piece on a pixmap: a disc with a shadow edge, a rim and a face; a king gets a crown.
fn draw_piece(pixmap: &mut Pixmap, seat: Seat, king: bool, alpha: f32) {
    let (face, rim) = if seat == BLACK {
        (BLACK_FACE, BLACK_RIM)
    } else {
        (WHITE_FACE, WHITE_RIM)
    };
    let r = SQUARE as f32 * 0.40;
    // Few edges keep the PNG small: a shadow, the rim, the face.
    circle(pixmap, r, EDGE, alpha, 2.5);
    circle(pixmap, r, rim, alpha, 0.0);
    circle(pixmap, r * 0.78, face, alpha, 0.0);
    if king {
        // A five-pointed crown with a band, in gold with a dark outline.
        let h = SQUARE as f32 / 2.0;
        let s = SQUARE as f32 / 80.0;
        let mut pb = PathBuilder::new();
        let pts = [
            (-17.0, 10.0),
            (-19.0, -9.0),
            (-9.0, 0.0),
            (0.0, -14.0),
            (9.0, 0.0),
            (19.0, -9.0),
            (17.0, 10.0),
        ];
        pb.move_to(h + pts[0].0 * s, h + pts[0].1 * s);
        for (x, y) in &pts[1..] {
            pb.line_to(h + x * s, h + y * s);
        }
        pb.close();
        if let Some(path) = pb.finish() {
            pixmap.fill_path(
                &path,
                &paint(GOLD, alpha),
                FillRule::Winding,
                Transform::identity(),
                None,
            );
            let stroke = Stroke {
                width: 1.8 * s,
                ..Stroke::default()
            };
            pixmap.stroke_path(
                &path,
                &paint(GOLD_EDGE, alpha),
                &stroke,
                Transform::identity(),
                None,
            );
        }
        for (x, y) in [(-19.0, -9.0), (0.0, -14.0), (19.0, -9.0)] {
            if let Some(path) = PathBuilder::from_circle(h + x * s, h + y * s, 2.6 * s) {
                pixmap.fill_path(
                    &path,
                    &paint(GOLD, alpha),
                    FillRule::Winding,
                    Transform::identity(),
                    None,
                );
            }
        }
        if let Some(rect) = tiny_skia::Rect::from_xywh(h - 17.0 * s, h + 5.0 * s, 34.0 * s, 4.0 * s)
        {
            pixmap.fill_rect(rect, &paint(GOLD_EDGE, alpha), Transform::identity(), None);
        }
    }
}

/// Returns a tile's opaque colours.
fn tile_rgb(bg: Rgb, piece: Option<(Seat, bool, bool)>) -> Vec<Rgb> {
    let Some(mut pixmap) = Pixmap::new(SQUARE, SQUARE) else {
        return vec![bg; (SQUARE * SQUARE) as usize];
    };
    pixmap.fill(rgba(bg, 1.0));
    if let Some((seat, king, faint)) = piece {
        draw_piece(&mut pixmap, seat, king, if faint { FAINT } else { 1.0 });
    }
    pixmap
        .pixels()
        .iter()
        .map(|p| Rgb(p.red(), p.green(), p.blue()))
        .collect()
}

impl super::Painted for CheckersGame {
    type Painter = Painter;
}

impl super::Painter for Painter {
    type Game = CheckersGame;

    const SIZE: (u32, u32) = (WIDTH, HEIGHT);

    fn new() -> Painter {
        let mut builder = KitBuilder::new();
        builder.palette.exact(LIGHT);
        builder.palette.exact(DARK);
        builder.palette.exact(DARK_LAST);
        let number = builder.palette.ink(NUMBER, &[DARK, DARK_LAST]);
        let path = builder.palette.ink(
            PATH,
            &[DARK_LAST, BLACK_FACE, WHITE_FACE, BLACK_RIM, WHITE_RIM],
        );
        let mut rgb = Vec::new();
        for bg in [DARK, DARK_LAST] {
            for piece in 0..=PIECES {
                let p = (piece < PIECES).then_some((piece % 4 / 2, piece % 2 == 1, piece >= 4));
                let tile = tile_rgb(bg, p);
                builder.palette.sample(tile.iter().copied());
                rgb.push(tile);
            }
        }
        let kit = builder.build();
        let mut tiles: Vec<Canvas> = {
            let mut index = kit.palette.indexer();
            rgb.iter()
                .map(|t| Canvas {
                    width: SQUARE,
                    height: SQUARE,
                    pixels: t.iter().map(|&c| index(c)).collect(),
                })
                .collect()
        };
        let mut light = kit.palette.index(LIGHT);
        let sample_game = CheckersGame::new("forced", 2).expect("the default ruleset exists");
        let view = View {
            players: vec!["alice".into(), "Bob the Builder".into()],
            caption: Some("11-15 by alice".into()),
            perspective: None,
        };
        let mut painter = Painter {
            kit,
            tiles: Vec::new(),
            light,
            number,
            path,
        };
        painter.tiles = std::mem::take(&mut tiles);
        let sample = painter.draw_game(&sample_game, &view);
        let mut samples: Vec<&Canvas> = painter.tiles.iter().collect();
        samples.push(&sample);
        let map = painter.kit.reorder(&samples);
        for tile in &mut painter.tiles {
            tile.remap(&map);
        }
        light = map[usize::from(light)];
        painter.light = light;
        painter
    }

    fn kit(&self) -> &Kit {
        &self.kit
    }

    fn draw(&self, game: &CheckersGame, view: &View) -> Canvas {
        self.draw_game(game, view)
    }
}

/// Returns the seat seen at the bottom (see the module notes).
pub fn bottom_side(game: &CheckersGame) -> Seat {
    match game.outcome() {
        None => game.seat_to_move(),
        Some(_) => game.last().map_or(BLACK, |l| l.seat),
    }
}

impl Painter {
    fn draw_game(&self, game: &CheckersGame, view: &View) -> Canvas {
        let mut canvas = Canvas::new(WIDTH, HEIGHT, self.light);
        let bottom = view
            .perspective
            .filter(|s| *s < 2)
            .unwrap_or_else(|| bottom_side(game));
        self.board(game, bottom, &mut canvas);
        for (seat, top) in [(1 - bottom, 0), (bottom, BAR_HEIGHT + BOARD)] {
            let line = player_line(game, view, seat);
            self.kit.player_bar(&mut canvas, top, BAR_HEIGHT, &line);
        }
        let caption = view.caption_or(|| status(game));
        self.kit.caption_band(
            &mut canvas,
            BAR_HEIGHT + BOARD + BAR_HEIGHT,
            BAND_HEIGHT,
            &caption,
        );
        canvas
    }

    fn board(&self, game: &CheckersGame, bottom: Seat, canvas: &mut Canvas) {
        let pos = game.board();
        let last = game.last();
        let on_path = |b: u8| last.is_some_and(|l| l.path.contains(&b));
        // Screen column and row of a square (bit), Black's side (1-4) on top when White is at the bottom.
        let place = |b: u8| {
            let (row, col) = crate::rules::checkers::coords(b);
            if bottom == BLACK {
                (7 - u32::from(col), 7 - u32::from(row))
            } else {
                (u32::from(col), u32::from(row))
            }
        };
        for b in 0..32u8 {
            let piece = match pos.at(b) {
                Some((seat, king)) => piece_tile(seat, king, false),
                None => last
                    .and_then(|l| l.taken.iter().find(|(t, _)| *t == b))
                    .map_or(EMPTY, |(_, king)| {
                        piece_tile(1 - last.map_or(0, |l| l.seat), *king, true)
                    }),
            };
            let (col, row) = place(b);
            if let Some(tile) = self.tiles.get(tile_index(on_path(b), piece)) {
                canvas.blit(col * SQUARE, BAR_HEIGHT + row * SQUARE, tile);
            }
            let label = (b + 1).to_string();
            let at = (
                (col * SQUARE) as f32 + 4.0,
                (BAR_HEIGHT + row * SQUARE) as f32 + 3.0 + Kit::cap_height(NUMBER_PX).round(),
            );
            self.kit
                .draw_text(canvas, Face::Bold, NUMBER_PX, at, &label, self.number);
        }
        // Dots along the path, square centre to square centre.
        if let Some(l) = last {
            let centre = |b: u8| {
                let (col, row) = place(b);
                (
                    (col * SQUARE + SQUARE / 2) as f32,
                    (BAR_HEIGHT + row * SQUARE + SQUARE / 2) as f32,
                )
            };
            for pair in l.path.windows(2) {
                let (a, z) = (centre(pair[0]), centre(pair[1]));
                let len = (z.0 - a.0).hypot(z.1 - a.1);
                let steps = (len / 12.0).max(1.0) as u32;
                for i in 0..=steps {
                    let t = i as f32 / steps as f32;
                    let r = if i == steps { 6.0 } else { 3.0 };
                    let p = (a.0 + (z.0 - a.0) * t, a.1 + (z.1 - a.1) * t);
                    self.kit.fill_circle(canvas, p, r, self.path);
                }
            }
        }
    }
}

fn player_line<'a>(game: &CheckersGame, view: &'a View, seat: Seat) -> PlayerLine<'a> {
    let name = view.player(seat);
    let lost_by = |reason| match reason {
        WinReason::Resignation => Some("resigned"),
        WinReason::Blocked => Some("no move"),
        _ => None,
    };
    let to_move = game.seat_to_move();
    let mut tags = duel_tags(game.outcome(), seat, lost_by, game.draw_offer(), to_move);
    // A huff is the mover's to take, before the move itself.
    if game.outcome().is_none() && to_move == seat && game.pending().is_some() {
        tags.insert(tags.len() - 1, ("may huff", Tone::Warn));
    }
    PlayerLine {
        name,
        side: seat_name(seat),
        disc: if seat == BLACK {
            Disc::Dark
        } else {
            Disc::Light
        },
        tags,
        ..PlayerLine::default()
    }
}

/// The default caption: whose move it is, or how the game ended.
fn status(game: &CheckersGame) -> String {
    match game.outcome() {
        Some(o @ Outcome::Win { winner, .. }) => {
            format!("{} wins by {}", seat_name(winner), game.describe(o))
        }
        Some(o @ Outcome::Draw { .. }) => format!("Draw by {}", game.describe(o)),
        None => {
            let mut text = format!("{} to move", seat_name(game.seat_to_move()));
            if let Some(seat) = game.draw_offer() {
                text.push_str(&format!(" · {} offers a draw", seat_name(seat)));
            }
            text
        }
    }
}

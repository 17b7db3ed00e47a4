//! The backgammon art drawn once at start-up with tiny-skia: the empty board (frame, felt,
//! triangles, bar, trays), checker sprites, dice faces, the cube and borne-off checkers.
//!
//! Everything is drawn in RGB, sampled into the palette builder, and converted to palette
//! indices once the palette exists ([`Art::into_parts`]).

use resvg::tiny_skia::{
    self, Color, FillRule, GradientStop, LinearGradient, Paint, Path, PathBuilder, Pixmap, Point,
    Shader, SpreadMode, Stroke, Transform,
};

use super::layout::{
    BAR_W, BAR_X, BOARD_H, CHECKER, CUBE, DIE, FIELD_BOTTOM, FIELD_TOP, LEFT_X, POINT, RIGHT_X,
    SLAB_H, SLAB_W, TRAY_H, TRAY_W, TRAY_X, TRIANGLE, WIDTH,
};
use super::{Parts, Sprite};
use crate::render::kit::{Canvas, Ink, Kit, LEVELS, PaletteBuilder, Rgb};

/// The frame and bar: dark walnut.
pub const WOOD: Rgb = Rgb::hex(0x5b3a22);
/// Shadow lines where the frame meets the playing field.
const WOOD_SHADOW: Rgb = Rgb::hex(0x3a2414);
/// A lighter line along the frame's outer edge.
const WOOD_LIGHT: Rgb = Rgb::hex(0x6e4a2e);
/// The playing field.
pub const FELT: Rgb = Rgb::hex(0x2d5a43);
/// The two triangle colours.
pub const SAND: Rgb = Rgb::hex(0xdcc59b);
pub const BRICK: Rgb = Rgb::hex(0xa4452f);
/// The recessed trays for borne-off checkers.
pub const TRAY: Rgb = Rgb::hex(0x3d2716);
/// Point numbers on the frame.
pub const NUMBER: Rgb = Rgb::hex(0xe9d8b4);
/// The pill behind the number of a point the last play landed on, and its number.
pub const TO_PILL: Rgb = Rgb::hex(0xf0b43c);
pub const TO_TEXT: Rgb = Rgb::hex(0x2b1a0c);
/// The pill behind the number of a point the last play left.
pub const FROM_PILL: Rgb = Rgb::hex(0x8d6a46);

/// White checkers: the edge, the face and the groove.
const WHITE_EDGE: Rgb = Rgb::hex(0x9b917f);
pub const WHITE_FACE: Rgb = Rgb::hex(0xece5d6);
const WHITE_GROOVE: Rgb = Rgb::hex(0xd3cab8);
/// Black checkers: the edge, the face and the groove.
const BLACK_EDGE: Rgb = Rgb::hex(0x0d0c0b);
pub const BLACK_FACE: Rgb = Rgb::hex(0x2c2a27);
const BLACK_GROOVE: Rgb = Rgb::hex(0x1a1917);
/// The ring on the checkers the last play moved.
const MARK: Rgb = Rgb::hex(0xf0b43c);
/// Text on checkers (stack counts) and on the cube.
pub const INK_DARK: Rgb = Rgb::hex(0x23201c);
pub const INK_LIGHT: Rgb = Rgb::hex(0xf3efe6);
/// The doubling cube's face and edge.
pub const CUBE_FACE: Rgb = Rgb::hex(0xf4eddc);
const CUBE_EDGE: Rgb = Rgb::hex(0x8a7f69);

/// The colours under which checkers are drawn, for their anti-aliased edges.
const UNDER_CHECKERS: [Rgb; 4] = [FELT, SAND, BRICK, WOOD];

/// Inks registered for the runtime drawing.
#[derive(Clone, Copy)]
pub struct Inks {
    /// The edge of a white, then a black checker.
    pub edge: [Ink; 2],
    pub number: Ink,
    pub to_pill: Ink,
    pub to_text: Ink,
    pub from_pill: Ink,
    /// Text on a white checker or the cube, then on a black checker.
    pub on_checker: [Ink; 2],
    pub on_cube: Ink,
}

/// The art in RGB, before the palette exists.
pub struct Art {
    board: Vec<Rgb>,
    /// White plain, white marked, black plain, black marked: RGBA, straight alpha.
    checkers: [Vec<(Rgb, u8)>; 4],
    /// Faces 1–6 of a white die, then of a black die, on the felt.
    dice: Vec<Vec<Rgb>>,
    /// The cube on the bar's wood, then on the felt.
    cubes: [Vec<Rgb>; 2],
    /// A borne-off white checker, then a black one, in the tray.
    slabs: [Vec<Rgb>; 2],
    inks: Inks,
}

impl Art {
    /// Draws everything and registers its colours with the palette.
    pub fn draw(palette: &mut PaletteBuilder) -> Art {
        for c in [WOOD, WOOD_SHADOW, WOOD_LIGHT, FELT, SAND, BRICK, TRAY] {
            palette.exact(c);
        }
        let inks = Inks {
            edge: [
                palette.ink(WHITE_EDGE, &UNDER_CHECKERS),
                palette.ink(BLACK_EDGE, &UNDER_CHECKERS),
            ],
            number: palette.ink(NUMBER, &[WOOD, FROM_PILL]),
            to_pill: palette.ink(TO_PILL, &[WOOD]),
            to_text: palette.ink(TO_TEXT, &[TO_PILL]),
            from_pill: palette.ink(FROM_PILL, &[WOOD]),
            on_checker: [
                palette.ink(INK_DARK, &[WHITE_FACE, CUBE_FACE]),
                palette.ink(INK_LIGHT, &[BLACK_FACE]),
            ],
            on_cube: palette.ink(INK_DARK, &[CUBE_FACE]),
        };
        let mut board = rgb(&board());
        triangles(&mut board);
        palette.sample(board.iter().copied());
        let checkers = [
            checker(true, false),
            checker(true, true),
            checker(false, false),
            checker(false, true),
        ]
        .map(|p| rgba(&p));
        for sprite in &checkers {
            palette.sample(sprite.iter().filter(|(_, a)| *a == 255).map(|(c, _)| *c));
        }
        let mut dice = Vec::with_capacity(12);
        for white in [true, false] {
            for face in 1..=6 {
                let tile = rgb(&die(white, face));
                palette.sample(tile.iter().copied());
                dice.push(tile);
            }
        }
        let cubes = [WOOD, FELT].map(|under| rgb(&cube(under)));
        let slabs = [true, false].map(|white| rgb(&slab(white)));
        for tile in cubes.iter().chain(&slabs) {
            palette.sample(tile.iter().copied());
        }
        Art {
            board,
            checkers,
            dice,
            cubes,
            slabs,
            inks,
        }
    }

    /// Converts the art to palette indices.
    pub fn into_parts(self, kit: &Kit) -> Parts {
        let mut index = kit.palette.indexer();
        let mut tile = |w: u32, h: u32, rgb: &[Rgb]| Canvas {
            width: w,
            height: h,
            pixels: rgb.iter().map(|&c| index(c)).collect(),
        };
        let board = tile(WIDTH, BOARD_H, &self.board);
        let dice = self.dice.iter().map(|d| tile(DIE, DIE, d)).collect();
        let cubes = self.cubes.map(|c| tile(CUBE, CUBE, &c));
        let slabs = self.slabs.map(|s| tile(SLAB_W, SLAB_H, &s));
        let [white, white_marked, black, black_marked] = &self.checkers;
        let [white_edge, black_edge] = self.inks.edge;
        let checkers = [
            sprite(kit, white, white_edge),
            sprite(kit, white_marked, white_edge),
            sprite(kit, black, black_edge),
            sprite(kit, black_marked, black_edge),
        ];
        Parts {
            board,
            checkers,
            dice,
            cubes,
            slabs,
            inks: self.inks,
        }
    }
}

/// Turns a checker drawn in RGBA into a sprite: opaque pixels become palette entries, the
/// anti-aliased rim is blended with the edge ink over whatever lies under it.
fn sprite(kit: &Kit, pixels: &[(Rgb, u8)], edge: Ink) -> Sprite {
    let mut index = kit.palette.indexer();
    let mut solid = Vec::with_capacity(pixels.len());
    let mut level = Vec::with_capacity(pixels.len());
    for &(c, a) in pixels {
        let l = (usize::from(a) * LEVELS + 127) / 255;
        level.push(l as u8);
        solid.push(if l == LEVELS { index(c) } else { 0 });
    }
    Sprite {
        size: CHECKER,
        solid,
        level,
        edge,
    }
}

fn color(c: Rgb) -> Color {
    Color::from_rgba8(c.0, c.1, c.2, 255)
}

fn paint(c: Rgb) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color(color(c));
    p.anti_alias = true;
    p
}

fn shader_paint(shader: Shader<'static>) -> Paint<'static> {
    Paint {
        shader,
        anti_alias: true,
        ..Paint::default()
    }
}

fn new_pixmap(w: u32, h: u32) -> Pixmap {
    Pixmap::new(w, h).expect("art sizes are not zero")
}

fn rect(pixmap: &mut Pixmap, (x, y, w, h): (f32, f32, f32, f32), c: Rgb) {
    if let Some(r) = tiny_skia::Rect::from_xywh(x, y, w, h) {
        pixmap.fill_rect(r, &paint(c), Transform::identity(), None);
    }
}

fn circle(cx: f32, cy: f32, r: f32) -> Path {
    PathBuilder::from_circle(cx, cy, r).expect("radius is positive")
}

/// A rectangle with corners rounded to radius `r`.
fn rounded(x: f32, y: f32, w: f32, h: f32, r: f32) -> Path {
    let mut pb = PathBuilder::new();
    pb.move_to(x + r, y);
    pb.line_to(x + w - r, y);
    pb.quad_to(x + w, y, x + w, y + r);
    pb.line_to(x + w, y + h - r);
    pb.quad_to(x + w, y + h, x + w - r, y + h);
    pb.line_to(x + r, y + h);
    pb.quad_to(x, y + h, x, y + h - r);
    pb.line_to(x, y + r);
    pb.quad_to(x, y, x + r, y);
    pb.close();
    pb.finish().expect("the rectangle is not empty")
}

fn fill(pixmap: &mut Pixmap, path: &Path, paint: &Paint) {
    pixmap.fill_path(path, paint, FillRule::Winding, Transform::identity(), None);
}

fn stroke(pixmap: &mut Pixmap, path: &Path, c: Rgb, width: f32) {
    let stroke = Stroke {
        width,
        ..Stroke::default()
    };
    pixmap.stroke_path(path, &paint(c), &stroke, Transform::identity(), None);
}

/// Returns the opaque pixels of a pixmap drawn over an opaque background.
fn rgb(pixmap: &Pixmap) -> Vec<Rgb> {
    pixmap
        .pixels()
        .iter()
        .map(|p| {
            let c = p.demultiply();
            Rgb(c.red(), c.green(), c.blue())
        })
        .collect()
}

/// Returns the pixels of a pixmap with transparency, straight alpha.
fn rgba(pixmap: &Pixmap) -> Vec<(Rgb, u8)> {
    pixmap
        .pixels()
        .iter()
        .map(|p| {
            let c = p.demultiply();
            (Rgb(c.red(), c.green(), c.blue()), c.alpha())
        })
        .collect()
}

/// Draws the empty board without its triangles: frame, felt, the bar and the two trays.
fn board() -> Pixmap {
    let mut p = new_pixmap(WIDTH, BOARD_H);
    p.fill(color(WOOD));
    let (w, h) = (WIDTH as f32, BOARD_H as f32);
    // A light line along the outer edge, like a rounded-over frame.
    for (x, y, rw, rh) in [(0.0, 0.0, w, 2.0), (0.0, 0.0, 2.0, h)] {
        rect(&mut p, (x, y, rw, rh), WOOD_LIGHT);
    }
    for (x, y, rw, rh) in [(0.0, h - 2.0, w, 2.0), (w - 2.0, 0.0, 2.0, h)] {
        rect(&mut p, (x, y, rw, rh), WOOD_SHADOW);
    }
    let (top, bottom) = (FIELD_TOP as f32, FIELD_BOTTOM as f32);
    let field_h = bottom - top;
    for x in [LEFT_X, RIGHT_X] {
        let x = x as f32;
        let fw = 6.0 * POINT as f32;
        // The field sits 3 px into the frame: a dark recess line around it.
        rect(
            &mut p,
            (x - 3.0, top - 3.0, fw + 6.0, field_h + 6.0),
            WOOD_SHADOW,
        );
        rect(&mut p, (x, top, fw, field_h), FELT);
    }
    for tray_top in [FIELD_TOP, FIELD_BOTTOM - TRAY_H] {
        let (x, y) = (TRAY_X as f32, tray_top as f32);
        let tw = TRAY_W as f32;
        rect(
            &mut p,
            (x - 3.0, y - 3.0, tw + 6.0, TRAY_H as f32 + 6.0),
            WOOD_SHADOW,
        );
        rect(&mut p, (x, y, tw, TRAY_H as f32), TRAY);
    }
    // A groove down the middle of the bar.
    let mid = (BAR_X + BAR_W / 2) as f32;
    rect(&mut p, (mid - 1.0, top, 2.0, field_h), WOOD_SHADOW);
    p
}

/// Steps of anti-aliasing on the triangles' long edges. The edges are nearly vertical, so
/// full anti-aliasing changes the edge pixel on every row, which costs a fifth of the file;
/// four steps look the same and change it every few rows.
const TRIANGLE_STEPS: f32 = 4.0;

/// Paints the 24 triangles on the felt of the board's pixels.
fn triangles(board: &mut [Rgb]) {
    let half = (POINT as f32 - 2.0) / 2.0;
    // The cosine of the edge's slant turns a horizontal distance into a perpendicular one.
    let slant = TRIANGLE / TRIANGLE.hypot(half);
    for col in 0..12u32 {
        let cx = column_x(col) as f32 + POINT as f32 / 2.0;
        for top_row in [true, false] {
            let colour = if (col + u32::from(top_row)) % 2 == 0 {
                BRICK
            } else {
                SAND
            };
            let rows: Vec<u32> = if top_row {
                (FIELD_TOP..FIELD_TOP + TRIANGLE as u32 + 1).collect()
            } else {
                (FIELD_BOTTOM - TRIANGLE as u32 - 1..FIELD_BOTTOM).collect()
            };
            for y in rows {
                let from_base = if top_row {
                    y as f32 + 0.5 - FIELD_TOP as f32
                } else {
                    FIELD_BOTTOM as f32 - (y as f32 + 0.5)
                };
                let width = half * (1.0 - from_base / TRIANGLE);
                for x in (cx - half - 1.0) as u32..(cx + half + 1.0) as u32 + 1 {
                    let dx = (x as f32 + 0.5 - cx).abs();
                    let cover = (0.5 - (dx - width) * slant).clamp(0.0, 1.0);
                    let cover = (cover * TRIANGLE_STEPS).round() / TRIANGLE_STEPS;
                    if cover > 0.0 {
                        let i = (y * WIDTH + x) as usize;
                        board[i] = colour.over(board[i], cover);
                    }
                }
            }
        }
    }
}

/// Returns the left edge of screen column `col` (0–11, left to right) in the board picture.
pub fn column_x(col: u32) -> u32 {
    if col < 6 {
        LEFT_X + col * POINT
    } else {
        RIGHT_X + (col - 6) * POINT
    }
}

/// Draws a checker: a flat face (shading would cost a tenth of the file), a groove, and for `marked` the last-play ring.
fn checker(white: bool, marked: bool) -> Pixmap {
    let (edge, face, groove) = if white {
        (WHITE_EDGE, WHITE_FACE, WHITE_GROOVE)
    } else {
        (BLACK_EDGE, BLACK_FACE, BLACK_GROOVE)
    };
    let size = CHECKER as f32;
    let c = size / 2.0;
    let mut p = new_pixmap(CHECKER, CHECKER);
    fill(&mut p, &circle(c, c, c - 0.5), &paint(edge));
    fill(&mut p, &circle(c, c, c - 2.5), &paint(face));
    stroke(&mut p, &circle(c, c, c - 9.0), groove, 1.5);
    if marked {
        stroke(&mut p, &circle(c, c, c - 5.0), MARK, 3.0);
    }
    p
}

/// Draws one die face on the felt, with a soft shadow.
fn die(white: bool, face: u8) -> Pixmap {
    let (body, edge, pip) = if white {
        (Rgb::hex(0xf8f5ee), Rgb::hex(0xb3aa98), Rgb::hex(0x1f1c19))
    } else {
        (Rgb::hex(0x2b2926), Rgb::hex(0x0e0d0c), Rgb::hex(0xf4f0e6))
    };
    let mut p = new_pixmap(DIE, DIE);
    p.fill(color(FELT));
    let s = DIE as f32 - 4.0;
    fill(
        &mut p,
        &rounded(2.5, 3.5, s, s, 7.0),
        &paint(Rgb::hex(0x1d3b2c)),
    );
    fill(&mut p, &rounded(1.0, 1.0, s, s, 7.0), &paint(edge));
    let shine = LinearGradient::new(
        Point::from_xy(0.0, 0.0),
        Point::from_xy(s, s),
        vec![
            GradientStop::new(0.0, color(body)),
            GradientStop::new(1.0, color(body.over(edge, 0.8))),
        ],
        SpreadMode::Pad,
        Transform::identity(),
    )
    .unwrap_or(Shader::SolidColor(color(body)));
    fill(
        &mut p,
        &rounded(2.0, 2.0, s - 2.0, s - 2.0, 6.0),
        &shader_paint(shine),
    );
    for &(x, y) in crate::render::kit::pips(face) {
        fill(&mut p, &circle(1.0 + x * s, 1.0 + y * s, 4.1), &paint(pip));
    }
    p
}

/// Draws the doubling cube (without its number) on `under`.
fn cube(under: Rgb) -> Pixmap {
    let mut p = new_pixmap(CUBE, CUBE);
    p.fill(color(under));
    let s = CUBE as f32 - 4.0;
    fill(
        &mut p,
        &rounded(2.5, 3.5, s, s, 6.0),
        &paint(under.over(Rgb(0, 0, 0), 0.6)),
    );
    fill(&mut p, &rounded(1.0, 1.0, s, s, 6.0), &paint(CUBE_EDGE));
    fill(
        &mut p,
        &rounded(2.5, 2.5, s - 3.0, s - 3.0, 5.0),
        &paint(CUBE_FACE),
    );
    p
}

/// Draws a borne-off checker seen edge-on, in the tray.
fn slab(white: bool) -> Pixmap {
    let (face, edge) = if white {
        (Rgb::hex(0xeee7d8), WHITE_EDGE)
    } else {
        (Rgb::hex(0x4a4540), BLACK_EDGE)
    };
    let mut p = new_pixmap(SLAB_W, SLAB_H);
    p.fill(color(TRAY));
    let (w, h) = (SLAB_W as f32, SLAB_H as f32);
    fill(
        &mut p,
        &rounded(0.5, 0.5, w - 1.0, h - 1.0, 3.5),
        &paint(edge),
    );
    fill(
        &mut p,
        &rounded(1.5, 1.5, w - 3.0, h - 4.0, 2.5),
        &paint(face),
    );
    p
}

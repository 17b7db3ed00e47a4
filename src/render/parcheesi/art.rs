//! The static board, drawn once at start-up with tiny-skia: the parchment, the four START
//! corners, the arms of spaces with their safety marks and home paths, and HOME.
//!
//! Three boards are drawn, one per way a ruleset marks its safety spaces: blue spaces
//! (parcheesi, sheet 002), stars (pachisi, sheet 003), or none (pahrcheesi and pachesi name
//! none). ENTER spaces always carry a ring of their colour, and each tip an arrow into its
//! home path.

use resvg::tiny_skia::{self, FillRule, Paint, Path, PathBuilder, Pixmap, Rect, Stroke, Transform};

use super::geometry::{
    BOARD, CENTRE, CORNER, HALF, START_CIRCLE, START_RADIUS, arm_cell, corner_origin,
    home_triangle, rotate, start_slot, track_cell, track_spot,
};
use crate::render::kit::Rgb;
use crate::rules::parcheesi::{Ruleset, TRACK, entry_space, is_safety, turn_off_space};

/// The parchment the board is printed on.
pub const PAPER: Rgb = Rgb::hex(0xeadfc6);
/// A plain space.
pub const CELL: Rgb = Rgb::hex(0xfdf9ef);
/// Lines between spaces and around shapes.
pub const LINE: Rgb = Rgb::hex(0x4d453b);
/// A blue safety space (sheet 002: "All blue spaces … are Safety spaces").
pub const SAFE: Rgb = Rgb::hex(0x8cc0e4);
/// A star on a safety space (sheet 003).
pub const STAR: Rgb = Rgb::hex(0xe2ad2c);
/// The pawn colours, in seat order: Red, Blue, Yellow, Green.
pub const STRONG: [Rgb; 4] = [
    Rgb::hex(0xd23a2e),
    Rgb::hex(0x2d6cc4),
    Rgb::hex(0xf0b91c),
    Rgb::hex(0x2f9a4c),
];
/// Darker shades of the colours, for lettering and the mover's frame.
pub const DEEP: [Rgb; 4] = [
    Rgb::hex(0x9c2219),
    Rgb::hex(0x1c4a8c),
    Rgb::hex(0x8f6a04),
    Rgb::hex(0x1d6a33),
];
/// Tints of the colours: home paths, START circles, HOME triangles.
pub const TINT: [Rgb; 4] = [
    Rgb::hex(0xf2b3aa),
    Rgb::hex(0xaec8ee),
    Rgb::hex(0xf8dc8e),
    Rgb::hex(0xadd9b8),
];
/// Pale shades of the colours: the START corners' panels.
pub const PALE: [Rgb; 4] = [
    Rgb::hex(0xf8dcd6),
    Rgb::hex(0xdbe5f6),
    Rgb::hex(0xfbefca),
    Rgb::hex(0xd8ede0),
];
/// A corner nobody plays: panel, circle and lines.
pub const VACANT: [Rgb; 3] = [Rgb::hex(0xe2dbcc), Rgb::hex(0xd3cbba), Rgb::hex(0xaaa192)];

/// Inset of a corner's panel from the corner's edges.
pub const PANEL_INSET: f32 = 10.0;
/// Corner radius of a panel.
pub const PANEL_RADIUS: f32 = 22.0;

/// How a ruleset marks its safety spaces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// No safety spaces (pahrcheesi, pachesi).
    Plain,
    /// Blue spaces (parcheesi).
    Blue,
    /// Star spaces (pachisi).
    Stars,
}

impl Style {
    /// Every style, in the order the boards are kept.
    pub const ALL: [Style; 3] = [Style::Plain, Style::Blue, Style::Stars];

    /// Returns how `ruleset` marks its safety spaces.
    pub fn of(ruleset: Ruleset) -> Style {
        if !ruleset.rules().safety_spaces {
            Style::Plain
        } else if ruleset == Ruleset::Pachisi {
            Style::Stars
        } else {
            Style::Blue
        }
    }
}

fn paint(c: Rgb) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color_rgba8(c.0, c.1, c.2, 255);
    p.anti_alias = true;
    p
}

fn stroke(width: f32) -> Stroke {
    Stroke {
        width,
        ..Stroke::default()
    }
}

fn rect_path((x, y, w, h): (f32, f32, f32, f32)) -> Option<Path> {
    Rect::from_xywh(x, y, w, h).map(PathBuilder::from_rect)
}

/// Returns a rectangle with rounded corners as a path.
fn round_rect((x, y, w, h): (f32, f32, f32, f32), r: f32) -> Option<Path> {
    // The circle-to-cubic constant: control points at 0.5523 of the radius.
    let k = r * (1.0 - 0.552_284_8);
    let mut pb = PathBuilder::new();
    pb.move_to(x + r, y);
    pb.line_to(x + w - r, y);
    pb.cubic_to(x + w - k, y, x + w, y + k, x + w, y + r);
    pb.line_to(x + w, y + h - r);
    pb.cubic_to(x + w, y + h - k, x + w - k, y + h, x + w - r, y + h);
    pb.line_to(x + r, y + h);
    pb.cubic_to(x + k, y + h, x, y + h - k, x, y + h - r);
    pb.line_to(x, y + r);
    pb.cubic_to(x, y + k, x + k, y, x + r, y);
    pb.close();
    pb.finish()
}

fn polygon(points: &[(f32, f32)]) -> Option<Path> {
    let mut pb = PathBuilder::new();
    let (first, rest) = points.split_first()?;
    pb.move_to(first.0, first.1);
    for p in rest {
        pb.line_to(p.0, p.1);
    }
    pb.close();
    pb.finish()
}

/// A small drawing helper over a pixmap: fills and strokes in flat colours.
struct Pen<'a> {
    pixmap: &'a mut Pixmap,
    shift: (f32, f32),
}

impl Pen<'_> {
    fn transform(&self) -> Transform {
        Transform::from_translate(self.shift.0, self.shift.1)
    }

    fn fill(&mut self, path: Option<Path>, c: Rgb) {
        if let Some(path) = path {
            let t = self.transform();
            self.pixmap
                .fill_path(&path, &paint(c), FillRule::Winding, t, None);
        }
    }

    fn stroke(&mut self, path: Option<Path>, c: Rgb, width: f32) {
        if let Some(path) = path {
            let t = self.transform();
            self.pixmap
                .stroke_path(&path, &paint(c), &stroke(width), t, None);
        }
    }

    fn circle(
        &mut self,
        (cx, cy): (f32, f32),
        r: f32,
        fill: Option<Rgb>,
        line: Option<(Rgb, f32)>,
    ) {
        if let Some(c) = fill {
            self.fill(PathBuilder::from_circle(cx, cy, r), c);
        }
        if let Some((c, w)) = line {
            self.stroke(PathBuilder::from_circle(cx, cy, r), c, w);
        }
    }
}

fn new_pixmap(w: f32, h: f32, fill: Rgb) -> Pixmap {
    let mut pixmap = Pixmap::new(w as u32, h as u32).expect("board size is not zero");
    pixmap.fill(tiny_skia::Color::from_rgba8(fill.0, fill.1, fill.2, 255));
    pixmap
}

/// Returns the pixmap's pixels as opaque RGB (the pixmaps are painted opaque throughout).
pub fn rgb(pixmap: &Pixmap) -> Vec<Rgb> {
    pixmap
        .pixels()
        .iter()
        .map(|p| Rgb(p.red(), p.green(), p.blue()))
        .collect()
}

/// Draws the whole static board for one safety style.
pub fn board(style: Style) -> Pixmap {
    let mut pixmap = new_pixmap(BOARD, BOARD, PAPER);
    let mut pen = Pen {
        pixmap: &mut pixmap,
        shift: (0.0, 0.0),
    };
    for seat in 0..4 {
        let (ox, oy) = corner_origin(seat);
        pen.shift = (ox, oy);
        corner(&mut pen, Some(seat));
    }
    pen.shift = (0.0, 0.0);
    arms(&mut pen, style);
    home(&mut pen);
    pixmap
}

/// Draws the corner of a seat nobody plays (or who resigned), to paste over a coloured one.
pub fn vacant_corner() -> Pixmap {
    let mut pixmap = new_pixmap(CORNER, CORNER, PAPER);
    let mut pen = Pen {
        pixmap: &mut pixmap,
        shift: (0.0, 0.0),
    };
    corner(&mut pen, None);
    pixmap
}

/// Draws a START corner in local coordinates: a panel, the START circle, four pawn slots.
fn corner(pen: &mut Pen, seat: Option<usize>) {
    let (panel, circle, line, hole) = match seat {
        Some(s) => (PALE[s], TINT[s], STRONG[s], PALE[s]),
        None => (VACANT[0], VACANT[1], VACANT[2], VACANT[0]),
    };
    let side = CORNER - 2.0 * PANEL_INSET;
    let rect = (PANEL_INSET, PANEL_INSET, side, side);
    pen.fill(round_rect(rect, PANEL_RADIUS), panel);
    pen.stroke(round_rect(rect, PANEL_RADIUS), line, 3.0);
    pen.circle(START_CIRCLE, START_RADIUS, Some(circle), Some((line, 3.0)));
    let origin = corner_origin(0);
    for pawn in 0..4 {
        let (x, y) = start_slot(0, pawn);
        let at = (x - origin.0, y - origin.1);
        pen.circle(at, 17.0, Some(hole), Some((line, 1.5)));
    }
}

/// Draws the four arms: spaces, lines, home paths, safety marks, ENTER rings, tip arrows.
fn arms(pen: &mut Pen, style: Style) {
    for (arm, &tint) in TINT.iter().enumerate() {
        for col in 0..3u8 {
            for row in 1..=8u8 {
                let cell = arm_cell(arm, col, row);
                let fill = if col == 1 && row < 8 {
                    tint
                } else {
                    let (a, c, r) = (arm, col, row);
                    let space = (0..TRACK)
                        .find(|&s| track_spot(s) == (a, c, r))
                        .unwrap_or(0);
                    if style == Style::Blue && is_safety(space) {
                        SAFE
                    } else {
                        CELL
                    }
                };
                pen.fill(rect_path(cell.rect()), fill);
            }
        }
    }
    // Lines on whole-pixel edges, 2 px wide, so they stay crisp.
    for arm in 0..4 {
        for col in 0..3u8 {
            for row in 1..=8u8 {
                pen.stroke(rect_path(arm_cell(arm, col, row).rect()), LINE, 2.0);
            }
        }
    }
    for space in 0..TRACK {
        if style == Style::Stars && is_safety(space) {
            let c = track_cell(space).centre;
            pen.fill(star(c, 13.0, 5.5), STAR);
            pen.stroke(star(c, 13.0, 5.5), LINE, 1.2);
        }
    }
    for (seat, &strong) in STRONG.iter().enumerate() {
        let enter = track_cell(entry_space(seat)).centre;
        pen.circle(enter, 12.5, None, Some((strong, 3.0)));
        if style == Style::Stars {
            continue;
        }
        // An arrow on the turn-off space, pointing up the home path (not over a star).
        let tip = track_cell(turn_off_space(seat)).centre;
        let (cx, cy) = (tip.0 - CENTRE.0, tip.1 - CENTRE.1);
        let to = |dx: f32, dy: f32| {
            let (x, y) = rotate((dx, dy), seat);
            (CENTRE.0 + cx + x, CENTRE.1 + cy + y)
        };
        let arrow = [to(0.0, -13.0), to(9.0, -3.0), to(-9.0, -3.0)];
        pen.fill(polygon(&arrow), strong);
    }
    // A firmer line around each arm.
    for arm in 0..4 {
        let a = arm_cell(arm, 0, 1).rect();
        let b = arm_cell(arm, 2, 8).rect();
        let (x0, y0) = (a.0.min(b.0), a.1.min(b.1));
        let (x1, y1) = ((a.0 + a.2).max(b.0 + b.2), (a.1 + a.3).max(b.1 + b.3));
        pen.stroke(rect_path((x0, y0, x1 - x0, y1 - y0)), LINE, 3.0);
    }
}

/// Draws HOME: four triangles in the colours' tints meeting at the centre.
fn home(pen: &mut Pen) {
    for (seat, &tint) in TINT.iter().enumerate() {
        pen.fill(polygon(&home_triangle(seat)), tint);
    }
    for seat in 0..4 {
        pen.stroke(polygon(&home_triangle(seat)), LINE, 2.0);
    }
    let (x, y) = (CENTRE.0 - HALF, CENTRE.1 - HALF);
    pen.stroke(rect_path((x, y, 2.0 * HALF, 2.0 * HALF)), LINE, 3.0);
    pen.circle(CENTRE, 25.0, Some(PAPER), Some((LINE, 2.0)));
}

/// Returns a five-pointed star centred on `c`, one point up.
fn star(c: (f32, f32), outer: f32, inner: f32) -> Option<Path> {
    let points: Vec<(f32, f32)> = (0..10)
        .map(|i| {
            let r = if i % 2 == 0 { outer } else { inner };
            let a = std::f32::consts::PI * (i as f32) / 5.0 - std::f32::consts::FRAC_PI_2;
            (c.0 + r * a.cos(), c.1 + r * a.sin())
        })
        .collect();
    polygon(&points)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_ruleset_marks_safety_its_own_way() {
        assert_eq!(Style::of(Ruleset::Parcheesi), Style::Blue);
        assert_eq!(Style::of(Ruleset::Pachisi), Style::Stars);
        assert_eq!(Style::of(Ruleset::Pahrcheesi), Style::Plain);
        assert_eq!(Style::of(Ruleset::Pachesi), Style::Plain);
    }
}

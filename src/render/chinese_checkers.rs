//! The Chinese checkers picture: the star with its lines, each corner tinted with the colour
//! of the player starting there (targets left plain), every hole named as players type it,
//! pegs as coloured discs that keep their hole's name, the last move's path with each jump,
//! and a strip per player under the board.
//!
//! Everything static is drawn once: a board per size and player count, and a peg tile per
//! colour and hole (the disc with the hole's name). A picture copies the board, stamps the
//! pegs, strokes the last path and writes the strips.
//!
//! The light, low-contrast art (corner tints, the lines between holes) is drawn with crisp
//! edges: anti-aliasing there is invisible at this contrast but costs a fifth of the PNG.

use super::View;
use super::kit::{BAND, Canvas, Disc, Face, Ink, Kit, KitBuilder, PlayerLine, Rgb, Tone};
use crate::rules::chinese_checkers::{
    COLOURS, ChineseCheckersGame, Hole, Size, Star, home_corners,
};
use crate::rules::{Outcome, Rules, Turn};

const WIDTH: u32 = 600;
const BOARD: u32 = 600;
const STRIP: u32 = 40;
const STRIPS: u32 = 3 * STRIP;
const BAND_H: u32 = 44;

const PAPER: Rgb = Rgb::hex(0xe9dcc0);
const LINE: Rgb = Rgb::hex(0xb9a882);
const WELL: Rgb = Rgb::hex(0x8a7654);
const LABEL: Rgb = Rgb::hex(0xf6efdf);
const PATH: Rgb = Rgb::hex(0x1d1b18);

/// The pegs' colours, by seat (matching [`COLOURS`]).
const PEGS: [Rgb; 6] = [
    Rgb::hex(0xd8383a),
    Rgb::hex(0x2f9e4f),
    Rgb::hex(0xf0c419),
    Rgb::hex(0x2f6fd6),
    Rgb::hex(0x8e4fc2),
    Rgb::hex(0xef7d22),
];
/// Whether the label on a peg is written dark (on the light colours).
const DARK_LABEL: [bool; 6] = [false, false, true, false, false, true];
const INK_DARK: Rgb = Rgb::hex(0x1d1b18);
const INK_LIGHT: Rgb = Rgb::hex(0xffffff);

/// The tint of a corner where a seat starts.
fn tint(seat: usize) -> Rgb {
    PEGS[seat].over(PAPER, 0.28)
}

/// The geometry of one size on the picture: hole spacing and centres.
struct Layout {
    centres: Vec<(f32, f32)>,
    radius: f32,
    label_px: f32,
}

impl Layout {
    fn new(size: Size) -> Layout {
        let star = size.star();
        let n = f32::from(star.n);
        let margin = 26.0;
        let spacing = (BOARD as f32 - 2.0 * margin) / (4.0 * n * 0.866_025_4);
        let (cx, cy) = (WIDTH as f32 / 2.0, BOARD as f32 / 2.0);
        let centres = star
            .holes
            .iter()
            .map(|&(q, r)| {
                let (q, r) = (f32::from(q), f32::from(r));
                (
                    (cx + (q + r / 2.0) * spacing).round(),
                    (cy + r * spacing * 0.866_025_4).round(),
                )
            })
            .collect();
        Layout {
            centres,
            radius: (spacing * 0.40).round(),
            label_px: (spacing * 0.30).clamp(12.0, 18.0),
        }
    }
}

struct Theme {
    layout: Layout,
    /// The static board for 2..=6 players (index players - 2).
    boards: Vec<Canvas>,
    /// A peg tile per seat colour and hole.
    pegs: Vec<Vec<Canvas>>,
}

/// The kit, and each size's boards and peg tiles.
pub struct Painter {
    kit: Kit,
    six: Theme,
    ten: Theme,
    path: Ink,
    mark: Ink,
    well: Ink,
    label: Ink,
    pegs: Vec<Ink>,
    key: u8,
}

struct Inks {
    line: Ink,
    well: Ink,
    label: Ink,
    tints: Vec<Ink>,
    pegs: Vec<Ink>,
    dark: Ink,
    light: Ink,
}

impl super::Painted for ChineseCheckersGame {
    type Painter = Painter;
}

impl super::Painter for Painter {
    type Game = ChineseCheckersGame;

    const SIZE: (u32, u32) = (WIDTH, BOARD + STRIPS + BAND_H);

    fn new() -> Painter {
        let mut b = KitBuilder::new();
        b.palette.exact(PAPER);
        b.palette.exact(BAND);
        let tints: Vec<Rgb> = (0..6).map(tint).collect();
        let inks = Inks {
            line: b.palette.ink(LINE, &[PAPER]),
            well: b.palette.ink(WELL, &[PAPER]),
            label: b.palette.ink(LABEL, &[WELL]),
            tints: tints.iter().map(|&t| b.palette.ink(t, &[])).collect(),
            pegs: PEGS.iter().map(|&p| b.palette.ink(p, &[BAND])).collect(),
            dark: b.palette.ink(INK_DARK, &[PEGS[2], PEGS[5]]),
            light: b
                .palette
                .ink(INK_LIGHT, &[PEGS[0], PEGS[1], PEGS[3], PEGS[4]]),
        };
        let path = b.palette.ink(PATH, &[PAPER]);
        let mark = b.palette.ink(INK_LIGHT, &[PATH]);
        let mut kit = b.build();
        let key = kit.palette.index(BAND);
        let mut six = theme(&kit, &inks, Size::Six, key);
        let mut ten = theme(&kit, &inks, Size::Ten, key);
        // Number the palette so touching colours get nearby indices (smaller PNGs), sampled
        // on the busiest board and a peg of each colour.
        let mut samples: Vec<&Canvas> = vec![&ten.boards[4], &six.boards[1]];
        samples.extend(ten.pegs.iter().map(|t| &t[60]));
        let map = kit.reorder(&samples);
        for theme in [&mut six, &mut ten] {
            for board in &mut theme.boards {
                board.remap(&map);
            }
            for tile in theme.pegs.iter_mut().flatten() {
                tile.remap(&map);
            }
        }
        let key = map[usize::from(key)];
        Painter {
            kit,
            six,
            ten,
            path,
            mark,
            well: inks.well,
            label: inks.label,
            pegs: inks.pegs,
            key,
        }
    }

    fn kit(&self) -> &Kit {
        &self.kit
    }

    fn draw(&self, game: &ChineseCheckersGame, view: &View) -> Canvas {
        let (w, h) = <Self as super::Painter>::SIZE;
        let theme = match game.ruleset().size {
            Size::Six => &self.six,
            Size::Ten => &self.ten,
        };
        let mut canvas = Canvas::new(w, h, 0);
        let players = game.players().clamp(2, 6);
        canvas.blit(0, 0, &theme.boards[players - 2]);
        let layout = &theme.layout;
        let last = game.last().map(|(_, p)| p.to_vec()).unwrap_or_default();
        // The path under the pegs: a line through each landing, a ring where the peg left.
        for pair in last.windows(2) {
            let (a, b) = (centre(layout, pair[0]), centre(layout, pair[1]));
            self.kit.stroke_line(&mut canvas, a, b, 4.0, self.path);
        }
        // The holes the path crossed that are empty again keep their name readable: their
        // well and label go back over the line.
        for &hole in &last {
            if game.cells().get(usize::from(hole)) == Some(&None) {
                let at = centre(layout, hole);
                self.kit
                    .fill_circle(&mut canvas, at, layout.radius, self.well);
                let name = game.star().name(hole);
                label(
                    &self.kit,
                    &mut canvas,
                    at,
                    layout.label_px,
                    &name,
                    self.label,
                );
            }
        }
        if let Some(&from) = last.first() {
            let at = centre(layout, from);
            self.kit
                .stroke_circle(&mut canvas, at, layout.radius - 1.0, 3.0, self.path);
        }
        let r = layout.radius as i32 + 1;
        for (hole, owner) in game.cells().iter().enumerate() {
            let Some(seat) = owner else { continue };
            let Some(tile) = theme.pegs.get(*seat).and_then(|t| t.get(hole)) else {
                continue;
            };
            let (x, y) = layout.centres[hole];
            stamp(&mut canvas, x as i32 - r, y as i32 - r, tile, self.key);
        }
        // Each landing of the last move gets a small dot, numbered by jump for chains.
        for (i, &hole) in last.iter().enumerate().skip(1) {
            let (x, y) = centre(layout, hole);
            let at = (x + layout.radius * 0.72, y - layout.radius * 0.72);
            self.kit.fill_circle(&mut canvas, at, 8.0, self.path);
            if last.len() > 2 {
                let text = (i).to_string();
                let tw = self.kit.text_width(Face::Bold, 11.0, &text);
                let base = at.1 + Kit::cap_height(11.0) / 2.0;
                self.kit.draw_text(
                    &mut canvas,
                    Face::Bold,
                    11.0,
                    (at.0 - tw / 2.0, base),
                    &text,
                    self.mark,
                );
            }
        }
        self.strips(&mut canvas, game, view);
        let caption = view.caption_or(|| status(game));
        self.kit
            .caption_band(&mut canvas, BOARD + STRIPS, BAND_H, &caption);
        canvas
    }
}

impl Painter {
    /// Draws a strip per player, two columns of three rows, under the board.
    fn strips(&self, canvas: &mut Canvas, game: &ChineseCheckersGame, view: &View) {
        let turn = game.turn();
        let lines: Vec<PlayerLine> = (0..game.players().min(COLOURS.len()))
            .map(|seat| {
                let place = game.finished().iter().position(|&s| s == seat);
                let won = matches!(turn, Turn::Over(Outcome::Win { winner, .. }) if winner == seat
                    || game.partner(seat) == Some(winner));
                let resigned = game.has_resigned(seat);
                let tag = if won {
                    Some(("won", Tone::Go))
                } else if turn == Turn::Move(seat) {
                    Some(("to move", Tone::Go))
                } else if resigned {
                    Some(("resigned", Tone::Quiet))
                } else {
                    place.map(|p| {
                        (
                            ["1st", "2nd", "3rd", "4th", "5th", "6th"][p.min(5)],
                            Tone::Quiet,
                        )
                    })
                };
                PlayerLine {
                    name: view.player(seat),
                    side: COLOURS[seat],
                    disc: Disc::Colour {
                        fill: self.peg_ink(seat),
                        rim: Some(self.kit.text_ink(false)),
                    },
                    dimmed: resigned,
                    tags: tag.into_iter().collect(),
                    ..PlayerLine::default()
                }
            })
            .collect();
        let (bar, _) = self.kit.bar_and_band();
        canvas.fill_rect(0, BOARD, WIDTH, STRIPS, bar);
        self.kit.seat_grid(canvas, (BOARD, STRIP), 2, &lines);
    }

    fn peg_ink(&self, seat: usize) -> Ink {
        self.pegs[seat % self.pegs.len()]
    }
}

/// Says whose turn it is or how the game ended.
fn status(game: &ChineseCheckersGame) -> String {
    match game.turn() {
        Turn::Move(seat) => {
            let moving = game.pegs_moved_by(seat);
            if moving == seat {
                format!("{} to move", COLOURS[seat])
            } else {
                format!("{} to move {}'s pegs", COLOURS[seat], COLOURS[moving])
            }
        }
        Turn::Roll(seat) => format!("{} to move", COLOURS[seat]),
        Turn::Over(Outcome::Win { winner, .. }) => match game.partner(winner) {
            Some(p) => format!("{} and {} win", COLOURS[winner], COLOURS[p]),
            None => format!("{} wins", COLOURS[winner]),
        },
        Turn::Over(o @ Outcome::Draw { .. }) => format!("Drawn: {}", game.describe(o)),
    }
}

fn centre(layout: &Layout, hole: Hole) -> (f32, f32) {
    layout
        .centres
        .get(usize::from(hole))
        .copied()
        .unwrap_or((0.0, 0.0))
}

/// Copies a tile, leaving the canvas as it was wherever the tile holds `key`.
fn stamp(canvas: &mut Canvas, x: i32, y: i32, tile: &Canvas, key: u8) {
    for ty in 0..tile.height as i32 {
        let cy = y + ty;
        if cy < 0 || cy >= canvas.height as i32 {
            continue;
        }
        for tx in 0..tile.width as i32 {
            let cx = x + tx;
            if cx < 0 || cx >= canvas.width as i32 {
                continue;
            }
            let p = tile.pixels[(ty as u32 * tile.width + tx as u32) as usize];
            if p != key {
                canvas.pixels[(cy as u32 * canvas.width + cx as u32) as usize] = p;
            }
        }
    }
}

/// Draws one size's boards (one per player count) and peg tiles.
fn theme(kit: &Kit, inks: &Inks, size: Size, key: u8) -> Theme {
    let layout = Layout::new(size);
    let star = size.star();
    let paper = kit.palette.index(PAPER);
    let boards = (2..=6)
        .map(|players| {
            let mut board = Canvas::new(WIDTH, BOARD, paper);
            let homes = home_corners(players);
            // Tint each starting corner with its player's colour: the triangle through the
            // corner's three outermost holes, grown to take in every hole's well.
            for (seat, &corner) in homes.iter().enumerate() {
                let ends = triangle_ends(star, corner).map(|h| layout.centres[usize::from(h)]);
                let grown = layout.radius * 1.45;
                crisp_fill(kit, &mut board, &ends, grown, inks.tints[seat]);
            }
            for (h, nbs) in star.neighbours.iter().enumerate() {
                for &nb in nbs.iter().take(3).flatten() {
                    let (a, b) = (layout.centres[h], layout.centres[usize::from(nb)]);
                    crisp_fill(kit, &mut board, &[a, b], 1.0, inks.line);
                }
            }
            for h in 0..star.len() {
                let at = layout.centres[h];
                kit.fill_circle(&mut board, at, layout.radius, inks.well);
                label(
                    kit,
                    &mut board,
                    at,
                    layout.label_px,
                    &star.name(h as Hole),
                    inks.label,
                );
            }
            board
        })
        .collect();
    let side = 2 * layout.radius as u32 + 2;
    let r = layout.radius;
    let pegs = (0..6)
        .map(|seat| {
            (0..star.len())
                .map(|h| {
                    let mut tile = Canvas::new(side, side, key);
                    let at = (r + 1.0, r + 1.0);
                    kit.fill_circle(&mut tile, at, r + 0.5, inks.pegs[seat]);
                    let ink = if DARK_LABEL[seat] {
                        inks.dark
                    } else {
                        inks.light
                    };
                    label(
                        kit,
                        &mut tile,
                        at,
                        layout.label_px,
                        &star.name(h as Hole),
                        ink,
                    );
                    tile
                })
                .collect()
        })
        .collect();
    Theme {
        layout,
        boards,
        pegs,
    }
}

/// Writes a hole's name centred on `at`.
fn label(kit: &Kit, canvas: &mut Canvas, at: (f32, f32), px: f32, text: &str, ink: Ink) {
    let w = kit.text_width(Face::Bold, px, text);
    let base = (at.1 + Kit::cap_height(px) / 2.0).round();
    kit.draw_text(
        canvas,
        Face::Bold,
        px,
        ((at.0 - w / 2.0).round(), base),
        text,
        ink,
    );
}

/// Returns the three holes at the ends of a corner's triangle (each with two neighbours in it).
fn triangle_ends(star: &Star, corner: u8) -> [Hole; 3] {
    let holes = &star.corners[usize::from(corner)];
    let ends: Vec<Hole> = holes
        .iter()
        .copied()
        .filter(|&h| {
            let inside = star.neighbours[usize::from(h)]
                .iter()
                .flatten()
                .filter(|&&nb| star.corner[usize::from(nb)] == Some(corner));
            inside.count() == 2
        })
        .collect();
    [0, 1, 2].map(|i| ends.get(i).copied().unwrap_or(holes[0]))
}

/// Paints, without anti-aliasing, every pixel within `grow` of the segment (two points) or
/// triangle (three points) through `points`.
fn crisp_fill(kit: &Kit, canvas: &mut Canvas, points: &[(f32, f32)], grow: f32, ink: Ink) {
    let (xs, ys): (Vec<f32>, Vec<f32>) = points.iter().copied().unzip();
    let lo = |v: &[f32]| v.iter().copied().fold(f32::MAX, f32::min) - grow;
    let hi = |v: &[f32]| v.iter().copied().fold(f32::MIN, f32::max) + grow;
    let edges: Vec<((f32, f32), (f32, f32))> = match points {
        [a, b] => vec![(*a, *b)],
        _ => (0..points.len())
            .map(|i| (points[i], points[(i + 1) % points.len()]))
            .collect(),
    };
    for y in (lo(&ys).floor() as i32)..=(hi(&ys).ceil() as i32) {
        for x in (lo(&xs).floor() as i32)..=(hi(&xs).ceil() as i32) {
            let p = (x as f32 + 0.5, y as f32 + 0.5);
            let sides = edges.iter().map(|&(a, b)| side(p, a, b));
            let inside = points.len() > 2
                && (sides.clone().all(|s| s >= 0.0) || sides.clone().all(|s| s <= 0.0));
            if inside || edges.iter().any(|&(a, b)| to_segment(p, a, b) <= grow) {
                kit.blend(canvas, x, y, ink, 1.0);
            }
        }
    }
}

/// Returns which side of the line from `a` to `b` the point lies on (the sign of the cross
/// product).
fn side(p: (f32, f32), a: (f32, f32), b: (f32, f32)) -> f32 {
    (b.0 - a.0) * (p.1 - a.1) - (b.1 - a.1) * (p.0 - a.0)
}

/// Returns the distance from `p` to the segment from `a` to `b`.
fn to_segment(p: (f32, f32), a: (f32, f32), b: (f32, f32)) -> f32 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = (dx * dx + dy * dy).max(f32::EPSILON);
    let t = (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2).clamp(0.0, 1.0);
    ((a.0 + t * dx - p.0).powi(2) + (a.1 + t * dy - p.1).powi(2)).sqrt()
}

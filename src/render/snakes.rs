//! The Snakes & Ladders picture: a player strip, the 10×10 board, and a caption band.
//!
//! Each layout's board (checkered squares, ladders with rails and rungs, snakes as tapered
//! curved bodies with heads and eyes, square 100 in gold, the numbers) is drawn once at
//! start-up with tiny-skia and kept in palette indices. A render copies the board and draws
//! only what changes: the tokens (offset inside a square they share), the latest roll's
//! path (a dotted trail along the squares counted and a ring where the token ended), the
//! dice beside the player who threw them, and the text.

use resvg::tiny_skia::{self, FillRule, Paint, PathBuilder, Pixmap, Stroke, Transform};

use super::View;
use super::kit::{
    Canvas, DieInks, Disc, Face, Ink, Kit, KitBuilder, PaletteBuilder, PlayerLine, Rgb, Tone,
};
use crate::rules::snakes::{COLOURS, GOAL, Layout, Phase, SnakesGame, Step, cell_of};
use crate::rules::{Outcome, Rules, Seat, Turn, WinReason};

/// Side of a square.
const CELL: f32 = 60.0;
/// Side of the board.
const BOARD: u32 = 600;
/// Height of the player strip (two rows of two players).
const STRIP: u32 = 88;
/// Height of the caption band.
const BAND: u32 = 44;
const WIDTH: u32 = BOARD;
const HEIGHT: u32 = STRIP + BOARD + BAND;

const LIGHT: Rgb = Rgb::hex(0xf7efdc);
const DARK: Rgb = Rgb::hex(0xe8dcc0);
const GOLD: Rgb = Rgb::hex(0xf2cf5b);
const OUTLINE: Rgb = Rgb::hex(0x2b2620);
const NUMBER: Rgb = Rgb::hex(0x7a6c58);
const WOOD: Rgb = Rgb::hex(0x8f5f2e);
const SNAKE: [Rgb; 3] = [Rgb::hex(0x4f9a45), Rgb::hex(0x8a4fb0), Rgb::hex(0xd9772b)];
const WHITE: Rgb = Rgb::hex(0xffffff);
const TOKEN: [Rgb; 4] = [
    Rgb::hex(0xd7263d),
    Rgb::hex(0x1f6fd1),
    Rgb::hex(0xf1c40f),
    Rgb::hex(0x1e9e5a),
];
const IVORY: Rgb = Rgb::hex(0xfffcf2);

struct Inks {
    token: [Ink; 4],
    outline: Ink,
    number: Ink,
    white: Ink,
    ivory: Ink,
}

/// Snakes & Ladders' painter: its kit, one board per layout, and the inks.
pub struct Painter {
    kit: Kit,
    boards: Vec<Canvas>,
    inks: Inks,
}

impl super::Painted for SnakesGame {
    type Painter = Painter;
}

impl super::Painter for Painter {
    type Game = SnakesGame;

    const SIZE: (u32, u32) = (WIDTH, HEIGHT);

    fn new() -> Painter {
        let mut builder = KitBuilder::new();
        let p = &mut builder.palette;
        let inks = register(p);
        let art: Vec<Vec<Rgb>> = Layout::ALL.iter().map(|&l| rgb(&board(l))).collect();
        for a in &art {
            p.sample(a.iter().copied());
        }
        let mut kit = builder.build();
        let mut boards: Vec<Canvas> = {
            let mut index = kit.palette.indexer();
            art.iter()
                .map(|a| Canvas {
                    width: BOARD,
                    height: BOARD,
                    pixels: a.iter().map(|&c| index(c)).collect(),
                })
                .collect()
        };
        for b in &mut boards {
            numbers(&kit, &inks, b);
        }
        let sample = sample_game().map(|g| {
            let view = View {
                players: vec!["alice".into(), "Bob the Builder".into(), "carol".into()],
                caption: None,
                perspective: None,
            };
            draw(&kit, &boards, &inks, &g, &view)
        });
        let mut samples: Vec<&Canvas> = boards.iter().collect();
        samples.extend(sample.as_ref());
        let map = kit.reorder(&samples);
        for b in &mut boards {
            b.remap(&map);
        }
        Painter { kit, boards, inks }
    }

    fn kit(&self) -> &Kit {
        &self.kit
    }

    fn draw(&self, game: &SnakesGame, view: &View) -> Canvas {
        draw(&self.kit, &self.boards, &self.inks, game, view)
    }
}

/// Registers the flat colours and the inks drawn at render time.
fn register(p: &mut PaletteBuilder) -> Inks {
    for c in [LIGHT, DARK, GOLD, OUTLINE, WOOD, WHITE, IVORY] {
        p.exact(c);
    }
    for c in SNAKE.iter().chain(&TOKEN) {
        p.exact(*c);
    }
    let papers = [LIGHT, DARK, GOLD];
    Inks {
        token: std::array::from_fn(|s| p.ink(TOKEN[s], &[OUTLINE])),
        outline: p.ink(OUTLINE, &papers),
        number: p.ink(NUMBER, &papers),
        white: p.ink(WHITE, &[OUTLINE]),
        ivory: p.ink(IVORY, &[]),
    }
}

fn paint(c: Rgb) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color_rgba8(c.0, c.1, c.2, 255);
    p.anti_alias = true;
    p
}

fn rgb(pixmap: &Pixmap) -> Vec<Rgb> {
    pixmap
        .pixels()
        .iter()
        .map(|p| Rgb(p.red(), p.green(), p.blue()))
        .collect()
}

/// The centre of `square`'s cell on the board (square 0 is drawn on square 1).
fn centre(square: u8) -> (f32, f32) {
    let (col, row) = cell_of(square.max(1));
    (
        f32::from(col) * CELL + CELL / 2.0,
        (9.0 - f32::from(row)) * CELL + CELL / 2.0,
    )
}

fn circle(pixmap: &mut Pixmap, (x, y): (f32, f32), r: f32, c: Rgb) {
    if let Some(path) = PathBuilder::from_circle(x, y, r) {
        pixmap.fill_path(
            &path,
            &paint(c),
            FillRule::Winding,
            Transform::identity(),
            None,
        );
    }
}

fn line(pixmap: &mut Pixmap, a: (f32, f32), b: (f32, f32), width: f32, c: Rgb) {
    let mut pb = PathBuilder::new();
    pb.move_to(a.0, a.1);
    pb.line_to(b.0, b.1);
    if let Some(path) = pb.finish() {
        let stroke = Stroke {
            width,
            line_cap: tiny_skia::LineCap::Round,
            ..Stroke::default()
        };
        pixmap.stroke_path(&path, &paint(c), &stroke, Transform::identity(), None);
    }
}

/// Draws the static board of a layout.
fn board(layout: Layout) -> Pixmap {
    let mut pixmap = Pixmap::new(BOARD, BOARD).expect("board size is not zero");
    pixmap.fill(tiny_skia::Color::from_rgba8(LIGHT.0, LIGHT.1, LIGHT.2, 255));
    for sq in 1..=GOAL {
        let (col, row) = cell_of(sq);
        let fill = if sq == GOAL {
            GOLD
        } else if (col + row) % 2 == 0 {
            DARK
        } else {
            LIGHT
        };
        let (x, y) = (f32::from(col) * CELL, (9.0 - f32::from(row)) * CELL);
        if let Some(rect) = tiny_skia::Rect::from_xywh(x, y, CELL, CELL) {
            pixmap.fill_rect(rect, &paint(fill), Transform::identity(), None);
        }
    }
    for &(foot, top) in layout.ladders() {
        ladder(&mut pixmap, centre(foot), centre(top));
    }
    for (i, &(head, tail)) in layout.snakes().iter().enumerate() {
        snake(&mut pixmap, centre(head), centre(tail), i);
    }
    pixmap
}

/// Draws a ladder: two rails with rungs across.
fn ladder(pixmap: &mut Pixmap, foot: (f32, f32), top: (f32, f32)) {
    let (dx, dy) = (top.0 - foot.0, top.1 - foot.1);
    let len = (dx * dx + dy * dy).sqrt().max(1.0);
    let (ux, uy) = (dx / len, dy / len);
    let (nx, ny) = (-uy * 10.0, ux * 10.0);
    // Start and end a little inside the squares so the numbers stay readable.
    let a = (foot.0 + ux * 8.0, foot.1 + uy * 8.0);
    let b = (top.0 - ux * 8.0, top.1 - uy * 8.0);
    let rungs = ((len - 16.0) / 22.0).floor().max(1.0) as usize;
    let rung = |i: usize| {
        let t = (i as f32 + 0.5) / rungs as f32;
        (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t)
    };
    for (width, colour) in [(4.5, WOOD)] {
        for i in 0..rungs {
            let m = rung(i);
            line(
                pixmap,
                (m.0 - nx, m.1 - ny),
                (m.0 + nx, m.1 + ny),
                width - 1.0,
                colour,
            );
        }
        for side in [-1.0, 1.0] {
            let (ox, oy) = (nx * side, ny * side);
            line(
                pixmap,
                (a.0 + ox, a.1 + oy),
                (b.0 + ox, b.1 + oy),
                width,
                colour,
            );
        }
    }
}

/// Draws a snake from its head down to its tail: a tapered S-curve, outlined, with a head
/// and eyes.
fn snake(pixmap: &mut Pixmap, head: (f32, f32), tail: (f32, f32), i: usize) {
    let (dx, dy) = (tail.0 - head.0, tail.1 - head.1);
    let len = (dx * dx + dy * dy).sqrt().max(1.0);
    let (nx, ny) = (-dy / len, dx / len);
    let bend = (len * 0.18).clamp(14.0, 46.0) * if i.is_multiple_of(2) { 1.0 } else { -1.0 };
    let p1 = (head.0 + dx / 3.0 + nx * bend, head.1 + dy / 3.0 + ny * bend);
    let p2 = (
        head.0 + 2.0 * dx / 3.0 - nx * bend,
        head.1 + 2.0 * dy / 3.0 - ny * bend,
    );
    let at = |t: f32| {
        let u = 1.0 - t;
        let (a, b, c, d) = (u * u * u, 3.0 * u * u * t, 3.0 * u * t * t, t * t * t);
        (
            a * head.0 + b * p1.0 + c * p2.0 + d * tail.0,
            a * head.1 + b * p1.1 + c * p2.1 + d * tail.1,
        )
    };
    let steps = (len / 2.0).ceil().max(8.0) as usize;
    let radius = |t: f32| 9.0 - 6.0 * t;
    let body = SNAKE[i % 3];
    for (extra, colour) in [(2.0, OUTLINE), (0.0, body)] {
        for k in 0..=steps {
            let t = k as f32 / steps as f32;
            circle(pixmap, at(t), radius(t) + extra, colour);
        }
    }
    // The head: a bigger disc, then eyes looking along the body's first stretch.
    let ahead = at(0.03);
    let (hx, hy) = (head.0 - ahead.0, head.1 - ahead.1);
    let hl = (hx * hx + hy * hy).sqrt().max(0.01);
    let (fx, fy) = (hx / hl, hy / hl);
    circle(pixmap, head, 13.5, OUTLINE);
    circle(pixmap, head, 11.5, body);
    for side in [-1.0, 1.0] {
        let eye = (
            head.0 + fx * 3.0 - fy * 5.0 * side,
            head.1 + fy * 3.0 + fx * 5.0 * side,
        );
        circle(pixmap, eye, 3.4, WHITE);
        circle(pixmap, (eye.0 + fx * 1.2, eye.1 + fy * 1.2), 1.7, OUTLINE);
    }
}

/// Numbers every square in its top-left corner.
fn numbers(kit: &Kit, inks: &Inks, board: &mut Canvas) {
    for sq in 1..=GOAL {
        let (col, row) = cell_of(sq);
        let (x, y) = (f32::from(col) * CELL, (9.0 - f32::from(row)) * CELL);
        let text = sq.to_string();
        let px = if sq == GOAL { 15.0 } else { 11.0 };
        kit.draw_text(
            board,
            Face::Bold,
            px,
            (x + 4.0, y + 15.0),
            &text,
            inks.number,
        );
    }
}

/// Where token `k` of `n` sharing one square sits, relative to the square's centre.
fn offset(k: usize, n: usize) -> (f32, f32) {
    match n {
        1 => (0.0, 4.0),
        2 => [(-12.0, 4.0), (12.0, 4.0)][k.min(1)],
        _ => [(-12.0, -6.0), (12.0, -6.0), (-12.0, 15.0), (12.0, 15.0)][k.min(3)],
    }
}

/// Draws the whole picture.
fn draw(kit: &Kit, boards: &[Canvas], inks: &Inks, game: &SnakesGame, view: &View) -> Canvas {
    let mut canvas = Canvas::new(WIDTH, HEIGHT, 0);
    let layout = game.rules().layout;
    let i = Layout::ALL.iter().position(|&l| l == layout).unwrap_or(0);
    if let Some(board) = boards.get(i) {
        canvas.blit(0, STRIP, board);
    }
    let screen = |(x, y): (f32, f32)| (x, y + STRIP as f32);
    if let Some(last) = game.last() {
        let colour = inks.token[last.seat % 4];
        let end = last.landed.min(GOAL);
        if last.step != Step::TooHigh {
            for sq in last.from.saturating_add(1)..=end {
                if sq != end {
                    kit.fill_circle(&mut canvas, screen(centre(sq)), 4.5, inks.outline);
                    kit.fill_circle(&mut canvas, screen(centre(sq)), 3.0, colour);
                }
            }
            let ring = if matches!(last.step, Step::Blocked { .. }) {
                inks.outline
            } else {
                colour
            };
            kit.stroke_circle(&mut canvas, screen(centre(end)), 22.0, 3.0, ring);
            if last.to != end {
                kit.stroke_circle(&mut canvas, screen(centre(last.to)), 24.0, 4.0, colour);
            }
        }
    }
    // Tokens, grouped by square so that sharers sit side by side.
    let squares = game.squares();
    for (seat, &sq) in squares.iter().enumerate() {
        if game.resigned()[seat] || sq == 0 {
            continue;
        }
        let sharers: Vec<usize> = (0..squares.len())
            .filter(|&s| !game.resigned()[s] && squares[s] == sq)
            .collect();
        let k = sharers.iter().position(|&s| s == seat).unwrap_or(0);
        let r = if sharers.len() > 1 { 10.5 } else { 14.0 };
        let (cx, cy) = screen(centre(sq));
        let (ox, oy) = offset(k, sharers.len());
        let at = (cx + ox, cy + oy);
        kit.fill_circle(&mut canvas, at, r + 2.0, inks.outline);
        kit.fill_circle(&mut canvas, at, r, inks.token[seat % 4]);
        kit.fill_circle(
            &mut canvas,
            (at.0 - r * 0.35, at.1 - r * 0.35),
            r * 0.28,
            inks.white,
        );
    }
    strip(kit, &mut canvas, inks, game, view);
    let caption = view.caption_or(|| status(game, view));
    kit.caption_band(&mut canvas, STRIP + BOARD, BAND, &caption);
    canvas
}

/// Draws the strip: one cell per seat in two rows (Red, Blue above Yellow, Green), each with
/// the token's colour, the name, its square, the dice it last threw and its status.
fn strip(kit: &Kit, canvas: &mut Canvas, inks: &Inks, game: &SnakesGame, view: &View) {
    let thrown = thrown(game);
    let die = DieInks {
        edge: inks.outline,
        face: inks.ivory,
        pip: inks.outline,
    };
    let lines: Vec<PlayerLine> = (0..4)
        .map(|seat| {
            if seat >= game.squares().len() {
                return PlayerLine::empty_seat();
            }
            let resigned = game.resigned()[seat];
            let tag = match game.turn() {
                Turn::Over(Outcome::Win { winner, .. }) if winner == seat => {
                    Some(("winner", Tone::Go))
                }
                _ if resigned => Some(("resigned", Tone::Quiet)),
                turn if turn.seat() == Some(seat) => Some(("to roll", Tone::Go)),
                _ => None,
            };
            let note = match game.squares()[seat] {
                _ if resigned => String::new(),
                0 => "start".to_string(),
                sq => format!("on {sq}"),
            };
            PlayerLine {
                name: view.player(seat),
                side: COLOURS[seat],
                disc: if resigned {
                    Disc::Hollow
                } else {
                    Disc::Colour {
                        fill: inks.token[seat],
                        rim: Some(inks.outline),
                    }
                },
                dimmed: resigned,
                note,
                dice: thrown
                    .iter()
                    .find(|(s, _)| *s == seat)
                    .map(|(_, d)| (d.clone(), die)),
                tags: tag.into_iter().collect(),
            }
        })
        .collect();
    kit.seat_grid(canvas, (0, STRIP / 2), 2, &lines);
}

/// Returns the dice shown by seat: the latest race roll, or the latest throw for who starts.
fn thrown(game: &SnakesGame) -> Vec<(Seat, Vec<u8>)> {
    if let Some(last) = game.last() {
        vec![(last.seat, last.dice.clone())]
    } else if let Phase::Opening { contenders, thrown } = game.phase() {
        contenders
            .iter()
            .zip(thrown)
            .map(|(s, d)| (*s, vec![*d]))
            .collect()
    } else if let Some(round) = game.round() {
        let throws = round.contenders.iter().zip(&round.thrown);
        throws.map(|(s, d)| (*s, vec![*d])).collect()
    } else {
        Vec::new()
    }
}

/// The default caption: whose turn it is, or how the game ended.
fn status(game: &SnakesGame, view: &View) -> String {
    let name = |seat: Seat| view.name_of(seat, COLOURS[seat % 4]);
    match game.phase() {
        Phase::Over { outcome } => match outcome {
            Outcome::Win {
                winner,
                reason: WinReason::Resignation,
            } => format!("{} wins: everyone else resigned", name(*winner)),
            Outcome::Win { winner, .. } => {
                format!("{} reached 100 and wins", name(*winner))
            }
            Outcome::Draw { .. } => "The game is drawn".to_string(),
        },
        Phase::Opening { .. } => {
            let seat = game.turn().seat().unwrap_or(0);
            format!("{} throws one die for who starts", name(seat))
        }
        Phase::Roll { seat } => {
            let dice = game.dice().map_or(2, |d| d.count);
            let what = if dice == 1 { "one die" } else { "two dice" };
            format!("{} to roll {what}", name(*seat))
        }
    }
}

/// A mid-game position with a shared square and a ladder just climbed, to order the palette.
fn sample_game() -> Option<SnakesGame> {
    use crate::rules::snakes::SnakesRules;
    let mut g = SnakesGame::with_rules(SnakesRules::default(), 3);
    for d in [[5u8], [3], [2]] {
        g = g.roll(g.turn().seat()?, &d).ok()?;
    }
    for d in [[6u8, 2], [1, 3], [4, 4], [2, 2], [5, 6], [3, 1]] {
        g = g.roll(g.turn().seat()?, &d).ok()?;
    }
    Some(g)
}

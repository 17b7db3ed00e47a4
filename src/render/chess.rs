//! The chess picture: lichess-brown squares with cburnett pieces, coordinates inside the edge
//! squares, last-move and check highlights, a player bar above and below, and a caption band.
//!
//! Orientation: the board is seen from the side to move. Once the game is over it is seen
//! from the side that made the last move when that move ended it (checkmate, stalemate, or an
//! automatic draw), and from White's side (seat 0) after a resignation or an agreed draw.

use resvg::{tiny_skia, usvg};
use shakmaty::{Color, File, Position, Rank, Role, Square};

use super::View;
use super::kit::{
    Canvas, Disc, Face, Ink, Kit, KitBuilder, PaletteBuilder, PlayerLine, Rgb, duel_tags,
};
use crate::rules::chess::{ChessGame, seat_of};
use crate::rules::{DrawReason, Outcome, Rules, WinReason};

/// Side of one square in pixels.
const SQUARE: u32 = 90;
/// Side of the board in pixels.
const BOARD: u32 = 8 * SQUARE;
/// Height of each player bar.
const BAR_HEIGHT: u32 = 56;
/// Height of the caption band at the bottom.
const BAND_HEIGHT: u32 = 44;
/// Width of the chess picture in pixels.
const WIDTH: u32 = BOARD;
/// Height of the chess picture in pixels.
const HEIGHT: u32 = 2 * BAR_HEIGHT + BOARD + BAND_HEIGHT;

const LIGHT: Rgb = Rgb::hex(0xf0d9b5);
const DARK: Rgb = Rgb::hex(0xb58863);
const LIGHT_LAST: Rgb = Rgb::hex(0xcdd26a);
const DARK_LAST: Rgb = Rgb::hex(0xaaa23a);
/// Stops of lichess' check glow: (distance / half-diagonal, colour, opacity).
const GLOW: [(f32, Rgb, f32); 4] = [
    (0.0, Rgb::hex(0xff0000), 1.0),
    (0.25, Rgb::hex(0xe70000), 1.0),
    (0.89, Rgb::hex(0xa90000), 0.0),
    (1.0, Rgb::hex(0x9e0000), 0.0),
];
/// Pixel size of the coordinate labels.
const COORD_PX: f32 = 17.0;

/// The pieces in tile order.
const PIECES: [(Color, Role); 12] = [
    (Color::White, Role::King),
    (Color::White, Role::Queen),
    (Color::White, Role::Rook),
    (Color::White, Role::Bishop),
    (Color::White, Role::Knight),
    (Color::White, Role::Pawn),
    (Color::Black, Role::King),
    (Color::Black, Role::Queen),
    (Color::Black, Role::Rook),
    (Color::Black, Role::Bishop),
    (Color::Black, Role::Knight),
    (Color::Black, Role::Pawn),
];

/// Returns the cburnett SVG of a piece (45×45 units).
fn piece_svg(color: Color, role: Role) -> &'static [u8] {
    match (color, role) {
        (Color::White, Role::King) => include_bytes!("../../assets/pieces/cburnett/wk.svg"),
        (Color::White, Role::Queen) => include_bytes!("../../assets/pieces/cburnett/wq.svg"),
        (Color::White, Role::Rook) => include_bytes!("../../assets/pieces/cburnett/wr.svg"),
        (Color::White, Role::Bishop) => include_bytes!("../../assets/pieces/cburnett/wb.svg"),
        (Color::White, Role::Knight) => include_bytes!("../../assets/pieces/cburnett/wn.svg"),
        (Color::White, Role::Pawn) => include_bytes!("../../assets/pieces/cburnett/wp.svg"),
        (Color::Black, Role::King) => include_bytes!("../../assets/pieces/cburnett/bk.svg"),
        (Color::Black, Role::Queen) => include_bytes!("../../assets/pieces/cburnett/bq.svg"),
        (Color::Black, Role::Rook) => include_bytes!("../../assets/pieces/cburnett/br.svg"),
        (Color::Black, Role::Bishop) => include_bytes!("../../assets/pieces/cburnett/bb.svg"),
        (Color::Black, Role::Knight) => include_bytes!("../../assets/pieces/cburnett/bn.svg"),
        (Color::Black, Role::Pawn) => include_bytes!("../../assets/pieces/cburnett/bp.svg"),
    }
}

/// Tiles per background: the 12 pieces, then the empty square.
const EMPTY: usize = 12;

/// What lies under a piece: the plain square, the last-move highlight, or the check glow.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Under {
    Plain,
    Last,
    Check,
}

const UNDERS: [Under; 3] = [Under::Plain, Under::Last, Under::Check];

fn tile_index(light: bool, under: Under, piece: usize) -> usize {
    let bg = usize::from(light) * 3 + under as usize;
    bg * (EMPTY + 1) + piece
}

fn piece_index(color: Color, role: Role) -> usize {
    let i = PIECES.iter().position(|&p| p == (color, role));
    i.unwrap_or(EMPTY)
}

/// Every tile drawn once, in palette indices, plus the inks for coordinates.
struct Theme {
    tiles: Vec<Canvas>,
    /// Ink for labels on light squares, then on dark squares.
    coord: [Ink; 2],
}

/// The opaque RGB tiles before the palette exists.
struct Art {
    tiles: Vec<Vec<Rgb>>,
    coord: [Ink; 2],
}

impl Art {
    /// Rasterizes the pieces and blends each onto every background; registers its colours.
    ///
    /// # Panics
    /// Panics when an embedded piece SVG is broken, which the test suite rules out.
    fn draw(palette: &mut PaletteBuilder) -> Art {
        let sprites: Vec<tiny_skia::Pixmap> = PIECES
            .iter()
            .map(|&(c, r)| rasterize(piece_svg(c, r)))
            .collect();
        let mut tiles = Vec::with_capacity(6 * (EMPTY + 1));
        for light in [false, true] {
            for under in UNDERS {
                let bg = background(light, under);
                for piece in 0..=EMPTY {
                    let tile = match sprites.get(piece) {
                        Some(sprite) => composite(&bg, sprite),
                        None => bg.clone(),
                    };
                    // The glow only ever lies under a king: keep other tiles out of the palette.
                    let shown =
                        under != Under::Check || PIECES.get(piece).map(|p| p.1) == Some(Role::King);
                    if shown {
                        palette.sample(tile.iter().copied());
                    }
                    tiles.push(tile);
                }
            }
        }
        let coord = [
            palette.ink(DARK, &[LIGHT, LIGHT_LAST]),
            palette.ink(LIGHT, &[DARK, DARK_LAST]),
        ];
        Art { tiles, coord }
    }

    /// Converts the tiles to palette indices.
    fn into_theme(self, kit: &Kit) -> Theme {
        let mut index = kit.palette.indexer();
        let tiles = self
            .tiles
            .iter()
            .map(|rgb| Canvas {
                width: SQUARE,
                height: SQUARE,
                pixels: rgb.iter().map(|&c| index(c)).collect(),
            })
            .collect();
        Theme {
            tiles,
            coord: self.coord,
        }
    }
}

impl Theme {
    /// Renumbers the tiles after the palette was reordered.
    fn remap(&mut self, map: &[u8; 256]) {
        for tile in &mut self.tiles {
            tile.remap(map);
        }
    }
}

fn rasterize(svg: &[u8]) -> tiny_skia::Pixmap {
    let tree = usvg::Tree::from_data(svg, &usvg::Options::default())
        .expect("embedded cburnett piece SVG is broken");
    let mut pixmap = tiny_skia::Pixmap::new(SQUARE, SQUARE).expect("square size is not zero");
    let scale = SQUARE as f32 / tree.size().width();
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    pixmap
}

fn background(light: bool, under: Under) -> Vec<Rgb> {
    let square = if light { LIGHT } else { DARK };
    match under {
        Under::Plain => vec![square; (SQUARE * SQUARE) as usize],
        Under::Last => vec![if light { LIGHT_LAST } else { DARK_LAST }; (SQUARE * SQUARE) as usize],
        Under::Check => {
            // CSS `radial-gradient(ellipse at center, …)` on a square: radius = half-diagonal.
            let half = SQUARE as f32 / 2.0;
            let radius = half * std::f32::consts::SQRT_2;
            let mut out = Vec::with_capacity((SQUARE * SQUARE) as usize);
            for y in 0..SQUARE {
                for x in 0..SQUARE {
                    let d = (x as f32 + 0.5 - half).hypot(y as f32 + 0.5 - half) / radius;
                    let (color, alpha) = glow(d);
                    out.push(color.over(square, alpha));
                }
            }
            out
        }
    }
}

/// Returns the glow's colour and opacity at relative distance `t` from the centre.
fn glow(t: f32) -> (Rgb, f32) {
    for pair in GLOW.windows(2) {
        let ((t0, c0, a0), (t1, c1, a1)) = (pair[0], pair[1]);
        if t <= t1 {
            let k = ((t - t0) / (t1 - t0)).clamp(0.0, 1.0);
            let alpha = a0 + (a1 - a0) * k;
            // CSS interpolates in premultiplied space: the colour follows the opaque stop.
            let color = if a1 == 0.0 { c0 } else { c1.over(c0, k) };
            return (color, alpha);
        }
    }
    (GLOW[3].1, 0.0)
}

/// Paints a premultiplied sprite over an opaque background.
fn composite(bg: &[Rgb], sprite: &tiny_skia::Pixmap) -> Vec<Rgb> {
    bg.iter()
        .zip(sprite.pixels())
        .map(|(b, p)| {
            let keep = 255 - u16::from(p.alpha());
            let mix =
                |s: u8, d: u8| (u16::from(s) + (u16::from(d) * keep + 127) / 255).min(255) as u8;
            Rgb(mix(p.red(), b.0), mix(p.green(), b.1), mix(p.blue(), b.2))
        })
        .collect()
}

/// Returns the colour seen at the bottom of the board (see the module notes).
pub fn bottom_side(game: &ChessGame) -> Color {
    let pos = game.current_position();
    match game.outcome() {
        None => pos.turn(),
        Some(Outcome::Win {
            reason: WinReason::Resignation,
            ..
        })
        | Some(Outcome::Draw {
            reason: DrawReason::Agreement,
        }) => Color::White,
        Some(_) if game.moves().is_empty() => Color::White,
        Some(_) => !pos.turn(),
    }
}

/// Returns the squares to highlight for the last move: from and to (the king's for castling).
fn last_move_squares(game: &ChessGame) -> [Option<Square>; 2] {
    let Some(m) = game.last_move() else {
        return [None, None];
    };
    let to = match m.castling_side() {
        Some(side) => side.king_to(!game.current_position().turn()),
        None => m.to(),
    };
    [m.from(), Some(to)]
}

/// Chess's painter: the kit and every tile, ordered on a typical picture.
pub struct Painter {
    kit: Kit,
    theme: Theme,
}

impl super::Painted for ChessGame {
    type Painter = Painter;
}

impl super::Painter for Painter {
    type Game = ChessGame;

    const SIZE: (u32, u32) = (WIDTH, HEIGHT);

    fn new() -> Painter {
        let mut builder = KitBuilder::new();
        let art = Art::draw(&mut builder.palette);
        let mut kit = builder.build();
        let mut theme = art.into_theme(&kit);
        // Order the palette on the tiles and a typical picture, then renumber what is drawn.
        let view = View {
            players: vec!["alice".to_string(), "Bob the Builder".to_string()],
            caption: Some("12… Qxd4+ by Bob the Builder".to_string()),
            perspective: None,
        };
        let sample = draw(&kit, &theme, &ChessGame::new(), &view);
        let mut samples: Vec<&Canvas> = theme.tiles.iter().collect();
        samples.push(&sample);
        let map = kit.reorder(&samples);
        theme.remap(&map);
        Painter { kit, theme }
    }

    fn kit(&self) -> &Kit {
        &self.kit
    }

    fn draw(&self, game: &ChessGame, view: &View) -> Canvas {
        draw(&self.kit, &self.theme, game, view)
    }
}

/// Draws the whole chess picture.
fn draw(kit: &Kit, theme: &Theme, game: &ChessGame, view: &View) -> Canvas {
    let mut canvas = Canvas::new(WIDTH, HEIGHT, 0);
    let bottom = view
        .perspective
        .and_then(crate::rules::chess::color_of)
        .unwrap_or_else(|| bottom_side(game));
    let board_top = BAR_HEIGHT;
    draw_board(kit, theme, game, bottom, &mut canvas, board_top);
    for (color, top) in [(!bottom, 0), (bottom, board_top + BOARD)] {
        let line = player_line(game, view, color);
        kit.player_bar(&mut canvas, top, BAR_HEIGHT, &line);
    }
    let caption = view.caption_or(|| status(game));
    kit.caption_band(
        &mut canvas,
        board_top + BOARD + BAR_HEIGHT,
        BAND_HEIGHT,
        &caption,
    );
    canvas
}

fn draw_board(
    kit: &Kit,
    theme: &Theme,
    game: &ChessGame,
    bottom: Color,
    canvas: &mut Canvas,
    top: u32,
) {
    let board = game.current_position().board();
    let last = last_move_squares(game);
    let check = game.checked_king();
    // Screen column and row of a square, with the `bottom` side nearest the viewer.
    let place = |sq: Square| match bottom {
        Color::White => (sq.file().to_u32(), 7 - sq.rank().to_u32()),
        Color::Black => (7 - sq.file().to_u32(), sq.rank().to_u32()),
    };
    for sq in Square::ALL {
        let piece = board.piece_at(sq);
        // Only king tiles were made with the glow; `checked_king` never names another square.
        let under = if check == Some(sq) && piece.is_some_and(|p| p.role == Role::King) {
            Under::Check
        } else if last.contains(&Some(sq)) {
            Under::Last
        } else {
            Under::Plain
        };
        let piece = piece.map_or(EMPTY, |p| piece_index(p.color, p.role));
        let (col, row) = place(sq);
        if let Some(tile) = theme.tiles.get(tile_index(sq.is_light(), under, piece)) {
            canvas.blit(col * SQUARE, top + row * SQUARE, tile);
        }
    }
    // Lichess-style coordinates inside the edge squares: ranks top-left, files bottom-right.
    let (edge_file, edge_rank) = match bottom {
        Color::White => (File::A, Rank::First),
        Color::Black => (File::H, Rank::Eighth),
    };
    let inset = 5.0;
    let cap = Kit::cap_height(COORD_PX).round();
    for rank in Rank::ALL {
        let sq = Square::from_coords(edge_file, rank);
        let (col, row) = place(sq);
        let ink = theme.coord[usize::from(!sq.is_light())];
        let at = (
            (col * SQUARE) as f32 + inset,
            (top + row * SQUARE) as f32 + inset + cap,
        );
        kit.draw_text(
            canvas,
            Face::Bold,
            COORD_PX,
            at,
            rank.char().encode_utf8(&mut [0; 4]),
            ink,
        );
    }
    for file in File::ALL {
        let sq = Square::from_coords(file, edge_rank);
        let (col, row) = place(sq);
        let ink = theme.coord[usize::from(!sq.is_light())];
        let label = file.char().to_string();
        let w = kit.text_width(Face::Bold, COORD_PX, &label);
        let x = ((col + 1) * SQUARE) as f32 - inset - w;
        let baseline = (top + (row + 1) * SQUARE) as f32 - inset - 1.0;
        kit.draw_text(canvas, Face::Bold, COORD_PX, (x, baseline), &label, ink);
    }
}

fn side_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

fn player_line<'a>(game: &ChessGame, view: &'a View, color: Color) -> PlayerLine<'a> {
    let seat = seat_of(color);
    let name = view.player(seat);
    let lost_by = |reason| match reason {
        WinReason::Checkmate => Some("checkmated"),
        WinReason::Resignation => Some("resigned"),
        _ => None,
    };
    let tags = duel_tags(
        game.outcome(),
        seat,
        lost_by,
        game.draw_offer(),
        game.seat_to_move(),
    );
    PlayerLine {
        name,
        side: side_name(color),
        disc: if color == Color::White {
            Disc::Light
        } else {
            Disc::Dark
        },
        tags,
        ..PlayerLine::default()
    }
}

/// Returns the default caption: whose move it is, or how the game ended.
fn status(game: &ChessGame) -> String {
    match game.outcome() {
        Some(o @ Outcome::Win { winner, .. }) => {
            let side = if winner == 0 { "White" } else { "Black" };
            format!("{side} wins by {}", game.describe(o))
        }
        Some(o @ Outcome::Draw { .. }) => format!("Draw by {}", game.describe(o)),
        None => {
            let pos = game.current_position();
            let side = side_name(pos.turn());
            let check = if pos.is_check() { ", in check" } else { "" };
            let mut text = format!("Move {} · {side} to move{check}", pos.fullmoves());
            if let Some(seat) = game.draw_offer() {
                let offerer = if seat == 0 { "White" } else { "Black" };
                text.push_str(&format!(" · {offerer} offers a draw"));
            }
            text
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;
    use shakmaty::san::San;

    fn play(line: &str) -> ChessGame {
        let mut game = ChessGame::new();
        for san in line.split_whitespace() {
            let m = san
                .parse::<San>()
                .expect("SAN")
                .to_move(game.current_position())
                .expect("legal");
            let seat = game.seat_to_move();
            game = game
                .apply(seat, &shakmaty::uci::UciMove::from_standard(m))
                .expect("plays");
        }
        game
    }

    #[test]
    fn status_says_whose_move_or_how_it_ended() {
        assert_eq!(status(&ChessGame::new()), "Move 1 · White to move");
        assert_eq!(
            status(&play("e4 d6 Bb5+")),
            "Move 2 · Black to move, in check"
        );
        assert_eq!(status(&play("f3 e5 g4 Qh4#")), "Black wins by checkmate");
        let offered = play("e4")
            .draw(1, crate::rules::DrawAction::Offer)
            .expect("offers");
        assert_eq!(
            status(&offered),
            "Move 1 · Black to move · Black offers a draw"
        );
    }

    #[test]
    fn the_board_faces_the_mover_then_the_side_that_ended_it() {
        assert_eq!(bottom_side(&play("e4")), Color::Black);
        assert_eq!(bottom_side(&play("f3 e5 g4 Qh4#")), Color::Black);
        let resigned = play("e4 e5").resign(0).expect("resigns");
        assert_eq!(bottom_side(&resigned), Color::White);
    }

    #[test]
    fn castling_highlights_where_the_king_lands() {
        let game = play("e4 e5 Nf3 Nc6 Bc4 Bc5 O-O");
        assert_eq!(
            last_move_squares(&game),
            [Some(Square::E1), Some(Square::G1)]
        );
    }
}

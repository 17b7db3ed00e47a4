//! The board renderer: PNGs decode, highlights and orientation land on the right squares,
//! output is deterministic, and hostile names cannot break it.

use std::sync::LazyLock;

use crate::support::game::ToAct;
use image::RgbImage;
use tabula::render::{Renderer, View};
use tabula::rules::{Action, Game, GameKind, Turn};

static RENDERER: LazyLock<Renderer> = LazyLock::new(Renderer::new);

/// Layout of the chess picture: a 56-px player bar, then the board of 90-px squares.
const BOARD_TOP: u32 = 56;
const SQUARE: u32 = 90;

const LIGHT: [u8; 3] = [0xf0, 0xd9, 0xb5];
const DARK: [u8; 3] = [0xb5, 0x88, 0x63];
const LIGHT_LAST: [u8; 3] = [0xcd, 0xd2, 0x6a];
const DARK_LAST: [u8; 3] = [0xaa, 0xa2, 0x3a];

fn play(line: &str) -> Game {
    let mut game = Game::new(GameKind::Chess, "standard", 2).expect("chess for two");
    for san in line.split_whitespace() {
        let Turn::Move(seat) = game.turn() else {
            panic!("game over before {san}");
        };
        let m = game.read(san).expect("legal move");
        game = game
            .apply(&Action::Play { seat, r#move: m })
            .expect("applies");
    }
    game
}

const WHITE: [u8; 3] = [255, 255, 255];

/// Returns whether the white a1 rook's body is drawn in the screen's bottom-left corner
/// (White at the bottom) rather than the top-right one (Black at the bottom).
fn white_at_bottom(img: &RgbImage) -> bool {
    let bottom_left = at(img, (0, 7), (45, 46)) == WHITE;
    let top_right = at(img, (7, 0), (45, 46)) == WHITE;
    assert_ne!(
        bottom_left, top_right,
        "exactly one corner holds the white a1 rook"
    );
    bottom_left
}

fn names() -> View {
    View {
        players: vec!["alice".to_string(), "bob".to_string()],
        caption: None,
        perspective: None,
    }
}

fn render(game: &Game, view: &View) -> RgbImage {
    let png = RENDERER.png(game, view).expect("renders");
    image::load_from_memory(&png).expect("decodes").to_rgb8()
}

/// Returns the colour at (`dx`, `dy`) inside the square drawn at screen column `col`, row `row`.
fn at(img: &RgbImage, (col, row): (u32, u32), (dx, dy): (u32, u32)) -> [u8; 3] {
    img.get_pixel(col * SQUARE + dx, BOARD_TOP + row * SQUARE + dy)
        .0
}

/// Tells the check glow from the board: no square, highlight or piece edge is this red.
fn is_glow_red([r, g, _]: [u8; 3]) -> bool {
    i16::from(r) > i16::from(g) + 60
}

#[test]
fn renderer_new_accepts_the_embedded_assets_and_is_shareable() {
    fn shareable<T: Send + Sync>(_: &T) {}
    let renderer = Renderer::new();
    shareable(&renderer);
    let png = renderer.png(&play(""), &View::default()).expect("renders");
    assert_eq!(&png[1..4], b"PNG");
}

#[test]
fn chess_png_decodes_with_the_documented_size() {
    let img = render(&play("e4 e5"), &names());
    assert_eq!(img.dimensions(), Renderer::size(GameKind::Chess));
    assert_eq!(Renderer::size(GameKind::Chess).0, 720);
}

#[test]
fn white_to_move_sees_a1_bottom_left() {
    let img = render(&play(""), &names());
    assert!(white_at_bottom(&img));
    // White's pawns on the second row from the bottom: e2 at screen column 4, row 6.
    assert_eq!(at(&img, (4, 6), (45, 66)), WHITE);
    assert_eq!(at(&img, (0, 0), (86, 3)), LIGHT, "a8 is light");
}

#[test]
fn black_to_move_sees_the_board_flipped_with_a1_top_right() {
    let img = render(&play("e4"), &names());
    assert!(!white_at_bottom(&img));
    // White's pawns near the top: d2 sits at screen column 4, row 1.
    assert_eq!(at(&img, (4, 1), (45, 66)), WHITE);
    assert_eq!(at(&img, (0, 0), (86, 3)), LIGHT, "h1 is light");
}

#[test]
fn last_move_squares_are_highlighted_and_others_are_not() {
    // After 1.e4 Black is to move, so e2 is at screen (3, 1) and e4 at (3, 3); both light.
    let img = render(&play("e4"), &names());
    assert_eq!(at(&img, (3, 1), (45, 45)), LIGHT_LAST, "e2, now empty");
    assert_eq!(at(&img, (3, 3), (45, 5)), LIGHT_LAST, "e4, above the pawn");
    assert_eq!(
        at(&img, (3, 2), (45, 45)),
        DARK,
        "e3 is not part of the move"
    );
    // After 1.e4 d5 White is to move: d7 (light) and d5 (light) at screen (3, 1), (3, 3).
    let img = render(&play("e4 d5"), &names());
    assert_eq!(at(&img, (3, 1), (45, 45)), LIGHT_LAST, "d7");
    assert_eq!(at(&img, (3, 3), (45, 5)), LIGHT_LAST, "d5");
    assert_eq!(
        at(&img, (4, 4), (45, 5)),
        LIGHT,
        "e4 is no longer highlighted"
    );
}

#[test]
fn castling_highlights_the_kings_from_and_to_squares() {
    let img = render(&play("e4 e5 Nf3 Nc6 Bc4 Bc5 O-O"), &names());
    // Black to move, flipped: e1 at screen (3, 0) (dark), g1 at (1, 0) (dark), h1 at (0, 0).
    assert_eq!(at(&img, (3, 0), (45, 45)), DARK_LAST, "e1");
    assert_eq!(at(&img, (1, 0), (45, 5)), DARK_LAST, "g1");
    assert_eq!(at(&img, (0, 0), (45, 45)), LIGHT, "h1 is empty and plain");
}

#[test]
fn check_glow_appears_only_when_in_check() {
    // 3.Bb5+: Black in check, board flipped, the king on e8 at screen (3, 7).
    let img = render(&play("e4 d6 Bb5+"), &names());
    assert!(
        is_glow_red(at(&img, (3, 7), (25, 8))),
        "glow beside the king's cross"
    );
    // Without check the same square is plain and no red appears anywhere on the board.
    let img = render(&play("e4 d6 Bc4"), &names());
    assert_eq!(at(&img, (3, 7), (25, 8)), LIGHT);
    let board_red = (0..8 * SQUARE)
        .flat_map(|y| (0..8 * SQUARE).map(move |x| (x, y)))
        .any(|(x, y)| is_glow_red(img.get_pixel(x, BOARD_TOP + y).0));
    assert!(!board_red, "no check, no glow");
}

#[test]
fn checkmate_is_seen_from_the_side_that_delivered_it() {
    let game = play("f3 e5 g4 Qh4#");
    assert!(game.outcome().is_some());
    let img = render(&game, &names());
    // Black mated White with the last move: Black sits at the bottom, a1 top-right.
    assert!(!white_at_bottom(&img));
    // The mated king on e1 (screen (3, 0)) glows.
    assert!(is_glow_red(at(&img, (3, 0), (25, 8))));
}

#[test]
fn resignation_and_agreed_draws_are_seen_from_seat_0() {
    // Black moved last in both games, so only the seat-0 rule puts White at the bottom.
    let resigned = play("e4 e5")
        .apply(&Action::Resign { seat: 0 })
        .expect("resigns");
    assert!(resigned.outcome().is_some());
    let img = render(&resigned, &names());
    assert!(white_at_bottom(&img));
    let offered = play("e4 e5")
        .apply(&Action::OfferDraw { seat: 0 })
        .expect("offers");
    let drawn = offered
        .apply(&Action::AcceptDraw { seat: 1 })
        .expect("agrees");
    let img = render(&drawn, &names());
    assert!(white_at_bottom(&img));
}

#[test]
fn a_standing_draw_offer_and_a_caption_render() {
    let game = play("e4 e5")
        .apply(&Action::OfferDraw { seat: 0 })
        .expect("offers");
    let view = View {
        caption: Some("alice offers a draw".to_string()),
        ..names()
    };
    let img = render(&game, &view);
    assert_eq!(img.dimensions(), Renderer::size(GameKind::Chess));
}

#[test]
fn rendering_is_deterministic_across_calls_and_renderers() {
    let game = play("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7");
    let view = View {
        players: vec!["alice".to_string(), "bob".to_string()],
        caption: Some("5… Be7 by bob".to_string()),
        perspective: None,
    };
    let first = RENDERER.png(&game, &view).expect("renders");
    assert_eq!(first, RENDERER.png(&game, &view).expect("renders"));
    assert_eq!(first, Renderer::new().png(&game, &view).expect("renders"));
}

#[test]
fn hostile_names_and_captions_render_without_panicking() {
    let game = play("e4 e5 Qh5 Nc6 Bc4 Nf6");
    let views = crate::support::render::hostile_views();
    for view in &views {
        let img = render(&game, view);
        assert_eq!(
            img.dimensions(),
            Renderer::size(GameKind::Chess),
            "{view:?}"
        );
    }
}

#[test]
fn a_busy_board_stays_under_40_kb() {
    // 32 pieces, a last move and a check: the most the board can hold.
    let png = RENDERER
        .png(&play("e4 d6 Bb5+"), &names())
        .expect("renders");
    assert!(png.len() < 40_000, "{} bytes", png.len());
}

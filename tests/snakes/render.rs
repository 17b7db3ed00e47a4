//! The Snakes & Ladders picture: PNGs decode at the documented size for every board and
//! player count, tokens are drawn on their squares (side by side where they share one),
//! hostile names survive, and output is deterministic and small.

use std::sync::LazyLock;

use image::RgbImage;
use tabula::render::{Renderer, View};
use tabula::rules::GameKind;

use super::{new, position, roll};
use crate::support::render::hostile_views;

static RENDERER: LazyLock<Renderer> = LazyLock::new(Renderer::new);

const STRIP: u32 = 88;
const CELL: u32 = 60;
const RED: [u8; 3] = [0xd7, 0x26, 0x3d];
const BLUE: [u8; 3] = [0x1f, 0x6f, 0xd1];

fn render(game: &tabula::rules::Game, view: &View) -> (RgbImage, usize) {
    let png = RENDERER.png(game, view).expect("renders");
    (
        image::load_from_memory(&png).expect("decodes").to_rgb8(),
        png.len(),
    )
}

/// The centre of `square`'s cell in the picture.
fn centre(square: u8) -> (u32, u32) {
    let (col, row) = tabula::rules::snakes::cell_of(square);
    (
        u32::from(col) * CELL + CELL / 2,
        STRIP + (9 - u32::from(row)) * CELL + CELL / 2,
    )
}

fn near(img: &RgbImage, (x, y): (u32, u32), colour: [u8; 3], reach: u32) -> bool {
    (x - reach..=x + reach)
        .any(|px| (y - reach..=y + reach).any(|py| img.get_pixel(px, py).0 == colour))
}

#[test]
fn pictures_have_the_documented_size_for_every_board_and_player_count() {
    for ruleset in [
        "two-dice",
        "one-die+classic-48",
        "two-dice-95+rosetta+start-0",
    ] {
        for n in 2..=4 {
            let (img, bytes) = render(&new(ruleset, n), &View::default());
            assert_eq!(
                (img.width(), img.height()),
                Renderer::size(GameKind::Snakes)
            );
            eprintln!("{ruleset}, {n} players: {bytes} bytes");
            assert!(bytes < 60_000, "{bytes} bytes");
        }
    }
}

#[test]
fn tokens_are_drawn_on_their_squares() {
    let game = position("two-dice", &[33, 57], 0);
    let (img, _) = render(&game, &View::default());
    assert!(near(&img, centre(33), RED, 6));
    assert!(near(&img, centre(57), BLUE, 6));
    assert!(!near(&img, centre(57), RED, 6));
}

#[test]
fn tokens_sharing_the_start_square_sit_side_by_side() {
    let (img, _) = render(&new("two-dice", 2), &View::default());
    let (x, y) = centre(1);
    assert!(near(&img, (x - 12, y + 4), RED, 3));
    assert!(near(&img, (x + 12, y + 4), BLUE, 3));
}

#[test]
fn the_last_move_and_the_dice_are_drawn_and_the_picture_is_deterministic() {
    let game = roll(&position("two-dice", &[26, 1], 0), &[1, 1]);
    let view = View {
        players: vec!["alice".into(), "bob".into()],
        caption: Some("alice rolled 1 and 1: 26 → 28, up the ladder to 84".into()),
        perspective: None,
    };
    let a = RENDERER.png(&game, &view).unwrap();
    let b = RENDERER.png(&game, &view).unwrap();
    assert_eq!(a, b);
    let (img, _) = render(&game, &view);
    assert!(near(&img, centre(84), RED, 8));
    // The trail: a red dot on 27, the square counted through.
    assert!(near(&img, centre(27), RED, 2));
}

#[test]
fn hostile_names_and_captions_render() {
    let game = roll(&position("two-dice", &[26, 1, 40], 2), &[2, 3]);
    for view in hostile_views() {
        let (img, _) = render(&game, &view);
        assert_eq!(
            (img.width(), img.height()),
            Renderer::size(GameKind::Snakes)
        );
    }
}

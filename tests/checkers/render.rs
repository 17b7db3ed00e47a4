//! The checkers picture: its size, a PNG within the budget, the board seen from the side to
//! move, and hostile names.

use std::sync::LazyLock;

use tabula::render::{Renderer, View};
use tabula::rules::{Action, Game, GameKind};

use crate::support::render::hostile_views;

static RENDERER: LazyLock<Renderer> = LazyLock::new(Renderer::new);

fn played(moves: &[&str]) -> Game {
    let mut game = Game::new(GameKind::Checkers, "forced", 2).unwrap();
    for text in moves {
        let seat = game.turn().seat().unwrap();
        let m = game.parse(seat, text).unwrap();
        game = game.apply(&Action::Play { seat, r#move: m }).unwrap();
    }
    game
}

#[test]
fn the_picture_is_a_png_of_the_stated_size_within_40_kb() {
    let game = played(&["11-15", "24-20", "15-19", "23x16", "12x19"]);
    let png = RENDERER.png(&game, &View::default()).unwrap();
    assert!(png.len() <= 40_000, "{} bytes", png.len());
    let img = image::load_from_memory(&png).unwrap();
    assert_eq!(
        (img.width(), img.height()),
        Renderer::size(GameKind::Checkers)
    );
}

#[test]
fn the_board_turns_to_the_side_to_move() {
    // Black's man on 12 sits top right for White (square 12 is h6) and bottom left for Black.
    let black = RENDERER.png(&played(&[]), &View::default()).unwrap();
    let white = RENDERER.png(&played(&["9-13"]), &View::default()).unwrap();
    assert_ne!(black, white);
    let fixed = |g: &Game| {
        RENDERER
            .png(
                g,
                &View {
                    perspective: Some(0),
                    ..View::default()
                },
            )
            .unwrap()
    };
    let a = image::load_from_memory(&fixed(&played(&[])))
        .unwrap()
        .to_rgb8();
    let b = image::load_from_memory(&fixed(&played(&["9-13"])))
        .unwrap()
        .to_rgb8();
    // From Black's side square 9 (b6) is at column 6 from the left, row 5 from the top.
    let centre = |img: &image::RgbImage| *img.get_pixel(6 * 80 + 40, 56 + 5 * 80 + 40);
    assert_ne!(centre(&a), centre(&b), "the man left 9");
}

#[test]
fn hostile_names_do_not_break_the_picture() {
    let game = played(&["11-15", "23-19"]);
    for view in hostile_views() {
        let png = RENDERER.png(&game, &view).unwrap();
        assert!(!png.is_empty());
    }
}

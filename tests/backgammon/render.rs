//! The backgammon picture: checkers, numbers, the cube and the last play land where the
//! state says, seen from the player to move; output is deterministic and hostile names are safe.

use std::sync::LazyLock;

use crate::support::game::ToAct;
use image::RgbImage;
use tabula::render::{Renderer, View};
use tabula::rules::backgammon::{BackgammonGame, BackgammonRules, Setup, Side};
use tabula::rules::{Action, Game, GameKind, Turn};

static RENDERER: LazyLock<Renderer> = LazyLock::new(Renderer::new);

/// Layout of the picture: a 56-px player strip, then the board; the field runs from 28 px
/// below the board's top to 28 px above its bottom, points are 50 px wide and checkers 46.
const BOARD_TOP: u32 = 56;
const FIELD_TOP: u32 = BOARD_TOP + 28;
const FIELD_BOTTOM: u32 = BOARD_TOP + 552;
const CHECKER: u32 = 46;

const WHITE_FACE: [u8; 3] = [0xec, 0xe5, 0xd6];
const BLACK_FACE: [u8; 3] = [0x2c, 0x2a, 0x27];
const CUBE_FACE: [u8; 3] = [0xf4, 0xed, 0xdc];
const TO_PILL: [u8; 3] = [0xf0, 0xb4, 0x3c];
const FROM_PILL: [u8; 3] = [0x8d, 0x6a, 0x46];
const RING: [u8; 3] = [0xf0, 0xb4, 0x3c];

/// Returns the centre x of the point that the bottom player numbers `point` (1–24).
fn point_x(point: u32) -> u32 {
    let col = if point <= 12 { 12 - point } else { point - 13 };
    let left = if col < 6 {
        16 + col * 50
    } else {
        368 + (col - 6) * 50
    };
    left + 25
}

/// Returns the centre of the `k`-th checker (0 at the edge) on bottom-numbered `point`.
fn checker_at(point: u32, k: u32) -> (u32, u32) {
    let y = if point <= 12 {
        FIELD_BOTTOM - 2 - CHECKER / 2 - k * CHECKER
    } else {
        FIELD_TOP + 2 + CHECKER / 2 + k * CHECKER
    };
    (point_x(point), y)
}

/// Returns the centre of the number of bottom-numbered `point` on the frame.
fn number_at(point: u32) -> (u32, u32) {
    let y = if point <= 12 {
        FIELD_BOTTOM + 15
    } else {
        BOARD_TOP + 12
    };
    (point_x(point), y)
}

fn pixel(img: &RgbImage, (x, y): (u32, u32)) -> [u8; 3] {
    img.get_pixel(x, y).0
}

/// Returns the colour of the checker face `k` high on `point`, if a checker is there.
fn face(img: &RgbImage, point: u32, k: u32) -> Option<&'static str> {
    // Off-centre (a stack's count is written in the middle), inside the groove and the ring.
    let (x, y) = checker_at(point, k);
    match pixel(img, (x + 6, y - 9)) {
        WHITE_FACE => Some("white"),
        BLACK_FACE => Some("black"),
        _ => None,
    }
}

/// Returns the faces of a point's stack, from the edge inwards, up to five.
fn stack(img: &RgbImage, point: u32) -> Vec<&'static str> {
    (0..5).map_while(|k| face(img, point, k)).collect()
}

fn render(game: &Game, view: &View) -> RgbImage {
    let png = RENDERER.png(game, view).expect("renders");
    image::load_from_memory(&png).expect("decodes").to_rgb8()
}

fn names() -> View {
    View {
        players: vec!["alice".to_string(), "bob".to_string()],
        caption: None,
        perspective: None,
    }
}

fn new_game(ruleset: &str) -> Game {
    Game::new(GameKind::Backgammon, ruleset, 2).expect("backgammon for two")
}

fn roll(game: &Game, dice: [u8; 2]) -> Game {
    let Turn::Roll(seat) = game.turn() else {
        panic!("no roll is due: {:?}", game.turn());
    };
    game.apply(&Action::Roll {
        seat,
        dice: dice.to_vec(),
    })
    .expect("rolls")
}

fn play(game: &Game, text: &str) -> Game {
    let (Turn::Move(seat) | Turn::Roll(seat)) = game.turn() else {
        panic!("the game is over before {text}");
    };
    let m = game.read(text).expect("legal");
    game.apply(&Action::Play { seat, r#move: m })
        .expect("plays")
}

fn side(points: &[(usize, u8)]) -> Side {
    let mut s: Side = [0; 25];
    for &(p, n) in points {
        s[p - 1] = n;
    }
    s
}

fn from_setup(
    on_roll: Side,
    opponent: Side,
    dice: Option<[u8; 2]>,
    rules: BackgammonRules,
) -> Game {
    let setup = Setup {
        on_roll,
        opponent,
        seat: 0,
        dice,
    };
    Game::Backgammon(BackgammonGame::from_setup(setup, rules).expect("valid position"))
}

#[test]
fn backgammon_png_decodes_with_the_documented_size() {
    let img = render(&new_game("standard"), &names());
    assert_eq!(img.dimensions(), Renderer::size(GameKind::Backgammon));
    assert!((720..=800).contains(&Renderer::size(GameKind::Backgammon).0));
}

#[test]
fn the_opening_position_is_seen_from_whites_side() {
    let img = render(&new_game("standard"), &names());
    // White's checkers on its own points: 6 bottom right, 8, 13 top left, 24 top right.
    assert_eq!(stack(&img, 6), ["white"; 5]);
    assert_eq!(stack(&img, 8), ["white"; 3]);
    assert_eq!(stack(&img, 13), ["white"; 5]);
    assert_eq!(stack(&img, 24), ["white"; 2]);
    // Black's 6, 8, 13 and 24 are White's 19, 17, 12 and 1.
    assert_eq!(stack(&img, 19), ["black"; 5]);
    assert_eq!(stack(&img, 17), ["black"; 3]);
    assert_eq!(stack(&img, 12), ["black"; 5]);
    assert_eq!(stack(&img, 1), ["black"; 2]);
    for empty in [2, 3, 4, 5, 7, 9, 10, 11, 14, 15, 16, 18, 20, 21, 22, 23] {
        assert!(stack(&img, empty).is_empty(), "point {empty}");
    }
}

#[test]
fn black_to_move_sees_the_board_flipped_with_its_home_bottom_right() {
    // Black wins the opening roll 1-6 and plays from its own side.
    let game = roll(&new_game("standard"), [1, 6]);
    assert_eq!(game.turn(), Turn::Move(1));
    let img = render(&game, &names());
    assert_eq!(stack(&img, 6), ["black"; 5]);
    assert_eq!(stack(&img, 24), ["black"; 2]);
    assert_eq!(stack(&img, 19), ["white"; 5]);
    assert_eq!(stack(&img, 1), ["white"; 2]);
    // Black plays 13/7 8/7: Black to move no more, White rolls and sees it from its side.
    let game = play(&game, "13/7 8/7");
    let img = render(&game, &names());
    assert_eq!(stack(&img, 18), ["black"; 2], "Black's 7 is White's 18");
    assert_eq!(stack(&img, 12), ["black"; 4], "Black's 13 is White's 12");
    assert_eq!(stack(&img, 6), ["white"; 5]);
}

#[test]
fn the_last_play_marks_its_points_and_the_checkers_it_moved() {
    // White wins the opening 6-1 and makes its 7-point; then Black is to roll, at the bottom.
    let game = play(&roll(&new_game("standard"), [6, 1]), "13/7 8/7");
    let img = render(&game, &names());
    // White's 13, 8 and 7 are Black's 12, 17 and 18.
    let pill = |point| {
        let (x, y) = number_at(point);
        pixel(&img, (x - 12, y))
    };
    assert_eq!(pill(18), TO_PILL, "the point reached");
    assert_eq!(pill(12), FROM_PILL, "a point left");
    assert_eq!(pill(17), FROM_PILL, "a point left");
    assert_ne!(pill(19), TO_PILL);
    assert_ne!(pill(19), FROM_PILL);
    assert_eq!(stack(&img, 18), ["white"; 2]);
    // Both checkers on the new point wear the ring; the 6-point's do not.
    let ringed = |point, k| {
        let (x, y) = checker_at(point, k);
        (x - 20..x + 20).any(|dx| (y - 20..y + 20).any(|dy| pixel(&img, (dx, dy)) == RING))
    };
    assert!(ringed(18, 0) && ringed(18, 1));
    assert!(!ringed(6, 0) && !ringed(19, 0));
}

#[test]
fn stacks_of_more_than_five_show_their_count() {
    let game = from_setup(
        side(&[(6, 8), (8, 7)]),
        side(&[(6, 5), (13, 5), (24, 5)]),
        Some([3, 1]),
        BackgammonRules::standard(),
    );
    let img = render(&game, &names());
    assert_eq!(stack(&img, 6), ["white"; 5]);
    // Dark digits on the fifth checker of an 8-stack, none on the fourth.
    let dark = |point, k| {
        let (x, y) = checker_at(point, k);
        (x - 8..x + 8)
            .flat_map(|dx| (y - 8..y + 8).map(move |dy| (dx, dy)))
            .filter(|&p| pixel(&img, p).iter().all(|&c| c < 110))
            .count()
    };
    assert!(dark(6, 4) > 15, "the count of the 6-point");
    assert!(dark(8, 4) > 15, "the count of the 8-point");
    assert_eq!(dark(6, 3), 0);
    // Exactly five checkers are drawn however high the stack.
    assert_eq!(face(&img, 6, 5), None);
}

#[test]
fn the_cube_is_drawn_only_when_the_rules_use_it() {
    // The centred cube sits in the middle of the bar.
    let middle = (326, BOARD_TOP + 290 - 16);
    let plain = render(&new_game("standard"), &names());
    assert_ne!(pixel(&plain, middle), CUBE_FACE);
    let cube = render(&new_game("cube"), &names());
    assert_eq!(pixel(&cube, middle), CUBE_FACE);
    // After White's opening play Black doubles and White takes: the cube is White's.
    let game = roll(&new_game("cube"), [6, 1]);
    let game = play(&game, "13/7 8/7");
    let game = play(&game, "double");
    let offered = render(&game, &names());
    assert_ne!(
        pixel(&offered, middle),
        CUBE_FACE,
        "the offered cube leaves the bar"
    );
    let game = play(&game, "take");
    assert_eq!(game.turn(), Turn::Roll(1));
    let img = render(&game, &names());
    assert_ne!(pixel(&img, middle), CUBE_FACE);
    // Black rolls next and sits at the bottom: White's cube lies at the top end of the bar.
    let top_end = (326, FIELD_TOP + 4 + 6);
    let bottom_end = (326, FIELD_BOTTOM - 4 - 44 + 6);
    assert_eq!(pixel(&img, top_end), CUBE_FACE);
    assert_ne!(pixel(&img, bottom_end), CUBE_FACE);
}

#[test]
fn a_finished_game_renders_from_the_winners_side() {
    let game = from_setup(
        side(&[(1, 1)]),
        side(&[(6, 5), (8, 5), (13, 5)]),
        Some([6, 5]),
        BackgammonRules::money(),
    );
    let game = play(&game, "1/off");
    assert!(game.outcome().is_some());
    let img = render(&game, &names());
    assert_eq!(img.dimensions(), Renderer::size(GameKind::Backgammon));
    // White won and sits at the bottom: Black's 6-point is White's 19.
    assert_eq!(stack(&img, 19), ["black"; 5]);
    // All fifteen white checkers are in the bottom tray: the top one is near its top.
    let top_slab = (713, FIELD_BOTTOM - 4 - 13 - 14 * 15 + 6);
    assert!(
        pixel(&img, top_slab).iter().all(|&c| c > 200),
        "{:?}",
        pixel(&img, top_slab)
    );
    let resigned = new_game("standard")
        .apply(&Action::Resign { seat: 1 })
        .expect("resigns");
    assert_eq!(
        render(&resigned, &names()).dimensions(),
        Renderer::size(GameKind::Backgammon)
    );
}

#[test]
fn rendering_is_deterministic_across_calls_and_renderers() {
    let game = play(&roll(&new_game("match:5"), [6, 1]), "13/7 8/7");
    let view = View {
        players: vec!["alice".to_string(), "bob".to_string()],
        caption: Some("alice played 13/7 8/7".to_string()),
        perspective: None,
    };
    let first = RENDERER.png(&game, &view).expect("renders");
    assert_eq!(first, RENDERER.png(&game, &view).expect("renders"));
    assert_eq!(first, Renderer::new().png(&game, &view).expect("renders"));
}

#[test]
fn hostile_names_and_captions_render_without_panicking() {
    let game = roll(&new_game("cube"), [5, 3]);
    let views = crate::support::render::hostile_views();
    for view in &views {
        let img = render(&game, view);
        assert_eq!(
            img.dimensions(),
            Renderer::size(GameKind::Backgammon),
            "{view:?}"
        );
    }
}

#[test]
fn a_busy_board_stays_under_60_kb() {
    // Both sides spread over many points, dice, a cube and a last play.
    let game = play(&roll(&new_game("match:7"), [6, 5]), "24/13");
    let game = play(&roll(&game, [3, 1]), "8/5 6/5");
    let game = play(&roll(&game, [4, 2]), "8/4 6/4");
    let game = roll(&game, [2, 1]);
    let view = View {
        players: vec!["alice".to_string(), "Bob the Builder".to_string()],
        caption: Some("bob played 8/4 6/4. alice rolled 2 and 1.".to_string()),
        perspective: None,
    };
    let png = RENDERER.png(&game, &view).expect("renders");
    assert!(png.len() < 60_000, "{} bytes", png.len());
}

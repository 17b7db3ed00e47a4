//! The Parcheesi picture: PNGs decode at the documented size for every ruleset and player
//! count, pawns are drawn where the state puts them, blockades and the last move show,
//! empty seats leave empty corners, and output is deterministic and small.
//!
//! Layout facts the checks rely on: a 88-px player strip, then the 720-px board with Red's
//! arm at the bottom; spaces are 48 px across an arm and 35 px along it, the HOME square is
//! 144 px, each START corner is 280 px with an 8-px margin.

use std::sync::LazyLock;

use crate::support::game::ToAct;
use image::RgbImage;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tabula::render::{Renderer, View};
use tabula::rules::parcheesi::{ParcheesiGame, Ruleset, Setup};
use tabula::rules::{Action, Game, GameKind, Turn};

static RENDERER: LazyLock<Renderer> = LazyLock::new(Renderer::new);

const STRIP: u32 = 88;
const RED: [u8; 3] = [0xd2, 0x3a, 0x2e];
const BLUE: [u8; 3] = [0x2d, 0x6c, 0xc4];
const OUTLINE: [u8; 3] = [0x2a, 0x24, 0x1e];
const HILITE: [u8; 3] = [0xff, 0x8a, 0x00];
/// The panel of Red's START corner, and of a corner nobody plays.
const RED_PANEL: [u8; 3] = [0xf8, 0xdc, 0xd6];
const YELLOW_PANEL: [u8; 3] = [0xfb, 0xef, 0xca];
const VACANT_PANEL: [u8; 3] = [0xe2, 0xdb, 0xcc];

fn setup(ruleset: Ruleset, pawns: Vec<[u8; 4]>) -> Game {
    let setup = Setup {
        ruleset,
        pawns,
        to_roll: 0,
        doubles: 0,
    };
    Game::Parcheesi(ParcheesiGame::from_setup(&setup).expect("valid position"))
}

fn names(n: usize) -> View {
    View {
        players: ["alice", "bob", "carol", "dave"][..n]
            .iter()
            .map(|s| s.to_string())
            .collect(),
        caption: None,
        perspective: None,
    }
}

fn render(game: &Game, view: &View) -> RgbImage {
    let png = RENDERER.png(game, view).expect("renders");
    image::load_from_memory(&png).expect("decodes").to_rgb8()
}

/// Returns the colour at board point (`x`, `y`).
fn at(img: &RgbImage, x: u32, y: u32) -> [u8; 3] {
    img.get_pixel(x, STRIP + y).0
}

/// Centre of Red's START slot for pawn A (top-left of the four).
const RED_SLOT_A: (u32, u32) = (432 + 140 - 28, 432 + 120 - 28);
/// Centre of track space 0, Red's ENTER: right column of the bottom arm, 4th row out.
const RED_ENTER: (u32, u32) = (408, 432 + 35 * 3 + 17);
/// Centre of Red's HOME place for pawn A.
const RED_HOME_A: (u32, u32) = (360 - 36, 360 + 57);

#[test]
fn every_ruleset_and_player_count_renders_at_the_documented_size() {
    for ruleset in Ruleset::ALL {
        for players in 2..=4 {
            let game = Game::new(GameKind::Parcheesi, ruleset.name(), players).expect("new");
            let img = render(&game, &names(players));
            assert_eq!(
                img.dimensions(),
                Renderer::size(GameKind::Parcheesi),
                "{ruleset} for {players}"
            );
        }
    }
    assert_eq!(Renderer::size(GameKind::Parcheesi), (720, STRIP + 720 + 44));
}

#[test]
fn pawns_are_drawn_in_start_on_the_track_and_in_home() {
    // Red: A on its ENTER space, B in HOME, C and D waiting in START.
    let game = setup(Ruleset::Parcheesi, vec![[1, 72, 0, 0], [0; 4]]);
    let img = render(&game, &names(2));
    let (x, y) = RED_ENTER;
    assert_eq!(at(&img, x, y - 10), RED, "pawn A on space 0");
    let (x, y) = RED_HOME_A;
    assert_eq!(at(&img, x + 24, y - 7), RED, "pawn B in HOME");
    assert_eq!(
        at(&img, x, y - 7),
        [0xf2, 0xb3, 0xaa],
        "no pawn A in HOME: Red's tint"
    );
    let (x, y) = RED_SLOT_A;
    assert_eq!(at(&img, x, y - 10), RED_PANEL, "A has left its START slot");
    assert_eq!(at(&img, x, y + 56 - 10), RED, "C waits in START");
    assert_eq!(at(&img, x + 56, y + 56 - 10), RED, "D waits in START");
    // With every pawn in START all four slots are filled and space 0 is empty.
    let start = setup(Ruleset::Parcheesi, vec![[0; 4], [0; 4]]);
    let img = render(&start, &names(2));
    assert_eq!(at(&img, x, y - 10), RED);
    assert_eq!(at(&img, x + 56, y - 10), RED);
    let (x, y) = RED_ENTER;
    assert_ne!(at(&img, x, y - 10), RED);
}

#[test]
fn two_pawns_of_a_colour_are_joined_into_a_blockade() {
    // Track space 9 is on the right arm, lower row, 6th space out: centre (624.5, 408).
    let pair = setup(Ruleset::Parcheesi, vec![[10, 10, 0, 0], [0; 4]]);
    let img = render(&pair, &names(2));
    assert_eq!(at(&img, 624, 408 - 11 - 6), RED, "the upper pawn");
    assert_eq!(at(&img, 624, 408 + 11 + 6), RED, "the lower pawn");
    assert_eq!(at(&img, 635, 408), OUTLINE, "the bar beside the pair");
    let single = setup(Ruleset::Parcheesi, vec![[10, 0, 0, 0], [0; 4]]);
    let img = render(&single, &names(2));
    assert_ne!(at(&img, 635, 408), OUTLINE, "a lone pawn has no bar");
}

#[test]
fn seats_nobody_plays_leave_empty_corners() {
    let two = render(
        &Game::new(GameKind::Parcheesi, "parcheesi", 2).unwrap(),
        &names(2),
    );
    // Yellow's corner (top-left) is seat 2: empty with two players, coloured with three.
    assert_eq!(at(&two, 38, 150), VACANT_PANEL);
    let three = render(
        &Game::new(GameKind::Parcheesi, "parcheesi", 3).unwrap(),
        &names(3),
    );
    assert_eq!(at(&three, 38, 150), YELLOW_PANEL);
    assert_eq!(at(&three, 38, 432 + 150), VACANT_PANEL, "Green's corner");
}

#[test]
fn the_pawns_the_last_roll_moved_are_ringed() {
    let game = setup(Ruleset::Parcheesi, vec![[10, 30, 0, 0], [0; 4]]);
    let rolled = game
        .apply(&Action::Roll {
            seat: 0,
            dice: vec![4, 2],
        })
        .expect("rolls");
    let m = rolled.read("a4 b2").expect("legal");
    let moved = rolled
        .apply(&Action::Play { seat: 0, r#move: m })
        .expect("plays");
    // A went from progress 10 to 14: track space 13, the right arm's tip, top row, 8th out.
    let img = render(&moved, &names(2));
    let (cx, cy) = (720 - 8 - 35 / 2, 360 - 48);
    let ring = (cx as f32 + 14.0 + 4.2) as u32;
    assert_eq!(at(&img, ring, cy), HILITE, "A is ringed");
    assert_eq!(at(&img, cx, cy - 10), RED, "A stands on space 13");
    let img = render(&rolled, &names(2));
    assert_ne!(at(&img, ring, cy), HILITE, "nothing moved yet");
}

#[test]
fn the_dice_of_the_roll_in_play_sit_in_the_movers_corner() {
    let game = setup(Ruleset::Parcheesi, vec![[10, 30, 0, 0], [0; 4]])
        .apply(&Action::Roll {
            seat: 0,
            dice: vec![1, 1],
        })
        .expect("rolls");
    let img = render(&game, &names(2));
    // The first die of Red's corner: a 1 is a single pip in the middle.
    let (x, y) = (432 + 140 - 6 - 20, 432 + 211 + 20);
    assert_eq!(at(&img, x, y), OUTLINE, "the pip");
    assert_eq!(at(&img, x - 12, y - 12), [0xff, 0xfc, 0xf2], "the face");
}

#[test]
fn a_finished_game_and_every_ruleset_played_out_render() {
    for (i, ruleset) in Ruleset::ALL.into_iter().enumerate() {
        let mut rng = StdRng::seed_from_u64(40 + i as u64);
        let mut game = Game::new(GameKind::Parcheesi, ruleset.name(), 4).expect("new");
        let mut step = 0;
        while game.outcome().is_none() && step < 5000 {
            game = match game.turn() {
                Turn::Roll(seat) => {
                    let dice = vec![rng.random_range(1..=6), rng.random_range(1..=6)];
                    game.apply(&Action::Roll { seat, dice })
                }
                Turn::Move(seat) => {
                    let m = game.legal_moves().remove(0);
                    game.apply(&Action::Play { seat, r#move: m })
                }
                Turn::Over(_) => break,
            }
            .expect("applies");
            if step % 97 == 0 {
                assert_eq!(
                    render(&game, &names(4)).dimensions(),
                    Renderer::size(GameKind::Parcheesi)
                );
            }
            step += 1;
        }
        assert!(game.outcome().is_some(), "{ruleset} ends");
        assert_eq!(
            render(&game, &names(4)).dimensions(),
            Renderer::size(GameKind::Parcheesi)
        );
    }
}

#[test]
fn a_resigned_seat_is_shown_as_an_empty_corner() {
    let game = Game::new(GameKind::Parcheesi, "pachesi", 3)
        .unwrap()
        .apply(&Action::Resign { seat: 1 })
        .expect("resigns");
    let img = render(&game, &names(3));
    // Blue's corner is the top-right one.
    assert_eq!(at(&img, 432 + 30, 150), VACANT_PANEL);
    assert_ne!(at(&img, 432 + 140 - 28, 120 - 28 - 10), BLUE);
}

#[test]
fn rendering_is_deterministic_and_small() {
    let game = setup(
        Ruleset::Pachisi,
        vec![
            [12, 12, 0, 72],
            [5, 30, 66, 0],
            [0, 0, 70, 72],
            [40, 72, 72, 0],
        ],
    )
    .apply(&Action::Roll {
        seat: 0,
        dice: vec![5, 3],
    })
    .expect("rolls");
    let view = View {
        caption: Some("alice rolled 5 and 3".into()),
        ..names(4)
    };
    let first = RENDERER.png(&game, &view).expect("renders");
    assert_eq!(first, RENDERER.png(&game, &view).expect("renders"));
    assert_eq!(first, Renderer::new().png(&game, &view).expect("renders"));
    assert!(first.len() < 60_000, "{} bytes", first.len());
}

#[test]
fn hostile_names_and_captions_render_without_panicking() {
    let game = setup(
        Ruleset::Parcheesi,
        vec![[10, 10, 0, 72], [5, 0, 0, 0], [0; 4]],
    );
    let views = crate::support::render::hostile_views();
    for view in &views {
        assert_eq!(
            render(&game, view).dimensions(),
            Renderer::size(GameKind::Parcheesi),
            "{view:?}"
        );
    }
}

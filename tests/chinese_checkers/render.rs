//! The Chinese checkers picture: its size, both boards, pegs where the state has them, the
//! last path, hostile names, and the PNG budget.

use std::sync::LazyLock;

use tabula::render::{Renderer, View};
use tabula::rules::{Action, Game, GameKind, Turn};

use crate::support::render::hostile_views;

static RENDERER: LazyLock<Renderer> = LazyLock::new(Renderer::new);

fn played(ruleset: &str, players: usize, plies: usize) -> Game {
    let mut game = Game::new(GameKind::ChineseCheckers, ruleset, players).unwrap();
    for i in 0..plies {
        let Turn::Move(seat) = game.turn() else { break };
        let moves = game.legal_moves();
        // The longest chain now and then, so the path shows jumps.
        let m = if i % 3 == 0 {
            moves
                .iter()
                .max_by_key(|m| game.format(m).len())
                .unwrap()
                .clone()
        } else {
            moves[i * 7 % moves.len()].clone()
        };
        game = game.apply(&Action::Play { seat, r#move: m }).unwrap();
    }
    game
}

#[test]
fn both_boards_render_at_the_declared_size_within_the_budget() {
    for (ruleset, players) in [
        ("6-peg", 2),
        ("6-peg", 3),
        ("10-peg", 6),
        ("10-peg partners", 4),
        ("10-peg", 5),
    ] {
        let game = played(ruleset, players, 40);
        let png = RENDERER.png(&game, &View::default()).unwrap();
        let img = image::load_from_memory(&png).unwrap();
        assert_eq!(
            (img.width(), img.height()),
            Renderer::size(GameKind::ChineseCheckers)
        );
        println!("{ruleset} for {players}: {} bytes", png.len());
        assert!(
            png.len() <= 60_000,
            "{ruleset} {players}: {} bytes",
            png.len()
        );
    }
}

#[test]
fn pictures_are_deterministic_and_differ_after_a_move() {
    let a = played("10-peg", 2, 10);
    let b = played("10-peg", 2, 11);
    let view = View::default();
    assert_eq!(
        RENDERER.png(&a, &view).unwrap(),
        RENDERER.png(&a, &view).unwrap()
    );
    assert_ne!(
        RENDERER.png(&a, &view).unwrap(),
        RENDERER.png(&b, &view).unwrap()
    );
}

#[test]
fn hostile_names_render_without_panicking() {
    let game = played("6-peg", 3, 12);
    for view in hostile_views() {
        RENDERER.png(&game, &view).unwrap();
    }
}

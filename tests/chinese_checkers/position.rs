//! The position string: what it says of a game, that it reads back, and what it refuses.

use serde_json::json;
use tabula::engine::Engine;
use tabula::rules::chinese_checkers::ChineseCheckersGame;
use tabula::rules::{Action, Game, GameKind, Rules, Turn};

/// The 6-peg start for two: Green's corner on top (row a), Red's at the bottom, Red to move.
const SIX_PEG_START: &str = "G/GG/GGG/10/9/8/7/8/9/10/RRR/RR/R R 2 0";

/// Plays `plies` moves, each the `k`-th legal move for a spread of k.
fn played(ruleset: &str, players: usize, plies: usize) -> Game {
    let mut game = Game::new(GameKind::ChineseCheckers, ruleset, players).unwrap();
    for i in 0..plies {
        let Turn::Move(seat) = game.turn() else { break };
        let moves = game.legal_moves();
        let m = moves[(i * 13 + 5) % moves.len()].clone();
        game = game.apply(&Action::Play { seat, r#move: m }).unwrap();
    }
    game
}

#[test]
fn the_start_reads_row_by_row_from_the_top_with_colour_initials_and_counts_of_empty_holes() {
    let game = ChineseCheckersGame::new("6-peg", 2).unwrap();
    assert_eq!(game.position().as_deref(), Some(SIX_PEG_START));
    let ten = ChineseCheckersGame::new("10-peg partners places", 6).unwrap();
    assert_eq!(
        ten.position().as_deref(),
        Some(
            "B/BB/BBB/BBBB/YYYY5PPPP/YYY6PPP/YY7PP/Y8P/9/G8O/GG7OO/GGG6OOO/GGGG5OOOO/RRRR/RRR/\
             RR/R R 6 partners places 0"
        )
    );
    assert_eq!(ChineseCheckersGame::from_position(SIX_PEG_START), Ok(game));
    assert_eq!(
        ChineseCheckersGame::from_position(&ten.position().unwrap()),
        Ok(ten)
    );
}

#[test]
fn a_played_position_reads_back_as_the_same_board_turn_and_counter() {
    for (ruleset, players) in [
        ("6-peg", 2),
        ("6-peg places", 3),
        ("10-peg partners", 4),
        ("10-peg", 5),
        ("10-peg", 6),
    ] {
        for plies in [1, 7, 40] {
            let game = played(ruleset, players, plies);
            let text = game.position().unwrap();
            let back = Game::from_position(GameKind::ChineseCheckers, &text).unwrap();
            assert_eq!(back.position().as_ref(), Some(&text), "{ruleset}");
            assert_eq!(back.turn(), game.turn(), "{text}");
            assert_eq!(back.legal_moves(), game.legal_moves(), "{text}");
        }
    }
}

#[test]
fn players_may_paste_it_leniently_dots_for_holes_lower_case_and_colour_names() {
    let dots = "G/GG/GGG/........../9/8/7/8/9/10/rrr/rr/r red 2";
    let game = ChineseCheckersGame::from_position(dots).unwrap();
    assert_eq!(game.position().as_deref(), Some(SIX_PEG_START));
    let quiet =
        ChineseCheckersGame::from_position("G/GG/GGG/10/9/8/7/8/9/10/RRR/RR/R g 2 17").unwrap();
    assert_eq!(quiet.turn(), Turn::Move(1));
    assert_eq!(quiet.since_progress(), 17);
}

#[test]
fn a_seat_without_pegs_has_resigned_and_a_seat_home_is_finished() {
    // Three players with Red's pegs gone from the bottom corner: Red has resigned.
    let start = ChineseCheckersGame::new("6-peg", 3)
        .unwrap()
        .position()
        .unwrap();
    let gone = start
        .replacen("RRR/RR/R", "3/2/1", 1)
        .replacen(" R 3", " G 3", 1);
    let game = ChineseCheckersGame::from_position(&gone).unwrap();
    assert!(game.has_resigned(0));
    assert_eq!(game.turn(), Turn::Move(1));
    // Two players with Red's pegs filling the top corner: Red is home and has won.
    let home = "R/RR/RRR/10/9/8/7/8/9/GGGGGG4/3/2/1 G 2";
    let won = ChineseCheckersGame::from_position(home).unwrap();
    assert_eq!(won.finished(), &[0]);
    assert!(matches!(won.turn(), Turn::Over(_)));
}

#[test]
fn strings_that_are_not_positions_are_refused_with_the_reason() {
    for (text, why) in [
        ("", "the board row by row"),
        ("G/GG/GGG/10/9/8/7/8/9/10/RRR/RR R 2", "12 rows"),
        ("G/GG/GGG/10/9/8/7/8/9/10/RRR/RR/R", "colour to move"),
        ("G/GG/GGG/10/9/8/7/8/9/10/RRR/RR/R R", "number of players"),
        ("G/GG/GGG/10/9/8/7/8/9/10/RRR/RR/R R 7", "number of players"),
        ("G/GG/GGG/11/9/8/7/8/9/10/RRR/RR/R R 2", "row d"),
        ("G/GG/GGG/9/9/8/7/8/9/10/RRR/RR/R R 2", "row d has 10 holes"),
        ("G/GG/GGX/10/9/8/7/8/9/10/RRR/RR/R R 2", "\"X\" is neither"),
        (
            "G/GG/GGG/10/9/8/7/8/9/10/RRR/RR/R R 2 extra",
            "\"extra\" is not an option",
        ),
        ("G/GG/GG1/10/9/8/7/8/9/10/RRR/RR/R R 2", "seat 2 has 5 pegs"),
        ("Y/GG/GGG/10/9/8/7/8/9/10/RRR/RR/R R 2", "Yellow pegs"),
        ("G/GG/GGG/10/9/8/7/8/9/10/RRR/RR/R R 3 partners", "partners"),
    ] {
        let err = ChineseCheckersGame::from_position(text).unwrap_err();
        assert!(err.to_string().contains(why), "{text:?}: {err}");
    }
    let long = "G/".repeat(300);
    assert!(ChineseCheckersGame::from_position(&long).is_err());
}

#[test]
fn the_engine_shows_the_position_string_and_loads_one_to_play_on() {
    let mut engine = Engine::default();
    let new =
        engine.answer(&json!({"cmd": "new", "game": "chinese_checkers", "players": 2}).to_string());
    assert_eq!(new["position"], json!(SIX_PEG_START));
    let moved = "G/GG/GGG/10/9/8/7/8/9/10/RRR/RR/R R 2 0".replacen("9/10/RRR", "9/1R8/1RR", 1);
    let loaded = engine
        .answer(&json!({"cmd": "load", "game": "chinese_checkers", "position": moved}).to_string());
    assert_eq!(loaded["ok"], json!(true), "{loaded}");
    assert_eq!(loaded["position"], json!(moved));
    let played = engine.answer(&json!({"cmd": "play", "move": "j2-i2"}).to_string());
    assert_eq!(played["ok"], json!(true), "{played}");
    assert_eq!(played["turn"]["seat"], json!(1));
    let state = engine.answer(&json!({"cmd": "state"}).to_string());
    assert!(
        state["position"].as_str().unwrap().ends_with(" G 2 0"),
        "{state}"
    );
}

//! What a backgammon game loads from (issue 13 items 10 to 12): every field of a stored state
//! is checked against the others, nothing loaded can make the renderer panic, a finished
//! game's position ID is gnubg's whoever won, and ruleset names are read strictly.

use serde_json::{Value, json};
use tabula::render::{Renderer, View};
use tabula::rules::backgammon::{BackgammonGame, BackgammonRules, Setup};
use tabula::rules::{Action, Game, GameKind, Turn};

use crate::support::game::ToAct;

fn new_game(ruleset: &str) -> Game {
    Game::new(GameKind::Backgammon, ruleset, 2).expect("ruleset exists")
}

fn act(game: &Game, action: Action) -> Game {
    game.apply(&action)
        .unwrap_or_else(|e| panic!("{action:?}: {e}"))
}

fn roll(game: &Game, dice: [u8; 2]) -> Game {
    let seat = game.to_act();
    act(
        game,
        Action::Roll {
            seat,
            dice: dice.to_vec(),
        },
    )
}

fn play(game: &Game, text: &str) -> Game {
    let seat = game.to_act();
    let m = game.read(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    act(game, Action::Play { seat, r#move: m })
}

/// A money game after White's opening 3-1 (8/5 6/5): Black to roll, and free to double.
fn after_opening(ruleset: &str) -> Value {
    serde_json::to_value(play(&roll(&new_game(ruleset), [3, 1]), "8/5 6/5")).unwrap()
}

fn loads(state: &Value) -> bool {
    serde_json::from_value::<Game>(state.clone()).is_ok()
}

#[test]
fn every_field_of_a_loaded_state_is_checked_against_the_others() {
    let base = after_opening("cube");
    assert!(loads(&base));
    // Each damage sets fields, named by JSON pointer, to values that do not fit the rest.
    let refused = [
        // The reproduction: a last play off the board crashed the renderer.
        (
            "a step off the board",
            vec![("/last/steps", json!([{"from": 99, "to": 77}]))],
        ),
        (
            "a step backwards",
            vec![("/last/steps", json!([{"from": 5, "to": 8}]))],
        ),
        (
            "a step no die made",
            vec![("/last/steps", json!([{"from": 8, "to": 3}]))],
        ),
        (
            "dice that are not dice",
            vec![("/last/dice", json!([7, 1]))],
        ),
        (
            "a last play by the seat on roll",
            vec![("/last/seat", json!(1))],
        ),
        (
            "a last play where no checker stands",
            vec![(
                "/last/steps",
                json!([{"from": 24, "to": 21}, {"from": 24, "to": 23}]),
            )],
        ),
        (
            "a double by the player not owning the cube",
            vec![
                ("/cube", json!({"value": 2, "owner": 0})),
                ("/phase", json!({"phase": "doubled", "seat": 1})),
            ],
        ),
        (
            "a double past the highest cube",
            vec![
                ("/cube", json!({"value": 4096, "owner": 1})),
                ("/phase", json!({"phase": "doubled", "seat": 1})),
            ],
        ),
        (
            "a money game with a result but going on",
            vec![
                (
                    "/games",
                    json!([{"winner": 0, "win": "single", "points": 1}]),
                ),
                ("/score", json!([1, 0])),
            ],
        ),
        (
            "an opening roll after a play",
            vec![("/phase", json!({"phase": "opening"}))],
        ),
        (
            "a cube at 3",
            vec![("/cube", json!({"value": 3, "owner": 0}))],
        ),
    ];
    for (what, fields) in &refused {
        let mut state = base.clone();
        for (pointer, value) in fields {
            *state.pointer_mut(pointer).expect("the field exists") = value.clone();
        }
        assert!(!loads(&state), "{what} loaded: {state}");
    }
    // The same kinds of field, set consistently, load.
    let mut owned = base.clone();
    owned["cube"] = json!({"value": 2, "owner": 1});
    owned["phase"] = json!({"phase": "doubled", "seat": 1});
    assert!(loads(&owned), "Black owns the cube and redoubles");
    let mut highest = owned.clone();
    highest["cube"] = json!({"value": 2048, "owner": 1});
    let taken = act(
        &serde_json::from_value(highest).unwrap(),
        Action::Play {
            seat: 0,
            r#move: tabula::rules::Move::Backgammon(
                tabula::rules::backgammon::BackgammonMove::Take,
            ),
        },
    );
    let reloaded: Game = serde_json::from_value(serde_json::to_value(&taken).unwrap()).unwrap();
    assert_eq!(reloaded, taken, "a cube taken at 4096 reloads");
    let Game::Backgammon(g) = &reloaded else {
        panic!("backgammon");
    };
    assert_eq!(g.cube().value, 4096);
    assert_eq!(g.cube().owner, Some(0));
    assert!(
        !g.cube().may_double(0),
        "not even the owner may double past it"
    );
}

#[test]
fn a_match_state_is_checked_against_its_games_and_the_crawford_rule() {
    let base = after_opening("match:5");
    assert!(loads(&base));
    for (field, value) in [
        // The issue: the Crawford game at 0-0.
        ("crawford", json!("this_game")),
        ("crawford", json!("after")),
        ("score", json!([4, 0])),
    ] {
        let mut state = base.clone();
        state[field] = value.clone();
        assert!(!loads(&state), "{field} = {value} loaded");
    }
    // 4-0 after one game of four points: the next game is the Crawford game, and only that.
    let mut state = base.clone();
    state["games"] = json!([{"winner": 0, "win": "gammon", "points": 4}]);
    state["score"] = json!([4, 0]);
    for (crawford, ok) in [("before", false), ("this_game", true), ("after", false)] {
        state["crawford"] = json!(crawford);
        assert_eq!(loads(&state), ok, "{crawford}");
    }
    // A game worth 3 points cannot come from a cube and a gammon or backgammon.
    state["games"] = json!([{"winner": 0, "win": "gammon", "points": 3}]);
    state["score"] = json!([3, 0]);
    state["crawford"] = json!("before");
    assert!(!loads(&state));
}

/// Nothing that loads may panic: each state the checks let through renders.
#[test]
fn a_state_that_loads_renders_and_a_damaged_one_never_reaches_the_renderer() {
    let renderer = Renderer::new();
    let mut reproduction = after_opening("cube");
    reproduction["last"]["steps"] = json!([{"from": 99, "to": 77}]);
    assert!(!loads(&reproduction));
    let mut owned = after_opening("cube");
    owned["cube"] = json!({"value": 2, "owner": 1});
    owned["phase"] = json!({"phase": "doubled", "seat": 1});
    for state in [after_opening("cube"), after_opening("match:3"), owned] {
        let game: Game = serde_json::from_value(state).unwrap();
        let png = renderer.png(&game, &View::default()).unwrap();
        assert!(png.starts_with(b"\x89PNG"));
    }
}

/// Builds the game where `seat` is on roll with one checker on its ace point and the
/// opponent has borne off none, and plays the 2-1 that bears it off.
fn bear_off_last(seat: usize) -> Game {
    let mut on_roll = [0u8; 25];
    on_roll[0] = 1;
    let mut opponent = [0u8; 25];
    opponent[5] = 13;
    opponent[22] = 2;
    let setup = Setup {
        on_roll,
        opponent,
        seat,
        dice: Some([2, 1]),
    };
    let game = BackgammonGame::from_setup(setup, BackgammonRules::standard()).unwrap();
    play(&Game::Backgammon(game), "1/off")
}

/// Issue 13 item 11: after the last play gnubg swaps the sides as after every play (checked
/// against gnubg itself in `gnubg.rs`), so the ID is the same whoever won.
#[test]
fn a_finished_games_position_id_is_gnubgs_whoever_won() {
    let white = bear_off_last(0);
    let black = bear_off_last(1);
    assert!(matches!(white.turn(), Turn::Over(_)) && matches!(black.turn(), Turn::Over(_)));
    assert_eq!(white.outcome().unwrap().winner(), Some(0));
    assert_eq!(black.outcome().unwrap().winner(), Some(1));
    // The loser's 15 checkers "on roll", the winner's none: gnubg's AAAAwP8HADAAAA.
    assert_eq!(white.position().as_deref(), Some("AAAAwP8HADAAAA"));
    assert_eq!(black.position(), white.position());
}

/// Issue 13 item 12: a sign or a second separator is no match length.
#[test]
fn a_match_length_with_a_sign_or_a_second_separator_is_refused() {
    for bad in [
        "match:-1",
        "match::-=25",
        "match:+5",
        "match:=-3",
        "match-:7",
    ] {
        let err = Game::new(GameKind::Backgammon, bad, 2).unwrap_err();
        assert!(err.to_string().contains("no ruleset"), "{bad}: {err}");
    }
    for (good, points) in [
        ("match:1", 1),
        ("match 5", 5),
        ("match-3", 3),
        ("MATCH:25", 25),
    ] {
        let Game::Backgammon(g) = Game::new(GameKind::Backgammon, good, 2).unwrap() else {
            panic!("backgammon");
        };
        assert_eq!(g.rules().match_length, Some(points), "{good}");
    }
}

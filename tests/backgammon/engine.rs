//! Backgammon through the engine's JSON lines: a new game, rolls with given dice, legal plays,
//! a play, the state, loading a gnubg position ID, and rendering.

use serde_json::{Value, json};
use tabula::engine::Engine;
use tabula::render::Renderer;
use tabula::rules::GameKind;

/// The gnubg position ID of the opening position.
const START_ID: &str = "4HPwATDgc/ABMA";

fn ask(engine: &mut Engine, request: Value) -> Value {
    let reply = engine.answer(&request.to_string());
    assert!(reply.is_object(), "{reply}");
    reply
}

fn ok(engine: &mut Engine, request: Value) -> Value {
    let reply = ask(engine, request.clone());
    assert_eq!(reply["ok"], true, "{request} → {reply}");
    reply
}

fn moves(reply: &Value) -> Vec<String> {
    reply["moves"]
        .as_array()
        .expect("a list of moves")
        .iter()
        .map(|m| m.as_str().expect("a move").to_string())
        .collect()
}

#[test]
fn a_new_game_rolls_given_dice_lists_plays_and_plays_one() {
    let mut engine = Engine::default();
    let reply = ok(&mut engine, json!({"cmd": "new", "game": "backgammon"}));
    assert_eq!(reply["game"], "backgammon");
    assert_eq!(reply["turn"], json!({"to": "roll", "seat": 0}));
    assert_eq!(reply["position"], START_ID);
    // The opening roll: White's die, then Black's; White's 3 beats Black's 1.
    let reply = ok(&mut engine, json!({"cmd": "roll", "dice": [3, 1]}));
    assert_eq!(reply["turn"], json!({"to": "move", "seat": 0}));
    let legal = moves(&ok(&mut engine, json!({"cmd": "legal"})));
    assert_eq!(
        legal.len(),
        16,
        "gnubg lists 16 plays of an opening 3-1: {legal:?}"
    );
    assert!(legal.contains(&"8/5 6/5".to_string()), "{legal:?}");
    // Lenient input comes back in gnubg's notation.
    let reply = ok(&mut engine, json!({"cmd": "play", "move": "6/5 8/5"}));
    assert_eq!(reply["played"], "8/5 6/5");
    assert_eq!(reply["turn"], json!({"to": "roll", "seat": 1}));
    let position = reply["position"]
        .as_str()
        .expect("a position ID")
        .to_string();
    assert_ne!(position, START_ID);
    let reply = ok(&mut engine, json!({"cmd": "roll", "dice": [6, 6]}));
    assert_eq!(reply["turn"], json!({"to": "move", "seat": 1}));
    // The state carries the whole game and loads back to the same position.
    let state = ok(&mut engine, json!({"cmd": "state"}))["state"].clone();
    assert_eq!(state["game"], "backgammon");
    let reply = ok(&mut engine, json!({"cmd": "load", "state": state}));
    assert_eq!(reply["turn"], json!({"to": "move", "seat": 1}));
    let after = moves(&ok(&mut engine, json!({"cmd": "legal"})));
    assert!(!after.is_empty());
}

/// Issue 13 item 9: the engine can double: `legal` lists `double` before the roll and
/// `play "double"` offers it (it used to answer "roll first"); a double the rules refuse says
/// why.
#[test]
fn the_engine_can_double_take_and_explain_a_refused_double() {
    let mut engine = Engine::default();
    ok(
        &mut engine,
        json!({"cmd": "new", "game": "backgammon", "ruleset": "cube"}),
    );
    ok(&mut engine, json!({"cmd": "roll", "dice": [3, 1]}));
    ok(&mut engine, json!({"cmd": "play", "move": "8/5 6/5"}));
    assert_eq!(moves(&ok(&mut engine, json!({"cmd": "legal"}))), ["double"]);
    let reply = ok(&mut engine, json!({"cmd": "play", "move": "double"}));
    assert_eq!(reply["played"], "double");
    assert_eq!(reply["turn"], json!({"to": "move", "seat": 0}));
    assert_eq!(
        moves(&ok(&mut engine, json!({"cmd": "legal"}))),
        ["take", "drop"]
    );
    let reply = ok(&mut engine, json!({"cmd": "play", "move": "take"}));
    assert_eq!(reply["turn"], json!({"to": "roll", "seat": 1}));
    let state = ok(&mut engine, json!({"cmd": "state"}))["state"].clone();
    assert_eq!(state["cube"], json!({"value": 2, "owner": 0}));
    // Black rolls and plays; White, who owns the cube, may redouble; Black may not.
    ok(&mut engine, json!({"cmd": "roll", "dice": [6, 5]}));
    ok(&mut engine, json!({"cmd": "play", "move": "24/13"}));
    ok(&mut engine, json!({"cmd": "roll", "dice": [2, 1]}));
    ok(&mut engine, json!({"cmd": "play", "move": "13/11 6/5"}));
    let refused = ask(&mut engine, json!({"cmd": "play", "move": "double"}));
    assert_eq!(refused["ok"], false);
    let error = refused["error"].as_str().unwrap();
    assert!(error.contains("the cube is on White's side"), "{error}");
    let early = ask(&mut engine, json!({"cmd": "play", "move": "13/7"}));
    assert_eq!(early["error"], "roll first");
}

#[test]
fn a_gnubg_position_id_loads_with_the_seat_and_dice() {
    let mut engine = Engine::default();
    let reply = ok(
        &mut engine,
        json!({"cmd": "load", "game": "backgammon", "position": format!("{START_ID} black 6-5")}),
    );
    assert_eq!(reply["turn"], json!({"to": "move", "seat": 1}));
    assert_eq!(reply["position"], START_ID);
    let legal = moves(&ok(&mut engine, json!({"cmd": "legal"})));
    assert!(legal.contains(&"24/13".to_string()), "{legal:?}");
    let reply = ok(&mut engine, json!({"cmd": "play", "move": "24/18 18/13"}));
    assert_eq!(reply["played"], "24/13");
    assert_eq!(reply["turn"], json!({"to": "roll", "seat": 0}));
    // Without words the ID is White's, on roll.
    let reply = ok(
        &mut engine,
        json!({"cmd": "load", "game": "backgammon", "position": START_ID}),
    );
    assert_eq!(reply["turn"], json!({"to": "roll", "seat": 0}));
    // A damaged ID is refused and the session goes on.
    let reply = ask(
        &mut engine,
        json!({"cmd": "load", "game": "backgammon", "position": "not-an-id"}),
    );
    assert_eq!(reply["ok"], false);
    let reply = ask(&mut engine, json!({"cmd": "play", "move": "24/18"}));
    assert_eq!(reply["ok"], false, "no play before the roll: {reply}");
    ok(&mut engine, json!({"cmd": "legal"}));
}

#[test]
fn the_engine_renders_the_backgammon_board() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("board.png");
    let mut engine = Engine::default();
    ok(
        &mut engine,
        json!({"cmd": "load", "game": "backgammon", "position": "4HPwATDgc/ABMA white 3-1"}),
    );
    let reply = ok(
        &mut engine,
        json!({"cmd": "render", "path": path.to_str(), "players": ["alice", "bob"]}),
    );
    let bytes = std::fs::read(&path).expect("the picture was written");
    assert_eq!(reply["bytes"], bytes.len());
    let img = image::load_from_memory(&bytes).expect("a PNG");
    assert_eq!(
        (img.width(), img.height()),
        Renderer::size(GameKind::Backgammon)
    );
}

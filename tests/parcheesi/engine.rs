//! The Parcheesi family through the engine's JSON lines: `new` with a ruleset and players,
//! rolls with given dice, the legal whole-turn options, a play, the state, loading that state
//! back, and rendering.

use serde_json::{Value, json};
use tabula::engine::Engine;
use tabula::render::Renderer;
use tabula::rules::GameKind;

fn ok(engine: &mut Engine, request: Value) -> Value {
    let reply = engine.answer(&request.to_string());
    assert_eq!(reply["ok"], true, "{request} → {reply}");
    reply
}

/// Rolls given dice until the opening is decided and a seat has a move to make.
fn roll_until_move(engine: &mut Engine) -> Value {
    let mut reply = Value::Null;
    for dice in [[6, 5], [1, 2], [3, 1], [5, 4], [5, 2]] {
        reply = ok(engine, json!({"cmd": "roll", "dice": dice}));
        if reply["turn"]["to"] == "move" {
            return reply;
        }
    }
    panic!("no move after the rolls: {reply}");
}

#[test]
fn a_pachisi_game_for_three_is_rolled_played_saved_loaded_and_drawn() {
    let mut engine = Engine::default();
    let reply = ok(
        &mut engine,
        json!({"cmd": "new", "game": "parcheesi", "ruleset": "pachisi", "players": 3}),
    );
    assert_eq!(reply["game"], "parcheesi");
    assert_eq!(reply["turn"]["to"], "roll");
    assert_eq!(
        reply["position"],
        Value::Null,
        "Parcheesi has no position string"
    );

    roll_until_move(&mut engine);
    let legal = ok(&mut engine, json!({"cmd": "legal"}));
    let options: Vec<String> = legal["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| m.as_str().expect("text").to_string())
        .collect();
    assert!(!options.is_empty());
    let played = ok(&mut engine, json!({"cmd": "play", "move": options[0]}));
    assert_eq!(played["played"], options[0]);

    let state = ok(&mut engine, json!({"cmd": "state"}));
    let mut again = Engine::default();
    let loaded = ok(&mut again, json!({"cmd": "load", "state": state["state"]}));
    assert_eq!(loaded["turn"], state["turn"]);
    assert_eq!(
        ok(&mut again, json!({"cmd": "state"}))["state"],
        state["state"]
    );

    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("board.png");
    let render = ok(
        &mut again,
        json!({"cmd": "render", "path": path, "players": ["ann", "ben", "cy"]}),
    );
    let bytes = std::fs::read(&path).expect("the picture was written");
    assert_eq!(render["bytes"], bytes.len());
    let image = image::load_from_memory(&bytes).expect("a PNG");
    assert_eq!(
        (image.width(), image.height()),
        Renderer::size(GameKind::Parcheesi)
    );
}

#[test]
fn parcheesi_errors_in_the_engine_keep_the_session() {
    let mut engine = Engine::default();
    for bad in [
        json!({"cmd": "new", "game": "parcheesi", "players": 5}),
        json!({"cmd": "new", "game": "parcheesi", "ruleset": "ludo"}),
        json!({"cmd": "load", "game": "parcheesi", "position": "anything"}),
        json!({"cmd": "load", "state": {"game": "parcheesi", "junk": true}}),
    ] {
        let reply = engine.answer(&bad.to_string());
        assert_eq!(reply["ok"], false, "{bad} → {reply}");
    }
    ok(&mut engine, json!({"cmd": "new", "game": "parcheesi"}));
    let early = engine.answer(&json!({"cmd": "play", "move": "a5"}).to_string());
    assert_eq!(early["ok"], false, "no move before the roll: {early}");
    let wrong = engine.answer(&json!({"cmd": "roll", "dice": [7, 0]}).to_string());
    assert_eq!(wrong["ok"], false, "dice are 1 to 6: {wrong}");
}

//! The Snakes & Ladders loader, fuzzed: mutated `state` JSON (squares, the phase, the
//! ordering throw, the latest roll, the one-die choice) is refused, or the game loads,
//! plays, renders and saves.

use tabula::rules::{Game, GameKind};

use crate::support::fuzz::{corpus, fuzz_loader, no_repair};

#[test]
fn mutated_snakes_states_are_refused_or_load_play_render_and_save() {
    let starts: Vec<Game> = [
        ("two-dice", 2),
        ("one-die", 3),
        ("two-dice-95", 4),
        ("two-dice+rosetta+start-0", 2),
    ]
    .iter()
    .map(|(r, n)| Game::new(GameKind::Snakes, r, *n).unwrap())
    .collect();
    let corpus = corpus(&starts, 24, 9, 1100);
    fuzz_loader(&corpus, 10_000, 1111, no_repair);
}

#[test]
fn inconsistent_states_are_refused_with_a_reason() {
    use serde_json::json;
    let base = json!({
        "game": "snakes", "ruleset": "two-dice", "squares": [10, 20],
        "resigned": [false, false], "phase": "roll", "seat": 0,
    });
    assert!(serde_json::from_value::<Game>(base.clone()).is_ok());
    for (field, value) in [
        ("squares", json!([10, 10])),
        ("squares", json!([47, 20])),
        ("squares", json!([101, 20])),
        ("squares", json!([10, 20, 30, 40, 50])),
        ("seat", json!(2)),
        ("ruleset", json!("three-dice")),
        ("one_die", json!(true)),
        ("rolls", json!(-1)),
    ] {
        let mut state = base.clone();
        state[field] = value.clone();
        assert!(
            serde_json::from_value::<Game>(state).is_err(),
            "{field} = {value} loaded"
        );
    }
}

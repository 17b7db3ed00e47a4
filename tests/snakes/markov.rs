//! The oracle (rules-facts §5): the exact expected length of a one-player, one-die game on
//! the classic board from off the board, 39.2251223082 turns with the 47 → 26 chute and
//! 39.5983656402 with 48 → 26 (Althoen, King & Schilling 1993; possiblywrong 2015), solved
//! as a Markov chain, and a Monte Carlo run through the real rules agreeing within four
//! standard errors.

use serde_json::Value;
use tabula::bot::simulate::Summary;
use tabula::engine::Engine;
use tabula::rules::GameKind;
use tabula::rules::snakes::markov::expected_turns;
use tabula::rules::snakes::{DiceRule, Layout};

/// Runs Snakes & Ladders' simulation, the one the engine's `simulate` runs.
fn simulate(ruleset: &str, players: usize, games: u64, seed: u64) -> Result<Summary, String> {
    let simulate = tabula::bot::simulation(GameKind::Snakes).expect("Snakes & Ladders simulates");
    simulate(ruleset, Some(players), games, seed)
}

#[test]
fn the_markov_chain_gives_the_published_expected_lengths() {
    let e47 = expected_turns(Layout::Classic, DiceRule::OneDie)[0];
    let e48 = expected_turns(Layout::Classic48, DiceRule::OneDie)[0];
    assert!((e47 - 39.2251223082).abs() < 1e-9, "{e47}");
    assert!((e48 - 39.5983656402).abs() < 1e-9, "{e48}");
}

#[test]
fn the_shortest_game_on_the_rosetta_board_takes_seven_throws() {
    // The Rosetta Code board's known minimum from square 1 with one die: 7 throws. Breadth
    // first over the same `next` the rules and the chain use.
    use tabula::rules::snakes::markov::next;
    let mut depth = [u32::MAX; 101];
    depth[1] = 0;
    let mut frontier = vec![1u8];
    while !frontier.is_empty() && depth[100] == u32::MAX {
        let mut more = Vec::new();
        for &s in &frontier {
            for t in 1..=6 {
                let n = next(Layout::Rosetta, s, t);
                if depth[usize::from(n)] == u32::MAX {
                    depth[usize::from(n)] = depth[usize::from(s)] + 1;
                    more.push(n);
                }
            }
        }
        frontier = more;
    }
    assert_eq!(depth[100], 7);
}

#[test]
fn one_die_is_chosen_where_it_shortens_the_race() {
    // On 99 two dice never finish, so the best choice must make the expectation finite and
    // no longer than the one-die game's from the same square.
    let best = expected_turns(Layout::Classic, DiceRule::TwoDice95);
    let one = expected_turns(Layout::Classic, DiceRule::OneDie);
    assert!((best[99] - 6.0).abs() < 1e-9, "{}", best[99]);
    assert!(best[0].is_finite() && best[0] < one[0]);
    // The sheet's two-dice game, with one die on 99, is finite too.
    assert!(expected_turns(Layout::Classic, DiceRule::TwoDice)[1].is_finite());
}

fn within_four_standard_errors(games: u64, seed: u64) {
    for (ruleset, exact) in [
        ("one-die+start-0", 39.2251223082),
        ("one-die+classic-48+start-0", 39.5983656402),
    ] {
        let s = simulate(ruleset, 1, games, seed).expect("runs");
        let z = (s.mean - exact) / s.std_err;
        eprintln!(
            "{ruleset}: {} games, mean {:.4} ± {:.4} (exact {exact}), z = {z:.2}",
            s.games, s.mean, s.std_err
        );
        assert!(z.abs() < 4.0, "{ruleset}: z = {z}");
        assert_eq!(s.expected.map(|e| (e - exact).abs() < 1e-9), Some(true));
        assert!(s.shortest >= 7, "no game shorter than the minimum of 7");
    }
}

#[test]
fn a_monte_carlo_run_through_the_rules_agrees_with_the_chain() {
    within_four_standard_errors(100_000, 2026);
}

#[test]
#[ignore = "a million games per board, about 30 s: kept out of the plain `cargo test`; .ci/run runs it by name with --ignored"]
fn a_million_games_through_the_rules_agree_with_the_chain() {
    within_four_standard_errors(1_000_000, 1943);
}

#[test]
fn the_engine_simulates_and_refuses_other_games_in_one_line() {
    let mut engine = Engine::default();
    let v: Value = engine.answer(
        r#"{"cmd":"simulate","ruleset":"one-die+start-0","players":1,"games":2000,"seed":5}"#,
    );
    assert_eq!(v["ok"], true, "{v}");
    assert_eq!(v["games"], 2000);
    assert!(v["mean"].as_f64().unwrap() > 30.0 && v["std_err"].as_f64().unwrap() > 0.0);
    // The same seed gives the same mean.
    let again = engine.answer(
        r#"{"cmd":"simulate","ruleset":"one-die+start-0","players":1,"games":2000,"seed":5}"#,
    );
    assert_eq!(v["mean"], again["mean"]);
    let four =
        engine.answer(r#"{"cmd":"simulate","ruleset":"two-dice-95","players":4,"games":200}"#);
    assert_eq!(four["ok"], true, "{four}");
    assert_eq!(four["wins"].as_array().unwrap().len(), 4);
    let chess = engine.answer(r#"{"cmd":"simulate","game":"chess","games":10}"#);
    assert_eq!(chess["ok"], false);
    assert!(
        chess["error"]
            .as_str()
            .unwrap()
            .contains("Snakes & Ladders races only")
    );
    let bad = engine.answer(r#"{"cmd":"simulate","ruleset":"three-dice","games":10}"#);
    assert_eq!(bad["ok"], false);
    let many = engine.answer(r#"{"cmd":"simulate","games":100000000000}"#);
    assert_eq!(many["ok"], false);
}

#[test]
fn the_engine_plays_a_race_with_given_dice() {
    let mut engine = Engine::default();
    let v = engine.answer(r#"{"cmd":"new","game":"snakes","ruleset":"two-dice-95","players":2}"#);
    assert_eq!(v["turn"]["to"], "roll", "{v}");
    for line in [
        r#"{"cmd":"roll","dice":[6]}"#,
        r#"{"cmd":"roll","dice":[2]}"#,
    ] {
        assert_eq!(engine.answer(line)["ok"], true);
    }
    let v = engine.answer(r#"{"cmd":"roll","dice":[2,1]}"#);
    assert_eq!(v["ok"], true, "{v}");
    let state = engine.answer(r#"{"cmd":"state"}"#);
    // Red started (6 against 2), threw 2 and 1 from 1 onto 4, and climbed to 14.
    assert_eq!(state["state"]["squares"], serde_json::json!([14, 1]));
    let bad = engine.answer(r#"{"cmd":"roll","dice":[7,1]}"#);
    assert_eq!(bad["ok"], false);
    let load = format!(r#"{{"cmd":"load","state":{}}}"#, state["state"]);
    assert_eq!(engine.answer(&load)["ok"], true);
}

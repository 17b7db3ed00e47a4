//! Loader fuzzing for every game: valid `state` JSON from seeded random play, mutated at
//! random (numbers to edge values, strings to other names, keys dropped or added, arrays cut
//! and grown, subtrees grafted from other states). Each mutation must either be refused by
//! the loader or load a game that lists, reads, plays, rolls, draws, renders and saves
//! without a panic, and saves to JSON that loads back as the same game. Position strings (FEN
//! and the like) are fuzzed the same way, character by character.

use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed, TestRunner};
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use std::cell::Cell;
use std::collections::BTreeSet;

use serde_json::{Value, json};
use tabula::render::{Renderer, View};
use tabula::rules::{Action, Game, GameKind, Turn};

/// Numbers a mutation tries: bounds of every game's fields and of the integer types.
const NUMBERS: &[i64] = &[
    -1,
    0,
    1,
    2,
    3,
    4,
    5,
    6,
    7,
    8,
    11,
    12,
    13,
    14,
    15,
    16,
    20,
    23,
    24,
    25,
    26,
    63,
    64,
    65,
    71,
    72,
    73,
    99,
    100,
    255,
    256,
    2048,
    4096,
    8192,
    65_535,
    4_294_967_295,
    -4_294_967_296,
];

/// Plays seeded random games from `start` and returns states met on the way (every `every`
/// actions, and each game's end): rolls, moves (sometimes only a move's first word, as a
/// player typing part by part would), now and then a draw offer or a resignation.
pub fn corpus(starts: &[Game], games: usize, every: usize, seed: u64) -> Vec<Game> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut out = Vec::new();
    for g in 0..games {
        let mut game = starts[g % starts.len()].clone();
        for step in 0..2_000 {
            if step % every == 0 {
                out.push(game.clone());
            }
            let Some(action) = random_action(&game, &mut rng, 0.004) else {
                break;
            };
            if let Ok(next) = game.apply(&action) {
                game = next;
            }
        }
        out.push(game);
    }
    out
}

/// Returns a random action for the seat to act, or `None` once the game is over.
fn random_action(game: &Game, rng: &mut StdRng, resign: f64) -> Option<Action> {
    let seat = game.turn().seat()?;
    if rng.random_bool(resign) {
        return Some(Action::Resign {
            seat: rng.random_range(0..2),
        });
    }
    if rng.random_bool(0.01) {
        return Some(Action::OfferDraw { seat });
    }
    if game.may_claim_draw(seat) && rng.random_bool(0.3) {
        return Some(Action::ClaimDraw { seat });
    }
    Some(match game.turn() {
        Turn::Roll(seat) if game.legal(seat).is_empty() || rng.random_bool(0.8) => {
            let dice = game.dice().map_or(vec![1], |d| {
                (0..d.count)
                    .map(|_| rng.random_range(1..=d.faces))
                    .collect()
            });
            Action::Roll { seat, dice }
        }
        _ => {
            let moves = game.legal(seat);
            let m = moves.choose(rng)?.clone();
            let text = game.format(&m);
            let first = text.split_whitespace().next().unwrap_or("");
            let m = match game.parse(seat, first) {
                Ok(part) if rng.random_bool(0.3) => part,
                _ => m,
            };
            Action::Play { seat, r#move: m }
        }
    })
}

/// Mutates states of `corpus` at random, `cases` times, and checks each result loads and
/// plays safely or is refused; `repair` may make a mutated state self-consistent (a
/// checksum-like field recomputed) so that deeper fields get through the loader.
pub fn fuzz_loader(corpus: &[Game], cases: u32, seed: u64, repair: fn(&mut Value)) {
    let loaded = fuzz_states(corpus, cases, seed, repair);
    assert!(
        loaded > cases / 20,
        "too few mutations load ({loaded}): the fuzz tests little"
    );
}

/// Mutates states as [`fuzz_loader`] does and returns how many loaded, with no floor: for a
/// game whose stored state carries checks (a FEN beside the moves) without a repair that
/// keeps them consistent, refusing nearly everything is the safe answer.
pub fn fuzz_states(corpus: &[Game], cases: u32, seed: u64, repair: fn(&mut Value)) -> u32 {
    let states: Vec<Value> = corpus
        .iter()
        .map(|g| serde_json::to_value(g).expect("a game serializes"))
        .collect();
    let mut strings = BTreeSet::new();
    let mut keys = BTreeSet::new();
    for s in &states {
        harvest(s, &mut strings, &mut keys);
    }
    let strings: Vec<String> = strings.into_iter().collect();
    let keys: Vec<String> = keys.into_iter().collect();
    let renderer = crate::support::render::shared();
    let loaded = Cell::new(0u32);
    let mut runner = TestRunner::new(Config {
        cases,
        rng_seed: RngSeed::Fixed(seed),
        failure_persistence: None,
        ..Config::default()
    });
    let result = runner.run(&any::<u64>(), |case| {
        let mut rng = StdRng::seed_from_u64(case);
        let mut state = states.choose(&mut rng).expect("a corpus").clone();
        for _ in 0..rng.random_range(1..=3) {
            mutate(&mut state, &states, &strings, &keys, &mut rng);
        }
        if rng.random_bool(0.5) {
            repair(&mut state);
        }
        if let Ok(game) = serde_json::from_value::<Game>(state) {
            loaded.set(loaded.get() + 1);
            exercise(&game, &renderer, &mut rng);
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
    let loaded = loaded.get();
    println!("loader fuzz: {cases} mutated states, {loaded} loaded and played");
    loaded
}

/// Mutates the position strings of `corpus` at random, `cases` times (characters replaced,
/// dropped, doubled or moved, fields and `/`-separated parts swapped or taken from another
/// string), and checks each result is refused by [`Game::from_position`] or loads a game that
/// plays, renders and saves like any loaded state, and whose own position string reads back
/// as itself.
pub fn fuzz_positions(kind: GameKind, corpus: &[Game], cases: u32, seed: u64) {
    let texts: Vec<String> = corpus.iter().filter_map(Game::position).collect();
    assert!(!texts.is_empty(), "the corpus has position strings");
    let mut pool: Vec<char> = texts.iter().flat_map(|t| t.chars()).collect();
    pool.extend("0123456789/ -.:;,wWbBxX#+\u{0}\u{e9}\u{202e}".chars());
    pool.sort_unstable();
    pool.dedup();
    let renderer = crate::support::render::shared();
    let loaded = Cell::new(0u32);
    let mut runner = TestRunner::new(Config {
        cases,
        rng_seed: RngSeed::Fixed(seed),
        failure_persistence: None,
        ..Config::default()
    });
    let result = runner.run(&any::<u64>(), |case| {
        let mut rng = StdRng::seed_from_u64(case);
        let mut text = texts.choose(&mut rng).expect("a corpus").clone();
        for _ in 0..rng.random_range(1..=3) {
            text = mutate_text(&text, &texts, &pool, &mut rng);
        }
        if let Ok(game) = Game::from_position(kind, &text) {
            loaded.set(loaded.get() + 1);
            let own = game
                .position()
                .expect("a loaded game has a position string");
            let again = Game::from_position(kind, &own).expect("its own string loads");
            assert_eq!(again.position(), Some(own), "read from {text:?}");
            exercise(&game, &renderer, &mut rng);
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
    let loaded = loaded.get();
    println!("position fuzz: {cases} mutated strings, {loaded} loaded and played");
    assert!(
        loaded > cases / 20,
        "too few mutations load ({loaded}): the fuzz tests little"
    );
}

/// Applies one random mutation to a position string.
fn mutate_text(text: &str, texts: &[String], pool: &[char], rng: &mut StdRng) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    let any = |rng: &mut StdRng| *pool.choose(rng).expect("a pool");
    let split = |t: &str, by: char| -> Vec<String> { t.split(by).map(String::from).collect() };
    match rng.random_range(0..8) {
        0 if !chars.is_empty() => {
            let i = rng.random_range(0..chars.len());
            chars[i] = any(rng);
        }
        1 if !chars.is_empty() => {
            chars.remove(rng.random_range(0..chars.len()));
        }
        2 => {
            let c = any(rng);
            chars.insert(rng.random_range(0..=chars.len()), c);
        }
        3 if chars.len() > 1 => {
            let (i, j) = (
                rng.random_range(0..chars.len()),
                rng.random_range(0..chars.len()),
            );
            chars.swap(i, j);
        }
        4 | 5 => {
            // Swap, drop or borrow a `/`-separated part or a space-separated field.
            let by = if rng.random_bool(0.5) { '/' } else { ' ' };
            let mut parts = split(text, by);
            let donor = split(texts.choose(rng).expect("a corpus"), by);
            let i = rng.random_range(0..parts.len());
            match rng.random_range(0..3) {
                0 => {
                    let j = rng.random_range(0..parts.len());
                    parts.swap(i, j);
                }
                1 if parts.len() > 1 => {
                    parts.remove(i);
                }
                _ => parts[i] = donor.choose(rng).cloned().unwrap_or_default(),
            }
            return parts.join(&by.to_string());
        }
        6 => chars.truncate(rng.random_range(0..=chars.len())),
        _ => return texts.choose(rng).expect("a corpus").clone(),
    }
    chars.into_iter().collect()
}

/// Uses a loaded game every way a player or the table can, and saves it.
fn exercise(game: &Game, renderer: &Renderer, rng: &mut StdRng) {
    let mut game = game.clone();
    for _ in 0..3 {
        let _ = (
            game.notice(),
            game.position(),
            game.draw_offer(),
            game.outcome(),
        );
        for seat in 0..5 {
            let _ = (game.may_claim_draw(seat), game.options_summary(seat));
            let _ = (game.examples(seat, 5), game.menu(seat, 25));
            let moves = game.legal(seat);
            for m in moves.iter().take(3) {
                let text = game.format(m);
                assert_eq!(game.parse(seat, &text).as_ref(), Ok(m), "{text} reads back");
            }
            for text in [
                "",
                "double",
                "take",
                "enter",
                "a5 b3",
                "e4",
                "O-O",
                "24/18 13/11",
            ] {
                let _ = game.parse(seat, text);
            }
        }
        let png = renderer
            .png(&game, &View::default())
            .expect("a loaded game renders");
        assert!(png.starts_with(b"\x89PNG"));
        let saved = serde_json::to_value(&game).expect("a loaded game saves");
        let back: Game = serde_json::from_value(saved).expect("a saved game loads");
        assert_eq!(back, game, "a saved game loads as itself");
        // Odd actions first: each is refused or gives a game that saves too.
        for action in [
            Action::Roll {
                seat: 0,
                dice: vec![0, 7],
            },
            Action::Roll {
                seat: 1,
                dice: vec![6; 9],
            },
            Action::DeclineDraw { seat: 1 },
            Action::AcceptDraw { seat: 0 },
        ] {
            if let Ok(next) = game.apply(&action) {
                let saved = serde_json::to_value(&next).expect("saves");
                serde_json::from_value::<Game>(saved).expect("reloads");
            }
        }
        let Some(action) = random_action(&game, rng, 0.05) else {
            return;
        };
        if let Ok(next) = game.apply(&action) {
            game = next;
        }
    }
}

/// Collects every string and object key of a state.
fn harvest(value: &Value, strings: &mut BTreeSet<String>, keys: &mut BTreeSet<String>) {
    match value {
        Value::String(s) => {
            strings.insert(s.clone());
        }
        Value::Array(items) => items.iter().for_each(|v| harvest(v, strings, keys)),
        Value::Object(map) => {
            for (k, v) in map {
                keys.insert(k.clone());
                harvest(v, strings, keys);
            }
        }
        _ => {}
    }
}

/// Applies one random mutation somewhere in `state`.
fn mutate(
    state: &mut Value,
    corpus: &[Value],
    strings: &[String],
    keys: &[String],
    rng: &mut StdRng,
) {
    let count = nodes(state);
    let target = rng.random_range(0..count);
    let mut seen = 0;
    let Some(node) = nth(state, target, &mut seen) else {
        return;
    };
    let graft = |rng: &mut StdRng| {
        let donor = corpus.choose(rng).expect("a corpus");
        let mut seen = 0;
        let pick = rng.random_range(0..nodes(donor));
        pick_nth(donor, pick, &mut seen)
            .cloned()
            .unwrap_or(Value::Null)
    };
    if rng.random_bool(0.1) {
        *node = graft(rng);
        return;
    }
    if rng.random_bool(0.03) {
        *node = Value::Null;
        return;
    }
    match node {
        Value::Number(n) => {
            *node = if rng.random_bool(0.3) {
                let v = n.as_i64().unwrap_or(0);
                json!(v + if rng.random_bool(0.5) { 1 } else { -1 })
            } else {
                json!(*NUMBERS.choose(rng).expect("numbers"))
            };
        }
        Value::Bool(b) => *b = !*b,
        Value::String(s) => {
            *s = match rng.random_range(0..4) {
                0 => strings.choose(rng).cloned().unwrap_or_default(),
                1 => String::new(),
                2 => {
                    let mut chars: Vec<char> = s.chars().collect();
                    if !chars.is_empty() {
                        let i = rng.random_range(0..chars.len());
                        let pool = "abcdefghKQRNBkqrnb12345678-/ xX=+#*0w";
                        chars[i] = pool.chars().nth(rng.random_range(0..pool.len())).unwrap();
                    }
                    chars.into_iter().collect()
                }
                _ => format!("{s}{s}"),
            };
        }
        Value::Array(items) => match rng.random_range(0..4) {
            0 if !items.is_empty() => {
                items.remove(rng.random_range(0..items.len()));
            }
            1 if !items.is_empty() => {
                let copy = items[rng.random_range(0..items.len())].clone();
                items.insert(rng.random_range(0..=items.len()), copy);
            }
            2 => items.clear(),
            _ => items.push(graft(rng)),
        },
        Value::Object(map) => {
            if rng.random_bool(0.5) && !map.is_empty() {
                let key = map.keys().nth(rng.random_range(0..map.len())).cloned();
                if let Some(key) = key {
                    map.remove(&key);
                }
            } else if let Some(key) = keys.choose(rng) {
                map.insert(key.clone(), graft(rng));
            }
        }
        Value::Null => *node = graft(rng),
    }
}

/// Counts the nodes of a JSON tree.
fn nodes(value: &Value) -> usize {
    1 + match value {
        Value::Array(items) => items.iter().map(nodes).sum(),
        Value::Object(map) => map.values().map(nodes).sum(),
        _ => 0,
    }
}

/// Returns the `n`th node of a tree in preorder, mutably.
fn nth<'a>(value: &'a mut Value, n: usize, seen: &mut usize) -> Option<&'a mut Value> {
    if *seen == n {
        return Some(value);
    }
    *seen += 1;
    match value {
        Value::Array(items) => items.iter_mut().find_map(|v| nth(v, n, seen)),
        Value::Object(map) => map.values_mut().find_map(|v| nth(v, n, seen)),
        _ => None,
    }
}

/// Returns the `n`th node of a tree in preorder.
fn pick_nth<'a>(value: &'a Value, n: usize, seen: &mut usize) -> Option<&'a Value> {
    if *seen == n {
        return Some(value);
    }
    *seen += 1;
    match value {
        Value::Array(items) => items.iter().find_map(|v| pick_nth(v, n, seen)),
        Value::Object(map) => map.values().find_map(|v| pick_nth(v, n, seen)),
        _ => None,
    }
}

/// Leaves a mutated state as it is.
pub fn no_repair(_: &mut Value) {}

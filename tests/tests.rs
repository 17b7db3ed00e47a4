//! tabula's integration tests, in one binary. Each module tests one layer or one game from the
//! outside, through the library's public API, the shipped binary, or a fake Discord. The list
//! reads as a map: the shared harness, the layers from the bottom up, the suite every game
//! passes, then one folder per game.

// Shared harness: TestTable (table, store and console), databases, the fake Discord, pictures.
mod support;

// --- The layers, bottom up ---

// The store, on SQLite and PostgreSQL: the guarded commit, concurrency, stored text.
mod store;

// The table: lobbies and seats, racing commands, hostile text in every option.
mod table;

// Playing against the bot: seats, turns like a person's, claims across processes, restarts.
mod bots;

// The Discord frontend end to end: the real bot against a fake Discord on 127.0.0.1.
mod discord;

// The web view against its router: privacy, the one 404, pictures, downloads read back.
mod web;

// The shipped binary as a subprocess: engine JSON lines, console restarts, start-up errors.
mod binary;

// Operators' and testers' troubles with the binary: racing starts, bad databases, hostile input.
mod operator;

// Whole processes killed with SIGKILL and racing each other, then the database audited.
mod crash;

// --- Every game ---

// The conformance suite over every game, ruleset and seat count: random games end and replay,
// notation reads back, the loader fuzz, pictures, stored names, `/rules`, a game with the bot.
mod conformance;

// --- One folder per game, in the registry's order ---

// Chess: FIDE rules and notation, draws, the loader, console games, the picture.
mod chess;

// The Parcheesi family: one module per rule sheet, notation, invariants, console, engine, picture.
mod parcheesi;

// Backgammon: rules, cube and matches, agreement with GNU Backgammon, table, engine, picture.
mod backgammon;

// Checkers: perft against OEIS, both sheets, huffing, notation, console, picture.
mod checkers;

// Snakes & Ladders: the sheet sentence by sentence, the Markov oracle, console, engine, picture.
mod snakes;

// Chinese checkers: the star, the sheet, solitaire oracles, notation, position strings, bots.
mod chinese_checkers;

/// Returns whether a folder holds a Rust file, at any depth (`node_modules` aside).
fn holds_rust(dir: &std::path::Path) -> bool {
    std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .any(|entry| {
            let path = entry.path();
            if path.is_dir() {
                path.file_name().is_some_and(|n| n != "node_modules") && holds_rust(&path)
            } else {
                path.extension().is_some_and(|e| e == "rs")
            }
        })
}

/// A folder or file under `tests/` that is not a module here is never compiled, so its tests
/// would silently never run.
#[test]
fn every_folder_under_tests_is_a_module_of_this_binary() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let root = std::fs::read_to_string(dir.join("tests.rs")).expect("tests/tests.rs");
    let declared: Vec<&str> = root
        .lines()
        .filter_map(|l| l.trim().strip_prefix("mod ")?.strip_suffix(';'))
        .collect();
    for entry in std::fs::read_dir(&dir).expect("tests/") {
        let path = entry.expect("an entry").path();
        let name = match path.extension() {
            // A folder without Rust (the browser scripts, run by tests/web/browser.rs) holds
            // no tests of this binary.
            None if path.is_dir() && !holds_rust(&path) => continue,
            None if path.is_dir() => path.file_name(),
            Some(ext) if ext == "rs" => path.file_stem(),
            _ => continue,
        };
        let name = name.and_then(|n| n.to_str()).expect("a UTF-8 name");
        if name != "tests" {
            assert!(
                declared.contains(&name),
                "tests/{name} is not a `mod` in tests/tests.rs, so it never runs"
            );
        }
    }
}

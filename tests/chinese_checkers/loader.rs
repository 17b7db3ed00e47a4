//! The Chinese checkers loaders, fuzzed: mutated `state` JSON (board, seats, lists, the last
//! path, the progress counters) and mutated position strings are refused, or the game loads,
//! plays, renders and saves.

use tabula::rules::{Game, GameKind};

use crate::support::fuzz::{corpus, fuzz_loader, fuzz_positions, no_repair};

/// Games for 2, 3, 4 and 6 players on both boards, with and without the options.
fn starts() -> Vec<Game> {
    [
        ("6-peg", 2),
        ("6-peg places", 3),
        ("10-peg partners", 4),
        ("10-peg", 6),
    ]
    .iter()
    .map(|(r, p)| Game::new(GameKind::ChineseCheckers, r, *p).unwrap())
    .collect()
}

#[test]
fn mutated_chinese_checkers_states_are_refused_or_load_play_render_and_save() {
    let corpus = corpus(&starts(), 12, 15, 1001);
    fuzz_loader(&corpus, 5_000, 1010, no_repair);
}

#[test]
fn mutated_chinese_checkers_position_strings_are_refused_or_load_play_render_and_save() {
    let corpus = corpus(&starts(), 12, 15, 1002);
    fuzz_positions(GameKind::ChineseCheckers, &corpus, 5_000, 1020);
}

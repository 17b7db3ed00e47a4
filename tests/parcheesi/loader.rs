//! Issue 13 item 15: the Parcheesi loader, fuzzed. Mutated `state` JSON (pawns, the turn, a
//! roll being played, resignations, the last throw) is refused, or the game loads, plays,
//! renders and saves.

use tabula::rules::{Game, GameKind};

use crate::support::fuzz::{corpus, fuzz_loader, no_repair};

#[test]
fn mutated_parcheesi_states_are_refused_or_load_play_render_and_save() {
    let mut starts = Vec::new();
    for ruleset in ["parcheesi", "pahrcheesi", "pachesi", "pachisi"] {
        for players in [2, 3, 4] {
            starts.push(Game::new(GameKind::Parcheesi, ruleset, players).unwrap());
        }
    }
    let corpus = corpus(&starts, 24, 40, 1303);
    fuzz_loader(&corpus, 10_000, 1315, no_repair);
}

//! The conformance suite: every behaviour the table, the renderer and the bots rely on, checked
//! for every game the registry lists, in every ruleset it offers and every number of seats. A
//! new game gets all of it from its registry line; nothing here names a game.
//!
//! Game-specific invariants stay with the game's own tests, which play their random games
//! through [`playout::playout`] with a check of their own.

pub mod playout;

mod loader;
mod registry;

use tabula::rules::{Game, GameKind};

/// One way to start a game: its kind, ruleset and number of seats.
#[derive(Clone, Debug)]
pub struct Setup {
    pub kind: GameKind,
    pub ruleset: &'static str,
    pub players: usize,
}

impl Setup {
    /// Starts the game.
    pub fn start(&self) -> Game {
        Game::new(self.kind, self.ruleset, self.players)
            .unwrap_or_else(|e| panic!("{self:?} starts: {e}"))
    }
}

/// Every offered ruleset of every game with every number of seats it starts with. A ruleset
/// may refuse some counts (partners need an even number), but each starts with at least one.
pub fn setups() -> Vec<Setup> {
    let mut out = Vec::new();
    for &kind in GameKind::ALL {
        let (min, max) = kind.seats();
        for &ruleset in kind.rulesets() {
            let before = out.len();
            for players in min..=max {
                if Game::new(kind, ruleset, players).is_ok() {
                    out.push(Setup {
                        kind,
                        ruleset,
                        players,
                    });
                }
            }
            assert!(
                out.len() > before,
                "{kind} offers {ruleset}, which starts with no number of seats"
            );
        }
    }
    out
}

//! The games tabula knows by name: their titles, seats, rulesets and rules text.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::backgammon::{self, BackgammonRules};
use super::parcheesi::{self, ParcheesiGame};
use super::{Seat, chess, shown};

/// Names a game tabula can play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameKind {
    Chess,
    Parcheesi,
    Backgammon,
}

impl GameKind {
    /// Every game, in the order menus list them.
    pub const ALL: [GameKind; 3] = [GameKind::Chess, GameKind::Parcheesi, GameKind::Backgammon];

    /// Returns the short name players type, e.g. `chess`.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Chess => "chess",
            GameKind::Parcheesi => "parcheesi",
            GameKind::Backgammon => "backgammon",
        }
    }

    /// Returns the name to show in titles, e.g. `Chess`.
    pub fn title(self) -> &'static str {
        match self {
            GameKind::Chess => "Chess",
            GameKind::Parcheesi => "Parcheesi",
            GameKind::Backgammon => "Backgammon",
        }
    }

    /// Returns the fewest and most players a table of this game seats.
    pub fn seats(self) -> (usize, usize) {
        match self {
            GameKind::Chess | GameKind::Backgammon => (2, 2),
            GameKind::Parcheesi => (2, 4),
        }
    }

    /// Returns the name of a seat, e.g. `White` or `Red`, in seating order.
    pub fn seat_name(self, seat: Seat) -> &'static str {
        match self {
            GameKind::Chess => ["White", "Black"].get(seat).copied().unwrap_or("?"),
            GameKind::Parcheesi => ParcheesiGame::colour(seat),
            GameKind::Backgammon => backgammon::seat_name(seat),
        }
    }

    /// Returns the names of the rulesets this game offers; the first is the default.
    pub fn rulesets(self) -> &'static [&'static str] {
        match self {
            GameKind::Chess => &["standard"],
            GameKind::Parcheesi => &["parcheesi", "pahrcheesi", "pachesi", "pachisi"],
            GameKind::Backgammon => &["standard", "cube", "match:3", "match:5", "match:7"],
        }
    }

    /// Returns whether `ruleset` names a ruleset of this game: one of
    /// [`rulesets`](Self::rulesets), or for backgammon any `match:N` with N from 1 to 25.
    pub fn accepts_ruleset(self, ruleset: &str) -> bool {
        match self {
            GameKind::Backgammon => BackgammonRules::from_name(ruleset).is_some(),
            _ => self.rulesets().contains(&ruleset),
        }
    }

    /// Returns the rules summary `/rules` shows.
    pub fn rules_text(self) -> &'static str {
        match self {
            GameKind::Chess => chess::RULES,
            GameKind::Parcheesi => parcheesi::RULES,
            GameKind::Backgammon => backgammon::RULES,
        }
    }
}

impl GameKind {
    /// Finds a game by its name or by a ruleset that is a game in its own right (`pachisi`),
    /// returning the ruleset too when one was named.
    ///
    /// # Errors
    /// Fails with the list of games when nothing fits.
    pub fn lookup(name: &str) -> Result<(GameKind, Option<&'static str>), UnknownGame> {
        let key = name.trim().to_ascii_lowercase();
        if let Ok(kind) = key.parse::<GameKind>() {
            return Ok((kind, None));
        }
        GameKind::ALL
            .into_iter()
            .find_map(|k| {
                k.rulesets()
                    .iter()
                    .find(|r| **r == key && k == GameKind::Parcheesi)
                    .map(|r| (k, Some(*r)))
            })
            .ok_or_else(|| UnknownGame(shown(name)))
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The text was not the name of a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("there is no game called {0}; the games are: {list}", list = GameKind::ALL.map(GameKind::name).join(", "))]
pub struct UnknownGame(pub String);

impl FromStr for GameKind {
    type Err = UnknownGame;

    fn from_str(s: &str) -> Result<Self, UnknownGame> {
        let key = s.trim().to_ascii_lowercase();
        GameKind::ALL
            .into_iter()
            .find(|k| k.name() == key)
            .ok_or_else(|| UnknownGame(shown(s)))
    }
}

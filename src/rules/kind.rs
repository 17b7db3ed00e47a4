//! The games tabula knows by name: everything said about a game before one exists, read from
//! each game's registry entry ([`Info`]). Nothing else in tabula lists games.

use std::fmt;
use std::str::FromStr;

use super::contract::Info;
use super::error::shown;
use super::{GameKind, Seat};

/// A name `/play` offers: a game, or a ruleset offered as a game of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameChoice {
    pub kind: GameKind,
    /// The name players pick, e.g. `chess` or `pachisi`.
    pub name: &'static str,
    /// The name shown in titles, e.g. `Pachisi`.
    pub title: &'static str,
    /// The ruleset the name stands for, when it is an alias.
    pub ruleset: Option<&'static str>,
}

impl GameKind {
    /// Returns the short name players type, e.g. `chess`.
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// Returns the name to show in titles, e.g. `Chess`.
    pub fn title(self) -> &'static str {
        self.info().title
    }

    /// Returns the fewest and most players a table of this game seats.
    pub fn seats(self) -> (usize, usize) {
        self.info().seats
    }

    /// Returns the name of a seat, e.g. `White` or `Red`, in seating order.
    pub fn seat_name(self, seat: Seat) -> &'static str {
        self.info().seat_names.get(seat).copied().unwrap_or("?")
    }

    /// Returns the names of the rulesets this game offers; the first is the default.
    pub fn rulesets(self) -> &'static [&'static str] {
        self.info().rulesets
    }

    /// Returns the rules summary `/rules` shows.
    pub fn rules_text(self) -> &'static str {
        self.info().rules
    }

    /// Lists every name `/play` offers, games and their aliases, in menu order.
    pub fn choices() -> Vec<GameChoice> {
        let mut out = Vec::new();
        for &kind in GameKind::ALL {
            let info: &Info = kind.info();
            out.push(GameChoice {
                kind,
                name: info.name,
                title: info.title,
                ruleset: None,
            });
            out.extend(info.aliases.iter().map(|a| GameChoice {
                kind,
                name: a.name,
                title: a.title,
                ruleset: Some(a.ruleset),
            }));
        }
        out
    }

    /// Finds a game by its name or by an alias (`pachisi`), returning the ruleset too when an
    /// alias was named.
    ///
    /// # Errors
    /// Fails with the list of games when nothing fits.
    pub fn lookup(name: &str) -> Result<(GameKind, Option<&'static str>), UnknownGame> {
        let key = name.trim().to_ascii_lowercase();
        GameKind::choices()
            .into_iter()
            .find(|c| c.name == key)
            .map(|c| (c.kind, c.ruleset))
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
#[error("there is no game called {0}; the games are: {list}", list = game_list())]
pub struct UnknownGame(pub String);

fn game_list() -> String {
    let names: Vec<&str> = GameKind::ALL.iter().map(|k| k.name()).collect();
    names.join(", ")
}

impl FromStr for GameKind {
    type Err = UnknownGame;

    /// Reads a game's own name (not an alias).
    fn from_str(s: &str) -> Result<Self, UnknownGame> {
        let key = s.trim().to_ascii_lowercase();
        GameKind::ALL
            .iter()
            .copied()
            .find(|k| k.name() == key)
            .ok_or_else(|| UnknownGame(shown(s)))
    }
}

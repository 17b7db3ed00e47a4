//! The rule options a table chooses: the sheet's single game, a money game with the cube, or a match.

use serde::{Deserialize, Serialize};

/// The longest match a table may set up.
pub const MAX_MATCH: u32 = 25;

/// Which backgammon a table plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BackgammonRules {
    /// Whether the doubling cube is in play (gammons and backgammons then score double and triple).
    pub cube: bool,
    /// Play games until a player has this many points, with the Crawford rule; `None` is one game.
    pub match_length: Option<u32>,
}

impl BackgammonRules {
    /// Returns the rule sheet's game: one game, the first to bear off wins; no cube, no points.
    pub fn standard() -> Self {
        BackgammonRules {
            cube: false,
            match_length: None,
        }
    }

    /// Returns a money game: one game with the doubling cube, gammons and backgammons.
    pub fn money() -> Self {
        BackgammonRules {
            cube: true,
            match_length: None,
        }
    }

    /// Returns a match to `points` with the cube and the Crawford rule.
    pub fn match_to(points: u32) -> Self {
        BackgammonRules {
            cube: true,
            match_length: Some(points),
        }
    }

    /// Reads a ruleset name: `standard`, `cube` or `match:N` (N from 1 to 25).
    pub fn from_name(name: &str) -> Option<Self> {
        let name = name.trim().to_ascii_lowercase();
        match name.as_str() {
            "standard" => return Some(Self::standard()),
            "cube" | "money" => return Some(Self::money()),
            _ => {}
        }
        // One separator at most (`match:7`, `match 7`, `match-7`): `match:-1` is no match.
        let rest = name.strip_prefix("match")?;
        let n = rest
            .strip_prefix([':', ' ', '-', '=', '_'])
            .unwrap_or(rest)
            .trim();
        if n.is_empty() || !n.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let n: u32 = n.parse().ok()?;
        (1..=MAX_MATCH).contains(&n).then(|| Self::match_to(n))
    }

    /// Returns the ruleset name [`from_name`](Self::from_name) reads back.
    pub fn name(&self) -> String {
        match (self.cube, self.match_length) {
            (_, Some(n)) => format!("match:{n}"),
            (true, None) => "cube".into(),
            (false, None) => "standard".into(),
        }
    }

    /// Returns whether the rules are a valid combination.
    pub fn is_valid(&self) -> bool {
        match self.match_length {
            None => true,
            Some(n) => self.cube && (1..=MAX_MATCH).contains(&n),
        }
    }
}

impl Default for BackgammonRules {
    fn default() -> Self {
        Self::standard()
    }
}

/// The rules summary `/rules backgammon` shows.
pub const RULES: &str = "\
**Backgammon** (2 players; White and Black, 15 checkers each). Each side moves toward its own home board (points 1–6) and bears off from there. \
Points are numbered from the mover's side: your 24-point is the opponent's 1-point, the bar is `bar`, borne off is `off`.
**Start:** White's `roll` throws the opening dice, one die for each side; the higher die moves first, playing both numbers (a tie rolls again). Then players take turns: `roll`, then play.
**Moving:** each die moves one checker that many points; one checker may use both. Doubles are played four times. \
A point held by two or more opposing checkers is blocked (you may jump over it). Landing on a single opposing checker (a blot) hits it to the bar; \
a checker on the bar must enter in the opponent's home board before anything else moves. Once all your checkers are home you bear off: \
a die takes a checker off its point, and a number higher than your highest point takes off from the highest point. \
Play both dice if you can; if only one can be played, play the larger; with doubles play as many as you can. If nothing can be played the turn passes.
**Notation:** `24/18 13/11`, `bar/22*`, `6/off`, `8/4(2)`, `13/7/1`; hits (`*`) are optional and the order does not matter.
**Winning:** bear off all 15 first. Rulesets: `standard` (one game, as on the sheet), `cube` (money game: `double` before rolling, then `take` or `drop`; \
a gammon (loser bore off none) scores 2× the cube, a backgammon (loser still on the bar or in the winner's home board) 3×), \
`match:N` (games to N points with the cube; the Crawford game, right after a player reaches N−1, has no doubling). \
**Analysis:** the position ID shown with the board can be pasted into GNU Backgammon.";

//! The boards as data: squares 1-100, each ladder and snake a pair of squares, and the dice
//! each ruleset throws. Everything here is plain arithmetic the rules, the Markov solver, the
//! picture and the bot share.

use serde::{Deserialize, Serialize};

/// The last square; reaching it by an exact count wins.
pub const GOAL: u8 = 100;

/// A named board layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Layout {
    /// Milton Bradley's *Chutes and Ladders* (1943) with the chute from 47 to 26, the layout
    /// of Althoen, King & Schilling's "How Long Is a Game of Snakes and Ladders?" (1993).
    Classic,
    /// The same board with that chute starting at 48 instead (the printing analysed by
    /// possiblywrong, 2015).
    Classic48,
    /// The board of Rosetta Code's "Snake and Ladder" task, common in programming exercises:
    /// eight ladders, eight snakes, one of them on 99.
    Rosetta,
}

const CLASSIC_LADDERS: [(u8, u8); 9] = [
    (1, 38),
    (4, 14),
    (9, 31),
    (21, 42),
    (28, 84),
    (36, 44),
    (51, 67),
    (71, 91),
    (80, 100),
];
const CLASSIC_SNAKES: [(u8, u8); 10] = [
    (16, 6),
    (47, 26),
    (49, 11),
    (56, 53),
    (62, 19),
    (64, 60),
    (87, 24),
    (93, 73),
    (95, 75),
    (98, 78),
];
const CLASSIC48_SNAKES: [(u8, u8); 10] = [
    (16, 6),
    (48, 26),
    (49, 11),
    (56, 53),
    (62, 19),
    (64, 60),
    (87, 24),
    (93, 73),
    (95, 75),
    (98, 78),
];
const ROSETTA_LADDERS: [(u8, u8); 8] = [
    (4, 14),
    (9, 31),
    (20, 38),
    (28, 84),
    (40, 59),
    (51, 67),
    (63, 81),
    (71, 91),
];
const ROSETTA_SNAKES: [(u8, u8); 8] = [
    (17, 7),
    (54, 34),
    (62, 19),
    (64, 60),
    (87, 24),
    (93, 73),
    (95, 75),
    (99, 78),
];

impl Layout {
    /// Every layout, the default first.
    pub const ALL: [Layout; 3] = [Layout::Classic, Layout::Classic48, Layout::Rosetta];

    /// The name used in rulesets (`classic`, `classic-48`, `rosetta`).
    pub fn name(self) -> &'static str {
        match self {
            Layout::Classic => "classic",
            Layout::Classic48 => "classic-48",
            Layout::Rosetta => "rosetta",
        }
    }

    /// Finds a layout by its name.
    pub fn from_name(name: &str) -> Option<Layout> {
        Layout::ALL.into_iter().find(|l| l.name() == name)
    }

    /// The ladders as (foot, top) pairs, foot below top.
    pub fn ladders(self) -> &'static [(u8, u8)] {
        match self {
            Layout::Classic | Layout::Classic48 => &CLASSIC_LADDERS,
            Layout::Rosetta => &ROSETTA_LADDERS,
        }
    }

    /// The snakes as (head, tail) pairs, head above tail: a token landing on the head goes
    /// down to the tail.
    pub fn snakes(self) -> &'static [(u8, u8)] {
        match self {
            Layout::Classic => &CLASSIC_SNAKES,
            Layout::Classic48 => &CLASSIC48_SNAKES,
            Layout::Rosetta => &ROSETTA_SNAKES,
        }
    }

    /// Returns where a token that lands on `square` ends: the ladder's top, the snake's tail,
    /// or the square itself.
    pub fn jump(self, square: u8) -> u8 {
        self.ladders()
            .iter()
            .chain(self.snakes())
            .find(|(from, _)| *from == square)
            .map_or(square, |(_, to)| *to)
    }

    /// Whether a token landing on `square` moves on (a ladder's foot or a snake's head).
    pub fn moves_on(self, square: u8) -> bool {
        self.jump(square) != square
    }
}

/// Which dice a ruleset throws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DiceRule {
    /// Sheet 000: two dice, summed. Square 99 can never finish with two dice, so a token on
    /// 99 throws one die (the sheet's own variation, applied only where two dice cannot win).
    TwoDice,
    /// Sheet 000's first variation: one die.
    OneDie,
    /// Sheet 000's second variation: two dice, and a player on 95 or above may throw one.
    TwoDice95,
}

impl DiceRule {
    /// Every dice rule, the default (the sheet's) first.
    pub const ALL: [DiceRule; 3] = [DiceRule::TwoDice, DiceRule::OneDie, DiceRule::TwoDice95];

    /// The ruleset name (`two-dice`, `one-die`, `two-dice-95`).
    pub fn name(self) -> &'static str {
        match self {
            DiceRule::TwoDice => "two-dice",
            DiceRule::OneDie => "one-die",
            DiceRule::TwoDice95 => "two-dice-95",
        }
    }

    /// Finds a dice rule by its name.
    pub fn from_name(name: &str) -> Option<DiceRule> {
        DiceRule::ALL.into_iter().find(|d| d.name() == name)
    }

    /// How many dice a token on `square` throws, `one` telling whether its player chose one
    /// die where the rule allows it.
    pub fn count(self, square: u8, one: bool) -> u8 {
        match self {
            DiceRule::OneDie => 1,
            DiceRule::TwoDice if square == 99 => 1,
            DiceRule::TwoDice => 2,
            DiceRule::TwoDice95 if one && square >= 95 => 1,
            DiceRule::TwoDice95 => 2,
        }
    }

    /// Whether a player on `square` may choose to throw one die.
    pub fn may_choose_one(self, square: u8) -> bool {
        self == DiceRule::TwoDice95 && (95..GOAL).contains(&square)
    }
}

/// The chance of each total with `count` dice, as (total, probability).
pub fn totals(count: u8) -> Vec<(u8, f64)> {
    if count == 1 {
        (1..=6).map(|t| (t, 1.0 / 6.0)).collect()
    } else {
        (2..=12u8)
            .map(|t| (t, f64::from(6 - (7 - i32::from(t)).abs()) / 36.0))
            .collect()
    }
}

/// The square (1-100) at column `col` (0 = left) and row `row` (0 = bottom) of the 10×10
/// boustrophedon board: row 0 runs 1-10 left to right, row 1 runs 11-20 right to left, and so on.
pub fn square_at(col: u8, row: u8) -> u8 {
    let base = row * 10;
    if row.is_multiple_of(2) {
        base + col + 1
    } else {
        base + 10 - col
    }
}

/// The (column, row) of `square` (1-100); see [`square_at`].
pub fn cell_of(square: u8) -> (u8, u8) {
    let i = square.clamp(1, GOAL) - 1;
    let row = i / 10;
    let along = i % 10;
    let col = if row.is_multiple_of(2) {
        along
    } else {
        9 - along
    };
    (col, row)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_and_squares_agree() {
        for sq in 1..=GOAL {
            let (c, r) = cell_of(sq);
            assert_eq!(square_at(c, r), sq);
        }
        assert_eq!(cell_of(1), (0, 0));
        assert_eq!(cell_of(11), (9, 1));
        assert_eq!(cell_of(100), (0, 9));
    }

    #[test]
    fn ladders_go_up_and_snakes_go_down() {
        for l in Layout::ALL {
            assert!(l.ladders().iter().all(|(a, b)| a < b));
            assert!(l.snakes().iter().all(|(a, b)| a > b && *a < GOAL));
            // No chain: a ladder or snake never ends where another starts.
            for (_, to) in l.ladders().iter().chain(l.snakes()) {
                assert!(!l.moves_on(*to), "{l:?} {to}");
            }
        }
    }

    #[test]
    fn two_dice_totals_sum_to_one() {
        let s: f64 = totals(2).iter().map(|(_, p)| p).sum();
        assert!((s - 1.0).abs() < 1e-12);
    }
}

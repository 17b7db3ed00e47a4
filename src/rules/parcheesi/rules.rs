//! The four rulesets of the family as one option struct with named presets.
//!
//! Sheets: 002 = PARCHEESI, Winning Moves 2007 (the default); 000 = "Pahrcheesi" from a game
//! compendium; 001 = "Pachesi" from a Pachesi & Snakes & Ladders box; 003 = "Pachisi", a
//! modern interpretation with a die-roll chart. What every sheet shares (entering on fives,
//! moving one or two pawns, at most two of a colour on a space, exact count HOME) is the
//! engine; what differs is here.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// Names one of the four rulesets; the state stores this name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ruleset {
    /// Sheet 002, PARCHEESI by Winning Moves (2007): the default.
    Parcheesi,
    /// Sheet 000, "Pahrcheesi" from the game compendium.
    Pahrcheesi,
    /// Sheet 001, "Pachesi".
    Pachesi,
    /// Sheet 003, "Pachisi", the modern interpretation.
    Pachisi,
}

impl Ruleset {
    /// Every ruleset, the default first.
    pub const ALL: [Ruleset; 4] = [
        Ruleset::Parcheesi,
        Ruleset::Pahrcheesi,
        Ruleset::Pachesi,
        Ruleset::Pachisi,
    ];

    /// Returns the name players choose it by, e.g. `pachesi`.
    pub fn name(self) -> &'static str {
        match self {
            Ruleset::Parcheesi => "parcheesi",
            Ruleset::Pahrcheesi => "pahrcheesi",
            Ruleset::Pachesi => "pachesi",
            Ruleset::Pachisi => "pachisi",
        }
    }

    /// Returns the options this ruleset plays by.
    pub fn rules(self) -> ParcheesiRules {
        match self {
            Ruleset::Parcheesi => ParcheesiRules::winning_moves_2007(),
            Ruleset::Pahrcheesi => ParcheesiRules::pahrcheesi(),
            Ruleset::Pachesi => ParcheesiRules::pachesi(),
            Ruleset::Pachisi => ParcheesiRules::pachisi(),
        }
    }
}

impl fmt::Display for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Ruleset {
    type Err = ();

    fn from_str(s: &str) -> Result<Self, ()> {
        let key = s.trim().to_ascii_lowercase();
        Ruleset::ALL.into_iter().find(|r| r.name() == key).ok_or(())
    }
}

/// What a roll of doubles moves once it earns more than the two faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DoublesParts {
    /// The tops and the bottoms of both dice: four parts that always total 14 (002, 000, 003).
    TopsAndBottoms,
    /// The dice's count four times, "divided by 4, 3 or 2" among pawns (001; our reading of
    /// "the number of spaces indicated on the dice", as in backgammon).
    FourOfDie,
}

/// The rules that differ between the four sheets.
///
/// Readings shared by all four, where the sheets are silent:
/// - Entering uses a die showing 5, or both dice when they total 5; the pawn that enters is
///   the lowest-lettered one in START, and it may use the other die at once.
/// - "Must move whenever possible" means: use as many dice (or doubles parts) as can be used;
///   when only one of two dice can be used, either one may be chosen (no larger-die rule).
///   Winning ends the game at once, so a winning line is always allowed.
/// - Landing on a capturable pawn always captures; capturing is never compulsory in the
///   sense that another legal turn may be chosen (003 says so outright, the others never
///   force a capture). Two colours therefore never share a space in any ruleset.
/// - A blockade may always be broken by choice; "you may be forced to break" (002), "may
///   keep them there as long as they can move another" (001) and "must break if unable to
///   make another move" (003) are read as the must-move rule, not as a ban on breaking.
/// - Bonuses (capture, home) are taken after the dice of the roll, one pawn each, the
///   whole count or not at all, in any order the player likes; a bonus move that captures
///   or reaches HOME earns its own bonus. A bonus that no pawn can take whole is forfeited.
/// - Pawns already HOME count as entered, so "all four entered" means none left in START.
/// - Who starts: every seat rolls two dice, the highest total starts (ties roll again) and
///   then rolls afresh for the first turn; play passes to the left (seat order).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParcheesiRules {
    /// The preset these options come from.
    pub ruleset: Ruleset,
    /// A five that can enter a pawn must (002 "When possible, you must enter a pawn", 000,
    /// 001 "For every five thrown, the player must enter"): as many pawns as possible enter.
    /// Reading: this binds only when a pawn can enter straight away at the throw, so a
    /// blocked ENTER space need not be cleared to enter (000: "if you have two movers on your
    /// ENTER space … you may then use the 5 to move"). 003 only calls entering "advisable".
    pub must_enter: bool,
    /// What doubles move when they earn the bonus parts.
    pub doubles_parts: DoublesParts,
    /// Doubles earn the bonus parts even with pawns still in START (003: from the first
    /// double; the chart enters pawns with the bottoms' fives). Otherwise only once no pawn
    /// waits in START (002, 000, 001), and before that doubles play as two dice.
    pub doubles_parts_with_pawns_in_start: bool,
    /// If not all four parts of the doubles bonus can be taken, no pawn moves (002, 000).
    pub doubles_all_or_nothing: bool,
    /// The third doubles in a row moves nothing and sends the pawn nearest HOME back to
    /// START, even from the home path; the turn ends (002, 000, 003; 001 has no penalty).
    pub third_doubles_penalty: bool,
    /// The 12 blue (002) or star (003) spaces are safe: no capture there, two colours never
    /// share one, except that entering captures an opponent on your own ENTER space.
    /// 000 and 001 name no safety spaces.
    pub safety_spaces: bool,
    /// A blockade stops its own colour's pawns too (002 "any pawn", 001 "regardless of
    /// color", 003 "even those belonging to the player"); under 000 only "other players".
    pub blockade_blocks_own: bool,
    /// The two pawns of a blockade may not advance together to one new space in one roll
    /// (002, 001 "they must be on different spaces at the end of the move").
    pub pair_may_not_advance_together: bool,
    /// Spaces one pawn moves after a capture (002, 000, 003: 20; 001: 10).
    pub capture_bonus: u8,
    /// The capture bonus may be swapped for another roll (001 "may either throw the dice
    /// again or move any one of their playing pieces ten spaces").
    pub capture_bonus_or_roll_again: bool,
    /// Spaces one pawn moves after a pawn reaches HOME (10; 003 has no home bonus: 0).
    pub home_bonus: u8,
}

impl ParcheesiRules {
    /// Returns the Winning Moves 2007 rules (sheet 002), the default.
    pub fn winning_moves_2007() -> Self {
        ParcheesiRules {
            ruleset: Ruleset::Parcheesi,
            must_enter: true,
            doubles_parts: DoublesParts::TopsAndBottoms,
            doubles_parts_with_pawns_in_start: false,
            doubles_all_or_nothing: true,
            third_doubles_penalty: true,
            safety_spaces: true,
            blockade_blocks_own: true,
            pair_may_not_advance_together: true,
            capture_bonus: 20,
            capture_bonus_or_roll_again: false,
            home_bonus: 10,
        }
    }

    /// Returns the compendium's "Pahrcheesi" rules (sheet 000): no safety spaces, blockades
    /// stop only other colours, no rule on a pair advancing together.
    pub fn pahrcheesi() -> Self {
        ParcheesiRules {
            ruleset: Ruleset::Pahrcheesi,
            safety_spaces: false,
            blockade_blocks_own: false,
            pair_may_not_advance_together: false,
            ..Self::winning_moves_2007()
        }
    }

    /// Returns the "Pachesi" rules (sheet 001): doubles move the die's count four times once
    /// all pawns are in play, no third-doubles penalty, no safety spaces, and a capture earns
    /// another roll or 10 spaces.
    pub fn pachesi() -> Self {
        ParcheesiRules {
            ruleset: Ruleset::Pachesi,
            doubles_parts: DoublesParts::FourOfDie,
            doubles_all_or_nothing: false,
            third_doubles_penalty: false,
            safety_spaces: false,
            capture_bonus: 10,
            capture_bonus_or_roll_again: true,
            ..Self::winning_moves_2007()
        }
    }

    /// Returns the modern "Pachisi" rules (sheet 003): entering is not forced, tops and
    /// bottoms from the first doubles (as many parts as can be used), no home bonus and no
    /// rule on a pair advancing together.
    pub fn pachisi() -> Self {
        ParcheesiRules {
            ruleset: Ruleset::Pachisi,
            must_enter: false,
            doubles_parts_with_pawns_in_start: true,
            doubles_all_or_nothing: false,
            pair_may_not_advance_together: false,
            home_bonus: 0,
            ..Self::winning_moves_2007()
        }
    }

    /// Returns the moves a roll gives: the two dice, or four parts for doubles that earn
    /// the bonus (`waiting` = pawns still in START).
    pub fn parts(&self, dice: [u8; 2], waiting: usize) -> Vec<u8> {
        let [a, b] = dice;
        if a != b || (waiting > 0 && !self.doubles_parts_with_pawns_in_start) {
            return vec![a, b];
        }
        match self.doubles_parts {
            DoublesParts::TopsAndBottoms => vec![a, a, 7 - a, 7 - a],
            DoublesParts::FourOfDie => vec![a; 4],
        }
    }
}

/// The rules summary `/rules parcheesi` shows: the shared rules, the notation and how the
/// four rulesets differ.
pub const RULES: &str = "\
**Parcheesi** (2–4 players: Red, Blue, Yellow, Green in seat order). Rulesets: `parcheesi` (Winning Moves 2007, default), `pahrcheesi`, `pachesi`, `pachisi`.
**Turn:** `/roll`, then play the whole roll (`a5 b3`, `a 8` = one pawn both dice, `enter a3`) or part by part (`a5`, then `b3`). Pawns are A–D. Bonuses: `c20`, `b10`, and in pachesi `again` for the extra roll. When nothing is legal the turn passes by itself. Doubles roll again.
**Shared:** enter on a 5 or dice totalling 5 (the lowest letter in START enters); 68-space track, 7-space home path, HOME by exact count; at most two of a colour on a space; two of a colour form a blockade nobody may land on or capture, which blocks entering. Use both dice if you can, else either one. Landing on an opponent captures (never on a home path) and sends it to START.
**parcheesi:** must enter when you can (not if your ENTER space is blocked at the throw); the 12 blue spaces are safe (two colours never share one), but entering captures an opponent on your ENTER space; blockades stop everyone and a pair may not advance together to a new space; doubles with all four entered move tops and bottoms (14) in four parts, all or none; third doubles: your pawn nearest HOME goes back to START; capture bonus 20, home bonus 10, taken after the dice, one pawn, whole or forfeited.
**pahrcheesi:** as parcheesi, but no safety spaces and blockades stop only other colours.
**pachesi:** no safety spaces; doubles with all pawns in play move the die four times; no doubles penalty; capture earns `again` or 10 spaces.
**pachisi:** entering is optional; tops and bottoms from the first doubles, as many parts as fit; star spaces safe; capture bonus 20, no home bonus.
**Readings:** highest opening roll starts; capturing is never forced; a blockade may be broken by choice; bonuses earned by bonuses are taken too.";

//! Snakes & Ladders (sheet 000): 2-4 players race from square 1 to 100 on a 10×10 board.
//!
//! A turn is one roll and nothing else: the token moves the dice's total, climbs a ladder
//! from its foot or slides down a snake from its head, and play passes on (no extra turns,
//! "each player has only one turn at a time"). Before the race each player throws one die
//! and the highest starts; players tied for the highest throw again.
//!
//! Readings where the sheet is silent, said the same way in `/rules`:
//! - **Occupied squares.** A move may not end on a square another player holds: neither the
//!   square the dice count to nor, where that square is a ladder's foot or a snake's head,
//!   the square the ladder or snake leads to. Either way the token stays where the move
//!   began and the turn is lost. The start square is shared by everyone who has not moved
//!   yet, and 100 is never held (reaching it ends the game).
//! - **Square 99 with two dice.** Two dice never total 1, so under the sheet's `two-dice`
//!   rule a token on 99 could never finish; there it throws one die instead (only a 1
//!   wins). In `two-dice-95` the player on 95-99 chooses (`/move one die` before `/roll`).
//! - **The start.** Everyone starts on square 1 (sheet 000); a token starting on a ladder's
//!   foot (the classic board's 1 → 38) has not landed on it and does not climb. The `start-0`
//!   option starts everyone off the board as the classic game does (rolling a 1 then lands
//!   on 1 and climbs), which is the setting of the published expected game lengths.

mod board;
mod contract;
pub mod markov;
mod record;

use serde::{Deserialize, Serialize};

pub use board::{DiceRule, GOAL, Layout, cell_of, square_at, totals};

use super::{
    Dice, Info, Outcome, ParseError, PlayError, RecordFormat, Rules, Seat, SetupError, Turn,
    WinReason, shown,
};

/// The colours in seat order.
pub const COLOURS: [&str; 4] = ["Red", "Blue", "Yellow", "Green"];

/// A ruleset: the dice, the board and where the tokens start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SnakesRules {
    pub dice: DiceRule,
    pub layout: Layout,
    /// 1 per sheet 000, or 0 for the classic off-board start.
    pub start: u8,
}

impl Default for SnakesRules {
    fn default() -> Self {
        SnakesRules {
            dice: DiceRule::TwoDice,
            layout: Layout::Classic,
            start: 1,
        }
    }
}

impl SnakesRules {
    /// Reads a ruleset name: a dice rule (`two-dice`, `one-die`, `two-dice-95`), then any of
    /// a layout (`classic`, `classic-48`, `rosetta`) and `start-0` / `start-1`, joined by `+`
    /// (or `:`, `/`, `,`), in any order after the first. Returns `None` for anything else.
    pub fn from_name(name: &str) -> Option<SnakesRules> {
        let lower = name.trim().to_ascii_lowercase();
        let mut parts = lower.split(['+', ':', '/', ',']).map(str::trim);
        let mut rules = SnakesRules {
            dice: DiceRule::from_name(parts.next()?)?,
            ..SnakesRules::default()
        };
        let (mut layout, mut start) = (false, false);
        for part in parts {
            if let Some(l) = Layout::from_name(part).filter(|_| !layout) {
                rules.layout = l;
                layout = true;
            } else if !start && (part == "start-0" || part == "start-1") {
                rules.start = u8::from(part == "start-1");
                start = true;
            } else {
                return None;
            }
        }
        Some(rules)
    }

    /// The canonical name, e.g. `one-die+classic-48+start-0` (defaults left out).
    pub fn name(&self) -> String {
        let mut name = self.dice.name().to_string();
        if self.layout != Layout::Classic {
            name.push('+');
            name.push_str(self.layout.name());
        }
        if self.start == 0 {
            name.push_str("+start-0");
        }
        name
    }
}

/// What the latest race roll did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    /// Moved to an ordinary square.
    Moved,
    /// Landed on a ladder's foot and climbed.
    Climbed,
    /// Landed on a snake's head and slid down.
    Slid,
    /// The total went past 100: no move.
    TooHigh,
    /// The move would have ended on the square `by` holds: back where it began.
    Blocked { by: Seat },
}

/// The latest race roll, for the reply and the picture.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Last {
    pub seat: Seat,
    pub dice: Vec<u8>,
    /// Where the move began.
    pub from: u8,
    /// The square the dice counted to (may be past 100 when too high).
    pub landed: u8,
    /// Where the token ended.
    pub to: u8,
    pub step: Step,
}

/// Where the game stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// Seats throw one die each for who starts; `thrown[i]` is what `contenders[i]` threw
    /// this round.
    Opening {
        contenders: Vec<Seat>,
        thrown: Vec<u8>,
    },
    /// `seat` must roll.
    Roll { seat: Seat },
    /// The game has ended.
    Over { outcome: Outcome },
}

/// A completed round of the ordering throw: who threw what.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    pub contenders: Vec<Seat>,
    pub thrown: Vec<u8>,
}

/// A game of Snakes & Ladders.
///
/// Built only through [`SnakesGame::new`], [`SnakesGame::solo`] or deserialization, which
/// validates every field against the others.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "record::Record", into = "record::Record")]
pub struct SnakesGame {
    rules: SnakesRules,
    /// Each seat's square (the start square before its first move).
    squares: Vec<u8>,
    resigned: Vec<bool>,
    phase: Phase,
    /// The player to roll chose one die (`two-dice-95`, on 95 or above).
    one_die: bool,
    /// The latest race roll.
    last: Option<Last>,
    /// The latest completed round of the ordering throw, until the race's first roll.
    round: Option<Round>,
    /// Race rolls so far, every seat's.
    rolls: u32,
}

/// One move: the only choice in the game, made before rolling.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SnakesMove {
    /// Throw one die instead of two (`two-dice-95`, on 95 or above).
    OneDie,
}

const RULES_TEXT: &str = "**Snakes & Ladders** (sheet 000), 2-4 players. Everyone starts on square 1. \
First each player throws one die with `/roll`; the highest starts (ties throw again), then play goes round in seat order.\n\
• A turn is `/roll`: move the dice's total. Land on a ladder's foot: climb it. Land on a snake's head: slide down. Other squares a ladder or snake crosses are ordinary.\n\
• **Occupied squares:** you may not end a move on another player's square: neither the square you count to nor the top of the ladder or tail of the snake it leads to. You go back to where you began and lose the turn. Square 1 is shared at the start.\n\
• **Exactly 100 wins;** a total that goes past 100 loses the turn. One roll per turn, doubles or not.\n\
Rulesets: `two-dice` (the sheet): two dice; **on 99 you throw one die** (two dice never make 1, so 99 could never win). \
`one-die`: one die throughout. `two-dice-95`: two dice, but on 95 or above you may throw one: `/move one die`, then `/roll`.\n\
Options, joined with `+`: boards `classic` (Milton Bradley, chute 47→26, the default), `classic-48` (chute 48→26), `rosetta`; `start-0` starts off the board (roll a 1 to land on 1). Example: `one-die+classic-48+start-0`.";

impl SnakesGame {
    /// Starts a game for `seats` players (1-4; one player is for simulations only and skips
    /// the ordering throw).
    pub fn with_rules(rules: SnakesRules, seats: usize) -> SnakesGame {
        let seats = seats.clamp(1, 4);
        let phase = if seats == 1 {
            Phase::Roll { seat: 0 }
        } else {
            Phase::Opening {
                contenders: (0..seats).collect(),
                thrown: Vec::new(),
            }
        };
        SnakesGame {
            rules,
            squares: vec![rules.start; seats],
            resigned: vec![false; seats],
            phase,
            one_die: false,
            last: None,
            round: None,
            rolls: 0,
        }
    }

    /// A one-player race for simulations and the Markov check (no ordering throw, nobody to
    /// block): the same rolls through the same code as a table game.
    pub fn solo(rules: SnakesRules) -> SnakesGame {
        SnakesGame::with_rules(rules, 1)
    }

    pub fn rules(&self) -> SnakesRules {
        self.rules
    }

    /// Each seat's square.
    pub fn squares(&self) -> &[u8] {
        &self.squares
    }

    pub fn resigned(&self) -> &[bool] {
        &self.resigned
    }

    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    pub fn last(&self) -> Option<&Last> {
        self.last.as_ref()
    }

    /// The latest completed round of the ordering throw, until the race's first roll.
    pub fn round(&self) -> Option<&Round> {
        self.round.as_ref()
    }

    /// Race rolls so far, every seat's.
    pub fn rolls(&self) -> u32 {
        self.rolls
    }

    /// Whether the player to roll chose one die.
    pub fn one_die(&self) -> bool {
        self.one_die
    }

    /// Whether `seat` plays and has not resigned.
    fn active(&self, seat: Seat) -> bool {
        seat < self.squares.len() && !self.resigned[seat]
    }

    fn active_seats(&self) -> Vec<Seat> {
        (0..self.squares.len())
            .filter(|&s| self.active(s))
            .collect()
    }

    /// The next active seat after `seat`, in seating order.
    fn next_seat(&self, seat: Seat) -> Seat {
        let n = self.squares.len();
        (1..=n)
            .map(|k| (seat + k) % n)
            .find(|&s| self.active(s))
            .unwrap_or(seat)
    }

    /// Another active player holding `square`, other than `seat` (the start square and 100
    /// are never held).
    pub fn holder(&self, seat: Seat, square: u8) -> Option<Seat> {
        if square == self.rules.start || square >= GOAL {
            return None;
        }
        (0..self.squares.len()).find(|&s| s != seat && self.active(s) && self.squares[s] == square)
    }

    /// What a throw of `total` does for `seat` from its square now.
    pub fn outcome_of(&self, seat: Seat, total: u8) -> (u8, u8, Step) {
        let from = self.squares[seat];
        let landed = from.saturating_add(total);
        if landed > GOAL {
            return (landed, from, Step::TooHigh);
        }
        let to = self.rules.layout.jump(landed);
        if let Some(by) = self.holder(seat, landed).or_else(|| self.holder(seat, to)) {
            return (landed, from, Step::Blocked { by });
        }
        let step = match to.cmp(&landed) {
            std::cmp::Ordering::Greater => Step::Climbed,
            std::cmp::Ordering::Less => Step::Slid,
            std::cmp::Ordering::Equal => Step::Moved,
        };
        (landed, to, step)
    }

    /// How many dice the seat to roll throws now.
    fn dice_count(&self) -> u8 {
        match &self.phase {
            Phase::Opening { .. } => 1,
            Phase::Roll { seat } => self.rules.dice.count(self.squares[*seat], self.one_die),
            Phase::Over { .. } => self.rules.dice.count(0, false),
        }
    }

    /// Resolves a finished ordering round: the single highest starts; those tied for the
    /// highest throw again.
    fn resolve_opening(&mut self, contenders: Vec<Seat>, thrown: Vec<u8>) {
        let best = thrown.iter().copied().max().unwrap_or(0);
        let tied: Vec<Seat> = contenders
            .iter()
            .zip(&thrown)
            .filter(|(s, t)| **t == best && self.active(**s))
            .map(|(s, _)| *s)
            .collect();
        self.round = Some(Round { contenders, thrown });
        self.phase = match tied.as_slice() {
            [seat] => Phase::Roll { seat: *seat },
            [] => Phase::Roll {
                seat: self.active_seats().first().copied().unwrap_or(0),
            },
            _ => Phase::Opening {
                contenders: tied,
                thrown: Vec::new(),
            },
        };
    }

    /// Describes a race throw from the current position in words, e.g. `27 → 33, up the
    /// ladder to 44`.
    pub fn describe(&self, seat: Seat, total: u8) -> String {
        let (landed, to, step) = self.outcome_of(seat, total);
        let from = self.squares[seat];
        let start = if from == 0 {
            "start".to_string()
        } else {
            from.to_string()
        };
        match step {
            Step::TooHigh => format!("{start} + {total} goes past 100: no move, turn lost"),
            Step::Blocked { by } => {
                let whose = COLOURS[by];
                if self.holder(seat, landed) == Some(by) {
                    format!("{start} → {landed} is {whose}'s square: back to {start}, turn lost")
                } else {
                    let target = self.rules.layout.jump(landed);
                    let what = if target > landed { "ladder" } else { "snake" };
                    format!(
                        "{start} → {landed}, but the {what} leads to {target}, {whose}'s square: back to {start}, turn lost"
                    )
                }
            }
            Step::Climbed if to == GOAL => {
                format!(
                    "{start} → {landed}, up the ladder to 100: {} wins",
                    COLOURS[seat]
                )
            }
            Step::Climbed => format!("{start} → {landed}, up the ladder to {to}"),
            Step::Slid => format!("{start} → {landed}, down the snake to {to}"),
            Step::Moved if to == GOAL => format!("{start} → 100: {} wins", COLOURS[seat]),
            Step::Moved => format!("{start} → {to}"),
        }
    }

    /// Who plays the ordering throw's winner, the start of the race, in words.
    fn opening_words(&self) -> Option<String> {
        let round = self.round.as_ref()?;
        let throws: Vec<String> = round
            .contenders
            .iter()
            .zip(&round.thrown)
            .map(|(s, t)| format!("{} {t}", COLOURS[*s]))
            .collect();
        let after = match &self.phase {
            Phase::Opening { contenders, .. } => {
                let names: Vec<&str> = contenders.iter().map(|s| COLOURS[*s]).collect();
                format!("a tie: {} throw again", names.join(" and "))
            }
            Phase::Roll { seat } => format!("{} starts", COLOURS[*seat]),
            Phase::Over { .. } => return None,
        };
        Some(format!("For who starts: {}; {after}", throws.join(", ")))
    }
}

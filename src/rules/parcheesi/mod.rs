//! The Parcheesi family (Parcheesi, Pahrcheesi, Pachesi, Pachisi): one engine, four rulesets.
//!
//! Dice arrive as inputs. A turn is: roll, then play the roll's parts (whole or part by
//! part), then its bonuses; doubles roll again. Whatever happens by itself (a forced pass, a
//! forfeited bonus, the third-doubles penalty, who starts) is told in [`ParcheesiGame::notice`].

mod board;
mod contract;
mod flow;
mod moves;
mod notation;
mod part;
mod reason;
mod record;
mod roll;
mod rules;

use serde::{Deserialize, Serialize};

pub use board::{
    ENTER, HOME, HOME_PATH, Place, START, TRACK, TURN_OFF, entry_space, is_safety, track_space,
    turn_off_space,
};
pub use moves::{Part, pawn_letter};
pub use notation::{ParcheesiMove, ParseError};
pub use record::LoadError;
pub use rules::{DoublesParts, ParcheesiRules, RULES, Ruleset};

use super::{
    Alias, Dice, Info, Outcome, ParseError as SharedParseError, PlayError, RecordFormat, Rules,
    Seat, SetupError, Turn, WinReason,
};
use moves::{Ctx, Node, Search};

/// The colours in seat order; seat `i` plays colour `i` and enters on track space `17 i`.
pub const COLOURS: [&str; 4] = ["Red", "Blue", "Yellow", "Green"];

/// How many whole-turn options a reply lists in full.
pub const MENU: usize = 25;

/// A game of the Parcheesi family: the rules, every pawn, and where the turn stands.
///
/// Built only through [`ParcheesiGame::new`], [`ParcheesiGame::from_setup`] or
/// deserialization, each of which validates the position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "record::Record", into = "record::Record")]
pub struct ParcheesiGame {
    rules: ParcheesiRules,
    /// Progress of each seat's pawns A–D (see [`Place`]).
    pawns: Vec<[u8; 4]>,
    /// Seats that resigned; their pawns leave the board at once, or when the roll being
    /// played by another seat is over.
    resigned: Vec<bool>,
    phase: Phase,
    notice: Option<String>,
    /// The latest dice thrown and who threw them (kept for pictures).
    thrown: Option<(Seat, [u8; 2])>,
    /// Every seat's pawns before the latest roll's moves (or the doubles penalty).
    before: Option<Vec<[u8; 4]>>,
}

/// A pawn the latest roll moved (or sent back to START), for pictures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Moved {
    pub seat: Seat,
    /// The pawn, 0–3 (A–D).
    pub pawn: u8,
    pub from: Place,
    pub to: Place,
}

/// A whole-turn option and the position it leaves (see [`ParcheesiGame::endings`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    pub r#move: ParcheesiMove,
    /// Every seat's pawns once the option is played.
    pub pawns: Vec<[u8; 4]>,
    /// Extra rolls taken instead of a capture bonus during this roll (pachesi).
    pub again: u8,
}

/// Where the turn stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// Seats roll for who starts; `totals[i]` is what `contenders[i]` threw this round.
    Opening {
        contenders: Vec<Seat>,
        totals: Vec<u8>,
    },
    /// `seat` must roll; `doubles` counts its doubles in a row this turn, `extra` the
    /// further rolls it has earned beyond this one.
    Roll { seat: Seat, doubles: u8, extra: u8 },
    /// `seat` is playing `roll`.
    Move {
        seat: Seat,
        doubles: u8,
        extra: u8,
        roll: RollState,
    },
    /// The game has ended.
    Over { outcome: Outcome },
}

/// A roll being played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RollState {
    /// The two dice as thrown.
    pub dice: [u8; 2],
    /// What the roll gives to move: the two dice, or four doubles parts.
    pub parts: Vec<u8>,
    /// Parts not yet played, largest first.
    pub left: Vec<u8>,
    /// The mover's pawns in START when the dice were thrown.
    pub waiting: u8,
    /// All four doubles parts or none.
    pub all_or_nothing: bool,
    /// Entering is compulsory this roll: the rules say so and a pawn could enter at once
    /// (000: with two movers on the ENTER space "you may then use the 5 to move").
    pub must_enter: bool,
    /// Blockade pairs at the throw: pawn, pawn, the progress they shared.
    pub pairs: Vec<[u8; 3]>,
    /// Capture bonuses earned and not yet taken.
    pub capture: u8,
    /// Home bonuses earned and not yet taken.
    pub home: u8,
    /// Extra rolls taken instead of a capture bonus.
    pub again: u8,
    /// The dice are done; only bonuses remain.
    pub bonus_phase: bool,
    /// Parts played so far, in order.
    pub played: Vec<Part>,
}

/// An unchecked position for tests and tools: pawns by seat, whose turn, and the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub ruleset: Ruleset,
    /// Progress of each seat's pawns (0 START, 1 ENTER, 64 turn-off, 65–71 home path, 72 HOME).
    pub pawns: Vec<[u8; 4]>,
    /// The seat to roll.
    pub to_roll: Seat,
    /// Doubles already rolled in a row this turn.
    pub doubles: u8,
}

impl ParcheesiGame {
    /// Starts a game for 2–4 players, all pawns in START, with the opening roll for who starts.
    ///
    /// # Errors
    /// Fails when the number of players is not 2 to 4.
    pub fn new(ruleset: Ruleset, players: usize) -> Result<Self, LoadError> {
        if !(2..=4).contains(&players) {
            return Err(LoadError::Players(players));
        }
        Ok(ParcheesiGame {
            rules: ruleset.rules(),
            pawns: vec![[board::START; 4]; players],
            resigned: vec![false; players],
            phase: Phase::Opening {
                contenders: (0..players).collect(),
                totals: Vec::new(),
            },
            notice: None,
            thrown: None,
            before: None,
        })
    }

    /// Builds a game from a constructed position, `to_roll` about to roll.
    ///
    /// # Errors
    /// Fails when the position breaks the rules (three on a space, two colours on a space…).
    pub fn from_setup(setup: &Setup) -> Result<Self, LoadError> {
        let players = setup.pawns.len();
        let mut game = ParcheesiGame::new(setup.ruleset, players)?;
        game.pawns = setup.pawns.clone();
        game.phase = Phase::Roll {
            seat: setup.to_roll,
            doubles: setup.doubles,
            extra: 0,
        };
        game.validate()?;
        Ok(game)
    }

    /// Returns the options this game plays by.
    pub fn rules(&self) -> &ParcheesiRules {
        &self.rules
    }

    /// Returns the ruleset's name.
    pub fn ruleset(&self) -> Ruleset {
        self.rules.ruleset
    }

    /// Returns the number of seats.
    pub fn players(&self) -> usize {
        self.pawns.len()
    }

    /// Returns the progress numbers of a seat's pawns A–D (0 START … 72 HOME).
    pub fn progress(&self, seat: Seat) -> Option<[u8; 4]> {
        self.pawns.get(seat).copied()
    }

    /// Returns where a seat's pawns A–D stand.
    pub fn places(&self, seat: Seat) -> Option<[Place; 4]> {
        let set = self.pawns.get(seat)?;
        Some(set.map(|p| board::place(seat, p)))
    }

    /// Tells whether the seat resigned (its pawns left the board).
    pub fn has_resigned(&self, seat: Seat) -> bool {
        self.resigned.get(seat).copied().unwrap_or(false)
    }

    /// Returns where the turn stands.
    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    /// Returns the roll being played, if any.
    pub fn roll_state(&self) -> Option<&RollState> {
        match &self.phase {
            Phase::Move { roll, .. } => Some(roll),
            _ => None,
        }
    }

    /// Returns the latest dice thrown (opening rolls included) and the seat that threw them.
    pub fn last_throw(&self) -> Option<(Seat, [u8; 2])> {
        self.thrown
    }

    /// Returns the pawns the latest roll moved, so far, with where they came from: the
    /// mover's, and any it captured; or the pawn the third-doubles penalty sent back.
    pub fn last_moves(&self) -> Vec<Moved> {
        let Some(before) = &self.before else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for (seat, (was, now)) in before.iter().zip(&self.pawns).enumerate() {
            for pawn in 0..4 {
                if was[pawn] != now[pawn] {
                    out.push(Moved {
                        seat,
                        pawn: pawn as u8,
                        from: board::place(seat, was[pawn]),
                        to: board::place(seat, now[pawn]),
                    });
                }
            }
        }
        out
    }

    /// Returns how the game ended, or `None` while it goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        match self.phase {
            Phase::Over { outcome } => Some(outcome),
            _ => None,
        }
    }

    /// Returns the distinct parts that may be played next (e.g. `enter`, `a6`, `c20`).
    pub fn next_parts(&self) -> Vec<Part> {
        self.with_search(|search, node| {
            let mut parts: Vec<Part> = Vec::new();
            for (part, _) in search.legal_next(node) {
                if !parts.contains(&part) {
                    parts.push(part);
                }
            }
            parts
        })
        .unwrap_or_default()
    }

    /// Returns the legal whole-turn options for the rest of the current roll, one per
    /// distinct result; empty when a roll is due or the game is over.
    fn options(&self) -> Vec<ParcheesiMove> {
        self.with_search(|search, node| {
            search
                .options(node)
                .into_iter()
                .map(|(parts, _)| ParcheesiMove(parts))
                .collect()
        })
        .unwrap_or_default()
    }

    /// Returns each legal whole-turn option (as [`Rules::legal`] lists them) with where it
    /// leaves every seat's pawns and how many extra rolls it took instead of a capture
    /// bonus; for the bots, which score the endings without replaying each option.
    pub fn endings(&self) -> Vec<Ending> {
        self.with_search(|search, node| {
            search
                .options(node)
                .into_iter()
                .map(|(parts, end)| Ending {
                    r#move: ParcheesiMove(parts),
                    pawns: end.pawns[..self.pawns.len()].to_vec(),
                    again: end.again,
                })
                .collect()
        })
        .unwrap_or_default()
    }

    /// Runs `f` with a search over the current roll, if a roll is being played.
    fn with_search<T>(&self, f: impl FnOnce(&mut Search, &Node) -> T) -> Option<T> {
        let Phase::Move { seat, roll, .. } = &self.phase else {
            return None;
        };
        let node = self.node(roll);
        let mut search = Search::new(self.ctx(*seat, roll));
        Some(f(&mut search, &node))
    }

    fn ctx<'a>(&'a self, seat: Seat, roll: &'a RollState) -> Ctx<'a> {
        Ctx {
            rules: &self.rules,
            seat,
            players: self.pawns.len(),
            parts_total: roll.parts.len() as u8,
            waiting: roll.waiting,
            all_or_nothing: roll.all_or_nothing,
            must_enter: roll.must_enter,
            pairs: &roll.pairs,
        }
    }

    fn node(&self, roll: &RollState) -> Node {
        roll::node_at(&self.pawns, roll)
    }

    /// Returns the seat's colour name.
    pub fn colour(seat: Seat) -> &'static str {
        COLOURS.get(seat).copied().unwrap_or("?")
    }
}

/// Writes dice values for messages: `6 and 3`, `6, 6, 1 and 1`.
fn join_values(values: &[u8]) -> String {
    let words: Vec<String> = values.iter().map(u8::to_string).collect();
    match words.split_last() {
        None => "nothing".to_string(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

//! The contract every game signs: the [`Rules`] trait, and the small types it speaks in.
//!
//! A game is a value that knows whose turn it is, reads and writes its own notation, lists
//! and applies legal moves, takes dice as inputs, and says how it ended. The table, the
//! renderer, the console and the engine see games only through this trait (by way of the
//! [`Game`](super::Game) enum), so adding a game never means teaching them its details.

use std::fmt::Debug;
use std::hash::Hash;

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::error::{LoadError, PlayError, SetupError};
use super::notation::ParseError;
use super::{Action, Outcome, Seat};

/// What the table waits for next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// This seat must choose a move.
    Move(Seat),
    /// This seat must roll the dice before moving (some games allow a move first, such as
    /// offering backgammon's doubling cube: [`Rules::legal`] lists it).
    Roll(Seat),
    /// The game has ended.
    Over(Outcome),
}

/// The dice a game throws on `/roll`: how many, and how many faces each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dice {
    pub count: u8,
    pub faces: u8,
}

impl Dice {
    /// Two ordinary six-sided dice.
    pub const TWO_D6: Dice = Dice { count: 2, faces: 6 };
}

/// What a player does about a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawAction {
    /// Offers a draw (or, if the opponent has offered one, accepts it).
    Offer,
    /// Accepts the opponent's standing offer.
    Accept,
    /// Declines the opponent's offer, or withdraws one's own.
    Decline,
    /// Claims a draw the rules allow the player to claim (e.g. threefold repetition).
    Claim,
}

/// A game's entry in the registry: everything tabula says about a game before one exists.
#[derive(Debug, PartialEq, Eq)]
pub struct Info {
    /// The short name players type, e.g. `chess`.
    pub name: &'static str,
    /// The name shown in titles, e.g. `Chess`.
    pub title: &'static str,
    /// Rulesets that are games in their own right, offered by their own names (`pachisi`).
    pub aliases: &'static [Alias],
    /// The rulesets `/play` offers; the first is the default.
    pub rulesets: &'static [&'static str],
    /// What else [`Rules::new`] accepts beyond [`rulesets`](Self::rulesets), said in words
    /// (e.g. `match:N for any N up to 25`), if anything.
    pub more_rulesets: Option<&'static str>,
    /// The fewest and most players a table seats.
    pub seats: (usize, usize),
    /// The name of each seat in seating order, e.g. `White`, `Black`.
    pub seat_names: &'static [&'static str],
    /// The rules summary `/rules` shows (Discord markdown, under 2,000 characters).
    pub rules: &'static str,
    /// The file formats `/export` writes the game's record in, one file each, the main one
    /// first.
    pub records: &'static [RecordFormat],
}

/// The file format a game's record is exported in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordFormat {
    /// Portable Game Notation (chess): the seven-tag roster, then numbered moves, seat 0
    /// (White) first.
    Pgn,
    /// Portable Draughts Notation (checkers): PGN's shape with `GameType "21"`, seat 0 (Black)
    /// first and results written `2-0`, `0-2`, `1-1`.
    Pdn,
    /// A numbered list of every logged action in the game's own notation, with the game's
    /// position string after each move where it has one (backgammon's GNU Backgammon IDs).
    MoveList,
    /// A match file in a format of the game's own, written by [`Rules::match_file`]
    /// (backgammon: the Jellyfish `.mat` that GNU Backgammon imports).
    Mat,
}

impl RecordFormat {
    /// Returns the file extension, e.g. `pgn`.
    pub fn extension(self) -> &'static str {
        match self {
            RecordFormat::Pgn => "pgn",
            RecordFormat::Pdn => "pdn",
            RecordFormat::MoveList => "txt",
            RecordFormat::Mat => "mat",
        }
    }

    /// Returns what the format is called where a page offers it, e.g. `PGN`.
    pub fn title(self) -> &'static str {
        match self {
            RecordFormat::Pgn => "PGN",
            RecordFormat::Pdn => "PDN",
            RecordFormat::MoveList => "move list",
            RecordFormat::Mat => "Jellyfish .mat, for GNU Backgammon",
        }
    }
}

/// What a record file says about a game besides its moves.
#[derive(Clone, Copy, Debug)]
pub struct RecordHead<'a> {
    /// What the game was, e.g. `tabula game #12`.
    pub event: &'a str,
    /// The day it started, as `2026.11.27` (UTC).
    pub date: &'a str,
    /// Each seat's player, as the record names them.
    pub names: &'a [String],
}

/// A ruleset that is offered as a game of its own, e.g. `pachisi` for Parcheesi's `pachisi`.
#[derive(Debug, PartialEq, Eq)]
pub struct Alias {
    pub name: &'static str,
    pub title: &'static str,
    pub ruleset: &'static str,
}

/// The rules of one game: a position that knows its own turn, moves, notation and outcome.
///
/// Values are immutable: every action returns the next game, and on error the caller still
/// holds the game exactly as it was. A value is always a legal game: constructors and
/// deserialization validate (as shakmaty's unchecked `Setup` becomes a `Chess` only through a
/// validating constructor: a stored or typed position is checked once, then trusted). Dice are
/// inputs; nothing here rolls or does I/O.
pub trait Rules:
    Clone + Debug + PartialEq + Eq + Serialize + DeserializeOwned + Send + Sync
{
    /// One move of this game, free of any position so it can be stored and compared.
    type Move: Clone + Debug + PartialEq + Eq + Hash + Serialize + DeserializeOwned;

    /// The game's registry entry.
    const INFO: Info;

    /// Starts a game under the named ruleset for `seats` players (already checked against
    /// [`Info::seats`]).
    ///
    /// # Errors
    /// Fails when the ruleset is not one of this game's.
    fn new(ruleset: &str, seats: usize) -> Result<Self, SetupError>;

    /// Returns what the game waits for next.
    fn turn(&self) -> Turn;

    /// Returns the dice thrown when a roll is due, or `None` in a game without dice.
    fn dice(&self) -> Option<Dice> {
        None
    }

    /// Reads text typed by `seat` as a move, leniently, in the game's notation.
    ///
    /// # Errors
    /// Says whether the text is unreadable, illegal here (and why), or ambiguous.
    fn parse(&self, seat: Seat, text: &str) -> Result<Self::Move, ParseError>;

    /// Writes a legal move of the current position in the game's notation.
    fn format(&self, m: &Self::Move) -> String;

    /// Returns every legal move of `seat` now: empty unless it is the seat's turn (before a
    /// roll only the moves a game allows before rolling, if any).
    fn legal(&self, seat: Seat) -> Vec<Self::Move>;

    /// Plays a move for `seat`.
    ///
    /// # Errors
    /// Fails when it is not the seat's turn, the game is over, or the move is not legal.
    fn apply(&self, seat: Seat, m: &Self::Move) -> Result<Self, PlayError>;

    /// Records the dice thrown for `seat` (each from 1 to the dice's faces).
    ///
    /// # Errors
    /// Fails when no roll is due from the seat or the dice do not fit [`Rules::dice`].
    fn roll(&self, seat: Seat, dice: &[u8]) -> Result<Self, PlayError> {
        let _ = (seat, dice);
        Err(PlayError::NoDice)
    }

    /// Ends the game (or the seat's part in it) with `seat` giving up.
    ///
    /// # Errors
    /// Fails when the game is over or the seat does not play.
    fn resign(&self, seat: Seat) -> Result<Self, PlayError>;

    /// Offers, accepts, declines or claims a draw for `seat`.
    ///
    /// # Errors
    /// Fails when the game has no draws, or there is no offer to answer or draw to claim.
    fn draw(&self, seat: Seat, action: DrawAction) -> Result<Self, PlayError> {
        let _ = (seat, action);
        Err(PlayError::NoDraws(Self::INFO.title))
    }

    /// Returns the seat with a standing draw offer, if any.
    fn draw_offer(&self) -> Option<Seat> {
        None
    }

    /// Returns whether `seat` may claim a draw now.
    fn may_claim_draw(&self, seat: Seat) -> bool {
        let _ = seat;
        false
    }

    /// Says why the game ended, in words that complete "wins by …" or "drawn by …" (e.g.
    /// `checkmate`, `a gammon`). A game words its own endings; the default words only those
    /// the contract makes (resignation, agreement) and names others by their stored names.
    fn describe(&self, outcome: Outcome) -> String {
        outcome.plain_words()
    }

    /// Returns what happened by itself at the last action (a forced pass, a penalty...).
    fn notice(&self) -> Option<String> {
        None
    }

    /// Describes dice about to be recorded for the seat whose roll is due, where the game
    /// reads them its own way (backgammon's opening roll throws one die for each side).
    fn roll_words(&self, dice: &[u8]) -> Option<String> {
        let _ = dice;
        None
    }

    /// Returns the moves to offer `seat` in a select menu now (at most `max`), or `None` when
    /// the game offers no menu here. By default a game with dice offers one after every roll
    /// while its moves fit; a game without dice offers none.
    fn menu(&self, seat: Seat, max: usize) -> Option<Vec<String>> {
        self.dice()?;
        let moves = self.legal(seat);
        (!moves.is_empty() && moves.len() <= max)
            .then(|| moves.iter().map(|m| self.format(m)).collect())
    }

    /// Returns a one-line list of the options after a roll, where the game has one.
    fn options_summary(&self, seat: Seat) -> Option<String> {
        let _ = seat;
        None
    }

    /// Returns up to `limit` legal moves of `seat` in notation, as examples for players.
    fn examples(&self, seat: Seat, limit: usize) -> Vec<String> {
        self.legal(seat)
            .iter()
            .take(limit)
            .map(|m| self.format(m))
            .collect()
    }

    /// Returns the game's standard position string (FEN, a gnubg position ID...), if it has one.
    fn position(&self) -> Option<String> {
        None
    }

    /// Counts the leaf positions `depth` plies ahead as published perft tables do (the move
    /// tree only: a position drawn by rule is still searched), if the game has such a count;
    /// `None` lets [`Game::perft`](super::Game::perft) walk the contract instead.
    fn perft(&self, depth: u32) -> Option<u64> {
        let _ = depth;
        None
    }

    /// Writes the record of the game played from `self` (its start) through `log` as a match
    /// file of the game's own format ([`RecordFormat::Mat`]), or `None` when it has none.
    ///
    /// # Errors
    /// Fails when a logged action does not apply in turn.
    fn match_file(
        &self,
        head: &RecordHead<'_>,
        log: &[Action],
    ) -> Result<Option<String>, PlayError> {
        let _ = (head, log);
        Ok(None)
    }

    /// Starts a game from a position string such as [`Rules::position`] writes.
    ///
    /// # Errors
    /// Fails when the game has no position strings or the text is not a legal position.
    fn from_position(text: &str) -> Result<Self, LoadError> {
        let _ = text;
        Err(LoadError::NoPositionString(Self::INFO.title))
    }
}

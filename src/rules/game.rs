//! Any game, seen through the contract: [`Game`] forwards every method to the game inside in
//! one line, and [`Action`] is what the log records.

use serde::{Deserialize, Serialize};

use super::contract::{Dice, DrawAction, RecordHead, Rules, Turn};
use super::error::{LoadError, PlayError, SetupError};
use super::notation::ParseError;
use super::{Game, GameKind, Move, Outcome, Seat};

/// One entry of a game's log: everything that changes a game goes through an action.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum Action {
    /// The seat plays a move.
    Play { seat: Seat, r#move: Move },
    /// The dice came up with these values for the seat to roll.
    Roll { seat: Seat, dice: Vec<u8> },
    /// The seat gives up.
    Resign { seat: Seat },
    /// The seat offers a draw (or accepts a standing offer from the opponent).
    OfferDraw { seat: Seat },
    /// The seat accepts the opponent's draw offer.
    AcceptDraw { seat: Seat },
    /// The seat declines or withdraws the standing draw offer.
    DeclineDraw { seat: Seat },
    /// The seat claims a draw the rules let it claim.
    ClaimDraw { seat: Seat },
}

/// A game the registry knows: how to put it and its moves into the shared enums.
pub(super) trait Registered: Rules {
    fn wrap(self) -> Game;
    fn wrap_move(m: Self::Move) -> Move;
    fn unwrap_move(m: &Move) -> Option<&Self::Move>;
}

/// The contract with moves as the shared [`Move`], so any game can be lent out as one type.
pub(super) trait Dispatch {
    fn turn(&self) -> Turn;
    fn dice(&self) -> Option<Dice>;
    fn parse(&self, seat: Seat, text: &str) -> Result<Move, ParseError>;
    fn format(&self, m: &Move) -> String;
    fn legal(&self, seat: Seat) -> Vec<Move>;
    fn apply(&self, action: &Action) -> Result<Game, PlayError>;
    fn draw_offer(&self) -> Option<Seat>;
    fn may_claim_draw(&self, seat: Seat) -> bool;
    fn notice(&self) -> Option<String>;
    fn describe(&self, outcome: Outcome) -> String;
    fn roll_words(&self, dice: &[u8]) -> Option<String>;
    fn menu(&self, seat: Seat, max: usize) -> Option<Vec<String>>;
    fn options_summary(&self, seat: Seat) -> Option<String>;
    fn examples(&self, seat: Seat, limit: usize) -> Vec<String>;
    fn position(&self) -> Option<String>;
    fn match_file(
        &self,
        head: &RecordHead<'_>,
        log: &[Action],
    ) -> Result<Option<String>, PlayError>;
    fn perft(&self, depth: u32) -> Option<u64>;
}

impl<T: Registered> Dispatch for T {
    fn turn(&self) -> Turn {
        Rules::turn(self)
    }

    fn dice(&self) -> Option<Dice> {
        Rules::dice(self)
    }

    fn parse(&self, seat: Seat, text: &str) -> Result<Move, ParseError> {
        Rules::parse(self, seat, text).map(T::wrap_move)
    }

    fn format(&self, m: &Move) -> String {
        T::unwrap_move(m).map_or_else(|| "(a move of another game)".into(), |m| self.format(m))
    }

    fn legal(&self, seat: Seat) -> Vec<Move> {
        Rules::legal(self, seat)
            .into_iter()
            .map(T::wrap_move)
            .collect()
    }

    fn apply(&self, action: &Action) -> Result<Game, PlayError> {
        let next = match action {
            Action::Play { seat, r#move } => {
                let m = T::unwrap_move(r#move).ok_or(PlayError::WrongGame)?;
                Rules::apply(self, *seat, m)
            }
            Action::Roll { seat, dice } => self.roll(*seat, dice),
            Action::Resign { seat } => self.resign(*seat),
            Action::OfferDraw { seat } => self.draw(*seat, DrawAction::Offer),
            Action::AcceptDraw { seat } => self.draw(*seat, DrawAction::Accept),
            Action::DeclineDraw { seat } => self.draw(*seat, DrawAction::Decline),
            Action::ClaimDraw { seat } => self.draw(*seat, DrawAction::Claim),
        };
        next.map(T::wrap)
    }

    fn draw_offer(&self) -> Option<Seat> {
        Rules::draw_offer(self)
    }

    fn may_claim_draw(&self, seat: Seat) -> bool {
        Rules::may_claim_draw(self, seat)
    }

    fn notice(&self) -> Option<String> {
        Rules::notice(self)
    }

    fn describe(&self, outcome: Outcome) -> String {
        Rules::describe(self, outcome)
    }

    fn roll_words(&self, dice: &[u8]) -> Option<String> {
        Rules::roll_words(self, dice)
    }

    fn menu(&self, seat: Seat, max: usize) -> Option<Vec<String>> {
        Rules::menu(self, seat, max)
    }

    fn options_summary(&self, seat: Seat) -> Option<String> {
        Rules::options_summary(self, seat)
    }

    fn examples(&self, seat: Seat, limit: usize) -> Vec<String> {
        Rules::examples(self, seat, limit)
    }

    fn position(&self) -> Option<String> {
        Rules::position(self)
    }

    fn match_file(
        &self,
        head: &RecordHead<'_>,
        log: &[Action],
    ) -> Result<Option<String>, PlayError> {
        Rules::match_file(self, head, log)
    }

    fn perft(&self, depth: u32) -> Option<u64> {
        Rules::perft(self, depth)
    }
}

impl Game {
    /// Starts a new game of `kind` for `players` seats under the named ruleset.
    ///
    /// # Errors
    /// Fails when the ruleset is unknown or the number of players does not fit.
    pub fn new(kind: GameKind, ruleset: &str, players: usize) -> Result<Game, SetupError> {
        let info = kind.info();
        let (min, max) = info.seats;
        if players < min || players > max {
            return Err(SetupError::Players {
                title: info.title,
                min,
                max,
            });
        }
        kind.start(ruleset, players)
    }

    /// Loads a game of `kind` from its standard position string (FEN, gnubg position ID...).
    ///
    /// # Errors
    /// Fails when the game has no position strings or the text is not a legal position.
    pub fn from_position(kind: GameKind, text: &str) -> Result<Game, LoadError> {
        kind.load(text)
    }

    /// Returns what the table waits for next.
    pub fn turn(&self) -> Turn {
        self.rules().turn()
    }

    /// Returns the dice a roll throws, or `None` for games without dice.
    pub fn dice(&self) -> Option<Dice> {
        self.rules().dice()
    }

    /// Reads a move typed by `seat`, in the game's notation.
    ///
    /// # Errors
    /// Says why the text is not a legal move here, with examples of legal ones.
    pub fn parse(&self, seat: Seat, text: &str) -> Result<Move, ParseError> {
        self.rules().parse(seat, text)
    }

    /// Formats a legal move of the current position in the game's notation.
    pub fn format(&self, m: &Move) -> String {
        self.rules().format(m)
    }

    /// Returns every legal move of `seat` now.
    pub fn legal(&self, seat: Seat) -> Vec<Move> {
        self.rules().legal(seat)
    }

    /// Applies one action, returning the new game; `self` is never changed.
    ///
    /// # Errors
    /// Fails when the action is not allowed now; the game is then exactly as it was.
    pub fn apply(&self, action: &Action) -> Result<Game, PlayError> {
        self.rules().apply(action)
    }

    /// Returns the seat with a standing draw offer, if any.
    pub fn draw_offer(&self) -> Option<Seat> {
        self.rules().draw_offer()
    }

    /// Returns whether `seat` may claim a draw now.
    pub fn may_claim_draw(&self, seat: Seat) -> bool {
        self.rules().may_claim_draw(seat)
    }

    /// Returns what happened by itself at the last action (a forced pass, a penalty...).
    pub fn notice(&self) -> Option<String> {
        self.rules().notice()
    }

    /// Says why the game ended, in the game's words (`checkmate`, `a gammon`), completing
    /// "wins by …" or "drawn by …".
    pub fn describe(&self, outcome: Outcome) -> String {
        self.rules().describe(outcome)
    }

    /// Describes dice about to be recorded, where the game reads them its own way.
    pub fn roll_words(&self, dice: &[u8]) -> Option<String> {
        self.rules().roll_words(dice)
    }

    /// Returns the moves to offer `seat` in a select menu now (at most `max`), if the game
    /// offers one here.
    pub fn menu(&self, seat: Seat, max: usize) -> Option<Vec<String>> {
        self.rules().menu(seat, max)
    }

    /// Returns a one-line list of `seat`'s options after a roll, where the game has one.
    pub fn options_summary(&self, seat: Seat) -> Option<String> {
        self.rules().options_summary(seat)
    }

    /// Returns up to `limit` legal moves of `seat` in notation, as examples for players.
    pub fn examples(&self, seat: Seat, limit: usize) -> Vec<String> {
        self.rules().examples(seat, limit)
    }

    /// Returns the game's standard position string, where it has one.
    pub fn position(&self) -> Option<String> {
        self.rules().position()
    }

    /// Returns how the game ended, or `None` while it goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        self.turn().outcome()
    }

    /// Writes the record of the game played from this start through `log` as the game's
    /// own match file ([`RecordFormat::Mat`](super::RecordFormat::Mat)), where it has one.
    ///
    /// # Errors
    /// Fails when a logged action does not apply in turn.
    pub fn match_file(
        &self,
        head: &RecordHead<'_>,
        log: &[Action],
    ) -> Result<Option<String>, PlayError> {
        self.rules().match_file(head, log)
    }

    /// Returns every legal move of the seat whose turn it is (empty once the game is over).
    pub fn legal_moves(&self) -> Vec<Move> {
        self.turn()
            .seat()
            .map(|s| self.legal(s))
            .unwrap_or_default()
    }

    /// Counts the leaf positions `depth` moves ahead (perft) as published tables count them:
    /// with the game's own counter where it has one (chess: the move tree only, never cut at
    /// a drawn position), else through the contract.
    pub fn perft(&self, depth: u32) -> u64 {
        self.rules()
            .perft(depth)
            .unwrap_or_else(|| self.perft_through_contract(depth))
    }

    /// Counts perft as [`perft`](Self::perft) does, but only when the work fits `limit`: the
    /// positions whose moves the last ply generates (the count one ply shallower). The counts
    /// are taken ply by ply, so a refusal costs at most one count within the limit.
    ///
    /// # Errors
    /// Refuses a depth whose work would pass `limit`, with an estimate of its count.
    pub fn perft_within(&self, depth: u32, limit: u64) -> Result<u64, PerftTooBig> {
        let mut counts = vec![1u64];
        for d in 1..=depth {
            let last = counts[counts.len() - 1];
            if last > limit {
                // Estimate the rest from the last branching factor.
                let before = counts.iter().rev().nth(1).copied().unwrap_or(1).max(1);
                let branching = last as f64 / before as f64;
                let estimate = last as f64 * branching.powi((depth - d + 1) as i32);
                return Err(PerftTooBig {
                    depth,
                    estimate: estimate.min(u64::MAX as f64) as u64,
                    limit,
                    deepest: d - 1,
                });
            }
            let count = self.perft(d);
            if count == 0 {
                return Ok(0);
            }
            counts.push(count);
        }
        Ok(counts[counts.len() - 1])
    }

    /// Counts the leaf positions `depth` moves ahead by walking [`legal`](Self::legal) and
    /// [`apply`](Self::apply): a check of the contract itself. It stops where the game ends,
    /// so it counts less than published tables past a position drawn by rule.
    pub fn perft_through_contract(&self, depth: u32) -> u64 {
        let Turn::Move(seat) = self.turn() else {
            return u64::from(depth == 0);
        };
        if depth == 0 {
            return 1;
        }
        let moves = self.legal(seat);
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .filter_map(|m| self.apply(&Action::Play { seat, r#move: m }).ok())
            .map(|next| next.perft_through_contract(depth - 1))
            .sum()
    }
}

/// A perft count refused because its work would pass the limit.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "perft to depth {depth} would count about {} positions, more work than the limit of {} \
     positions searched allows; depth {deepest} is within it",
    grouped(*.estimate),
    grouped(*.limit)
)]
pub struct PerftTooBig {
    /// The depth asked for.
    pub depth: u32,
    /// About how many leaf positions that depth has.
    pub estimate: u64,
    /// The most positions the last ply may generate moves for.
    pub limit: u64,
    /// The deepest count within the limit.
    pub deepest: u32,
}

/// Writes a count with thousands separators: `8,031,647,685`.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

impl Turn {
    /// Returns the seat the game waits for, if any.
    pub fn seat(self) -> Option<Seat> {
        match self {
            Turn::Move(seat) | Turn::Roll(seat) => Some(seat),
            Turn::Over(_) => None,
        }
    }

    /// Returns how the game ended, if it has.
    pub fn outcome(self) -> Option<Outcome> {
        match self {
            Turn::Over(outcome) => Some(outcome),
            Turn::Move(_) | Turn::Roll(_) => None,
        }
    }
}

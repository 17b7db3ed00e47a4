//! The shape every game follows, and the enum that dispatches over the games.

use serde::{Deserialize, Serialize};
use shakmaty::uci::UciMove;

use super::backgammon::{self, BackgammonGame, BackgammonMove, BackgammonRules};
use super::chess::{self, ChessGame};
use super::kind::GameKind;
use super::notation::ParseError;
use super::parcheesi::{self, ParcheesiGame, ParcheesiMove, Ruleset};
use super::{Outcome, Seat};

/// A game in progress or finished, with everything needed to continue it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "game", rename_all = "snake_case")]
pub enum Game {
    Chess(ChessGame),
    Parcheesi(ParcheesiGame),
    Backgammon(BackgammonGame),
}

/// One move of some game, free of any position so it can be stored and compared.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Move {
    Chess(UciMove),
    /// A whole Parcheesi turn or some of its parts, e.g. `enter a3` or `c20`.
    Parcheesi(ParcheesiMove),
    /// A whole backgammon play, or a cube action.
    Backgammon(BackgammonMove),
}

/// What the table waits for next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// This seat must choose a move.
    Move(Seat),
    /// This seat must roll the dice before moving.
    Roll(Seat),
    /// The game has ended.
    Over(Outcome),
}

/// One entry of a game's log: everything that changes a game goes through an action.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum Action {
    /// The seat to move plays a move.
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
}

/// Why an action cannot be applied to a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ActionError {
    #[error(transparent)]
    Notation(#[from] ParseError),
    #[error("{0}")]
    Play(#[from] chess::PlayError),
    #[error("{0}")]
    Parcheesi(#[from] parcheesi::PlayError),
    #[error("{0}")]
    BackgammonPlay(backgammon::PlayError),
    #[error("it is not your turn")]
    NotYourTurn,
    #[error("this game has no dice")]
    NoDice,
    #[error("that move belongs to another game")]
    WrongGame,
}

impl From<backgammon::PlayError> for ActionError {
    fn from(e: backgammon::PlayError) -> Self {
        match e {
            backgammon::PlayError::NotYourTurn => ActionError::NotYourTurn,
            e => ActionError::BackgammonPlay(e),
        }
    }
}

impl ActionError {
    /// Returns legal moves worth suggesting alongside the error.
    pub fn examples(&self) -> &[String] {
        match self {
            ActionError::Notation(e) => e.examples(),
            ActionError::Parcheesi(e) => e.examples(),
            _ => &[],
        }
    }
}

impl Game {
    /// Starts a new game of `kind` for `players` seats under the named ruleset.
    ///
    /// # Errors
    /// Fails when the ruleset is unknown or the number of players does not fit.
    pub fn new(kind: GameKind, ruleset: &str, players: usize) -> Result<Game, SetupError> {
        let (min, max) = kind.seats();
        if players < min || players > max {
            return Err(SetupError::Players { kind, min, max });
        }
        if !kind.accepts_ruleset(ruleset) {
            return Err(SetupError::Ruleset {
                kind,
                given: shown(ruleset),
            });
        }
        Ok(match kind {
            GameKind::Chess => Game::Chess(ChessGame::new()),
            GameKind::Parcheesi => {
                let ruleset = ruleset.parse::<Ruleset>().unwrap_or(Ruleset::Parcheesi);
                match ParcheesiGame::new(ruleset, players) {
                    Ok(game) => Game::Parcheesi(game),
                    Err(_) => return Err(SetupError::Players { kind, min, max }),
                }
            }
            GameKind::Backgammon => Game::Backgammon(BackgammonGame::new(
                BackgammonRules::from_name(ruleset).unwrap_or_default(),
            )),
        })
    }

    /// Returns which game this is.
    pub fn kind(&self) -> GameKind {
        match self {
            Game::Chess(_) => GameKind::Chess,
            Game::Parcheesi(_) => GameKind::Parcheesi,
            Game::Backgammon(_) => GameKind::Backgammon,
        }
    }

    /// Returns what the table waits for next.
    pub fn turn(&self) -> Turn {
        match self {
            Game::Chess(g) => match g.outcome() {
                Some(outcome) => Turn::Over(outcome),
                None => Turn::Move(g.seat_to_move()),
            },
            Game::Parcheesi(g) => g.turn(),
            Game::Backgammon(g) => match g.phase() {
                backgammon::Phase::Opening => Turn::Roll(0),
                backgammon::Phase::Roll { seat } => Turn::Roll(seat),
                backgammon::Phase::Move { seat, .. } => Turn::Move(seat),
                backgammon::Phase::Doubled { seat } => Turn::Move(1 - seat),
                backgammon::Phase::Over { outcome } => Turn::Over(outcome),
            },
        }
    }

    /// Returns how many dice a roll throws (0 for games without dice).
    pub fn dice(&self) -> usize {
        match self {
            Game::Chess(_) => 0,
            Game::Parcheesi(_) | Game::Backgammon(_) => 2,
        }
    }

    /// Describes these dice, about to be rolled for the seat whose roll is due, where the game
    /// reads them in its own way (backgammon's opening roll throws one die for each side).
    pub fn roll_words(&self, dice: &[u8]) -> Option<String> {
        match (self, dice) {
            (Game::Backgammon(g), [white, black])
                if matches!(g.phase(), backgammon::Phase::Opening) =>
            {
                let name = |seat| self.kind().seat_name(seat);
                Some(format!(
                    "the opening dice: **{white}** for {}, **{black}** for {}",
                    name(0),
                    name(1)
                ))
            }
            _ => None,
        }
    }

    /// Returns what happened by itself at the last action (a forced pass, a penalty…).
    pub fn notice(&self) -> Option<String> {
        match self {
            Game::Chess(_) => None,
            Game::Parcheesi(g) => g.notice().map(str::to_string),
            Game::Backgammon(g) => g.notice().map(str::to_string),
        }
    }

    /// Returns the legal moves in notation when there are at most `max` of them (for a
    /// select menu), `None` when there are more or none.
    pub fn menu(&self, max: usize) -> Option<Vec<String>> {
        match self {
            Game::Parcheesi(g) => g.menu(max),
            Game::Chess(_) | Game::Backgammon(_) => {
                let moves = self.legal_moves();
                (!moves.is_empty() && moves.len() <= max)
                    .then(|| moves.iter().map(|m| self.format(m)).collect())
            }
        }
    }

    /// Returns a compact one-line list of the options for the reply to a roll, where the
    /// game has one (Parcheesi: all options up to 25, else their count and first parts).
    pub fn options_summary(&self) -> Option<String> {
        match self {
            Game::Chess(_) => None,
            Game::Parcheesi(g) => g.options_summary(),
            Game::Backgammon(g) => {
                let plays: Vec<String> = self.examples(6);
                let count = g.legal_moves().len();
                match count {
                    0 => None,
                    1..=6 => Some(format!("Legal plays: {}", plays.join(" | "))),
                    _ => Some(format!("{count} legal plays, e.g. {}", plays.join(" | "))),
                }
            }
        }
    }

    /// Returns how the game ended, or `None` while it goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        match self.turn() {
            Turn::Over(outcome) => Some(outcome),
            _ => None,
        }
    }

    /// Returns every legal move for the seat to move (empty when none or when over).
    pub fn legal_moves(&self) -> Vec<Move> {
        match self {
            Game::Chess(g) => g.legal_moves().into_iter().map(Move::Chess).collect(),
            Game::Parcheesi(g) => g.legal_moves().into_iter().map(Move::Parcheesi).collect(),
            Game::Backgammon(g) => g.legal_moves().into_iter().map(Move::Backgammon).collect(),
        }
    }

    /// Reads a move typed by a player, in the game's notation.
    ///
    /// # Errors
    /// Says why the text is not a legal move here, with examples of legal ones.
    pub fn parse(&self, text: &str) -> Result<Move, ActionError> {
        match self {
            Game::Chess(g) => Ok(Move::Chess(g.parse(text)?)),
            Game::Parcheesi(g) => Ok(Move::Parcheesi(g.parse(text)?)),
            Game::Backgammon(g) => Ok(Move::Backgammon(g.parse(text)?)),
        }
    }

    /// Formats a legal move of the current position in the game's notation.
    pub fn format(&self, m: &Move) -> String {
        match (self, m) {
            (Game::Chess(g), Move::Chess(m)) => g.format(m),
            (Game::Parcheesi(_), Move::Parcheesi(m)) => m.to_string(),
            (Game::Backgammon(g), Move::Backgammon(m)) => g.format(m),
            _ => String::from("(a move of another game)"),
        }
    }

    /// Returns up to `limit` legal moves in notation, as examples for players.
    pub fn examples(&self, limit: usize) -> Vec<String> {
        match self {
            Game::Chess(g) => g.examples(limit),
            Game::Parcheesi(g) => g.examples(limit),
            Game::Backgammon(g) => g.examples(limit),
        }
    }

    /// Returns the seat with a standing draw offer, if any.
    pub fn draw_offer(&self) -> Option<Seat> {
        match self {
            Game::Chess(g) => g.draw_offer(),
            Game::Parcheesi(_) | Game::Backgammon(_) => None,
        }
    }

    /// Returns the game's standard position string (FEN for chess, the gnubg position ID for
    /// backgammon), where it has one.
    pub fn position_string(&self) -> Option<String> {
        match self {
            Game::Chess(g) => Some(g.fen()),
            Game::Backgammon(g) => Some(g.position_id()),
            Game::Parcheesi(_) => None,
        }
    }

    /// Applies one action, returning the new game; `self` is never changed.
    ///
    /// # Errors
    /// Fails when the action is not allowed now; the game is then exactly as it was.
    pub fn apply(&self, action: &Action) -> Result<Game, ActionError> {
        match (self, action) {
            (Game::Chess(g), Action::Play { seat, r#move }) => {
                let Move::Chess(m) = r#move else {
                    return Err(ActionError::WrongGame);
                };
                if g.outcome().is_none() && *seat != g.seat_to_move() {
                    return Err(ActionError::NotYourTurn);
                }
                Ok(Game::Chess(g.play(m)?))
            }
            (Game::Chess(_), Action::Roll { .. }) => Err(ActionError::NoDice),
            (Game::Chess(g), Action::Resign { seat }) => Ok(Game::Chess(g.resign(*seat)?)),
            (Game::Chess(g), Action::OfferDraw { seat }) => Ok(Game::Chess(g.offer_draw(*seat)?)),
            (Game::Chess(g), Action::AcceptDraw { seat }) => Ok(Game::Chess(g.accept_draw(*seat)?)),
            (Game::Chess(g), Action::DeclineDraw { seat }) => {
                Ok(Game::Chess(g.decline_draw(*seat)?))
            }
            (Game::Parcheesi(g), action) => Ok(Game::Parcheesi(parcheesi_action(g, action)?)),
            (Game::Backgammon(g), action) => Ok(Game::Backgammon(backgammon_action(g, action)?)),
        }
    }

    /// Counts the leaf positions `depth` moves ahead (perft), through this layer.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        let Turn::Move(seat) = self.turn() else {
            return 0;
        };
        moves
            .into_iter()
            .filter_map(|m| self.apply(&Action::Play { seat, r#move: m }).ok())
            .map(|next| next.perft(depth - 1))
            .sum()
    }
}

/// Applies one action to a Parcheesi game.
fn parcheesi_action(g: &ParcheesiGame, action: &Action) -> Result<ParcheesiGame, ActionError> {
    use parcheesi::PlayError;
    let result = match action {
        Action::Play { seat, r#move } => {
            let Move::Parcheesi(m) = r#move else {
                return Err(ActionError::WrongGame);
            };
            g.play(*seat, m)
        }
        Action::Roll { seat, dice } => g.roll(*seat, dice),
        Action::Resign { seat } => g.resign(*seat),
        Action::OfferDraw { .. } | Action::AcceptDraw { .. } | Action::DeclineDraw { .. } => {
            Err(PlayError::NoDraws)
        }
    };
    result.map_err(|e| match e {
        PlayError::NotYourTurn => ActionError::NotYourTurn,
        e => ActionError::Parcheesi(e),
    })
}

/// Applies one action to a backgammon game.
fn backgammon_action(g: &BackgammonGame, action: &Action) -> Result<BackgammonGame, ActionError> {
    Ok(match action {
        Action::Play { seat, r#move } => {
            let Move::Backgammon(m) = r#move else {
                return Err(ActionError::WrongGame);
            };
            g.play(*seat, m)?
        }
        Action::Roll { seat, dice } => g.roll(*seat, dice)?,
        Action::Resign { seat } => g.resign(*seat)?,
        Action::OfferDraw { .. } | Action::AcceptDraw { .. } | Action::DeclineDraw { .. } => {
            return Err(ActionError::BackgammonPlay(backgammon::PlayError::NoDraws));
        }
    })
}

/// Why a new game cannot be set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("{kind} is for {}", players_text(*.min, *.max))]
    Players {
        kind: GameKind,
        min: usize,
        max: usize,
    },
    #[error("{kind} has no ruleset called {given}; choose one of: {}", ruleset_list(*.kind))]
    Ruleset { kind: GameKind, given: String },
}

/// Quotes user text for an error message: trimmed, control characters dropped, at most 24 characters.
pub fn shown(text: &str) -> String {
    let clean: String = text.trim().chars().filter(|c| !c.is_control()).collect();
    if clean.is_empty() {
        return "(nothing)".to_string();
    }
    let mut out: String = clean.chars().take(24).collect();
    if clean.chars().count() > 24 {
        out.push('…');
    }
    format!("\"{out}\"")
}

fn ruleset_list(kind: GameKind) -> String {
    let list = kind.rulesets().join(", ");
    match kind {
        GameKind::Backgammon => format!(
            "{list} (or match:N for any N up to {})",
            backgammon::MAX_MATCH
        ),
        _ => list,
    }
}

fn players_text(min: usize, max: usize) -> String {
    if min == max {
        format!("exactly {min} players")
    } else {
        format!("{min} to {max} players")
    }
}

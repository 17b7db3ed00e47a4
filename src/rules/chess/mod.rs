//! Chess under FIDE rules, on top of shakmaty's move generator.
//!
//! Draws follow the rule sheets: stalemate, insufficient material and fifty moves without a
//! capture or pawn move end the game by themselves (sheet 000 "a game is drawn when..."); a
//! threefold repetition "may be declared a draw" (sheet 004), so either player may claim it,
//! and a fivefold repetition ends the game by itself (FIDE 9.6.1).

mod contract;
mod draws;
mod notation;
mod reason;
mod record;

use serde::{Deserialize, Serialize};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, Position, Square};

use super::{
    DrawAction, DrawReason, Info, LoadError as RulesLoadError, Outcome, ParseError, PlayError,
    RecordFormat, Rules, Seat, SetupError, Turn, WinReason,
};
use record::ChessRecord;
pub use record::LoadError;

/// The standard starting position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A chess game: where it started, every move since, and any resignation or draw asked for.
///
/// Built only through [`ChessGame::new`], [`ChessGame::from_fen`] or deserialization, each of
/// which validates the position and replays the moves, so every value is a legal game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "ChessRecord", into = "ChessRecord")]
pub struct ChessGame {
    start: Chess,
    pos: Chess,
    moves: Vec<shakmaty::Move>,
    /// Position hashes after each ply, the start included, for repetition.
    hashes: Vec<Zobrist64>,
    draw_offer: Option<Color>,
    /// A result the position does not give by itself: a resignation, an agreed or claimed draw.
    verdict: Option<Outcome>,
    /// What the last action did by itself (a FEN read with fields missing says how it was read).
    notice: Option<String>,
}

/// The FEN fields after the board, named for a player, with the value a missing one takes.
const FEN_FIELDS: [(&str, &str); 5] = [
    ("side to move", "w"),
    ("castling rights", "-"),
    ("en passant square", "-"),
    ("halfmove clock", "0"),
    ("move number", "1"),
];

/// Returns the seat that plays `color`: white sits at seat 0, black at seat 1.
pub fn seat_of(color: Color) -> Seat {
    match color {
        Color::White => 0,
        Color::Black => 1,
    }
}

/// Returns the colour played from `seat`, if the seat exists.
pub fn color_of(seat: Seat) -> Option<Color> {
    match seat {
        0 => Some(Color::White),
        1 => Some(Color::Black),
        _ => None,
    }
}

impl Default for ChessGame {
    fn default() -> Self {
        Self::new()
    }
}

impl ChessGame {
    /// Starts a game from the standard position.
    pub fn new() -> Self {
        Self::starting_at(Chess::default())
    }

    /// Starts a game from a FEN position. Fields left off the end take their defaults (no
    /// castling rights, no en passant square, move 1), and the game's notice then says which
    /// were missing and the whole FEN as read, so nobody loses castling rights unawares.
    ///
    /// # Errors
    /// Fails when the text is not FEN or the position is not a legal chess position.
    pub fn from_fen(text: &str) -> Result<Self, LoadError> {
        let text = text.trim();
        let fen = Fen::from_ascii(text.as_bytes()).map_err(|e| LoadError::Fen(e.to_string()))?;
        let pos: Chess = fen
            .into_position(CastlingMode::Standard)
            .map_err(|e| LoadError::Position(e.to_string()))?;
        let mut game = Self::starting_at(pos);
        let given = text.split_whitespace().count().saturating_sub(1);
        if let Some(missing) = FEN_FIELDS.get(given..).filter(|m| !m.is_empty()) {
            let names: Vec<&str> = missing.iter().map(|(name, _)| *name).collect();
            let defaults: Vec<&str> = missing.iter().map(|(_, value)| *value).collect();
            game.notice = Some(format!(
                "The FEN gave no {} (read as `{}`): the position is `{}`.",
                list(&names),
                defaults.join(" "),
                game.fen()
            ));
        }
        Ok(game)
    }

    fn starting_at(pos: Chess) -> Self {
        let hash = pos.zobrist_hash(EnPassantMode::Legal);
        ChessGame {
            start: pos.clone(),
            pos,
            moves: Vec::new(),
            hashes: vec![hash],
            draw_offer: None,
            verdict: None,
            notice: None,
        }
    }

    /// Returns the current position.
    pub fn current_position(&self) -> &Chess {
        &self.pos
    }

    /// Returns the moves played so far, oldest first.
    pub fn moves(&self) -> &[shakmaty::Move] {
        &self.moves
    }

    /// Returns the last move played, if any.
    pub fn last_move(&self) -> Option<shakmaty::Move> {
        self.moves.last().copied()
    }

    /// Returns the square of the king in check, if the side to move is in check.
    pub fn checked_king(&self) -> Option<Square> {
        if self.pos.is_check() {
            self.pos.board().king_of(self.pos.turn())
        } else {
            None
        }
    }

    /// Returns the current position as FEN.
    pub fn fen(&self) -> String {
        Fen::from_position(&self.pos, EnPassantMode::Legal).to_string()
    }

    /// Returns the seat whose turn it is.
    pub fn seat_to_move(&self) -> Seat {
        seat_of(self.pos.turn())
    }

    /// Returns how the game ended, or `None` while it goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(verdict) = self.verdict {
            return Some(verdict);
        }
        let pos = &self.pos;
        if pos.is_checkmate() {
            return Some(Outcome::Win {
                winner: seat_of(!pos.turn()),
                reason: WinReason::Checkmate,
            });
        }
        let draw = |reason| Some(Outcome::Draw { reason });
        if pos.is_stalemate() {
            return draw(DrawReason::Stalemate);
        }
        if pos.is_insufficient_material() {
            return draw(DrawReason::InsufficientMaterial);
        }
        if self.repetitions() >= 5 {
            return draw(DrawReason::FivefoldRepetition);
        }
        if pos.halfmoves() >= 100 {
            return draw(DrawReason::FiftyMoveRule);
        }
        None
    }

    /// Returns the moves played so far in SAN with check marks.
    pub fn san_history(&self) -> Vec<String> {
        let mut pos = self.start.clone();
        let mut out = Vec::with_capacity(self.moves.len());
        for m in &self.moves {
            out.push(notation::san_plus(&pos, *m));
            pos.play_unchecked(*m);
        }
        out
    }

    /// Plays a move for whoever is to move, returning the new game.
    fn play(&self, m: &UciMove) -> Result<ChessGame, PlayError> {
        if self.outcome().is_some() {
            return Err(PlayError::GameOver);
        }
        let m = m
            .to_move(&self.pos)
            .map_err(|_| PlayError::Illegal("that move is not legal here".into()))?;
        let mut next = self.clone();
        next.notice = None;
        next.pos.play_unchecked(m);
        next.moves.push(m);
        next.hashes
            .push(next.pos.zobrist_hash(EnPassantMode::Legal));
        // Moving declines the opponent's offer; the mover's own offer stands for one reply.
        if self.draw_offer != Some(self.pos.turn()) || next.outcome().is_some() {
            next.draw_offer = None;
        }
        Ok(next)
    }

    fn playing(&self, seat: Seat) -> Result<Color, PlayError> {
        if self.outcome().is_some() {
            return Err(PlayError::GameOver);
        }
        color_of(seat).ok_or(PlayError::NotAPlayer)
    }
}

/// Writes names as `a`, `a or b`, `a, b or c`.
fn list(names: &[&str]) -> String {
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => (*last).to_string(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

/// The rules summary `/rules chess` shows.
pub const RULES: &str = "\
**Chess** (2 players; FIDE rules, as on the rule sheets 000 and 004). The game's creator plays White; White moves first.
**Moves:** type them in SAN (`e4`, `Nf3`, `exd5`, `O-O`, `O-O-O`, `e8=Q`) or as squares (`e2e4`, `e2-e4`, `e7e8q`). \
Case, capture marks and `+`/`#`/`!?` are optional: `nf3`, `NF3`, `0-0` and `e8q` work too. A lowercase `b` means a pawn on the b-file first, \
a bishop second; in capitals (`BXC3`) both are asked about when both are legal.
**The game ends** by checkmate or resignation (`resign`), or drawn:
- at once, by stalemate or insufficient material (sheets 000 and 004), and after 50 moves each with no capture or pawn move (sheet 000);
- when claimed, by threefold repetition: the same position three times with the same player to move (sheet 004 \"may be declared a draw\"). \
Either player may `draw claim` while the position stands; at the fifth time the game is drawn at once (FIDE 9.6);
- by agreement (sheets 000 and 004): `draw offer`, then the opponent's `draw accept`. \
Your own move leaves your offer standing for one reply; the opponent's move declines it.";

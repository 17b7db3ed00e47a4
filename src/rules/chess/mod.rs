//! Chess under FIDE rules, on top of shakmaty's move generator.
//!
//! Draws the rule sheets say "are drawn" (stalemate, insufficient material, threefold
//! repetition, the 50-move rule) end the game by themselves; nobody has to claim them.

mod notation;

use serde::{Deserialize, Serialize};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, Position, Square};

use super::{
    DrawAction, DrawReason, Info, LoadError as RulesLoadError, Outcome, ParseError, PlayError,
    RecordFormat, Rules, Seat, SetupError, Turn, WinReason,
};

/// The standard starting position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A chess game: where it started, every move since, and any resignation or agreed draw.
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
    verdict: Option<Outcome>,
}

/// The stored shape of a chess game: the start, the moves in UCI, and the current FEN as a check.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct ChessRecord {
    start: String,
    moves: Vec<String>,
    fen: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    draw_offer: Option<Seat>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    verdict: Option<Outcome>,
}

/// Why a position or stored game could not be loaded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LoadError {
    #[error("that is not a FEN position: {0}")]
    Fen(String),
    #[error("that position is not legal: {0}")]
    Position(String),
    #[error("stored move {index} ({uci}) is not legal in its position")]
    Move { index: usize, uci: String },
    #[error("stored position {stored} does not match its moves, which give {replayed}")]
    Mismatch { stored: String, replayed: String },
    #[error("the stored result is inconsistent with the position")]
    Verdict,
}

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

    /// Starts a game from a FEN position.
    ///
    /// # Errors
    /// Fails when the text is not FEN or the position is not a legal chess position.
    pub fn from_fen(fen: &str) -> Result<Self, LoadError> {
        let fen =
            Fen::from_ascii(fen.trim().as_bytes()).map_err(|e| LoadError::Fen(e.to_string()))?;
        let pos: Chess = fen
            .into_position(CastlingMode::Standard)
            .map_err(|e| LoadError::Position(e.to_string()))?;
        Ok(Self::starting_at(pos))
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
        let now = self.hashes.last().copied();
        if self.hashes.iter().filter(|h| Some(**h) == now).count() >= 3 {
            return draw(DrawReason::ThreefoldRepetition);
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

    /// Records a draw offer from `seat`, or agrees to a draw if the opponent offered one.
    fn offer_draw(&self, seat: Seat) -> Result<ChessGame, PlayError> {
        let color = self.playing(seat)?;
        match self.draw_offer {
            Some(c) if c == color => Err(PlayError::AlreadyOffered),
            Some(_) => self.accept_draw(seat),
            None => {
                let mut next = self.clone();
                next.draw_offer = Some(color);
                Ok(next)
            }
        }
    }

    /// Accepts the opponent's standing draw offer, ending the game drawn.
    fn accept_draw(&self, seat: Seat) -> Result<ChessGame, PlayError> {
        let color = self.playing(seat)?;
        if self.draw_offer != Some(!color) {
            return Err(PlayError::NoOffer);
        }
        let mut next = self.clone();
        next.verdict = Some(Outcome::Draw {
            reason: DrawReason::Agreement,
        });
        next.draw_offer = None;
        Ok(next)
    }

    /// Declines (or, for the offerer, withdraws) the standing draw offer.
    fn decline_draw(&self, seat: Seat) -> Result<ChessGame, PlayError> {
        self.playing(seat)?;
        if self.draw_offer.is_none() {
            return Err(PlayError::NoOffer);
        }
        let mut next = self.clone();
        next.draw_offer = None;
        Ok(next)
    }

    fn playing(&self, seat: Seat) -> Result<Color, PlayError> {
        if self.outcome().is_some() {
            return Err(PlayError::GameOver);
        }
        color_of(seat).ok_or(PlayError::NotAPlayer)
    }
}

impl Rules for ChessGame {
    type Move = UciMove;

    const INFO: Info = Info {
        name: "chess",
        title: "Chess",
        aliases: &[],
        rulesets: &["standard"],
        more_rulesets: None,
        seats: (2, 2),
        seat_names: &["White", "Black"],
        rules: RULES,
        record: RecordFormat::Pgn,
    };

    /// shakmaty's perft on the position: bulk-counted at the last ply, and never cut at a
    /// position the game calls drawn (insufficient material, fifty moves, repetition).
    fn perft(&self, depth: u32) -> Option<u64> {
        Some(shakmaty::perft(&self.pos, depth))
    }

    fn new(ruleset: &str, _seats: usize) -> Result<Self, SetupError> {
        if ruleset != "standard" {
            return Err(SetupError::unknown_ruleset(&Self::INFO, ruleset));
        }
        Ok(ChessGame::new())
    }

    fn turn(&self) -> Turn {
        match self.outcome() {
            Some(outcome) => Turn::Over(outcome),
            None => Turn::Move(self.seat_to_move()),
        }
    }

    /// Reads SAN or UCI, leniently.
    fn parse(&self, _seat: Seat, text: &str) -> Result<UciMove, ParseError> {
        notation::parse(&self.pos, text).map(UciMove::from_standard)
    }

    /// Writes SAN with check marks, e.g. `Nxf3+`.
    fn format(&self, m: &UciMove) -> String {
        match m.to_move(&self.pos) {
            Ok(m) => notation::san_plus(&self.pos, m),
            Err(_) => m.to_string(),
        }
    }

    fn legal(&self, seat: Seat) -> Vec<UciMove> {
        if self.outcome().is_some() || seat != self.seat_to_move() {
            return Vec::new();
        }
        self.pos
            .legal_moves()
            .iter()
            .map(|m| UciMove::from_standard(*m))
            .collect()
    }

    fn apply(&self, seat: Seat, m: &UciMove) -> Result<Self, PlayError> {
        if self.outcome().is_none() && seat != self.seat_to_move() {
            return Err(PlayError::NotYourTurn);
        }
        self.play(m)
    }

    fn resign(&self, seat: Seat) -> Result<Self, PlayError> {
        let color = self.playing(seat)?;
        let mut next = self.clone();
        next.verdict = Some(Outcome::Win {
            winner: seat_of(!color),
            reason: WinReason::Resignation,
        });
        next.draw_offer = None;
        Ok(next)
    }

    fn draw(&self, seat: Seat, action: DrawAction) -> Result<Self, PlayError> {
        match action {
            DrawAction::Offer => self.offer_draw(seat),
            DrawAction::Accept => self.accept_draw(seat),
            DrawAction::Decline => self.decline_draw(seat),
            DrawAction::Claim => {
                self.playing(seat)?;
                Err(PlayError::NoClaim)
            }
        }
    }

    fn draw_offer(&self) -> Option<Seat> {
        self.draw_offer.map(seat_of)
    }

    fn examples(&self, _seat: Seat, limit: usize) -> Vec<String> {
        notation::examples(&self.pos, None, limit)
    }

    fn position(&self) -> Option<String> {
        Some(self.fen())
    }

    fn from_position(text: &str) -> Result<Self, RulesLoadError> {
        ChessGame::from_fen(text).map_err(|e| RulesLoadError::Invalid(e.to_string()))
    }
}

impl From<ChessGame> for ChessRecord {
    fn from(game: ChessGame) -> Self {
        ChessRecord {
            start: Fen::from_position(&game.start, EnPassantMode::Legal).to_string(),
            moves: game
                .moves
                .iter()
                .map(|m| UciMove::from_standard(*m).to_string())
                .collect(),
            fen: game.fen(),
            draw_offer: game.draw_offer.map(seat_of),
            verdict: game.verdict,
        }
    }
}

impl TryFrom<ChessRecord> for ChessGame {
    type Error = LoadError;

    fn try_from(record: ChessRecord) -> Result<Self, LoadError> {
        let mut game = ChessGame::from_fen(&record.start)?;
        for (index, uci) in record.moves.iter().enumerate() {
            let bad = || LoadError::Move {
                index,
                uci: uci.chars().take(8).collect(),
            };
            let m = UciMove::from_ascii(uci.as_bytes()).map_err(|_| bad())?;
            game = game.play(&m).map_err(|_| bad())?;
        }
        let replayed = game.fen();
        if replayed != record.fen {
            return Err(LoadError::Mismatch {
                stored: record.fen.chars().take(100).collect(),
                replayed,
            });
        }
        if game.outcome().is_some() && (record.verdict.is_some() || record.draw_offer.is_some()) {
            return Err(LoadError::Verdict);
        }
        match record.verdict {
            None => {}
            Some(Outcome::Win {
                winner: 0 | 1,
                reason: WinReason::Resignation,
            })
            | Some(Outcome::Draw {
                reason: DrawReason::Agreement,
            }) => game.verdict = record.verdict,
            Some(_) => return Err(LoadError::Verdict),
        }
        game.draw_offer = match record.draw_offer {
            None => None,
            Some(seat) => Some(color_of(seat).ok_or(LoadError::Verdict)?),
        };
        if game.verdict.is_some() && game.draw_offer.is_some() {
            return Err(LoadError::Verdict);
        }
        Ok(game)
    }
}

/// The rules summary `/rules chess` shows.
pub const RULES: &str = "\
**Chess** (2 players; FIDE rules, as on the rule sheets). The game's creator plays White; White moves first.
**Moves:** type them in SAN (`e4`, `Nf3`, `exd5`, `O-O`, `O-O-O`, `e8=Q`) or as squares (`e2e4`, `e2-e4`, `e7e8q`). \
Case, capture marks and `+`/`#`/`!?` are optional: `nf3`, `0-0` and `e8q` work too. A lowercase `b` means a pawn on the b-file first, a bishop second.
**The game ends** by checkmate, by resignation (`resign`), or drawn: by stalemate, insufficient material, \
threefold repetition and the 50-move rule (these are drawn at once, nobody needs to claim them), or by agreement (`draw offer`, then the opponent's `draw accept`). \
Your own move leaves your offer standing for one reply; the opponent's move declines it.";

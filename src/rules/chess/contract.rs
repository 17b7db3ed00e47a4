//! The game contract: [`Rules`] for this game's type, apart from the rules themselves in
//! `mod.rs` so each file holds one concept.

use super::*;

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
        records: &[RecordFormat::Pgn],
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

    fn describe(&self, outcome: Outcome) -> String {
        match outcome {
            Outcome::Draw {
                reason: DrawReason::FiftyMoveRule,
            } => "the 50-move rule".into(),
            // Checkmate, stalemate, insufficient material, threefold and fivefold repetition
            // read as their names.
            _ => outcome.plain_words(),
        }
    }

    fn resign(&self, seat: Seat) -> Result<Self, PlayError> {
        let color = self.playing(seat)?;
        let mut next = self.clone();
        next.verdict = Some(Outcome::Win {
            winner: seat_of(!color),
            reason: WinReason::Resignation,
        });
        next.draw_offer = None;
        next.notice = None;
        Ok(next)
    }

    fn draw(&self, seat: Seat, action: DrawAction) -> Result<Self, PlayError> {
        match action {
            DrawAction::Offer => self.offer_draw(seat),
            DrawAction::Accept => self.accept_draw(seat),
            DrawAction::Decline => self.decline_draw(seat),
            DrawAction::Claim => self.claim_draw(seat),
        }
    }

    fn draw_offer(&self) -> Option<Seat> {
        self.draw_offer.map(seat_of)
    }

    /// Either player, while the position has occurred three times (sheet 004).
    fn may_claim_draw(&self, seat: Seat) -> bool {
        self.may_claim(seat)
    }

    fn notice(&self) -> Option<String> {
        self.notice.clone()
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

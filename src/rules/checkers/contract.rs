//! The game contract: [`Rules`] for this game's type, apart from the rules themselves in
//! `mod.rs` so each file holds one concept.

use super::*;

impl Rules for CheckersGame {
    type Move = CheckersMove;

    const INFO: Info = Info {
        name: "checkers",
        title: "Checkers",
        aliases: &[],
        rulesets: &["forced", "huff-000", "huff-004"],
        more_rulesets: None,
        seats: (2, 2),
        seat_names: &["Black", "White"],
        rules: RULES,
        records: &[RecordFormat::Pdn],
    };

    fn new(ruleset: &str, _seats: usize) -> Result<Self, SetupError> {
        let variant = Variant::named(ruleset)
            .ok_or_else(|| SetupError::unknown_ruleset(&Self::INFO, ruleset))?;
        Ok(CheckersGame::starting_at(variant, Position::START))
    }

    fn turn(&self) -> Turn {
        match self.outcome() {
            Some(outcome) => Turn::Over(outcome),
            None => Turn::Move(self.pos.turn),
        }
    }

    fn parse(&self, seat: Seat, text: &str) -> Result<CheckersMove, ParseError> {
        notation::parse(self, seat, text)
    }

    fn format(&self, m: &CheckersMove) -> String {
        m.to_string()
    }

    fn legal(&self, seat: Seat) -> Vec<CheckersMove> {
        if self.outcome().is_some() || seat != self.pos.turn {
            return Vec::new();
        }
        self.options()
    }

    fn apply(&self, seat: Seat, m: &CheckersMove) -> Result<Self, PlayError> {
        self.playing(seat)?;
        if seat != self.pos.turn {
            return Err(PlayError::NotYourTurn);
        }
        self.play(m)
    }

    fn describe(&self, outcome: Outcome) -> String {
        match outcome {
            Outcome::Win {
                reason: WinReason::AllCaptured,
                ..
            } => "capturing every piece".into(),
            Outcome::Win {
                reason: WinReason::Blocked,
                ..
            } => "leaving no legal move".into(),
            Outcome::Draw {
                reason: DrawReason::FortyMoveRule,
            } => "40 moves each without a capture or a man's move".into(),
            _ => outcome.plain_words(),
        }
    }

    fn resign(&self, seat: Seat) -> Result<Self, PlayError> {
        self.playing(seat)?;
        let mut next = self.clone();
        next.verdict = Some(Outcome::Win {
            winner: 1 - seat,
            reason: WinReason::Resignation,
        });
        next.draw_offer = None;
        next.notice = None;
        Ok(next)
    }

    fn draw(&self, seat: Seat, action: DrawAction) -> Result<Self, PlayError> {
        self.playing(seat)?;
        let mut next = self.clone();
        next.notice = None;
        match (action, self.draw_offer) {
            (DrawAction::Offer, Some(s)) if s == seat => return Err(PlayError::AlreadyOffered),
            (DrawAction::Offer, None) => next.draw_offer = Some(seat),
            (DrawAction::Offer | DrawAction::Accept, Some(_)) if self.draw_offer != Some(seat) => {
                next.draw_offer = None;
                next.verdict = Some(Outcome::Draw {
                    reason: DrawReason::Agreement,
                });
            }
            (DrawAction::Accept, _) => return Err(PlayError::NoOffer),
            (DrawAction::Decline, None) => return Err(PlayError::NoOffer),
            (DrawAction::Decline, Some(_)) => next.draw_offer = None,
            (DrawAction::Claim, _) => return Err(PlayError::NoClaim),
            (DrawAction::Offer, Some(_)) => return Err(PlayError::AlreadyOffered),
        }
        Ok(next)
    }

    fn draw_offer(&self) -> Option<Seat> {
        self.draw_offer
    }

    fn notice(&self) -> Option<String> {
        self.notice.clone()
    }

    /// Only while a failure to capture waits for an answer: the huffs, `undo` and `pass` (with
    /// the moves, when all fit). A plain move is typed, as in any game without dice.
    fn menu(&self, seat: Seat, max: usize) -> Option<Vec<String>> {
        if self.options_summary(seat).is_none() || self.legal(seat).is_empty() {
            return None;
        }
        let moves: Vec<String> = self.options().iter().map(ToString::to_string).collect();
        if moves.len() <= max {
            return Some(moves);
        }
        let answers: Vec<String> = moves
            .into_iter()
            .filter(|m| !m.starts_with(char::is_numeric))
            .collect();
        (!answers.is_empty() && answers.len() <= max).then_some(answers)
    }

    /// While a failure to capture waits for an answer, says what the player may do about it.
    fn options_summary(&self, seat: Seat) -> Option<String> {
        let p = self
            .pending
            .as_ref()
            .filter(|_| seat == self.pos.turn && self.outcome().is_none())?;
        let huffs: Vec<String> = p
            .offenders
            .iter()
            .map(|b| format!("`huff {}`", b + 1))
            .collect();
        Some(format!(
            "{} failed to capture ({}): {}{}, or `pass`; then your move.",
            seat_name(1 - seat),
            p.missed.join(", "),
            huffs.join(", "),
            if p.before.is_some() {
                ", `undo` (they must capture instead)"
            } else {
                ""
            },
        ))
    }

    fn examples(&self, seat: Seat, limit: usize) -> Vec<String> {
        self.legal(seat)
            .iter()
            .take(limit)
            .map(ToString::to_string)
            .collect()
    }

    fn position(&self) -> Option<String> {
        Some(self.fen())
    }

    /// Forced capture only, and not while a huff is pending: the published count.
    fn perft(&self, depth: u32) -> Option<u64> {
        (self.variant == Variant::Forced && self.verdict.is_none()).then(|| self.pos.perft(depth))
    }

    fn from_position(text: &str) -> Result<Self, LoadError> {
        let pos = position::read_fen(text).map_err(LoadError::Invalid)?;
        Ok(CheckersGame::starting_at(Variant::Forced, pos))
    }
}

//! Draws a player asks for: an offer and its answer (sheets 000 and 004 "both players agree"),
//! and the claim of a threefold repetition (sheet 004 "may be declared a draw").

use super::{ChessGame, Color};
use crate::rules::{DrawReason, Outcome, PlayError, Seat};

/// Why a claim is refused, in words.
const NO_REPETITION: &str = "a draw can be claimed only while the position on the board has \
     occurred three times with the same player to move";

impl ChessGame {
    /// Returns how many times the current position has occurred, this time included (same
    /// pieces, same player to move, same castling rights and en passant captures: FIDE 9.2.2).
    pub fn repetitions(&self) -> usize {
        let now = self.hashes.last();
        self.hashes.iter().filter(|h| Some(*h) == now).count()
    }

    /// Returns the Zobrist hash of every position of the game, the start first and the
    /// current one last (what a search needs to see repetitions coming).
    pub fn position_hashes(&self) -> &[super::Zobrist64] {
        &self.hashes
    }

    /// Returns whether `seat` may claim a draw now: either player may, while the position on
    /// the board has occurred three times (sheet 004), until the game moves on.
    pub(super) fn may_claim(&self, seat: Seat) -> bool {
        self.playing(seat).is_ok() && self.repetitions() >= 3
    }

    /// Ends the game drawn by threefold repetition, claimed by `seat`.
    pub(super) fn claim_draw(&self, seat: Seat) -> Result<ChessGame, PlayError> {
        self.playing(seat)?;
        if self.repetitions() < 3 {
            return Err(PlayError::Illegal(NO_REPETITION.into()));
        }
        let mut next = self.clone();
        next.verdict = Some(Outcome::Draw {
            reason: DrawReason::ThreefoldRepetition,
        });
        next.draw_offer = None;
        next.notice = None;
        Ok(next)
    }

    /// Records a draw offer from `seat`, or agrees to a draw if the opponent offered one.
    pub(super) fn offer_draw(&self, seat: Seat) -> Result<ChessGame, PlayError> {
        let color = self.playing(seat)?;
        match self.draw_offer {
            Some(c) if c == color => Err(PlayError::AlreadyOffered),
            Some(_) => self.accept_draw(seat),
            None => {
                let mut next = self.clone();
                next.draw_offer = Some(color);
                next.notice = None;
                Ok(next)
            }
        }
    }

    /// Accepts the opponent's standing draw offer, ending the game drawn.
    pub(super) fn accept_draw(&self, seat: Seat) -> Result<ChessGame, PlayError> {
        let color: Color = self.playing(seat)?;
        if self.draw_offer != Some(!color) {
            return Err(PlayError::NoOffer);
        }
        let mut next = self.clone();
        next.verdict = Some(Outcome::Draw {
            reason: DrawReason::Agreement,
        });
        next.draw_offer = None;
        next.notice = None;
        Ok(next)
    }

    /// Declines (or, for the offerer, withdraws) the standing draw offer.
    pub(super) fn decline_draw(&self, seat: Seat) -> Result<ChessGame, PlayError> {
        self.playing(seat)?;
        if self.draw_offer.is_none() {
            return Err(PlayError::NoOffer);
        }
        let mut next = self.clone();
        next.draw_offer = None;
        next.notice = None;
        Ok(next)
    }
}

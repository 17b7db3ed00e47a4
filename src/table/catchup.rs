//! What a frontend needs to answer in time and to catch up after an outage: every move of
//! the player to move in a game (to keep ready for autocomplete), and the channels with an
//! active game with the newest message handled in each.

use crate::rules::Turn;
use crate::store::Unread;

use super::Table;

/// The legal moves of the player to move in a game at one point (its seq).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Suggestions {
    pub game: i64,
    pub seq: i64,
    /// The user id of the player to move.
    pub user: String,
    /// Every legal move, written as the game writes it.
    pub moves: Vec<String>,
}

impl Table {
    /// Returns the moves of the player to move in game `game` now, or `None` when nobody is
    /// to move (a roll, a finished game) or the game cannot be read.
    pub async fn suggestions(&self, game: i64) -> Option<Suggestions> {
        let row = self.store.game(game).await.ok()?;
        let seats = self.seats(game).await.ok()?;
        let state = super::stored_game(&row).ok()?;
        let Turn::Move(seat) = state.turn() else {
            return None;
        };
        let user = seats
            .iter()
            .find(|s| s.seat as usize == seat && s.joined)?
            .user_id
            .clone();
        let moves = state.legal(seat).iter().map(|m| state.format(m)).collect();
        Some(Suggestions {
            game,
            seq: row.seq,
            user,
            moves,
        })
    }

    /// Returns up to `limit` active games with the newest channel message handled in each.
    pub async fn unread_channels(&self, limit: usize) -> Vec<Unread> {
        match self.store.unread_channels(limit).await {
            Ok(games) => games,
            Err(e) => {
                tracing::warn!(error = %e, "cannot list the channels to catch up on");
                Vec::new()
            }
        }
    }

    /// Claims a channel message for the channel's open game, so it is handled once; false
    /// when it was handled already (or the database cannot say, to be safe).
    pub async fn claim_message(&self, guild: &str, channel: &str, message: i64) -> bool {
        match self.store.claim_message(guild, channel, message).await {
            Ok(claimed) => claimed,
            Err(e) => {
                tracing::warn!(error = %e, "cannot claim a channel message");
                false
            }
        }
    }
}

/// Returns true when a move's notation fits what a player has typed so far (ignoring case,
/// capture and check marks), as autocomplete filters.
pub fn fits_typed(notation: &str, typed: &str) -> bool {
    super::hints::loose(notation).starts_with(&super::hints::loose(typed))
}

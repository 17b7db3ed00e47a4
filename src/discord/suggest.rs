//! `/move` suggestions within Discord's deadline. Autocomplete cannot be deferred, and an
//! answer after 3 seconds is refused, so the database gets [`BUDGET`]; past it the answer is
//! what is ready: the moves kept for the game's current turn (warmed after every announced
//! turn, keyed by game and seq), or none. Never late.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::table::{Ctx, Reply, Suggestions, Table, fits_typed};

/// How long autocomplete waits for the database before answering with what is ready.
pub const BUDGET: Duration = Duration::from_secs(2);

/// The moves of the player to move, per channel, for the newest turn this process saw.
#[derive(Default)]
pub(crate) struct Ready {
    by_channel: Mutex<HashMap<String, Suggestions>>,
}

impl Ready {
    /// Answers what `who` has typed: the database's answer within [`BUDGET`], else the moves
    /// kept for the channel's game if `who` is the one to move, else nothing.
    pub(crate) async fn suggest(&self, table: &Table, who: &Ctx, typed: &str) -> Vec<String> {
        match tokio::time::timeout(BUDGET, table.legal_moves(who, typed)).await {
            Ok(moves) => moves,
            Err(_) => {
                tracing::warn!(channel = %who.channel, "the database was too slow for autocomplete; answering with the moves kept");
                self.kept(who, typed)
            }
        }
    }

    /// The kept moves of `who` in their channel that fit `typed`.
    fn kept(&self, who: &Ctx, typed: &str) -> Vec<String> {
        let by_channel = self.by_channel.lock().unwrap_or_else(|p| p.into_inner());
        by_channel
            .get(&who.channel)
            .filter(|s| s.user == who.user.id)
            .map(|s| {
                s.moves
                    .iter()
                    .filter(|m| fits_typed(m, typed))
                    .cloned()
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Keeps the moves of the turn a public reply announced in `channel`, computed in the
    /// background; a closed game's are dropped. Does nothing for replies about no game.
    pub(crate) fn warm(self: &Arc<Ready>, table: &Table, channel: &str, reply: &Reply) {
        let Some(game) = reply.game.filter(|_| !reply.private) else {
            return;
        };
        if game.closed {
            self.forget(channel, game.id);
            return;
        }
        if self.has(channel, game.id, game.seq) {
            return;
        }
        let (ready, table, channel) = (Arc::clone(self), table.clone(), channel.to_string());
        tokio::spawn(async move {
            match table.suggestions(game.id).await {
                Some(moves) => ready.keep(&channel, moves),
                None => ready.forget(&channel, game.id),
            }
        });
    }

    fn has(&self, channel: &str, game: i64, seq: i64) -> bool {
        let by_channel = self.by_channel.lock().unwrap_or_else(|p| p.into_inner());
        by_channel
            .get(channel)
            .is_some_and(|s| s.game == game && s.seq >= seq)
    }

    /// Keeps `moves` unless newer ones of the same game are kept already.
    fn keep(&self, channel: &str, moves: Suggestions) {
        let mut by_channel = self.by_channel.lock().unwrap_or_else(|p| p.into_inner());
        let newer = by_channel
            .get(channel)
            .is_some_and(|s| s.game == moves.game && s.seq > moves.seq);
        if !newer {
            by_channel.insert(channel.to_string(), moves);
        }
    }

    fn forget(&self, channel: &str, game: i64) {
        let mut by_channel = self.by_channel.lock().unwrap_or_else(|p| p.into_inner());
        if by_channel.get(channel).is_some_and(|s| s.game == game) {
            by_channel.remove(channel);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::User;

    fn who(user: &str) -> Ctx {
        Ctx {
            guild: "g".into(),
            channel: "c".into(),
            user: User::named(user),
            admin: false,
        }
    }

    fn moves(seq: i64, user: &str, list: &[&str]) -> Suggestions {
        Suggestions {
            game: 1,
            seq,
            user: User::named(user).id,
            moves: list.iter().map(|m| m.to_string()).collect(),
        }
    }

    #[test]
    fn kept_moves_are_only_for_the_player_to_move_and_never_go_back_a_turn() {
        let ready = Ready::default();
        ready.keep("c", moves(3, "alice", &["Nf3", "Nc3", "e4"]));
        assert_eq!(ready.kept(&who("alice"), "n"), ["Nf3", "Nc3"]);
        assert!(ready.kept(&who("bob"), "").is_empty());
        ready.keep("c", moves(2, "bob", &["e5"]));
        assert_eq!(
            ready.kept(&who("alice"), "e").len(),
            1,
            "an older turn is ignored"
        );
        ready.forget("c", 1);
        assert!(ready.kept(&who("alice"), "").is_empty());
    }
}

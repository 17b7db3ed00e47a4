//! Bot turns waiting for a permission: a bot seat's turn is played only when the bot may
//! announce it in the game's channel (see [`super::access`]). A game whose bot cannot post
//! there is left alone, logged once, and tried again when a permission may have changed (a
//! role, channel or member update) or, backing off, on a later wake; meanwhile every
//! interaction in that channel tells the person privately what the bot is waiting for.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use poise::serenity_prelude as serenity;
use serenity::ChannelId;

/// The first wait before a blocked game is looked at again without a permission change.
const FIRST_BACKOFF: Duration = Duration::from_secs(30);

/// The longest such wait.
const MAX_BACKOFF: Duration = Duration::from_secs(30 * 60);

/// One game's blocked bot turn.
struct Blocked {
    channel: ChannelId,
    missing: Vec<&'static str>,
    backoff: Duration,
    next_try: Instant,
}

/// The games whose bot turn waits for a permission, shared by the bot-turn loop and the
/// interaction handlers.
#[derive(Default)]
pub(crate) struct Waiting {
    blocked: Mutex<HashMap<i64, Blocked>>,
}

impl Waiting {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<i64, Blocked>> {
        self.blocked.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Whether `game`'s bot turn may be tried at `now`: it is not blocked, or its wait is over.
    pub(crate) fn due(&self, game: i64, now: Instant) -> bool {
        self.lock().get(&game).is_none_or(|b| b.next_try <= now)
    }

    /// Records that `game`'s bot cannot post in `channel` for lack of `missing`, waiting twice
    /// as long as last time before the next try. Returns true when the game was not blocked
    /// before, or now lacks other permissions (the caller logs only then).
    pub(crate) fn block(
        &self,
        game: i64,
        channel: ChannelId,
        missing: Vec<&'static str>,
        now: Instant,
    ) -> bool {
        let mut blocked = self.lock();
        let (backoff, news) = match blocked.get(&game) {
            Some(b) => ((b.backoff * 2).min(MAX_BACKOFF), b.missing != missing),
            None => (FIRST_BACKOFF, true),
        };
        blocked.insert(
            game,
            Blocked {
                channel,
                missing,
                backoff,
                next_try: now + backoff,
            },
        );
        news
    }

    /// Forgets `game`'s block: its bot may post again. Returns true when it was blocked.
    pub(crate) fn clear(&self, game: i64) -> bool {
        self.lock().remove(&game).is_some()
    }

    /// Whether any bot turn waits.
    pub(crate) fn any(&self) -> bool {
        !self.lock().is_empty()
    }

    /// Forgets the blocks of games not in `games`, the full list of games that may have a
    /// bot turn: a game that ended or was closed while it waited has nothing to tell.
    pub(crate) fn keep_only(&self, games: &[i64]) {
        self.lock().retain(|game, _| games.contains(game));
    }

    /// Makes every blocked game due at once: a permission may have changed.
    pub(crate) fn retry_all(&self, now: Instant) {
        for b in self.lock().values_mut() {
            b.next_try = now;
        }
    }

    /// Returns the permissions a bot turn in `channel` waits for, if one waits.
    pub(crate) fn in_channel(&self, channel: ChannelId) -> Option<Vec<&'static str>> {
        self.lock()
            .values()
            .find(|b| b.channel == channel)
            .map(|b| b.missing.clone())
    }
}

/// What a person reads, privately, when the bot's turn in their channel waits for `missing`.
pub(crate) fn notice(missing: &[&str]) -> String {
    format!(
        "The bot's turn in this game is waiting: I cannot post in this channel, so nobody would \
         see its move. I am missing the permission{} **{}** here; please ask a server admin to \
         give it to me, and the bot will play at once.",
        if missing.len() == 1 { "" } else { "s" },
        missing.join("**, **"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_blocked_bot_turn_backs_off_doubling_and_is_due_again_after_a_permission_change() {
        let w = Waiting::default();
        let (t0, channel) = (Instant::now(), ChannelId::new(7));
        assert!(w.due(1, t0));
        assert!(
            w.block(1, channel, vec!["Send Messages"], t0),
            "logged once"
        );
        assert!(!w.due(1, t0 + FIRST_BACKOFF / 2));
        assert!(w.due(1, t0 + FIRST_BACKOFF));
        let t1 = t0 + FIRST_BACKOFF;
        assert!(
            !w.block(1, channel, vec!["Send Messages"], t1),
            "not logged again"
        );
        assert!(!w.due(1, t1 + FIRST_BACKOFF), "the wait doubled");
        assert!(w.due(1, t1 + FIRST_BACKOFF * 2));
        assert_eq!(w.in_channel(channel), Some(vec!["Send Messages"]));
        assert_eq!(w.in_channel(ChannelId::new(8)), None);
        w.retry_all(t1);
        assert!(w.due(1, t1), "a permission change makes it due at once");
        for _ in 0..20 {
            w.block(1, channel, vec!["Send Messages"], t1);
        }
        assert!(w.due(1, t1 + MAX_BACKOFF), "the wait is bounded");
        assert!(w.clear(1));
        assert_eq!(w.in_channel(channel), None);
        assert!(w.due(1, t1));
    }

    #[test]
    fn a_game_that_ended_while_its_bot_waited_is_no_longer_said_to_wait() {
        let w = Waiting::default();
        let now = Instant::now();
        w.block(1, ChannelId::new(7), vec!["Send Messages"], now);
        w.block(2, ChannelId::new(8), vec!["Embed Links"], now);
        w.keep_only(&[2, 3]);
        assert_eq!(w.in_channel(ChannelId::new(7)), None);
        assert_eq!(w.in_channel(ChannelId::new(8)), Some(vec!["Embed Links"]));
        assert!(w.any());
    }
}

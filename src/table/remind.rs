//! Turn reminders: the player to move is pinged in the game's channel (or by DM, if they chose
//! `/notify dm`) a day into their turn, and once more when a quarter of a time limit is left;
//! one due in the player's quiet hours waits until they end. The store schedules and claims
//! them (see `Store::claim_reminders`); a frontend posts them and then acknowledges each.

use crate::rules::Game;
use crate::store::{GameRow, Notify};

use super::Table;
use super::command::{Choice, GameRef, Reply, mention};

/// A reminder claimed for posting: where it goes and what it says.
#[derive(Clone, Debug)]
pub struct Reminder {
    pub guild: String,
    pub channel: String,
    pub reply: Reply,
    /// The user to reach by direct message instead of the channel, when they opted in
    /// (`/notify dm`); a frontend that cannot reach them posts in the channel.
    pub dm: Option<String>,
    claimed: GameRow,
    next: Option<i64>,
}

impl Table {
    /// Claims up to `limit` due reminders and words each; a frontend posts them, then calls
    /// [`reminded`](Self::reminded). Failures are logged and leave the reminders to be claimed
    /// again once their lease runs out.
    pub async fn due_reminders(&self, limit: usize) -> Vec<Reminder> {
        let claimed = match self.store.claim_reminders(limit).await {
            Ok(claimed) => claimed,
            Err(e) => {
                tracing::error!(error = %e, "could not claim reminders");
                return Vec::new();
            }
        };
        let mut out = Vec::with_capacity(claimed.len());
        for row in claimed {
            match self.word_reminder(&row).await {
                Worded::Send(reminder) => out.push(*reminder),
                Worded::Wait(until) => {
                    // The player's quiet hours: the same reminder comes when they end, unless
                    // a move reschedules the turn first.
                    if let Err(e) = self.store.reminder_sent(&row, Some(until)).await {
                        tracing::error!(error = %e, game = row.id, "could not delay a reminder");
                    }
                }
                Worded::Drop => {
                    // Nothing to remind of (a damaged state, nobody to move): stop reminding.
                    if let Err(e) = self.store.reminder_sent(&row, None).await {
                        tracing::error!(error = %e, game = row.id, "could not drop a reminder");
                    }
                }
            }
        }
        out
    }

    /// Records that a reminder was posted and schedules the turn's next one, if any.
    pub async fn reminded(&self, reminder: &Reminder) {
        if let Err(e) = self
            .store
            .reminder_sent(&reminder.claimed, reminder.next)
            .await
        {
            tracing::error!(error = %e, game = reminder.claimed.id, "could not record a reminder");
        }
    }

    async fn word_reminder(&self, row: &GameRow) -> Worded {
        let Ok(game) = serde_json::from_str::<Game>(&row.state) else {
            return Worded::Drop;
        };
        let Some(seat) = game.turn().seat() else {
            return Worded::Drop;
        };
        let Ok(seats) = self.seats(row.id).await else {
            return Worded::Drop;
        };
        // The bot plays its turn itself; it is never reminded.
        let Some(player) = seats
            .iter()
            .find(|s| s.seat as usize == seat && s.bot_level().is_none())
        else {
            return Worded::Drop;
        };
        let now = self.store.now();
        let choices = match self
            .store
            .player_settings(&row.guild, &player.user_id)
            .await
        {
            Ok(p) => p,
            Err(e) => {
                tracing::warn!(error = %e, game = row.id, "could not read a player's choices");
                crate::store::PlayerSettings::default()
            }
        };
        if let Some(until) = choices.quiet.and_then(|q| q.ends_after(now)) {
            return Worded::Wait(until);
        }
        let kind = game.kind();
        let mut text = format!(
            "{}, a reminder: it is your turn in {} game #{} since <t:{}:R>.",
            mention(&player.user_id),
            kind.title(),
            row.id,
            row.updated_at
        );
        let next = match (row.deadline_at, row.move_days) {
            (Some(deadline), Some(days)) => {
                text.push_str(&format!(
                    " Time to move: until <t:{deadline}:f> (<t:{deadline}:R>), then the others may `/claim` the game."
                ));
                let last_quarter = deadline - days * 86_400 / 4;
                (now < last_quarter).then_some(last_quarter)
            }
            _ => None,
        };
        if choices.notify == Notify::Dm {
            text.push_str(&format!(" The game is in <#{}>.", row.channel));
        }
        Worded::Send(Box::new(Reminder {
            dm: (choices.notify == Notify::Dm).then(|| player.user_id.clone()),
            guild: row.guild.clone(),
            channel: row.channel.clone(),
            reply: Reply {
                text,
                ping: vec![player.user_id.clone()],
                choices: vec![Choice {
                    label: "Board".into(),
                    command: "board".into(),
                }],
                game: Some(GameRef {
                    id: row.id,
                    seq: row.seq,
                    closed: false,
                }),
                ..Reply::default()
            },
            claimed: row.clone(),
            next,
        }))
    }
}

/// What becomes of a claimed reminder.
enum Worded {
    /// Post it.
    Send(Box<Reminder>),
    /// The player's quiet hours: hold it until this time.
    Wait(i64),
    /// Nothing to remind of (a damaged state, nobody to move): stop reminding.
    Drop,
}

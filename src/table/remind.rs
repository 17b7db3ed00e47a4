//! Turn reminders: the player to move is pinged in the game's channel a day into their turn,
//! and once more when a quarter of a time limit is left. The store schedules and claims them
//! (see `Store::claim_reminders`); a frontend posts them and then acknowledges each.

use crate::rules::Game;
use crate::store::GameRow;

use super::Table;
use super::command::{Choice, GameRef, Reply, mention};

/// A reminder claimed for posting: where it goes and what it says.
#[derive(Clone, Debug)]
pub struct Reminder {
    pub guild: String,
    pub channel: String,
    pub reply: Reply,
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
                Some(reminder) => out.push(reminder),
                None => {
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

    async fn word_reminder(&self, row: &GameRow) -> Option<Reminder> {
        let game: Game = serde_json::from_str(&row.state).ok()?;
        let seat = game.turn().seat()?;
        let seats = self.seats(row.id).await.ok()?;
        // The bot plays its turn itself; it is never reminded.
        let player = seats
            .iter()
            .find(|s| s.seat as usize == seat && s.bot_level().is_none())?;
        let kind = game.kind();
        let mut text = format!(
            "{}, a reminder: it is your turn in {} game #{} since <t:{}:R>.",
            mention(&player.user_id),
            kind.title(),
            row.id,
            row.updated_at
        );
        let now = self.store.now();
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
        Some(Reminder {
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
        })
    }
}

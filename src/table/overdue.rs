//! Claims made by the scheduler: when a turn's deadline has passed and the server's grace
//! period (`grace_hours`, fixed per table when it opens) has passed too, the game ends as a
//! `/claim` would end it: with two players the other wins, and it rates; with three or more
//! the late player's seat resigns, as that game's rules treat a resignation, and play goes on.

use crate::rules::Action;

use super::command::{Ctx, User, mention};
use super::settings::Notice;
use super::{Loaded, Table, TableError, stored_game};

impl Table {
    /// Claims up to `limit` games whose deadline and grace period both passed, and words a
    /// notice for each channel. Safe in several processes at once: each claim is one guarded
    /// commit, and only the process whose commit landed words it.
    pub async fn claim_overdue(&self, limit: usize) -> Vec<Notice> {
        let rows = match self.store.claims_due(limit).await {
            Ok(rows) => rows,
            Err(e) => {
                tracing::error!(error = %e, "could not list overdue games");
                return Vec::new();
            }
        };
        let mut out = Vec::new();
        for row in rows {
            let (guild, channel, id) = (row.guild.clone(), row.channel.clone(), row.id);
            match self.claim_for_absent(row).await {
                Ok(Some(reply)) => out.push(Notice {
                    guild,
                    channel,
                    reply,
                }),
                Ok(None) | Err(TableError::Conflict | TableError::NoGame) => {}
                Err(e) => tracing::error!(error = %e, game = id, "could not claim an overdue game"),
            }
        }
        out
    }

    /// Ends the late player's part in a game whose grace period passed; `None` when there is
    /// nothing to claim (a bot or nobody to move).
    async fn claim_for_absent(
        &self,
        row: crate::store::GameRow,
    ) -> Result<Option<super::Reply>, TableError> {
        let seats = self.seats(row.id).await?;
        let game = stored_game(&row)?;
        let Some(absent) = game.turn().seat() else {
            return Ok(None);
        };
        let Some(late) = super::play::seat_user(&seats, absent) else {
            return Ok(None);
        };
        let hours_late = row
            .deadline_at
            .map(|d| (self.store.now() - d) / 3600)
            .unwrap_or_default();
        let many = seats.len() > 2;
        let headline = format!(
            "{} ran out of time for a move{}; the game is claimed for the others by itself{}.",
            mention(&late),
            match hours_late {
                0 => String::new(),
                1 => " an hour ago".to_string(),
                h => format!(" {h} hours ago"),
            },
            if many {
                ": their seat resigns and play goes on without them"
            } else {
                ""
            }
        );
        // Logged as the late player's forfeit: nobody else acted.
        let ctx = Ctx {
            guild: row.guild.clone(),
            channel: row.channel.clone(),
            user: User {
                id: late.clone(),
                name: super::play::name(&seats, absent),
            },
            admin: false,
        };
        let loaded = Loaded { row, seats, game };
        let reply = self
            .act(
                &ctx,
                loaded,
                Action::Resign { seat: absent },
                "forfeit on time (claimed by itself)".into(),
                headline,
            )
            .await?;
        Ok(Some(reply))
    }
}

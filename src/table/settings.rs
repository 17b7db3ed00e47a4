//! A server's settings (`/settings`, changed by channel admins only) and what they drive:
//! the default time limit of new tables, when turn reminders come, and how long a table may
//! wait to be started before it is closed and its channel freed.

use crate::store::{
    GameRow, MAX_GRACE_HOURS, MAX_LOBBY_DAYS, MAX_MOVE_DAYS, MAX_REMIND_HOURS, MAX_VACATION_DAYS,
    Settings, Status, StoreError,
};

use super::command::{Ctx, Reply, SettingsChange};
use super::{Table, TableError};

/// A message a frontend posts by itself, not in answer to anyone: where and what.
#[derive(Clone, Debug)]
pub struct Notice {
    pub guild: String,
    pub channel: String,
    pub reply: Reply,
}

impl Table {
    pub(super) async fn settings(
        &self,
        ctx: &Ctx,
        change: SettingsChange,
    ) -> Result<Reply, TableError> {
        let mut settings = self.store.settings(&ctx.guild).await?;
        if change.is_empty() {
            return Ok(Reply::private(describe(
                &settings,
                "This server's settings",
            )));
        }
        if !ctx.admin {
            return Err(TableError::NotAllowed {
                who: "a channel admin (Manage Channels)",
                what: "change the server's settings; anyone may look at them with `/settings`",
            });
        }
        if let Some(d) = change.days {
            settings.days = match d {
                0 => None,
                1..=MAX_MOVE_DAYS => Some(d),
                _ => {
                    return Err(TableError::BadSetting(format!(
                        "`days` is 1 to {MAX_MOVE_DAYS} days per move, or 0 for no limit; not {d}."
                    )));
                }
            };
        }
        if let Some(h) = change.remind_hours {
            if !(0..=MAX_REMIND_HOURS).contains(&h) {
                return Err(TableError::BadSetting(format!(
                    "`remind_hours` is 1 to {MAX_REMIND_HOURS} hours, or 0 for no reminder; not {h}."
                )));
            }
            settings.remind_hours = h;
        }
        if let Some(d) = change.lobby_days {
            if !(1..=MAX_LOBBY_DAYS).contains(&d) {
                return Err(TableError::BadSetting(format!(
                    "`lobby_days` is 1 to {MAX_LOBBY_DAYS} days; not {d}."
                )));
            }
            settings.lobby_days = d;
        }
        if let Some(h) = change.grace_hours {
            if !(0..=MAX_GRACE_HOURS).contains(&h) {
                return Err(TableError::BadSetting(format!(
                    "`grace_hours` is 1 to {MAX_GRACE_HOURS} hours, or 0 to leave claims to the players; not {h}."
                )));
            }
            settings.grace_hours = h;
        }
        if let Some(d) = change.vacation_days {
            if !(0..=MAX_VACATION_DAYS).contains(&d) {
                return Err(TableError::BadSetting(format!(
                    "`vacation_days` is 0 to {MAX_VACATION_DAYS} days a year; not {d}."
                )));
            }
            settings.vacation_days = d;
        }
        if let Some(rate) = change.rate_bots {
            settings.rate_bots = rate;
        }
        self.store.save_settings(&ctx.guild, &settings).await?;
        let mut text = describe(
            &settings,
            &format!(
                "{} changed this server's settings",
                super::mention(&ctx.user.id)
            ),
        );
        text.push_str(
            "\nThe time limit, reminder delay and grace period apply to tables opened from now on; \
             `vacation_days` and `rate_bots` at once (`rate_bots` for games finishing from now on).",
        );
        Ok(Reply::text(text))
    }

    /// Closes `row` if it is a table that waited longer than its server allows to be
    /// started; returns the number of days it was allowed when it closed it. A table another
    /// process closed or started meanwhile is left alone (`None`).
    pub(super) async fn expire_lobby(&self, row: &GameRow) -> Result<Option<i64>, TableError> {
        if row.status != Status::Lobby {
            return Ok(None);
        }
        let settings = self.store.settings(&row.guild).await?;
        if self.store.now() - row.created_at < settings.lobby_seconds() {
            return Ok(None);
        }
        match self.close(row, Status::Aborted, &row.state, None).await {
            Ok(_) => {
                tracing::info!(game = row.id, "closed a table never started");
                Ok(Some(settings.lobby_days))
            }
            Err(TableError::Conflict | TableError::NoGame) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// Closes tables that waited too long to be started, at most `limit` per call, and words
    /// a notice for each channel freed. Safe to run in several processes at once: each table
    /// is closed by one guarded commit, and only the process whose commit landed words it.
    pub async fn expire_lobbies(&self, limit: usize) -> Vec<Notice> {
        // The shortest allowed wait is a day: younger tables are never looked at.
        let before = self.store.now() - 86_400;
        let rows = match self.store.lobbies_before(before, limit).await {
            Ok(rows) => rows,
            Err(e) => {
                tracing::error!(error = %e, "could not list old tables");
                return Vec::new();
            }
        };
        let mut out = Vec::new();
        for row in rows {
            match self.expire_lobby(&row).await {
                Ok(Some(days)) => out.push(Notice {
                    guild: row.guild.clone(),
                    channel: row.channel.clone(),
                    reply: Reply::text(TableError::LobbyExpired { id: row.id, days }.to_string()),
                }),
                Ok(None) => {}
                Err(e) => {
                    tracing::error!(error = %e, game = row.id, "could not close an old table")
                }
            }
        }
        out
    }

    /// The settings new tables in this server get.
    pub(super) async fn server_settings(&self, guild: &str) -> Result<Settings, StoreError> {
        self.store.settings(guild).await
    }
}

/// Words the settings for `/settings`, one per line.
fn describe(s: &Settings, headline: &str) -> String {
    let days = match s.days {
        Some(1) => "1 day per move".to_string(),
        Some(d) => format!("{d} days per move"),
        None => "none".to_string(),
    };
    let remind = match s.remind_hours {
        0 => "off (only when a quarter of a time limit is left)".to_string(),
        1 => "after 1 hour of a turn".to_string(),
        h => format!("after {h} hours of a turn"),
    };
    let grace = match s.grace_hours {
        0 => "off (the others `/claim` it)".to_string(),
        1 => "after 1 hour".to_string(),
        h => format!("after {h} hours"),
    };
    format!(
        "**{headline}**\n\
         • `days` (time limit when `/play` names none): {days}\n\
         • `remind_hours` (turn reminder): {remind}, and again when a quarter of a time limit is left\n\
         • `lobby_days` (a table not started is closed after): {} day{}\n\
         • `grace_hours` (after a passed deadline, the game is claimed by itself): {grace}\n\
         • `vacation_days` (`/vacation` allowed per player and year): {} day{}\n\
         • `rate_bots` (games against the bot change ratings; bots never show on a leaderboard): {}\n\
         Channel admins change them with `/settings days:3 remind_hours:12 lobby_days:7 grace_hours:24 vacation_days:14 rate_bots:off`.",
        s.lobby_days,
        if s.lobby_days == 1 { "" } else { "s" },
        s.vacation_days,
        if s.vacation_days == 1 { "" } else { "s" },
        if s.rate_bots { "on" } else { "off" }
    )
}

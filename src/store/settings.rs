//! A server's settings (`/settings`): one JSON value per guild in `guild_settings`.
//!
//! A stored value that does not read (an older or damaged row) never stops play: each field
//! that does not read, or is out of its range, falls back to its default, with a warning.

use serde::{Deserialize, Serialize};

use super::{Store, StoreError};

/// The longest time limit per move a server may choose, in days.
pub const MAX_MOVE_DAYS: i64 = 14;
/// The longest reminder delay, in hours (a week).
pub const MAX_REMIND_HOURS: i64 = 168;
/// The longest a table may wait to be started, in days.
pub const MAX_LOBBY_DAYS: i64 = 30;
/// The longest grace period after a passed deadline before the game is claimed by itself, in hours.
pub const MAX_GRACE_HOURS: i64 = 168;
/// The most vacation days a server may allow a player per year.
pub const MAX_VACATION_DAYS: i64 = 60;

/// What a server has chosen; [`Default`] is what a server that chose nothing gets.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// The time limit per move for tables opened without `days:`, in days; `None` for none.
    pub days: Option<i64>,
    /// Hours into a turn before the player to move is reminded; 0 for no such reminder.
    pub remind_hours: i64,
    /// Days a table may wait to be started before it is closed and its channel freed.
    pub lobby_days: i64,
    /// Hours after a passed deadline before the scheduler claims the game for the others
    /// (as `/claim` would); 0 for never (the others claim it themselves).
    #[serde(default)]
    pub grace_hours: i64,
    /// Days of `/vacation` each player may take per calendar year; 0 for none.
    #[serde(default = "default_vacation_days")]
    pub vacation_days: i64,
    /// Whether games against the bot are rated (its seats get ratings of their own, which no
    /// leaderboard shows); off by default.
    #[serde(default)]
    pub rate_bots: bool,
}

fn default_vacation_days() -> i64 {
    14
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            days: None,
            remind_hours: 24,
            lobby_days: 7,
            grace_hours: 0,
            vacation_days: default_vacation_days(),
            rate_bots: false,
        }
    }
}

impl Settings {
    /// Reads a stored value field by field; a field that is missing, of the wrong type or out
    /// of range keeps its default. Returns the settings and the fields that were dropped.
    pub fn read(text: &str) -> (Settings, Vec<&'static str>) {
        let mut out = Settings::default();
        let mut dropped = Vec::new();
        let Ok(serde_json::Value::Object(map)) = serde_json::from_str::<serde_json::Value>(text)
        else {
            return (out, vec!["the whole value"]);
        };
        let int = |key: &str| map.get(key).map(serde_json::Value::as_i64);
        match map.get("days") {
            None | Some(serde_json::Value::Null) => {}
            Some(v) => match v.as_i64().filter(|d| (1..=MAX_MOVE_DAYS).contains(d)) {
                Some(d) => out.days = Some(d),
                None => dropped.push("days"),
            },
        }
        match int("remind_hours") {
            None => {}
            Some(Some(h)) if (0..=MAX_REMIND_HOURS).contains(&h) => out.remind_hours = h,
            Some(_) => dropped.push("remind_hours"),
        }
        match int("lobby_days") {
            None => {}
            Some(Some(d)) if (1..=MAX_LOBBY_DAYS).contains(&d) => out.lobby_days = d,
            Some(_) => dropped.push("lobby_days"),
        }
        match int("grace_hours") {
            None => {}
            Some(Some(h)) if (0..=MAX_GRACE_HOURS).contains(&h) => out.grace_hours = h,
            Some(_) => dropped.push("grace_hours"),
        }
        match int("vacation_days") {
            None => {}
            Some(Some(d)) if (0..=MAX_VACATION_DAYS).contains(&d) => out.vacation_days = d,
            Some(_) => dropped.push("vacation_days"),
        }
        match map.get("rate_bots").map(serde_json::Value::as_bool) {
            None => {}
            Some(Some(b)) => out.rate_bots = b,
            Some(None) => dropped.push("rate_bots"),
        }
        (out, dropped)
    }

    /// Seconds after a passed deadline before the game is claimed by itself, if ever.
    pub fn claim_after(&self) -> Option<i64> {
        (self.grace_hours > 0).then_some(self.grace_hours * 3600)
    }

    /// Seconds into a turn before the first reminder (0 for none).
    pub fn remind_after(&self) -> i64 {
        self.remind_hours * 3600
    }

    /// Seconds a table may wait to be started.
    pub fn lobby_seconds(&self) -> i64 {
        self.lobby_days * 86_400
    }
}

impl Store {
    /// Returns a server's settings (the defaults when it chose none).
    ///
    /// # Errors
    /// [`StoreError::Database`] when the query fails.
    pub async fn settings(&self, guild: &str) -> Result<Settings, StoreError> {
        let stored: Option<String> =
            sqlx::query_scalar("SELECT settings FROM guild_settings WHERE guild = $1")
                .bind(guild)
                .fetch_optional(self.db())
                .await?;
        let Some(text) = stored else {
            return Ok(Settings::default());
        };
        let (settings, dropped) = Settings::read(&text);
        if !dropped.is_empty() {
            tracing::warn!(%guild, ?dropped, "stored server settings partly unreadable; defaults used");
        }
        Ok(settings)
    }

    /// Stores a server's settings, replacing what it had.
    ///
    /// # Errors
    /// [`StoreError::Database`] when the write fails.
    pub async fn save_settings(&self, guild: &str, settings: &Settings) -> Result<(), StoreError> {
        super::error::check_text("guild", guild)?;
        let text =
            serde_json::to_string(settings).map_err(|e| StoreError::Corrupt(e.to_string()))?;
        sqlx::query(
            "INSERT INTO guild_settings (guild, settings, updated_at) VALUES ($1, $2, $3) \
             ON CONFLICT (guild) DO UPDATE SET settings = $2, updated_at = $3",
        )
        .bind(guild)
        .bind(text)
        .bind(self.now())
        .execute(self.db())
        .await?;
        Ok(())
    }

    /// Returns tables (games not yet started) opened before `before`, oldest first.
    ///
    /// # Errors
    /// [`StoreError::Database`] or [`StoreError::Corrupt`] for a damaged row.
    pub async fn lobbies_before(
        &self,
        before: i64,
        limit: usize,
    ) -> Result<Vec<super::GameRow>, StoreError> {
        let rows = sqlx::query(concat!(
            "SELECT ",
            super::rows::game_columns!(),
            " FROM games WHERE status = 'lobby' AND created_at < $1 ORDER BY created_at LIMIT $2"
        ))
        .bind(before)
        .bind(i64::try_from(limit).unwrap_or(i64::MAX))
        .fetch_all(self.db())
        .await?;
        rows.iter().map(super::rows::game_row).collect()
    }
}

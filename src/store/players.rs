//! A player's own choices on one server (`/notify`, `/vacation`), and the games whose clocks
//! a vacation pauses.

use sqlx::Row;

use super::rows::{self, game_columns};
use super::{GameRow, Store, StoreError, Zone};

/// Where a player's turn reminders go.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Notify {
    /// In the game's channel, with a ping (the default).
    #[default]
    Channel,
    /// By direct message.
    Dm,
}

/// Hours in which a player is never reminded, in their own time zone: minutes after local
/// midnight, `from` inclusive to `to` exclusive, wrapping past midnight when `to <= from`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Quiet {
    pub from: i64,
    pub to: i64,
    /// The player's time zone: a fixed offset, or an IANA zone that follows daylight saving.
    pub zone: Zone,
}

impl Quiet {
    /// Returns when the quiet hours around `now` (unix seconds) end, or `None` when `now` is
    /// outside them; the end is the wall-clock time `to` in the player's zone.
    pub fn ends_after(&self, now: i64) -> Option<i64> {
        self.zone.hours_end_after(self.from, self.to, now)
    }
}

/// What a player chose on one server; [`Default`] for one who chose nothing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerSettings {
    pub notify: Notify,
    pub quiet: Option<Quiet>,
    /// The end of the vacation under way (unix seconds), if one was ever taken; it is over
    /// once this time has passed.
    pub vacation_until: Option<i64>,
    /// The calendar year `vacation_used` counts in.
    pub vacation_year: i64,
    /// Seconds of vacation taken or booked in `vacation_year`.
    pub vacation_used: i64,
}

impl PlayerSettings {
    /// Returns the end of the vacation under way at `now`, if any.
    pub fn away_until(&self, now: i64) -> Option<i64> {
        self.vacation_until.filter(|u| *u > now)
    }
}

impl Store {
    /// Returns a player's choices on a server (the defaults when they made none).
    ///
    /// # Errors
    /// [`StoreError::Database`] when the query fails.
    pub async fn player_settings(
        &self,
        guild: &str,
        user: &str,
    ) -> Result<PlayerSettings, StoreError> {
        let row = sqlx::query(
            "SELECT notify_dm, quiet_from, quiet_to, tz_minutes, tz_name, vacation_until, \
             vacation_year, vacation_used FROM player_settings WHERE guild = $1 AND user_id = $2",
        )
        .bind(guild)
        .bind(user)
        .fetch_optional(self.db())
        .await?;
        let Some(row) = row else {
            return Ok(PlayerSettings::default());
        };
        let dm: i64 = row.try_get("notify_dm")?;
        let from: Option<i64> = row.try_get("quiet_from")?;
        let to: Option<i64> = row.try_get("quiet_to")?;
        let tz_minutes: i64 = row.try_get("tz_minutes")?;
        let tz_name: Option<String> = row.try_get("tz_name")?;
        // A name this build's zone database lacks falls back to the offset stored beside it.
        let zone = tz_name
            .as_deref()
            .and_then(Zone::named)
            .unwrap_or(Zone::Offset(tz_minutes));
        Ok(PlayerSettings {
            notify: if dm != 0 { Notify::Dm } else { Notify::Channel },
            quiet: match (from, to) {
                (Some(from), Some(to)) => Some(Quiet { from, to, zone }),
                _ => None,
            },
            vacation_until: row.try_get("vacation_until")?,
            vacation_year: row.try_get("vacation_year")?,
            vacation_used: row.try_get("vacation_used")?,
        })
    }

    /// Stores a player's choices on a server, replacing what they had.
    ///
    /// # Errors
    /// [`StoreError::Database`] when the write fails.
    pub async fn save_player_settings(
        &self,
        guild: &str,
        user: &str,
        p: &PlayerSettings,
    ) -> Result<(), StoreError> {
        super::error::check_text("guild", guild)?;
        super::error::check_text("user id", user)?;
        sqlx::query(
            "INSERT INTO player_settings (guild, user_id, notify_dm, quiet_from, quiet_to, \
             tz_minutes, vacation_until, vacation_year, vacation_used, tz_name) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) \
             ON CONFLICT (guild, user_id) DO UPDATE SET notify_dm = $3, quiet_from = $4, \
             quiet_to = $5, tz_minutes = $6, vacation_until = $7, vacation_year = $8, \
             vacation_used = $9, tz_name = $10",
        )
        .bind(guild)
        .bind(user)
        .bind(i64::from(p.notify == Notify::Dm))
        .bind(p.quiet.map(|q| q.from))
        .bind(p.quiet.map(|q| q.to))
        // A named zone keeps its offset now beside its name, for a build without the name.
        .bind(p.quiet.map_or(0, |q| q.zone.offset_at(self.now())))
        .bind(p.vacation_until)
        .bind(p.vacation_year)
        .bind(p.vacation_used)
        .bind(p.quiet.and_then(|q| q.zone.name()))
        .execute(self.db())
        .await?;
        Ok(())
    }

    /// Returns the active games on a server in which `user` holds a seat and some clock runs
    /// (a deadline or a reminder), each with the user's seat number.
    ///
    /// # Errors
    /// [`StoreError::Database`] or [`StoreError::Corrupt`] for a damaged row.
    pub async fn clocked_games_of(
        &self,
        guild: &str,
        user: &str,
    ) -> Result<Vec<(GameRow, i64)>, StoreError> {
        let found = sqlx::query(concat!(
            "SELECT CAST(s.seat AS BIGINT) AS my_seat, ",
            game_columns!(),
            " FROM games JOIN seats s ON s.game = games.id \
             WHERE games.guild = $1 AND s.user_id = $2 AND games.status = 'active' \
             AND (games.deadline_at IS NOT NULL OR games.next_reminder_at IS NOT NULL) \
             ORDER BY games.id"
        ))
        .bind(guild)
        .bind(user)
        .fetch_all(self.db())
        .await?;
        found
            .iter()
            .map(|r| Ok((rows::game_row(r)?, r.try_get("my_seat")?)))
            .collect()
    }

    /// Moves a game's deadline and next reminder by `seconds`, if the game is still at `seq`;
    /// returns whether it was.
    ///
    /// # Errors
    /// [`StoreError::Database`] when the update fails.
    pub async fn shift_clock(&self, game: i64, seq: i64, seconds: i64) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE games SET deadline_at = deadline_at + $3, \
             next_reminder_at = next_reminder_at + $3 \
             WHERE id = $1 AND seq = $2 AND status = 'active'",
        )
        .bind(game)
        .bind(seq)
        .bind(seconds)
        .execute(self.db())
        .await?;
        Ok(done.rows_affected() > 0)
    }

    /// Returns active games whose deadline and grace period have both passed, oldest deadline
    /// first: the scheduler claims them as `/claim` would.
    ///
    /// # Errors
    /// [`StoreError::Database`] or [`StoreError::Corrupt`] for a damaged row.
    pub async fn claims_due(&self, limit: usize) -> Result<Vec<GameRow>, StoreError> {
        let now = self.now();
        let found = sqlx::query(concat!(
            "SELECT ",
            game_columns!(),
            " FROM games WHERE status = 'active' AND claim_after IS NOT NULL \
             AND deadline_at <= $1 AND deadline_at + claim_after <= $1 \
             ORDER BY deadline_at LIMIT $2"
        ))
        .bind(now)
        .bind(i64::try_from(limit).unwrap_or(i64::MAX))
        .fetch_all(self.db())
        .await?;
        found.iter().map(rows::game_row).collect()
    }
}

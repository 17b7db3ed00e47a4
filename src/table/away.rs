//! A player's own time: `/vacation` pauses their clocks in every game of the server (deadlines
//! and reminders move by the time away), and `/notify` says where reminders reach them and
//! in which hours they never do.

use chrono::Datelike as _;

use crate::store::{MAX_VACATION_DAYS, Notify, PlayerSettings, Quiet, Zone};

use super::command::{Ctx, Reply, mention};
use super::{Table, TableError, stored_game};

const DAY: i64 = 86_400;

impl Table {
    /// Starts, changes (`days` from now) or ends (`days` 0) the caller's vacation.
    pub(super) async fn vacation(&self, ctx: &Ctx, days: i64) -> Result<Reply, TableError> {
        let settings = self.store.settings(&ctx.guild).await?;
        let now = self.store.now();
        let mut me = self.store.player_settings(&ctx.guild, &ctx.user.id).await?;
        let year = year_of(now);
        if me.vacation_year != year {
            me.vacation_year = year;
            me.vacation_used = 0;
        }
        let current = me.away_until(now);
        let unused = current.map_or(0, |until| until - now);
        let who = mention(&ctx.user.id);
        if days == 0 {
            if current.is_none() {
                return Err(TableError::BadSetting(
                    "You are not on vacation; `/vacation days:3` starts one.".into(),
                ));
            }
            // The days not taken go back to this year's allowance.
            me.vacation_used = (me.vacation_used - unused).max(0);
            me.vacation_until = Some(now);
            self.store
                .save_player_settings(&ctx.guild, &ctx.user.id, &me)
                .await?;
            let games = self.shift_turns(ctx, -unused).await?;
            return Ok(Reply::text(format!(
                "{who} is back from vacation: their clock runs again from now in {}.",
                clocks(games)
            )));
        }
        if !(1..=MAX_VACATION_DAYS).contains(&days) {
            return Err(TableError::BadSetting(format!(
                "A vacation is 1 to {MAX_VACATION_DAYS} days (0 ends the one under way), not {days}."
            )));
        }
        let allowed = settings.vacation_days * DAY;
        let taken = me.vacation_used - unused;
        if days * DAY > allowed - taken {
            let left = ((allowed - taken).max(0)) / DAY;
            return Err(TableError::BadSetting(format!(
                "This server allows {} day{} of vacation a year; you have {left} left this year.",
                settings.vacation_days,
                if settings.vacation_days == 1 { "" } else { "s" }
            )));
        }
        let until = now + days * DAY;
        me.vacation_used = taken + days * DAY;
        me.vacation_until = Some(until);
        self.store
            .save_player_settings(&ctx.guild, &ctx.user.id, &me)
            .await?;
        let games = self
            .shift_turns(ctx, until - current.unwrap_or(now))
            .await?;
        Ok(Reply::text(format!(
            "{who} is on vacation until <t:{until}:f> (<t:{until}:R>): their clock waits in {}, \
             and in every game whose turn comes to them meanwhile; deadlines and reminders move \
             by the time away. `/vacation days:0` ends it early.",
            clocks(games)
        )))
    }

    /// Moves the deadline and reminder of every game on the server in which the caller is to
    /// move by `seconds`; returns how many moved. A game that moves on meanwhile is left alone:
    /// its new turn was timed with the vacation already stored.
    async fn shift_turns(&self, ctx: &Ctx, seconds: i64) -> Result<usize, TableError> {
        let mut moved = 0;
        for (row, seat) in self
            .store
            .clocked_games_of(&ctx.guild, &ctx.user.id)
            .await?
        {
            let Ok(game) = stored_game(&row) else {
                continue;
            };
            if game.turn().seat() != usize::try_from(seat).ok() {
                continue;
            }
            if self.store.shift_clock(row.id, row.seq, seconds).await? {
                moved += 1;
            }
        }
        Ok(moved)
    }

    /// Returns the end of a player's vacation under way, if any.
    pub(super) async fn away_until(&self, guild: &str, user: &str) -> Option<i64> {
        match self.store.player_settings(guild, user).await {
            Ok(p) => p.away_until(self.store.now()),
            Err(e) => {
                tracing::warn!(error = %e, "could not read a player's vacation");
                None
            }
        }
    }

    /// Shows or changes where the caller's reminders go and their quiet hours.
    pub(super) async fn notify(
        &self,
        ctx: &Ctx,
        via: Option<&str>,
        quiet: Option<&str>,
        tz: Option<&str>,
    ) -> Result<Reply, TableError> {
        let mut me = self.store.player_settings(&ctx.guild, &ctx.user.id).await?;
        if via.is_none() && quiet.is_none() && tz.is_none() {
            return Ok(Reply::private(describe(&me)));
        }
        if let Some(via) = via {
            me.notify = match via.trim().to_ascii_lowercase().as_str() {
                "dm" | "dms" | "direct" => Notify::Dm,
                "channel" | "ping" => Notify::Channel,
                other => {
                    return Err(TableError::BadSetting(format!(
                        "Reminders go by `dm` or in the game's `channel`, not {}.",
                        crate::rules::shown(other)
                    )));
                }
            };
        }
        let zone = tz.map(parse_tz).transpose()?;
        match quiet.map(parse_quiet).transpose()? {
            Some(Some((from, to))) => {
                let zone = zone.or(me.quiet.map(|q| q.zone)).unwrap_or_default();
                me.quiet = Some(Quiet { from, to, zone });
            }
            Some(None) => me.quiet = None,
            None => match (zone, me.quiet.as_mut()) {
                (Some(zone), Some(q)) => q.zone = zone,
                (Some(_), None) => {
                    return Err(TableError::BadSetting(
                        "A time zone goes with quiet hours: \
                         `/notify quiet:22-07 tz:Europe/Paris`."
                            .into(),
                    ));
                }
                (None, _) => {}
            },
        }
        self.store
            .save_player_settings(&ctx.guild, &ctx.user.id, &me)
            .await?;
        Ok(Reply::private(describe(&me)))
    }
}

/// Says, for `/notify`, where reminders go and when they wait.
fn describe(p: &PlayerSettings) -> String {
    let via = match p.notify {
        Notify::Dm => "by direct message",
        Notify::Channel => "with a ping in the game's channel",
    };
    let quiet = match p.quiet {
        Some(q) => format!(
            "quiet hours {} to {} ({}): a reminder due then waits until they end",
            clock_time(q.from),
            clock_time(q.to),
            match q.zone {
                Zone::Named(tz) => tz.name().to_string(),
                Zone::Offset(minutes) => utc_offset(minutes),
            }
        ),
        None => "no quiet hours".to_string(),
    };
    format!(
        "Your turn reminders on this server come {via}; {quiet}. Change with \
         `/notify dm` or `/notify channel`, `/notify quiet:22-07 tz:Europe/Paris` (or an offset \
         such as `tz:+01:00`), `/notify quiet:off`."
    )
}

/// Counts the games whose clock a vacation moved: `1 game where it is their turn`.
fn clocks(games: usize) -> String {
    match games {
        1 => "1 game where it is their turn".to_string(),
        n => format!("{n} games where it is their turn"),
    }
}

fn year_of(unix: i64) -> i64 {
    chrono::DateTime::from_timestamp(unix, 0).map_or(0, |t| i64::from(t.year()))
}

fn clock_time(minutes: i64) -> String {
    format!("{:02}:{:02}", minutes / 60, minutes % 60)
}

fn utc_offset(minutes: i64) -> String {
    let sign = if minutes < 0 { '-' } else { '+' };
    format!("UTC{sign}{}", clock_time(minutes.abs()))
}

/// Reads quiet hours `22-07` or `22:30-07:00` (local times, the end excluded) as minutes
/// after midnight, or `off` as none.
fn parse_quiet(text: &str) -> Result<Option<(i64, i64)>, TableError> {
    let text = text.trim();
    if matches!(text.to_ascii_lowercase().as_str(), "off" | "none" | "0") {
        return Ok(None);
    }
    let bad = || {
        TableError::BadSetting(format!(
            "Quiet hours are written `22-07` or `22:30-07:00` (from-to, your local time), or \
             `off`; not {}.",
            crate::rules::shown(text)
        ))
    };
    let (from, to) = text.split_once('-').ok_or_else(bad)?;
    let from = time_of_day(from).ok_or_else(bad)?;
    let to = time_of_day(to).ok_or_else(bad)?;
    if from == to {
        return Err(bad());
    }
    Ok(Some((from, to)))
}

/// Reads `7`, `07`, `7:30` or `24` (midnight) as minutes after midnight.
fn time_of_day(text: &str) -> Option<i64> {
    let (h, m) = match text.trim().split_once(':') {
        Some((h, m)) => (h, m),
        None => (text.trim(), "0"),
    };
    let (h, m) = (h.parse::<i64>().ok()?, m.parse::<i64>().ok()?);
    if !(0..=24).contains(&h) || !(0..60).contains(&m) || (h == 24 && m != 0) {
        return None;
    }
    Some((h * 60 + m) % (24 * 60))
}

/// Reads a time zone: an IANA name such as `Europe/Paris` (any case), whose offset follows
/// daylight saving, or a fixed offset (see [`parse_offset`]).
fn parse_tz(text: &str) -> Result<Zone, TableError> {
    if let Some(minutes) = parse_offset(text) {
        return Ok(Zone::Offset(minutes));
    }
    Zone::named(text).ok_or_else(|| {
        TableError::BadSetting(format!(
            "A time zone is a name such as `Europe/Paris` or `America/New_York` (it follows \
             daylight saving), or an offset from UTC such as `+01:00`, `-05:00` or `UTC`; \
             not {}.",
            crate::rules::shown(text)
        ))
    })
}

/// Reads a UTC offset `+01:00`, `-5`, `+0530`, `UTC+2` or `UTC` as minutes.
fn parse_offset(text: &str) -> Option<i64> {
    let t = text.trim();
    let t = t
        .strip_prefix("UTC")
        .or_else(|| t.strip_prefix("utc"))
        .or_else(|| t.strip_prefix("GMT"))
        .unwrap_or(t);
    if t.is_empty() {
        return Some(0);
    }
    let (sign, rest) = match t.as_bytes()[0] {
        b'+' => (1, &t[1..]),
        b'-' => (-1, &t[1..]),
        _ => return None,
    };
    let (h, m) = match rest.split_once(':') {
        Some((h, m)) => (h, m),
        None if rest.len() == 4 => rest.split_at(2),
        None => (rest, "0"),
    };
    let (h, m) = (h.parse::<i64>().ok()?, m.parse::<i64>().ok()?);
    let minutes = sign * (h * 60 + m);
    if !(0..60).contains(&m) || !(-12 * 60..=14 * 60).contains(&minutes) {
        return None;
    }
    Some(minutes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quiet_hours_read_as_local_minutes_and_wrap_past_midnight() {
        assert_eq!(parse_quiet("22-07").unwrap(), Some((22 * 60, 7 * 60)));
        assert_eq!(parse_quiet("22:30-7:15").unwrap(), Some((1350, 435)));
        assert_eq!(parse_quiet("off").unwrap(), None);
        assert!(parse_quiet("7-7").is_err());
        assert!(parse_quiet("25-07").is_err());
        assert_eq!(parse_tz("+01:00").unwrap(), Zone::Offset(60));
        assert_eq!(parse_tz("UTC-5").unwrap(), Zone::Offset(-300));
        assert_eq!(parse_tz("+0530").unwrap(), Zone::Offset(330));
        assert_eq!(parse_tz("UTC").unwrap(), Zone::Offset(0));
        assert!(parse_tz("+15").is_err());
        assert_eq!(
            parse_tz(" europe/paris ").unwrap().name(),
            Some("Europe/Paris")
        );
        assert!(parse_tz("Europe/Atlantis").is_err());
    }

    #[test]
    fn a_time_inside_quiet_hours_waits_until_their_local_end() {
        // 22:00-07:00 at UTC+01:00: 23:30 UTC is 00:30 local, six and a half hours to go.
        let q = Quiet {
            from: 22 * 60,
            to: 7 * 60,
            zone: Zone::Offset(60),
        };
        let midnight = 1_800_057_600; // a UTC midnight
        let at = midnight - 30 * 60;
        assert_eq!(q.ends_after(at), Some(at + 6 * 3600 + 30 * 60));
        // 12:00 UTC is 13:00 local: outside.
        assert_eq!(q.ends_after(midnight + 12 * 3600), None);
        // 20:59 UTC is 21:59 local: outside; 21:00 UTC is 22:00 local: inside.
        assert_eq!(q.ends_after(midnight + 20 * 3600 + 59 * 60), None);
        assert_eq!(
            q.ends_after(midnight + 21 * 3600),
            Some(midnight + 30 * 3600)
        );
    }
}

//! A player's time zone for quiet hours: a fixed offset from UTC (`+01:00`), or a zone of
//! the IANA database (`Europe/Paris`) whose offset follows its daylight-saving rules, so
//! "22-07" stays 22:00 to 07:00 on the wall clock all year.

use chrono::{DateTime, Duration, FixedOffset, LocalResult, NaiveDateTime, TimeZone, Timelike};

/// Where a player's local time comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Zone {
    /// A fixed offset from UTC, in minutes.
    Offset(i64),
    /// A zone of the IANA time zone database.
    Named(chrono_tz::Tz),
}

impl Default for Zone {
    fn default() -> Zone {
        Zone::Offset(0)
    }
}

impl Zone {
    /// Finds an IANA zone by its name, ignoring case (`europe/paris` is `Europe/Paris`).
    pub fn named(name: &str) -> Option<Zone> {
        let name = name.trim();
        chrono_tz::TZ_VARIANTS
            .iter()
            .find(|tz| tz.name().eq_ignore_ascii_case(name))
            .map(|tz| Zone::Named(*tz))
    }

    /// Returns the zone's IANA name, or `None` for a fixed offset.
    pub fn name(self) -> Option<&'static str> {
        match self {
            Zone::Named(tz) => Some(tz.name()),
            Zone::Offset(_) => None,
        }
    }

    /// Returns the zone's offset from UTC at unix second `at`, in minutes.
    pub fn offset_at(self, at: i64) -> i64 {
        match self {
            Zone::Offset(minutes) => minutes,
            Zone::Named(tz) => DateTime::from_timestamp(at, 0).map_or(0, |t| {
                let local = t.with_timezone(&tz).naive_local();
                (local - t.naive_utc()).num_minutes()
            }),
        }
    }

    /// Returns when the local hours `from`..`to` (minutes after local midnight, wrapping past
    /// midnight when `to <= from`) around `now` end, or `None` when `now` is outside them.
    pub(crate) fn hours_end_after(self, from: i64, to: i64, now: i64) -> Option<i64> {
        match self {
            Zone::Offset(minutes) => {
                let fixed = FixedOffset::east_opt(i32::try_from(minutes * 60).ok()?)?;
                end_after(&fixed, from, to, now)
            }
            Zone::Named(tz) => end_after(&tz, from, to, now),
        }
    }
}

/// [`Zone::hours_end_after`] in any time zone: the end is the next wall-clock time `to`, so
/// a night that spans a daylight-saving change is an hour shorter or longer.
fn end_after<Z: TimeZone>(zone: &Z, from: i64, to: i64, now: i64) -> Option<i64> {
    let local = DateTime::from_timestamp(now, 0)?.with_timezone(zone);
    let minute = i64::from(local.hour() * 60 + local.minute());
    let inside = if from < to {
        (from..to).contains(&minute)
    } else {
        minute >= from || minute < to
    };
    if !inside {
        return None;
    }
    let today = local.date_naive();
    let day = if minute < to {
        today
    } else {
        today.succ_opt()?
    };
    let end = day.and_hms_opt(
        u32::try_from(to / 60).ok()?,
        u32::try_from(to % 60).ok()?,
        0,
    )?;
    first_instant(zone, end).filter(|&t| t > now)
}

/// The first instant the wall clock shows `local` or later: the earlier of a repeated hour,
/// and the end of a skipped one.
fn first_instant<Z: TimeZone>(zone: &Z, local: NaiveDateTime) -> Option<i64> {
    match zone.from_local_datetime(&local) {
        LocalResult::Single(t) | LocalResult::Ambiguous(t, _) => Some(t.timestamp()),
        LocalResult::None => (1..=24 * 60).find_map(|m| {
            zone.from_local_datetime(&(local + Duration::minutes(m)))
                .earliest()
                .map(|t| t.timestamp())
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Unix seconds of a UTC time.
    fn utc(y: i32, mo: u32, d: u32, h: u32, mi: u32) -> i64 {
        chrono::Utc
            .with_ymd_and_hms(y, mo, d, h, mi, 0)
            .unwrap()
            .timestamp()
    }

    #[test]
    fn iana_names_are_found_in_any_case_and_offsets_follow_daylight_saving() {
        let paris = Zone::named("europe/paris").unwrap();
        assert_eq!(paris.name(), Some("Europe/Paris"));
        assert!(Zone::named("Mars/Olympus_Mons").is_none());
        assert_eq!(paris.offset_at(utc(2027, 1, 15, 12, 0)), 60);
        assert_eq!(paris.offset_at(utc(2027, 7, 15, 12, 0)), 120);
        assert_eq!(Zone::Offset(-300).offset_at(utc(2027, 7, 15, 12, 0)), -300);
    }

    #[test]
    fn quiet_hours_in_paris_keep_their_wall_clock_across_the_march_change() {
        // 2027-03-28: Paris goes from UTC+1 to UTC+2 at 02:00 local (01:00 UTC).
        let paris = Zone::named("Europe/Paris").unwrap();
        let (from, to) = (22 * 60, 7 * 60);
        // 23:00 local on the 27th (UTC+1) is 22:00 UTC; the night ends at 07:00 local on the
        // 28th, which is then UTC+2: 05:00 UTC. Eight wall hours, seven real ones.
        let start = utc(2027, 3, 27, 22, 0);
        assert_eq!(
            paris.hours_end_after(from, to, start),
            Some(utc(2027, 3, 28, 5, 0))
        );
        // At 06:30 UTC on the 28th it is 08:30 in Paris: awake, though 06:30 UTC+1 would not be.
        assert_eq!(
            paris.hours_end_after(from, to, utc(2027, 3, 28, 6, 30)),
            None
        );
        // A fixed +01:00 still thinks it is 07:30 and awake, and was asleep until 06:00 UTC.
        assert_eq!(
            Zone::Offset(60).hours_end_after(from, to, start),
            Some(utc(2027, 3, 28, 6, 0))
        );
        // Evening hours a week later start at 22:00 summer time: 20:00 UTC.
        assert_eq!(
            paris.hours_end_after(from, to, utc(2027, 4, 3, 19, 59)),
            None
        );
        assert!(
            paris
                .hours_end_after(from, to, utc(2027, 4, 3, 20, 0))
                .is_some()
        );
    }

    #[test]
    fn quiet_hours_in_paris_keep_their_wall_clock_across_the_october_change() {
        // 2027-10-31: Paris goes back from UTC+2 to UTC+1 at 03:00 local (01:00 UTC).
        let paris = Zone::named("Europe/Paris").unwrap();
        let (from, to) = (22 * 60, 7 * 60);
        // 22:00 local on the 30th (UTC+2) is 20:00 UTC; 07:00 local on the 31st is UTC+1:
        // 06:00 UTC. Nine wall hours, ten real ones.
        assert_eq!(
            paris.hours_end_after(from, to, utc(2027, 10, 30, 20, 0)),
            Some(utc(2027, 10, 31, 6, 0))
        );
        // 05:30 UTC on the 31st is 06:30 in Paris: still quiet (06:30 UTC+2 would be 07:30).
        assert_eq!(
            paris.hours_end_after(from, to, utc(2027, 10, 31, 5, 30)),
            Some(utc(2027, 10, 31, 6, 0))
        );
        // In winter 22:00 local is 21:00 UTC.
        assert_eq!(
            paris.hours_end_after(from, to, utc(2027, 11, 6, 20, 59)),
            None
        );
        assert!(
            paris
                .hours_end_after(from, to, utc(2027, 11, 6, 21, 0))
                .is_some()
        );
    }

    #[test]
    fn hours_that_end_in_a_skipped_or_repeated_hour_end_at_the_first_such_moment() {
        let paris = Zone::named("Europe/Paris").unwrap();
        // Quiet until 02:30, a time 2027-03-28 skips: they end when the clock jumps, 01:00 UTC.
        assert_eq!(
            paris.hours_end_after(0, 150, utc(2027, 3, 28, 0, 30)),
            Some(utc(2027, 3, 28, 1, 0))
        );
        // Quiet until 02:30, which 2027-10-31 shows twice: the first time, 00:30 UTC.
        assert_eq!(
            paris.hours_end_after(0, 150, utc(2027, 10, 30, 23, 30)),
            Some(utc(2027, 10, 31, 0, 30))
        );
    }
}

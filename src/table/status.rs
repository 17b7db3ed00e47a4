//! The words of `/status`: the process's counters, uptime, version and database, and the
//! Discord requests by kind.

use std::fmt::Write as _;
use std::time::Duration;

use crate::store::Backend;

use super::metrics::Snapshot;
use super::requests;

impl super::Table {
    /// Words the process's counters, uptime, version and database, as `/status` shows them.
    pub async fn status_text(&self) -> String {
        let reminders = self.reminders_pending().await;
        let mut text = report(
            &self.metrics.snapshot(),
            reminders,
            self.backend(),
            self.render_threads(),
        );
        let by_kind = self.metrics.discord_requests().by_kind();
        if !by_kind.is_empty() {
            let _ = write!(
                text,
                "\nDiscord requests by kind: {}.",
                requests::by_kind_text(&by_kind)
            );
        }
        text
    }
}

/// Words the counters for `/status`.
fn report(s: &Snapshot, reminders: Option<i64>, backend: Backend, render_threads: usize) -> String {
    let database = match backend {
        Backend::Sqlite => "SQLite",
        Backend::Postgres => "PostgreSQL",
    };
    let mut text = format!(
        "**tabula {}** on {database}, up {}.\n",
        env!("CARGO_PKG_VERSION"),
        uptime(s.uptime)
    );
    let _ = writeln!(
        text,
        "Since start: {} turns played, {} interactions, {} errors, {} turned away busy ({} in flight now).",
        s.turns, s.interactions, s.errors, s.refused_busy, s.in_flight
    );
    let _ = writeln!(
        text,
        "Bot searches: {} running, {} waiting. Pictures: {} drawing, {} waiting ({render_threads} at once at most).",
        s.searches_running, s.searches_waiting, s.renders_running, s.renders_waiting
    );
    let _ = writeln!(
        text,
        "Database: {} round trips ({}).",
        s.round_trips,
        per_turn(s.round_trips, s.turns)
    );
    let _ = writeln!(
        text,
        "Discord: {} requests ({}).",
        s.discord_requests,
        per_turn(s.discord_requests, s.turns)
    );
    match reminders {
        Some(n) => {
            let _ = write!(text, "Reminders due: {n}.");
        }
        None => text.push_str("Reminders due: the database did not say."),
    }
    text
}

/// Words a count per turn played: `1.2 per turn played`.
fn per_turn(count: u64, turns: u64) -> String {
    if turns == 0 {
        return "no turn played yet".to_owned();
    }
    format!("{:.1} per turn played", count as f64 / turns as f64)
}

/// Writes an uptime as days, hours and minutes (seconds under a minute).
fn uptime(d: Duration) -> String {
    let secs = d.as_secs();
    let (days, hours, minutes) = (secs / 86_400, secs / 3600 % 24, secs / 60 % 60);
    match (days, hours, minutes) {
        (0, 0, 0) => format!("{secs} s"),
        (0, 0, m) => format!("{m} min"),
        (0, h, m) => format!("{h} h {m} min"),
        (d, h, _) => format!("{d} d {h} h"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_report_says_every_counter() {
        let s = Snapshot {
            uptime: Duration::from_secs(3 * 3600 + 125),
            turns: 41,
            interactions: 57,
            errors: 2,
            refused_busy: 4,
            in_flight: 6,
            searches_waiting: 3,
            searches_running: 1,
            renders_waiting: 0,
            renders_running: 2,
            round_trips: 205,
            discord_requests: 49,
        };
        let text = report(&s, Some(5), Backend::Postgres, 2);
        for part in [
            "on PostgreSQL, up 3 h 2 min",
            "41 turns played, 57 interactions, 2 errors, 4 turned away busy (6 in flight now)",
            "1 running, 3 waiting",
            "2 drawing, 0 waiting (2 at once at most)",
            "Reminders due: 5.",
            "Database: 205 round trips (5.0 per turn played).",
            "Discord: 49 requests (1.2 per turn played).",
            env!("CARGO_PKG_VERSION"),
        ] {
            assert!(text.contains(part), "{part:?} missing from {text}");
        }
        assert!(report(&s, None, Backend::Sqlite, 1).contains("on SQLite"));
    }

    #[test]
    fn uptimes_read_at_a_glance() {
        assert_eq!(uptime(Duration::from_secs(42)), "42 s");
        assert_eq!(uptime(Duration::from_secs(600)), "10 min");
        assert_eq!(uptime(Duration::from_secs(90_061)), "1 d 1 h");
    }
}

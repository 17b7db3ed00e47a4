//! A game's history rebuilt from its append-only log, and written out as a record in the game's
//! standard notation (`/export`): chess PGN, checkers PDN, and a numbered move list with
//! position strings for every other game.

use std::fmt::Write as _;

use crate::rules::{Action, Game, GameKind, Outcome, RecordFormat, RecordHead, Seat};
use crate::store::{GameRow, LoggedAction, SeatRow, Status};

use super::TableError;

/// PGN and PDN lines are kept under this many characters, as their specifications ask.
const LINE: usize = 79;

/// How a claim on time begins its log entry (the absent player's seat resigns, by `/claim`
/// or by itself after the grace period).
const FORFEIT_ON_TIME: &str = "forfeit on time";

/// One replayed entry of the log: what was logged and the game right after it.
pub(super) struct Step<'a> {
    pub logged: &'a LoggedAction,
    pub action: Action,
    pub after: Game,
}

/// A game replayed from its first position through every logged action.
pub(super) struct History<'a> {
    pub kind: GameKind,
    pub ruleset: String,
    pub start: Game,
    pub steps: Vec<Step<'a>>,
}

impl<'a> History<'a> {
    /// Replays the log of a game that has started.
    ///
    /// # Errors
    /// [`TableError::Corrupt`] when the row names no known game or ruleset, or a logged action
    /// does not read or no longer applies.
    pub fn replay(
        row: &GameRow,
        seats: &[SeatRow],
        log: &'a [LoggedAction],
    ) -> Result<History<'a>, TableError> {
        let corrupt = |detail: String| TableError::Corrupt { id: row.id, detail };
        let kind: GameKind = row
            .kind
            .parse()
            .map_err(|_| corrupt(format!("unknown game {:?}", row.kind)))?;
        let ruleset: String =
            serde_json::from_str(&row.ruleset).map_err(|e| corrupt(e.to_string()))?;
        let start = Game::new(kind, &ruleset, seats.len()).map_err(|e| corrupt(e.to_string()))?;
        let mut game = start.clone();
        let mut steps = Vec::with_capacity(log.len());
        for logged in log {
            let action: Action = serde_json::from_str(&logged.action)
                .map_err(|e| corrupt(format!("log entry {}: {e}", logged.seq)))?;
            game = game
                .apply(&action)
                .map_err(|e| corrupt(format!("log entry {}: {e}", logged.seq)))?;
            steps.push(Step {
                logged,
                action,
                after: game.clone(),
            });
        }
        Ok(History {
            kind,
            ruleset,
            start,
            steps,
        })
    }

    /// The game after the last logged action.
    pub fn last(&self) -> &Game {
        self.steps.last().map_or(&self.start, |s| &s.after)
    }
}

/// A file to attach to a reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attachment {
    /// The file name, e.g. `tabula-12.pgn`.
    pub name: String,
    pub bytes: Vec<u8>,
}

/// Writes a game's record in each of its game's file formats, the main one first.
///
/// # Errors
/// [`TableError::Corrupt`] when the log no longer replays for a match file.
pub(super) fn export(
    row: &GameRow,
    seats: &[SeatRow],
    history: &History<'_>,
) -> Result<Vec<Attachment>, TableError> {
    let mut files = Vec::new();
    for &format in history.kind.info().records {
        if let Some(file) = export_as(row, seats, history, format)? {
            files.push(file);
        }
    }
    Ok(files)
}

/// Writes a game's record in one file format, or `None` when the game has no such file.
///
/// # Errors
/// [`TableError::Corrupt`] when the log no longer replays for a match file.
pub(super) fn export_as(
    row: &GameRow,
    seats: &[SeatRow],
    history: &History<'_>,
    format: RecordFormat,
) -> Result<Option<Attachment>, TableError> {
    let text = match format {
        RecordFormat::Pgn => portable(row, seats, history, Portable::PGN),
        RecordFormat::Pdn => portable(row, seats, history, Portable::PDN),
        RecordFormat::MoveList => move_list(row, seats, history),
        RecordFormat::Mat => match match_file(row, seats, history)? {
            Some(text) => text,
            None => return Ok(None),
        },
    };
    Ok(Some(Attachment {
        name: format!("tabula-{}.{}", row.id, format.extension()),
        bytes: text.into_bytes(),
    }))
}

/// Writes the game's own match file (backgammon's `.mat`), players named as the seats are.
fn match_file(
    row: &GameRow,
    seats: &[SeatRow],
    history: &History<'_>,
) -> Result<Option<String>, TableError> {
    let names: Vec<String> = (0..seats.len()).map(|s| seat_name(seats, s)).collect();
    let log: Vec<Action> = history.steps.iter().map(|s| s.action.clone()).collect();
    let head = RecordHead {
        event: &format!("tabula game #{}", row.id),
        date: &date(row.created_at, "."),
        names: &names,
    };
    history
        .start
        .match_file(&head, &log)
        .map_err(|e| TableError::Corrupt {
            id: row.id,
            detail: e.to_string(),
        })
}

/// How PGN and PDN differ.
struct Portable {
    /// The tag naming seat 0, then seat 1.
    sides: [&'static str; 2],
    /// Results: seat 0 wins, seat 1 wins, drawn.
    results: [&'static str; 3],
    /// Extra tags written after the seven-tag roster.
    extra: &'static [(&'static str, &'static str)],
}

impl Portable {
    const PGN: Portable = Portable {
        sides: ["White", "Black"],
        results: ["1-0", "0-1", "1/2-1/2"],
        extra: &[],
    };
    const PDN: Portable = Portable {
        sides: ["Black", "White"],
        results: ["2-0", "0-2", "1-1"],
        extra: &[("GameType", "21")],
    };

    fn result(&self, row: &GameRow, outcome: Option<Outcome>) -> &'static str {
        match (row.status, outcome) {
            (_, Some(Outcome::Win { winner: 0, .. })) => self.results[0],
            (_, Some(Outcome::Win { .. })) => self.results[1],
            (_, Some(Outcome::Draw { .. })) => self.results[2],
            _ => "*",
        }
    }
}

/// Writes a PGN or PDN game: the seven-tag roster, then the moves numbered in pairs.
fn portable(row: &GameRow, seats: &[SeatRow], history: &History<'_>, kind: Portable) -> String {
    let outcome = history.last().outcome();
    let result = kind.result(row, outcome);
    let mut out = String::new();
    let mut tag = |name: &str, value: &str| {
        let _ = writeln!(out, "[{name} \"{}\"]", tag_value(value));
    };
    tag("Event", &format!("tabula game #{}", row.id));
    tag("Site", "Discord");
    tag("Date", &date(row.created_at, "."));
    tag("Round", "-");
    tag(kind.sides[0], &seat_name(seats, 0));
    tag(kind.sides[1], &seat_name(seats, 1));
    tag("Result", result);
    for (name, value) in kind.extra {
        tag(name, value);
    }
    if history.ruleset != history.kind.rulesets()[0] {
        tag("Variant", &history.ruleset);
    }
    tag("Termination", termination(row, history, outcome));
    out.push('\n');

    let mut words: Vec<String> = Vec::new();
    let mut ply = 0usize;
    for step in &history.steps {
        if let Action::Play { .. } = step.action {
            if ply.is_multiple_of(2) {
                words.push(format!("{}.", ply / 2 + 1));
            }
            words.push(step.logged.notation.replace(char::is_whitespace, ""));
            ply += 1;
        }
    }
    words.push(result.to_string());
    let mut line = String::new();
    for word in words {
        if !line.is_empty() && line.len() + 1 + word.len() > LINE {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&word);
    }
    out.push_str(&line);
    out.push_str("\n\n");
    out
}

/// The PGN standard's `Termination` value (also used by PDN): a game lost on time is a "time
/// forfeit", one won at the board (mate, resignation, an agreed or claimed draw) "normal", one
/// aborted "abandoned", one still going "unterminated".
fn termination(row: &GameRow, history: &History<'_>, outcome: Option<Outcome>) -> &'static str {
    let on_time = history.steps.last().is_some_and(|s| {
        matches!(s.action, Action::Resign { .. }) && s.logged.notation.starts_with(FORFEIT_ON_TIME)
    });
    match (row.status, outcome) {
        (Status::Aborted, _) => "abandoned",
        (_, Some(_)) if on_time => "time forfeit",
        (_, Some(_)) => "normal",
        (_, None) => "unterminated",
    }
}

/// Writes a numbered list of every logged action, with the position after each move.
fn move_list(row: &GameRow, seats: &[SeatRow], history: &History<'_>) -> String {
    let kind = history.kind;
    let who = |seat: Seat| format!("{} ({})", seat_name(seats, seat), kind.seat_name(seat));
    let mut out = String::new();
    let _ = writeln!(
        out,
        "tabula record of {} game #{} ({} rules)",
        kind.title(),
        row.id,
        history.ruleset
    );
    let _ = writeln!(out, "Started {} (UTC)", date(row.created_at, "-"));
    let players: Vec<String> = (0..seats.len()).map(who).collect();
    let _ = writeln!(out, "Players: {}", players.join(", "));
    let last = history.last();
    let result = match (row.status, last.outcome()) {
        (_, Some(o @ Outcome::Win { winner, .. })) => {
            format!("{} won by {}", who(winner), last.describe(o))
        }
        (_, Some(o @ Outcome::Draw { .. })) => format!("drawn by {}", last.describe(o)),
        (Status::Aborted, None) => "aborted".to_string(),
        _ => "in progress".to_string(),
    };
    let _ = writeln!(out, "Result: {result}");
    if let Some(position) = history.start.position() {
        let _ = writeln!(out, "Start position: {position}");
    }
    out.push('\n');
    for (n, step) in history.steps.iter().enumerate() {
        let (seat, what) = match &step.action {
            Action::Play { seat, .. } => (*seat, step.logged.notation.clone()),
            Action::Roll { seat, .. } => (*seat, format!("rolled {}", step.logged.notation)),
            Action::Resign { seat }
            | Action::OfferDraw { seat }
            | Action::AcceptDraw { seat }
            | Action::DeclineDraw { seat }
            | Action::ClaimDraw { seat } => (*seat, step.logged.notation.clone()),
        };
        let _ = write!(out, "{}. {}: {}", n + 1, who(seat), one_line(&what));
        if matches!(step.action, Action::Play { .. })
            && let Some(position) = step.after.position()
        {
            let _ = write!(out, "  [{position}]");
        }
        out.push('\n');
    }
    out
}

/// The name at a seat, or the seat's number when the row lost it.
fn seat_name(seats: &[SeatRow], seat: Seat) -> String {
    seats
        .iter()
        .find(|s| s.seat as usize == seat)
        .map_or_else(|| format!("seat {}", seat + 1), |s| one_line(&s.name))
}

/// A name or move on one line of printable characters.
fn one_line(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect::<String>()
        .trim()
        .to_string()
}

/// A PGN tag value: one line, with `\` and `"` escaped as the standard says.
fn tag_value(text: &str) -> String {
    one_line(text).replace('\\', "\\\\").replace('"', "\\\"")
}

/// A unix time as a UTC date, `2026.11.24` with `sep` "." (PGN's form).
fn date(unix: i64, sep: &str) -> String {
    match chrono::DateTime::from_timestamp(unix, 0) {
        Some(t) => t.format(&format!("%Y{sep}%m{sep}%d")).to_string(),
        None => format!("????{sep}??{sep}??"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tag_values_escape_quotes_and_backslashes_and_stay_on_one_line() {
        assert_eq!(tag_value("a\"b\\c\nd"), "a\\\"b\\\\c d");
    }

    #[test]
    fn dates_are_utc_and_out_of_range_times_are_unknown() {
        assert_eq!(date(0, "."), "1970.01.01");
        assert_eq!(date(1_795_000_000, "-"), "2026-11-18");
        assert_eq!(date(i64::MAX, "."), "????.??.??");
    }
}

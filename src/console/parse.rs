//! Reading one console line (`@alice /move e4`) into who speaks, where, and what they ask.

mod command;

use crate::rules::shown;
use crate::table::{Command, User};
use command::parse_command;

/// One line of console input, understood.
#[derive(Debug)]
pub enum Line {
    /// Nothing to do (blank line or a `--` comment).
    Blank,
    /// Leave the console.
    Quit,
    /// Move the console's clock on by this many seconds and run the work that falls due
    /// (`/tick 25h`; `/tick` alone moves nothing and only runs what is due).
    Tick(i64),
    /// Show the process's counters, as `/status` does on Discord.
    Status,
    /// A command from a user, optionally in another channel (`#name`).
    Command {
        channel: Option<String>,
        user: User,
        command: Command,
    },
}

/// Reads a console line.
///
/// # Errors
/// Returns a one-line explanation when the line is not `@user /command …`.
pub fn parse_line(line: &str) -> Result<Line, String> {
    let line = line.trim();
    if line.is_empty() || line.starts_with("--") {
        return Ok(Line::Blank);
    }
    if matches!(line, "/quit" | "/exit" | "quit" | "exit") {
        return Ok(Line::Quit);
    }
    if line == "/status" {
        return Ok(Line::Status);
    }
    if let Some(rest) = line.strip_prefix("/tick")
        && (rest.is_empty() || rest.starts_with(char::is_whitespace))
    {
        return duration(rest.trim()).map(Line::Tick);
    }
    let mut words = line.split_whitespace().peekable();
    let mut channel = None;
    if let Some(w) = words.peek()
        && let Some(name) = w.strip_prefix('#')
    {
        if !valid_name(name) {
            return Err(format!(
                "{} is not a channel name: use up to 32 letters, digits, -, _ and .",
                shown(w)
            ));
        }
        channel = Some(name.to_string());
        words.next();
    }
    let who = words.next().unwrap_or_default();
    let Some(name) = who.strip_prefix('@').filter(|n| valid_name(n)) else {
        return Err(
            "Start each line with who is speaking, e.g. `@alice /play chess @bob` or `@bob /join`."
                .into(),
        );
    };
    let user = User::named(name);
    let rest: Vec<&str> = words.collect();
    let command = parse_command(&rest)?;
    Ok(Line::Command {
        channel,
        user,
        command,
    })
}

/// Reads a span of time such as `25h`, `3d`, `1d12h`, `90m` or `30s` (nothing is zero) as seconds.
fn duration(text: &str) -> Result<i64, String> {
    let bad = || {
        format!(
            "{} is not a span of time: write `/tick 25h`, `/tick 3d`, `/tick 1d12h` or `/tick 90m`.",
            shown(text)
        )
    };
    let mut total: i64 = 0;
    let mut digits = String::new();
    for c in text.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        let unit = match c {
            'd' => 86_400,
            'h' => 3_600,
            'm' => 60,
            's' => 1,
            _ => return Err(bad()),
        };
        let n: i64 = digits.parse().map_err(|_| bad())?;
        digits.clear();
        total = n
            .checked_mul(unit)
            .and_then(|s| total.checked_add(s))
            .filter(|t| *t <= 10 * 365 * 86_400)
            .ok_or_else(bad)?;
    }
    if !digits.is_empty() {
        return Err(bad());
    }
    Ok(total)
}

fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 32
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == '-' || c == '.')
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::DrawCommand;

    fn command(line: &str) -> Command {
        match parse_line(line) {
            Ok(Line::Command { command, .. }) => command,
            other => panic!("{line}: {other:?}"),
        }
    }

    #[test]
    fn reads_the_commands_of_a_game() {
        assert!(matches!(
            command("@alice /play chess @bob"),
            Command::Play { ref game, ruleset: None, ref opponents, days: None, bot: None, players: None } if game == "chess" && opponents[0].id == "bob"
        ));
        assert!(matches!(command("@bob /join"), Command::Join));
        assert!(matches!(command("@alice /move e4"), Command::Move { ref text } if text == "e4"));
        assert!(matches!(command("@alice Nf3"), Command::Move { ref text } if text == "Nf3"));
        assert!(matches!(
            command("@bob /draw accept"),
            Command::Draw(DrawCommand::Accept)
        ));
        assert!(matches!(
            command("@bob /roll 2d6"),
            Command::Roll { expr: Some(_) }
        ));
    }

    #[test]
    fn long_or_invisible_input_is_echoed_cut_and_visible() {
        let huge = format!("#{} @alice /board", "c".repeat(1 << 20));
        let said = parse_line(&huge).unwrap_err();
        assert!(said.len() < 200, "{} bytes", said.len());
        assert!(said.contains('…'), "{said}");
        let said = parse_line("@alice /fly\u{202e}\u{0}").unwrap_err();
        assert!(said.contains("\"/fly␀\""), "{said}");
    }

    #[test]
    fn reads_both_web_visibilities_and_refuses_any_other() {
        use crate::table::{Visibility, WebCommand};
        for (line, visibility) in [
            ("@dave /web enable visibility=public", Visibility::Public),
            ("@dave /web enable visibility:members", Visibility::Members),
            ("@dave /web enable Members", Visibility::Members),
        ] {
            assert!(
                matches!(command(line), Command::Web(WebCommand::Enable { visibility: v }) if v == visibility),
                "{line}"
            );
        }
        let said = parse_line("@dave /web enable visibility=managers").unwrap_err();
        assert!(said.contains("visibility=members"), "{said}");
    }

    #[test]
    fn names_a_channel_with_a_hash() {
        match parse_line("#den @alice /board") {
            Ok(Line::Command {
                channel: Some(c), ..
            }) => assert_eq!(c, "den"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn explains_malformed_lines() {
        for bad in [
            "/play chess",
            "alice /join",
            "@ /join",
            "@alice",
            "@alice /fly",
            "@alice /join now",
            "#bad!chan @a /join",
        ] {
            assert!(parse_line(bad).is_err(), "{bad}");
        }
        assert!(matches!(parse_line("   "), Ok(Line::Blank)));
        assert!(matches!(parse_line("-- a comment"), Ok(Line::Blank)));
        assert!(matches!(parse_line("/quit"), Ok(Line::Quit)));
        assert!(matches!(parse_line(" /status "), Ok(Line::Status)));
    }

    #[test]
    fn tick_reads_days_hours_and_minutes() {
        assert!(matches!(parse_line("/tick 25h"), Ok(Line::Tick(90_000))));
        assert!(matches!(parse_line("/tick 1d12h"), Ok(Line::Tick(129_600))));
        assert!(matches!(parse_line("/tick 90m"), Ok(Line::Tick(5_400))));
        assert!(matches!(parse_line("/tick"), Ok(Line::Tick(0))));
        assert!(parse_line("/tick 3").is_err());
        assert!(parse_line("/tick soon").is_err());
        assert!(parse_line("/tick 99999999999d").is_err());
        assert!(matches!(
            command("@alice /vacation days=3"),
            Command::Vacation { days: 3 }
        ));
        assert!(matches!(
            command("@alice /notify dm quiet=22-07 tz=+01:00"),
            Command::Notify { via: Some(ref v), quiet: Some(_), tz: Some(_) } if v == "dm"
        ));
    }
}

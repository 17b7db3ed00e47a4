//! Reading one console line (`@alice /move e4`) into who speaks, where, and what they ask.

use crate::rules::shown;
use crate::table::{Command, DrawCommand, SettingsChange, User, Visibility, WebCommand};

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

/// Reads `name:value` or `name=value`.
fn option<'a>(arg: &'a str, name: &str) -> Option<&'a str> {
    let rest = arg.strip_prefix(name)?;
    rest.strip_prefix(':').or_else(|| rest.strip_prefix('='))
}

/// Reads `/web`'s subcommand: `enable visibility=public`, `disable`, `hide-me`, `show-me`,
/// `unlist`, or nothing (where the pages are).
fn web(args: &[&str]) -> Result<WebCommand, String> {
    const USE: &str = "Use `/web`, `/web enable visibility=public`, `/web disable`, `/web hide-me`, \
                       `/web show-me` or `/web unlist`.";
    match args {
        [] => Ok(WebCommand::Status),
        ["enable", rest @ ..] => match rest {
            [arg]
                if option(arg, "visibility")
                    .unwrap_or(arg)
                    .eq_ignore_ascii_case("public") =>
            {
                Ok(WebCommand::Enable {
                    visibility: Visibility::Public,
                })
            }
            [arg] => Err(format!(
                "{} is not a visibility: the one there is is `visibility=public`.",
                shown(option(arg, "visibility").unwrap_or(arg))
            )),
            _ => Err("Say who may see the pages: `/web enable visibility=public`.".into()),
        },
        ["disable"] => Ok(WebCommand::Disable),
        ["hide-me" | "hide_me" | "hideme"] => Ok(WebCommand::HideMe),
        ["show-me" | "show_me" | "showme"] => Ok(WebCommand::ShowMe),
        ["unlist"] => Ok(WebCommand::Unlist),
        _ => Err(USE.into()),
    }
}

/// Reads a bot level (1 or more).
fn level(n: &str) -> Result<usize, String> {
    n.parse::<usize>()
        .ok()
        .filter(|l| *l >= 1)
        .ok_or_else(|| format!("bot:{} is not a level: levels are 1, 2, 3…", shown(n)))
}

fn parse_command(words: &[&str]) -> Result<Command, String> {
    let Some((first, args)) = words.split_first() else {
        return Err("Say what you want to do, e.g. `/move e4` or `/help`.".into());
    };
    let Some(verb) = first.strip_prefix('/') else {
        // A bare line is a move, as when a player types one into a Discord channel.
        return Ok(Command::Move {
            text: words.join(" "),
        });
    };
    let text = args.join(" ");
    let none = |command: Command| {
        if args.is_empty() {
            Ok(command)
        } else {
            Err(format!("/{verb} takes no options."))
        }
    };
    match verb.to_ascii_lowercase().as_str() {
        "play" => {
            let mut game = None;
            let mut ruleset = None;
            let mut opponents = Vec::new();
            let mut days = None;
            let mut bot = None;
            let mut players = None;
            for arg in args {
                if let Some(n) = option(arg, "bot") {
                    bot = Some(level(n)?);
                } else if let Some(n) = option(arg, "players") {
                    players = Some(n.parse::<usize>().map_err(|_| {
                        format!("players:{} is not a number of players.", shown(n))
                    })?);
                } else if let Some(n) = arg.strip_prefix("days=") {
                    days = Some(n.parse::<i64>().map_err(|_| {
                        format!(
                            "days={} is not a number of days (1 to 14, or 0 for none).",
                            shown(n)
                        )
                    })?);
                } else if let Some(name) = arg.strip_prefix('@') {
                    if !valid_name(name) {
                        return Err(format!("{} is not a player name.", shown(arg)));
                    }
                    opponents.push(User::named(name));
                } else if game.is_none() {
                    game = Some(arg.to_string());
                } else if ruleset.is_none() {
                    ruleset = Some(arg.strip_prefix("ruleset=").unwrap_or(arg).to_string());
                } else {
                    return Err(format!(
                        "I don't know what to do with {}: `/play game [ruleset] @opponent…`.",
                        shown(arg)
                    ));
                }
            }
            let game = game.ok_or("Name a game: `/play chess @bob`.")?;
            Ok(Command::Play {
                game,
                ruleset,
                opponents,
                days,
                bot,
                players,
            })
        }
        "invite" => match args {
            [arg] => match option(arg, "bot") {
                Some(n) => Ok(Command::InviteBot { level: level(n)? }),
                None => {
                    Err("Use `/invite bot:N` to seat the bot at level N; people `/join`.".into())
                }
            },
            _ => Err("Use `/invite bot:N` to seat the bot at level N.".into()),
        },
        "bot" => Ok(Command::Bot {
            game: (!text.is_empty()).then_some(text),
        }),
        "hint" => match text.as_str() {
            "" => Ok(Command::Hint { ply: None }),
            n => Ok(Command::Hint {
                ply: Some(n.parse::<usize>().map_err(|_| {
                    "/hint takes the number of actions into a finished game, or nothing."
                        .to_string()
                })?),
            }),
        },
        "join" => none(Command::Join),
        "leave" => none(Command::Leave),
        "start" => none(Command::Start),
        "move" | "m" => Ok(Command::Move { text }),
        "roll" => Ok(Command::Roll {
            expr: (!text.is_empty()).then_some(text),
        }),
        "board" => none(Command::Board),
        "resign" => none(Command::Resign { confirmed: true }),
        "abort" => none(Command::Abort),
        "draw" => match text.to_ascii_lowercase().as_str() {
            "" | "offer" => Ok(Command::Draw(DrawCommand::Offer)),
            "accept" | "yes" => Ok(Command::Draw(DrawCommand::Accept)),
            "decline" | "no" => Ok(Command::Draw(DrawCommand::Decline)),
            "claim" => Ok(Command::Draw(DrawCommand::Claim)),
            _ => Err("Use `/draw offer`, `/draw accept`, `/draw decline` or `/draw claim`.".into()),
        },
        "rules" => Ok(Command::Rules {
            game: (!text.is_empty()).then_some(text),
        }),
        "help" => Ok(Command::Help),
        "rematch" => none(Command::Rematch { game: None }),
        "claim" => none(Command::Claim),
        "vacation" | "away" => {
            let days =
                match text.as_str() {
                    "" => return Err(
                        "Say for how long: `/vacation days=3`, or `/vacation days=0` to end it."
                            .into(),
                    ),
                    t => option(t, "days").unwrap_or(t),
                };
            let days = days.parse::<i64>().map_err(|_| {
                format!(
                    "{} is not a number of days: `/vacation days=3`.",
                    shown(days)
                )
            })?;
            Ok(Command::Vacation { days })
        }
        "notify" => {
            let (mut via, mut quiet, mut tz) = (None, None, None);
            for arg in args {
                if let Some(v) = option(arg, "quiet") {
                    quiet = Some(v.to_string());
                } else if let Some(v) = option(arg, "tz") {
                    tz = Some(v.to_string());
                } else if via.is_none() {
                    via = Some(option(arg, "via").unwrap_or(arg).to_string());
                } else {
                    return Err(format!(
                        "{} is not a /notify option: `/notify dm quiet=22-07 tz=+01:00`.",
                        shown(arg)
                    ));
                }
            }
            Ok(Command::Notify { via, quiet, tz })
        }
        "games" => none(Command::MyGames),
        "leaderboard" | "top" => {
            let mut game = None;
            let mut page = None;
            for arg in args {
                match arg.parse::<usize>() {
                    Ok(n) if n > 0 => page = Some(n),
                    Ok(_) => return Err("Pages start at 1.".into()),
                    Err(_) if game.is_none() => game = Some(arg.to_string()),
                    Err(_) => return Err("Use `/leaderboard [game] [page]`.".into()),
                }
            }
            Ok(Command::Leaderboard { game, page })
        }
        "stats" => match args {
            [] => Ok(Command::Stats { user: None }),
            [who] => match who.strip_prefix('@').filter(|n| valid_name(n)) {
                Some(name) => Ok(Command::Stats {
                    user: Some(User::named(name)),
                }),
                None => Err(format!(
                    "{} is not a player name: `/stats @alice`.",
                    shown(who)
                )),
            },
            _ => Err("Use `/stats` or `/stats @player`.".into()),
        },
        "settings" => {
            let mut change = SettingsChange::default();
            for arg in args {
                let (key, value) = arg.split_once('=').ok_or_else(|| {
                    format!(
                        "{} is not a setting: `/settings days=3 remind_hours=12 lobby_days=7 grace_hours=24 vacation_days=14 rate_bots=off`.",
                        shown(arg)
                    )
                })?;
                if key.eq_ignore_ascii_case("rate_bots") {
                    change.rate_bots = Some(match value.to_ascii_lowercase().as_str() {
                        "on" | "true" | "yes" | "1" => true,
                        "off" | "false" | "no" | "0" => false,
                        _ => {
                            return Err(format!(
                                "rate_bots={} is neither on nor off.",
                                shown(value)
                            ));
                        }
                    });
                    continue;
                }
                let slot = match key.to_ascii_lowercase().as_str() {
                    "days" => &mut change.days,
                    "remind_hours" | "remind" => &mut change.remind_hours,
                    "lobby_days" | "lobby" => &mut change.lobby_days,
                    "grace_hours" | "grace" => &mut change.grace_hours,
                    "vacation_days" | "vacation" => &mut change.vacation_days,
                    _ => {
                        return Err(format!(
                            "There is no setting {}: `days`, `remind_hours`, `lobby_days`, `grace_hours`, `vacation_days` or `rate_bots`.",
                            shown(key)
                        ));
                    }
                };
                *slot = Some(value.parse::<i64>().map_err(|_| {
                    format!("{}={} is not a whole number.", shown(key), shown(value))
                })?);
            }
            Ok(Command::Settings(change))
        }
        "web" => web(args).map(Command::Web),
        "export" | "replay" => {
            let game = match text.trim_start_matches('#') {
                "" => None,
                id => Some(id.parse::<i64>().ok().filter(|n| *n > 0).ok_or_else(|| {
                    format!("/{verb} takes a game number, e.g. `/{verb} 3`, or nothing.")
                })?),
            };
            Ok(if verb.eq_ignore_ascii_case("export") {
                Command::Export { game }
            } else {
                Command::Replay { game }
            })
        }
        _ => Err(format!(
            "There is no command {}; `/help` lists them.",
            shown(first)
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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

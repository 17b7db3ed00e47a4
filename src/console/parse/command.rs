//! Reading what a console line asks for (`/play chess @bob`, `/settings days=3`) into a
//! table [`Command`], one reader per command that takes options.

use super::valid_name;
use crate::rules::shown;
use crate::table::{Command, DrawCommand, SettingsChange, User, Visibility, WebCommand};

/// Reads the words after who speaks: `/verb options…`, or a bare move.
pub(super) fn parse_command(words: &[&str]) -> Result<Command, String> {
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
    let named = |text: String| (!text.is_empty()).then_some(text);
    match verb.to_ascii_lowercase().as_str() {
        "play" => play(args),
        "invite" => invite(args),
        "bot" => Ok(Command::Bot { game: named(text) }),
        "hint" => hint(&text),
        "join" => none(Command::Join),
        "leave" => none(Command::Leave),
        "start" => none(Command::Start),
        "move" | "m" => Ok(Command::Move { text }),
        "roll" => Ok(Command::Roll { expr: named(text) }),
        "board" => none(Command::Board),
        "resign" => none(Command::Resign { confirmed: true }),
        "abort" => none(Command::Abort),
        "draw" => draw(&text).map(Command::Draw),
        "rules" => Ok(Command::Rules { game: named(text) }),
        "help" => Ok(Command::Help),
        "rematch" => none(Command::Rematch { game: None }),
        "claim" => none(Command::Claim),
        "vacation" | "away" => vacation(&text),
        "notify" => notify(args),
        "games" => none(Command::MyGames),
        "leaderboard" | "top" => leaderboard(args),
        "stats" => stats(args),
        "settings" => settings(args).map(Command::Settings),
        "web" => web(args).map(Command::Web),
        "export" | "replay" => export_or_replay(verb, &text),
        _ => Err(format!(
            "There is no command {}; `/help` lists them.",
            shown(first)
        )),
    }
}

/// Reads `/play`'s options: the game, a ruleset, `@opponents`, `days=N`, `bot:N`, `players:N`.
fn play(args: &[&str]) -> Result<Command, String> {
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
            players = Some(
                n.parse::<usize>()
                    .map_err(|_| format!("players:{} is not a number of players.", shown(n)))?,
            );
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

/// Reads `/invite bot:N`.
fn invite(args: &[&str]) -> Result<Command, String> {
    match args {
        [arg] => match option(arg, "bot") {
            Some(n) => Ok(Command::InviteBot { level: level(n)? }),
            None => Err("Use `/invite bot:N` to seat the bot at level N; people `/join`.".into()),
        },
        _ => Err("Use `/invite bot:N` to seat the bot at level N.".into()),
    }
}

/// Reads `/hint [at]`: nothing, or how many actions into a finished game.
fn hint(text: &str) -> Result<Command, String> {
    let ply = match text {
        "" => None,
        n => Some(n.parse::<usize>().map_err(|_| {
            "/hint takes the number of actions into a finished game, or nothing.".to_string()
        })?),
    };
    Ok(Command::Hint { ply })
}

/// Reads `/draw offer|accept|decline|claim` (nothing offers).
fn draw(text: &str) -> Result<DrawCommand, String> {
    match text.to_ascii_lowercase().as_str() {
        "" | "offer" => Ok(DrawCommand::Offer),
        "accept" | "yes" => Ok(DrawCommand::Accept),
        "decline" | "no" => Ok(DrawCommand::Decline),
        "claim" => Ok(DrawCommand::Claim),
        _ => Err("Use `/draw offer`, `/draw accept`, `/draw decline` or `/draw claim`.".into()),
    }
}

/// Reads `/vacation days=N` (or a bare number).
fn vacation(text: &str) -> Result<Command, String> {
    let days = match text {
        "" => {
            return Err(
                "Say for how long: `/vacation days=3`, or `/vacation days=0` to end it.".into(),
            );
        }
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

/// Reads `/notify [dm|channel] [quiet=22-07] [tz=…]`.
fn notify(args: &[&str]) -> Result<Command, String> {
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

/// Reads `/leaderboard [game] [page]`.
fn leaderboard(args: &[&str]) -> Result<Command, String> {
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

/// Reads `/stats [@player]`.
fn stats(args: &[&str]) -> Result<Command, String> {
    match args {
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
    }
}

/// Reads `/settings key=value…`: whole numbers, and `rate_bots` on or off.
fn settings(args: &[&str]) -> Result<SettingsChange, String> {
    let mut change = SettingsChange::default();
    for arg in args {
        let (key, value) = arg.split_once('=').ok_or_else(|| {
            format!(
                "{} is not a setting: `/settings days=3 remind_hours=12 lobby_days=7 grace_hours=24 vacation_days=14 rate_bots=off`.",
                shown(arg)
            )
        })?;
        if key.eq_ignore_ascii_case("rate_bots") {
            change.rate_bots = Some(on_or_off(value)?);
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
        *slot = Some(
            value
                .parse::<i64>()
                .map_err(|_| format!("{}={} is not a whole number.", shown(key), shown(value)))?,
        );
    }
    Ok(change)
}

/// Reads `rate_bots`' value: on or off.
fn on_or_off(value: &str) -> Result<bool, String> {
    match value.to_ascii_lowercase().as_str() {
        "on" | "true" | "yes" | "1" => Ok(true),
        "off" | "false" | "no" | "0" => Ok(false),
        _ => Err(format!("rate_bots={} is neither on nor off.", shown(value))),
    }
}

/// Reads `/export [game]` or `/replay [game]`: a game number (`#3` or `3`), or nothing.
fn export_or_replay(verb: &str, text: &str) -> Result<Command, String> {
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

/// Reads `name:value` or `name=value`.
fn option<'a>(arg: &'a str, name: &str) -> Option<&'a str> {
    let rest = arg.strip_prefix(name)?;
    rest.strip_prefix(':').or_else(|| rest.strip_prefix('='))
}

/// Reads `/web`'s subcommand: `enable visibility=public|members`, `disable`, `hide-me`, `show-me`,
/// `unlist`, or nothing (where the pages are).
fn web(args: &[&str]) -> Result<WebCommand, String> {
    const USE: &str = "Use `/web`, `/web enable visibility=public`, `/web disable`, `/web hide-me`, \
                       `/web show-me` or `/web unlist`.";
    match args {
        [] => Ok(WebCommand::Status),
        ["enable", rest @ ..] => match rest {
            [arg] => {
                let value = option(arg, "visibility").unwrap_or(arg);
                let visibility = if value.eq_ignore_ascii_case("public") {
                    Visibility::Public
                } else if value.eq_ignore_ascii_case("members") {
                    Visibility::Members
                } else {
                    return Err(format!(
                        "{} is not a visibility: write `visibility=public` or `visibility=members`.",
                        shown(value)
                    ));
                };
                Ok(WebCommand::Enable { visibility })
            }
            _ => Err(
                "Say who may see the pages: `/web enable visibility=public` (or `members`).".into(),
            ),
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

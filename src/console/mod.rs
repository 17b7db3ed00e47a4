//! The terminal table: the same commands as Discord, typed as `@alice /play chess @bob`,
//! with each board written as a PNG file. Try the bot with no Discord token at all.

mod parse;

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use tokio::io::{AsyncWrite, AsyncWriteExt, BufReader};

use crate::lines::{self, Line as Input};
use crate::table::{Ctx, Reply, Table};

pub use parse::{Line, parse_line};

/// Where console commands happen and where pictures go.
#[derive(Clone, Debug)]
pub struct ConsoleOptions {
    pub boards: PathBuf,
    pub guild: String,
    pub channel: String,
    /// Users who count as channel admins (they may abort any game).
    pub admins: Vec<String>,
    /// The seconds the table's clock reads from, when the console may move it: `/tick 25h`
    /// adds to it (the store's clock must read this value, as a skew or as the time itself).
    pub clock: Option<Arc<AtomicI64>>,
}

impl Default for ConsoleOptions {
    fn default() -> Self {
        ConsoleOptions {
            boards: PathBuf::from("boards"),
            guild: "console".into(),
            channel: "console".into(),
            admins: Vec::new(),
            clock: None,
        }
    }
}

/// Longest console line read, in bytes; a longer one is skipped without being kept.
pub const MAX_LINE: usize = 64 * 1024;

/// Runs the console on standard input and output until end of input or `/quit`. A line that
/// is not UTF-8 or is over [`MAX_LINE`] is refused and the console reads on; a board that
/// cannot be written is a warning.
///
/// # Errors
/// Fails only on I/O errors with the terminal.
pub async fn run(table: &Table, options: &ConsoleOptions) -> anyhow::Result<()> {
    let interactive = std::io::stdin().is_terminal();
    let mut out = tokio::io::stdout();
    if interactive {
        out.write_all(
            b"tabula console: type `@alice /play chess @bob`, then `@bob /join`, `@alice /move e4`; `/help` for more, `/quit` to leave.\n",
        )
        .await?;
    }
    let mut input = BufReader::new(tokio::io::stdin());
    loop {
        if interactive {
            out.write_all(b"> ").await?;
            out.flush().await?;
        }
        let line = match lines::read_line_async(&mut input, MAX_LINE).await? {
            None => break,
            Some(Input::Text(line)) => line,
            Some(Input::NotUtf8(_)) => {
                out.write_all(b"! That line is not UTF-8 text; it was skipped.\n")
                    .await?;
                continue;
            }
            Some(Input::TooLong(n)) => {
                let warning =
                    format!("! That line is {n} bytes, over {MAX_LINE}; it was skipped.\n");
                out.write_all(warning.as_bytes()).await?;
                continue;
            }
        };
        if !run_line(table, options, &line, &mut out).await? {
            break;
        }
    }
    out.flush().await?;
    Ok(())
}

/// Handles one line, writing the reply to `out`; returns false when the user quits.
///
/// # Errors
/// Fails only on I/O errors.
pub async fn run_line(
    table: &Table,
    options: &ConsoleOptions,
    line: &str,
    out: &mut (impl AsyncWrite + Unpin),
) -> anyhow::Result<bool> {
    let (channel, user, command) = match parse_line(line) {
        Ok(Line::Blank) => return Ok(true),
        Ok(Line::Quit) => return Ok(false),
        Ok(Line::Tick(seconds)) => {
            let text = tick(table, options, seconds).await;
            out.write_all(text.as_bytes()).await?;
            out.flush().await?;
            return Ok(true);
        }
        Ok(Line::Status) => {
            let text = format!("{}\n", table.status_text().await);
            out.write_all(text.as_bytes()).await?;
            out.flush().await?;
            return Ok(true);
        }
        Ok(Line::Command {
            channel,
            user,
            command,
        }) => (channel, user, command),
        Err(e) => {
            out.write_all(format!("! {e}\n").as_bytes()).await?;
            return Ok(true);
        }
    };
    let ctx = Ctx {
        guild: options.guild.clone(),
        channel: channel.unwrap_or_else(|| options.channel.clone()),
        admin: options.admins.contains(&user.id),
        user,
    };
    let reply = table.handle(&ctx, command).await;
    let text = show(&ctx, &reply, &options.boards).await;
    out.write_all(text.as_bytes()).await?;
    // The bot's turns follow, each on its own lines like a player's, until a person is to act.
    if let Some(game) = reply.game.filter(|g| !g.closed) {
        while let Some(turn) = table.bot_turn(game.id).await {
            let text = show(&ctx, &turn.reply, &options.boards).await;
            out.write_all(text.as_bytes()).await?;
        }
    }
    out.flush().await?;
    Ok(true)
}

/// Work looked at per kind and round of `/tick`.
const TICK_BATCH: usize = 100;

/// Moves the clock on by `seconds` and runs what fell due, as the Discord scheduler would:
/// reminders (a DM as its own line), claims after a grace period, tables closed unstarted.
async fn tick(table: &Table, options: &ConsoleOptions, seconds: i64) -> String {
    let mut out = String::new();
    match &options.clock {
        Some(clock) => {
            clock.fetch_add(seconds, Ordering::SeqCst);
        }
        None if seconds != 0 => {
            return "! This console's clock cannot be moved; running what is due now.\n".into();
        }
        None => {}
    }
    let mut counts = [0usize; 3];
    // Rounds until nothing more falls due: a sent reminder schedules the turn's next one.
    for _ in 0..20 {
        let reminders = table.due_reminders(TICK_BATCH).await;
        let claims = table.claim_overdue(TICK_BATCH).await;
        let closed = table.expire_lobbies(TICK_BATCH).await;
        if reminders.is_empty() && claims.is_empty() && closed.is_empty() {
            break;
        }
        for reminder in &reminders {
            let text = terminal_text(&reminder.reply.text);
            match &reminder.dm {
                Some(user) => out.push_str(&format!("(DM to {user}) {text}\n")),
                None => out.push_str(&format!("#{}: {text}\n", reminder.channel)),
            }
            table.reminded(reminder).await;
        }
        for notice in claims.iter().chain(&closed) {
            let ctx = Ctx {
                guild: notice.guild.clone(),
                channel: notice.channel.clone(),
                user: crate::table::User::named("tabula"),
                admin: false,
            };
            out.push_str(&format!("#{}: ", notice.channel));
            out.push_str(&show(&ctx, &notice.reply, &options.boards).await);
        }
        counts[0] += reminders.len();
        counts[1] += claims.len();
        counts[2] += closed.len();
    }
    let now = chrono::DateTime::from_timestamp(table.now(), 0)
        .map(|t| t.format("%Y-%m-%d %H:%M UTC").to_string())
        .unwrap_or_default();
    out.push_str(&format!(
        "-- clock: {now}; {} reminder(s), {} claim(s), {} table(s) closed\n",
        counts[0], counts[1], counts[2]
    ));
    out
}

/// Writes the reply's picture and files to the boards folder and returns the reply as
/// terminal text. A file that cannot be written is a warning line: the action behind the
/// reply is already stored, so it must still be told.
async fn show(ctx: &Ctx, reply: &Reply, boards: &Path) -> String {
    let mut text = terminal_text(&reply.text);
    if reply.private {
        text = format!("(to {}) {text}", ctx.user.name);
    }
    let mut out = String::new();
    for line in text.lines() {
        out.push_str(if reply.private { "! " } else { "" });
        out.push_str(line);
        out.push('\n');
    }
    if let Some(png) = &reply.image {
        let name = match reply.game {
            Some(g) => format!("{}-game{}-{:04}.png", ctx.channel, g.id, g.seq),
            None => format!("{}-board.png", ctx.channel),
        };
        out.push_str(&save(boards, &name, png, "board").await);
    }
    for file in &reply.files {
        out.push_str(&save(boards, &file.name, &file.bytes, "file").await);
    }
    out
}

/// Writes `bytes` to `boards/name`, returning the line that says where, or why not.
async fn save(boards: &Path, name: &str, bytes: &[u8], what: &str) -> String {
    let path = boards.join(name);
    let written = match tokio::fs::create_dir_all(boards).await {
        Ok(()) => tokio::fs::write(&path, bytes).await,
        Err(e) => Err(e),
    };
    match written {
        Ok(()) => format!("  {what}: {}\n", path.display()),
        Err(e) => {
            tracing::warn!(error = %e, path = %path.display(), "cannot write a picture");
            format!(
                "! warning: the {what} was not saved: cannot write {}: {e}\n",
                path.display()
            )
        }
    }
}

/// Turns Discord-flavoured text into terminal text: `<@id>` becomes `@id`, `<#channel>`
/// becomes `#channel`, bold marks go.
pub fn terminal_text(text: &str) -> String {
    let text = unwrap_marks(&unwrap_marks(text, '@'), '#');
    relative_times(&text).replace("**", "")
}

/// Writes Discord's `<@id>` (or `<#id>`, for `mark` `#`) as `@id`.
fn unwrap_marks(text: &str, mark: char) -> String {
    let open = format!("<{mark}");
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find(&open) {
        out.push_str(&rest[..start]);
        let after = &rest[start + open.len()..];
        match after.find('>') {
            Some(end) => {
                out.push(mark);
                out.push_str(&after[..end]);
                rest = &after[end + 1..];
            }
            None => {
                out.push_str(&open);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Writes Discord's `<t:UNIX:R>` timestamps as UTC times, `2026-11-24 19:30 UTC`.
fn relative_times(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("<t:") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 3..];
        let stamp = after
            .find('>')
            .and_then(|end| Some((end, after[..end].split(':').next()?.parse::<i64>().ok()?)))
            .and_then(|(end, secs)| Some((end, chrono::DateTime::from_timestamp(secs, 0)?)));
        match stamp {
            Some((end, time)) => {
                out.push_str(&time.format("%Y-%m-%d %H:%M UTC").to_string());
                rest = &after[end + 1..];
            }
            None => {
                out.push_str("<t:");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

//! The commands of play over days: claiming a game on time, the server's settings, vacations
//! and where turn reminders go.

use crate::table::{Command, SettingsChange};

use super::super::{Context, Error};
use super::run;

/// Claims the win when the player to move has run out of time.
#[poise::command(slash_command)]
pub(crate) async fn claim(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Claim, false).await
}

/// Shows this server's settings; channel admins change them with the options.
#[poise::command(slash_command)]
pub(crate) async fn settings(
    ctx: Context<'_>,
    #[description = "Days per move for tables opened without `days` (1 to 14, 0 for none)"]
    #[min = 0]
    #[max = 14]
    days: Option<i64>,
    #[description = "Hours into a turn before the player is reminded (0 for no reminder)"]
    #[min = 0]
    #[max = 168]
    remind_hours: Option<i64>,
    #[description = "Days a table may wait to be started before it closes (1 to 30)"]
    #[min = 1]
    #[max = 30]
    lobby_days: Option<i64>,
    #[description = "Hours after a passed deadline before the game is claimed by itself (0: never)"]
    #[min = 0]
    #[max = 168]
    grace_hours: Option<i64>,
    #[description = "Days of /vacation each player may take per year (0: none)"]
    #[min = 0]
    #[max = 60]
    vacation_days: Option<i64>,
    #[description = "Whether games against the bot change ratings (bots never show on leaderboards)"]
    rate_bots: Option<bool>,
) -> Result<(), Error> {
    let change = SettingsChange {
        days,
        remind_hours,
        lobby_days,
        grace_hours,
        vacation_days,
        rate_bots,
    };
    let private = change.is_empty();
    run(ctx, Command::Settings(change), private).await
}

/// Pauses your clocks in all your games on this server (days:0 ends the vacation).
#[poise::command(slash_command)]
pub(crate) async fn vacation(
    ctx: Context<'_>,
    #[description = "Days away (0 ends the vacation under way)"]
    #[min = 0]
    #[max = 60]
    days: i64,
) -> Result<(), Error> {
    run(ctx, Command::Vacation { days }, false).await
}

/// Where your turn reminders reach you, and hours in which they wait.
#[poise::command(slash_command)]
pub(crate) async fn notify(
    ctx: Context<'_>,
    #[description = "dm (a direct message) or channel (a ping in the game's channel)"] via: Option<
        NotifyVia,
    >,
    #[description = "Quiet hours in your time, e.g. 22-07 or 22:30-07:00; off for none"]
    quiet: Option<String>,
    #[description = "Your time zone, e.g. Europe/Paris (follows daylight saving) or an offset such as +01:00"]
    #[autocomplete = "super::options::suggest_zones"]
    tz: Option<String>,
) -> Result<(), Error> {
    let via = via.map(|v| match v {
        NotifyVia::Dm => "dm".to_string(),
        NotifyVia::Channel => "channel".to_string(),
    });
    run(ctx, Command::Notify { via, quiet, tz }, true).await
}

/// Where reminders go.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub(crate) enum NotifyVia {
    #[name = "dm"]
    Dm,
    #[name = "channel"]
    Channel,
}

/// Deletes what tabula keeps about you on every server (your past games stay, unnamed).
#[poise::command(slash_command, rename = "forget-me")]
pub(crate) async fn forget_me(
    ctx: Context<'_>,
    #[description = "True to delete now; left out, you are told what would go"] confirm: Option<
        bool,
    >,
) -> Result<(), Error> {
    let confirmed = confirm.unwrap_or(false);
    run(ctx, Command::ForgetMe { confirmed }, true).await
}

//! The commands about the computer opponent: seating it, listing its levels, asking for a hint.

use crate::table::Command;

use super::super::{Context, Error};
use super::{GamePick, run};

/// Seats the bot at a level in this channel's open table.
#[poise::command(slash_command)]
pub(crate) async fn invite(
    ctx: Context<'_>,
    #[description = "The bot's level (1 = weakest; /bot lists them)"]
    #[autocomplete = "super::options::suggest_levels"]
    #[min = 1]
    #[max = 20]
    bot: i64,
) -> Result<(), Error> {
    let level = usize::try_from(bot).unwrap_or(0);
    run(ctx, Command::InviteBot { level }, false).await
}

/// Lists a game's bot levels, how each plays and how strong it measured.
#[poise::command(slash_command, rename = "bot")]
pub(crate) async fn bot_levels(
    ctx: Context<'_>,
    #[description = "The game; this channel's game when left out"] game: Option<GamePick>,
) -> Result<(), Error> {
    let game = game.map(|g| g.0.name.to_string());
    run(ctx, Command::Bot { game }, true).await
}

/// Asks the bot for the best move now (games against the bot, finished games).
#[poise::command(slash_command)]
pub(crate) async fn hint(
    ctx: Context<'_>,
    #[description = "In a finished game: the position after this many actions (the last when left out)"]
    #[min = 0]
    #[max = 100000]
    at: Option<i64>,
) -> Result<(), Error> {
    let ply = at.and_then(|n| usize::try_from(n).ok());
    run(ctx, Command::Hint { ply }, true).await
}

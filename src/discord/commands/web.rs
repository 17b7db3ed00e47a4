//! `/web`: a server's pages on the bot's web site turned on and off (Manage Server), a player
//! hidden there, a game unlisted. The table decides; this only reads the options.

use poise::serenity_prelude as serenity;

use crate::table::{Command, Visibility, WebCommand};

use super::super::answer::Target;
use super::super::deliver::answer;
use super::super::{Context, Error};
use super::{run, who};

/// This server's games, leaderboards and players on the bot's web site.
#[poise::command(
    slash_command,
    guild_only,
    subcommands("status", "enable", "disable", "hide_me", "show_me", "unlist"),
    subcommand_required
)]
pub(crate) async fn web(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Whether this server's pages are on the web, and where.
#[poise::command(slash_command, guild_only)]
pub(crate) async fn status(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Web(WebCommand::Status), true).await
}

/// Puts this server's games, leaderboards and players' pages on the web (Manage Server).
#[poise::command(slash_command, guild_only)]
pub(crate) async fn enable(
    ctx: Context<'_>,
    #[description = "Who may see the pages"] visibility: WebVisibility,
) -> Result<(), Error> {
    let visibility = match visibility {
        WebVisibility::Public => Visibility::Public,
        WebVisibility::Members => Visibility::Members,
    };
    as_manager(ctx, WebCommand::Enable { visibility }).await
}

/// Takes every page of this server off the web at once (Manage Server).
#[poise::command(slash_command, guild_only)]
pub(crate) async fn disable(ctx: Context<'_>) -> Result<(), Error> {
    as_manager(ctx, WebCommand::Disable).await
}

/// Shows you as "Anonymous" on this server's web pages, with no page of your own.
#[poise::command(slash_command, guild_only, rename = "hide-me")]
pub(crate) async fn hide_me(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Web(WebCommand::HideMe), true).await
}

/// Shows your name on this server's web pages again.
#[poise::command(slash_command, guild_only, rename = "show-me")]
pub(crate) async fn show_me(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Web(WebCommand::ShowMe), true).await
}

/// Leaves this channel's game out of every list on the web (its link still works).
#[poise::command(slash_command, guild_only)]
pub(crate) async fn unlist(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Web(WebCommand::Unlist), false).await
}

/// Who may see a server's pages.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub(crate) enum WebVisibility {
    #[name = "public"]
    Public,
    // Members of the server, signed in on the site with Discord.
    #[name = "members"]
    Members,
}

/// Runs a `/web` command that needs Manage Server: the table's admin flag is that
/// permission here, not the Manage Channels that lets a member abort games.
async fn as_manager(ctx: Context<'_>, command: WebCommand) -> Result<(), Error> {
    let poise::Context::Application(actx) = ctx else {
        return Ok(());
    };
    let mut who = who(ctx);
    who.admin = actx
        .interaction
        .member
        .as_deref()
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.intersects(MANAGER));
    let data = ctx.data();
    answer(
        ctx.serenity_context(),
        Target::Command(actx.interaction),
        data,
        false,
        data.table.handle(&who, Command::Web(command)),
    )
    .await;
    Ok(())
}

/// Permissions that let a member turn the server's pages on and off.
const MANAGER: serenity::Permissions =
    serenity::Permissions::MANAGE_GUILD.union(serenity::Permissions::ADMINISTRATOR);

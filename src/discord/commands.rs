//! The slash commands. Each one turns its options into a table `Command`, runs it, and answers
//! with the reply; none decides anything about the game itself.

use poise::serenity_prelude as serenity;
use serenity::{ChannelId, ChannelType, CreateThread};

use crate::table::{Command, Ctx, DrawCommand, Reply, User, clean_name, mention};

use super::answer::{Answer, Sent, Target, send};
use super::deliver::answer;
use super::post::Outgoing;
use super::retry::retrying;
use super::{Context, Data, Error, people};

mod bots;
mod days;
mod options;
mod web;

pub(crate) use options::GamePick;

/// Discord's limit on autocomplete suggestions.
const MAX_SUGGESTIONS: usize = 25;

/// Returns every command the bot registers.
pub(crate) fn all() -> Vec<poise::Command<Data, Error>> {
    vec![
        play(),
        join(),
        leave(),
        start(),
        play_move(),
        roll(),
        board(),
        resign(),
        draw(),
        abort(),
        rules(),
        help(),
        export(),
        replay(),
        leaderboard(),
        stats(),
        rematch(),
        games(),
        days::claim(),
        days::settings(),
        days::vacation(),
        days::notify(),
        days::forget_me(),
        bots::invite(),
        bots::bot_levels(),
        bots::hint(),
        status(),
        web::web(),
    ]
}

/// The four things `/draw` can do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub(crate) enum DrawChoice {
    #[name = "offer"]
    Offer,
    #[name = "accept"]
    Accept,
    #[name = "decline"]
    Decline,
    #[name = "claim"]
    Claim,
}

/// Opens a table for a game in this channel (or a new thread) and invites opponents.
#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command)]
pub(crate) async fn play(
    ctx: Context<'_>,
    #[description = "The game to play"] game: GamePick,
    #[description = "A rule variant; the game's standard rules when left out"]
    #[autocomplete = "options::suggest_rulesets"]
    ruleset: Option<String>,
    #[description = "An opponent to invite"] opponent: Option<serenity::User>,
    #[description = "A second opponent (games for more players)"] opponent2: Option<serenity::User>,
    #[description = "A third opponent (games for more players)"] opponent3: Option<serenity::User>,
    #[description = "Open a thread for the game and play there"] thread: Option<bool>,
    #[description = "Days each player has for a move (1 to 14, 0 for none); the server's default when left out"]
    #[min = 0]
    #[max = 14]
    days: Option<i64>,
    #[description = "Play against the bot at this level (1 = weakest; /bot lists them): it takes every empty seat"]
    #[autocomplete = "options::suggest_levels"]
    #[min = 1]
    #[max = 20]
    bot: Option<i64>,
    #[description = "How many seats the table has (the game's most when left out)"]
    #[min = 2]
    #[max = 6]
    players: Option<i64>,
) -> Result<(), Error> {
    let poise::Context::Application(actx) = ctx else {
        return Ok(());
    };
    let data = ctx.data();
    let who = who(ctx);
    let resolved = &actx.interaction.data.resolved.members;
    let invited: Vec<&serenity::User> = [&opponent, &opponent2, &opponent3]
        .into_iter()
        .flatten()
        .collect();
    let opponents: Vec<User> = invited
        .iter()
        .map(|u| people::option_user(u, resolved.get(&u.id)))
        .collect();
    let command = Command::Play {
        game: game.0.name.to_string(),
        ruleset,
        opponents,
        days,
        bot: bot.and_then(|b| usize::try_from(b).ok()),
        players: players.and_then(|p| usize::try_from(p).ok()),
    };
    let sctx = ctx.serenity_context();
    let work = async {
        if invited.iter().any(|u| u.bot) {
            return Reply::private("Bots cannot play; invite people.");
        }
        if !thread.unwrap_or(false) {
            return data.table.handle(&who, command).await;
        }
        if let Some(refusal) = thread_refusal(actx.interaction) {
            return refusal;
        }
        let names = std::iter::once(who.user.name.clone())
            .chain(invited.iter().map(|u| u.display_name().to_string()));
        let name = thread_name(game.0.title, names);
        play_in_thread(
            sctx,
            data,
            actx.interaction,
            &who,
            name,
            game.0.title,
            command,
        )
        .await
    };
    answer(sctx, Target::Command(actx.interaction), data, false, work).await;
    data.table.wake_bots();
    Ok(())
}

/// Refuses a game thread when the member, or the bot, may not create public threads in the
/// channel (from the permissions Discord sends with the interaction, overwrites applied).
fn thread_refusal(interaction: &serenity::CommandInteraction) -> Option<Reply> {
    // The bot's own token would create the thread, so check the member's right first.
    let member_may = interaction
        .member
        .as_ref()
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.contains(serenity::Permissions::CREATE_PUBLIC_THREADS));
    if !member_may {
        return Some(Reply::private(
            "You need the Create Public Threads permission in this channel to open a game \
             thread; try `/play` without `thread`.",
        ));
    }
    let bot_may = interaction
        .app_permissions
        .is_none_or(|p| p.contains(serenity::Permissions::CREATE_PUBLIC_THREADS));
    if !bot_may {
        return Some(Reply::private(
            "I need the Create Public Threads permission in this channel to open a game \
             thread; ask an admin, or try `/play` without `thread`.",
        ));
    }
    None
}

/// Names a game thread after the game and its players ("Chess: Ann vs Bob"), cut to
/// Discord's 100 characters.
fn thread_name(title: &str, names: impl Iterator<Item = String>) -> String {
    let names: Vec<String> = names.map(|n| clean_name(&n)).collect();
    format!("{title}: {}", names.join(" vs "))
        .chars()
        .take(100)
        .collect()
}

/// Opens a thread named `name` under the command's channel (within the member's limit on
/// game threads) and runs `/play` there: the table's reply is posted in the thread and the
/// channel is told where the game went. A refused table removes the thread again.
async fn play_in_thread(
    sctx: &serenity::Context,
    data: &Data,
    interaction: &serenity::CommandInteraction,
    who: &Ctx,
    name: String,
    title: &str,
    command: Command,
) -> Reply {
    let _gate = data.thread_gate.lock().await;
    if let Err(refusal) = data
        .table
        .check_thread_quota(who, data.max_game_threads)
        .await
    {
        return refusal;
    }
    let channel = match open_thread(sctx, interaction.channel_id, name).await {
        Ok(channel) => channel,
        Err(e) => {
            tracing::warn!(error = %e, "could not open a thread");
            return Reply::private(
                "I could not open a thread here. I need the Create Public Threads permission, \
                 and a thread cannot hold another thread; try `/play` without `thread`.",
            );
        }
    };
    let in_thread = Ctx {
        channel: channel.to_string(),
        ..who.clone()
    };
    let reply = data.table.handle(&in_thread, command).await;
    if reply.private {
        if let Err(e) = super::requests::once(channel.delete(sctx)).await {
            tracing::warn!(error = %e, "could not remove the unused thread");
        }
        return reply;
    }
    data.table
        .note_thread(&in_thread, &interaction.channel_id.to_string())
        .await;
    let posted = send(sctx, Answer::post(channel, Outgoing::new(&reply))).await;
    let mut text = format!(
        "{} opened a {title} table in <#{channel}>.",
        mention(&who.user.id)
    );
    // When the thread's post failed, the channel's answer carries the table's reply.
    if posted == Sent::Lost {
        text.push('\n');
        text.push_str(&reply.text);
    }
    Reply {
        text,
        ping: if posted == Sent::Lost {
            reply.ping
        } else {
            Vec::new()
        },
        ..Reply::default()
    }
}

async fn open_thread(
    ctx: &serenity::Context,
    channel: ChannelId,
    name: String,
) -> serenity::Result<ChannelId> {
    retrying("opening a thread", || {
        channel.create_thread(
            ctx,
            CreateThread::new(name.clone()).kind(ChannelType::PublicThread),
        )
    })
    .await
    .map(|thread| thread.id)
}

/// Takes a seat at this channel's open table.
#[poise::command(slash_command)]
pub(crate) async fn join(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Join, false).await
}

/// Gives up your seat before the game starts.
#[poise::command(slash_command)]
pub(crate) async fn leave(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Leave, false).await
}

/// Starts the game with the players seated so far.
#[poise::command(slash_command)]
pub(crate) async fn start(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Start, false).await
}

/// Plays a move in the game's notation, e.g. e4 or Nf3.
#[poise::command(slash_command, rename = "move")]
pub(crate) async fn play_move(
    ctx: Context<'_>,
    #[description = "Your move, e.g. e4, Nf3, O-O or e2e4"]
    #[autocomplete = "suggest_moves"]
    text: String,
) -> Result<(), Error> {
    run(ctx, Command::Move { text }, false).await
}

/// Suggests the caller's legal moves that fit what they have typed, straight from the game
/// when the database answers within the budget, else the moves kept for this turn.
async fn suggest_moves(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let data = ctx.data();
    super::requests::autocomplete_answered();
    let moves = data.ready.suggest(&data.table, &who(ctx), partial).await;
    let choices = moves
        .into_iter()
        .take(MAX_SUGGESTIONS)
        .map(serenity::AutocompleteChoice::from)
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// Rolls for the player to move in a dice game, or any dice such as 2d6+1.
#[poise::command(slash_command)]
pub(crate) async fn roll(
    ctx: Context<'_>,
    #[description = "Dice such as 2d6+1, d20 or 4d6kh3; leave out to roll in a dice game"]
    dice: Option<String>,
) -> Result<(), Error> {
    run(ctx, Command::Roll { expr: dice }, false).await
}

/// Shows the board and whose turn it is.
#[poise::command(slash_command)]
pub(crate) async fn board(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Board, false).await
}

/// Gives up the game (asks you to confirm first).
#[poise::command(slash_command)]
pub(crate) async fn resign(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Resign { confirmed: false }, true).await
}

/// Offers a draw, answers your opponent's offer, or claims a draw the rules allow.
#[poise::command(slash_command)]
pub(crate) async fn draw(
    ctx: Context<'_>,
    #[description = "offer, accept, decline, or claim (e.g. a threefold repetition in chess)"]
    action: DrawChoice,
) -> Result<(), Error> {
    let what = match action {
        DrawChoice::Offer => DrawCommand::Offer,
        DrawChoice::Accept => DrawCommand::Accept,
        DrawChoice::Decline => DrawCommand::Decline,
        DrawChoice::Claim => DrawCommand::Claim,
    };
    run(ctx, Command::Draw(what), false).await
}

/// Ends the game without a result: at once before any move, later when every player agrees.
#[poise::command(slash_command)]
pub(crate) async fn abort(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Abort, false).await
}

/// Explains a game's rules and how to type its moves.
#[poise::command(slash_command)]
pub(crate) async fn rules(
    ctx: Context<'_>,
    #[description = "The game; this channel's game when left out"] game: Option<GamePick>,
) -> Result<(), Error> {
    let game = game.map(|g| g.0.name.to_string());
    run(ctx, Command::Rules { game }, true).await
}

/// Sends a game's record as a file (chess PGN; a move list with positions for other games).
#[poise::command(slash_command)]
pub(crate) async fn export(
    ctx: Context<'_>,
    #[description = "The game's number; this channel's current or last game when left out"]
    #[autocomplete = "options::suggest_games"]
    #[min = 1]
    game: Option<i64>,
) -> Result<(), Error> {
    run(ctx, Command::Export { game }, false).await
}

/// Makes an animated replay of a game, one frame per turn.
#[poise::command(slash_command)]
pub(crate) async fn replay(
    ctx: Context<'_>,
    #[description = "The game's number; this channel's current or last game when left out"]
    #[autocomplete = "options::suggest_games"]
    #[min = 1]
    game: Option<i64>,
) -> Result<(), Error> {
    run(ctx, Command::Replay { game }, false).await
}

/// Shows a game's leaderboard on this server.
#[poise::command(slash_command)]
pub(crate) async fn leaderboard(
    ctx: Context<'_>,
    #[description = "The game; this channel's game when left out"] game: Option<GamePick>,
    #[description = "Which page of ten (1 is the top)"]
    #[min = 1]
    #[max = 1000]
    page: Option<u32>,
) -> Result<(), Error> {
    let command = Command::Leaderboard {
        game: game.map(|g| g.0.name.to_string()),
        page: page.map(|p| p as usize),
    };
    run(ctx, command, false).await
}

/// Shows a player's ratings, records and recent games on this server.
#[poise::command(slash_command)]
pub(crate) async fn stats(
    ctx: Context<'_>,
    #[description = "The player; you when left out"] player: Option<serenity::User>,
) -> Result<(), Error> {
    let user = match (&ctx, &player) {
        (poise::Context::Application(actx), Some(u)) => Some(people::option_user(
            u,
            actx.interaction.data.resolved.members.get(&u.id),
        )),
        _ => None,
    };
    run(ctx, Command::Stats { user }, false).await
}

/// Asks the players of this channel's last game for a rematch, colours swapped.
#[poise::command(slash_command)]
pub(crate) async fn rematch(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Rematch { game: None }, false).await
}

/// Lists your unfinished games on this server and whose turn it is in each.
#[poise::command(slash_command)]
pub(crate) async fn games(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::MyGames, true).await
}

/// Lists tabula's commands.
#[poise::command(slash_command)]
pub(crate) async fn help(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Help, true).await
}

/// Shows the bot's counters, uptime and version (admins of the channel only).
#[poise::command(slash_command, default_member_permissions = "MANAGE_CHANNELS")]
async fn status(ctx: Context<'_>) -> Result<(), Error> {
    let poise::Context::Application(actx) = ctx else {
        return Ok(());
    };
    let i = actx.interaction;
    let who = people::interaction_ctx(i.guild_id, i.channel_id, i.member.as_deref(), &i.user);
    let table = &ctx.data().table;
    let work = async {
        if !who.admin {
            return Reply::private(
                "Only a member with Manage Channels or Manage Server sees `/status`.",
            );
        }
        Reply::private(table.status_text().await)
    };
    answer(
        ctx.serenity_context(),
        Target::Command(i),
        ctx.data(),
        true,
        work,
    )
    .await;
    Ok(())
}

/// Runs a table command for the interaction and answers with its reply.
async fn run(ctx: Context<'_>, command: Command, private_hint: bool) -> Result<(), Error> {
    let poise::Context::Application(actx) = ctx else {
        return Ok(());
    };
    let data = ctx.data();
    let who = who(ctx);
    answer(
        ctx.serenity_context(),
        Target::Command(actx.interaction),
        data,
        private_hint,
        data.table.handle(&who, command),
    )
    .await;
    // A bot to move plays after the reply is out, so its move comes after the person's.
    data.table.wake_bots();
    Ok(())
}

/// The table context of the person running a command.
fn who(ctx: Context<'_>) -> Ctx {
    match ctx {
        poise::Context::Application(actx) => {
            let i = actx.interaction;
            people::interaction_ctx(i.guild_id, i.channel_id, i.member.as_deref(), &i.user)
        }
        poise::Context::Prefix(p) => people::message_ctx(p.msg),
    }
}

//! The timed sweeps: turn reminders by message or DM, overdue games claimed and lobbies
//! closed with a notice in their channel, and the bot turns played and posted.

use std::sync::Arc;

use poise::serenity_prelude as serenity;

use crate::table::{BotTurn, Notice, Table};

use super::answer::{Answer, Sent, send};
use super::gate::Gate;
use super::suggest::Ready;
use super::waiting::Waiting;
use super::{access, post};

/// Posts due turn reminders, forever: each is claimed in the database (so several processes
/// never double up), posted as a new message that pings the player, then acknowledged. A
/// failed post is left to be claimed again when its lease runs out. Closes tables that were
/// never started in time, and says so in their channels.
pub(super) async fn remind(http: Arc<serenity::Http>, table: Table, every: std::time::Duration) {
    let mut tick = tokio::time::interval(every);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        for reminder in table.due_reminders(REMINDER_BATCH).await {
            let Ok(channel) = reminder
                .channel
                .parse::<u64>()
                .map(serenity::ChannelId::new)
            else {
                tracing::warn!(channel = %reminder.channel, "a reminder for a channel that is not Discord's");
                table.reminded(&reminder).await;
                continue;
            };
            let out = post::Outgoing::new(&reminder.reply);
            // A player who chose `/notify dm` is written to directly; one whose DMs are
            // closed gets the usual ping in the channel instead.
            let answer = match reminder.dm.as_deref().and_then(|u| u.parse::<u64>().ok()) {
                Some(user) => Answer::direct(serenity::UserId::new(user), channel, out),
                None => Answer::post(channel, out),
            };
            match send(&http, answer).await {
                Sent::By(_) => table.reminded(&reminder).await,
                Sent::Lost => {
                    tracing::warn!(%channel, "a reminder was not posted; it will be retried")
                }
            }
        }
        // Games whose deadline and grace period passed are claimed (one guarded commit each,
        // so with several processes only one posts); then tables never started close after
        // the server's `lobby_days`. Each channel is told.
        let claimed = table.claim_overdue(REMINDER_BATCH).await;
        if !claimed.is_empty() {
            // The next seat may be the bot's (three or more players).
            table.wake_bots();
        }
        for notice in claimed {
            post_notice(&http, &notice).await;
        }
        for notice in table.expire_lobbies(REMINDER_BATCH).await {
            post_notice(&http, &notice).await;
        }
        // Servers that removed the bot 30 days ago are forgotten.
        table.delete_departed().await;
    }
}

/// Posts a message the table made by itself in its channel; a failure is logged.
async fn post_notice(http: &serenity::Http, notice: &Notice) {
    let Ok(channel) = notice.channel.parse::<u64>().map(serenity::ChannelId::new) else {
        return;
    };
    let answer = Answer::post(channel, post::Outgoing::new(&notice.reply));
    if super::requests::relabelled("notice", send(http, answer)).await == Sent::Lost {
        tracing::warn!(%channel, "a notice was not posted");
    }
}

/// Plays bot turns, forever: at start-up (a turn left by a crash or restart), whenever a
/// delivered reply wakes it, and every `every` (a turn another process dropped). Each game
/// with a turn waiting is played by its own task until a person is to act, so one slow game
/// never holds up another; the table's pool bounds the searches, and the database claim makes
/// each turn played once across processes. A turn is played only when the bot may post it in
/// the game's channel; otherwise it waits (see [`Waiting`]) and is tried again when a
/// permission changes or, backing off, on a later wake.
pub(super) async fn play_bots(
    ctx: serenity::Context,
    table: Table,
    every: std::time::Duration,
    gate: Arc<Gate>,
    ready: Arc<Ready>,
    waiting: Arc<Waiting>,
) {
    let wake = table.bot_wakeup();
    let running: Arc<std::sync::Mutex<std::collections::HashSet<i64>>> = Arc::default();
    let mut tick = tokio::time::interval(every);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = tick.tick() => {}
            () = wake.notified() => {}
        }
        let games = table.bot_games(BOT_BATCH).await;
        if games.len() < BOT_BATCH && waiting.any() {
            // The whole list: a waiting game not in it ended or was closed meanwhile.
            waiting.keep_only(&games);
        }
        for game in games {
            if !waiting.due(game, std::time::Instant::now()) {
                continue;
            }
            if !running
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .insert(game)
            {
                continue;
            }
            let (ctx, table, running) = (ctx.clone(), table.clone(), Arc::clone(&running));
            let (gate, ready, waiting) =
                (Arc::clone(&gate), Arc::clone(&ready), Arc::clone(&waiting));
            let requests = table.metrics().discord_requests().clone();
            let turns = async move {
                play_game(&ctx, &table, game, &gate, &ready, &waiting).await;
                running
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .remove(&game);
            };
            tokio::spawn(super::requests::labelled(requests, "bot turn", turns));
        }
    }
}

/// Plays one game's bot turns, posting each, until a person is to act, the bot may not post
/// in the game's channel, or the process is stopping.
async fn play_game(
    ctx: &serenity::Context,
    table: &Table,
    game: i64,
    gate: &Arc<Gate>,
    ready: &Arc<Ready>,
    waiting: &Waiting,
) {
    // A turn started is played and posted before a stop completes; none starts once the
    // process is stopping (the next process plays it).
    while let Ok(_pass) = gate.enter() {
        let asked = std::sync::atomic::AtomicBool::new(false);
        let may_post = |guild: String, channel: String| {
            asked.store(true, std::sync::atomic::Ordering::Relaxed);
            may_post(ctx, waiting, game, guild, channel)
        };
        let Some(turn) = table.bot_turn_where(game, may_post).await else {
            if !asked.load(std::sync::atomic::Ordering::Relaxed) {
                // No bot is to act any more (a person acted for the game, or it ended):
                // nothing waits.
                waiting.clear(game);
            }
            break;
        };
        ready.warm(table, &turn.channel, &turn.reply);
        post_bot_turn(&ctx.http, &turn).await;
    }
}

/// Tells whether the bot may announce a bot turn of `game` in `channel` (from the gateway
/// cache, HTTP on a miss: the check plain-text moves make). When it may not, the game is
/// recorded as waiting (logged once, with the missing permissions) and backs off.
async fn may_post(
    ctx: &serenity::Context,
    waiting: &Waiting,
    game: i64,
    guild: String,
    channel: String,
) -> bool {
    let (Ok(guild), Ok(channel)) = (guild.parse::<u64>(), channel.parse::<u64>()) else {
        // Not a Discord game (another frontend's): the post will say.
        return true;
    };
    if guild == 0 || channel == 0 {
        return true;
    }
    let (guild, channel) = (
        serenity::GuildId::new(guild),
        serenity::ChannelId::new(channel),
    );
    let bot = ctx.cache.current_user().id;
    let missing = access::missing(ctx, guild, channel, bot).await;
    if missing.is_empty() {
        if waiting.clear(game) {
            tracing::info!(game, %channel, "a bot turn that waited for a permission is played");
        }
        return true;
    }
    let joined = missing.join(", ");
    if waiting.block(game, channel, missing, std::time::Instant::now()) {
        tracing::warn!(game, %channel, missing = %joined, "a bot turn waits: the bot cannot post in the game's channel");
    }
    false
}

/// Posts a bot's turn in its game's channel as a new message that pings the next person.
async fn post_bot_turn(http: &serenity::Http, turn: &BotTurn) {
    let Ok(channel) = turn.channel.parse::<u64>().map(serenity::ChannelId::new) else {
        tracing::warn!(channel = %turn.channel, "a bot turn in a channel that is not Discord's");
        return;
    };
    let answer = Answer::post(channel, post::Outgoing::new(&turn.reply));
    if send(http, answer).await == Sent::Lost {
        tracing::error!(%channel, game = turn.game, "a bot turn was played but not posted");
    }
}

/// Games looked at for bot turns per wake-up.
const BOT_BATCH: usize = 200;

/// Reminders claimed per tick.
const REMINDER_BATCH: usize = 50;

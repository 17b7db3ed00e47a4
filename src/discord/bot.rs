//! Wiring: the HTTP client (optionally pointed at another base URL), the poise framework with
//! its commands and event handler, command registration, and a handle to stop the bot.

use std::sync::Arc;

use anyhow::Context as _;
use poise::serenity_prelude as serenity;
use serenity::{FullEvent, GatewayIntents, Interaction};

use crate::table::Table;

use super::gate::Gate;
use super::ops::{self, Gateway};
use super::waiting::Waiting;
use super::{Config, Data, Error, buttons, catchup, commands, messages};

/// How long a stop waits for the interactions and bot turns under way to finish.
pub const STOP_PATIENCE: std::time::Duration = std::time::Duration::from_secs(8);

/// A started bot: its gateway runs in a background task until [`Running::stop`].
pub struct Running {
    table: Table,
    gate: Arc<Gate>,
    /// The current client's shards (a new client replaces the first one when Discord refuses
    /// the Message Content intent).
    gateway: Arc<Gateway>,
    task: tokio::task::JoinHandle<anyhow::Result<()>>,
    /// Where `/metrics` and `/healthz` are served, and the task serving them.
    ops: Option<(std::net::SocketAddr, tokio::task::JoinHandle<()>)>,
}

impl Running {
    /// Stops gracefully: new interactions are answered "restarting, try again"; the ones
    /// under way (and bot turns, whose searches answer at once with their best move so far)
    /// finish and are answered, for at most [`STOP_PATIENCE`]; then the gateway disconnects.
    pub async fn stop(self) {
        self.table.stop_bots();
        let left = self.gate.close(STOP_PATIENCE).await;
        if left > 0 {
            tracing::warn!(left, "stopped with work still under way");
        }
        if let Some(shards) = self.gateway.manager() {
            shards.shutdown_all().await;
        }
        let _ = self.task.await;
        if let Some((_, serving)) = self.ops {
            serving.abort();
        }
    }

    /// Returns where `/metrics` and `/healthz` are served, when they are.
    pub fn metrics_addr(&self) -> Option<std::net::SocketAddr> {
        self.ops.as_ref().map(|(addr, _)| *addr)
    }

    /// Runs until the client stops by itself (an error), or Ctrl-C or SIGTERM (a container
    /// stop) asks it to stop, then stops gracefully; a second signal exits at once.
    ///
    /// # Errors
    /// Fails when the gateway connection fails for good (e.g. a rejected token).
    pub async fn until_stopped(mut self) -> anyhow::Result<()> {
        tokio::select! {
            result = &mut self.task => {
                result.context("the Discord client task failed")?.context("the Discord client stopped")
            }
            signal = stop_signal() => {
                tracing::info!(signal, "stopping: finishing the work under way (a second signal exits at once)");
                tokio::spawn(async {
                    let again = stop_signal().await;
                    tracing::warn!(signal = again, "exiting at once");
                    std::process::exit(130);
                });
                self.stop().await;
                tracing::info!("stopped");
                Ok(())
            }
        }
    }
}

/// Waits for Ctrl-C or (on Unix) SIGTERM; returns the signal's name.
async fn stop_signal() -> &'static str {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => tokio::select! {
                _ = tokio::signal::ctrl_c() => "SIGINT",
                _ = term.recv() => "SIGTERM",
            },
            Err(e) => {
                tracing::warn!(error = %e, "cannot listen for SIGTERM; only Ctrl-C stops gracefully");
                let _ = tokio::signal::ctrl_c().await;
                "SIGINT"
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
        "Ctrl-C"
    }
}

/// Connects the bot to Discord (or to `config.api_base`) and starts serving the table. When
/// Discord refuses the Message Content intent (close 4014), a warning names the Developer
/// Portal switch and the bot reconnects without it, slash commands only.
///
/// # Errors
/// Fails when the HTTP client cannot be built, the gateway URL cannot be fetched, or the
/// metrics address cannot be listened on.
pub async fn start(config: Config, table: Table) -> anyhow::Result<Running> {
    let client = http_client(&config)?;
    let gate = Arc::new(Gate::default());
    let gateway = Arc::new(Gateway::new(config.shards));
    let ops = match config.metrics_listen {
        Some(addr) => {
            let listener = ops::bind(addr).await?;
            let addr = listener.local_addr()?;
            tracing::info!(%addr, "serving /metrics and /healthz");
            let serving = ops::serve(listener, table.clone(), Arc::clone(&gateway));
            Some((addr, tokio::spawn(serving)))
        }
        None => None,
    };
    tokio::spawn(super::status::log_every(
        table.clone(),
        super::status::LOG_EVERY,
    ));
    let first = connect(
        &config,
        &table,
        &gate,
        &gateway,
        &client,
        config.message_content,
    )
    .await?;
    gateway.run_by(Arc::clone(&first.shard_manager));
    let shards = Arc::clone(&gateway);
    let (running_table, running_gate) = (table.clone(), Arc::clone(&gate));
    let task = tokio::spawn(async move {
        let refused = run(first, config.shards).await;
        let Err(serenity::Error::Gateway(serenity::GatewayError::DisallowedGatewayIntents)) =
            refused
        else {
            return refused.context("the gateway connection failed");
        };
        if !config.message_content {
            return refused.context("Discord refused the bot's gateway intents");
        }
        tracing::warn!(
            "Discord refused the Message Content intent, so moves typed as plain messages are \
             off and only slash commands work. To turn them on, enable it in the Developer \
             Portal: your application → Bot → Privileged Gateway Intents → Message Content \
             Intent, then restart tabula (or set TABULA_MESSAGE_CONTENT=false to silence this)."
        );
        let second = connect(&config, &table, &gate, &shards, &client, false).await?;
        shards.run_by(Arc::clone(&second.shard_manager));
        run(second, config.shards)
            .await
            .context("the gateway connection failed")
    });
    Ok(Running {
        table: running_table,
        gate: running_gate,
        gateway,
        task,
        ops,
    })
}

/// Runs a client on this process's shards until it stops.
async fn run(
    mut client: serenity::Client,
    shards: Option<super::Shards>,
) -> Result<(), serenity::Error> {
    super::shards::run(&mut client, shards).await
}

/// Builds the HTTP client every Discord request goes through: bounded in time, and pointed at
/// a fake when the configuration says so.
///
/// # Errors
/// When the extra certificate authority is not PEM or the client cannot be built.
pub fn http_client(config: &Config) -> anyhow::Result<reqwest::Client> {
    let mut builder = reqwest::Client::builder()
        .connect_timeout(config.http_timeout.min(CONNECT_TIMEOUT))
        .timeout(config.http_timeout);
    if config.api_base.is_some() || config.discord_host.is_some() {
        // A fake on 127.0.0.1 must not be reached through a proxy from the environment.
        builder = builder.no_proxy();
    }
    if let Some(host) = &config.discord_host {
        let authority = reqwest::Certificate::from_pem(&host.ca_pem)
            .context("the extra certificate authority is not PEM")?;
        builder = builder
            .resolve("discord.com", host.addr)
            .add_root_certificate(authority);
    }
    builder.build().context("cannot build the HTTP client")
}

/// The longest a connection to Discord may take to open.
const CONNECT_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(5);

/// Makes a client for the table: the framework with its commands and event handler, over a
/// fresh HTTP handle (serenity's ratelimiter on unless an API proxy does it), listening to
/// plain messages when `message_content` says so.
async fn connect(
    config: &Config,
    table: &Table,
    gate: &Arc<Gate>,
    gateway: &Arc<Gateway>,
    client: &reqwest::Client,
    message_content: bool,
) -> anyhow::Result<serenity::Client> {
    let mut http = serenity::HttpBuilder::new(&config.token).client(client.clone());
    if let Some(base) = &config.api_base {
        // serenity ignores the proxy while its ratelimiter is on, so the two go together.
        http = http
            .proxy(base.trim_end_matches('/'))
            .ratelimiter_disabled(true);
    }
    let http = http.build();

    let mut intents = GatewayIntents::GUILDS;
    if message_content {
        intents |= GatewayIntents::GUILD_MESSAGES | GatewayIntents::MESSAGE_CONTENT;
    }
    let reminders = table.clone();
    let reminder_every = config.reminder_every;
    let bots = table.clone();
    let bot_every = config.bot_every;
    let bot_gate = Arc::clone(gate);
    let ready = Arc::new(super::suggest::Ready::default());
    let bot_ready = Arc::clone(&ready);
    let waiting = Arc::new(Waiting::default());
    let bot_waiting = Arc::clone(&waiting);
    let data = Data {
        gate: Arc::clone(gate),
        table: table.clone(),
        message_content,
        defer_after: config.defer_after,
        max_game_threads: config.max_game_threads,
        thread_gate: tokio::sync::Mutex::new(()),
        ready,
        waiting,
    };
    let guild = config.guild;
    let gateway = Arc::clone(gateway);
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: commands::all(),
            event_handler: |fctx, event| Box::pin(on_event(fctx, event)),
            on_error: |error| Box::pin(on_error(error)),
            allowed_mentions: Some(serenity::CreateAllowedMentions::new()),
            ..Default::default()
        })
        // The bot has no owner-only commands, so it need not ask Discord who its owners are.
        .initialize_owners(false)
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                tracing::info!(user = %ready.user.name, "connected to Discord");
                gateway.ready(ready.shard.map_or(1, |s| s.total));
                // A failed registration must not fail setup: poise would then hang every event.
                register(ctx, &framework.options().commands, guild).await;
                tokio::spawn(remind(Arc::clone(&ctx.http), reminders, reminder_every));
                tokio::spawn(play_bots(
                    ctx.clone(),
                    bots,
                    bot_every,
                    bot_gate,
                    bot_ready,
                    bot_waiting,
                ));
                Ok(data)
            })
        })
        .build();
    let client = serenity::ClientBuilder::new_with_http(http, intents)
        .framework(framework)
        .await
        .context("cannot create the Discord client")?;
    Ok(client)
}

/// Posts due turn reminders, forever: each is claimed in the database (so several processes
/// never double up), posted as a new message that pings the player, then acknowledged. A
/// failed post is left to be claimed again when its lease runs out. Closes tables that were
/// never started in time, and says so in their channels.
async fn remind(http: Arc<serenity::Http>, table: crate::table::Table, every: std::time::Duration) {
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
            let out = super::post::Outgoing::new(&reminder.reply);
            // A player who chose `/notify dm` is written to directly; one whose DMs are
            // closed gets the usual ping in the channel instead.
            if let Some(user) = reminder.dm.as_deref().and_then(|u| u.parse::<u64>().ok()) {
                match send_dm(&http, user, &out).await {
                    Ok(()) => {
                        table.reminded(&reminder).await;
                        continue;
                    }
                    Err(e) => {
                        tracing::info!(error = %e, user, "a reminder could not go by DM; posting it in the channel");
                    }
                }
            }
            let posted = super::post::retrying("posting a reminder", || {
                channel.send_message(&http, out.message())
            })
            .await;
            match posted {
                Ok(_) => table.reminded(&reminder).await,
                Err(e) => {
                    tracing::warn!(error = %e, %channel, "a reminder was not posted; it will be retried")
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
            post_notice(&http, &notice, "posting that a game was claimed").await;
        }
        for notice in table.expire_lobbies(REMINDER_BATCH).await {
            post_notice(&http, &notice, "posting that a table closed").await;
        }
        // Servers that removed the bot 30 days ago are forgotten.
        table.delete_departed().await;
    }
}

/// Sends a message to a user's DM channel (opened if need be).
async fn send_dm(
    http: &serenity::Http,
    user: u64,
    out: &super::post::Outgoing,
) -> Result<(), serenity::Error> {
    let dm = serenity::UserId::new(user).create_dm_channel(http).await?;
    super::post::retrying("sending a reminder by DM", || {
        dm.id.send_message(http, out.message())
    })
    .await?;
    Ok(())
}

/// Posts a message the table made by itself in its channel; a failure is logged.
async fn post_notice(http: &serenity::Http, notice: &crate::table::Notice, what: &'static str) {
    let Ok(channel) = notice.channel.parse::<u64>().map(serenity::ChannelId::new) else {
        return;
    };
    let out = super::post::Outgoing::new(&notice.reply);
    if let Err(e) = super::post::retrying(what, || channel.send_message(http, out.message())).await
    {
        tracing::warn!(error = %e, %channel, "a notice was not posted");
    }
}

/// Plays bot turns, forever: at start-up (a turn left by a crash or restart), whenever a
/// delivered reply wakes it, and every `every` (a turn another process dropped). Each game
/// with a turn waiting is played by its own task until a person is to act, so one slow game
/// never holds up another; the table's pool bounds the searches, and the database claim makes
/// each turn played once across processes. A turn is played only when the bot may post it in
/// the game's channel; otherwise it waits (see [`Waiting`]) and is tried again when a
/// permission changes or, backing off, on a later wake.
async fn play_bots(
    ctx: serenity::Context,
    table: Table,
    every: std::time::Duration,
    gate: Arc<Gate>,
    ready: Arc<super::suggest::Ready>,
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
            tokio::spawn(async move {
                // A turn started is played and posted before a stop completes; none starts
                // once the process is stopping (the next process plays it).
                while let Ok(_pass) = gate.enter() {
                    let asked = std::sync::atomic::AtomicBool::new(false);
                    let may_post = |guild: String, channel: String| {
                        asked.store(true, std::sync::atomic::Ordering::Relaxed);
                        may_post(&ctx, &waiting, game, guild, channel)
                    };
                    let Some(turn) = table.bot_turn_where(game, may_post).await else {
                        if !asked.load(std::sync::atomic::Ordering::Relaxed) {
                            // No bot is to act any more (a person acted for the game, or it
                            // ended): nothing waits.
                            waiting.clear(game);
                        }
                        break;
                    };
                    ready.warm(&table, &turn.channel, &turn.reply);
                    post_bot_turn(&ctx.http, &turn).await;
                }
                running
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .remove(&game);
            });
        }
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
    let missing = super::access::missing(ctx, guild, channel, bot).await;
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
async fn post_bot_turn(http: &serenity::Http, turn: &crate::table::BotTurn) {
    let Ok(channel) = turn.channel.parse::<u64>().map(serenity::ChannelId::new) else {
        tracing::warn!(channel = %turn.channel, "a bot turn in a channel that is not Discord's");
        return;
    };
    let out = super::post::Outgoing::new(&turn.reply);
    let posted = super::post::retrying("posting a bot turn", || {
        channel.send_message(http, out.message())
    })
    .await;
    if let Err(e) = posted {
        tracing::error!(error = %e, %channel, game = turn.game, "a bot turn was played but not posted");
    }
}

/// Games looked at for bot turns per wake-up.
const BOT_BATCH: usize = 200;

/// Reminders claimed per tick.
const REMINDER_BATCH: usize = 50;

async fn register(
    ctx: &serenity::Context,
    commands: &[poise::Command<Data, Error>],
    guild: Option<u64>,
) {
    let result = match guild {
        Some(id) => {
            poise::builtins::register_in_guild(ctx, commands, serenity::GuildId::new(id)).await
        }
        None => poise::builtins::register_globally(ctx, commands).await,
    };
    match result {
        Ok(()) => tracing::info!(commands = commands.len(), ?guild, "registered commands"),
        Err(e) => tracing::error!(error = %e, "could not register the slash commands"),
    }
}

async fn on_event(
    fctx: poise::FrameworkContext<'_, Data, Error>,
    event: &FullEvent,
) -> Result<(), Error> {
    match event {
        FullEvent::InteractionCreate {
            interaction: Interaction::Component(component),
        } => buttons::handle(fctx.serenity_context, fctx.user_data, component).await,
        FullEvent::Message { new_message } => {
            messages::handle(fctx.serenity_context, fctx.user_data, new_message).await;
        }
        // Removed from a server (not an outage, which says `unavailable`): its unfinished
        // games close now, its data goes in 30 days unless the bot is added back.
        FullEvent::GuildDelete { incomplete, .. } if !incomplete.unavailable => {
            let closed = fctx
                .user_data
                .table
                .guild_removed(&incomplete.id.to_string())
                .await;
            tracing::info!(guild = %incomplete.id, closed, "removed from a server");
        }
        FullEvent::GuildCreate { guild, .. } => {
            fctx.user_data
                .table
                .guild_present(&guild.id.to_string())
                .await;
            permissions_changed(fctx.user_data);
        }
        // The cache has taken the change already: bot turns waiting for a permission are
        // tried again now.
        FullEvent::GuildRoleCreate { .. }
        | FullEvent::GuildRoleUpdate { .. }
        | FullEvent::GuildRoleDelete { .. }
        | FullEvent::ChannelUpdate { .. }
        | FullEvent::ThreadUpdate { .. }
        | FullEvent::GuildMemberUpdate { .. } => permissions_changed(fctx.user_data),
        // Messages typed while the session was down were never delivered: read them now.
        FullEvent::Ready { .. } | FullEvent::Resume { .. } => {
            catchup::catch_up(fctx.serenity_context, fctx.user_data).await;
        }
        _ => {}
    }
    Ok(())
}

/// Wakes the bot-turn loop for the games waiting for a permission, if any.
fn permissions_changed(data: &Data) {
    if data.waiting.any() {
        data.waiting.retry_all(std::time::Instant::now());
        data.table.wake_bots();
    }
}

async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    // Commands answer players themselves; what lands here is a bug, a Discord failure, or a
    // command Discord knows in another shape than this build (registered by another
    // version). Each of those is still answered, so no command ends in Discord's "The
    // application did not respond"; everything else goes to poise's own handler.
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            tracing::error!(command = %ctx.command().name, error = %error, "command failed");
            apologise(ctx, SOMETHING_WENT_WRONG).await;
        }
        poise::FrameworkError::CommandStructureMismatch {
            ctx, description, ..
        } => {
            tracing::warn!(command = %ctx.command().name, description, "a command's options did not fit this build");
            if ctx.interaction_type == poise::CommandInteractionType::Command {
                apologise(poise::Context::Application(ctx), OUT_OF_DATE).await;
            }
        }
        poise::FrameworkError::UnknownInteraction {
            framework,
            interaction,
            ..
        } => {
            tracing::warn!(command = %interaction.data.name, "a command this build does not know");
            if interaction.data.autocomplete().is_none() {
                let answer = serenity::CreateInteractionResponse::Message(
                    serenity::CreateInteractionResponseMessage::new()
                        .content(OUT_OF_DATE)
                        .ephemeral(true),
                );
                let sent = interaction
                    .create_response(framework.serenity_context, answer)
                    .await;
                if let Err(e) = sent {
                    tracing::warn!(error = %e, "could not answer an unknown command");
                }
            }
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::warn!(error = %e, "could not answer after a framework error");
            }
        }
    }
}

/// What a player reads when their command failed on our side.
const SOMETHING_WENT_WRONG: &str =
    "Something went wrong on my side and your command was not carried out; please try again.";

/// What a player reads when Discord sent a command in a shape this build does not know.
const OUT_OF_DATE: &str = "That command has changed since Discord last heard of it; please \
    try again in a minute (reopen the command list so Discord shows the new one).";

/// Tells the person privately that their command failed (a follow-up when it was answered).
async fn apologise(ctx: poise::Context<'_, Data, Error>, text: &str) {
    let reply = poise::CreateReply::default().content(text).ephemeral(true);
    if let Err(e) = ctx.send(reply).await {
        tracing::warn!(error = %e, "could not tell the player their command failed");
    }
}

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
use super::{Config, Data, Error, buttons, catchup, commands, messages, sweeps};

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

/// Makes a fresh HTTP handle over `client`: serenity's ratelimiter on, unless requests go
/// through an API proxy (`config.api_base`) that does it.
fn discord_http(config: &Config, client: &reqwest::Client) -> serenity::Http {
    let mut http = serenity::HttpBuilder::new(&config.token).client(client.clone());
    if let Some(base) = &config.api_base {
        // serenity ignores the proxy while its ratelimiter is on, so the two go together.
        http = http
            .proxy(base.trim_end_matches('/'))
            .ratelimiter_disabled(true);
    }
    http.build()
}

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
    let http = discord_http(config, client);
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
                let requests = reminders.metrics().discord_requests().clone();
                let reminding = sweeps::remind(Arc::clone(&ctx.http), reminders, reminder_every);
                tokio::spawn(super::requests::labelled(requests, "reminder", reminding));
                tokio::spawn(sweeps::play_bots(
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
    // Every event's requests to Discord are counted under its kind.
    let framework =
        super::requests::Counted::new(framework, table.metrics().discord_requests().clone());
    let client = serenity::ClientBuilder::new_with_http(http, intents)
        .framework(framework)
        .await
        .context("cannot create the Discord client")?;
    Ok(client)
}

async fn register(
    ctx: &serenity::Context,
    commands: &[poise::Command<Data, Error>],
    guild: Option<u64>,
) {
    let result = match guild {
        Some(id) => {
            let guild = serenity::GuildId::new(id);
            super::requests::once(poise::builtins::register_in_guild(ctx, commands, guild)).await
        }
        None => super::requests::once(poise::builtins::register_globally(ctx, commands)).await,
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
                let sent = super::requests::once(
                    interaction.create_response(framework.serenity_context, answer),
                )
                .await;
                if let Err(e) = sent {
                    tracing::warn!(error = %e, "could not answer an unknown command");
                }
            }
        }
        other => {
            // poise answers the errors that come with a command, except a failed check.
            let answers = other.ctx().is_some()
                && !matches!(other, poise::FrameworkError::CommandCheckFailed { .. });
            let result = poise::builtins::on_error(other).await;
            if answers {
                super::requests::tried(result.as_ref().err(), false);
            }
            if let Err(e) = result {
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
    if let Err(e) = super::requests::once(ctx.send(reply)).await {
        tracing::warn!(error = %e, "could not tell the player their command failed");
    }
}

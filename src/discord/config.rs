//! The bot's settings, read by `main` from the environment.

use std::time::Duration;

/// How the bot connects to Discord and what it listens to.
#[derive(Clone, Debug)]
pub struct Config {
    /// The bot token from the developer portal.
    pub token: String,
    /// Another base URL for Discord's HTTP API (`DISCORD_API_BASE`): an API proxy that does
    /// the rate limiting itself (serenity's client-side ratelimiter is then off, as serenity
    /// requires), or a plain-HTTP fake; `None` in production.
    pub api_base: Option<String>,
    /// Reaches `discord.com` at another address, trusting one more certificate authority:
    /// for tests against a fake that speaks HTTPS, so every request takes the production
    /// path through serenity's ratelimiter; `None` in production.
    pub discord_host: Option<DiscordHost>,
    /// How long one request to Discord may take in all (connecting, sending, answering)
    /// before it is given up; a stalled connection then fails instead of hanging its handler.
    pub http_timeout: Duration,
    /// Registers the commands in this guild only (`TABULA_GUILD_ID`), which takes effect at
    /// once; `None` registers them globally.
    pub guild: Option<u64>,
    /// Reads plain messages as moves (`TABULA_MESSAGE_CONTENT`); needs the privileged Message
    /// Content intent enabled in the developer portal.
    pub message_content: bool,
    /// How long a command may work before its answer is deferred (Discord allows 3 seconds).
    pub defer_after: Duration,
    /// How often the database is asked for due turn reminders.
    pub reminder_every: Duration,
    /// How often the database is searched for bot turns nobody is playing (left by a crash or
    /// by another process that stopped); a reply that leaves a bot to move wakes it at once.
    pub bot_every: Duration,
    /// How many threads with an unfinished game a member may have opened with
    /// `/play thread:True` on one server at a time (`TABULA_MAX_GAME_THREADS`); channel
    /// admins have no limit.
    pub max_game_threads: usize,
    /// The range of Discord's shards this process runs (`TABULA_SHARDS`, e.g. `0-3/8`), so
    /// several processes can share the guilds; `None` runs every shard Discord recommends.
    pub shards: Option<super::Shards>,
    /// Where `/metrics` (Prometheus text) and `/healthz` are served (`--metrics-listen`,
    /// `TABULA_METRICS_LISTEN`); `None` serves neither.
    pub metrics_listen: Option<std::net::SocketAddr>,
}

/// Where `discord.com` is reached instead, and the certificate authority it is trusted by.
#[derive(Clone, Debug)]
pub struct DiscordHost {
    pub addr: std::net::SocketAddr,
    /// The authority's certificate, PEM.
    pub ca_pem: Vec<u8>,
}

/// The default of [`Config::http_timeout`].
pub const HTTP_TIMEOUT: Duration = Duration::from_secs(10);

/// The default of [`Config::max_game_threads`].
pub const MAX_GAME_THREADS: usize = 3;

impl Config {
    /// Makes a production configuration for a token: global commands, no plain-text moves.
    pub fn new(token: impl Into<String>) -> Config {
        Config {
            token: token.into(),
            api_base: None,
            discord_host: None,
            http_timeout: HTTP_TIMEOUT,
            guild: None,
            message_content: false,
            defer_after: Duration::from_millis(1500),
            reminder_every: Duration::from_secs(60),
            bot_every: Duration::from_secs(30),
            max_game_threads: MAX_GAME_THREADS,
            shards: None,
            metrics_listen: None,
        }
    }
}

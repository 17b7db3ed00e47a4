//! The bot's settings, read by `main` from the environment.

use std::time::Duration;

/// How the bot connects to Discord and what it listens to.
#[derive(Clone, Debug)]
pub struct Config {
    /// The bot token from the developer portal.
    pub token: String,
    /// Another base URL for Discord's HTTP API and gateway (`DISCORD_API_BASE`), for tests
    /// against a fake; `None` in production. When set, the client-side ratelimiter is off.
    pub api_base: Option<String>,
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
    /// several processes can share the guilds; `None` runs the one shard of a small bot.
    pub shards: Option<super::Shards>,
}

/// The default of [`Config::max_game_threads`].
pub const MAX_GAME_THREADS: usize = 3;

impl Config {
    /// Makes a production configuration for a token: global commands, no plain-text moves.
    pub fn new(token: impl Into<String>) -> Config {
        Config {
            token: token.into(),
            api_base: None,
            guild: None,
            message_content: false,
            defer_after: Duration::from_millis(1500),
            reminder_every: Duration::from_secs(60),
            bot_every: Duration::from_secs(30),
            max_game_threads: MAX_GAME_THREADS,
            shards: None,
        }
    }
}

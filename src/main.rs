//! The `tabula` binary: the Discord bot, the console table, the JSON engine and migrations.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::Context as _;
use clap::{Parser, Subcommand};
use tracing_subscriber::EnvFilter;

use tabula::console::{self, ConsoleOptions};
use tabula::discord;
use tabula::render::Renderer;
use tabula::store::Store;
use tabula::table::Table;
use tabula::web::WebOptions;

/// Board games for Discord, played by message.
#[derive(Parser, Debug)]
#[command(name = "tabula", version, about, long_about = None)]
struct Cli {
    /// Where games are kept: sqlite://file or postgres://… (also from a .env file).
    #[arg(
        long,
        env = "DATABASE_URL",
        default_value = "sqlite://tabula.db",
        global = true
    )]
    database_url: String,

    /// How many bot searches run at once in this process (each up to 3 s); more wait their turn.
    #[arg(long, env = "TABULA_BOT_SEARCHES", default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=64), global = true)]
    bot_searches: u16,

    /// Serves the web view on this address (`8080` or `:8080` listen on 127.0.0.1; `0.0.0.0:8080`
    /// on every interface); without it no web page is served.
    #[arg(long, env = "TABULA_WEB_LISTEN", global = true, value_parser = tabula::web::parse_listen)]
    web_listen: Option<std::net::SocketAddr>,

    /// The web view's public address (`https://games.example.org`), for the links `/web` gives.
    #[arg(long, env = "TABULA_PUBLIC_BASE_URL", global = true)]
    public_base_url: Option<String>,

    /// The Discord application's OAuth2 client id: people then sign in on the web view with
    /// Discord, and servers may show their pages to their members only.
    #[arg(long, env = "TABULA_OAUTH_CLIENT_ID", global = true)]
    oauth_client_id: Option<String>,

    /// The OAuth2 client secret (better from the environment or a file than on a command line).
    #[arg(
        long,
        env = "TABULA_OAUTH_CLIENT_SECRET",
        hide_env_values = true,
        global = true
    )]
    oauth_client_secret: Option<String>,

    /// A file holding the OAuth2 client secret.
    #[arg(long, env = "TABULA_OAUTH_CLIENT_SECRET_FILE", global = true)]
    oauth_client_secret_file: Option<PathBuf>,

    /// The key sign-in cookies are sealed with (32 characters or more); without it a random key
    /// is made at start, so everyone is signed out when tabula restarts.
    #[arg(
        long,
        env = "TABULA_WEB_COOKIE_KEY",
        hide_env_values = true,
        global = true
    )]
    web_cookie_key: Option<String>,

    #[command(subcommand)]
    command: Option<Mode>,
}

#[derive(Subcommand, Debug)]
enum Mode {
    /// Runs the Discord bot (needs DISCORD_TOKEN).
    Bot {
        /// The bot token from the Discord developer portal.
        #[arg(long, env = "DISCORD_TOKEN", hide_env_values = true)]
        token: Option<String>,
        /// Registers the slash commands in this guild only, for instant updates while developing.
        #[arg(long, env = "TABULA_GUILD_ID")]
        guild: Option<u64>,
        /// Reads plain messages as moves (needs the Message Content intent in the developer portal).
        #[arg(long, env = "TABULA_MESSAGE_CONTENT", value_parser = clap::builder::BoolishValueParser::new())]
        message_content: bool,
        /// Another base URL for Discord's API, e.g. an API proxy that rate-limits itself (turns serenity's ratelimiter off).
        #[arg(long, env = "DISCORD_API_BASE", hide = true)]
        api_base: Option<String>,
        /// How many threads with an unfinished game one member may have opened on a server.
        #[arg(long, env = "TABULA_MAX_GAME_THREADS", default_value_t = discord::MAX_GAME_THREADS)]
        max_game_threads: usize,
        /// How often due reminders, claims and old tables are looked for, in milliseconds.
        #[arg(
            long,
            env = "TABULA_REMINDER_EVERY_MS",
            default_value_t = 60_000,
            hide = true
        )]
        reminder_every_ms: u64,
        /// Seconds a claimed reminder is held before another process may send it again.
        #[arg(long, env = "TABULA_REMINDER_LEASE_SECONDS", default_value_t = tabula::store::LEASE_SECONDS, hide = true)]
        reminder_lease: i64,
        /// Runs only these of Discord's shards, `2/8` or `0-3/8` (first-last/total), so several
        /// processes on one PostgreSQL share the guilds; every shard Discord recommends when
        /// left out.
        #[arg(long, env = "TABULA_SHARDS")]
        shards: Option<discord::Shards>,
        /// Serves `/metrics` (Prometheus text) and `/healthz` (200 once the gateway is up and
        /// the database answers, else 503) on this address, e.g. `127.0.0.1:9100`.
        #[arg(long, env = "TABULA_METRICS_LISTEN")]
        metrics_listen: Option<std::net::SocketAddr>,
        /// How many commands (slash commands, buttons, typed moves) this process works on at
        /// once; beyond it a command is answered "busy, nothing was played, try again".
        #[arg(long, env = "TABULA_MAX_IN_FLIGHT", default_value_t = tabula::table::MAX_IN_FLIGHT, value_parser = parse_in_flight)]
        max_in_flight: usize,
    },
    /// Plays at a terminal table: lines like `@alice /play chess @bob`; boards are written as PNG files.
    Console {
        /// Folder the board pictures are written to.
        #[arg(long, default_value = "boards")]
        boards: PathBuf,
        /// The channel commands go to (a line may name another with `#name`).
        #[arg(long, default_value = "console")]
        channel: String,
        /// Users who count as channel admins (may abort any game); repeat or separate with commas.
        #[arg(long, value_delimiter = ',')]
        admin: Vec<String>,
        /// Starts the console's clock at this time (`2027-01-15T09:00:00Z` or unix seconds)
        /// instead of now; `/tick 25h` moves it on either way.
        #[arg(long, value_parser = parse_now)]
        now: Option<i64>,
    },
    /// Speaks JSON lines on stdin/stdout: rules and rendering without a database.
    Engine,
    /// Creates or updates the database tables, then exits.
    Migrate,
    /// Writes a consistent copy of the SQLite database to a new FILE while tabula may be
    /// running (for PostgreSQL, use pg_dump).
    Backup {
        /// The new file to write the copy to; it must not exist yet.
        file: PathBuf,
    },
}

fn main() -> ExitCode {
    // A missing .env file is normal; a broken one is worth a word.
    if let Err(e) = dotenvy::dotenv()
        && !e.not_found()
    {
        eprintln!("warning: ignoring .env: {e}");
    }
    let cli = Cli::parse();
    // Sign-in is part of the web view: read (and checked) only when the site is served.
    let sign_in = match cli.web_listen.map(|_| sign_in_options(&cli)).transpose() {
        Ok(sign_in) => sign_in.flatten(),
        Err(e) => return report(Err(e)),
    };
    let mode = cli
        .command
        .unwrap_or_else(|| match std::env::var("DISCORD_TOKEN") {
            // The same settings as `tabula bot`, read (and checked) by clap from the environment.
            Ok(token) if !token.trim().is_empty() => {
                Cli::parse_from(std::env::args_os().chain(["bot".into()]))
                    .command
                    .expect("`bot` names the bot")
            }
            _ => {
                eprintln!(
                    "No DISCORD_TOKEN is set, so tabula opens the console table (`tabula console`)."
                );
                Mode::Console {
                    boards: PathBuf::from("boards"),
                    channel: "console".into(),
                    admin: Vec::new(),
                    now: None,
                }
            }
        });
    let quiet = matches!(mode, Mode::Console { .. } | Mode::Engine);
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new(if quiet { "warn" } else { "info" }));
    init_logging(filter);

    if let Mode::Engine = mode {
        let stdin = std::io::stdin().lock();
        let stdout = std::io::stdout().lock();
        return report(tabula::engine::run(stdin, stdout).context("engine I/O failed"));
    }
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(rt) => rt,
        Err(e) => {
            return report(Err(
                anyhow::Error::new(e).context("cannot start the async runtime")
            ));
        }
    };
    let bots = tabula::table::BotConfig {
        searches: usize::from(cli.bot_searches),
        ..tabula::table::BotConfig::default()
    };
    let web = cli.web_listen.map(|listen| WebOptions {
        listen,
        public_base_url: cli.public_base_url.clone(),
        sign_in,
    });
    report(runtime.block_on(run(mode, &cli.database_url, bots, web)))
}

/// Runs the chosen mode (all but the engine, which needs no async runtime).
async fn run(
    mode: Mode,
    database_url: &str,
    bots: tabula::table::BotConfig,
    web: Option<WebOptions>,
) -> anyhow::Result<()> {
    match mode {
        Mode::Bot {
            token,
            guild,
            message_content,
            api_base,
            max_game_threads,
            reminder_every_ms,
            reminder_lease,
            shards,
            metrics_listen,
            max_in_flight,
        } => {
            let Some(token) = token.filter(|t| !t.trim().is_empty()) else {
                anyhow::bail!(
                    "DISCORD_TOKEN is not set. Put the bot's token in the environment or a .env file, \
                     or try tabula without Discord: `tabula console`."
                );
            };
            let config = discord::Config {
                guild,
                message_content,
                api_base: api_base.filter(|b| !b.trim().is_empty()),
                max_game_threads,
                reminder_every: std::time::Duration::from_millis(reminder_every_ms.max(10)),
                shards,
                metrics_listen,
                ..discord::Config::new(token.trim())
            };
            let table = TableOptions {
                database_url,
                bots,
                web: web.as_ref(),
            };
            run_bot(config, table, reminder_lease, max_in_flight).await
        }
        Mode::Console {
            boards,
            channel,
            admin,
            now,
        } => {
            let options = ConsoleOptions {
                boards,
                channel,
                admins: admin,
                ..ConsoleOptions::default()
            };
            let table = TableOptions {
                database_url,
                bots,
                web: web.as_ref(),
            };
            run_console(options, now, table).await
        }
        Mode::Migrate => migrate(database_url).await,
        Mode::Backup { file } => backup(database_url, &file).await,
        Mode::Engine => unreachable!("the engine runs without the async runtime"),
    }
}

/// What the bot and the console table share: the database, the bot's searches, the web view.
struct TableOptions<'a> {
    database_url: &'a str,
    bots: tabula::table::BotConfig,
    web: Option<&'a WebOptions>,
}

/// Runs the Discord bot (and the web view when asked) until it is stopped.
async fn run_bot(
    config: discord::Config,
    options: TableOptions<'_>,
    reminder_lease: i64,
    max_in_flight: usize,
) -> anyhow::Result<()> {
    let store = connect(options.database_url)
        .await?
        .with_reminder_lease(reminder_lease);
    // The painters are drawn while the bot connects: ready does not wait for them.
    let table = Table::new(store.clone(), Arc::new(Renderer::warming()))
        .with_bot_config(options.bots)
        .with_max_in_flight(max_in_flight);
    let (table, web) = members_from_discord(table, options.web.cloned(), &config)?;
    let (table, site) = serve_web(table, web.as_ref()).await?;
    let running = discord::start(config, table).await?;
    let result = running.until_stopped().await;
    if let Some(site) = site {
        site.stop().await;
    }
    store.close().await;
    result
}

/// Runs the console table (and the web view when asked) on a clock that starts at `now`.
async fn run_console(
    mut console: ConsoleOptions,
    now: Option<i64>,
    options: TableOptions<'_>,
) -> anyhow::Result<()> {
    // The console's clock is the wall's moved by a skew: `--now` sets it, `/tick` adds.
    let skew = Arc::new(std::sync::atomic::AtomicI64::new(
        now.map_or(0, |n| n - wall_clock()),
    ));
    let offset = Arc::clone(&skew);
    let store = connect(options.database_url)
        .await?
        .with_clock(Arc::new(move || {
            wall_clock() + offset.load(std::sync::atomic::Ordering::SeqCst)
        }));
    // The console shows one or two games: it draws only their painters, when needed.
    let table = Table::new(store.clone(), Arc::new(Renderer::lazy())).with_bot_config(options.bots);
    let web = options.web.cloned().map(|mut web| {
        if web.sign_in.take().is_some() {
            eprintln!(
                "The console has no Discord to ask who is a member of a server, so the web view \
                 signs nobody in and offers no members-only pages here."
            );
        }
        web
    });
    let (table, site) = serve_web(table, web.as_ref()).await?;
    if let Some(site) = &site {
        eprintln!("The web view is at http://{}/", site.addr);
    }
    console.clock = Some(skew);
    let result = console::run(&table, &console).await;
    if let Some(site) = site {
        site.stop().await;
    }
    store.close().await;
    result
}

/// Brings the database to this tabula's schema (connecting migrates it).
async fn migrate(database_url: &str) -> anyhow::Result<()> {
    let store = connect(database_url).await?;
    eprintln!(
        "The database at {} is up to date.",
        tabula::store::redact(database_url)
    );
    store.close().await;
    Ok(())
}

/// Writes a consistent copy of the SQLite database to `file`.
async fn backup(database_url: &str, file: &std::path::Path) -> anyhow::Result<()> {
    let store = connect(database_url).await?;
    let made = store.backup_to(file).await;
    store.close().await;
    made.with_context(|| format!("cannot back up to {}", file.display()))?;
    tracing::info!(file = %file.display(), "backed up the database");
    eprintln!(
        "Backed up {} to {}.",
        tabula::store::redact(database_url),
        file.display()
    );
    Ok(())
}

/// Starts the web view when `--web-listen` asks for it, telling the table it is served.
async fn serve_web(
    table: Table,
    web: Option<&WebOptions>,
) -> anyhow::Result<(Table, Option<tabula::web::Site>)> {
    let Some(web) = web else {
        return Ok((table, None));
    };
    let table = table.with_web(web.public_base_url.clone());
    let site = tabula::web::start(table.clone(), web).await?;
    Ok((table, Some(site)))
}

/// Reads the sign-in settings: none without a client id; with one, its secret (from the
/// environment or a file) and `--public-base-url` for the redirect are required.
fn sign_in_options(cli: &Cli) -> anyhow::Result<Option<tabula::web::SignInOptions>> {
    let Some(client_id) = cli.oauth_client_id.as_deref().map(str::trim) else {
        anyhow::ensure!(
            cli.oauth_client_secret.is_none() && cli.oauth_client_secret_file.is_none(),
            "an OAuth client secret is set without TABULA_OAUTH_CLIENT_ID"
        );
        return Ok(None);
    };
    anyhow::ensure!(
        !client_id.is_empty() && client_id.bytes().all(|b| b.is_ascii_digit()),
        "TABULA_OAUTH_CLIENT_ID is the application's id from the developer portal (digits)"
    );
    let client_secret = match (&cli.oauth_client_secret, &cli.oauth_client_secret_file) {
        (Some(secret), None) => secret.trim().to_string(),
        (None, Some(file)) => std::fs::read_to_string(file)
            .with_context(|| {
                format!(
                    "cannot read the OAuth client secret from {}",
                    file.display()
                )
            })?
            .trim()
            .to_string(),
        (Some(_), Some(_)) => anyhow::bail!(
            "give the OAuth client secret once: TABULA_OAUTH_CLIENT_SECRET or \
             TABULA_OAUTH_CLIENT_SECRET_FILE, not both"
        ),
        (None, None) => anyhow::bail!(
            "TABULA_OAUTH_CLIENT_ID is set without its secret: set TABULA_OAUTH_CLIENT_SECRET \
             or TABULA_OAUTH_CLIENT_SECRET_FILE"
        ),
    };
    anyhow::ensure!(
        !client_secret.is_empty(),
        "the OAuth client secret is empty"
    );
    let Some(base) = cli
        .public_base_url
        .as_deref()
        .filter(|b| !b.trim().is_empty())
    else {
        anyhow::bail!(
            "sign-in with Discord sends people back to {{public base URL}}/auth/callback: set \
             --public-base-url (TABULA_PUBLIC_BASE_URL) too"
        );
    };
    Ok(Some(tabula::web::SignInOptions {
        client_id: client_id.to_string(),
        client_secret,
        public_base_url: base.trim().to_string(),
        api: "https://discord.com/api/v10".into(),
        authorize: "https://discord.com/oauth2/authorize".into(),
        cookie_key: cli.web_cookie_key.clone().filter(|k| !k.trim().is_empty()),
        http: reqwest::Client::new(),
    }))
}

/// Lets the table ask Discord who is a member of a server when the web view signs people in,
/// and points the sign-in at the Discord the bot talks to (its HTTP client, or an API base).
fn members_from_discord(
    table: Table,
    web: Option<WebOptions>,
    config: &discord::Config,
) -> anyhow::Result<(Table, Option<WebOptions>)> {
    let Some(mut web) = web else {
        return Ok((table, None));
    };
    let Some(sign_in) = &mut web.sign_in else {
        return Ok((table, Some(web)));
    };
    sign_in.http = discord::http_client(config)?;
    if let Some(base) = &config.api_base {
        let base = base.trim_end_matches('/');
        sign_in.api = format!("{base}/api/v10");
        sign_in.authorize = format!("{base}/oauth2/authorize");
    }
    Ok((table.with_web_members(discord::members(config)?), Some(web)))
}

/// Logs to stderr as text, or as one JSON object a line with `TABULA_LOG_FORMAT=json` (for
/// log collectors); colour codes only on a terminal, since a log file or journald would keep
/// them as garbage.
fn init_logging(filter: EnvFilter) {
    let format = std::env::var(LOG_FORMAT_ENV).unwrap_or_default();
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    match format.trim().to_ascii_lowercase().as_str() {
        "json" => builder.json().with_current_span(true).init(),
        other => {
            builder
                .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
                .init();
            if !matches!(other, "" | "text") {
                tracing::warn!(
                    format = other,
                    "{LOG_FORMAT_ENV} is `json` or `text`; logging as text"
                );
            }
        }
    }
}

/// Chooses the log format: `json` or `text` (the default).
const LOG_FORMAT_ENV: &str = "TABULA_LOG_FORMAT";

/// Opens the store; its errors already name the cause and the place, once.
async fn connect(url: &str) -> anyhow::Result<Store> {
    Ok(Store::connect(url).await?)
}

fn report(result: anyhow::Result<()>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tabula: {}", one_line(&e));
            ExitCode::FAILURE
        }
    }
}

/// Writes an error and its causes on one line, each cause once: a cause whose words the
/// line already holds (errors that print their source themselves) is left out.
fn one_line(e: &anyhow::Error) -> String {
    let mut line = String::new();
    for cause in e.chain() {
        let text = cause.to_string();
        let text = text.trim();
        if text.is_empty() || line.contains(text) {
            continue;
        }
        if !line.is_empty() {
            line.push_str(": ");
        }
        line.push_str(text);
    }
    line.replace('\n', " ")
}

/// The wall clock in unix seconds.
fn wall_clock() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

/// Reads `--now`: unix seconds or an RFC 3339 time.
fn parse_now(text: &str) -> Result<i64, String> {
    if let Ok(secs) = text.parse::<i64>() {
        return Ok(secs);
    }
    chrono::DateTime::parse_from_rfc3339(text)
        .map(|t| t.timestamp())
        .map_err(|e| {
            format!("{text} is neither unix seconds nor a time like 2027-01-15T09:00:00Z: {e}")
        })
}

/// Reads `--max-in-flight`: a whole number from 1 to 100,000.
fn parse_in_flight(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(n) if (1..=100_000).contains(&n) => Ok(n),
        _ => Err(format!(
            "{text} is not a number of commands from 1 to 100000"
        )),
    }
}

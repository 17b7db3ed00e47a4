//! The load driver: many games across guilds and channels, every game kind, turns played
//! round-robin through the table (as the Discord frontend and the console drive it) with
//! rendering on, on SQLite or PostgreSQL; and the start-up time on a database of many games.
//!
//! ```text
//! cargo run --release --example load -- [--games 10000] [--db sqlite|postgres] [--turns N]
//! cargo run --release --example load -- --rate 500   # turns offered at 500/s (open loop),
//!                                                     # then a database audit
//! cargo run --release --example load -- --typed --db-delay-ms 50   # typed moves, far database
//! cargo run --release --example load -- --startup 100000 [--db sqlite|postgres]
//! ```
//!
//! PostgreSQL comes from `--database-url` or `TABULA_TEST_POSTGRES`; the driver makes a fresh
//! database on that server and drops it at the end. SQLite is a file in a temporary folder,
//! with the settings the bot uses (WAL, `synchronous = FULL`).

#[path = "load/audit.rs"]
mod audit;
#[path = "load/fill.rs"]
mod fill;
#[path = "load/open.rs"]
mod open;
#[path = "load/place.rs"]
mod place;
#[path = "load/play.rs"]
mod play;
#[path = "load/players.rs"]
mod players;
#[path = "load/report.rs"]
mod report;
#[path = "load/runtime.rs"]
mod runtime;
#[path = "load/split.rs"]
mod split;

use clap::{Parser, ValueEnum};
use place::Place;
use report::ms;

/// Plays many games at once through the table and reports throughput and latency.
#[derive(Parser, Debug, Clone)]
#[command(name = "load")]
struct Args {
    /// Games played at once (each in its own channel).
    #[arg(long, default_value_t = 10_000)]
    games: usize,
    /// Turns to play and time (moves and rolls); five per game by default.
    #[arg(long)]
    turns: Option<usize>,
    /// The database: a SQLite file in a temporary folder, or a fresh PostgreSQL database.
    #[arg(long, value_enum, default_value_t = Db::Sqlite)]
    db: Db,
    /// The PostgreSQL server (default: `TABULA_TEST_POSTGRES`, else the local test server).
    #[arg(long)]
    database_url: Option<String>,
    /// Guilds the channels are spread over.
    #[arg(long, default_value_t = 100)]
    guilds: usize,
    /// Turns in flight at once (players acting at the same moment).
    #[arg(long, default_value_t = 16)]
    concurrency: usize,
    /// Offer turns at this rate (turns/s, an open loop as people's clicks arrive) instead of
    /// keeping `--concurrency` turns in flight; beyond `--max-in-flight` a turn is refused
    /// "busy" as the bot refuses it. The run ends with a database audit.
    #[arg(long)]
    rate: Option<f64>,
    /// The table's bound on commands in flight (the bot's `TABULA_MAX_IN_FLIGHT`).
    #[arg(long, default_value_t = tabula::table::MAX_IN_FLIGHT)]
    max_in_flight: usize,
    /// Pictures drawn at once at most (default: one per core, as the bot does).
    #[arg(long)]
    render_threads: Option<usize>,
    /// Instead of playing: fill a database with this many stored games, then time start-up.
    #[arg(long)]
    startup: Option<usize>,
    /// Moves arrive as typed messages (read as a move, claimed, played), as the Discord
    /// frontend handles them, instead of as `/move`.
    #[arg(long)]
    typed: bool,
    /// Milliseconds waited before every database round trip (a database in another zone).
    #[arg(long, default_value_t = 0)]
    db_delay_ms: u64,
    /// Seed of the players' choices.
    #[arg(long, default_value_t = 2026)]
    seed: u64,
}

/// Which database to load.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
enum Db {
    Sqlite,
    Postgres,
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    split::install();
    let runtime = runtime::multi_thread()?;
    runtime.block_on(run(args))
}

async fn run(args: Args) -> anyhow::Result<()> {
    let place = Place::make(args.db == Db::Postgres, args.database_url.as_deref()).await?;
    let result = match args.startup {
        Some(games) => fill::startup(&place.url, games, args.seed).await,
        None => play::load(&args, &place.url).await,
    };
    place.tidy().await;
    let (size, what) = place.size_after(&result);
    if let Some(size) = size {
        println!("database size: {:.1} MB ({what})", size as f64 / 1e6);
    }
    println!("peak RSS (VmHWM): {}", report::peak_rss());
    result
}

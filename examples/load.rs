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
#[path = "load/play.rs"]
mod play;
#[path = "load/report.rs"]
mod report;
#[path = "load/split.rs"]
mod split;

use std::time::Duration;

use clap::{Parser, ValueEnum};

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

/// The server used when neither `--database-url` nor `TABULA_TEST_POSTGRES` names one.
const DEFAULT_POSTGRES: &str = "postgres://postgres@127.0.0.1:5432/test";

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    split::install();
    // Two workers as on this machine's bot (tokio's default is one per core).
    let workers = std::thread::available_parallelism().map_or(2, usize::from);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(workers)
        .enable_all()
        .build()?;
    runtime.block_on(run(args))
}

async fn run(args: Args) -> anyhow::Result<()> {
    let place = Place::make(&args).await?;
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

/// Where the database lives for this run, and how to tidy it away.
struct Place {
    url: String,
    /// The folder holding a SQLite file (removed when dropped).
    dir: Option<tempfile::TempDir>,
    /// The server and database name of a PostgreSQL database made for the run.
    postgres: Option<(String, String)>,
    /// The size measured before tidying.
    size: std::sync::Mutex<Option<u64>>,
}

impl Place {
    async fn make(args: &Args) -> anyhow::Result<Place> {
        match args.db {
            Db::Sqlite => {
                let dir = tempfile::tempdir()?;
                let url = format!("sqlite://{}", dir.path().join("load.db").display());
                Ok(Place {
                    url,
                    dir: Some(dir),
                    postgres: None,
                    size: std::sync::Mutex::new(None),
                })
            }
            Db::Postgres => {
                let base = args
                    .database_url
                    .clone()
                    .or_else(|| std::env::var("TABULA_TEST_POSTGRES").ok())
                    .unwrap_or_else(|| DEFAULT_POSTGRES.into());
                let name = format!("tabula_load_{}", std::process::id());
                let url = report::create_postgres(&base, &name).await?;
                Ok(Place {
                    url,
                    dir: None,
                    postgres: Some((base, name)),
                    size: std::sync::Mutex::new(None),
                })
            }
        }
    }

    /// Measures the database, then drops a PostgreSQL database made for the run.
    async fn tidy(&self) {
        let size = match (&self.dir, &self.postgres) {
            (Some(dir), _) => Some(report::folder_size(dir.path())),
            (None, Some(_)) => report::postgres_size(&self.url).await,
            (None, None) => None,
        };
        *self.size.lock().unwrap_or_else(|p| p.into_inner()) = size;
        if let Some((base, name)) = &self.postgres {
            report::drop_postgres(base, name).await;
        }
    }

    fn size_after(&self, result: &anyhow::Result<()>) -> (Option<u64>, &'static str) {
        let size = *self.size.lock().unwrap_or_else(|p| p.into_inner());
        let what = match (result.is_ok(), self.dir.is_some()) {
            (true, true) => "SQLite file with its WAL",
            (true, false) => "pg_database_size",
            (false, _) => "after a failed run",
        };
        (size, what)
    }
}

/// A duration in milliseconds with a fraction.
fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

//! The web view's load benchmark: seeds a database of many servers and games, serves the site
//! in this process over it, and measures page latency under a steady stream of readers, live
//! updates to many viewers of one game, and people's turns played through the table with and
//! without the site under that load.
//!
//! ```text
//! cargo run --release --example web_load -- [--servers 1000] [--games 100000] \
//!     [--db sqlite|postgres] [--database-url postgres://…] [--rate 200] [--seconds 30] \
//!     [--viewers 1000] [--moves 20] [--turn-rate 50]
//! cargo run --release --example web_load -- --servers 10 --games 1000 --seconds 5   # quick
//! ```
//!
//! The phases, each printed as it ends:
//! 1. seeding (`web_load/seed.rs`);
//! 2. people's turns alone: `--turn-rate` turns a second for `--seconds` over `--turn-games`
//!    games (the load driver's open loop, `load/open.rs`), the site up and idle;
//! 3. `--viewers` live viewers of one chess game (in a second process), the process's memory
//!    before and after they connect, then `--moves` moves of that game, one a second, each
//!    timed from being sent to the table to its arrival at every viewer;
//! 4. the same viewers fetching the board picture each move shows (as browsers do), for
//!    `--moves` more moves: from each move to the whole picture at every viewer, and how many
//!    pictures were drawn for them;
//! 5. everything at once for `--seconds`: pages at `--rate` a second (game pages, ply pages,
//!    board pictures, leaderboards, player and server pages), the same turns as in 2, and
//!    `--moves` more moves of the watched game.

// The load driver's pieces; not every one is used here (examples/load.rs uses them all).
#[allow(dead_code)]
#[path = "load/fill.rs"]
mod fill;
#[allow(dead_code)]
#[path = "load/open.rs"]
mod open;
#[path = "web_load/pages.rs"]
mod pages;
#[allow(dead_code)]
#[path = "load/place.rs"]
mod place;
#[allow(dead_code)]
#[path = "load/players.rs"]
mod players;
#[allow(dead_code)]
#[path = "load/report.rs"]
mod report;
#[path = "load/runtime.rs"]
mod runtime;
#[path = "web_load/seed.rs"]
mod seed;
#[path = "web_load/viewers.rs"]
mod viewers;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::{Parser, ValueEnum};
use rand::SeedableRng as _;
use rand::rngs::StdRng;
use tabula::render::Renderer;
use tabula::store::{Store, Visibility};
use tabula::table::Table;
use tabula::web::{Limits, WebOptions};

use place::Place;
use players::{Players, Tally};
use report::{ms, quantile};
use viewers::{Viewers, now_micros, wait_for, wait_for_pictures};

/// Seeds servers and games, serves the web view over them and measures it under load.
#[derive(Parser, Debug, Clone)]
#[command(name = "web_load")]
struct Args {
    /// Servers with their pages public.
    #[arg(long, default_value_t = 1_000)]
    servers: usize,
    /// Games stored over those servers (one in ten under way, the rest finished and rated).
    #[arg(long, default_value_t = 100_000)]
    games: usize,
    /// The database: a SQLite file in a temporary folder, or a fresh PostgreSQL database.
    #[arg(long, value_enum, default_value_t = Db::Sqlite)]
    db: Db,
    /// The PostgreSQL server (implies `--db postgres`; default `TABULA_TEST_POSTGRES`, else
    /// the local test server).
    #[arg(long)]
    database_url: Option<String>,
    /// Page requests a second (open loop).
    #[arg(long, default_value_t = 200.0)]
    rate: f64,
    /// Seconds each timed phase lasts.
    #[arg(long, default_value_t = 30)]
    seconds: u64,
    /// Live viewers of one game.
    #[arg(long, default_value_t = 1_000)]
    viewers: usize,
    /// Moves of the watched game in each of phases 3 and 4 (one a second).
    #[arg(long, default_value_t = 20)]
    moves: usize,
    /// People's turns a second (open loop) in phases 2 and 4.
    #[arg(long, default_value_t = 50.0)]
    turn_rate: f64,
    /// Games those turns are played in.
    #[arg(long, default_value_t = 200)]
    turn_games: usize,
    /// Seed of the players' and readers' choices.
    #[arg(long, default_value_t = 2026)]
    seed: u64,
    /// (Internal) run as the viewers' process, watching `HOST:PORT/PATH`.
    #[arg(long, hide = true)]
    viewers_of: Option<String>,
}

/// Which database to seed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
enum Db {
    Sqlite,
    Postgres,
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    if let Some(target) = &args.viewers_of {
        // Browsers are not on the site's machine: here they are, so they take no more than the
        // site's share of the cores (its priority) from people's turns.
        tabula::web::lower_priority();
        // The viewers are light: one thread is plenty, and leaves the cores to the site.
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()?;
        let (site, path) = target
            .split_once('/')
            .ok_or_else(|| anyhow::anyhow!("--viewers-of HOST:PORT/PATH"))?;
        let site: SocketAddr = site.parse()?;
        return runtime.block_on(viewers::watch(site, &format!("/{path}"), args.viewers));
    }
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        // Seeding's bulk statements are slow by design: sqlx's warning about them is noise here.
        .with_env_filter("warn,sqlx::query=error")
        .init();
    let runtime = runtime::multi_thread()?;
    runtime.block_on(run(args))
}

async fn run(args: Args) -> anyhow::Result<()> {
    let postgres = args.db == Db::Postgres || args.database_url.is_some();
    let place = Place::make(postgres, args.database_url.as_deref()).await?;
    let result = measure(&args, &place.url).await;
    place.tidy().await;
    let (size, what) = place.size_after(&result);
    if let Some(size) = size {
        println!("database size: {:.1} MB ({what})", size as f64 / 1e6);
    }
    println!("peak RSS (VmHWM): {}", report::peak_rss());
    result
}

async fn measure(args: &Args, url: &str) -> anyhow::Result<()> {
    let seeded = seed::seed(url, args.servers, args.games, args.seed).await?;
    println!(
        "seeded {} servers: {} games under way and {} finished ({} logged actions), {} ratings \
         and {} rating-history rows, in {:.1} s",
        args.servers,
        seeded.live,
        seeded.finished,
        seeded.moves,
        seeded.ratings,
        seeded.history,
        seeded.took.as_secs_f64(),
    );
    let targets = Arc::new(pages::Targets::read(url).await?);
    let store = Store::connect(url).await?;
    let table = Table::new(store.clone(), Arc::new(Renderer::new()));
    let limits = Limits {
        // Every reader here comes from one address: the per-address limit would refuse them.
        burst: u32::MAX / 2,
        replenish_ms: 1,
        ..Limits::default()
    };
    let options = WebOptions {
        listen: "127.0.0.1:0".parse()?,
        public_base_url: None,
        sign_in: None,
    };
    let site = tabula::web::start_with(table.clone(), &options, limits).await?;
    let base = format!("http://{}", site.addr);

    // The people playing (every game kind in turn, so at least one of each), and the chess
    // game everyone watches (kept from their turns).
    let games = args.turn_games.max(players::choices().len());
    let players = Arc::new(Players::new(
        table.clone(),
        store.clone(),
        games,
        (games / 10).max(1),
        args.seed,
        false,
    ));
    let mut tally = Tally::default();
    for i in 0..games {
        players.start_game(i, &mut tally).await;
    }
    let watched = watched_game(&players, &store, &table, games).await?;

    let turns = (args.turn_rate * args.seconds as f64).round() as usize;
    println!(
        "\n-- people's turns alone: {:.0}/s for {} s over {} games",
        args.turn_rate, args.seconds, games
    );
    let started = Instant::now();
    let alone = open::paced(&players, args.turn_rate, turns).await;
    let alone = alone.report(started.elapsed());

    println!("\n-- {} live viewers of one game", args.viewers);
    let before = rss_mb();
    let path = format!("/g/{}/live?after={}", watched.id, watched.plies);
    let mut viewers = Viewers::start(site.addr, &path, args.viewers).await?;
    let connected = rss_mb();
    println!(
        "{} streams open ({} refused); RSS {before:.1} MB before, {connected:.1} MB with them \
         open: {:.1} MB more",
        viewers.opened,
        viewers.refused,
        connected - before
    );
    let mut rng = StdRng::seed_from_u64(args.seed);
    let mut ply = watched.plies;
    let quiet = drive(&players, &watched, &mut ply, args.moves, &mut rng).await;
    wait_for(&viewers, ply, Duration::from_secs(5)).await;
    let after = rss_mb();
    let quiet_p99 = report_live(&viewers, &quiet, "alone");
    println!(
        "RSS after the moves: {after:.1} MB ({:.1} MB more than before the viewers)",
        after - before
    );

    println!(
        "\n-- the same viewers fetching each new board picture, as browsers do: {} moves",
        args.moves
    );
    let drawn = renders(&table);
    viewers.fetch_pictures(true)?;
    let pictured = drive(&players, &watched, &mut ply, args.moves, &mut rng).await;
    wait_for_pictures(&viewers, ply, Duration::from_secs(10)).await;
    viewers.fetch_pictures(false)?;
    report_pictures(&viewers, &pictured, renders(&table) - drawn);

    println!(
        "\n-- everything at once for {} s: pages at {:.0}/s, turns at {:.0}/s, {} moves \
         watched live",
        args.seconds, args.rate, args.turn_rate, args.moves
    );
    let count = (args.rate * args.seconds as f64).round() as usize;
    let started = Instant::now();
    let (pages, loaded, busy) = tokio::join!(
        readers(&base, &targets, args.rate, count, args.seed),
        open::paced(&players, args.turn_rate, turns),
        drive(&players, &watched, &mut ply, args.moves, &mut rng),
    );
    let wall = started.elapsed();
    wait_for(&viewers, ply, Duration::from_secs(5)).await;
    let pages_p99 = pages?.report();
    let loaded = loaded.report(wall);
    let busy_p99 = report_live(&viewers, &busy, "under the page load");
    let end = rss_mb();
    println!("RSS at the end: {end:.1} MB");

    println!(
        "\nsummary: game, ply and leaderboard pages p99 {:.2} ms at {:.0}/s; live moves to {} \
         viewers p99 {:.1} ms alone, {:.1} ms under load, {:.1} MB more with the viewers; \
         people's turns p99 {:.2} ms alone, {:.2} ms with the site under load",
        ms(pages_p99),
        args.rate,
        viewers.opened,
        ms(quiet_p99),
        ms(busy_p99),
        connected - before,
        ms(alone),
        ms(loaded),
    );
    viewers.stop();
    site.stop().await;
    store.close().await;
    Ok(())
}

/// The watched game: its channel among the players', its public id and its plies so far.
struct Watched {
    channel: usize,
    id: String,
    plies: usize,
}

/// Picks a chess game among the players' games, keeps its channel from their turns, and
/// turns its server's pages on.
async fn watched_game(
    players: &Players,
    store: &Store,
    table: &Table,
    games: usize,
) -> anyhow::Result<Watched> {
    for i in 0..games {
        let (guild, channel) = players.place(i);
        let Some(row) = store.open_game(&guild, &channel).await? else {
            continue;
        };
        if row.kind != "chess" || !players.take(i) {
            continue;
        }
        store.set_web_visibility(&guild, Visibility::Public).await?;
        let id = store.web_game(row.id).await?.public_id;
        let plies = table
            .web_plies(&id, &tabula::table::Viewer::anonymous())
            .await?
            .ok_or_else(|| anyhow::anyhow!("the watched game has no page"))?;
        return Ok(Watched {
            channel: i,
            id,
            plies,
        });
    }
    anyhow::bail!("no chess game among the players' games")
}

/// Makes `moves` moves of the watched game, one a second; returns each one's ply and when it
/// was sent (µs since the epoch). Stops early if the game ends.
async fn drive(
    players: &Players,
    watched: &Watched,
    ply: &mut usize,
    moves: usize,
    rng: &mut StdRng,
) -> Vec<(usize, i64)> {
    let mut tick = tokio::time::interval(Duration::from_secs(1));
    let mut tally = Tally::default();
    let mut sent = Vec::with_capacity(moves);
    for _ in 0..moves {
        tick.tick().await;
        let at = now_micros();
        if !players.turn(watched.channel, rng, &mut tally).await {
            println!("the watched game ended after {} moves", sent.len());
            break;
        }
        *ply += 1;
        sent.push((*ply, at));
    }
    sent
}

/// Prints the delays from each move sent to its arrival at each viewer; returns their p99.
fn report_live(viewers: &Viewers, moves: &[(usize, i64)], when: &str) -> Duration {
    let (delays, missed) = viewers.delays(moves);
    println!(
        "live, {when}: {} moves to {} viewers: {} arrivals, {missed} missing; from the move \
         sent to its arrival {}",
        moves.len(),
        viewers.opened,
        delays.len(),
        spread(&delays),
    );
    quantile(&delays, 0.99)
}

/// `p50 …, p99 …, max …` of sorted delays, in milliseconds.
fn spread(sorted: &[Duration]) -> String {
    format!(
        "p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        ms(quantile(sorted, 0.5)),
        ms(quantile(sorted, 0.99)),
        ms(quantile(sorted, 1.0)),
    )
}

/// Asks for pages as [`pages::paced`] does, on threads of their own at the site's priority:
/// readers are not on the site's machine, so here they must not outrank it.
async fn readers(
    base: &str,
    targets: &Arc<pages::Targets>,
    rate: f64,
    count: usize,
    seed: u64,
) -> anyhow::Result<pages::PageRun> {
    let workers = std::thread::available_parallelism().map_or(2, usize::from);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(workers)
        .thread_name("readers")
        .on_thread_start(tabula::web::lower_priority)
        .enable_all()
        .build()?;
    let run = runtime
        .spawn(pages::paced(
            base.to_string(),
            Arc::clone(targets),
            rate,
            count,
            seed,
        ))
        .await;
    runtime.shutdown_background();
    run?
}

/// Prints the delays from each move sent to its picture's arrival at each viewer, and how many
/// pictures were drawn for them.
fn report_pictures(viewers: &Viewers, moves: &[(usize, i64)], drawn: u64) {
    let (delays, missed) = viewers.picture_delays(moves);
    println!(
        "pictures: {} moves to {} viewers: {} pictures fetched, {missed} missing, {drawn} \
         drawn (the moves' Discord posts included); from the move sent to the whole picture \
         at the viewer {}",
        moves.len(),
        viewers.opened,
        delays.len(),
        spread(&delays),
    );
}

/// How many pictures the table has drawn so far (its metrics' render count).
fn renders(table: &Table) -> u64 {
    table
        .metrics()
        .prometheus_text()
        .lines()
        .find_map(|l| l.strip_prefix("tabula_render_seconds_count "))
        .and_then(|n| n.trim().parse::<f64>().ok())
        .map_or(0, |n| n as u64)
}

/// The process's resident memory now, in MB (`VmRSS`).
fn rss_mb() -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmRSS:"))
                .and_then(|kb| kb.trim().trim_end_matches(" kB").trim().parse::<f64>().ok())
        })
        .map_or(0.0, |kb| kb / 1024.0)
}

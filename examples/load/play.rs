//! The load itself: opens `--games` games (every game kind and ruleset in turn, two players
//! each, channels spread over `--guilds` guilds; see `players.rs`), then plays turns
//! round-robin over them with `--concurrency` turns in flight, timing each `Table::handle`
//! call. A finished game is replaced by a new one in its channel, so the number of games under
//! way stays the same.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{Duration, Instant};

use rand::SeedableRng as _;
use rand::rngs::StdRng;
use tabula::render::Renderer;
use tabula::store::{Latency, Store};
use tabula::table::Table;

use super::players::{Kind, Players, Tally, choices};
use super::report::quantile;
use super::{Args, ms, split};

/// Runs the load on the database at `url` and prints the report.
pub async fn load(args: &Args, url: &str) -> anyhow::Result<()> {
    // The latency starts once the games are open, so only the timed turns wait for it.
    let latency = Latency::per_round_trip();
    let store = Store::connect_with_latency(url, Some(latency.clone())).await?;
    let mut table =
        Table::new(store.clone(), Arc::new(Renderer::new())).with_max_in_flight(args.max_in_flight);
    if let Some(threads) = args.render_threads {
        table = table.with_render_threads(threads);
    }
    println!(
        "load: {} games ({}) over {} guilds on {:?}, {} turns in flight, {} render threads",
        args.games,
        choices().join(", "),
        args.guilds,
        store.backend(),
        args.concurrency,
        table.render_threads()
    );
    let players = Arc::new(Players::new(
        table,
        store.clone(),
        args.games,
        args.guilds,
        args.seed,
        args.typed,
    ));

    let started = Instant::now();
    let opening = run_tasks(&players, args.concurrency, |p, i, _rng| {
        Box::pin(async move { p.open(i).await })
    })
    .await;
    let open_time = started.elapsed();
    let opened = players.opened.swap(0, Ordering::Relaxed);
    println!(
        "opened {opened} games in {:.1} s ({:.0} games/s, each a /play and a /join with its board); p50 {:.2} ms, p99 {:.2} ms per command",
        open_time.as_secs_f64(),
        opened as f64 / open_time.as_secs_f64(),
        ms(quantile(&sorted(&opening, |t| &t.opening), 0.5)),
        ms(quantile(&sorted(&opening, |t| &t.opening), 0.99)),
    );
    let _ = split::take();
    if args.db_delay_ms > 0 {
        latency.set(Duration::from_millis(args.db_delay_ms));
        println!(
            "every database round trip now waits {} ms first",
            args.db_delay_ms
        );
    }

    let turns = args.turns.unwrap_or(args.games * 5);
    players.cursor.store(0, Ordering::Relaxed);
    let target = Arc::new(AtomicI64::new(i64::try_from(turns).unwrap_or(i64::MAX)));
    // The open loop's audit tells the actions stored by the turns from the games' openings.
    let before = match args.rate {
        Some(_) => Some(super::audit::Before::read(url).await?),
        None => None,
    };
    let started = Instant::now();
    let played = if let (Some(rate), Some(before)) = (args.rate, before) {
        let run = super::open::paced(&players, rate, turns).await;
        let wall = started.elapsed();
        report(&players, &run.tallies, wall);
        run.report(wall);
        println!(
            "peak RSS (VmHWM) over the run, before the audit: {}",
            super::report::peak_rss()
        );
        let audit = super::audit::audit(url, &before, &run.played()).await?;
        store.close().await;
        audit.print();
        return Ok(());
    } else {
        let target = Arc::clone(&target);
        run_tasks(&players, args.concurrency, move |p, _, rng| {
            let target = Arc::clone(&target);
            Box::pin(async move { p.turns(&target, rng).await })
        })
        .await
    };
    let wall = started.elapsed();
    report(&players, &played, wall);
    store.close().await;
    Ok(())
}

/// Runs `concurrency` tasks, each calling `work` with the players, its index and its own
/// random generator, and gathers their tallies.
async fn run_tasks<F>(players: &Arc<Players>, concurrency: usize, work: F) -> Vec<Tally>
where
    F: Fn(
            Arc<Players>,
            usize,
            StdRng,
        ) -> std::pin::Pin<Box<dyn std::future::Future<Output = Tally> + Send>>
        + Send
        + Sync
        + 'static,
{
    let work = Arc::new(work);
    let mut tasks = Vec::new();
    for task in 0..concurrency.max(1) {
        let (players, work) = (Arc::clone(players), Arc::clone(&work));
        let rng = StdRng::seed_from_u64(players.seed() ^ (task as u64).wrapping_mul(0x9e37_79b9));
        tasks.push(tokio::spawn(async move { work(players, task, rng).await }));
    }
    let mut tallies = Vec::new();
    for task in tasks {
        match task.await {
            Ok(tally) => tallies.push(tally),
            Err(e) => eprintln!("a player task failed: {e}"),
        }
    }
    tallies
}

impl Players {
    /// Opens games until every channel has one (tasks take channels in turn).
    async fn open(&self, _task: usize) -> Tally {
        let mut tally = Tally::default();
        loop {
            let i = self.cursor.fetch_add(1, Ordering::Relaxed);
            if i >= self.games {
                return tally;
            }
            self.start_game(i, &mut tally).await;
        }
    }

    /// Plays turns until `left` runs out, taking channels round-robin.
    async fn turns(&self, left: &AtomicI64, mut rng: StdRng) -> Tally {
        let mut tally = Tally::default();
        while left.load(Ordering::Relaxed) > 0 {
            let i = self.take_channel().await;
            let took = self.turn(i, &mut rng, &mut tally).await;
            self.release(i);
            if took {
                left.fetch_sub(1, Ordering::Relaxed);
            }
        }
        tally
    }
}

/// One kind of sample of every tally, sorted.
fn sorted(tallies: &[Tally], kind: impl Fn(&Tally) -> &Vec<Duration>) -> Vec<Duration> {
    let mut all: Vec<Duration> = tallies
        .iter()
        .flat_map(|t| kind(t).iter().copied())
        .collect();
    all.sort_unstable();
    all
}

/// Prints throughput, latency and where the time went.
fn report(players: &Players, tallies: &[Tally], wall: Duration) {
    let samples = sorted(tallies, |t| &t.samples);
    let opening = sorted(tallies, |t| &t.opening);
    let turns = samples.len();
    let png: u64 = tallies.iter().map(|t| t.png_bytes).sum();
    println!(
        "played {turns} turns in {:.1} s: {:.0} turns/s sustained (wall clock, with the players' own reads and the games opened to replace {} finished)",
        wall.as_secs_f64(),
        turns as f64 / wall.as_secs_f64(),
        players.finished.load(Ordering::Relaxed),
    );
    println!(
        "per turn (Table::handle of a move or roll): p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, p99.9 {:.2} ms, max {:.2} ms; mean PNG {} bytes; {} refused",
        ms(quantile(&samples, 0.5)),
        ms(quantile(&samples, 0.9)),
        ms(quantile(&samples, 0.99)),
        ms(quantile(&samples, 0.999)),
        ms(quantile(&samples, 1.0)),
        png / turns.max(1) as u64,
        players.refused.load(Ordering::Relaxed),
    );
    println!(
        "{} commands opening replacement games: p50 {:.2} ms, p99 {:.2} ms",
        opening.len(),
        ms(quantile(&opening, 0.5)),
        ms(quantile(&opening, 0.99)),
    );
    let parts = split::take();
    let per_command = |i: usize| parts[i].0 as f64 / 1e6 / parts[0].1.max(1) as f64;
    let mut line = format!(
        "split, mean ms per command over {} commands (span wall time):",
        parts[0].1
    );
    for (i, name) in split::PARTS.iter().enumerate() {
        line.push_str(&format!(" {name} {:.2}", per_command(i)));
    }
    let known: f64 = (1..split::PARTS.len()).map(per_command).sum();
    line.push_str(&format!(
        "; other (waiting for a render thread, text, buttons) {:.2}",
        per_command(0) - known
    ));
    println!("{line}");
    let mut line = String::from("database round trips per command:");
    for kind in Kind::ALL {
        let (commands, trips) = tallies
            .iter()
            .map(|t| t.trips[kind as usize])
            .fold((0, 0), |(c, n), (tc, tn)| (c + tc, n + tn));
        if commands > 0 {
            line.push_str(&format!(
                " {} {:.2} ({commands} sent);",
                kind.name(players.typed),
                trips as f64 / commands as f64
            ));
        }
    }
    println!("{}", line.trim_end_matches(';'));
    let m = players.table.metrics().snapshot();
    println!(
        "table counters: {} turns stored, {} errors, {} database round trips in all ({:.2} per turn stored, with the players' own reads)",
        m.turns,
        m.errors,
        m.round_trips,
        m.round_trips as f64 / m.turns.max(1) as f64
    );
}

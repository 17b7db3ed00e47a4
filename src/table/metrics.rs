//! What a process did since it started (turns played, interactions, errors), the work waiting
//! (bot searches, pictures) and how long things take (turns, interactions, pictures, database
//! calls), kept in `prometheus-client` metrics: read by the per-minute log line and `/status`
//! (worded in `status.rs`),
//! and scraped as Prometheus text from `/metrics`; and the render time of the current task,
//! read by a frontend's span for one interaction.

use std::cell::Cell;
use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use prometheus_client::encoding::{EncodeMetric, MetricEncoder, NoLabelSet};
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::gauge::Gauge as Level;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::metrics::{MetricType, TypedMetric};
use prometheus_client::registry::Registry;

use super::requests::Requests;

/// The metrics of one table (one per process); every update is an atomic add, and a
/// histogram's a short lock.
#[derive(Debug)]
pub struct Metrics {
    started: Instant,
    turns: Counter,
    interactions: Counter,
    errors: Counter,
    /// Commands turned away unplayed because the bound on work in flight was reached.
    refused_busy: Counter,
    /// Commands in flight (admitted and not yet answered).
    in_flight: Level,
    searches_waiting: Level,
    searches_running: Level,
    renders_waiting: Level,
    renders_running: Level,
    turn_seconds: Histogram,
    interaction_seconds: Histogram,
    render_seconds: Histogram,
    database_seconds: Histogram,
    /// Every metric above, by its Prometheus name.
    registry: Registry,
    /// The store's count of database round trips (shared with it).
    round_trips: Arc<AtomicU64>,
    /// The frontend's requests to Discord, by kind and outcome.
    requests: Requests,
}

/// The counters and gauges at one moment.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Snapshot {
    /// How long the table has existed.
    pub uptime: Duration,
    /// Actions stored in a game's log (moves, rolls, resignations, draws), by people or bots.
    pub turns: u64,
    /// Interactions a frontend received (slash commands, buttons, menus).
    pub interactions: u64,
    /// Commands that failed through no fault of the person (the database, a bug).
    pub errors: u64,
    /// Commands turned away unplayed ("busy") because the bound on work in flight was reached.
    pub refused_busy: u64,
    /// Commands in flight now.
    pub in_flight: usize,
    /// Bot searches waiting for a free slot.
    pub searches_waiting: usize,
    /// Bot searches thinking now.
    pub searches_running: usize,
    /// Pictures waiting for a free render thread.
    pub renders_waiting: usize,
    /// Pictures being drawn now.
    pub renders_running: usize,
    /// Round trips to the database (statements, `BEGIN`s and `COMMIT`s), by every command
    /// and background task.
    pub round_trips: u64,
    /// Requests sent to Discord, each try counted (see [`Requests`]).
    pub discord_requests: u64,
}

/// Which gauge a [`Held`] counts in.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Gauge {
    SearchesWaiting,
    SearchesRunning,
    RendersWaiting,
    RendersRunning,
}

/// Counts one piece of work in a gauge until it is dropped.
#[must_use = "the work is counted only while this is held"]
pub(crate) struct Held<'a> {
    gauge: &'a Level,
}

/// The store's count of round trips, scraped as a Prometheus counter where it is kept.
#[derive(Debug)]
struct RoundTrips(Arc<AtomicU64>);

impl TypedMetric for RoundTrips {
    const TYPE: MetricType = MetricType::Counter;
}

impl EncodeMetric for RoundTrips {
    fn encode(&self, mut encoder: MetricEncoder) -> Result<(), std::fmt::Error> {
        encoder.encode_counter::<NoLabelSet, _, u64>(&self.0.load(Ordering::Relaxed), None)
    }

    fn metric_type(&self) -> MetricType {
        Self::TYPE
    }
}

/// Latency buckets from 1 ms to about 33 s, doubling.
fn seconds() -> Histogram {
    Histogram::new(exponential_buckets(0.001, 2.0, 16))
}

impl Default for Metrics {
    fn default() -> Self {
        let mut m = Metrics {
            started: Instant::now(),
            turns: Counter::default(),
            interactions: Counter::default(),
            errors: Counter::default(),
            refused_busy: Counter::default(),
            in_flight: Level::default(),
            searches_waiting: Level::default(),
            searches_running: Level::default(),
            renders_waiting: Level::default(),
            renders_running: Level::default(),
            turn_seconds: seconds(),
            interaction_seconds: seconds(),
            render_seconds: seconds(),
            database_seconds: seconds(),
            registry: Registry::with_prefix("tabula"),
            round_trips: Arc::default(),
            requests: Requests::default(),
        };
        m.register_counters();
        m.register_gauges();
        m.register_histograms();
        m.registry.register(
            "discord_requests",
            "Requests sent to Discord, every try, by what they were for (a command's name, button, bot turn, reminder...) and outcome (ok, retried, failed)",
            m.requests.family(),
        );
        m
    }
}

impl Metrics {
    /// Registers the counters of what the process did.
    fn register_counters(&mut self) {
        let r = &mut self.registry;
        r.register(
            "turns",
            "Actions stored in a game's log (moves, rolls, resignations, draws), by people or bots",
            self.turns.clone(),
        );
        r.register(
            "interactions",
            "Interactions received (slash commands, buttons, menus)",
            self.interactions.clone(),
        );
        r.register(
            "errors",
            "Commands that failed through no fault of the person (the database, a bug)",
            self.errors.clone(),
        );
        r.register(
            "refused_busy",
            "Commands turned away unplayed because the bound on commands in flight was reached",
            self.refused_busy.clone(),
        );
    }

    /// Registers the gauges of the work in flight and waiting.
    fn register_gauges(&mut self) {
        let gauges = [
            (
                "in_flight",
                "Commands in flight (admitted and not yet answered)",
                &self.in_flight,
            ),
            (
                "bot_searches_waiting",
                "Bot searches waiting for a free slot",
                &self.searches_waiting,
            ),
            (
                "bot_searches_running",
                "Bot searches thinking now",
                &self.searches_running,
            ),
            (
                "renders_waiting",
                "Pictures waiting for a free render thread",
                &self.renders_waiting,
            ),
            (
                "renders_running",
                "Pictures being drawn now",
                &self.renders_running,
            ),
        ];
        for (name, help, gauge) in gauges {
            self.registry.register(name, help, gauge.clone());
        }
    }

    /// Registers the histograms of how long things take.
    fn register_histograms(&mut self) {
        let histograms = [
            (
                "turn_seconds",
                "A command that stored a turn, from the table receiving it to its reply",
                &self.turn_seconds,
            ),
            (
                "interaction_seconds",
                "An interaction, from its arrival to its answer sent to Discord",
                &self.interaction_seconds,
            ),
            (
                "render_seconds",
                "Drawing and encoding one picture, not counting the wait for a thread",
                &self.render_seconds,
            ),
            (
                "database_seconds",
                "One database call on a turn's path, with the wait for a connection",
                &self.database_seconds,
            ),
        ];
        for (name, help, histogram) in histograms {
            self.registry.register(name, help, histogram.clone());
        }
    }
}

impl Metrics {
    /// Counters that read the database round trips from `round_trips` (the store's count).
    pub fn with_round_trips(round_trips: Arc<AtomicU64>) -> Metrics {
        let mut m = Metrics {
            round_trips,
            ..Metrics::default()
        };
        m.registry.register(
            "database_round_trips",
            "Round trips to the database (statements, BEGINs and COMMITs), by every command and background task",
            RoundTrips(Arc::clone(&m.round_trips)),
        );
        m
    }

    /// Counts an action stored in a game's log (and marks the current command as a turn).
    pub fn turn(&self) {
        self.turns.inc();
        let _ = TURNED.try_with(|t| t.set(true));
    }

    /// The frontend's requests to Discord, to count in and to read.
    pub fn discord_requests(&self) -> &Requests {
        &self.requests
    }

    /// Counts an interaction received.
    pub fn interaction(&self) {
        self.interactions.inc();
    }

    /// Counts a command that failed through no fault of the person.
    pub fn error(&self) {
        self.errors.inc();
    }

    /// Records how long an interaction took, from its arrival to its answer.
    pub fn interaction_took(&self, took: Duration) {
        self.interaction_seconds.observe(took.as_secs_f64());
    }

    /// Records how long a picture took to draw and encode.
    pub(crate) fn render_took(&self, took: Duration) {
        self.render_seconds.observe(took.as_secs_f64());
    }

    /// Records how long one database call took.
    pub(crate) fn database_took(&self, took: Duration) {
        self.database_seconds.observe(took.as_secs_f64());
    }

    /// Runs one command's work, recording its time as a turn's when it stored one.
    pub(crate) async fn timed_command<F: Future>(&self, work: F) -> F::Output {
        let started = Instant::now();
        let (out, turned) = TURNED
            .scope(Cell::new(false), async move {
                let out = work.await;
                (out, TURNED.with(Cell::get))
            })
            .await;
        if turned {
            self.turn_seconds.observe(started.elapsed().as_secs_f64());
        }
        out
    }

    /// The bound on commands in flight, counting in this process's gauge and refusals.
    pub(crate) fn admission(&self, limit: usize) -> super::admission::Admission {
        super::admission::Admission::new(limit, self.in_flight.clone(), self.refused_busy.clone())
    }

    /// Counts a piece of work in `gauge` while the returned guard lives.
    pub(crate) fn hold(&self, gauge: Gauge) -> Held<'_> {
        let gauge = match gauge {
            Gauge::SearchesWaiting => &self.searches_waiting,
            Gauge::SearchesRunning => &self.searches_running,
            Gauge::RendersWaiting => &self.renders_waiting,
            Gauge::RendersRunning => &self.renders_running,
        };
        gauge.inc();
        Held { gauge }
    }

    /// Reads every counter and gauge.
    pub fn snapshot(&self) -> Snapshot {
        let level = |g: &Level| usize::try_from(g.get()).unwrap_or(0);
        Snapshot {
            uptime: self.started.elapsed(),
            turns: self.turns.get(),
            interactions: self.interactions.get(),
            errors: self.errors.get(),
            refused_busy: self.refused_busy.get(),
            in_flight: level(&self.in_flight),
            searches_waiting: level(&self.searches_waiting),
            searches_running: level(&self.searches_running),
            renders_waiting: level(&self.renders_waiting),
            renders_running: level(&self.renders_running),
            round_trips: self.round_trips.load(Ordering::Relaxed),
            discord_requests: self.requests.total(),
        }
    }

    /// Writes every metric in Prometheus's text format (version 0.0.4), for `/metrics`.
    pub fn prometheus_text(&self) -> String {
        let mut text = String::new();
        // Writing to a String cannot fail.
        let _ = prometheus_client::encoding::prometheus_text::encode(&mut text, &self.registry);
        text
    }
}

/// The `Content-Type` of [`Metrics::prometheus_text`].
pub const PROMETHEUS_TEXT: &str = prometheus_client::encoding::prometheus_text::CONTENT_TYPE;

impl Drop for Held<'_> {
    fn drop(&mut self) {
        self.gauge.dec();
    }
}

tokio::task_local! {
    /// The time spent drawing pictures for the task's current piece of work.
    static RENDER_TIME: Cell<Duration>;
    /// Whether the task's current command stored a turn.
    static TURNED: Cell<bool>;
}

/// Runs `work` and returns its output with the time its pictures took to draw and encode
/// (on the render pool, not counting the wait for a free thread).
pub async fn with_render_time<F: Future>(work: F) -> (F::Output, Duration) {
    RENDER_TIME
        .scope(Cell::new(Duration::ZERO), async move {
            let out = work.await;
            (out, RENDER_TIME.with(Cell::get))
        })
        .await
}

/// Adds a picture's drawing time to the current task's, when something is measuring it.
pub(crate) fn add_render_time(took: Duration) {
    let _ = RENDER_TIME.try_with(|t| t.set(t.get() + took));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::requests;

    #[test]
    fn counters_count_and_gauges_fall_back_when_the_work_ends() {
        let metrics = Metrics::default();
        metrics.turn();
        metrics.turn();
        metrics.interaction();
        metrics.error();
        let waiting = metrics.hold(Gauge::SearchesWaiting);
        let running = metrics.hold(Gauge::RendersRunning);
        let also = metrics.hold(Gauge::RendersRunning);
        let during = metrics.snapshot();
        assert_eq!(
            (during.turns, during.interactions, during.errors),
            (2, 1, 1)
        );
        assert_eq!((during.searches_waiting, during.searches_running), (1, 0));
        assert_eq!((during.renders_waiting, during.renders_running), (0, 2));
        drop((waiting, running));
        let after = metrics.snapshot();
        assert_eq!((after.searches_waiting, after.renders_running), (0, 1));
        drop(also);
        assert_eq!(metrics.snapshot().renders_running, 0);
        assert_eq!(metrics.snapshot().turns, 2, "counters never fall");
    }

    #[tokio::test]
    async fn only_a_command_that_stored_a_turn_is_timed_as_a_turn() {
        let metrics = Metrics::default();
        metrics.timed_command(async {}).await;
        metrics.timed_command(async { metrics.turn() }).await;
        metrics.render_took(Duration::from_millis(3));
        let text = metrics.prometheus_text();
        for line in [
            "tabula_turns_total 1",
            "tabula_turn_seconds_count 1",
            "tabula_render_seconds_count 1",
            "tabula_render_seconds_bucket{le=\"0.004\"} 1",
            "tabula_render_seconds_bucket{le=\"0.002\"} 0",
            "tabula_interaction_seconds_count 0",
            "# TYPE tabula_database_seconds histogram",
            "# TYPE tabula_renders_running gauge",
        ] {
            assert!(
                text.lines().any(|l| l == line),
                "{line:?} missing from\n{text}"
            );
        }
    }

    #[test]
    fn the_stores_round_trips_are_scraped_as_a_counter() {
        let trips = Arc::new(AtomicU64::new(7));
        let metrics = Metrics::with_round_trips(Arc::clone(&trips));
        trips.fetch_add(5, Ordering::Relaxed);
        let text = metrics.prometheus_text();
        for line in [
            "# TYPE tabula_database_round_trips_total counter",
            "tabula_database_round_trips_total 12",
        ] {
            assert!(
                text.lines().any(|l| l == line),
                "{line:?} missing from\n{text}"
            );
        }
        assert_eq!(metrics.snapshot().round_trips, 12);
    }

    #[test]
    fn discord_requests_are_scraped_by_kind_and_outcome() {
        let metrics = Metrics::default();
        let counted = metrics.discord_requests();
        counted.count("move", requests::Outcome::Ok);
        counted.count("move", requests::Outcome::Retried);
        counted.count("bot turn", requests::Outcome::Ok);
        let text = metrics.prometheus_text();
        for line in [
            "# TYPE tabula_discord_requests_total counter",
            "tabula_discord_requests_total{kind=\"move\",outcome=\"ok\"} 1",
            "tabula_discord_requests_total{kind=\"move\",outcome=\"retried\"} 1",
            "tabula_discord_requests_total{kind=\"bot turn\",outcome=\"ok\"} 1",
        ] {
            assert!(
                text.lines().any(|l| l == line),
                "{line:?} missing from\n{text}"
            );
        }
        assert_eq!(metrics.snapshot().discord_requests, 3);
    }

    #[tokio::test]
    async fn render_time_adds_up_inside_its_scope_only() {
        add_render_time(Duration::from_millis(5)); // outside any scope: ignored
        let ((), took) = with_render_time(async {
            add_render_time(Duration::from_millis(2));
            tokio::task::yield_now().await;
            add_render_time(Duration::from_millis(3));
        })
        .await;
        assert_eq!(took, Duration::from_millis(5));
    }
}

//! Where a turn's time goes: a tracing layer that adds up the wall time of the table's own
//! debug spans by name: `rules` (parsing the move, applying it, the state's JSON in and
//! out), `render` (drawing the picture), `encode` (the PNG), `db` (each store call, with the
//! wait for a pooled connection) and `command` (the whole of `Table::handle`).

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use tracing::span::{Attributes, Id};
use tracing::{Level, Subscriber};
use tracing_subscriber::Layer;
use tracing_subscriber::filter::Targets;
use tracing_subscriber::layer::{Context, SubscriberExt as _};
use tracing_subscriber::registry::LookupSpan;
use tracing_subscriber::util::SubscriberInitExt as _;

/// The spans added up, in the order they are reported.
pub const PARTS: [&str; 5] = ["command", "rules", "render", "encode", "db"];

/// Nanoseconds spent in each of [`PARTS`], and how many spans closed.
static TOTALS: [AtomicU64; 5] = [const { AtomicU64::new(0) }; 5];
static COUNTS: [AtomicU64; 5] = [const { AtomicU64::new(0) }; 5];

/// Installs the layer (and warnings on stderr) as the process's subscriber.
pub fn install() {
    let spans = Timer.with_filter(Targets::new().with_target("tabula", Level::DEBUG));
    let log = tracing_subscriber::fmt::layer()
        .with_writer(std::io::stderr)
        .with_filter(Targets::new().with_default(Level::WARN));
    tracing_subscriber::registry().with(spans).with(log).init();
}

/// Reads the totals in nanoseconds and counts, then sets them to zero.
pub fn take() -> [(u64, u64); 5] {
    std::array::from_fn(|i| {
        (
            TOTALS[i].swap(0, Ordering::Relaxed),
            COUNTS[i].swap(0, Ordering::Relaxed),
        )
    })
}

/// Times spans from creation to close.
struct Timer;

/// When a span was made.
struct Opened(Instant);

impl<S: Subscriber + for<'a> LookupSpan<'a>> Layer<S> for Timer {
    fn on_new_span(&self, attrs: &Attributes<'_>, id: &Id, ctx: Context<'_, S>) {
        if !PARTS.contains(&attrs.metadata().name()) {
            return;
        }
        if let Some(span) = ctx.span(id) {
            span.extensions_mut().insert(Opened(Instant::now()));
        }
    }

    fn on_close(&self, id: Id, ctx: Context<'_, S>) {
        let Some(span) = ctx.span(&id) else { return };
        let Some(i) = PARTS.iter().position(|p| *p == span.name()) else {
            return;
        };
        if let Some(Opened(at)) = span.extensions().get::<Opened>() {
            let nanos = u64::try_from(at.elapsed().as_nanos()).unwrap_or(u64::MAX);
            TOTALS[i].fetch_add(nanos, Ordering::Relaxed);
            COUNTS[i].fetch_add(1, Ordering::Relaxed);
        }
    }
}

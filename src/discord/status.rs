//! What the bot is doing, for the people running it: a span per interaction (the game, the
//! command, the user, and the time spent on the table's work, on pictures and on answering
//! Discord), and one `info` line a minute with the process's counters (which `/status` shows
//! a server's admins).

use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tracing::Span;

use crate::table::metrics::with_render_time;
use crate::table::{Reply, Table};

use super::answer::Target;

/// How often the counters are logged.
pub const LOG_EVERY: Duration = Duration::from_secs(60);

/// Opens the span one interaction is answered in, and counts the interaction. The timings
/// and the game are recorded as they become known.
pub(crate) fn interaction_span(target: Target<'_>, table: &Table) -> Span {
    table.metrics().interaction();
    let (command, user, channel) = match target {
        Target::Command(i) => (i.data.name.clone(), i.user.id, i.channel_id),
        // A button's id is its command line; its first word names the command.
        Target::Component(i) => (
            i.data
                .custom_id
                .split_whitespace()
                .next()
                .unwrap_or_default()
                .to_string(),
            i.user.id,
            i.channel_id,
        ),
    };
    tracing::info_span!(
        "interaction",
        %command,
        user = %user,
        channel = %channel,
        game = tracing::field::Empty,
        table_ms = tracing::field::Empty,
        render_ms = tracing::field::Empty,
        send_ms = tracing::field::Empty,
    )
}

/// Runs the table's work for an interaction, recording on `span` how long it took, how much
/// of that went to pictures, and the game it concerned; the time taken is also left in `took`.
pub(crate) async fn timed_work(
    work: impl Future<Output = Reply>,
    span: Span,
    took: Arc<Mutex<Option<Duration>>>,
) -> Reply {
    let started = Instant::now();
    let (reply, render) = with_render_time(work).await;
    let elapsed = started.elapsed();
    *took.lock().unwrap_or_else(|p| p.into_inner()) = Some(elapsed);
    let took = elapsed;
    span.record("table_ms", millis(took));
    span.record("render_ms", millis(render));
    if let Some(game) = &reply.game {
        span.record("game", game.id);
    }
    reply
}

/// Records, once an interaction is answered, the time beyond the table's work (the answers
/// sent to Discord), and logs the interaction at debug level.
pub(crate) fn answered(span: &Span, started: Instant, table_work: Option<Duration>) {
    let total = started.elapsed();
    let send = total.saturating_sub(table_work.unwrap_or_default());
    span.record("send_ms", millis(send));
    span.in_scope(|| tracing::debug!(total_ms = millis(total), "interaction answered"));
}

/// Logs the process's counters every `period`, forever.
pub(crate) async fn log_every(table: Table, period: Duration) {
    let mut tick = tokio::time::interval(period);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    tick.tick().await;
    let mut last = table.metrics().snapshot();
    loop {
        tick.tick().await;
        let now = table.metrics().snapshot();
        let reminders = table.reminders_pending().await.unwrap_or(-1);
        tracing::info!(
            turns = now.turns,
            turns_since = now.turns - last.turns,
            interactions = now.interactions,
            interactions_since = now.interactions - last.interactions,
            errors = now.errors,
            errors_since = now.errors - last.errors,
            refused_busy = now.refused_busy,
            refused_busy_since = now.refused_busy - last.refused_busy,
            discord_requests = now.discord_requests,
            discord_requests_since = now.discord_requests - last.discord_requests,
            in_flight = now.in_flight,
            searches_waiting = now.searches_waiting,
            searches_running = now.searches_running,
            renders_waiting = now.renders_waiting,
            renders_running = now.renders_running,
            reminders_pending = reminders,
            "status"
        );
        last = now;
    }
}

/// A duration in milliseconds with a fraction, for span fields.
fn millis(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

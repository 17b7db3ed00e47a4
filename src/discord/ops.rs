//! The operator's endpoints, on `--metrics-listen`: `/metrics`, every metric of the process in
//! Prometheus's text format, and `/healthz`, 200 once every shard this process runs is
//! connected to the gateway and the database answers, 503 (with the reason) otherwise.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::Context as _;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use poise::serenity_prelude as serenity;

use crate::table::Table;
use crate::table::metrics::PROMETHEUS_TEXT;

use super::Shards;

/// How long `/healthz` waits for the database before it calls it down.
const DATABASE_PATIENCE: Duration = Duration::from_secs(2);

/// The gateway as the process runs it: the current client's shards and how many there are.
pub(super) struct Gateway {
    /// The current client's shard manager (a second client replaces the first when Discord
    /// refuses the Message Content intent).
    manager: Mutex<Option<Arc<serenity::ShardManager>>>,
    /// The range `TABULA_SHARDS` gave, if any.
    range: Option<Shards>,
    /// Discord's shard count, from the first READY (0 before it).
    total: AtomicU32,
}

impl Gateway {
    /// Makes the record of a gateway running `range` (every shard when `None`).
    pub(super) fn new(range: Option<Shards>) -> Gateway {
        Gateway {
            manager: Mutex::new(None),
            range,
            total: AtomicU32::new(0),
        }
    }

    /// Sets the client whose shards now run.
    pub(super) fn run_by(&self, manager: Arc<serenity::ShardManager>) {
        *self.manager.lock().unwrap_or_else(|p| p.into_inner()) = Some(manager);
    }

    /// Returns the shard manager of the current client.
    pub(super) fn manager(&self) -> Option<Arc<serenity::ShardManager>> {
        self.manager
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    /// Records Discord's shard count, as a READY tells it.
    pub(super) fn ready(&self, total: u32) {
        self.total.store(total.max(1), Ordering::Relaxed);
    }

    /// Returns how many shards this process should have connected (0 before the first READY).
    fn expected(&self) -> u32 {
        match (self.range, self.total.load(Ordering::Relaxed)) {
            (_, 0) => 0,
            (Some(r), _) => r.last - r.first + 1,
            (None, total) => total,
        }
    }

    /// Returns true when every shard this process runs is connected.
    pub(super) async fn up(&self) -> bool {
        let expected = self.expected();
        let Some(manager) = self.manager() else {
            return false;
        };
        let runners = manager.runners.lock().await;
        expected > 0
            && runners.len() >= expected as usize
            && runners
                .values()
                .all(|r| r.stage == serenity::ConnectionStage::Connected)
    }
}

/// What the endpoints read.
#[derive(Clone)]
struct Ops {
    table: Table,
    gateway: Arc<Gateway>,
}

/// Binds `addr` for the endpoints.
///
/// # Errors
/// When the address cannot be listened on (in use, or not this machine's).
pub(super) async fn bind(addr: SocketAddr) -> anyhow::Result<tokio::net::TcpListener> {
    tokio::net::TcpListener::bind(addr)
        .await
        .with_context(|| format!("cannot listen for /metrics and /healthz on {addr}"))
}

/// Serves `/metrics` and `/healthz` on `listener` until the task is dropped.
pub(super) async fn serve(listener: tokio::net::TcpListener, table: Table, gateway: Arc<Gateway>) {
    let app = axum::Router::new()
        .route("/metrics", axum::routing::get(metrics))
        .route("/healthz", axum::routing::get(healthz))
        .with_state(Ops { table, gateway });
    if let Err(e) = axum::serve(listener, app).await {
        tracing::error!(error = %e, "the /metrics and /healthz endpoints stopped");
    }
}

async fn metrics(State(ops): State<Ops>) -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, PROMETHEUS_TEXT)],
        ops.table.metrics().prometheus_text(),
    )
}

async fn healthz(State(ops): State<Ops>) -> (StatusCode, &'static str) {
    if !ops.gateway.up().await {
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            "not ready: not every shard is connected to Discord's gateway\n",
        );
    }
    let answers = tokio::time::timeout(DATABASE_PATIENCE, ops.table.reminders_pending()).await;
    if !matches!(answers, Ok(Some(_))) {
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            "not ready: the database does not answer\n",
        );
    }
    (
        StatusCode::OK,
        "ok: the gateway is connected and the database answers\n",
    )
}

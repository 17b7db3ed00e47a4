//! The operator's endpoints on `--metrics-listen`: `/healthz` is 503 until the gateway is
//! READY and again once the database stops answering, 200 in between; `/metrics` is
//! Prometheus text whose counters and latency histograms follow what the bot did.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::time::{Duration, Instant};

use super::World;
use crate::support::discord::{FakeDiscord, FakeUser, GUILD, PATIENCE};
use tabula::discord::{Config, start};
use tabula::store::Store;
use tabula::table::Table;

/// Any free port on 127.0.0.1.
fn any_port() -> Option<SocketAddr> {
    Some("127.0.0.1:0".parse().unwrap())
}

/// GETs `path` from the endpoints at `addr`; returns the status, content type and body.
async fn get(addr: SocketAddr, path: &str) -> (u16, String, String) {
    let client = reqwest::Client::builder().no_proxy().build().unwrap();
    let response = client
        .get(format!("http://{addr}{path}"))
        .send()
        .await
        .expect("the endpoint answers");
    let status = response.status().as_u16();
    let kind = response
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string();
    (status, kind, response.text().await.unwrap())
}

/// Polls `/healthz` until it answers `status`, failing after [`PATIENCE`]; returns the body.
async fn healthz_until(addr: SocketAddr, status: u16) -> String {
    let deadline = Instant::now() + PATIENCE;
    loop {
        let (now, _, body) = get(addr, "/healthz").await;
        if now == status {
            return body;
        }
        assert!(Instant::now() < deadline, "/healthz stayed {now}: {body}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Reads Prometheus's text format: every sample by its name and labels, as written.
fn samples(text: &str) -> HashMap<String, f64> {
    let mut found = HashMap::new();
    for line in text.lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let (series, value) = line.rsplit_once(' ').expect("a sample is `series value`");
        let value: f64 = value
            .parse()
            .unwrap_or_else(|_| panic!("a number in {line:?}"));
        assert!(
            found.insert(series.to_string(), value).is_none(),
            "{series} twice"
        );
    }
    found
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn healthz_is_unavailable_before_ready_ok_after_and_unavailable_when_the_database_stops() {
    let fake = FakeDiscord::start().await;
    // The shard count comes late, so the gateway is not up for a while after start-up.
    fake.delay("/gateway/bot", Duration::from_secs(3));
    let dir = tempfile::tempdir().unwrap();
    let store = Store::connect(&crate::support::db::sqlite_url(&dir))
        .await
        .unwrap();
    crate::support::discord::bot::init_tracing();
    let table = Table::new(store.clone(), crate::support::render::shared());
    let config = Config {
        discord_host: Some(fake.discord_host()),
        guild: Some(GUILD.parse().unwrap()),
        metrics_listen: any_port(),
        ..Config::new("fake-token")
    };
    let running = tokio::time::timeout(PATIENCE, start(config, table))
        .await
        .expect("the bot starts in time")
        .expect("the bot starts");
    let addr = running.metrics_addr().expect("the endpoints are served");

    let (before, kind, body) = get(addr, "/healthz").await;
    assert_eq!(before, 503, "before READY: {body}");
    assert!(body.contains("gateway"), "{body}");
    assert!(kind.starts_with("text/plain"), "{kind}");
    fake.wait_ready(1).await;
    let up = healthz_until(addr, 200).await;
    assert!(up.starts_with("ok"), "{up}");

    store.close().await;
    let down = healthz_until(addr, 503).await;
    assert!(down.contains("database"), "{down}");
    tokio::time::timeout(PATIENCE, running.stop())
        .await
        .expect("the bot stops in time");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_are_prometheus_text_counting_interactions_turns_and_their_latencies() {
    let w = World::with(|c| c.metrics_listen = any_port()).await;
    let addr = w.bot.metrics_addr().expect("the endpoints are served");
    w.chess().await;
    let moved = w.play(&FakeUser::alice(), "e4").await;
    assert!(!moved.ephemeral, "{moved:?}");

    // The last interaction's time is recorded once its answer is sent: wait for it.
    let deadline = Instant::now() + PATIENCE;
    let (kind, found) = loop {
        let (status, kind, text) = get(addr, "/metrics").await;
        assert_eq!(status, 200, "{text}");
        let found = samples(&text);
        if found.get("tabula_interaction_seconds_count") == Some(&3.0) {
            break (kind, found);
        }
        assert!(
            Instant::now() < deadline,
            "three interactions timed:\n{text}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert!(kind.starts_with("text/plain; version=0.0.4"), "{kind}");
    let at = |series: &str| {
        *found
            .get(series)
            .unwrap_or_else(|| panic!("{series} missing: {found:?}"))
    };
    // /play, /join and /move; the move is the only turn stored.
    assert_eq!(at("tabula_interactions_total"), 3.0);
    assert_eq!(at("tabula_turns_total"), 1.0);
    assert_eq!(at("tabula_errors_total"), 0.0);
    assert_eq!(at("tabula_turn_seconds_count"), 1.0);
    assert_eq!(at("tabula_interaction_seconds_bucket{le=\"+Inf\"}"), 3.0);
    assert!(
        at("tabula_render_seconds_count") >= 2.0,
        "the start and the move drawn"
    );
    assert!(
        at("tabula_database_seconds_count") >= 3.0,
        "load, seats and the commit"
    );
    assert!(at("tabula_interaction_seconds_sum") > 0.0);
    for gauge in ["tabula_renders_running", "tabula_bot_searches_waiting"] {
        assert_eq!(at(gauge), 0.0, "{gauge}");
    }
    w.bot.stop().await;
}

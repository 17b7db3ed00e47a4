//! One full chess turn through `Table` on SQLite: load, parse, apply, persist, render.
//! A bench binary rather than criterion, because the target is a latency distribution (p50/p99).
//!
//! Run with `cargo bench --bench turn`; `TURNS=N` changes the sample size (default 2000).

use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tabula::render::Renderer;
use tabula::rules::{Game, Turn};
use tabula::store::Store;
use tabula::table::{Command, Ctx, Table, User};

fn ctx(user: &str) -> Ctx {
    Ctx {
        guild: "bench".into(),
        channel: "bench".into(),
        user: User::named(user),
        admin: false,
    }
}

fn main() {
    let turns: usize = std::env::var("TURNS")
        .ok()
        .and_then(|t| t.parse().ok())
        .unwrap_or(2000);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(bench(turns));
}

async fn bench(turns: usize) {
    let dir = tempfile::tempdir().expect("temp dir");
    let url = format!("sqlite://{}", dir.path().join("bench.db").display());
    let store = Store::connect(&url).await.expect("sqlite store");
    let table = Table::new(store.clone(), Arc::new(Renderer::new()));
    let mut rng = StdRng::seed_from_u64(2026);
    let mut samples: Vec<Duration> = Vec::with_capacity(turns);
    let mut bytes = 0usize;
    let mut games = 0;
    while samples.len() < turns {
        table
            .handle(
                &ctx("alice"),
                Command::Play {
                    game: "chess".into(),
                    ruleset: None,
                    opponents: vec![User::named("bob")],
                    days: None,
                    bot: None,
                    players: None,
                },
            )
            .await;
        table.handle(&ctx("bob"), Command::Join).await;
        games += 1;
        loop {
            let row = store
                .open_game("bench", "bench")
                .await
                .expect("load")
                .expect("a game is open");
            let game: Game = serde_json::from_str(&row.state).expect("state");
            let Turn::Move(seat) = game.turn() else { break };
            let moves = game.legal_moves();
            let text = game.format(&moves[rng.random_range(0..moves.len())]);
            let user = if seat == 0 { "alice" } else { "bob" };
            let started = Instant::now();
            let reply = table.handle(&ctx(user), Command::Move { text }).await;
            samples.push(started.elapsed());
            assert!(!reply.private, "move refused: {}", reply.text);
            bytes += reply.image.as_ref().map_or(0, Vec::len);
            if samples.len() == turns || reply.game.is_some_and(|g| g.closed) {
                break;
            }
        }
        if store
            .open_game("bench", "bench")
            .await
            .expect("load")
            .is_some()
        {
            table.handle(&ctx("alice"), Command::Abort).await;
        }
    }
    samples.sort();
    let pct = |p: f64| samples[((samples.len() as f64 - 1.0) * p).round() as usize];
    println!(
        "table turn on SQLite ({} turns over {games} games): p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms; mean PNG {} bytes",
        samples.len(),
        ms(pct(0.50)),
        ms(pct(0.90)),
        ms(pct(0.99)),
        ms(pct(1.0)),
        bytes / samples.len().max(1),
    );
    store.close().await;
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

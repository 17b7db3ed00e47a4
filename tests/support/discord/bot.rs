//! The real bot, started in-process against a fake (the same `discord::start` as `tabula bot`).

use std::sync::Arc;

use tabula::discord::{Config, Running, start};
use tabula::render::Renderer;
use tabula::store::{Clock, Store};
use tabula::table::Table;

use super::{FakeDiscord, GUILD};

/// Installs a log subscriber once, so serenity's warnings about dropped events show up.
pub fn init_tracing() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn,tabula=info"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_test_writer()
        .try_init();
}

/// A bot connected to a fake, with the store it plays on.
pub struct Bot {
    running: Running,
    pub store: Store,
    /// The table the bot serves (its metrics among others).
    pub table: Table,
}

impl Bot {
    /// Starts a bot on the database at `url` (plain-text moves on, commands registered in the
    /// fake guild), lets `configure` change its settings, and waits for its READY.
    pub async fn start(fake: &FakeDiscord, url: &str, configure: impl FnOnce(&mut Config)) -> Bot {
        Bot::start_with_clock(fake, url, configure, None).await
    }

    /// Starts a bot as [`start`](Self::start) does, its store telling time by `clock` when given.
    pub async fn start_with_clock(
        fake: &FakeDiscord,
        url: &str,
        configure: impl FnOnce(&mut Config),
        clock: Option<Clock>,
    ) -> Bot {
        let store = Store::connect(url).await.expect("the test database opens");
        let store = match clock {
            Some(clock) => store.with_clock(clock),
            None => store,
        };
        Bot::start_on(fake, store, configure).await
    }

    /// Starts a bot as [`start`](Self::start) does, on a store the test opened itself.
    pub async fn start_on(
        fake: &FakeDiscord,
        store: Store,
        configure: impl FnOnce(&mut Config),
    ) -> Bot {
        let table = Table::new(store.clone(), Arc::new(Renderer::new()));
        Bot::start_table(fake, store, table, configure).await
    }

    /// Starts a bot as [`start`](Self::start) does, its dice and bot choices seeded by `seed`.
    pub async fn start_seeded(fake: &FakeDiscord, url: &str, seed: u64) -> Bot {
        use rand::SeedableRng as _;
        let store = Store::connect(url).await.expect("the test database opens");
        let rng = rand::rngs::StdRng::seed_from_u64(seed);
        let table = Table::with_rng(store.clone(), Arc::new(Renderer::new()), rng);
        Bot::start_table(fake, store, table, |_| {}).await
    }

    /// Starts a bot serving `table` (on `store`), as [`start`](Self::start) does.
    pub async fn start_table(
        fake: &FakeDiscord,
        store: Store,
        table: Table,
        configure: impl FnOnce(&mut Config),
    ) -> Bot {
        init_tracing();
        // Through serenity's ratelimiter to the fake's HTTPS side: the production path.
        let mut config = Config {
            discord_host: Some(fake.discord_host()),
            guild: Some(GUILD.parse().unwrap()),
            message_content: true,
            ..Config::new("fake-token")
        };
        configure(&mut config);
        let readies = fake.readies();
        let running = tokio::time::timeout(super::PATIENCE, start(config, table.clone()))
            .await
            .expect("the bot starts in time")
            .expect("the bot starts");
        fake.wait_ready(readies + 1).await;
        Bot {
            running,
            store,
            table,
        }
    }

    /// Returns where the bot serves `/metrics` and `/healthz`, when it does.
    pub fn metrics_addr(&self) -> Option<std::net::SocketAddr> {
        self.running.metrics_addr()
    }

    /// Disconnects the bot and closes its database.
    pub async fn stop(self) {
        tokio::time::timeout(super::PATIENCE, self.running.stop())
            .await
            .expect("the bot stops in time");
        self.store.close().await;
    }
}

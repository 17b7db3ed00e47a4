//! A fake Discord on 127.0.0.1 for end-to-end tests of the real bot: REST under `/api/v10`,
//! the gateway websocket (HELLO, IDENTIFY → READY, heartbeat ACKs), dispatch of
//! INTERACTION_CREATE and MESSAGE_CREATE shaped like Discord's, a recorder of every request
//! (multipart decoded), injected failures, and helpers to run commands, click buttons and type
//! into autocomplete.

mod answer;
pub mod bot;
mod channels;
mod gateway;
pub mod payloads;
pub mod process;
mod rest;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::Value;
use tokio::sync::mpsc::UnboundedSender;

pub use answer::{Answer, game_choice};
pub use bot::Bot;
pub use channels::pinged_in_creates;
pub use payloads::{APP_ID, BOT_ID, CHANNEL, FakeUser, GUILD};

/// How long any wait on the bot lasts before the test fails.
pub const PATIENCE: Duration = Duration::from_secs(15);

/// One request the bot made, as the fake saw it.
#[derive(Clone, Debug)]
pub struct Recorded {
    pub method: String,
    pub path: String,
    /// The JSON body, or the `payload_json` part of a multipart body; `Null` when empty.
    pub body: Value,
    pub files: Vec<FilePart>,
    /// The status the fake answered with.
    pub status: u16,
    /// When the request arrived at the fake (before any injected delay).
    pub at: Instant,
}

/// A file uploaded in a multipart request.
#[derive(Clone, Debug)]
pub struct FilePart {
    pub field: String,
    pub filename: String,
    pub content_type: String,
    pub bytes: Vec<u8>,
}

/// A failure the fake answers with instead of success, for matching requests.
#[derive(Clone, Debug)]
pub struct Failure {
    /// Matches requests whose path contains this.
    pub path_contains: String,
    /// 429 (with a short `retry_after`) or any 5xx.
    pub status: u16,
    /// How many matching requests fail before the route works again.
    pub times: usize,
}

#[derive(Default)]
struct State {
    addr: Mutex<Option<SocketAddr>>,
    requests: Mutex<Vec<Recorded>>,
    failures: Mutex<Vec<Failure>>,
    /// Requests whose path contains the text are answered only after the delay.
    delays: Mutex<Vec<(String, Duration)>>,
    /// The current gateway session's outbox.
    gateway: Mutex<Option<UnboundedSender<String>>>,
    readies: AtomicUsize,
    seq: AtomicU64,
    ids: AtomicU64,
    /// The bot's permissions in every channel; `None` means [`payloads::BOT_PERMISSIONS`].
    bot_permissions: Mutex<Option<u64>>,
    /// Threads created so far, each with its parent channel.
    threads: Mutex<HashMap<String, String>>,
    /// Direct-message channels opened so far, by the user they reach.
    dms: Mutex<HashMap<String, String>>,
    /// Channel histories, deleted messages and reactions (see `channels.rs`).
    channels: channels::Channels,
}

impl State {
    fn bot_permissions(&self) -> u64 {
        self.bot_permissions
            .lock()
            .unwrap()
            .unwrap_or(payloads::BOT_PERMISSIONS)
    }
}

impl State {
    fn next_id(&self) -> String {
        (910_000_000_000_000_000u64 + self.ids.fetch_add(1, Ordering::Relaxed)).to_string()
    }
}

/// A running fake Discord; dropping it stops the server.
pub struct FakeDiscord {
    state: Arc<State>,
    addr: SocketAddr,
    server: tokio::task::JoinHandle<()>,
}

impl Drop for FakeDiscord {
    fn drop(&mut self) {
        self.server.abort();
    }
}

impl FakeDiscord {
    /// Returns the DM channel the bot opened with `user`, if it did.
    pub fn dm_channel(&self, user: &str) -> Option<String> {
        self.state.dms.lock().unwrap().get(user).cloned()
    }

    /// Starts a fake on a free port of 127.0.0.1.
    pub async fn start() -> FakeDiscord {
        let state = Arc::new(State::default());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind 127.0.0.1:0");
        let addr = listener.local_addr().expect("local addr");
        *state.addr.lock().unwrap() = Some(addr);
        let app = axum::Router::new()
            .route("/gateway", axum::routing::get(gateway::upgrade))
            .fallback(rest::handle)
            .with_state(Arc::clone(&state));
        let server = tokio::spawn(async move {
            axum::serve(listener, app)
                .await
                .expect("fake discord serves");
        });
        FakeDiscord {
            state,
            addr,
            server,
        }
    }

    /// Returns the base URL to give the bot as `DISCORD_API_BASE`.
    pub fn base_url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Waits until `n` gateway sessions in all have been sent READY.
    pub async fn wait_ready(&self, n: usize) {
        self.wait_for(&format!("READY number {n}"), |_| {
            (self.state.readies.load(Ordering::SeqCst) >= n).then_some(())
        })
        .await;
    }

    /// Returns how many gateway sessions have been sent READY so far.
    pub fn readies(&self) -> usize {
        self.state.readies.load(Ordering::SeqCst)
    }

    /// Makes the next `times` requests whose path contains `path_contains` fail with `status`.
    pub fn fail(&self, path_contains: &str, status: u16, times: usize) {
        self.state.failures.lock().unwrap().push(Failure {
            path_contains: path_contains.to_string(),
            status,
            times,
        });
    }

    /// Sets the bot's permissions in every channel: interactions carry them as
    /// `app_permissions`, and REST routes that need one answer 403 without it, as Discord does.
    pub fn set_bot_permissions(&self, permissions: u64) {
        *self.state.bot_permissions.lock().unwrap() = Some(permissions);
    }

    /// Returns the threads created so far, each with its parent channel.
    pub fn threads(&self) -> HashMap<String, String> {
        self.state.threads.lock().unwrap().clone()
    }

    /// Makes every later request whose path contains `path_contains` wait `by` before the
    /// fake answers it (a slow Discord).
    pub fn delay(&self, path_contains: &str, by: Duration) {
        self.state
            .delays
            .lock()
            .unwrap()
            .push((path_contains.to_string(), by));
    }

    /// Forgets every injected failure not used up yet.
    pub fn clear_failures(&self) {
        self.state.failures.lock().unwrap().clear();
    }

    /// Returns a copy of every request recorded so far.
    pub fn requests(&self) -> Vec<Recorded> {
        self.state.requests.lock().unwrap().clone()
    }

    /// Sends a dispatch event (`t` with data `d`) on the current gateway session.
    pub fn dispatch(&self, event: &str, d: Value) {
        let s = self.state.seq.fetch_add(1, Ordering::SeqCst) + 1;
        let frame = serde_json::json!({"op": 0, "t": event, "s": s, "d": d}).to_string();
        let outbox = self.state.gateway.lock().unwrap().clone();
        outbox
            .expect("the bot is connected to the gateway")
            .send(frame)
            .expect("the gateway session is open");
    }

    /// Polls the recorded requests until `check` finds something, failing the test after
    /// [`PATIENCE`] with the list of requests seen.
    pub async fn wait_for<T>(&self, what: &str, check: impl Fn(&[Recorded]) -> Option<T>) -> T {
        let deadline = Instant::now() + PATIENCE;
        loop {
            if let Some(found) = check(&self.requests()) {
                return found;
            }
            if Instant::now() > deadline {
                let seen: Vec<String> = self
                    .requests()
                    .iter()
                    .map(|r| format!("{} {} -> {}", r.method, r.path, r.status))
                    .collect();
                panic!(
                    "timed out waiting for {what}; requests seen:\n{}",
                    seen.join("\n")
                );
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Returns a fresh snowflake-like id.
    pub fn next_id(&self) -> String {
        self.state.next_id()
    }
}

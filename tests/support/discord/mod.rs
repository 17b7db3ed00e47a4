//! A fake Discord on 127.0.0.1 for end-to-end tests of the real bot: REST under `/api/v10`,
//! the gateway websocket (HELLO, IDENTIFY → READY, heartbeat ACKs), dispatch of
//! INTERACTION_CREATE and MESSAGE_CREATE shaped like Discord's, a recorder of every request
//! (multipart decoded), injected failures, and helpers to run commands, click buttons and type
//! into autocomplete.
//!
//! The fake is as strict as Discord (see `strict`, `limits` and `ratelimit`): every breach of
//! Discord's rules by the bot is answered as Discord answers it and counted, and a test whose
//! fake saw one fails when the fake is dropped.

mod answer;
pub mod bot;
mod channels;
mod gateway;
pub mod limits;
mod nonce;
mod oauth;
pub mod payloads;
pub mod process;
pub mod ratelimit;
mod rest;
pub mod shards;
pub mod strict;
pub mod tls;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::Value;
use tokio::sync::mpsc::UnboundedSender;

pub use ratelimit::RateSeen;

pub use answer::{Answer, game_choice};
pub use bot::Bot;
pub use channels::pinged_in_creates;
pub use oauth::App as OAuthApp;
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
    /// When the request reached the fake, and when the fake answered it.
    pub received: Instant,
    pub answered: Instant,
    /// What the request's rate-limit bucket said in the answer, if it has one.
    pub rate: Option<RateSeen>,
    /// When the request arrived at the fake (before any injected delay); the same as `received`.
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
    /// The current gateway session's outbox; `None` while the bot is disconnected.
    gateway: Mutex<Option<UnboundedSender<gateway::Out>>>,
    /// Events dispatched while the bot was disconnected: replayed on RESUME, dropped on IDENTIFY.
    backlog: Mutex<Vec<Value>>,
    /// Discord's rules on interactions, bodies and permissions, and the violations seen.
    strict: strict::Strict,
    /// The channels' rate-limit buckets.
    buckets: ratelimit::Buckets,
    readies: AtomicUsize,
    resumes: AtomicUsize,
    /// Events the bot missed and never got, because it IDENTIFYed instead of resuming.
    dropped: AtomicUsize,
    /// The next RESUME is answered with op 9 (the session is too old to resume).
    session_expired: std::sync::atomic::AtomicBool,
    identifies: Mutex<Vec<Value>>,
    seq: AtomicU64,
    ids: AtomicU64,
    /// The bot's permissions in every channel; `None` means [`payloads::BOT_PERMISSIONS`].
    bot_permissions: Mutex<Option<u64>>,
    /// Threads created so far, each with its parent channel.
    threads: Mutex<HashMap<String, String>>,
    /// Direct-message channels opened so far, by the user they reach.
    dms: Mutex<HashMap<String, String>>,
    /// Sharded gateway sessions, which get the dispatches of their own guilds.
    shards: shards::Shards,
    /// The shard count `GET /gateway/bot` recommends; 0 means one.
    recommended_shards: AtomicU64,
    /// Channel histories, deleted messages and reactions (see `channels.rs`).
    channels: channels::Channels,
    /// Channel messages the bot created, and their nonces (see `nonce.rs`).
    posts: nonce::Posts,
    /// Requests whose path contains the text are carried out, but their answer is lost on
    /// the way back (the connection breaks), this many more times.
    lost: Mutex<Vec<(String, usize)>>,
    /// The OAuth2 application, its codes and tokens, and the guilds' members.
    oauth: oauth::OAuth,
    /// What each interaction dispatched was, by its token: a command's name, `button` or
    /// `autocomplete` (the bot's kinds for requests, see [`FakeDiscord::requests_by_kind`]).
    interactions: Mutex<HashMap<String, String>>,
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
    /// Returns a fresh snowflake as Discord makes them: the milliseconds since Discord's
    /// epoch in the high bits, so an id tells when it was made, and a counter below.
    fn next_id(&self) -> String {
        let ms = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .expect("after 1970")
            .as_millis() as u64;
        let low = self.ids.fetch_add(1, Ordering::Relaxed) & 0x3f_ffff;
        (((ms - DISCORD_EPOCH_MS) << 22) | low).to_string()
    }
}

/// Discord's epoch (2015-01-01) in unix milliseconds.
const DISCORD_EPOCH_MS: u64 = 1_420_070_400_000;

/// A running fake Discord; dropping it stops the server, and fails the test if the bot broke
/// one of Discord's rules (unless the test is failing already).
pub struct FakeDiscord {
    state: Arc<State>,
    addr: SocketAddr,
    /// Where the fake answers HTTPS as `discord.com`.
    tls_addr: SocketAddr,
    server: tokio::task::JoinHandle<()>,
    tls_server: tokio::task::JoinHandle<()>,
}

impl Drop for FakeDiscord {
    fn drop(&mut self) {
        self.server.abort();
        self.tls_server.abort();
        if !std::thread::panicking() {
            self.assert_clean();
        }
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
        let tls = tls::TlsListener::bind().await;
        let tls_addr = axum::serve::Listener::local_addr(&tls).expect("local addr");
        let tls_app = app.clone();
        let server = tokio::spawn(async move {
            axum::serve(listener, app)
                .await
                .expect("fake discord serves");
        });
        let tls_server = tokio::spawn(async move {
            axum::serve(tls, tls_app)
                .await
                .expect("fake discord serves HTTPS");
        });
        FakeDiscord {
            state,
            addr,
            tls_addr,
            server,
            tls_server,
        }
    }

    /// Returns where the bot reaches `discord.com` over HTTPS, and the authority to trust
    /// there: requests then go through serenity's ratelimiter, as in production.
    pub fn discord_host(&self) -> tabula::discord::DiscordHost {
        tabula::discord::DiscordHost {
            addr: self.tls_addr,
            ca_pem: tls::CA_PEM.to_vec(),
        }
    }

    /// Fails the test if the bot broke one of Discord's rules so far.
    pub fn assert_clean(&self) {
        let violations = self.state.strict.violations();
        assert!(
            violations.is_empty(),
            "the bot broke Discord's rules {} time(s):\n{}",
            violations.len(),
            violations.join("\n")
        );
    }

    /// Returns the bot's breaches of Discord's rules so far and forgets them (for tests that
    /// provoke one on purpose).
    pub fn take_violations(&self) -> Vec<String> {
        self.state.strict.take_violations()
    }

    /// Makes every interaction token count as `by` older than it is (tokens die at 15 min).
    pub fn age_tokens(&self, by: Duration) {
        self.state.strict.age_tokens(by);
    }

    /// Sets the bot's permissions in one channel (a channel overwrite), over the global ones.
    pub fn set_channel_permissions(&self, channel: &str, permissions: u64) {
        self.state.strict.set_channel(channel, permissions);
    }

    /// Returns the bot's permissions in `channel`.
    pub fn permissions_in(&self, channel: &str) -> u64 {
        self.state
            .strict
            .permissions_in(channel, self.state.bot_permissions())
    }

    /// Sets each channel's message bucket: `limit` posts per `window` (Discord: 5 per 5 s).
    pub fn limit_channel_messages(&self, limit: u32, window: Duration) {
        self.state.buckets.set_limit(limit, window);
    }

    /// Uses up `channel`'s message bucket now, as another client of the bot's would.
    pub fn exhaust_channel_bucket(&self, channel: &str) {
        self.state.buckets.exhaust(channel);
    }

    /// Makes the application lack the Message Content intent: an IDENTIFY asking for it is
    /// closed with 4014, as Discord does.
    pub fn disable_message_content(&self) {
        self.state
            .strict
            .message_content_disabled
            .store(true, Ordering::SeqCst);
    }

    /// Asks the bot to reconnect (op 7 Reconnect); it should RESUME.
    pub fn send_reconnect(&self) {
        gateway::control(
            &self.state,
            gateway::Out::Frame(serde_json::json!({"op": 7, "d": null})),
        );
    }

    /// Invalidates the bot's session (op 9); it should IDENTIFY anew unless `resumable`.
    pub fn send_invalid_session(&self, resumable: bool) {
        gateway::control(
            &self.state,
            gateway::Out::Frame(serde_json::json!({"op": 9, "d": resumable})),
        );
    }

    /// Drops the bot's gateway connection without a close frame, as a network failure would.
    pub fn cut_gateway(&self) {
        gateway::control(&self.state, gateway::Out::Cut);
    }

    /// Makes the bot's session too old to resume: its next RESUME gets op 9, and the events it
    /// missed are lost when it IDENTIFYs.
    pub fn expire_session(&self) {
        self.state.session_expired.store(true, Ordering::SeqCst);
    }

    /// Returns how many missed events were dropped because the bot IDENTIFYed anew.
    pub fn dropped_events(&self) -> usize {
        self.state.dropped.load(Ordering::SeqCst)
    }

    /// Makes every later event reach the bot `by` after Discord made it, as a slow gateway
    /// would: an interaction's 3 s count from when it was made.
    pub fn lag_gateway(&self, by: Duration) {
        self.state.strict.lag(by);
    }

    /// Returns how many RESUMEs the fake has answered.
    pub fn resumes(&self) -> usize {
        self.state.resumes.load(Ordering::SeqCst)
    }

    /// Returns every IDENTIFY the bot sent, in order.
    pub fn identifies(&self) -> Vec<Value> {
        self.state.identifies.lock().unwrap().clone()
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
    /// A connected bot is told, as Discord tells it, by a GUILD_ROLE_UPDATE of `@everyone`.
    pub fn set_bot_permissions(&self, permissions: u64) {
        *self.state.bot_permissions.lock().unwrap() = Some(permissions);
        if self.state.gateway.lock().unwrap().is_some() || !self.sent_per_shard().is_empty() {
            let role = payloads::everyone_role(GUILD, permissions);
            self.dispatch(
                "GUILD_ROLE_UPDATE",
                serde_json::json!({"guild_id": GUILD, "role": role}),
            );
        }
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

    /// Makes the next `times` requests whose path contains `path_contains` succeed at the
    /// fake (a message is posted) while their answer never reaches the bot: the connection
    /// breaks before the body arrives, as when a timeout or a network fault loses it.
    pub fn lose_answers(&self, path_contains: &str, times: usize) {
        self.state
            .lost
            .lock()
            .unwrap()
            .push((path_contains.to_string(), times));
    }

    /// Forgets every injected failure not used up yet.
    pub fn clear_failures(&self) {
        self.state.failures.lock().unwrap().clear();
    }

    /// Counts the requests recorded from number `from` on by what they answered: an
    /// interaction's requests (its callback and its webhook) under the interaction's command
    /// name, `button` or `autocomplete`; every other request (a channel post, a DM, a
    /// reaction) under `other`.
    pub fn requests_by_kind(&self, from: usize) -> std::collections::BTreeMap<String, u64> {
        let interactions = self.state.interactions.lock().unwrap().clone();
        let mut by_kind = std::collections::BTreeMap::new();
        for r in self.requests().iter().skip(from) {
            let kind = r
                .path
                .split('/')
                .find_map(|segment| interactions.get(segment))
                .map_or("other", String::as_str);
            *by_kind.entry(kind.to_string()).or_default() += 1;
        }
        by_kind
    }

    /// Returns a copy of every request recorded so far.
    pub fn requests(&self) -> Vec<Recorded> {
        self.state.requests.lock().unwrap().clone()
    }

    /// Sends a dispatch event (`t` with data `d`) on the current gateway session, or, once
    /// sessions run shards, on the session of the shard of `d`'s guild; while the bot is
    /// disconnected, the event waits for its RESUME (and is lost on a new IDENTIFY).
    pub fn dispatch(&self, event: &str, d: Value) {
        if self.state.shards.route(event, &d) {
            return;
        }
        let s = self.state.seq.fetch_add(1, Ordering::SeqCst) + 1;
        let frame = serde_json::json!({"op": 0, "t": event, "s": s, "d": d});
        gateway::deliver(&self.state, frame);
    }

    /// Waits until the bot has resumed `n` times in all.
    pub async fn wait_resumed(&self, n: usize) {
        self.wait_for(&format!("RESUME number {n}"), |_| {
            (self.resumes() >= n).then_some(())
        })
        .await;
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

    /// Makes `GET /gateway/bot` recommend `shards` shards (one unless told), as Discord does
    /// for a bot in more than 2,500 servers.
    pub fn recommend_shards(&self, shards: u64) {
        self.state
            .recommended_shards
            .store(shards, Ordering::SeqCst);
    }

    /// Drops shard `id`'s gateway connection without a close frame; its dispatches wait for
    /// its RESUME.
    pub fn cut_shard(&self, id: u64) {
        self.state.shards.control(id, gateway::Out::Cut);
    }

    /// Returns how many dispatches each sharded session was sent, by shard id.
    pub fn sent_per_shard(&self) -> HashMap<u64, usize> {
        self.state.shards.sent()
    }

    /// Registers the OAuth2 application people sign in to (one per fake).
    pub fn register_oauth_app(&self, app: OAuthApp) {
        self.state.oauth.register(app);
    }

    /// Makes `user` the one signed in to Discord in the test's browser: authorizing an
    /// application signs them in.
    pub fn browser_signed_in_as(&self, user: FakeUser) {
        self.state.oauth.sign_in_as(user);
    }

    /// Makes `user` a member of `guild` (as the bot's member lookup sees it).
    pub fn add_member(&self, guild: &str, user: &str) {
        self.state.oauth.add_member(guild, user);
    }

    /// Every OAuth2 code and token the fake issued so far.
    pub fn oauth_secrets_issued(&self) -> Vec<String> {
        self.state.oauth.issued()
    }

    /// Returns a fresh snowflake-like id.
    pub fn next_id(&self) -> String {
        self.state.next_id()
    }
}

//! The web view: read-only pages over the table's queries, served by the bot (or console)
//! process when `--web-listen` is given. Servers are off until a manager turns them on;
//! anything a page may not show answers the same 404 as a path that does not exist.

mod auth;
mod live;
mod pages;
mod pictures;
mod site;

use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use anyhow::Context as _;

use crate::table::Table;

pub use auth::{MIN_KEY_CHARS, SESSION_COOKIE, SESSION_LIFE, STATE_COOKIE, SignInOptions};
pub use live::STREAMS_PER_IP;
pub use site::{Limits, NOT_FOUND, router, router_signing_in, router_with};

/// Where and how the site is served.
#[derive(Clone, Debug)]
pub struct WebOptions {
    pub listen: SocketAddr,
    /// The site's public address (`https://games.example.org`), for links in `/web`'s answers.
    pub public_base_url: Option<String>,
    /// How people sign in with Discord, for members-only servers; `None` signs nobody in.
    pub sign_in: Option<SignInOptions>,
}

/// Reads `--web-listen`: `HOST:PORT`, `[v6]:PORT`, or a port alone (`8080`, `:8080`), which
/// listens on 127.0.0.1 so nothing is exposed by accident.
///
/// # Errors
/// A one-line explanation when the text is neither.
pub fn parse_listen(text: &str) -> Result<SocketAddr, String> {
    let text = text.trim();
    let port = text.strip_prefix(':').unwrap_or(text);
    if let Ok(port) = port.parse::<u16>() {
        return Ok(SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), port));
    }
    if let Some(port) = text.strip_prefix("localhost:")
        && let Ok(port) = port.parse::<u16>()
    {
        return Ok(SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), port));
    }
    text.parse::<SocketAddr>().map_err(|_| {
        format!(
            "{text:?} is not an address to listen on: write a port (8080, listening on \
             127.0.0.1) or HOST:PORT (0.0.0.0:8080, [::1]:8080)"
        )
    })
}

/// How much lower than the bot's the priority of the site's threads is (Linux's nice value): when
/// the cores are busy, people's turns run first and pages wait.
pub const SITE_NICENESS: i32 = 10;

/// A running site: its address, the runtime serving it and the task that does.
pub struct Site {
    pub addr: SocketAddr,
    streams: std::sync::Arc<live::Streams>,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    task: Option<tokio::task::JoinHandle<()>>,
    runtime: Option<tokio::runtime::Runtime>,
}

impl Site {
    /// Stops taking requests, lets those under way finish, and waits until it has stopped.
    pub async fn stop(mut self) {
        // Live streams never end by themselves: they are closed first.
        self.streams.close();
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(task) = self.task.take()
            && let Err(e) = task.await
        {
            tracing::error!(error = %e, "the web view's task failed");
        }
    }
}

impl Drop for Site {
    fn drop(&mut self) {
        // A runtime may not be dropped where blocking is not allowed (inside the bot's own).
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
}

/// Binds the site's address and serves the pages in the background until [`Site::stop`].
///
/// # Errors
/// When the address cannot be bound (in use, not this machine's, no permission).
pub async fn start(table: Table, options: &WebOptions) -> anyhow::Result<Site> {
    start_with(table, options, Limits::default()).await
}

/// Binds the site's address and serves the pages with `limits` (tests and benches raise them).
///
/// The site runs on a runtime of its own, one thread per core, whose threads run at a lower
/// priority than the bot's ([`SITE_NICENESS`]) and read the database through connections of
/// their own ([`Table::for_site`]): a crowd of readers slows the pages, not people's turns.
///
/// # Errors
/// When the address cannot be bound (in use, not this machine's, no permission), or the
/// site's threads cannot be started.
pub async fn start_with(
    table: Table,
    options: &WebOptions,
    limits: Limits,
) -> anyhow::Result<Site> {
    let runtime = site_runtime().context("cannot start the web view's threads")?;
    let listen = options.listen;
    // Bound on the site's runtime, so its socket is served by the site's threads.
    let listener = runtime
        .spawn(async move { tokio::net::TcpListener::bind(listen).await })
        .await?
        .with_context(|| format!("cannot listen for the web view on {listen}"))?;
    let addr = listener.local_addr()?;
    let auth = match &options.sign_in {
        Some(sign_in) => Some(std::sync::Arc::new(auth::Auth::new(sign_in.clone())?)),
        None => None,
    };
    let streams = live::Streams::new();
    let app = site::build(
        table.for_site(),
        limits,
        std::sync::Arc::clone(&streams),
        auth,
    )
    .into_make_service_with_connect_info::<SocketAddr>();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let task = runtime.spawn(async move {
        let stopped = async move {
            let _ = stopped.await;
        };
        if let Err(e) = axum::serve(listener, app)
            .with_graceful_shutdown(stopped)
            .await
        {
            tracing::error!(error = %e, "the web view stopped");
        }
    });
    tracing::info!(%addr, "serving the web view");
    Ok(Site {
        addr,
        streams,
        stop: Some(stop),
        task: Some(task),
        runtime: Some(runtime),
    })
}

/// Builds the site's runtime: one worker per core, every thread (workers and the blocking
/// threads pictures are drawn on) at [`SITE_NICENESS`].
fn site_runtime() -> std::io::Result<tokio::runtime::Runtime> {
    let workers = std::thread::available_parallelism().map_or(2, usize::from);
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(workers)
        .thread_name("web")
        .on_thread_start(lower_priority)
        .enable_all()
        .build()
}

/// Lowers the calling thread's priority by [`SITE_NICENESS`], to 19 at most (on Linux, where the nice value is
/// a thread's own; elsewhere it would be the whole process's, so nothing is done). Threads it
/// starts afterwards inherit it. (Public for the load benchmark, whose own clients on the same
/// machine must not outrank the site they measure.)
pub fn lower_priority() {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: getpriority and setpriority only read their arguments; `0` names the calling
        // thread on Linux. A process started `nice`d keeps its offset: the site goes lower still.
        let done = unsafe {
            let now = libc::getpriority(libc::PRIO_PROCESS, 0);
            libc::setpriority(libc::PRIO_PROCESS, 0, (now + SITE_NICENESS).min(19))
        };
        if done != 0 {
            tracing::debug!(
                error = %std::io::Error::last_os_error(),
                "the web view's thread keeps the bot's priority"
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_port_alone_listens_on_loopback() {
        for text in ["8080", ":8080", "localhost:8080"] {
            assert_eq!(
                parse_listen(text),
                Ok("127.0.0.1:8080".parse().unwrap()),
                "{text}"
            );
        }
        assert_eq!(
            parse_listen("0.0.0.0:80"),
            Ok("0.0.0.0:80".parse().unwrap())
        );
        assert_eq!(parse_listen("[::1]:80"), Ok("[::1]:80".parse().unwrap()));
        assert!(parse_listen("example.org").is_err());
        assert!(parse_listen("70000").is_err());
    }
}

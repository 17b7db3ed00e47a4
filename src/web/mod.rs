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

/// A running site: its address, and the task serving it.
pub struct Site {
    pub addr: SocketAddr,
    streams: std::sync::Arc<live::Streams>,
    stop: tokio::sync::oneshot::Sender<()>,
    task: tokio::task::JoinHandle<()>,
}

impl Site {
    /// Stops taking requests, lets those under way finish, and waits until it has stopped.
    pub async fn stop(self) {
        // Live streams never end by themselves: they are closed first.
        self.streams.close();
        let _ = self.stop.send(());
        if let Err(e) = self.task.await {
            tracing::error!(error = %e, "the web view's task failed");
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
/// # Errors
/// When the address cannot be bound (in use, not this machine's, no permission).
pub async fn start_with(
    table: Table,
    options: &WebOptions,
    limits: Limits,
) -> anyhow::Result<Site> {
    let listener = tokio::net::TcpListener::bind(options.listen)
        .await
        .with_context(|| format!("cannot listen for the web view on {}", options.listen))?;
    let addr = listener.local_addr()?;
    let auth = match &options.sign_in {
        Some(sign_in) => Some(std::sync::Arc::new(auth::Auth::new(sign_in.clone())?)),
        None => None,
    };
    let streams = live::Streams::new();
    let app = site::build(table, limits, std::sync::Arc::clone(&streams), auth)
        .into_make_service_with_connect_info::<SocketAddr>();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let task = tokio::spawn(async move {
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
        stop,
        task,
    })
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

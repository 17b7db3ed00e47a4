//! `/g/{id}/live`: a game page's live updates as server-sent events. Each change of the game
//! sends `event: move` whose data is a small HTML fragment: the state, the board, the replay
//! links, and the plies played since the last event (the event id is the last ply, so a
//! reconnecting browser gets what it missed). At most [`STREAMS_PER_IP`] streams per address.

use std::collections::HashMap;
use std::convert::Infallible;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};

use askama::Template;
use axum::Extension;
use axum::extract::rejection::{ExtensionRejection, PathRejection};
use axum::extract::{ConnectInfo, Path, RawQuery, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use tokio::sync::watch;

use crate::table::{GameView, PlyLine, Table, TableError, Viewer, Watch};

use super::auth::{mark_private, sign_in_first};
use super::pages::Shown;
use super::site::{not_found, oops};

/// Live streams one address may hold open at once.
pub const STREAMS_PER_IP: usize = 8;

/// The open streams, counted per address, what the streams of one game share, and the signal
/// that closes them all when the site stops (a stream never ends by itself, and a graceful
/// stop waits for every answer).
pub struct Streams {
    open: Mutex<HashMap<IpAddr, usize>>,
    games: Mutex<HashMap<String, Weak<Shared>>>,
    closing: watch::Sender<bool>,
}

/// What every stream of one game shares: the game as last loaded, so that a move watched by
/// a thousand pages is read from the database and replayed once, not a thousand times.
type Shared = tokio::sync::Mutex<Option<Loaded>>;

/// A game's page as loaded for its streams, and the fragments written from it.
struct Loaded {
    /// When the load began: it shows every change announced before then.
    started: Instant,
    /// `None` once no page may show the game.
    view: Option<Arc<GameView>>,
    /// The fragment for a browser that had each ply count.
    fragments: HashMap<usize, String>,
}

impl Streams {
    pub fn new() -> Arc<Streams> {
        Arc::new(Streams {
            open: Mutex::new(HashMap::new()),
            games: Mutex::new(HashMap::new()),
            closing: watch::channel(false).0,
        })
    }

    /// The shared state of game `id`'s streams, made by its first stream.
    fn shared(&self, id: &str) -> Arc<Shared> {
        let mut games = self
            .games
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(shared) = games.get(id).and_then(Weak::upgrade) {
            return shared;
        }
        // Forget games nobody watches any more before adding one.
        games.retain(|_, shared| shared.strong_count() > 0);
        let shared = Arc::new(tokio::sync::Mutex::new(None));
        games.insert(id.to_string(), Arc::downgrade(&shared));
        shared
    }

    /// Ends every stream, open or still to come.
    pub fn close(&self) {
        self.closing.send_replace(true);
    }

    /// Takes one of the address's streams, if it has one left.
    fn take(self: &Arc<Streams>, ip: IpAddr) -> Option<Slot> {
        let mut open = self
            .open
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let count = open.entry(ip).or_insert(0);
        if *count >= STREAMS_PER_IP {
            return None;
        }
        *count += 1;
        Some(Slot {
            streams: Arc::clone(self),
            ip,
        })
    }
}

/// One open stream of an address, given back when the stream ends.
struct Slot {
    streams: Arc<Streams>,
    ip: IpAddr,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut open = self
            .streams
            .open
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(count) = open.get_mut(&self.ip) {
            *count = count.saturating_sub(1);
            if *count == 0 {
                open.remove(&self.ip);
            }
        }
    }
}

#[derive(Template)]
#[template(path = "live.html")]
struct Fragment {
    v: GameView,
    deadline: Option<String>,
    alt: String,
    previous: Option<usize>,
    next: Option<usize>,
    /// The plies played since the last event.
    new: Vec<PlyLine>,
}

/// Everything a stream carries from one event to the next.
struct Follow {
    table: Table,
    /// Who follows: each event is shown to them only if the page still is.
    viewer: Viewer,
    id: String,
    watch: Watch,
    shared: Arc<Shared>,
    /// The last ply the browser has.
    sent: usize,
    /// True until the first event: a browser that missed plies gets them at once.
    first: bool,
    closing: watch::Receiver<bool>,
    _slot: Slot,
}

pub(super) async fn stream(
    State(table): State<Table>,
    viewer: Viewer,
    Extension(streams): Extension<Arc<Streams>>,
    peer: Result<ConnectInfo<SocketAddr>, ExtensionRejection>,
    headers: HeaderMap,
    RawQuery(query): RawQuery,
    path: Result<Path<String>, PathRejection>,
) -> Response {
    let Ok(Path(id)) = path else {
        return not_found();
    };
    let watch = match table.web_watch(&id, &viewer).await {
        Ok(Some(watch)) => watch,
        Ok(None) => return not_found(),
        Err(TableError::SignInFirst) => return sign_in_first(),
        Err(e) => {
            tracing::error!(error = %e, "a live stream failed");
            return oops();
        }
    };
    // The browser's last ply: its reconnection header, else the page's, else now.
    let sent = headers
        .get("last-event-id")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<usize>().ok())
        .or_else(|| after(query.as_deref()));
    let sent = match sent {
        Some(n) => n,
        None => match table.web_plies(&id, &viewer).await {
            Ok(Some(n)) => n,
            Ok(None) => return not_found(),
            Err(e) => {
                tracing::error!(error = %e, "a live stream failed");
                return oops();
            }
        },
    };
    let ip = peer.map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |ConnectInfo(a)| a.ip());
    let Some(slot) = streams.take(ip) else {
        return (
            StatusCode::TOO_MANY_REQUESTS,
            [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
            "Too many live pages open from this address: close one and reload.\n",
        )
            .into_response();
    };
    let members_only = viewer.saw_members_only();
    let follow = Follow {
        shared: streams.shared(&id),
        table,
        viewer,
        id,
        watch,
        sent,
        first: true,
        closing: streams.closing.subscribe(),
        _slot: slot,
    };
    let events = futures_util::stream::unfold(follow, |mut follow| async move {
        let event = follow.next().await?;
        Some((Ok::<Event, Infallible>(event), follow))
    });
    let mut response = Sse::new(events)
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(20)))
        .into_response();
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, "no-store".parse().expect("a header"));
    if members_only {
        return mark_private(response);
    }
    response
}

/// Reads `after=N` from a query string.
fn after(query: Option<&str>) -> Option<usize> {
    query?
        .split('&')
        .find_map(|pair| pair.strip_prefix("after="))
        .and_then(|n| n.parse().ok())
}

impl Follow {
    /// Waits for the game's next change and writes it as an event; `None` ends the stream
    /// (the site stopping, or the game no longer shown).
    async fn next(&mut self) -> Option<Event> {
        loop {
            if self.first {
                self.first = false;
                if let Some(event) = self.event(false, Instant::now()).await? {
                    return Some(event);
                }
            }
            if *self.closing.borrow() {
                return None;
            }
            tokio::select! {
                changed = self.watch.changed() => if !changed { return None; },
                _ = self.closing.changed() => return None,
            }
            if let Some(event) = self.event(true, Instant::now()).await? {
                return Some(event);
            }
        }
    }

    /// The event for the game as it stands at `woke` or later: `Some(None)` when there is
    /// nothing new to say (no ply missed on connecting), `None` when the game is no longer
    /// shown. The game is loaded again only when no stream of it loaded it since `woke`
    /// (as its follower sees it: every follower was let in when its stream opened).
    async fn event(&mut self, always: bool, woke: Instant) -> Option<Option<Event>> {
        let mut shared = self.shared.lock().await;
        if shared.as_ref().is_none_or(|l| l.started < woke) {
            let started = Instant::now();
            let view = match self.table.web_game_page(&self.id, None, &self.viewer).await {
                Ok(view) => view.map(Arc::new),
                Err(e) => {
                    tracing::error!(error = %e, "a live stream failed");
                    return None;
                }
            };
            *shared = Some(Loaded {
                started,
                view,
                fragments: HashMap::new(),
            });
        }
        let loaded = shared.as_mut()?;
        let v = Arc::clone(loaded.view.as_ref()?);
        if !always && v.last == self.sent {
            return Some(None);
        }
        let html = match loaded.fragments.get(&self.sent) {
            Some(html) => html.clone(),
            None => {
                let html = fragment(&v, self.sent)?;
                loaded.fragments.insert(self.sent, html.clone());
                html
            }
        };
        self.sent = v.last;
        Some(Some(
            Event::default()
                .event("move")
                .id(self.sent.to_string())
                .data(html),
        ))
    }
}

/// The fragment telling a browser that had `sent` plies what changed; `None` (logged) when
/// it does not render.
fn fragment(v: &GameView, sent: usize) -> Option<String> {
    let new = v.plies.iter().filter(|p| p.ply > sent).cloned().collect();
    let Shown {
        deadline,
        alt,
        previous,
        next,
    } = Shown::of(v);
    let fragment = Fragment {
        v: v.clone(),
        deadline,
        alt,
        previous,
        next,
        new,
    };
    match fragment.render() {
        Ok(html) => Some(html),
        Err(e) => {
            tracing::error!(error = %e, "a live fragment did not render");
            None
        }
    }
}

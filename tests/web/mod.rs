//! The web view against its router, no browser: off until a manager turns it on, the same
//! 404 for everything it may not show, hidden players and Discord ids on no page, board
//! pictures cached, downloads read back by programs nobody here wrote, game pages following
//! their game live, and members-only servers behind a sign-in with Discord.

mod browser;
mod downloads;
mod live;
mod members;
mod pages;
mod privacy;
mod trips;

use std::collections::{BTreeSet, VecDeque};
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{HeaderMap, Request, StatusCode};
use rand::SeedableRng;
use rand::rngs::StdRng;
use tabula::console::ConsoleOptions;
use tabula::store::{Store, Visibility};
use tabula::table::{Command, Ctx, Reply, Table, User, WebCommand};
use tabula::web::Limits;
use tower::ServiceExt as _;

use crate::support::table::TestTable;

/// The server's guild, as Discord would name it: a snowflake.
pub const GUILD: &str = "987654321098765432";
pub const DAY: i64 = 86_400;
pub const T0: i64 = 1_800_000_000;

/// Players with snowflake ids, as on Discord.
pub fn alice() -> User {
    User {
        id: "123456789012345678".into(),
        name: "alice".into(),
    }
}
pub fn bob() -> User {
    User {
        id: "223456789012345678".into(),
        name: "bob".into(),
    }
}
pub fn carol() -> User {
    User {
        id: "323456789012345678".into(),
        name: "carol".into(),
    }
}
pub fn dave() -> User {
    User {
        id: "423456789012345678".into(),
        name: "dave".into(),
    }
}

/// A table over a fresh database whose clock the test moves, serving the web.
pub struct Web {
    pub t: TestTable,
    pub clock: Arc<AtomicI64>,
    pub app: Router,
}

impl Web {
    /// A site with limits so high no test meets them.
    pub async fn new() -> Web {
        Web::with_limits(unmet_limits()).await
    }

    /// A site whose members-only servers ask `members` who belongs, and whose visitors sign
    /// in with Discord as `sign_in` says.
    pub async fn signing_in(
        members: Arc<dyn tabula::table::Members>,
        sign_in: tabula::web::SignInOptions,
    ) -> Web {
        let mut web = Web::new().await;
        web.t.table = web.t.table.clone().with_web_members(members);
        web.app = tabula::web::router_signing_in(web.t.table.clone(), unmet_limits(), sign_in)
            .expect("the sign-in options are good");
        web
    }

    pub async fn with_limits(limits: Limits) -> Web {
        let dir = tempfile::tempdir().expect("temp dir");
        let clock = Arc::new(AtomicI64::new(T0));
        let time = Arc::clone(&clock);
        let store = Store::connect(&crate::support::db::sqlite_url(&dir))
            .await
            .expect("sqlite store")
            .with_clock(Arc::new(move || time.load(Ordering::SeqCst)));
        let table = Table::with_rng(
            store.clone(),
            crate::support::render::shared(),
            StdRng::seed_from_u64(7),
        )
        .with_web(Some("https://games.example.org".into()));
        let app = tabula::web::router_with(table.clone(), limits);
        let options = ConsoleOptions {
            boards: dir.path().join("boards"),
            ..ConsoleOptions::default()
        };
        Web {
            t: TestTable {
                table,
                store,
                options,
                dir,
            },
            clock,
            app,
        }
    }

    /// Sends a command as `user` in `channel` of the test's server.
    pub async fn say(&self, user: &User, channel: &str, command: Command) -> Reply {
        self.say_as(user, channel, false, command).await
    }

    pub async fn say_as(&self, user: &User, channel: &str, admin: bool, command: Command) -> Reply {
        let ctx = Ctx {
            guild: GUILD.into(),
            channel: channel.into(),
            user: user.clone(),
            admin,
        };
        self.t.table.handle(&ctx, command).await
    }

    /// Plays `moves` in turn from the two players, each accepted.
    pub async fn moves(&self, channel: &str, players: [&User; 2], moves: &[&str]) {
        for (i, text) in moves.iter().enumerate() {
            let reply = self
                .say(
                    players[i % 2],
                    channel,
                    Command::Move {
                        text: (*text).into(),
                    },
                )
                .await;
            assert!(!reply.private, "{text}: {}", reply.text);
        }
    }

    /// Opens a chess game in `channel` between `white` and `black`.
    pub async fn chess(&self, channel: &str, white: &User, black: &User, days: Option<i64>) {
        let reply = self
            .say(
                white,
                channel,
                Command::Play {
                    game: "chess".into(),
                    ruleset: None,
                    opponents: vec![black.clone()],
                    days,
                    bot: None,
                    players: None,
                },
            )
            .await;
        assert!(!reply.private, "{}", reply.text);
        let reply = self.say(black, channel, Command::Join).await;
        assert!(!reply.private, "{}", reply.text);
    }

    /// Turns the server's pages on, as a manager, and returns the server's public id.
    pub async fn enable(&self) -> String {
        let reply = self
            .say_as(
                &dave(),
                "c",
                true,
                Command::Web(WebCommand::Enable {
                    visibility: Visibility::Public,
                }),
            )
            .await;
        assert!(!reply.private, "{}", reply.text);
        self.server_id().await
    }

    pub async fn server_id(&self) -> String {
        self.t
            .store
            .web_server(GUILD)
            .await
            .expect("the web settings read")
            .expect("the server turned its pages on")
            .public_id
    }

    /// Seeds a server: a finished fool's mate (bob mates alice), a game of
    /// carol's against dave being played, and a game bob lost on time to carol.
    pub async fn seed(&self) {
        self.chess("c", &alice(), &bob(), None).await;
        self.moves("c", [&alice(), &bob()], &["f3", "e5", "g4", "Qh4#"])
            .await;
        self.chess("c2", &carol(), &dave(), None).await;
        self.moves("c2", [&carol(), &dave()], &["e4", "c5", "Nf3"])
            .await;
        self.chess("c3", &carol(), &bob(), Some(1)).await;
        self.moves("c3", [&carol(), &bob()], &["d4"]).await;
        self.clock.fetch_add(2 * DAY, Ordering::SeqCst);
        let won = self.say(&carol(), "c3", Command::Claim).await;
        assert!(!won.private, "{}", won.text);
    }

    pub async fn get(&self, path: &str) -> Got {
        self.get_with(path, "10.0.0.1", &[]).await
    }

    /// Requests `path` from the peer `ip` with extra headers.
    pub async fn get_with(&self, path: &str, ip: &str, headers: &[(&str, &str)]) -> Got {
        let mut request = Request::builder().uri(path);
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let mut request = request.body(Body::empty()).expect("a request");
        let peer: SocketAddr = format!("{ip}:40000").parse().expect("an address");
        request.extensions_mut().insert(ConnectInfo(peer));
        let response = self
            .app
            .clone()
            .oneshot(request)
            .await
            .expect("the router answers");
        let status = response.status();
        let headers = response.headers().clone();
        let body = axum::body::to_bytes(response.into_body(), 64 << 20)
            .await
            .expect("the body reads")
            .to_vec();
        Got {
            status,
            headers,
            body,
        }
    }

    /// Visits every page and file reachable from `start` by links and pictures, returning
    /// each address with its answer.
    pub async fn crawl(&self, start: &str) -> Vec<(String, Got)> {
        let mut seen = BTreeSet::from([start.to_string()]);
        let mut queue = VecDeque::from([start.to_string()]);
        let mut out = Vec::new();
        while let Some(path) = queue.pop_front() {
            let got = self.get(&path).await;
            assert!(
                got.status == StatusCode::OK,
                "{path} answered {} on a crawl",
                got.status
            );
            if got.is_html() {
                for link in links(&got.text()) {
                    if seen.insert(link.clone()) {
                        queue.push_back(link);
                    }
                }
            }
            out.push((path, got));
            assert!(out.len() < 2_000, "the crawl does not end");
        }
        out
    }
}

/// Limits so high no test meets them.
fn unmet_limits() -> Limits {
    Limits {
        burst: 1_000_000,
        ..Limits::default()
    }
}

/// One answer of the router.
#[derive(Debug)]
pub struct Got {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Vec<u8>,
}

impl Got {
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    pub fn header(&self, name: &str) -> &str {
        self.headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
    }

    pub fn is_html(&self) -> bool {
        self.header("content-type").starts_with("text/html")
    }
}

/// The site's own addresses a page links to or shows (`href="/…"`, `src="/…"`).
pub fn links(html: &str) -> Vec<String> {
    let mut out = Vec::new();
    for attr in ["href=\"", "src=\""] {
        let mut rest = html;
        while let Some(at) = rest.find(attr) {
            rest = &rest[at + attr.len()..];
            let end = rest.find('"').unwrap_or(rest.len());
            let link = &rest[..end];
            if link.starts_with('/') && !link.starts_with("//") {
                out.push(link.replace("&amp;", "&").replace("&#38;", "&"));
            }
        }
    }
    out
}

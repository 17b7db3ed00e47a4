//! The router: routes, the one 404, static files, and the layers every answer passes through
//! (security headers, a per-IP rate limit, a timeout, a body limit, panics caught).

use std::sync::Arc;
use std::time::Duration;

use axum::http::{HeaderName, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Extension, Router, middleware};
use tower_governor::GovernorLayer;
use tower_governor::governor::GovernorConfigBuilder;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::TimeoutLayer;

use crate::table::Table;

use super::auth::{self, Auth, SignInOptions};
use super::live::{self, Streams};
use super::pages;

/// The body of every "not found": unknown paths, unknown ids, hidden players and servers
/// whose pages are off all answer with exactly these bytes, so none can be told apart.
pub const NOT_FOUND: &str = "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
<meta name=\"robots\" content=\"noindex\"><title>Not found · tabula</title>\
<link rel=\"stylesheet\" href=\"/style.css\"></head><body><main><h1>Not found</h1>\
<p>There is no page here. A server's pages exist only while the server shows them.</p>\
</main></body></html>\n";

const OOPS: &str = "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
<meta name=\"robots\" content=\"noindex\"><title>Trouble · tabula</title></head><body><main>\
<h1>Something went wrong on our side</h1><p>Try again in a moment.</p></main></body></html>\n";

const STYLE: &str = include_str!("../../templates/style.css");
const SCRIPT: &str = include_str!("../../templates/game.js");

/// Exports are for people, not crawlers; pages of public servers may be indexed.
const ROBOTS: &str =
    "User-agent: *\nDisallow: /g/*/log.json\nDisallow: /g/*/record.\nDisallow: /g/*/live\n";

const CSP: &str = "default-src 'self'; img-src 'self'; style-src 'self'; script-src 'self'; \
                   frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/// How hard one address may hit the site.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Requests one address may make at once before it must wait.
    pub burst: u32,
    /// Milliseconds for one more request to be allowed again.
    pub replenish_ms: u64,
    /// The longest a request may take.
    pub timeout: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            burst: 60,
            replenish_ms: 250,
            timeout: Duration::from_secs(10),
        }
    }
}

/// The site with the default limits.
pub fn router(table: Table) -> Router {
    router_with(table, Limits::default())
}

/// The site over `table`, every answer through the limits and security headers. Serve it
/// with `into_make_service_with_connect_info::<SocketAddr>()`: the rate limit keys on the
/// peer's address.
pub fn router_with(table: Table, limits: Limits) -> Router {
    build(table, limits, Streams::new(), None)
}

/// The site signing people in with Discord as `sign_in` says, for servers whose pages are
/// for their members (the table must know who is a member: [`Table::with_web_members`]).
///
/// # Errors
/// When the sign-in options are not usable (a cookie key too short).
pub fn router_signing_in(
    table: Table,
    limits: Limits,
    sign_in: SignInOptions,
) -> anyhow::Result<Router> {
    let auth = Arc::new(Auth::new(sign_in)?);
    Ok(build(table, limits, Streams::new(), Some(auth)))
}

/// The site, its live streams counted and closed through `streams`, signing people in
/// through `sign_in` when given.
pub(super) fn build(
    table: Table,
    limits: Limits,
    streams: Arc<Streams>,
    sign_in: Option<Arc<Auth>>,
) -> Router {
    let governor = GovernorConfigBuilder::default()
        .per_millisecond(limits.replenish_ms.max(1))
        .burst_size(limits.burst.max(1))
        .finish()
        .map(Arc::new);
    let routes = Router::new()
        .route("/", get(pages::home))
        .route("/robots.txt", get(robots))
        .route("/style.css", get(style))
        .route("/game.js", get(script))
        .route("/s/{id}", get(pages::server))
        .route("/s/{id}/archive", get(pages::archive))
        .route("/s/{id}/leaderboard/{kind}", get(pages::leaderboard))
        .route(
            "/s/{id}/leaderboard/{kind}/{page}",
            get(pages::leaderboard_page),
        )
        .route("/p/{id}", get(pages::player))
        .route("/g/{id}", get(pages::game))
        .route("/g/{id}/{part}", get(pages::game_part));
    // Without sign-in set up, these addresses do not exist.
    let routes = match &sign_in {
        Some(_) => routes
            .route("/auth/sign-in", get(auth::sign_in))
            .route("/auth/callback", get(auth::callback))
            .route("/auth/sign-out", get(auth::sign_out)),
        None => routes,
    };
    let routes = routes
        .fallback(missing)
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            limits.timeout,
        ))
        // Live streams last as long as the page is open: added after the timeout, so
        // outside it.
        .route("/g/{id}/live", get(live::stream))
        .layer(middleware::from_fn(auth::to_sign_in))
        .layer(Extension(streams));
    let routes = match sign_in {
        Some(auth) => routes.layer(Extension(auth)),
        None => routes,
    }
    .with_state(table);
    let routes = match governor {
        Some(config) => routes.layer(GovernorLayer::new(config)),
        None => routes,
    };
    routes
        .layer(RequestBodyLimitLayer::new(16 * 1024))
        .layer(header_layer(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CSP),
        ))
        .layer(header_layer(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(header_layer(
            header::REFERRER_POLICY,
            HeaderValue::from_static("no-referrer"),
        ))
        .layer(header_layer(
            header::X_FRAME_OPTIONS,
            HeaderValue::from_static("DENY"),
        ))
        .layer(CatchPanicLayer::custom(|_| oops()))
}

fn header_layer(name: HeaderName, value: HeaderValue) -> SetResponseHeaderLayer<HeaderValue> {
    SetResponseHeaderLayer::overriding(name, value)
}

/// The one "not found" answer.
pub(super) fn not_found() -> Response {
    (
        StatusCode::NOT_FOUND,
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        NOT_FOUND,
    )
        .into_response()
}

/// The answer when the database or a drawing fails; the cause goes to the log only.
pub(super) fn oops() -> Response {
    (
        StatusCode::INTERNAL_SERVER_ERROR,
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        OOPS,
    )
        .into_response()
}

async fn missing() -> Response {
    not_found()
}

async fn robots() -> Response {
    (
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        ROBOTS,
    )
        .into_response()
}

async fn script() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        SCRIPT,
    )
        .into_response()
}

async fn style() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/css; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        STYLE,
    )
        .into_response()
}

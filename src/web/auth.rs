//! Signing in with Discord, for servers whose pages are for their members (OAuth2's
//! authorization code, scope `identify` only). `/auth/sign-in` sends the browser to Discord
//! with a random `state` kept here and in a short-lived cookie; `/auth/callback` checks it
//! (once), trades the code for a token, asks Discord who the user is, throws the token away
//! and keeps only the user's id and an expiry in a sealed cookie. Who is a member of a server
//! is asked by the bot, never taken from the browser.

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use anyhow::Context as _;
use axum::Extension;
use axum::extract::rejection::QueryRejection;
use axum::extract::{FromRequestParts, Query, Request};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use ring::aead::{AES_256_GCM, Aad, LessSafeKey, NONCE_LEN, Nonce, UnboundKey};
use ring::rand::{SecureRandom as _, SystemRandom};
use serde::Deserialize;

use crate::table::Viewer;

/// The cookie that holds a signed-in user's id and when the sign-in ends.
pub const SESSION_COOKIE: &str = "tabula_session";
/// The cookie that ties a sign-in under way to the browser that started it.
pub const STATE_COOKIE: &str = "tabula_sign_in";
/// How long a sign-in lasts.
pub const SESSION_LIFE: Duration = Duration::from_secs(7 * 24 * 3600);
/// How long a browser has to come back from Discord.
const STATE_LIFE: Duration = Duration::from_secs(10 * 60);
/// Sign-ins under way at most; more are refused until some finish or expire.
const PENDING: usize = 10_000;
/// The shortest cookie key the operator may give.
pub const MIN_KEY_CHARS: usize = 32;

/// How the site signs people in with Discord.
#[derive(Clone)]
pub struct SignInOptions {
    /// The OAuth2 client id from the developer portal (the application's id).
    pub client_id: String,
    /// The client secret; never logged.
    pub client_secret: String,
    /// The site's public address; Discord sends people back to `{base}/auth/callback`, which
    /// must be registered as a redirect in the developer portal.
    pub public_base_url: String,
    /// Discord's API (`https://discord.com/api/v10`): the token and `/users/@me` are there.
    pub api: String,
    /// Discord's authorization page (`https://discord.com/oauth2/authorize`).
    pub authorize: String,
    /// The text the cookies are sealed with (at least [`MIN_KEY_CHARS`] characters); without
    /// it a random key is made at start, so sign-ins end when the process restarts.
    pub cookie_key: Option<String>,
    /// The HTTP client for Discord (bounded in time; a fake's in tests).
    pub http: reqwest::Client,
}

impl std::fmt::Debug for SignInOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SignInOptions")
            .field("client_id", &self.client_id)
            .field("public_base_url", &self.public_base_url)
            .field("api", &self.api)
            .field("authorize", &self.authorize)
            .finish_non_exhaustive()
    }
}

/// A sign-in under way: where the browser goes after it, and until when it may finish.
struct Pending {
    to: String,
    until: Instant,
}

/// The site's sign-in: its settings, its cookie key and the sign-ins under way.
pub(super) struct Auth {
    client_id: String,
    client_secret: String,
    redirect_uri: String,
    token_url: String,
    me_url: String,
    authorize: String,
    http: reqwest::Client,
    key: LessSafeKey,
    random: SystemRandom,
    pending: Mutex<HashMap<String, Pending>>,
}

impl Auth {
    /// Reads the options; fails on a cookie key too short to be one.
    pub(super) fn new(options: SignInOptions) -> anyhow::Result<Auth> {
        let random = SystemRandom::new();
        let key: [u8; 32] = match &options.cookie_key {
            Some(text) if text.trim().chars().count() < MIN_KEY_CHARS => anyhow::bail!(
                "the web cookie key (TABULA_WEB_COOKIE_KEY) must be at least {MIN_KEY_CHARS} \
                 characters"
            ),
            Some(text) => ring::digest::digest(&ring::digest::SHA256, text.trim().as_bytes())
                .as_ref()
                .try_into()
                .context("a SHA-256 digest is 32 bytes")?,
            None => {
                tracing::warn!(
                    "no TABULA_WEB_COOKIE_KEY is set: sign-ins on the web view end when tabula \
                     restarts"
                );
                let mut key = [0u8; 32];
                random
                    .fill(&mut key)
                    .map_err(|_| anyhow::anyhow!("the system has no random numbers"))?;
                key
            }
        };
        let key = UnboundKey::new(&AES_256_GCM, &key)
            .map_err(|_| anyhow::anyhow!("cannot make the cookie key"))?;
        let base = options.public_base_url.trim().trim_end_matches('/');
        let api = options.api.trim().trim_end_matches('/');
        Ok(Auth {
            redirect_uri: format!("{base}/auth/callback"),
            token_url: format!("{api}/oauth2/token"),
            me_url: format!("{api}/users/@me"),
            authorize: options.authorize.trim().to_string(),
            client_id: options.client_id.trim().to_string(),
            client_secret: options.client_secret.trim().to_string(),
            http: options.http,
            key: LessSafeKey::new(key),
            random,
            pending: Mutex::new(HashMap::new()),
        })
    }

    /// Seals `text` for the cookie `name` (the name is bound in, so one cookie's value is
    /// worthless as another's).
    fn seal(&self, name: &str, text: &str) -> Option<String> {
        let mut nonce = [0u8; NONCE_LEN];
        self.random.fill(&mut nonce).ok()?;
        let mut sealed = text.as_bytes().to_vec();
        self.key
            .seal_in_place_append_tag(
                Nonce::assume_unique_for_key(nonce),
                Aad::from(name.as_bytes()),
                &mut sealed,
            )
            .ok()?;
        let mut out = nonce.to_vec();
        out.extend_from_slice(&sealed);
        Some(URL_SAFE_NO_PAD.encode(out))
    }

    /// Opens a value [`Auth::seal`] made for the cookie `name`; `None` for anything else.
    fn open(&self, name: &str, value: &str) -> Option<String> {
        let mut bytes = URL_SAFE_NO_PAD.decode(value).ok()?;
        if bytes.len() <= NONCE_LEN {
            return None;
        }
        let mut sealed = bytes.split_off(NONCE_LEN);
        let nonce = Nonce::try_assume_unique_for_key(&bytes).ok()?;
        let text = self
            .key
            .open_in_place(nonce, Aad::from(name.as_bytes()), &mut sealed)
            .ok()?;
        String::from_utf8(text.to_vec()).ok()
    }

    /// The signed-in user a request's session cookie names, if it is ours and not expired.
    fn session(&self, headers: &HeaderMap) -> Option<String> {
        let text = self.open(SESSION_COOKIE, &cookie(headers, SESSION_COOKIE)?)?;
        let (user, until) = text.split_once('.')?;
        let until = until.parse::<u64>().ok()?;
        (until > unix_now() && is_snowflake(user)).then(|| user.to_string())
    }

    /// Starts a sign-in going back to `to`: its state, or `None` when too many are under way.
    fn begin(&self, to: String) -> Option<String> {
        let mut bits = [0u8; 16];
        self.random.fill(&mut bits).ok()?;
        let state = URL_SAFE_NO_PAD.encode(bits);
        let now = Instant::now();
        let mut pending = self.lock();
        if pending.len() >= PENDING {
            pending.retain(|_, p| p.until > now);
            if pending.len() >= PENDING {
                return None;
            }
        }
        pending.insert(
            state.clone(),
            Pending {
                to,
                until: now + STATE_LIFE,
            },
        );
        Some(state)
    }

    /// Ends the sign-in `state` (it can be used once), returning where it goes back to.
    fn finish(&self, state: &str) -> Option<String> {
        let pending = self.lock().remove(state)?;
        (pending.until > Instant::now()).then_some(pending.to)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Pending>> {
        self.pending
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Trades an authorization code for a token and asks Discord whose it is; the token is
    /// dropped here, used once.
    async fn identify(&self, code: &str) -> anyhow::Result<String> {
        let token = self
            .http
            .post(&self.token_url)
            .form(&[
                ("grant_type", "authorization_code"),
                ("code", code),
                ("redirect_uri", &self.redirect_uri),
                ("client_id", &self.client_id),
                ("client_secret", &self.client_secret),
            ])
            .send()
            .await
            .context("cannot reach Discord for the token")?;
        let status = token.status();
        anyhow::ensure!(status.is_success(), "Discord refused the code ({status})");
        let token: Token = serde_json::from_slice(&token.bytes().await?)
            .context("Discord's token answer is not one")?;
        let me = self
            .http
            .get(&self.me_url)
            .bearer_auth(&token.access_token)
            .send()
            .await
            .context("cannot ask Discord who signed in")?;
        drop(token);
        let status = me.status();
        anyhow::ensure!(
            status.is_success(),
            "Discord did not say who signed in ({status})"
        );
        let me: Me =
            serde_json::from_slice(&me.bytes().await?).context("Discord's user is not one")?;
        anyhow::ensure!(is_snowflake(&me.id), "Discord's user id is not a snowflake");
        Ok(me.id)
    }
}

#[derive(Deserialize)]
struct Token {
    access_token: String,
}

#[derive(Deserialize)]
struct Me {
    id: String,
}

#[derive(Deserialize)]
pub(super) struct SignInQuery {
    to: Option<String>,
}

#[derive(Deserialize)]
pub(super) struct CallbackQuery {
    code: Option<String>,
    state: Option<String>,
    error: Option<String>,
}

/// Reads who is looking from the session cookie; nobody when the site signs nobody in or the
/// cookie is not a good one of ours.
impl<S: Send + Sync> FromRequestParts<S> for Viewer {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Viewer, Infallible> {
        Ok(parts
            .extensions
            .get::<Arc<Auth>>()
            .and_then(|auth| auth.session(&parts.headers))
            .map_or_else(Viewer::anonymous, Viewer::signed_in))
    }
}

/// `/auth/sign-in?to=/s/…`: sends the browser to Discord to say who they are.
pub(super) async fn sign_in(
    Extension(auth): Extension<Arc<Auth>>,
    query: Result<Query<SignInQuery>, QueryRejection>,
) -> Response {
    let to = local_path(query.ok().and_then(|Query(q)| q.to).as_deref());
    let Some(state) = auth.begin(to) else {
        return refused(
            StatusCode::SERVICE_UNAVAILABLE,
            "Too many sign-ins are under way; try again in a minute.",
        );
    };
    let Some(sealed) = auth.seal(STATE_COOKIE, &state) else {
        return super::site::oops();
    };
    let Ok(mut authorize) = reqwest::Url::parse(&auth.authorize) else {
        tracing::error!(url = %auth.authorize, "Discord's authorization address is not a URL");
        return super::site::oops();
    };
    authorize
        .query_pairs_mut()
        .append_pair("response_type", "code")
        .append_pair("client_id", &auth.client_id)
        .append_pair("scope", "identify")
        .append_pair("state", &state)
        .append_pair("redirect_uri", &auth.redirect_uri)
        .append_pair("prompt", "none");
    let cookie = format!(
        "{STATE_COOKIE}={sealed}; Path=/auth; Max-Age={}; HttpOnly; Secure; SameSite=Lax",
        STATE_LIFE.as_secs()
    );
    see_other(authorize.as_str(), &[cookie])
}

/// `/auth/callback?code=…&state=…`: Discord's answer. The state must be the one this browser
/// started, once; the code is traded for who the user is, and the browser goes back to the
/// page it asked for, with nothing of the exchange left in its address.
pub(super) async fn callback(
    Extension(auth): Extension<Arc<Auth>>,
    headers: HeaderMap,
    query: Result<Query<CallbackQuery>, QueryRejection>,
) -> Response {
    const BAD_STATE: &str = "This sign-in is not valid (it was used already, has expired or \
                             was started elsewhere): open the page you wanted and sign in again.";
    let Ok(Query(query)) = query else {
        return refused(StatusCode::BAD_REQUEST, BAD_STATE);
    };
    let ours = cookie(&headers, STATE_COOKIE).and_then(|c| auth.open(STATE_COOKIE, &c));
    let (Some(state), Some(ours)) = (query.state.as_deref(), ours) else {
        return refused(StatusCode::BAD_REQUEST, BAD_STATE);
    };
    if state != ours {
        return refused(StatusCode::BAD_REQUEST, BAD_STATE);
    }
    let Some(to) = auth.finish(state) else {
        return refused(StatusCode::BAD_REQUEST, BAD_STATE);
    };
    let (None, Some(code)) = (query.error, query.code) else {
        return refused(
            StatusCode::BAD_REQUEST,
            "Discord did not sign you in; open the page you wanted to try again.",
        );
    };
    let user = match auth.identify(&code).await {
        Ok(user) => user,
        Err(e) => {
            tracing::warn!(error = %format!("{e:#}"), "a sign-in with Discord failed");
            return refused(
                StatusCode::BAD_GATEWAY,
                "Discord did not confirm who you are; open the page you wanted to try again.",
            );
        }
    };
    let until = unix_now() + SESSION_LIFE.as_secs();
    let Some(session) = auth.seal(SESSION_COOKIE, &format!("{user}.{until}")) else {
        return super::site::oops();
    };
    let cookies = [
        format!(
            "{SESSION_COOKIE}={session}; Path=/; Max-Age={}; HttpOnly; Secure; SameSite=Lax",
            SESSION_LIFE.as_secs()
        ),
        format!("{STATE_COOKIE}=; Path=/auth; Max-Age=0; HttpOnly; Secure; SameSite=Lax"),
    ];
    see_other(&to, &cookies)
}

/// `/auth/sign-out`: forgets the sign-in in this browser.
pub(super) async fn sign_out() -> Response {
    let cookie = format!("{SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Lax");
    see_other("/", &[cookie])
}

/// What a page answers when its server is for members and nobody is signed in; the site turns
/// it into a way to the sign-in (see [`to_sign_in`]).
#[derive(Clone, Copy, Debug)]
pub(super) struct SignInFirst;

pub(super) fn sign_in_first() -> Response {
    (StatusCode::UNAUTHORIZED, Extension(SignInFirst)).into_response()
}

/// Sends a browser a page wanted to sign in first to `/auth/sign-in`, remembering the page.
pub(super) async fn to_sign_in(request: Request, next: Next) -> Response {
    let asked = request
        .uri()
        .path_and_query()
        .map_or_else(|| "/".to_string(), |p| p.as_str().to_string());
    let response = next.run(request).await;
    if response.extensions().get::<SignInFirst>().is_none() {
        return response;
    }
    let Ok(mut url) = reqwest::Url::parse("http://site/auth/sign-in") else {
        return super::site::oops();
    };
    url.query_pairs_mut().append_pair("to", &asked);
    let to = format!("{}?{}", url.path(), url.query().unwrap_or_default());
    let mut answer = see_other(&to, &[]);
    answer
        .headers_mut()
        .insert("x-robots-tag", HeaderValue::from_static("noindex"));
    answer
}

/// Marks an answer about a members-only server as private: no shared cache keeps it, no
/// search engine indexes it. A "not found" stays exactly the one 404.
pub(super) fn private_if_members(viewer: &Viewer, response: Response) -> Response {
    if !viewer.saw_members_only() || response.status() == StatusCode::NOT_FOUND {
        return response;
    }
    mark_private(response)
}

/// Marks an answer private and not for search engines (pictures stay cacheable, privately).
pub(super) fn mark_private(mut response: Response) -> Response {
    let headers = response.headers_mut();
    let immutable = headers
        .get(header::CACHE_CONTROL)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.contains("immutable"));
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static(if immutable {
            "private, max-age=31536000, immutable"
        } else {
            "private, no-store"
        }),
    );
    headers.insert("x-robots-tag", HeaderValue::from_static("noindex"));
    response
}

/// A redirect to `to` (303: the browser follows with a GET), setting `cookies`.
fn see_other(to: &str, cookies: &[String]) -> Response {
    let mut response =
        (StatusCode::SEE_OTHER, [(header::CACHE_CONTROL, "no-store")]).into_response();
    let headers = response.headers_mut();
    match HeaderValue::from_str(to) {
        Ok(location) => {
            headers.insert(header::LOCATION, location);
        }
        Err(_) => return super::site::oops(),
    }
    for cookie in cookies {
        if let Ok(value) = HeaderValue::from_str(cookie) {
            headers.append(header::SET_COOKIE, value);
        }
    }
    response
}

/// A one-line page saying why a sign-in did not go through.
fn refused(status: StatusCode, line: &'static str) -> Response {
    let body = format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <meta name=\"robots\" content=\"noindex\"><title>Sign-in · tabula</title>\
         <link rel=\"stylesheet\" href=\"/style.css\"></head><body><main><h1>Sign-in</h1>\
         <p>{line}</p></main></body></html>\n"
    );
    (
        status,
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        body,
    )
        .into_response()
}

/// Where a sign-in may go back to: a path of this site, nothing else (no other host, no
/// scheme, no `//host`), else the home page.
fn local_path(to: Option<&str>) -> String {
    match to {
        Some(path)
            if path.starts_with('/')
                && !path.starts_with("//")
                && !path.starts_with("/auth/")
                && path.len() <= 1024
                && path.bytes().all(|b| b.is_ascii_graphic() && b != b'\\') =>
        {
            path.to_string()
        }
        _ => "/".to_string(),
    }
}

/// The value of the cookie `name` a request carries.
fn cookie(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(n, _)| *n == name)
        .map(|(_, v)| v.to_string())
}

fn is_snowflake(id: &str) -> bool {
    (1..=20).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_digit())
}

fn unix_now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options() -> SignInOptions {
        SignInOptions {
            client_id: "1".into(),
            client_secret: "s".into(),
            public_base_url: "https://games.example.org/".into(),
            api: "https://discord.com/api/v10".into(),
            authorize: "https://discord.com/oauth2/authorize".into(),
            cookie_key: Some("k".repeat(MIN_KEY_CHARS)),
            http: reqwest::Client::new(),
        }
    }

    fn auth() -> Auth {
        Auth::new(options()).expect("the options are good")
    }

    #[test]
    fn a_sign_in_goes_back_only_to_a_path_of_this_site() {
        assert_eq!(local_path(Some("/s/abc?x=1")), "/s/abc?x=1");
        for bad in [
            "https://evil.example",
            "//evil.example/x",
            "/\\evil.example",
            "evil",
            "/auth/callback?code=1",
            "/a b",
        ] {
            assert_eq!(local_path(Some(bad)), "/", "{bad}");
        }
        assert_eq!(local_path(None), "/");
    }

    #[test]
    fn a_sealed_cookie_opens_only_under_its_own_name_and_unchanged() {
        let auth = auth();
        let sealed = auth.seal(SESSION_COOKIE, "123.456").unwrap();
        assert_eq!(
            auth.open(SESSION_COOKIE, &sealed).as_deref(),
            Some("123.456")
        );
        assert_eq!(auth.open(STATE_COOKIE, &sealed), None);
        let mut tampered = sealed.into_bytes();
        let last = tampered.len() - 2;
        tampered[last] = if tampered[last] == b'A' { b'B' } else { b'A' };
        assert_eq!(
            auth.open(SESSION_COOKIE, &String::from_utf8(tampered).unwrap()),
            None
        );
        let short = SignInOptions {
            cookie_key: Some("short".into()),
            ..options()
        };
        assert!(Auth::new(short).is_err());
    }

    #[test]
    fn a_state_finishes_once() {
        let auth = auth();
        let state = auth.begin("/s/x".into()).unwrap();
        assert_eq!(state.len(), 22, "128 bits");
        assert_eq!(auth.finish(&state).as_deref(), Some("/s/x"));
        assert_eq!(auth.finish(&state), None);
    }
}

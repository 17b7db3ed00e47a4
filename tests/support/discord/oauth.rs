//! Discord's OAuth2 and member lookup, as strict as Discord: an application registered with
//! its client id, secret and redirect URIs; `/oauth2/authorize` signs in the user the test
//! chose and sends the browser back to a registered redirect with a code and the `state`;
//! `/api/v10/oauth2/token` trades a code once, within 10 minutes, for the client it was made
//! for and the same redirect URI; `/api/v10/users/@me` answers a token's user; and the
//! members a test set for a guild are the only ones the member lookup (`channels.rs`) finds.

use std::collections::{HashMap, HashSet};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use super::payloads::FakeUser;

/// How long an authorization code may be traded.
const CODE_LIFE: Duration = Duration::from_secs(10 * 60);

/// An OAuth2 application as the developer portal registers it.
#[derive(Clone, Debug)]
pub struct App {
    pub client_id: String,
    pub client_secret: String,
    pub redirects: Vec<String>,
}

struct Code {
    client_id: String,
    redirect_uri: String,
    user: FakeUser,
    made: Instant,
    used: bool,
}

#[derive(Default)]
pub(super) struct OAuth {
    app: Mutex<Option<App>>,
    /// The user signed in to Discord in the test's browser.
    browser_user: Mutex<Option<FakeUser>>,
    codes: Mutex<HashMap<String, Code>>,
    /// Access tokens issued, with their users.
    tokens: Mutex<HashMap<String, FakeUser>>,
    /// Every token and code ever issued, for tests that look for them where they must not be.
    issued: Mutex<Vec<String>>,
    /// The members of the guilds whose member list a test set (every user is a member of
    /// any other guild, as the fake always answered).
    members: Mutex<HashMap<String, HashSet<String>>>,
}

impl OAuth {
    pub fn register(&self, app: App) {
        *self.app.lock().unwrap() = Some(app);
    }

    pub fn sign_in_as(&self, user: FakeUser) {
        *self.browser_user.lock().unwrap() = Some(user);
    }

    pub fn add_member(&self, guild: &str, user: &str) {
        self.members
            .lock()
            .unwrap()
            .entry(guild.to_string())
            .or_default()
            .insert(user.to_string());
    }

    /// Whether `user` is a member of `guild`; `None` when no test set the guild's members.
    pub(super) fn is_member(&self, guild: &str, user: &str) -> Option<bool> {
        let members = self.members.lock().unwrap();
        members.get(guild).map(|list| list.contains(user))
    }

    pub fn issued(&self) -> Vec<String> {
        self.issued.lock().unwrap().clone()
    }

    fn issue(&self) -> String {
        let secret = format!("{:032x}", rand::random::<u128>());
        self.issued.lock().unwrap().push(secret.clone());
        secret
    }

    /// Answers the OAuth2 routes; `None` for every other request.
    pub(super) fn route(
        &self,
        (method, path, query): (&str, &str, &str),
        headers: &HeaderMap,
        body: &[u8],
    ) -> Option<(u16, Response)> {
        let segments: Vec<&str> = path.trim_start_matches('/').split('/').collect();
        let auth = headers
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default();
        Some(match (method, segments.as_slice()) {
            ("GET", ["oauth2", "authorize"]) => self.authorize(&pairs(query)),
            ("POST", ["api", "v10", "oauth2", "token"]) => self.token(headers, body),
            ("GET", ["api", "v10", "users", "@me"]) if auth.starts_with("Bearer ") => {
                match self.tokens.lock().unwrap().get(&auth["Bearer ".len()..]) {
                    Some(user) => (200, axum::Json(user.user_json()).into_response()),
                    None => error(401, json!({"message": "401: Unauthorized", "code": 0})),
                }
            }
            _ => return None,
        })
    }

    /// The consent page, answered at once for the browser's user: back to the redirect with
    /// a code (and the state given), or Discord's 400 for a bad request.
    fn authorize(&self, q: &HashMap<String, String>) -> (u16, Response) {
        let Some(app) = self.app.lock().unwrap().clone() else {
            return error(400, json!({"message": "Unknown Application"}));
        };
        if q.get("response_type").map(String::as_str) != Some("code") {
            return error(400, json!({"message": "Invalid response_type"}));
        }
        if q.get("client_id") != Some(&app.client_id) {
            return error(400, json!({"message": "Unknown Application"}));
        }
        let Some(redirect) = q.get("redirect_uri").filter(|r| app.redirects.contains(r)) else {
            return error(400, json!({"message": "Invalid OAuth2 redirect_uri"}));
        };
        let scopes: Vec<&str> = q.get("scope").map_or(vec![], |s| s.split(' ').collect());
        if !scopes.contains(&"identify") || scopes.iter().any(|s| *s != "identify") {
            return error(400, json!({"message": "Invalid scope"}));
        }
        let Some(user) = self.browser_user.lock().unwrap().clone() else {
            return error(400, json!({"message": "Nobody is signed in to Discord"}));
        };
        let code = self.issue();
        self.codes.lock().unwrap().insert(
            code.clone(),
            Code {
                client_id: app.client_id,
                redirect_uri: redirect.clone(),
                user,
                made: Instant::now(),
                used: false,
            },
        );
        let mut back = reqwest::Url::parse(redirect).expect("a registered redirect is a URL");
        back.query_pairs_mut().append_pair("code", &code);
        if let Some(state) = q.get("state") {
            back.query_pairs_mut().append_pair("state", state);
        }
        (
            302,
            (StatusCode::FOUND, [(header::LOCATION, back.to_string())]).into_response(),
        )
    }

    /// The token exchange: the client's credentials, then the code (once, in time, for this
    /// client and redirect).
    fn token(&self, headers: &HeaderMap, body: &[u8]) -> (u16, Response) {
        let form = headers
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("application/x-www-form-urlencoded"));
        if !form {
            return error(400, json!({"error": "invalid_request"}));
        }
        let f = pairs(&String::from_utf8_lossy(body));
        let Some(app) = self.app.lock().unwrap().clone() else {
            return error(401, json!({"error": "invalid_client"}));
        };
        if f.get("client_id") != Some(&app.client_id)
            || f.get("client_secret") != Some(&app.client_secret)
        {
            return error(401, json!({"error": "invalid_client"}));
        }
        if f.get("grant_type").map(String::as_str) != Some("authorization_code") {
            return error(400, json!({"error": "unsupported_grant_type"}));
        }
        let mut codes = self.codes.lock().unwrap();
        let Some(code) = f.get("code").and_then(|c| codes.get_mut(c)) else {
            return error(400, json!({"error": "invalid_grant"}));
        };
        if code.used
            || code.made.elapsed() > CODE_LIFE
            || code.client_id != app.client_id
            || f.get("redirect_uri") != Some(&code.redirect_uri)
        {
            return error(400, json!({"error": "invalid_grant"}));
        }
        code.used = true;
        let user = code.user.clone();
        drop(codes);
        let token = self.issue();
        self.tokens.lock().unwrap().insert(token.clone(), user);
        let answer = json!({"access_token": token, "token_type": "Bearer", "expires_in": 604800,
                            "refresh_token": self.issue(), "scope": "identify"});
        (200, axum::Json(answer).into_response())
    }
}

/// Reads `a=1&b=2` (percent-decoded).
fn pairs(text: &str) -> HashMap<String, String> {
    let url = reqwest::Url::parse(&format!("http://x/?{text}")).expect("a query");
    url.query_pairs().into_owned().collect()
}

fn error(status: u16, body: Value) -> (u16, Response) {
    (
        status,
        (
            StatusCode::from_u16(status).expect("a status code"),
            axum::Json(body),
        )
            .into_response(),
    )
}

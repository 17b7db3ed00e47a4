//! Members-only servers: signing in with Discord (OAuth2 against the fake Discord, as strict
//! as the real one), membership asked by the bot, and every page of such a server shown only
//! to its signed-in members, privately; everybody else gets the one 404.

use axum::http::StatusCode;
use tabula::store::Visibility;
use tabula::table::{Command, WebCommand};
use tabula::web::{SESSION_COOKIE, STATE_COOKIE, SignInOptions};

use super::privacy::{assert_same_404, missing};
use super::{GUILD, Got, Web, alice, dave};
use crate::support::discord::{FakeDiscord, FakeUser, OAuthApp};

const CLIENT_ID: &str = "700000000000000001";
const CLIENT_SECRET: &str = "the-client-secret";
const BASE: &str = "https://games.example.org";
const REDIRECT: &str = "https://games.example.org/auth/callback";

/// A member of the test's server, signed in to Discord in the browser.
fn erin() -> FakeUser {
    user("523456789012345678", "erin")
}

/// Somebody on Discord who is not a member of the server.
fn frank() -> FakeUser {
    user("623456789012345678", "frank")
}

fn user(id: &str, name: &str) -> FakeUser {
    FakeUser {
        id: id.into(),
        name: name.into(),
        admin: false,
        threads: true,
    }
}

/// A seeded site whose server shows its pages to its members, the fake Discord it signs in
/// with, and a browser that reaches the fake as `discord.com`.
struct Members {
    web: Web,
    fake: FakeDiscord,
    browser: reqwest::Client,
    server: String,
}

impl Members {
    async fn new() -> Members {
        let fake = FakeDiscord::start().await;
        fake.register_oauth_app(OAuthApp {
            client_id: CLIENT_ID.into(),
            client_secret: CLIENT_SECRET.into(),
            redirects: vec![REDIRECT.into()],
        });
        fake.add_member(GUILD, &erin().id);
        let config = tabula::discord::Config {
            discord_host: Some(fake.discord_host()),
            ..tabula::discord::Config::new("the-bot-token")
        };
        let members = tabula::discord::members(&config).expect("the member lookup");
        let sign_in = SignInOptions {
            client_id: CLIENT_ID.into(),
            client_secret: CLIENT_SECRET.into(),
            public_base_url: BASE.into(),
            api: "https://discord.com/api/v10".into(),
            authorize: "https://discord.com/oauth2/authorize".into(),
            cookie_key: None,
            http: tabula::discord::http_client(&config).expect("an HTTP client"),
        };
        let web = Web::signing_in(members, sign_in).await;
        web.seed().await;
        let host = fake.discord_host();
        let browser = reqwest::Client::builder()
            .resolve("discord.com", host.addr)
            .add_root_certificate(reqwest::Certificate::from_pem(&host.ca_pem).unwrap())
            .no_proxy()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap();
        let on = web
            .say_as(
                &dave(),
                "c",
                true,
                Command::Web(WebCommand::Enable {
                    visibility: Visibility::Members,
                }),
            )
            .await;
        assert!(!on.private, "{}", on.text);
        assert!(on.text.contains("members"), "{}", on.text);
        let server = web.server_id().await;
        Members {
            web,
            fake,
            browser,
            server,
        }
    }

    /// Asks for `path` with `cookies` (`name=value; …`).
    async fn get(&self, path: &str, cookies: &str) -> Got {
        if cookies.is_empty() {
            return self.web.get(path).await;
        }
        self.web
            .get_with(path, "10.0.0.1", &[("cookie", cookies)])
            .await
    }

    /// Starts signing in on the way to `page`: the sign-in address it sends to, the pre-login
    /// cookie and Discord's authorization address.
    async fn start(&self, page: &str) -> (String, String, reqwest::Url) {
        let asked = self.web.get(page).await;
        assert_eq!(asked.status, StatusCode::SEE_OTHER, "{page}");
        let sign_in = asked.header("location").to_string();
        let started = self.web.get(&sign_in).await;
        assert_eq!(started.status, StatusCode::SEE_OTHER);
        let cookie = set_cookie(&started, STATE_COOKIE).expect("a pre-login cookie");
        let authorize = reqwest::Url::parse(started.header("location")).expect("a URL");
        (sign_in, cookie, authorize)
    }

    /// `user`'s browser at Discord's authorization page: where Discord sends it back to
    /// (the site's path and query).
    async fn authorize(&self, user: FakeUser, url: &reqwest::Url) -> String {
        self.fake.browser_signed_in_as(user);
        let answer = self.browser.get(url.clone()).send().await.unwrap();
        assert_eq!(answer.status(), 302, "Discord accepted the request");
        let back = answer.headers()["location"].to_str().unwrap().to_string();
        back.strip_prefix(BASE)
            .expect("back to the site")
            .to_string()
    }

    /// Signs `user` in on the way to `page`; returns the session cookie (`name=value`) and
    /// the callback's answer.
    async fn sign_in(&self, user: FakeUser, page: &str) -> (String, Got) {
        let (_, state_cookie, authorize) = self.start(page).await;
        let callback = self.authorize(user, &authorize).await;
        let got = self.get(&callback, &pair(&state_cookie)).await;
        assert_eq!(got.status, StatusCode::SEE_OTHER, "{}", got.text());
        let session = set_cookie(&got, SESSION_COOKIE).expect("a session cookie");
        (pair(&session), got)
    }

    /// The pages of the server a member is shown: the server page, a game page, its picture,
    /// share card and downloads, a leaderboard, the archive and a player page.
    async fn pages(&self, cookie: &str) -> Vec<String> {
        let server = format!("/s/{}", self.server);
        let page = self.get(&server, cookie).await;
        assert_eq!(page.status, StatusCode::OK, "{}", page.text());
        let links = super::links(&page.text());
        let game = links
            .iter()
            .find(|l| l.starts_with("/g/"))
            .expect("a game is listed")
            .clone();
        let board = links
            .iter()
            .find(|l| l.contains("/leaderboard/"))
            .expect("a leaderboard is listed")
            .clone();
        let player = super::links(&self.get(&board, cookie).await.text())
            .into_iter()
            .find(|l| l.starts_with("/p/"))
            .expect("a player is linked");
        vec![
            server.clone(),
            format!("{server}/archive"),
            board,
            player,
            game.clone(),
            format!("{game}/1"),
            format!("{game}/1.png"),
            format!("{game}/1.card.png"),
            format!("{game}/record.pgn"),
            format!("{game}/log.json"),
        ]
    }
}

/// The `name=value; attributes` a response sets for the cookie `name`.
fn set_cookie(got: &Got, name: &str) -> Option<String> {
    got.headers
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|v| v.starts_with(&format!("{name}=")))
        .map(str::to_string)
}

/// The `name=value` of a `Set-Cookie`.
fn pair(set_cookie: &str) -> String {
    set_cookie.split(';').next().unwrap_or("").to_string()
}

#[tokio::test]
async fn a_members_page_without_a_session_redirects_to_sign_in_with_discord() {
    let m = Members::new().await;
    let (sign_in, cookie, authorize) = m.start(&format!("/s/{}", m.server)).await;
    assert_eq!(
        sign_in,
        format!("/auth/sign-in?to=%2Fs%2F{}", m.server),
        "the page asked for is remembered"
    );
    assert_eq!(
        authorize.as_str().split('?').next(),
        Some("https://discord.com/oauth2/authorize")
    );
    let query: std::collections::HashMap<_, _> = authorize.query_pairs().into_owned().collect();
    assert_eq!(query["scope"], "identify");
    assert_eq!(query["client_id"], CLIENT_ID);
    assert_eq!(query["redirect_uri"], REDIRECT);
    assert_eq!(query["response_type"], "code");
    assert_eq!(query["state"].len(), 22, "128 random bits");
    assert!(!cookie.contains(&query["state"]), "the cookie is sealed");
    for flag in [
        "HttpOnly",
        "Secure",
        "SameSite=Lax",
        "Path=/auth",
        "Max-Age=600",
    ] {
        assert!(cookie.contains(flag), "{cookie} lacks {flag}");
    }
    // Every other kind of address of the server asks for a sign-in too; none shows anything.
    let member = m.sign_in(erin(), &format!("/s/{}", m.server)).await.0;
    for path in m.pages(&member).await {
        let got = m.web.get(&path).await;
        assert_eq!(got.status, StatusCode::SEE_OTHER, "{path}");
        assert!(
            got.header("location").starts_with("/auth/sign-in?to="),
            "{path}"
        );
        assert!(got.body.is_empty(), "{path}");
    }
}

#[tokio::test]
async fn a_callback_with_a_wrong_missing_or_reused_state_is_refused_with_400() {
    let m = Members::new().await;
    let page = format!("/s/{}", m.server);
    let (_, cookie, authorize) = m.start(&page).await;
    let callback = m.authorize(erin(), &authorize).await;
    let state = authorize
        .query_pairs()
        .find(|(k, _)| k == "state")
        .unwrap()
        .1
        .to_string();
    let code = callback
        .split("code=")
        .nth(1)
        .unwrap()
        .split('&')
        .next()
        .unwrap();
    let cookie = pair(&cookie);
    for (what, path, cookies) in [
        (
            "a wrong state",
            callback.replace(&state, "AAAAAAAAAAAAAAAAAAAAAA"),
            cookie.clone(),
        ),
        (
            "no state",
            format!("/auth/callback?code={code}"),
            cookie.clone(),
        ),
        ("no pre-login cookie", callback.clone(), String::new()),
        (
            "another browser's cookie",
            callback.clone(),
            pair(&m.start(&page).await.1),
        ),
    ] {
        let got = m.get(&path, &cookies).await;
        assert_eq!(got.status, StatusCode::BAD_REQUEST, "{what}");
        assert!(set_cookie(&got, SESSION_COOKIE).is_none(), "{what}");
        let text = got.text();
        let line = text
            .split("<p>")
            .nth(1)
            .unwrap()
            .split("</p>")
            .next()
            .unwrap();
        assert!(
            line.contains("sign in again") && !line.contains('\n'),
            "{what}: {line}"
        );
    }
    // The right one signs in, once; the same answer again is refused.
    let first = m.get(&callback, &cookie).await;
    assert_eq!(first.status, StatusCode::SEE_OTHER, "{}", first.text());
    let again = m.get(&callback, &cookie).await;
    assert_eq!(
        again.status,
        StatusCode::BAD_REQUEST,
        "a state is used once"
    );
}

#[tokio::test]
async fn a_signed_in_member_sees_every_page_privately_and_not_for_search_engines() {
    let m = Members::new().await;
    let page = format!("/s/{}", m.server);
    let (session, _) = m.sign_in(erin(), &page).await;
    for path in m.pages(&session).await {
        let got = m.get(&path, &session).await;
        assert_eq!(got.status, StatusCode::OK, "{path}");
        assert!(
            got.header("cache-control").starts_with("private"),
            "{path}: {}",
            got.header("cache-control")
        );
        assert_eq!(got.header("x-robots-tag"), "noindex", "{path}");
        assert!(
            got.headers.get("set-cookie").is_none(),
            "{path} sets a cookie"
        );
        if got.is_html() {
            assert_eq!(got.header("cache-control"), "private, no-store", "{path}");
            assert!(
                got.text()
                    .contains("<meta name=\"robots\" content=\"noindex\">"),
                "{path}"
            );
        }
    }
    // A public server's pages stay public for the same visitor, and set no cookie.
    let public = m
        .web
        .say_as(
            &dave(),
            "c",
            true,
            Command::Web(WebCommand::Enable {
                visibility: Visibility::Public,
            }),
        )
        .await;
    assert!(!public.private, "{}", public.text);
    let got = m.get(&page, &session).await;
    assert_eq!(got.status, StatusCode::OK);
    assert_eq!(got.header("cache-control"), "no-cache");
    assert!(got.headers.get("set-cookie").is_none());
    assert!(got.headers.get("x-robots-tag").is_none());
}

#[tokio::test]
async fn a_signed_in_non_member_gets_the_same_404_as_a_missing_page() {
    let m = Members::new().await;
    let missing = missing(&m.web).await;
    let member = m.sign_in(erin(), &format!("/s/{}", m.server)).await.0;
    let pages = m.pages(&member).await;
    let (stranger, _) = m.sign_in(frank(), &format!("/s/{}", m.server)).await;
    for path in &pages {
        let got = m.get(path, &stranger).await;
        assert_same_404(path, &got, &missing);
    }
    // The bot's answer is kept a minute: joining the server now is not seen yet, and page
    // views meanwhile cost Discord no request.
    m.fake.add_member(GUILD, &frank().id);
    let got = m.get(&pages[0], &stranger).await;
    assert_same_404("a minute after", &got, &missing);
}

#[tokio::test]
async fn the_session_cookie_is_http_only_secure_same_site_lax_for_the_whole_site() {
    let m = Members::new().await;
    let (_, callback) = m.sign_in(erin(), &format!("/s/{}", m.server)).await;
    let session = set_cookie(&callback, SESSION_COOKIE).unwrap();
    for flag in [
        "HttpOnly",
        "Secure",
        "SameSite=Lax",
        "Path=/",
        "Max-Age=604800",
    ] {
        assert!(
            session.contains(&format!("; {flag}")),
            "{session} lacks {flag}"
        );
    }
    assert!(
        !session.contains(&erin().id),
        "the user id is sealed: {session}"
    );
    let gone = set_cookie(&callback, STATE_COOKIE).expect("the pre-login cookie is cleared");
    assert!(gone.contains("Max-Age=0"), "{gone}");
    // A cookie changed by a byte is nobody's.
    let (name, value) = pair(&session)
        .split_once('=')
        .map(|(n, v)| (n.to_string(), v.to_string()))
        .unwrap();
    let mut bytes = value.into_bytes();
    bytes[10] = if bytes[10] == b'A' { b'B' } else { b'A' };
    let forged = format!("{name}={}", String::from_utf8(bytes).unwrap());
    let got = m.get(&format!("/s/{}", m.server), &forged).await;
    assert_eq!(got.status, StatusCode::SEE_OTHER, "back to the sign-in");
    // Signing out forgets it.
    let out = m.get("/auth/sign-out", &pair(&session)).await;
    assert_eq!(out.status, StatusCode::SEE_OTHER);
    let cleared = set_cookie(&out, SESSION_COOKIE).unwrap();
    assert!(cleared.contains("Max-Age=0"), "{cleared}");
}

#[tokio::test]
async fn no_access_token_is_stored_and_the_code_is_gone_from_the_final_address() {
    let m = Members::new().await;
    let page = format!("/s/{}", m.server);
    let (session, callback) = m.sign_in(erin(), &page).await;
    assert_eq!(
        callback.header("location"),
        page,
        "back to the page asked for"
    );
    assert!(!callback.header("location").contains("code"));
    let secrets = m.fake.oauth_secrets_issued();
    assert!(secrets.len() >= 2, "a code and a token were issued");
    // Nothing Discord issued is in the database's files, the cookie or any page.
    m.web.t.store.close().await;
    for file in std::fs::read_dir(m.web.t.dir.path()).unwrap() {
        let path = file.unwrap().path();
        if path.is_file() {
            let bytes = std::fs::read(&path).unwrap();
            for secret in &secrets {
                assert!(
                    !bytes.windows(secret.len()).any(|w| w == secret.as_bytes()),
                    "{} holds a token or code",
                    path.display()
                );
            }
        }
    }
    for secret in &secrets {
        assert!(!session.contains(secret.as_str()));
        assert!(!callback.text().contains(secret.as_str()));
    }
}

#[tokio::test]
async fn web_disable_closes_a_members_server_at_once_even_for_its_members() {
    let m = Members::new().await;
    let missing = missing(&m.web).await;
    let (session, _) = m.sign_in(erin(), &format!("/s/{}", m.server)).await;
    let pages = m.pages(&session).await;
    let off = m
        .web
        .say_as(&dave(), "c", true, Command::Web(WebCommand::Disable))
        .await;
    assert!(!off.private, "{}", off.text);
    for path in &pages {
        let got = m.get(path, &session).await;
        assert_same_404(path, &got, &missing);
        let got = m.web.get(path).await;
        assert_same_404(path, &got, &missing);
    }
}

#[tokio::test]
async fn hidden_players_stay_hidden_for_members_too() {
    let m = Members::new().await;
    let alice_page = m
        .web
        .t
        .store
        .web_player(GUILD, &alice().id)
        .await
        .unwrap()
        .public_id;
    let hidden = m
        .web
        .say(&alice(), "c", Command::Web(WebCommand::HideMe))
        .await;
    assert!(hidden.private, "{}", hidden.text);
    let (session, _) = m.sign_in(erin(), &format!("/s/{}", m.server)).await;
    let mut anonymous = false;
    for path in m.pages(&session).await {
        let got = m.get(&path, &session).await;
        assert!(
            !got.text().to_lowercase().contains("alice"),
            "{path} names the hidden player"
        );
        anonymous |= got.text().contains("Anonymous");
    }
    assert!(anonymous, "she is shown as Anonymous");
    let missing = missing(&m.web).await;
    let got = m.get(&format!("/p/{alice_page}"), &session).await;
    assert_same_404("her page", &got, &missing);
}

#[tokio::test]
async fn enabling_members_pages_without_sign_in_set_up_is_refused() {
    let web = Web::new().await;
    let refused = web
        .say_as(
            &dave(),
            "c",
            true,
            Command::Web(WebCommand::Enable {
                visibility: Visibility::Members,
            }),
        )
        .await;
    assert!(refused.private, "{}", refused.text);
    assert!(
        refused.text.contains("TABULA_OAUTH_CLIENT_ID") && !refused.text.contains('\n'),
        "{}",
        refused.text
    );
    assert!(web.t.store.web_server(GUILD).await.unwrap().is_none());
    // And without sign-in set up there is no sign-in address.
    let missing = missing(&web).await;
    for path in ["/auth/sign-in?to=%2F", "/auth/callback?code=1&state=2"] {
        assert_same_404(path, &web.get(path).await, &missing);
    }
}

//! The fake REST API under `/api/v10`: records every request, answers the routes the bot uses
//! with bodies serenity accepts, and plays injected failures.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Instant;

use axum::body::Body;
use axum::extract::{FromRequest, Multipart, Request, State as AxumState};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use super::payloads::{APP_ID, CREATE_PUBLIC_THREADS, GUILD, message_json};
use super::ratelimit::{self, RateSeen};
use super::strict::Checked;
use super::{FilePart, Recorded, State};

pub(super) async fn handle(AxumState(state): AxumState<Arc<State>>, req: Request) -> Response {
    let received = Instant::now();
    let at = received;
    let method = req.method().to_string();
    let path = req.uri().path().to_string();
    let query = req.uri().query().unwrap_or_default().to_string();
    let multipart = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/form-data"));
    let headers = req.headers().clone();
    let (body, files, raw) = if multipart {
        let (body, files) = read_multipart(req).await;
        (body, files, Vec::new())
    } else {
        let bytes = axum::body::to_bytes(req.into_body(), 64 << 20)
            .await
            .unwrap_or_default();
        (
            serde_json::from_slice(&bytes).unwrap_or(Value::Null),
            Vec::new(),
            bytes.to_vec(),
        )
    };
    let delay = state
        .delays
        .lock()
        .unwrap()
        .iter()
        .filter(|(p, _)| path.contains(p.as_str()))
        .map(|(_, d)| *d)
        .max();
    if let Some(delay) = delay {
        tokio::time::sleep(delay).await;
    }
    let failure = {
        let mut failures = state.failures.lock().unwrap();
        let hit = failures
            .iter_mut()
            .find(|f| f.times > 0 && path.contains(&f.path_contains));
        hit.map(|f| {
            f.times -= 1;
            f.status
        })
    };
    let oauth = || state.oauth.route((&method, &path, &query), &headers, &raw);
    let (status, mut response, rate) = match failure {
        Some(status) => (status, fail(status), None),
        None => match oauth() {
            Some((status, response)) => (status, response, None),
            None => strictly(&state, received, (&method, &path, &query), &body, &files),
        },
    };
    if take_loss(&state, &path) {
        response = lost();
    }
    state.requests.lock().unwrap().push(Recorded {
        method,
        path,
        body,
        files,
        status,
        received,
        answered: Instant::now(),
        rate,
        at,
    });
    response
}

/// Answers as Discord would: over a rate limit with 429, against its rules with its error
/// (see `strict`), else with the route; a channel's posts carry their bucket's headers.
fn strictly(
    state: &State,
    received: Instant,
    (method, path, query): (&str, &str, &str),
    body: &Value,
    files: &[FilePart],
) -> (u16, Response, Option<RateSeen>) {
    let segments: Vec<&str> = path
        .strip_prefix("/api/v10/")
        .unwrap_or("")
        .split('/')
        .collect();
    let channel = match (method, segments.as_slice()) {
        ("POST", ["channels", channel, "messages"]) => Some(*channel),
        _ => None,
    };
    let rate = channel.map(|c| state.buckets.take(c));
    let in_thread = channel.is_some_and(|c| state.threads.lock().unwrap().contains_key(c));
    let checked = Checked {
        method,
        path,
        segments: &segments,
        body,
        files,
        received,
        global: state.bot_permissions(),
        in_thread,
        why: Default::default(),
    };
    let (status, mut response) = match rate {
        Some(seen) if seen.limited => (
            429,
            (
                StatusCode::TOO_MANY_REQUESTS,
                axum::Json(ratelimit::body(&seen)),
            )
                .into_response(),
        ),
        _ => match state.strict.check(&checked) {
            Some(r) => discord_error(r.status, r.code, r.message),
            None => super::channels::route(state, method, path, query, body)
                .unwrap_or_else(|| route(state, method, path, body, files)),
        },
    };
    state.strict.answered(method, &segments, status);
    if let (Some(channel), Some(seen)) = (channel, rate) {
        response
            .headers_mut()
            .extend(ratelimit::headers(channel, &seen));
    }
    (status, response, rate)
}

async fn read_multipart(req: Request) -> (Value, Vec<FilePart>) {
    let mut form = Multipart::from_request(req, &())
        .await
        .expect("a multipart body");
    let mut body = Value::Null;
    let mut files = Vec::new();
    while let Some(field) = form.next_field().await.expect("a multipart field") {
        let name = field.name().unwrap_or_default().to_string();
        let filename = field.file_name().map(str::to_string);
        let content_type = field.content_type().unwrap_or_default().to_string();
        let bytes = field.bytes().await.expect("field bytes").to_vec();
        match filename {
            Some(filename) => files.push(FilePart {
                field: name,
                filename,
                content_type,
                bytes,
            }),
            None if name == "payload_json" => {
                body = serde_json::from_slice(&bytes).expect("payload_json is JSON");
            }
            None => {}
        }
    }
    (body, files)
}

/// Uses up one injected loss of answers for `path`, if one matches.
fn take_loss(state: &State, path: &str) -> bool {
    let mut lost = state.lost.lock().unwrap();
    let hit = lost
        .iter_mut()
        .find(|(p, times)| *times > 0 && path.contains(p.as_str()));
    hit.map(|(_, times)| *times -= 1).is_some()
}

/// An answer that never arrives whole: the status line goes out, then the body fails and
/// the connection is dropped, so the bot cannot know what became of its request.
fn lost() -> Response {
    let broken = futures::stream::once(async {
        Err::<axum::body::Bytes, std::io::Error>(std::io::Error::other("the answer was lost"))
    });
    Response::builder()
        .status(StatusCode::OK)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from_stream(broken))
        .expect("a response")
}

fn fail(status: u16) -> Response {
    let code = StatusCode::from_u16(status).expect("a status code");
    if status == 429 {
        let body =
            json!({"message": "You are being rate limited.", "retry_after": 0.05, "global": false});
        return (code, [("retry-after", "0.05")], axum::Json(body)).into_response();
    }
    let body = json!({"message": format!("{status}: fake failure"), "code": 0});
    (code, axum::Json(body)).into_response()
}

fn route(
    state: &State,
    method: &str,
    path: &str,
    body: &Value,
    files: &[FilePart],
) -> (u16, Response) {
    let segments: Vec<&str> = path
        .strip_prefix("/api/v10/")
        .unwrap_or("")
        .split('/')
        .collect();
    let ok = |value: Value| (200, axum::Json(value).into_response());
    match (method, segments.as_slice()) {
        ("GET", ["gateway"]) | ("GET", ["gateway", "bot"]) => {
            let addr = state.addr.lock().unwrap().expect("address");
            let shards = state.recommended_shards.load(Ordering::SeqCst).max(1);
            ok(
                json!({"url": format!("ws://{addr}/gateway"), "shards": shards,
                      "session_start_limit": {"total": 1000, "remaining": 1000,
                                              "reset_after": 0, "max_concurrency": 1}}),
            )
        }
        ("PUT", ["applications", _, "commands"])
        | ("PUT", ["applications", _, "guilds", _, "commands"]) => {
            let registered: Vec<Value> = body
                .as_array()
                .cloned()
                .unwrap_or_default()
                .into_iter()
                .map(|mut c| {
                    c["id"] = json!(state.next_id());
                    c["application_id"] = json!(APP_ID);
                    c["version"] = json!("1");
                    c["type"] = json!(1);
                    c
                })
                .collect();
            ok(Value::Array(registered))
        }
        ("POST", ["interactions", _, _, "callback"]) => (204, no_content()),
        ("POST", ["webhooks", _, _]) | ("PATCH", ["webhooks", _, _, "messages", _]) => {
            let channel = super::payloads::CHANNEL;
            ok(message_json(&state.next_id(), channel, body, files))
        }
        ("DELETE", ["webhooks", _, _, "messages", _]) => (204, no_content()),
        ("POST", ["channels", channel, "messages"]) => ok(state.posts.create(body, || {
            message_json(&state.next_id(), channel, body, files)
        })),
        ("PATCH", ["channels", channel, "messages", _]) => {
            ok(message_json(&state.next_id(), channel, body, files))
        }
        // Discord checks the bot's own permission (its token creates the thread), and a
        // thread cannot hold another thread.
        ("POST", ["channels", parent, "threads"]) => {
            if state.bot_permissions() & CREATE_PUBLIC_THREADS == 0 {
                return discord_error(403, 50013, "Missing Permissions");
            }
            if state.threads.lock().unwrap().contains_key(*parent) {
                return discord_error(400, 50024, "Cannot execute action on this channel type");
            }
            let id = state.next_id();
            state
                .threads
                .lock()
                .unwrap()
                .insert(id.clone(), parent.to_string());
            ok(json!({
                "id": id, "type": 11, "guild_id": GUILD, "parent_id": parent,
                "name": body["name"], "owner_id": super::payloads::BOT_ID,
                "thread_metadata": {"archived": false, "auto_archive_duration": 1440,
                                    "archive_timestamp": "2024-01-01T00:00:00.000000+00:00",
                                    "locked": false},
                "member_count": 1, "message_count": 0
            }))
        }
        // A DM channel, as Discord answers it: the same channel each time for one recipient.
        ("POST", ["users", "@me", "channels"]) => {
            let Some(user) = body["recipient_id"].as_str() else {
                return discord_error(400, 50035, "Invalid Form Body");
            };
            let id = state
                .dms
                .lock()
                .unwrap()
                .entry(user.to_string())
                .or_insert_with(|| state.next_id())
                .clone();
            ok(json!({
                "id": id, "type": 1, "last_message_id": null,
                "recipients": [{"id": user, "username": format!("user{user}"),
                                "discriminator": "0", "global_name": null, "avatar": null}]
            }))
        }
        ("DELETE", ["channels", channel]) => {
            state.threads.lock().unwrap().remove(*channel);
            ok(json!({
                "id": channel, "type": 11, "guild_id": GUILD, "name": "deleted"
            }))
        }
        _ => (
            404,
            (
                StatusCode::NOT_FOUND,
                axum::Json(json!({"message": "404: Not Found", "code": 0})),
            )
                .into_response(),
        ),
    }
}

/// An error as Discord sends one: a status, a JSON code and a message.
fn discord_error(status: u16, code: u64, message: &str) -> (u16, Response) {
    let body = json!({"message": message, "code": code});
    (
        status,
        (
            StatusCode::from_u16(status).expect("a status code"),
            axum::Json(body),
        )
            .into_response(),
    )
}

fn no_content() -> Response {
    Response::builder()
        .status(StatusCode::NO_CONTENT)
        .body(Body::empty())
        .expect("an empty response")
}

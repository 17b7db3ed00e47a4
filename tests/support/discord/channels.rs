//! Channels as the bot reads them: message history (`GET /channels/{id}/messages` with
//! `after` and `limit`, newest first as Discord lists them), messages deleted before the bot
//! replies to them (a reply to one fails with 400 unless `fail_if_not_exists` is false),
//! the channel, roles and member objects the bot reads its permissions from, reactions, and
//! a gateway session that can be invalidated so the bot identifies again.

use std::collections::{HashMap, HashSet};
use std::sync::Mutex;

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use super::payloads::{self, CHANNEL, FakeUser, GUILD};
use super::{FakeDiscord, Recorded, State};

/// View Channel.
const VIEW_CHANNEL: u64 = 1 << 10;
/// Add Reactions and Read Message History, both needed to react.
const REACT: u64 = (1 << 6) | (1 << 16);

/// What the fake keeps about channels beyond the requests.
#[derive(Default)]
pub(super) struct Channels {
    /// Messages typed by people, by channel, oldest first.
    history: Mutex<HashMap<String, Vec<Value>>>,
    deleted: Mutex<HashSet<String>>,
    /// Reactions the bot added: (channel, message, emoji as sent in the path).
    reactions: Mutex<Vec<(String, String, String)>>,
}

/// Answers the routes kept here; `None` leaves the request to the other routes.
pub(super) fn route(
    state: &State,
    method: &str,
    path: &str,
    query: &str,
    body: &Value,
) -> Option<(u16, Response)> {
    let segments: Vec<&str> = path.strip_prefix("/api/v10/")?.split('/').collect();
    let perms = state.bot_permissions();
    match (method, segments.as_slice()) {
        ("GET", ["channels", channel, "messages"]) => {
            if perms & VIEW_CHANNEL == 0 {
                return Some(error(403, 50001, "Missing Access"));
            }
            Some(ok(Value::Array(state.channels.read(channel, query))))
        }
        ("GET", ["channels", channel]) => {
            if perms & VIEW_CHANNEL == 0 {
                return Some(error(403, 50001, "Missing Access"));
            }
            let parent = state.threads.lock().unwrap().get(*channel).cloned();
            let kind = if parent.is_some() { 11 } else { 0 };
            Some(ok(json!({"id": channel, "type": kind, "guild_id": GUILD,
                           "name": "games", "parent_id": parent, "position": 0,
                           "permission_overwrites": []})))
        }
        ("GET", ["guilds", guild, "roles"]) => {
            Some(ok(json!([payloads::everyone_role(guild, perms)])))
        }
        ("GET", ["guilds", guild, "members", user]) => {
            if state.oauth.is_member(guild, user) == Some(false) {
                return Some(error(404, 10007, "Unknown Member"));
            }
            let mut member = FakeUser {
                id: user.to_string(),
                name: format!("user{user}"),
                admin: false,
                threads: true,
            }
            .member_json(true);
            member.as_object_mut().unwrap().remove("permissions");
            Some(ok(member))
        }
        (
            "PUT",
            [
                "channels",
                channel,
                "messages",
                message,
                "reactions",
                emoji,
                "@me",
            ],
        ) => {
            if perms & REACT != REACT {
                return Some(error(403, 50013, "Missing Permissions"));
            }
            let reaction = (channel.to_string(), message.to_string(), emoji.to_string());
            state.channels.reactions.lock().unwrap().push(reaction);
            Some((204, StatusCode::NO_CONTENT.into_response()))
        }
        ("POST", ["channels", _, "messages"]) => {
            let reference = &body["message_reference"];
            let target = reference["message_id"].as_str()?;
            let gone = state.channels.deleted.lock().unwrap().contains(target);
            (gone && reference["fail_if_not_exists"] != json!(false))
                .then(|| error(400, 50035, "Invalid Form Body: Unknown message"))
        }
        _ => None,
    }
}

impl Channels {
    /// The messages of `channel` after the `after` id in `query`, at most `limit`, newest first.
    fn read(&self, channel: &str, query: &str) -> Vec<Value> {
        let param = |name: &str| {
            query
                .split('&')
                .find_map(|pair| pair.strip_prefix(&format!("{name}=")))
                .and_then(|v| v.parse::<u64>().ok())
        };
        let after = param("after").unwrap_or(0);
        let limit = param("limit").unwrap_or(50).clamp(1, 100) as usize;
        let history = self.history.lock().unwrap();
        let mut found: Vec<Value> = history
            .get(channel)
            .into_iter()
            .flatten()
            .filter(|m| id_of(m) > after)
            .take(limit)
            .cloned()
            .collect();
        found.reverse();
        found
    }
}

fn id_of(message: &Value) -> u64 {
    message["id"]
        .as_str()
        .and_then(|i| i.parse().ok())
        .unwrap_or(0)
}

fn ok(value: Value) -> (u16, Response) {
    (200, axum::Json(value).into_response())
}

fn error(status: u16, code: u64, message: &str) -> (u16, Response) {
    let body = json!({"message": message, "code": code});
    let status_code = StatusCode::from_u16(status).expect("a status code");
    (status, (status_code, axum::Json(body)).into_response())
}

impl FakeDiscord {
    /// Returns a fresh snowflake for a message sent now, as Discord makes them (the time in
    /// the high bits), so the bot can tell when it was sent.
    pub fn snowflake_now(&self) -> String {
        self.state.next_id()
    }

    /// Types a message in the test channel that Discord keeps in the channel's history but
    /// never delivers to the bot (its gateway session is down); returns the message id.
    pub fn type_unseen(&self, user: &FakeUser, content: &str) -> String {
        let id = self.snowflake_now();
        self.keep(payloads::message_create(&id, user, CHANNEL, content, None));
        id
    }

    /// Types a message in the test channel, kept in its history and delivered to the bot;
    /// returns the number of requests recorded before it and the message id.
    pub fn say_kept(&self, user: &FakeUser, content: &str) -> (usize, String) {
        let before = self.requests().len();
        let id = self.snowflake_now();
        let message = payloads::message_create(&id, user, CHANNEL, content, None);
        self.keep(message.clone());
        self.dispatch("MESSAGE_CREATE", message);
        (before, id)
    }

    /// Types a message in the test channel and deletes it before the bot can answer (it is
    /// delivered, but a reply to it fails); returns the number of requests recorded before it.
    pub fn say_and_delete(&self, user: &FakeUser, content: &str) -> usize {
        let before = self.requests().len();
        let id = self.snowflake_now();
        self.state
            .channels
            .deleted
            .lock()
            .unwrap()
            .insert(id.clone());
        self.dispatch(
            "MESSAGE_CREATE",
            payloads::message_create(&id, user, CHANNEL, content, None),
        );
        before
    }

    fn keep(&self, message: Value) {
        let channel = message["channel_id"]
            .as_str()
            .unwrap_or(CHANNEL)
            .to_string();
        let mut history = self.state.channels.history.lock().unwrap();
        history.entry(channel).or_default().push(message);
    }

    /// Returns the reactions the bot added: (channel, message, emoji).
    pub fn reactions(&self) -> Vec<(String, String, String)> {
        self.state.channels.reactions.lock().unwrap().clone()
    }

    /// Ends the bot's gateway session as Discord does when it expired (op 9, not
    /// resumable): the bot connects again and identifies anew; events meanwhile are lost.
    pub fn invalidate_session(&self) {
        self.send_invalid_session(false);
    }
}

/// Returns the ids of the users each created message (a channel message, a follow-up or an
/// interaction's first answer) notifies: mentioned in its text and allowed to be pinged.
/// An edit (PATCH) never counts, as on Discord (discord-api-docs #5497).
pub fn pinged_in_creates(requests: &[Recorded]) -> Vec<String> {
    let mut pinged = Vec::new();
    for r in requests {
        if r.method != "POST" || !(200..300).contains(&r.status) {
            continue;
        }
        let body = if r.path.ends_with("/callback") {
            if r.body["type"] != 4 {
                continue;
            }
            &r.body["data"]
        } else if r.path.ends_with("/messages") || r.path.starts_with("/api/v10/webhooks/") {
            &r.body
        } else {
            continue;
        };
        let content = body["content"].as_str().unwrap_or("");
        for user in body["allowed_mentions"]["users"]
            .as_array()
            .into_iter()
            .flatten()
        {
            let Some(user) = user.as_str() else { continue };
            if content.contains(&format!("<@{user}>")) {
                pinged.push(user.to_string());
            }
        }
    }
    pinged
}

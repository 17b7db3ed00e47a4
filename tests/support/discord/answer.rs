//! Driving the bot like a Discord client would: run a command, type into autocomplete, click a
//! button, type a message; and read back the bot's answer however it was delivered (direct
//! callback, deferral then edit or follow-up, or a channel message when the callback failed).

use serde_json::{Value, json};

use super::payloads::{self, APP_ID, CHANNEL, FakeUser};
use super::{FakeDiscord, FilePart, Recorded};

/// A button on an answer.
#[derive(Clone, Debug)]
pub struct Button {
    pub custom_id: String,
    pub label: String,
    pub disabled: bool,
}

/// What the bot answered, from whichever request carried it.
#[derive(Clone, Debug)]
pub struct Answer {
    /// The interaction callback type (4 message, 8 autocomplete), or 0 for a channel message.
    pub kind: u64,
    pub content: String,
    pub ephemeral: bool,
    pub files: Vec<FilePart>,
    pub embeds: Vec<Value>,
    pub buttons: Vec<Button>,
    /// The users the message may notify (`allowed_mentions.users`).
    pub pinged: Vec<String>,
    /// Whether `allowed_mentions.parse` is empty (nobody is notified beyond `pinged`).
    pub parse_nothing: bool,
    /// Autocomplete suggestions.
    pub choices: Vec<String>,
    /// The select menu's custom id and option values, if the answer has one.
    pub menu: Option<(String, Vec<String>)>,
    /// Whether the answer came after a deferral.
    pub deferred: bool,
}

impl Answer {
    fn new(kind: u64, data: &Value, files: &[FilePart]) -> Answer {
        let buttons = data["components"]
            .as_array()
            .into_iter()
            .flatten()
            .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
            .filter(|b| b["type"] != 3)
            .map(|b| Button {
                custom_id: b["custom_id"].as_str().unwrap_or("").to_string(),
                label: b["label"].as_str().unwrap_or("").to_string(),
                disabled: b["disabled"].as_bool().unwrap_or(false),
            })
            .collect();
        let menu = data["components"]
            .as_array()
            .into_iter()
            .flatten()
            .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
            .find(|c| c["type"] == 3)
            .map(|c| {
                let values = c["options"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|o| o["value"].as_str().unwrap_or("").to_string())
                    .collect();
                (c["custom_id"].as_str().unwrap_or("").to_string(), values)
            });
        let strings = |v: &Value| -> Vec<String> {
            v.as_array()
                .into_iter()
                .flatten()
                .map(|x| match x {
                    Value::String(s) => s.clone(),
                    other => other["name"].as_str().unwrap_or("").to_string(),
                })
                .collect()
        };
        Answer {
            kind,
            content: data["content"].as_str().unwrap_or("").to_string(),
            ephemeral: data["flags"].as_u64().unwrap_or(0) & 64 != 0,
            files: files.to_vec(),
            embeds: data["embeds"].as_array().cloned().unwrap_or_default(),
            buttons,
            pinged: strings(&data["allowed_mentions"]["users"]),
            parse_nothing: data["allowed_mentions"]["parse"]
                .as_array()
                .is_some_and(Vec::is_empty),
            choices: strings(&data["choices"]),
            menu,
            deferred: false,
        }
    }

    /// Returns the custom id of the button whose command is `command`.
    pub fn button(&self, command: &str) -> String {
        self.buttons
            .iter()
            .find(|b| b.custom_id.rsplit(':').next() == Some(command))
            .unwrap_or_else(|| panic!("no {command} button in {:?}", self.buttons))
            .custom_id
            .clone()
    }

    /// Returns the single PNG attached, checking the embed shows it.
    pub fn png(&self) -> &[u8] {
        assert_eq!(self.files.len(), 1, "one attachment: {self:?}");
        let file = &self.files[0];
        assert_eq!(file.content_type, "image/png");
        assert!(
            file.field.starts_with("files["),
            "Discord's field name: {}",
            file.field
        );
        let shown = self.embeds.iter().any(|e| {
            e["image"]["url"].as_str() == Some(&format!("attachment://{}", file.filename))
        });
        assert!(shown, "the embed shows the attachment: {:?}", self.embeds);
        &file.bytes
    }
}

/// Returns the index of a game in the `game` option's choices.
pub fn game_choice(requests: &[Recorded], game: &str) -> usize {
    // Read the choices from the bot's own command registration, as Discord would.
    let registered = requests
        .iter()
        .rev()
        .find(|r| r.method == "PUT" && r.path.ends_with("/commands"))
        .expect("the bot registered its commands");
    let play = registered
        .body
        .as_array()
        .into_iter()
        .flatten()
        .find(|c| c["name"] == "play");
    let choices = play
        .and_then(|p| p["options"].as_array())
        .and_then(|o| o.iter().find(|o| o["name"] == "game"))
        .and_then(|g| g["choices"].as_array())
        .cloned()
        .unwrap_or_default();
    choices
        .iter()
        .position(|c| c["name"] == game)
        .unwrap_or_else(|| panic!("no game {game} among {choices:?}"))
}

fn ok(status: u16) -> bool {
    (200..300).contains(&status)
}

fn find_answer(requests: &[Recorded], id: &str, token: &str) -> Option<Answer> {
    let callback = format!("/api/v10/interactions/{id}/{token}/callback");
    let hook = format!("/api/v10/webhooks/{APP_ID}/{token}");
    let mut deferred: Option<bool> = None;
    let mut failed = false;
    for r in requests {
        if r.path == callback {
            if !ok(r.status) {
                failed = true;
                continue;
            }
            let kind = r.body["type"].as_u64().unwrap_or(0);
            if kind == 5 || kind == 6 {
                deferred = Some(r.body["data"]["flags"].as_u64().unwrap_or(0) & 64 != 0);
                continue;
            }
            return Some(Answer::new(kind, &r.body["data"], &r.files));
        }
        if r.path.starts_with(&hook) && ok(r.status) && r.method != "DELETE" {
            if let Some(ephemeral) = deferred {
                let mut answer = Answer::new(4, &r.body, &r.files);
                if r.method == "PATCH" {
                    answer.ephemeral = ephemeral;
                    // As on Discord, mentions added by editing a message notify nobody
                    // (discord-api-docs #5497): only created messages ping.
                    answer.pinged.clear();
                }
                answer.deferred = true;
                return Some(answer);
            }
        } else if (failed || deferred.is_some())
            && r.method == "POST"
            && r.path.ends_with("/messages")
            && r.path.starts_with("/api/v10/channels/")
            && ok(r.status)
        {
            return Some(Answer::new(0, &r.body, &r.files));
        }
    }
    None
}

impl FakeDiscord {
    /// Dispatches an interaction and waits for the bot's answer to it.
    pub async fn interact(&self, mut payload: Value) -> Answer {
        // As on Discord: the bot's permissions here, and a thread is a channel of type 11.
        let channel = payload["channel_id"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        payload["app_permissions"] = json!(self.permissions_in(&channel).to_string());
        if let Some(parent) = self.state.threads.lock().unwrap().get(&channel) {
            payload["channel"]["type"] = json!(11);
            payload["channel"]["parent_id"] = json!(parent);
        }
        let id = payload["id"].as_str().unwrap().to_string();
        let token = payload["token"].as_str().unwrap().to_string();
        let kind = match payload["type"].as_u64() {
            Some(3) => "button",
            Some(4) => "autocomplete",
            _ => payload["data"]["name"].as_str().unwrap_or("interaction"),
        };
        self.state
            .interactions
            .lock()
            .unwrap()
            .insert(token.clone(), kind.to_string());
        self.dispatch("INTERACTION_CREATE", payload);
        self.wait_for(&format!("the answer to interaction {id}"), |r| {
            find_answer(r, &id, &token)
        })
        .await
    }

    /// Runs `/name` with options in `channel`; user options are resolved from `users`.
    pub async fn command_in(
        &self,
        channel: &str,
        user: &FakeUser,
        name: &str,
        options: Value,
        users: &[FakeUser],
    ) -> Answer {
        let id = self.next_id();
        let token = format!("token-{id}");
        let payload = payloads::slash(&id, &token, user, channel, name, options, users);
        self.interact(payload).await
    }

    /// Runs `/name` with string options given as (name, value) pairs in the test channel.
    pub async fn command(&self, user: &FakeUser, name: &str, options: &[(&str, &str)]) -> Answer {
        let options: Vec<Value> = options
            .iter()
            .map(|(n, v)| json!({"name": n, "type": 3, "value": v}))
            .collect();
        self.command_in(CHANNEL, user, name, Value::Array(options), &[])
            .await
    }

    /// Runs `/play game:<game> opponent:<opponent>` in `channel`, plus extra options (choices
    /// travel as the index of the choice, as Discord sends them).
    pub async fn play(
        &self,
        channel: &str,
        user: &FakeUser,
        game: &str,
        opponent: &FakeUser,
        extra: &[Value],
    ) -> Answer {
        // The choices are read from the bot's registration (even a refused one), which follows READY.
        let choice = self
            .wait_for("the command registration", |requests| {
                requests
                    .iter()
                    .any(|r| r.method == "PUT" && r.path.ends_with("/commands"))
                    .then(|| game_choice(requests, game))
            })
            .await;
        let mut options = vec![
            json!({"name": "game", "type": 4, "value": choice}),
            json!({"name": "opponent", "type": 6, "value": opponent.id}),
        ];
        options.extend_from_slice(extra);
        self.command_in(
            channel,
            user,
            "play",
            Value::Array(options),
            std::slice::from_ref(opponent),
        )
        .await
    }

    /// Types `typed` into option `option` of `/name` and returns the suggestions.
    pub async fn autocomplete(
        &self,
        user: &FakeUser,
        name: &str,
        option: &str,
        typed: &str,
    ) -> Vec<String> {
        let id = self.next_id();
        let token = format!("token-{id}");
        let payload = payloads::autocomplete(&id, &token, user, CHANNEL, name, option, typed);
        let answer = self.interact(payload).await;
        assert_eq!(answer.kind, 8, "an autocomplete answer: {answer:?}");
        answer.choices
    }

    /// Types into autocomplete of `/name` with the `options` chosen so far (one of them
    /// `"focused": true`, its value what was typed) and returns the suggestions' names.
    pub async fn autocomplete_with(
        &self,
        user: &FakeUser,
        name: &str,
        options: Value,
    ) -> Vec<String> {
        let id = self.next_id();
        let token = format!("token-{id}");
        let payload = payloads::autocomplete_options(&id, &token, user, CHANNEL, name, options);
        let answer = self.interact(payload).await;
        assert_eq!(answer.kind, 8, "an autocomplete answer: {answer:?}");
        answer.choices
    }

    /// Clicks the button `custom_id` in `channel` and waits for the answer.
    pub async fn click_in(&self, channel: &str, user: &FakeUser, custom_id: &str) -> Answer {
        let id = self.next_id();
        let token = format!("token-{id}");
        let message = self.next_id();
        let payload = payloads::click(&id, &token, user, channel, custom_id, &message);
        self.interact(payload).await
    }

    /// Chooses `value` from the select menu `custom_id` in the test channel.
    pub async fn select(&self, user: &FakeUser, custom_id: &str, value: &str) -> Answer {
        let id = self.next_id();
        let token = format!("token-{id}");
        let message = self.next_id();
        let payload = payloads::select(&id, &token, user, CHANNEL, custom_id, &message, value);
        self.interact(payload).await
    }

    /// Clicks the button `custom_id` in the test channel.
    pub async fn click(&self, user: &FakeUser, custom_id: &str) -> Answer {
        self.click_in(CHANNEL, user, custom_id).await
    }

    /// Types a message in the test channel (as a reply to `reply_to` if given); returns the
    /// number of requests recorded before it, for [`FakeDiscord::posted_after`].
    pub fn say(&self, user: &FakeUser, content: &str, reply_to: Option<&str>) -> usize {
        let before = self.requests().len();
        let id = self.next_id();
        let payload = payloads::message_create(&id, user, CHANNEL, content, reply_to);
        self.dispatch("MESSAGE_CREATE", payload);
        before
    }

    /// Waits until a channel message posted by request number `after` or later satisfies
    /// `done`; returns every channel message posted from `after` up to and including it.
    pub async fn posted_until(
        &self,
        after: usize,
        done: impl Fn(&Answer) -> bool,
    ) -> Vec<(String, Answer)> {
        self.wait_for("a channel message", |requests| {
            let mut seen = Vec::new();
            for r in requests.iter().skip(after) {
                let Some(channel) = r
                    .path
                    .strip_prefix("/api/v10/channels/")
                    .and_then(|p| p.strip_suffix("/messages"))
                else {
                    continue;
                };
                if r.method != "POST" || !ok(r.status) {
                    continue;
                }
                let answer = Answer::new(0, &r.body, &r.files);
                let last = done(&answer);
                seen.push((channel.to_string(), answer));
                if last {
                    return Some(seen);
                }
            }
            None
        })
        .await
    }

    /// Waits for a message posted in a channel by request number `after` or later.
    pub async fn posted_after(&self, after: usize) -> (String, Answer) {
        self.wait_for("a channel message", |requests| {
            requests.iter().skip(after).find_map(|r| {
                let channel = r
                    .path
                    .strip_prefix("/api/v10/channels/")?
                    .strip_suffix("/messages")?;
                (r.method == "POST" && ok(r.status))
                    .then(|| (channel.to_string(), Answer::new(0, &r.body, &r.files)))
            })
        })
        .await
    }
}

//! Discord's rules for interactions and posting, enforced on the bot: an interaction's first
//! answer within 3 s of its dispatch, one acknowledgement per interaction, follow-ups and edits
//! only after it and for 15 minutes, message bodies within Discord's limits, and posts only
//! where the bot may post. Every breach the bot commits (all but the 403) is a violation the
//! test fails on.

use std::collections::{HashMap, HashSet};
use std::sync::Mutex;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use serde_json::Value;

use super::FilePart;
use super::limits;

/// How long after its dispatch an interaction may first be answered.
pub const CALLBACK_DEADLINE: Duration = Duration::from_secs(3);
/// How long an interaction's token works for follow-ups and edits.
pub const TOKEN_LIFE: Duration = Duration::from_secs(15 * 60);

/// View Channel.
pub const VIEW_CHANNEL: u64 = 1 << 10;
/// Send Messages.
pub const SEND_MESSAGES: u64 = 1 << 11;
/// Embed Links.
pub const EMBED_LINKS: u64 = 1 << 14;
/// Attach Files.
pub const ATTACH_FILES: u64 = 1 << 15;
/// Send Messages in Threads.
pub const SEND_MESSAGES_IN_THREADS: u64 = 1 << 38;

/// An error answer of Discord's: status, JSON code and message.
#[derive(Clone, Debug)]
pub(super) struct Refusal {
    pub status: u16,
    pub code: u64,
    pub message: &'static str,
}

impl Refusal {
    fn new(status: u16, code: u64, message: &'static str) -> Refusal {
        Refusal {
            status,
            code,
            message,
        }
    }
}

/// What the fake knows about interactions, tokens and channels, and the violations seen.
#[derive(Default)]
pub(super) struct Strict {
    /// Each interaction delivered to the bot, by id: its token and when it was delivered.
    interactions: Mutex<HashMap<String, (String, Instant)>>,
    /// The same, by token: the interaction's id and when it was delivered.
    tokens: Mutex<HashMap<String, (String, Instant)>>,
    /// Interactions whose first answer was accepted.
    acknowledged: Mutex<HashSet<String>>,
    /// How much older than their real age tokens are taken to be.
    token_age: Mutex<Duration>,
    violations: Mutex<Vec<String>>,
    /// The bot's permissions in particular channels, overriding the global ones.
    channels: Mutex<HashMap<String, u64>>,
    /// How long events take to reach the bot after Discord made them.
    lag: Mutex<Duration>,
    /// The Message Content intent is not enabled for the application.
    pub message_content_disabled: AtomicBool,
}

impl Strict {
    /// Notes that an interaction reached the bot now.
    pub fn delivered(&self, frame: &Value) {
        if frame["t"] != "INTERACTION_CREATE" {
            return;
        }
        let (Some(id), Some(token)) = (frame["d"]["id"].as_str(), frame["d"]["token"].as_str())
        else {
            return;
        };
        let lag = *self.lag.lock().unwrap();
        let now = Instant::now().checked_sub(lag).unwrap_or_else(Instant::now);
        self.interactions
            .lock()
            .unwrap()
            .insert(id.to_string(), (token.to_string(), now));
        self.tokens
            .lock()
            .unwrap()
            .insert(token.to_string(), (id.to_string(), now));
    }

    /// Makes later interactions count as made `by` before they reach the bot.
    pub fn lag(&self, by: Duration) {
        *self.lag.lock().unwrap() = by;
    }

    /// Makes every token count as `by` older than it is.
    pub fn age_tokens(&self, by: Duration) {
        *self.token_age.lock().unwrap() += by;
    }

    /// Records a breach of Discord's rules by the bot.
    pub fn violate(&self, what: String) {
        tracing::error!(%what, "the bot broke a Discord rule");
        self.violations.lock().unwrap().push(what);
    }

    /// Returns the violations seen so far.
    pub fn violations(&self) -> Vec<String> {
        self.violations.lock().unwrap().clone()
    }

    /// Returns the violations seen so far and forgets them.
    pub fn take_violations(&self) -> Vec<String> {
        std::mem::take(&mut *self.violations.lock().unwrap())
    }

    /// Sets the bot's permissions in one channel.
    pub fn set_channel(&self, channel: &str, permissions: u64) {
        self.channels
            .lock()
            .unwrap()
            .insert(channel.to_string(), permissions);
    }

    /// Returns the bot's permissions in `channel`, `global` unless overridden there.
    pub fn permissions_in(&self, channel: &str, global: u64) -> u64 {
        self.channels
            .lock()
            .unwrap()
            .get(channel)
            .copied()
            .unwrap_or(global)
    }

    /// Checks a request against Discord's rules; a refusal is the answer instead of the route's.
    pub fn check(&self, req: &Checked<'_>) -> Option<Refusal> {
        let refusal = self.refusal(req);
        if let Some((refusal, true)) = &refusal {
            self.violate(format!(
                "{} {} -> {} {}: {}",
                req.method,
                req.path,
                refusal.status,
                refusal.code,
                req.why.borrow()
            ));
        }
        refusal.map(|(r, _)| r)
    }

    /// Notes an answered request: an accepted callback acknowledges its interaction.
    pub fn answered(&self, method: &str, segments: &[&str], status: u16) {
        if let ("POST", ["interactions", id, _, "callback"]) = (method, segments)
            && (200..300).contains(&status)
        {
            self.acknowledged.lock().unwrap().insert(id.to_string());
        }
    }

    /// Returns the refusal and whether it is the bot's fault.
    fn refusal(&self, req: &Checked<'_>) -> Option<(Refusal, bool)> {
        let why = |text: String| {
            *req.why.borrow_mut() = text;
        };
        match (req.method, req.segments) {
            ("POST", ["interactions", id, token, "callback"]) => {
                let known = self.interactions.lock().unwrap().get(*id).cloned();
                let Some((expected, delivered)) = known.filter(|(t, _)| t.as_str() == *token)
                else {
                    why("a callback for an interaction never dispatched".into());
                    return Some((Refusal::new(404, 10062, "Unknown interaction"), true));
                };
                let late = req.received.saturating_duration_since(delivered);
                if late > CALLBACK_DEADLINE {
                    why(format!(
                        "first answer {} ms after dispatch",
                        late.as_millis()
                    ));
                    return Some((Refusal::new(404, 10062, "Unknown interaction"), true));
                }
                if self.acknowledged.lock().unwrap().contains(*id) {
                    why(format!("a second answer to interaction {id} ({expected})"));
                    return Some((
                        Refusal::new(400, 40060, "Interaction has already been acknowledged"),
                        true,
                    ));
                }
                self.body(req, limits::callback(req.body, req.files))
            }
            (_, ["webhooks", _, token, ..]) => {
                let known = self.tokens.lock().unwrap().get(*token).cloned();
                let Some((id, delivered)) = known else {
                    why("a webhook call with a token never dispatched".into());
                    return Some((Refusal::new(404, 10015, "Unknown Webhook"), true));
                };
                let age = delivered.elapsed() + *self.token_age.lock().unwrap();
                if age > TOKEN_LIFE {
                    why(format!("an interaction token {} s old", age.as_secs()));
                    return Some((Refusal::new(404, 50027, "Invalid Webhook Token"), true));
                }
                if !self.acknowledged.lock().unwrap().contains(&id) {
                    why(format!(
                        "a follow-up or edit before interaction {id} was answered"
                    ));
                    return Some((Refusal::new(404, 10015, "Unknown Webhook"), true));
                }
                match req.method {
                    "POST" | "PATCH" => self.body(req, limits::message(req.body, req.files)),
                    _ => None,
                }
            }
            ("POST", ["channels", channel, "messages"]) => {
                let needed = needed_to_post(req.body, req.files, req.in_thread);
                if self.permissions_in(channel, req.global) & needed != needed {
                    return Some((Refusal::new(403, 50013, "Missing Permissions"), false));
                }
                self.body(req, limits::message(req.body, req.files))
            }
            ("PATCH", ["channels", _, "messages", _]) => {
                self.body(req, limits::message(req.body, req.files))
            }
            _ => None,
        }
    }

    fn body(&self, req: &Checked<'_>, checked: Result<(), String>) -> Option<(Refusal, bool)> {
        let problem = checked.err()?;
        *req.why.borrow_mut() = problem;
        Some((Refusal::new(400, 50035, "Invalid Form Body"), true))
    }
}

/// A request as the rules see it.
pub(super) struct Checked<'a> {
    pub method: &'a str,
    pub path: &'a str,
    pub segments: &'a [&'a str],
    pub body: &'a Value,
    pub files: &'a [FilePart],
    pub received: Instant,
    /// The bot's permissions where no channel overrides them.
    pub global: u64,
    /// Whether the channel posted in is a thread.
    pub in_thread: bool,
    /// Why the request was refused, filled in by the check.
    pub why: std::cell::RefCell<String>,
}

/// The permissions a message needs: to see and post in the channel, and to embed and attach
/// what it carries.
fn needed_to_post(body: &Value, files: &[FilePart], in_thread: bool) -> u64 {
    let post = if in_thread {
        SEND_MESSAGES_IN_THREADS
    } else {
        SEND_MESSAGES
    };
    let embeds = body["embeds"].as_array().is_some_and(|e| !e.is_empty());
    VIEW_CHANNEL
        | post
        | if embeds { EMBED_LINKS } else { 0 }
        | if files.is_empty() { 0 } else { ATTACH_FILES }
}

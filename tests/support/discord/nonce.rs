//! Channel messages as Discord makes them exactly once: a create that carries a `nonce` with
//! `enforce_nonce` is checked against the bot's nonces of the last few minutes, and a repeat
//! gets the first message back instead of a second post, as Discord answers it.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use serde_json::Value;

use super::FakeDiscord;

/// How long Discord remembers a nonce ("the past few minutes" in its documentation).
pub const NONCE_WINDOW: Duration = Duration::from_secs(5 * 60);

/// The channel messages the bot created, and the nonces it enforced.
#[derive(Default)]
pub(super) struct Posts {
    created: Mutex<Vec<Value>>,
    nonces: Mutex<HashMap<String, (Instant, Value)>>,
}

impl Posts {
    /// Creates the message `make` builds for a create request with `body`, unless the body
    /// enforces a nonce the bot used within [`NONCE_WINDOW`]: then returns that message.
    pub fn create(&self, body: &Value, make: impl FnOnce() -> Value) -> Value {
        let nonce = match &body["nonce"] {
            Value::String(s) => Some(s.clone()),
            Value::Number(n) => Some(n.to_string()),
            _ => None,
        }
        .filter(|_| body["enforce_nonce"] == Value::Bool(true));
        let mut nonces = self.nonces.lock().unwrap();
        if let Some((at, first)) = nonce.as_ref().and_then(|n| nonces.get(n))
            && at.elapsed() < NONCE_WINDOW
        {
            return first.clone();
        }
        let mut message = make();
        if let Some(nonce) = nonce {
            message["nonce"] = Value::String(nonce.clone());
            nonces.insert(nonce, (Instant::now(), message.clone()));
        }
        self.created.lock().unwrap().push(message.clone());
        message
    }
}

impl FakeDiscord {
    /// Returns the messages the bot created in `channel`, oldest first: a create that
    /// Discord answered with an earlier message (the same nonce) is not among them.
    pub fn channel_posts(&self, channel: &str) -> Vec<Value> {
        self.state
            .posts
            .created
            .lock()
            .unwrap()
            .iter()
            .filter(|m| m["channel_id"] == channel)
            .cloned()
            .collect()
    }
}

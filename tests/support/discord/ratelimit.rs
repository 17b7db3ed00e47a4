//! Discord's per-route rate limits as the fake plays them: each channel's message posts share a
//! bucket of `limit` requests per `window`, every answer carries the `X-RateLimit-*` headers,
//! and a request over the limit gets 429 with `Retry-After` and a JSON `retry_after`.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use axum::http::{HeaderMap, HeaderValue};
use serde_json::{Value, json};

/// Discord's limit on posting in one channel: 5 messages per 5 seconds.
pub const CHANNEL_MESSAGES: (u32, Duration) = (5, Duration::from_secs(5));

/// What one bucket said in an answer.
#[derive(Clone, Copy, Debug)]
pub struct RateSeen {
    pub limit: u32,
    pub remaining: u32,
    /// How long until the bucket fills again, from the answer.
    pub reset_after: Duration,
    /// Whether the request was refused with 429.
    pub limited: bool,
}

/// One bucket's current window.
#[derive(Clone, Copy)]
struct Window {
    started: Instant,
    used: u32,
}

/// The buckets of the channels' message posts.
pub(super) struct Buckets {
    limit: Mutex<(u32, Duration)>,
    windows: Mutex<HashMap<String, Window>>,
}

impl Default for Buckets {
    fn default() -> Buckets {
        Buckets {
            limit: Mutex::new(CHANNEL_MESSAGES),
            windows: Mutex::default(),
        }
    }
}

impl Buckets {
    /// Sets how many posts each channel takes per window.
    pub fn set_limit(&self, limit: u32, window: Duration) {
        *self.limit.lock().unwrap() = (limit, window);
    }

    /// Uses up a channel's bucket now, as another client of the same bot would.
    pub fn exhaust(&self, channel: &str) {
        let (limit, _) = *self.limit.lock().unwrap();
        self.windows.lock().unwrap().insert(
            channel.to_string(),
            Window {
                started: Instant::now(),
                used: limit,
            },
        );
    }

    /// Takes one request from the channel's bucket now.
    pub fn take(&self, channel: &str) -> RateSeen {
        let (limit, window) = *self.limit.lock().unwrap();
        let now = Instant::now();
        let mut windows = self.windows.lock().unwrap();
        let w = windows.entry(channel.to_string()).or_insert(Window {
            started: now,
            used: 0,
        });
        if now >= w.started + window {
            *w = Window {
                started: now,
                used: 0,
            };
        }
        let reset_after = (w.started + window).saturating_duration_since(now);
        let limited = w.used >= limit;
        if !limited {
            w.used += 1;
        }
        RateSeen {
            limit,
            remaining: limit.saturating_sub(w.used),
            reset_after,
            limited,
        }
    }
}

/// The headers Discord sends with an answer from a bucket (times rounded up to the
/// millisecond, so a client that trusts them is never early).
pub fn headers(channel: &str, seen: &RateSeen) -> HeaderMap {
    let after = ceil_ms(seen.reset_after);
    let reset = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default()
        .as_secs_f64()
        + after;
    let mut map = HeaderMap::new();
    let mut put = |name: &'static str, value: String| {
        map.insert(name, HeaderValue::from_str(&value).expect("a header value"));
    };
    put("x-ratelimit-limit", seen.limit.to_string());
    put("x-ratelimit-remaining", seen.remaining.to_string());
    put("x-ratelimit-reset", format!("{reset:.3}"));
    put("x-ratelimit-reset-after", format!("{after:.3}"));
    put(
        "x-ratelimit-bucket",
        format!("fake-channel-messages-{channel}"),
    );
    if seen.limited {
        // Discord's header counts whole seconds; the body has the exact figure.
        put("retry-after", format!("{}", after.ceil() as u64));
        put("x-ratelimit-scope", "user".to_string());
    }
    map
}

/// The JSON body of a 429.
pub fn body(seen: &RateSeen) -> Value {
    json!({"message": "You are being rate limited.", "retry_after": ceil_ms(seen.reset_after),
           "global": false, "code": 0})
}

fn ceil_ms(d: Duration) -> f64 {
    (d.as_micros() as f64 / 1000.0).ceil() / 1000.0
}

//! The retry policy for every request to Discord: server errors and network failures are
//! tried again after a short back-off, rate limits are waited out, and each try is counted.

use std::future::Future;
use std::time::Duration;

use poise::serenity_prelude as serenity;

use super::requests::tried;

/// How often a request is tried before giving up.
const ATTEMPTS: u32 = 3;

/// Runs a request, trying again after server errors and network failures (a timeout among
/// them), and counts every try (see [`super::requests`]); client errors (4xx other than 429) are final at once. Rate limits are serenity's
/// ratelimiter's to wait out, as Discord's headers say; a 429 that still gets here (behind an
/// API proxy, where that ratelimiter is off, or without a `Retry-After`) is waited out too and
/// never ends the request while [`RATE_LIMIT_TRIES`] last.
pub(crate) async fn retrying<T, F, Fut>(what: &str, mut request: F) -> serenity::Result<T>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = serenity::Result<T>>,
{
    let (mut attempt, mut limited) = (1, 0);
    loop {
        let e = match request().await {
            Ok(value) => {
                tried(None, false);
                return Ok(value);
            }
            Err(e) => e,
        };
        let delay = if is_rate_limit(&e) && limited < RATE_LIMIT_TRIES {
            limited += 1;
            Some(RATE_LIMIT_WAIT)
        } else {
            retry_delay(&e, attempt).filter(|_| attempt < ATTEMPTS)
        };
        tried(Some(&e), delay.is_some());
        let Some(delay) = delay else {
            tracing::warn!(error = %e, attempt, "{what} failed");
            return Err(e);
        };
        tracing::warn!(error = %e, attempt, "{what} failed; trying again");
        tokio::time::sleep(delay).await;
        if !is_rate_limit(&e) {
            attempt += 1;
        }
    }
}

/// How long a 429 that reached [`retrying`] is waited out: serenity's error does not carry
/// Discord's `retry_after`, so a whole second, the granularity of Discord's `Retry-After`.
const RATE_LIMIT_WAIT: Duration = Duration::from_secs(1);
/// How many such 429s one request waits out before it gives up.
const RATE_LIMIT_TRIES: u32 = 10;

fn is_rate_limit(e: &serenity::Error) -> bool {
    matches!(e, serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r))
        if r.status_code.as_u16() == 429)
}

fn retry_delay(e: &serenity::Error, attempt: u32) -> Option<Duration> {
    use serenity::HttpError;
    let backoff = Duration::from_millis(250 * u64::from(attempt));
    match e {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) => match r.status_code.as_u16() {
            500..=599 => Some(backoff),
            _ => None,
        },
        serenity::Error::Http(HttpError::Request(_)) => Some(backoff),
        _ => None,
    }
}

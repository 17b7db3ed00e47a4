//! Members-only servers: who is looking at a page (a [`Viewer`]), and whether they are a
//! member of the page's server, asked of the frontend that knows ([`Members`]: the bot asks
//! Discord) and remembered for a minute so page views do not cost a request each.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_core::future::BoxFuture;

/// Tells whether a Discord user is a member of a server now. The bot answers from Discord;
/// tests and other frontends supply their own.
pub trait Members: Send + Sync {
    /// Returns true when `user` is a member of `guild`.
    ///
    /// # Errors
    /// When the answer cannot be had (Discord unreachable); the page then fails, it does not
    /// open.
    fn is_member<'a>(
        &'a self,
        guild: &'a str,
        user: &'a str,
    ) -> BoxFuture<'a, anyhow::Result<bool>>;
}

/// How long an answer about a membership is trusted.
pub const MEMBERSHIP_TTL: Duration = Duration::from_secs(60);

/// Answers remembered at most; beyond it the expired ones are dropped, then all of them.
const REMEMBERED: usize = 10_000;

/// [`Members`] with its answers remembered for [`MEMBERSHIP_TTL`].
pub(in crate::table) struct Membership {
    members: Arc<dyn Members>,
    known: Mutex<HashMap<(String, String), (bool, Instant)>>,
}

impl Membership {
    pub(in crate::table) fn new(members: Arc<dyn Members>) -> Membership {
        Membership {
            members,
            known: Mutex::new(HashMap::new()),
        }
    }

    /// Returns whether `user` is a member of `guild`, asking at most once a minute.
    pub(in crate::table) async fn is_member(
        &self,
        guild: &str,
        user: &str,
    ) -> anyhow::Result<bool> {
        let key = (guild.to_string(), user.to_string());
        let now = Instant::now();
        if let Some(&(member, at)) = self.lock().get(&key)
            && now.duration_since(at) < MEMBERSHIP_TTL
        {
            return Ok(member);
        }
        let member = self.members.is_member(guild, user).await?;
        let mut known = self.lock();
        if known.len() >= REMEMBERED {
            known.retain(|_, (_, at)| now.duration_since(*at) < MEMBERSHIP_TTL);
            if known.len() >= REMEMBERED {
                known.clear();
            }
        }
        known.insert(key, (member, now));
        Ok(member)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<(String, String), (bool, Instant)>> {
        self.known
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// Who is looking at a page: a Discord user signed in on the site, or nobody known. The
/// table notes on it when it let them see a members-only server's page, so the answer is
/// marked private and not for search engines.
#[derive(Debug, Default)]
pub struct Viewer {
    user: Option<String>,
    members_only: AtomicBool,
}

impl Viewer {
    /// Nobody signed in.
    pub fn anonymous() -> Viewer {
        Viewer::default()
    }

    /// The Discord user `user`, signed in.
    pub fn signed_in(user: impl Into<String>) -> Viewer {
        Viewer {
            user: Some(user.into()),
            members_only: AtomicBool::new(false),
        }
    }

    /// The signed-in user's Discord id.
    pub fn user(&self) -> Option<&str> {
        self.user.as_deref()
    }

    /// True once the viewer was shown something of a members-only server.
    pub fn saw_members_only(&self) -> bool {
        self.members_only.load(Ordering::Relaxed)
    }

    pub(in crate::table) fn admitted_as_member(&self) {
        self.members_only.store(true, Ordering::Relaxed);
    }
}

//! Sharded gateway sessions in the fake, as Discord does them: an IDENTIFY naming `shard:
//! [id, total]` with a total above one makes its session that shard, and a dispatch about a
//! guild goes only to the guild's shard, `(guild_id >> 22) % total`. A shard's dispatches made
//! while its connection is down wait for its RESUME (`fake-session-shard-<id>`), as Discord
//! keeps them. Unsharded sessions are left to `gateway.rs`.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Mutex;

use serde_json::{Value, json};
use tokio::sync::mpsc::UnboundedSender;

use super::gateway::Out;
use super::payloads::{APP_ID, BOT_ID, GUILD};

/// One sharded session: where its frames go and the seq it has reached.
struct Session {
    total: u64,
    /// The connection's outbox; `None` while the shard is disconnected.
    outbox: Option<UnboundedSender<Out>>,
    seq: u64,
    /// Dispatches sent to this shard.
    sent: usize,
    /// Dispatches made while the shard was away, replayed on its RESUME.
    backlog: Vec<Value>,
}

/// The sharded sessions open, by shard id.
#[derive(Default)]
pub(super) struct Shards {
    sessions: Mutex<HashMap<u64, Session>>,
}

/// Reads an IDENTIFY's `shard` field: `Some((id, total))` for a sharded session.
pub(super) fn identified(identify: &Value) -> Option<(u64, u64)> {
    let shard = identify["d"]["shard"].as_array()?;
    let (id, total) = (shard.first()?.as_u64()?, shard.get(1)?.as_u64()?);
    (total > 1 && id < total).then_some((id, total))
}

/// The shard Discord sends a guild's events to.
pub fn shard_of(guild: u64, total: u64) -> u64 {
    (guild >> 22) % total
}

/// Reads the shard a RESUME is for from its `session_id`, as the fake's READY named it.
pub(super) fn resumed(resume: &Value) -> Option<u64> {
    resume["d"]["session_id"]
        .as_str()?
        .strip_prefix("fake-session-shard-")?
        .parse()
        .ok()
}

/// The READY that opens shard `id` of `total` (its seq is 1).
pub(super) fn ready(addr: SocketAddr, id: u64, total: u64) -> Value {
    json!({"op": 0, "t": "READY", "s": 1, "d": {
        "v": 10,
        "user": {"id": BOT_ID, "username": "tabula", "discriminator": "0",
                 "global_name": "tabula", "avatar": null, "bot": true,
                 "flags": 0, "public_flags": 0},
        "guilds": [{"id": GUILD, "unavailable": true}],
        "session_id": format!("fake-session-shard-{id}"),
        "resume_gateway_url": format!("ws://{addr}/gateway"),
        "shard": [id, total],
        "application": {"id": APP_ID, "flags": 0}
    }})
}

impl Shards {
    /// Makes a session shard `id` of `total`, replacing an earlier session of that shard.
    pub(super) fn open(&self, id: u64, total: u64, outbox: UnboundedSender<Out>) {
        let session = Session {
            total,
            outbox: Some(outbox),
            seq: 1,
            sent: 0,
            backlog: Vec::new(),
        };
        self.sessions.lock().unwrap().insert(id, session);
    }

    /// Resumes shard `id` on a new connection: returns what it missed (to send before
    /// RESUMED) and the seq of RESUMED; `None` when no such shard ever opened.
    pub(super) fn resume(
        &self,
        id: u64,
        outbox: UnboundedSender<Out>,
    ) -> Option<(Vec<Value>, u64)> {
        let mut sessions = self.sessions.lock().unwrap();
        let session = sessions.get_mut(&id)?;
        session.outbox = Some(outbox);
        session.seq += 1;
        Some((std::mem::take(&mut session.backlog), session.seq))
    }

    /// Marks the shard whose connection used `outbox` as away, keeping the dispatches its
    /// connection had not sent yet (`unsent`) for its RESUME.
    pub(super) fn closed(&self, outbox: &UnboundedSender<Out>, unsent: Vec<Value>) {
        let mut sessions = self.sessions.lock().unwrap();
        let shard = sessions
            .values_mut()
            .find(|s| s.outbox.as_ref().is_some_and(|o| o.same_channel(outbox)));
        if let Some(session) = shard {
            session.outbox = None;
            session.backlog.extend(unsent);
        }
    }

    /// Sends `out` (a control frame or a cut) to shard `id`'s connection, if it is up.
    pub(super) fn control(&self, id: u64, out: Out) {
        let sessions = self.sessions.lock().unwrap();
        if let Some(outbox) = sessions.get(&id).and_then(|s| s.outbox.as_ref()) {
            let _ = outbox.send(out);
        }
    }

    /// Sends a dispatch to the shard of the guild named in `d` (shard 0 for none, as Discord
    /// does with direct messages); false when no sharded session is open.
    pub(super) fn route(&self, event: &str, d: &Value) -> bool {
        let guild = d["guild_id"]
            .as_str()
            .and_then(|g| g.parse::<u64>().ok())
            .unwrap_or(0);
        self.route_guild(guild, event, d)
    }

    /// Sends a dispatch about `guild` to its shard; false when no sharded session is open.
    pub(super) fn route_guild(&self, guild: u64, event: &str, d: &Value) -> bool {
        let mut sessions = self.sessions.lock().unwrap();
        let Some(total) = sessions.values().map(|s| s.total).next() else {
            return false;
        };
        let shard = shard_of(guild, total);
        let session = sessions
            .get_mut(&shard)
            .unwrap_or_else(|| panic!("no session runs shard {shard} of {total}"));
        session.seq += 1;
        session.sent += 1;
        let frame = json!({"op": 0, "t": event, "s": session.seq, "d": d});
        // Sent under the lock, so a connection that ends meanwhile finds it in its outbox.
        let unsent = match &session.outbox {
            Some(outbox) => outbox.send(Out::Frame(frame)).err().map(|lost| lost.0),
            None => Some(Out::Frame(frame)),
        };
        if let Some(Out::Frame(frame)) = unsent {
            session.backlog.push(frame);
        }
        true
    }

    /// Returns how many dispatches each shard was sent, by shard id.
    pub(super) fn sent(&self) -> HashMap<u64, usize> {
        let sessions = self.sessions.lock().unwrap();
        sessions.iter().map(|(id, s)| (*id, s.sent)).collect()
    }
}

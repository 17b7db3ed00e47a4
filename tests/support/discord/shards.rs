//! Sharded gateway sessions in the fake, as Discord does them: an IDENTIFY naming `shard:
//! [id, total]` with a total above one makes its session that shard, and a dispatch about a
//! guild goes only to the guild's shard, `(guild_id >> 22) % total`. Unsharded sessions are
//! left to `gateway.rs`.

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
    outbox: UnboundedSender<Out>,
    seq: u64,
    /// Dispatches sent to this shard.
    sent: usize,
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
            outbox,
            seq: 1,
            sent: 0,
        };
        self.sessions.lock().unwrap().insert(id, session);
    }

    /// Sends a dispatch to the shard of the guild named in `d` (shard 0 for none, as Discord
    /// does with direct messages); false when no sharded session is open.
    pub(super) fn route(&self, event: &str, d: &Value) -> bool {
        let mut sessions = self.sessions.lock().unwrap();
        let Some(total) = sessions.values().map(|s| s.total).next() else {
            return false;
        };
        let guild = d["guild_id"]
            .as_str()
            .and_then(|g| g.parse::<u64>().ok())
            .unwrap_or(0);
        let shard = shard_of(guild, total);
        let session = sessions
            .get_mut(&shard)
            .unwrap_or_else(|| panic!("no session runs shard {shard} of {total}"));
        session.seq += 1;
        session.sent += 1;
        let frame = Out::Frame(json!({"op": 0, "t": event, "s": session.seq, "d": d}));
        session
            .outbox
            .send(frame)
            .expect("the shard's gateway session is open");
        true
    }

    /// Returns how many dispatches each shard was sent, by shard id.
    pub(super) fn sent(&self) -> HashMap<u64, usize> {
        let sessions = self.sessions.lock().unwrap();
        sessions.iter().map(|(id, s)| (*id, s.sent)).collect()
    }
}

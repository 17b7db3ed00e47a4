//! The fake gateway: one websocket session per bot connection, speaking plain Text frames.
//! As Discord's: events dispatched while the bot is away are replayed when it RESUMEs and
//! dropped when it IDENTIFYs anew; tests can send op 7 (Reconnect) and op 9 (Invalid Session)
//! or cut the connection; an IDENTIFY asking for Message Content when the application may not
//! have it is closed with 4014.

use std::sync::Arc;
use std::sync::atomic::Ordering;

use axum::extract::State as AxumState;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::response::Response;
use serde_json::{Value, json};

use super::payloads::{APP_ID, BOT_ID, GUILD, guild_create};
use super::{State, shards};

/// The Message Content intent.
pub const MESSAGE_CONTENT: u64 = 1 << 15;
/// Discord's close code for an IDENTIFY with an intent the application may not have.
pub const DISALLOWED_INTENTS: u16 = 4014;

/// What a session sends its bot.
#[derive(Debug)]
pub(super) enum Out {
    /// A frame, sent as it is.
    Frame(Value),
    /// Drop the connection without a close frame.
    Cut,
}

/// Sends a dispatch frame to the connected bot, or keeps it for a RESUME.
pub(super) fn deliver(state: &State, frame: Value) {
    // Sent under the lock, so a session that ends meanwhile finds the frame in its outbox.
    let outbox = state.gateway.lock().unwrap();
    let unsent = match outbox.as_ref() {
        Some(tx) => match tx.send(Out::Frame(frame)) {
            Ok(()) => None,
            Err(lost) => Some(lost.0),
        },
        None => Some(Out::Frame(frame)),
    };
    if let Some(Out::Frame(frame)) = unsent {
        state.backlog.lock().unwrap().push(frame);
    }
}

/// Sends a control message to the current session, if there is one.
pub(super) fn control(state: &State, out: Out) {
    if let Some(tx) = state.gateway.lock().unwrap().as_ref() {
        let _ = tx.send(out);
    }
}

pub(super) async fn upgrade(
    AxumState(state): AxumState<Arc<State>>,
    ws: WebSocketUpgrade,
) -> Response {
    ws.on_upgrade(move |socket| session(socket, state))
}

async fn session(mut socket: WebSocket, state: Arc<State>) {
    let hello = json!({"op": 10, "d": {"heartbeat_interval": 41250}, "s": null, "t": null});
    if socket.send(text(&hello)).await.is_err() {
        return;
    }
    let (tx, mut outbox) = tokio::sync::mpsc::unbounded_channel::<Out>();
    loop {
        tokio::select! {
            incoming = socket.recv() => {
                let Some(Ok(message)) = incoming else { break };
                let Message::Text(body) = message else {
                    if matches!(message, Message::Close(_)) { break }
                    continue;
                };
                let Ok(frame) = serde_json::from_str::<Value>(body.as_str()) else { continue };
                if !answer(&mut socket, &state, &tx, &frame).await { break }
            }
            out = outbox.recv() => {
                let Some(Out::Frame(frame)) = out else { break };
                if frame["op"] == 0 {
                    state.strict.delivered(&frame);
                }
                if socket.send(text(&frame)).await.is_err() { break }
            }
        }
    }
    // Events from now on, and those not sent yet, wait for the bot's return.
    let mut current = state.gateway.lock().unwrap();
    let unsharded = current.as_ref().is_some_and(|c| c.same_channel(&tx));
    if unsharded {
        *current = None;
    }
    outbox.close();
    let mut unsent = Vec::new();
    while let Ok(out) = outbox.try_recv() {
        if let Out::Frame(frame) = out
            && frame["op"] == 0
        {
            unsent.push(frame);
        }
    }
    if unsharded {
        state.backlog.lock().unwrap().extend(unsent);
    } else {
        state.shards.closed(&tx, unsent);
    }
}

/// Answers one frame from the bot; returns false when the session is over.
async fn answer(
    socket: &mut WebSocket,
    state: &State,
    tx: &tokio::sync::mpsc::UnboundedSender<Out>,
    frame: &Value,
) -> bool {
    match frame["op"].as_u64() {
        Some(1) => {
            let ack = json!({"op": 11, "d": null, "s": null, "t": null});
            socket.send(text(&ack)).await.is_ok()
        }
        Some(2) if shards::identified(frame).is_some() => {
            // A session for one shard of several: its own READY, events of its guilds only.
            let (id, total) = shards::identified(frame).unwrap_or_default();
            let addr = state.addr.lock().unwrap().expect("address");
            if socket
                .send(text(&shards::ready(addr, id, total)))
                .await
                .is_err()
            {
                return false;
            }
            state.identifies.lock().unwrap().push(frame["d"].clone());
            state.shards.open(id, total, tx.clone());
            // Then the guilds of this shard, as Discord sends them after READY.
            let guild: u64 = GUILD.parse().expect("a snowflake");
            if shards::shard_of(guild, total) == id {
                let create = guild_create(GUILD, state.bot_permissions());
                state.shards.route_guild(guild, "GUILD_CREATE", &create);
            }
            state.readies.fetch_add(1, Ordering::SeqCst);
            true
        }
        Some(2) => identify(socket, state, tx, frame).await,
        Some(6) if state.session_expired.swap(false, Ordering::SeqCst) => {
            // Too late to resume: the bot must IDENTIFY, and what it missed is gone.
            let invalid = json!({"op": 9, "d": false, "s": null, "t": null});
            socket.send(text(&invalid)).await.is_ok()
        }
        Some(6) if shards::resumed(frame).is_some() => {
            let id = shards::resumed(frame).unwrap_or_default();
            resume_shard(socket, state, tx, id).await
        }
        Some(6) => {
            // Discord replays what the bot missed, then says RESUMED.
            let missed = std::mem::take(&mut *state.backlog.lock().unwrap());
            for event in missed {
                state.strict.delivered(&event);
                if socket.send(text(&event)).await.is_err() {
                    return false;
                }
            }
            let s = state.seq.fetch_add(1, Ordering::SeqCst) + 1;
            let resumed = json!({"op": 0, "t": "RESUMED", "s": s, "d": {}});
            if socket.send(text(&resumed)).await.is_err() {
                return false;
            }
            *state.gateway.lock().unwrap() = Some(tx.clone());
            state.resumes.fetch_add(1, Ordering::SeqCst);
            true
        }
        _ => true,
    }
}

/// Resumes shard `id`: replays what it missed, then says RESUMED; an unknown shard's
/// session cannot be resumed (op 9).
async fn resume_shard(
    socket: &mut WebSocket,
    state: &State,
    tx: &tokio::sync::mpsc::UnboundedSender<Out>,
    id: u64,
) -> bool {
    let Some((missed, s)) = state.shards.resume(id, tx.clone()) else {
        let invalid = json!({"op": 9, "d": false, "s": null, "t": null});
        return socket.send(text(&invalid)).await.is_ok();
    };
    for event in missed {
        state.strict.delivered(&event);
        if socket.send(text(&event)).await.is_err() {
            return false;
        }
    }
    let resumed = json!({"op": 0, "t": "RESUMED", "s": s, "d": {}});
    if socket.send(text(&resumed)).await.is_err() {
        return false;
    }
    state.resumes.fetch_add(1, Ordering::SeqCst);
    true
}

async fn identify(
    socket: &mut WebSocket,
    state: &State,
    tx: &tokio::sync::mpsc::UnboundedSender<Out>,
    frame: &Value,
) -> bool {
    state.identifies.lock().unwrap().push(frame["d"].clone());
    let intents = frame["d"]["intents"].as_u64().unwrap_or(0);
    let refused = state.strict.message_content_disabled.load(Ordering::SeqCst);
    if refused && intents & MESSAGE_CONTENT != 0 {
        let close = CloseFrame {
            code: DISALLOWED_INTENTS,
            reason: "Disallowed intent(s).".into(),
        };
        let _ = socket.send(Message::Close(Some(close))).await;
        return false;
    }
    // A new session: what the old one missed is gone, and events count from 1.
    let missed = std::mem::take(&mut *state.backlog.lock().unwrap());
    state.dropped.fetch_add(missed.len(), Ordering::SeqCst);
    state.seq.store(1, Ordering::SeqCst);
    let addr = state.addr.lock().unwrap().expect("address");
    let readies = state.readies.load(Ordering::SeqCst) + 1;
    let ready = json!({"op": 0, "t": "READY", "s": 1, "d": {
        "v": 10,
        "user": {"id": BOT_ID, "username": "tabula", "discriminator": "0",
                 "global_name": "tabula", "avatar": null, "bot": true,
                 "flags": 0, "public_flags": 0},
        "guilds": [{"id": GUILD, "unavailable": true}],
        "session_id": format!("fake-session-{readies}"),
        "resume_gateway_url": format!("ws://{addr}/gateway"),
        "shard": [0, 1],
        "application": {"id": APP_ID, "flags": 0}
    }});
    if socket.send(text(&ready)).await.is_err() {
        return false;
    }
    // Then the guild, as Discord sends each of a session's guilds after READY.
    let s = state.seq.fetch_add(1, Ordering::SeqCst) + 1;
    let create = guild_create(GUILD, state.bot_permissions());
    let frame = json!({"op": 0, "t": "GUILD_CREATE", "s": s, "d": create});
    if socket.send(text(&frame)).await.is_err() {
        return false;
    }
    *state.gateway.lock().unwrap() = Some(tx.clone());
    state.readies.fetch_add(1, Ordering::SeqCst);
    true
}

fn text(value: &Value) -> Message {
    Message::Text(value.to_string().into())
}

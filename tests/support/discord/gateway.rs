//! The fake gateway: one websocket session per bot connection, speaking plain Text frames.

use std::sync::Arc;
use std::sync::atomic::Ordering;

use axum::extract::State as AxumState;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::response::Response;
use serde_json::{Value, json};

use super::payloads::{APP_ID, BOT_ID, GUILD};
use super::{State, shards};

pub(super) async fn upgrade(
    AxumState(state): AxumState<Arc<State>>,
    ws: WebSocketUpgrade,
) -> Response {
    ws.on_upgrade(move |socket| session(socket, state))
}

async fn session(mut socket: WebSocket, state: Arc<State>) {
    let hello = json!({"op": 10, "d": {"heartbeat_interval": 41250}, "s": null, "t": null});
    if socket.send(text(hello)).await.is_err() {
        return;
    }
    let (tx, mut outbox) = tokio::sync::mpsc::unbounded_channel::<String>();
    loop {
        tokio::select! {
            incoming = socket.recv() => {
                let Some(Ok(message)) = incoming else { break };
                let Message::Text(body) = message else {
                    if matches!(message, Message::Close(_)) { break }
                    continue;
                };
                let Ok(frame) = serde_json::from_str::<Value>(body.as_str()) else { continue };
                match frame["op"].as_u64() {
                    Some(1) => {
                        let ack = json!({"op": 11, "d": null, "s": null, "t": null});
                        if socket.send(text(ack)).await.is_err() { break }
                    }
                    Some(2) if shards::identified(&frame).is_some() => {
                        let (id, total) = shards::identified(&frame).unwrap_or_default();
                        let addr = state.addr.lock().unwrap().expect("address");
                        if socket.send(text(shards::ready(addr, id, total))).await.is_err() { break }
                        state.shards.open(id, total, tx.clone());
                        state.readies.fetch_add(1, Ordering::SeqCst);
                    }
                    Some(2) => {
                        // A new session counts its events from 1.
                        state.seq.store(1, Ordering::SeqCst);
                        let s = 1;
                        let addr = state.addr.lock().unwrap().expect("address");
                        let ready = json!({"op": 0, "t": "READY", "s": s, "d": {
                            "v": 10,
                            "user": {"id": BOT_ID, "username": "tabula", "discriminator": "0",
                                     "global_name": "tabula", "avatar": null, "bot": true,
                                     "flags": 0, "public_flags": 0},
                            "guilds": [{"id": GUILD, "unavailable": true}],
                            "session_id": format!("fake-session-{s}"),
                            "resume_gateway_url": format!("ws://{addr}/gateway"),
                            "shard": [0, 1],
                            "application": {"id": APP_ID, "flags": 0}
                        }});
                        if socket.send(text(ready)).await.is_err() { break }
                        *state.gateway.lock().unwrap() = Some(tx.clone());
                        state.readies.fetch_add(1, Ordering::SeqCst);
                    }
                    Some(6) => {
                        let s = state.seq.fetch_add(1, Ordering::SeqCst) + 1;
                        let resumed = json!({"op": 0, "t": "RESUMED", "s": s, "d": {}});
                        if socket.send(text(resumed)).await.is_err() { break }
                        *state.gateway.lock().unwrap() = Some(tx.clone());
                    }
                    _ => {}
                }
            }
            out = outbox.recv() => {
                let Some(frame) = out else { break };
                if socket.send(Message::Text(frame.into())).await.is_err() { break }
            }
        }
    }
}

fn text(value: Value) -> Message {
    Message::Text(value.to_string().into())
}

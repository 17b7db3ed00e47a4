//! The Discord frontend: slash commands, autocomplete, buttons and plain-text moves on poise
//! and serenity. It only maps interactions to `table` commands and `Reply`s to messages; every
//! rule, permission and piece of state lives in the table and the database, so buttons keep
//! working across restarts.

mod access;
mod answer;
mod bot;
mod button_id;
mod buttons;
mod catchup;
mod commands;
mod config;
mod deliver;
mod gate;
mod members;
mod messages;
mod ops;
mod people;
mod post;
mod requests;
mod retry;
mod shards;
mod status;
mod suggest;
mod sweeps;
mod waiting;

use std::time::Duration;

use crate::table::Table;

pub use bot::{Running, http_client, start};
pub use catchup::PER_CHANNEL as CATCH_UP_PER_CHANNEL;
pub use config::{Config, DiscordHost, HTTP_TIMEOUT, MAX_GAME_THREADS};
pub use members::members;
pub use shards::{BadShards, Shards};
pub use suggest::BUDGET as AUTOCOMPLETE_BUDGET;

/// What every handler shares: the table and the few settings handlers need.
pub struct Data {
    table: Table,
    message_content: bool,
    defer_after: Duration,
    max_game_threads: usize,
    /// Held while a game thread is opened, so one member's racing `/play thread:True`
    /// commands are counted one after the other against their limit.
    thread_gate: tokio::sync::Mutex<()>,
    /// Every interaction, plain-text move and bot turn passes it; a stop closes it and waits.
    gate: std::sync::Arc<gate::Gate>,
    /// The moves of each channel's player to move, kept for autocomplete answers in time.
    ready: std::sync::Arc<suggest::Ready>,
    /// The games whose bot turn waits for a permission in their channel.
    waiting: std::sync::Arc<waiting::Waiting>,
}

/// The error type of the command handlers (they answer players themselves and rarely fail).
pub type Error = Box<dyn std::error::Error + Send + Sync>;

/// The poise context every command receives.
pub type Context<'a> = poise::Context<'a, Data, Error>;

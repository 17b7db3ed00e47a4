//! tabula: a Discord bot for play-by-message board games.
//!
//! Layers, dependencies pointing down: frontends (`discord`, `console`, `engine`, `web`) → `table` → `store`,
//! `render`, `bot` → `rules`.

pub mod bot;
pub mod console;
pub mod discord;
pub mod engine;
pub mod lines;
pub mod rating;
pub mod render;
pub mod rules;
pub mod store;
pub mod table;
pub mod web;

//! tabula: a Discord bot for play-by-message board games.
//!
//! Layers, dependencies pointing down: frontends (`discord`, `console`) → `table` → `store`,
//! `render`, `bot` → `rules`. The `engine` (JSON lines for tools and oracle tests) speaks to
//! `rules`, `render` and `bot` directly, without the table: it has no players, seats or store.

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

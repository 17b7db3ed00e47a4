//! tabula: a Discord bot for play-by-message board games.
//!
//! Layers, dependencies pointing down: frontends (`console`, `engine`) → `table` → `store`,
//! `render` → `rules`.

pub mod render;
pub mod rules;

//! Helpers shared by the integration tests.

// Test databases: a SQLite file per test, PostgreSQL when present (a loud SKIP when not).
pub mod db;

// Loader fuzzing: mutated `state` JSON is refused, or loads, plays, renders and saves.
pub mod fuzz;

// Moves read and listed for whoever is to act (`game.read("e4")`).
pub mod game;

// The fake Discord: REST and gateway on 127.0.0.1, as strict as Discord, and the bot process.
pub mod discord;

// Parcheesi positions written as boards, for the rule-sheet tests.
pub mod parcheesi;

// The shipped binary as a child process.
pub mod process;

// Decoding and checking pictures.
pub mod render;

// TestTable: a table over a fresh database, the console, and the contexts players speak from.
pub mod table;

//! tabula's integration tests, in one binary. Each module tests one game or one layer from the
//! outside, through the library's public API, the shipped binary, or a fake Discord.

// Shared harness: TestTable (table, store and console), databases, the fake Discord, pictures.
mod support;

// Chess: FIDE rules and notation, random games, console games, the picture.
mod chess;

// The Parcheesi family: one module per rule sheet, notation, random games, console, engine, picture.
mod parcheesi;

// Backgammon: rules, cube and matches, agreement with GNU Backgammon, table, engine, picture.
mod backgammon;

// Checkers: perft against OEIS, both sheets, huffing, notation, random games, console, picture.
mod checkers;

// The table: lobbies and seats, racing commands, hostile text in every option.
mod table;

// The store, on SQLite and PostgreSQL: the guarded commit, concurrency, stored text.
mod store;

// The shipped binary as a subprocess: engine JSON lines, console restarts, start-up errors.
mod binary;

// Whole processes killed with SIGKILL and racing each other, then the database audited.
mod crash;

// Operators' and testers' troubles with the binary: racing starts, bad databases, hostile input.
mod operator;

// The Discord frontend end to end: the real bot against a fake Discord on 127.0.0.1.
mod chinese_checkers;
mod discord;

// Playing against the bot: seats, turns like a person's, claims across processes, restarts.
mod bots;
// Snakes & Ladders: the sheet sentence by sentence, the Markov oracle, random games, console, engine, picture.
mod snakes;

// The web view against its router: privacy, the one 404, pictures, downloads read back.
mod web;

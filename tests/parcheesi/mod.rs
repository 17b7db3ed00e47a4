//! The Parcheesi family: four rulesets of one engine, each held to its own rule sheet.

// One module per rule sheet, each test named after the sentence it checks.
mod sheets;

// What players type: pawns A-D with counts, bonuses, errors with reasons.
mod notation;

// What a stored game may hold: a roll re-derived from its pawns, resignations mid-roll.
mod loading;

// The loader fuzzed: mutated states are refused, or load, play, render and save.
mod loader;

// What every position keeps, after every action of random games of every ruleset.
mod invariants;

// Seeded four-player console games of each ruleset, played to a winner.
mod console;

// The JSON-lines engine: new, roll, legal, play, state and load, render.
mod engine;

// The picture: every ruleset and player count, blockades, last moves, hostile names.
mod render;

// The bot: legal whole turns at every level, captures, risk, and level order.
mod bot;

//! Checkers through the contract, the table, the console and the renderer.

// Perft against OEIS A133046, and the Brazilian trap.
mod perft;

// One test per sentence of sheets 000 and 004, both huffing rulesets, the draw rule.
mod rules;

// PDN move text read leniently, ambiguity asked about, hostile text refused in one line.
mod notation;

// The loader fuzzed: mutated states are refused, or load, play, render and save.
mod loader;

// Seeded console games to the end, one per ruleset, exported as PDN and read back.
mod console;

// The picture: size, budget, hostile names.
mod render;

// The bot: its strongest level beats the random one.
mod bot;

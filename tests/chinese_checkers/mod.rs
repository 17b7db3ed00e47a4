//! Chinese checkers through the contract, the table and the renderer.

// The star: 73 and 121 holes, corner sizes, neighbours along the lines, hole names.
mod geometry;

// One test per sentence of rule sheet 000, plus partners, anti-spoiling and the end.
mod rules;

// Solitaire oracles: the fewest moves across the board, by our own breadth-first search.
mod solitaire;

// Reading moves as players type them, and hostile text.
mod notation;

// The position string: what it says, that it reads back, what it refuses, the engine's use.
mod position;

// Partners and places together, the rulesets beyond the listed ones: random games end.
mod rulesets;

// The loaders fuzzed: mutated states and position strings are refused, or load, play, render
// and save.
mod loader;

// Bots: every level plays legal moves, all-bot games end, the top level beats greedy.
mod bots;

// The picture: size, both boards, hostile names, PNG budget.
mod render;

// Seeded games at the table (2 and 3 players, 6 pegs; 6 players, 10 pegs) to the end.
mod console;

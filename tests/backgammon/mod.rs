//! Backgammon: the rule sheet's game, the cube and matches, held to GNU Backgammon.

// The rule sheet's sentences, the cube, matches and the Crawford rule, notation.
mod rules;

// Our legal plays against GNU Backgammon's, position by position (needs gnubg).
pub(crate) mod gnubg;

// What a stored state may hold: every field checked, a finished game's gnubg ID, rulesets.
mod loading;

// The loader fuzzed: mutated states are refused, or load, play, render and save.
mod loader;

// What every position keeps, after every action of random games and matches.
mod invariants;

// Seeded games at the console table, with the cube offered, taken and dropped.
mod table;

// The JSON-lines engine: gnubg position IDs in and out, rolls, plays, render.
mod engine;

// The picture: board, checkers, cube, last play, pips, hostile names.
mod render;

// The bot: bear-off database values, legal plays, the cube in races, level order, the budget.
mod bot;

// Cube decisions held to gnubg's 2-ply verdicts (issue 31).
mod cube;

// Gammons saved in bear-offs, held to gnubg's 2-ply answers (issue 31).
mod gammons;

// The Jellyfish `.mat` match file imported by gnubg, position by position (issue 28).
pub(crate) mod mat;

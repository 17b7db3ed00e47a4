//! Chess through the contract, the table, the console and the renderer.

// Every FIDE rule the sheets state, SAN and UCI notation, draws, perft through the contract.
mod rules;

// Reading moves in any case, and the true reason a move is not legal (issue 13 items 6 and 7).
mod notation;

// Draws as the sheets have them: at once, claimed, agreed; the fivefold rule; FENs said back.
mod draws;

// The loader fuzzed: mutated states are refused, or load, play, render and save.
mod loader;

// Scripted games at the console table: checkmate, stalemate, a restart in mid-game.
mod console;

// The picture: size, orientation, highlights, hostile names, PNG budget.
mod render;

// The bot (issue 17): mates, Win at Chess within node budgets, legal moves, level order, why.
mod bot;

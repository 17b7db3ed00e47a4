//! Chess through the contract, the table, the console and the renderer.

// Every FIDE rule the sheets state, SAN and UCI notation, draws, perft through the contract.
mod rules;

// Random whole games: they end, survive JSON at every step and replay from their log.
mod random;

// Scripted games at the console table: checkmate, stalemate, a restart in mid-game.
mod console;

// The picture: size, orientation, highlights, hostile names, PNG budget.
mod render;

//! Playing against the bot: seats the bot fills, its turns played through the table like a
//! person's, claimed once across processes, and found again after a restart.

// Seats, turns, ratings, hints and the engine verb, through the table and the console.
mod seats;

// Two stores racing for one bot turn, and a turn left pending by a restart.
mod claims;

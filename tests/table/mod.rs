//! The table, the application core, through its commands.

// Opening tables, joining, leaving, starting, aborting, resigning.
mod lobby;

// Two players acting at once: exactly one action lands, the other is told why.
mod race;

// Hostile text in every command option: a one-line error and no change.
mod hostile_input;

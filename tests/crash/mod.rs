//! Crashes and races of whole processes (issue 14): `tabula console` processes killed with
//! SIGKILL at random moments and restarted, and processes racing for one game, on SQLite and
//! on PostgreSQL; afterwards the database itself is audited.

// The audit: seqs without gaps, logs that replay to their snapshots, acknowledged actions kept.
mod audit;

// A console process spoken to line by line, and killed at any moment.
mod console;

// SIGKILL at random moments, a hundred times and more, then restarts.
mod kills;

// What the player to act would type next, read from the database.
mod play;

// Two processes sending the same command to one game, a third playing beside them.
mod race;

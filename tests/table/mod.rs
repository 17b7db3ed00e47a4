//! The table, the application core, through its commands.

// Opening tables, joining, leaving, starting, aborting, resigning.
mod lobby;

// Two players acting at once: exactly one action lands, the other is told why.
mod race;

// Hostile text in every command option: a one-line error and no change.
mod hostile_input;

// Looking back: /export in the game's notation, /replay as an animated GIF.
mod history;

// Ratings by skillratings, leaderboards with their card, /stats.
mod ratings;

// Time limits per move with an injected clock: deadlines, /claim.
mod time;

// Aborting: a damaged game from its row; once under way, every player still in or an admin.
mod abort;

// What players read: visible echoes cut short, named dice limits, clean names, permanent failures.
mod messages;

// Taking seats: one step for /play, /join and /invite; bot ids old and new playing alike.
mod seating;

// /settings: admins only; the default time limit, the reminder delay, tables that expire.
mod settings;

// Days away and claims by the scheduler: /vacation pauses clocks, quiet hours and DMs for
// reminders, a passed deadline claimed by itself after the grace period, the console's /tick.
mod away;

// The console's /status: the process's counters.
mod status;

// Data on request and on leaving: /forget-me, a server that removed the bot.
mod privacy;

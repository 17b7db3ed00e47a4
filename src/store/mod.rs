//! Persistence: games, seats and the append-only action log in SQLite or PostgreSQL.
//!
//! `sqlx::AnyPool`s serve both backends; every query uses `$n` placeholders and only
//! integer, real and text columns, so the same SQL runs on either. On a SQLite file, writes
//! go through one connection of their own and reads through a pool beside it (see
//! [`Store::db`]), so a write never waits for a connection behind queued reads.

mod backup;
mod bots;
mod commit;
mod connect;
mod error;
mod games;
mod marks;
mod model;
mod players;
mod privacy;
mod ratings;
mod reminders;
mod rows;
mod schema;
mod settings;
mod threads;
mod trips;
mod trouble;
mod votes;
mod web;
mod web_seats;
mod zone;

use sqlx::AnyPool;

pub use backup::PG_DUMP_ADVICE;
pub use bots::{BOT_LEASE_SECONDS, BotRecord};
pub use commit::Committed;
pub use connect::CONNECT_TIMEOUT;
pub use connect::{DB_DELAY_ENV, Latency};
pub use error::StoreError;
pub use marks::Unread;
pub use model::{
    Change, GameRow, LoggedAction, NewGame, NewLog, SeatRow, Status, UnknownStatus, bot_level_of,
};
pub use players::{Notify, PlayerSettings, Quiet};
pub use privacy::{FORMER_PLAYER, Forgotten, KEEP_AFTER_LEAVING};
pub use ratings::{BoardEntry, Rate, RatingChange, RatingPoint, Standing};
pub use reminders::LEASE_SECONDS;
pub use schema::newest_known as newest_schema;
pub use settings::{
    MAX_GRACE_HOURS, MAX_LOBBY_DAYS, MAX_MOVE_DAYS, MAX_REMIND_HOURS, MAX_VACATION_DAYS, Settings,
};
pub use trips::count_round_trips;
pub use trouble::redact;
pub use web::{
    ArchiveFilter, ArchiveResult, Visibility, WebGame, WebPlayer, WebServer, is_public_id,
    new_public_id,
};
pub use web_seats::{WebSeat, WebSeats};
pub use zone::Zone;

/// The database behind a [`Store`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// A SQLite file (or in-memory database).
    Sqlite,
    /// A PostgreSQL server.
    Postgres,
}

/// Holds the connection pools; cloning is cheap and shares them.
#[derive(Clone)]
pub struct Store {
    /// Reads (and, on PostgreSQL and in-memory SQLite, everything).
    pool: AnyPool,
    /// Writes: on a SQLite file a pool of exactly one connection, SQLite's one writer, so a
    /// write waits only for other writes; elsewhere the same pool as `pool`. A transaction
    /// holds it until it ends, so nothing may write through [`Store::db`] while holding one
    /// (it would wait for itself).
    writer: AnyPool,
    backend: Backend,
    clock: Clock,
    /// Seconds a claimed reminder is held before another process may send it again.
    reminder_lease: i64,
    /// Taken by this process's game transactions on SQLite, so they queue here in order
    /// instead of in SQLite's busy handler, which sleeps (up to 100 ms at a time) while
    /// another connection writes.
    writes: std::sync::Arc<tokio::sync::Mutex<()>>,
    /// Counts every statement sent (see [`count_round_trips`]).
    trips: trips::Trips,
}

/// Tells the time in unix seconds: the wall clock, or a test's own.
pub type Clock = std::sync::Arc<dyn Fn() -> i64 + Send + Sync>;

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store")
            .field("backend", &self.backend)
            .finish_non_exhaustive()
    }
}

impl Store {
    /// Returns which database this store talks to.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Returns a store over the same pool that tells time by `clock` (unix seconds): every
    /// timestamp and deadline it writes, and [`now`](Self::now).
    pub fn with_clock(&self, clock: Clock) -> Store {
        Store {
            clock,
            ..self.clone()
        }
    }

    /// Returns a store over the same pool whose claimed reminders are held `seconds` (at
    /// least one) before another process may send them again; [`LEASE_SECONDS`] by default.
    pub fn with_reminder_lease(&self, seconds: i64) -> Store {
        Store {
            reminder_lease: seconds.max(1),
            ..self.clone()
        }
    }

    /// The store's time in unix seconds.
    pub fn now(&self) -> i64 {
        (self.clock)()
    }

    /// Waits for this process's turn to write a game on SQLite (one game transaction at a
    /// time, first come first served); PostgreSQL locks rows, so there it waits for nothing.
    pub(crate) async fn write_turn(&self) -> Option<tokio::sync::MutexGuard<'_, ()>> {
        match self.backend {
            Backend::Sqlite => Some(self.writes.lock().await),
            Backend::Postgres => None,
        }
    }

    /// Closes every connection of the pools and waits until they are gone.
    pub async fn close(&self) {
        self.pool.close().await;
        self.writer.close().await;
    }
}

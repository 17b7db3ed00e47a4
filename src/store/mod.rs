//! Persistence: games, seats and the append-only action log in SQLite or PostgreSQL.
//!
//! One `sqlx::AnyPool` serves both backends; every query uses `$n` placeholders and only
//! integer, real and text columns, so the same SQL runs on either.

mod connect;
mod error;
mod games;
mod model;
mod ratings;
mod rows;

use sqlx::AnyPool;

pub use error::StoreError;
pub use model::{Change, GameRow, LoggedAction, NewGame, NewLog, Seat, Status, UnknownStatus};
pub use ratings::{Rate, RatingChange, Standing};

/// The database behind a [`Store`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// A SQLite file (or in-memory database).
    Sqlite,
    /// A PostgreSQL server.
    Postgres,
}

/// Holds the connection pool; cloning is cheap and shares the pool.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    backend: Backend,
}

impl Store {
    /// Returns which database this store talks to.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Closes every connection of the pool and waits until they are gone.
    pub async fn close(&self) {
        self.pool.close().await;
    }
}

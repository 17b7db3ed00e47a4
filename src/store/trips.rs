//! The one choke point every statement to the database passes: it counts the round trips
//! (for `/status` and the load driver, and per task for one command) and, in tests and
//! measurements, waits a chosen latency before each, as a database far away would.
//!
//! Queries run on [`Store::db`] (the pool) or [`Store::on`] (a connection or transaction);
//! transactions open and close through [`Store::begin`], [`Store::finish`] and
//! [`Store::undo`], which count their `BEGIN`, `COMMIT` and `ROLLBACK`.

use std::cell::Cell;
use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use futures_core::future::BoxFuture;
use futures_core::stream::BoxStream;
use sqlx::any::{Any, AnyQueryResult, AnyRow, AnyStatement, AnyTypeInfo};
use sqlx::{Either, Execute, Executor, Transaction};

use super::connect::Latency;
use super::{Store, StoreError};

/// Counts a store's round trips; cloning shares the count.
#[derive(Clone, Debug, Default)]
pub(crate) struct Trips {
    total: Arc<AtomicU64>,
    /// Waited before every round trip when set (a database far away, for measurements).
    latency: Option<Latency>,
}

tokio::task_local! {
    /// The round trips of the task's current piece of work, when something measures them.
    static TASK_TRIPS: Cell<u64>;
}

impl Trips {
    pub(crate) fn with_latency(latency: Option<Latency>) -> Trips {
        Trips {
            total: Arc::default(),
            latency,
        }
    }

    /// Notes one round trip, then waits the injected latency if there is one.
    async fn trip(&self) {
        self.total.fetch_add(1, Ordering::Relaxed);
        let _ = TASK_TRIPS.try_with(|n| n.set(n.get() + 1));
        if let Some(latency) = &self.latency {
            latency.wait().await;
        }
    }

    /// Notes one round trip whose latency cannot be waited for (a stream's first row).
    pub(super) fn note(&self) {
        self.total.fetch_add(1, Ordering::Relaxed);
        let _ = TASK_TRIPS.try_with(|n| n.set(n.get() + 1));
    }
}

/// Runs `work` and returns its output with the database round trips it made itself (on
/// this task, whatever other tasks send at the same time).
pub async fn count_round_trips<F: Future>(work: F) -> (F::Output, u64) {
    TASK_TRIPS
        .scope(Cell::new(0), async move {
            let out = work.await;
            (out, TASK_TRIPS.with(Cell::get))
        })
        .await
}

/// An executor (the pool, a connection or a transaction) whose every statement is counted.
#[derive(Debug)]
pub(crate) struct Counted<'c, E> {
    inner: E,
    trips: &'c Trips,
}

impl Store {
    /// The pool, counting each statement sent through it.
    pub(crate) fn db(&self) -> Counted<'_, &sqlx::AnyPool> {
        Counted {
            inner: &self.pool,
            trips: &self.trips,
        }
    }

    /// A connection or transaction, counting each statement sent through it.
    pub(crate) fn on<'c, E>(&'c self, inner: E) -> Counted<'c, E>
    where
        E: Executor<'c, Database = Any>,
    {
        Counted {
            inner,
            trips: &self.trips,
        }
    }

    /// Opens a transaction (one round trip: `BEGIN`).
    pub(crate) async fn begin(&self) -> Result<Transaction<'static, Any>, StoreError> {
        self.trips.trip().await;
        Ok(self.pool.begin().await?)
    }

    /// Commits a transaction (one round trip: `COMMIT`).
    pub(crate) async fn finish(&self, tx: Transaction<'static, Any>) -> Result<(), StoreError> {
        self.trips.trip().await;
        Ok(tx.commit().await?)
    }

    /// Rolls a transaction back (one round trip: `ROLLBACK`).
    pub(crate) async fn undo(&self, tx: Transaction<'static, Any>) -> Result<(), StoreError> {
        self.trips.trip().await;
        Ok(tx.rollback().await?)
    }

    /// The round trips this store (and every clone of it) made since it connected.
    pub fn round_trips(&self) -> u64 {
        self.trips.total.load(Ordering::Relaxed)
    }

    /// The shared count behind [`round_trips`](Self::round_trips), for a process's counters.
    pub fn round_trip_counter(&self) -> Arc<AtomicU64> {
        Arc::clone(&self.trips.total)
    }
}

impl<'c, E> Executor<'c> for Counted<'c, E>
where
    E: Executor<'c, Database = Any> + 'c,
{
    type Database = Any;

    fn execute<'e, 'q: 'e, Q>(self, query: Q) -> BoxFuture<'e, Result<AnyQueryResult, sqlx::Error>>
    where
        'c: 'e,
        Q: 'q + Execute<'q, Any>,
    {
        Box::pin(async move {
            self.trips.trip().await;
            self.inner.execute(query).await
        })
    }

    fn fetch_many<'e, 'q: 'e, Q>(
        self,
        query: Q,
    ) -> BoxStream<'e, Result<Either<AnyQueryResult, AnyRow>, sqlx::Error>>
    where
        'c: 'e,
        Q: 'q + Execute<'q, Any>,
    {
        self.trips.note();
        self.inner.fetch_many(query)
    }

    fn fetch_all<'e, 'q: 'e, Q>(self, query: Q) -> BoxFuture<'e, Result<Vec<AnyRow>, sqlx::Error>>
    where
        'c: 'e,
        Q: 'q + Execute<'q, Any>,
    {
        Box::pin(async move {
            self.trips.trip().await;
            self.inner.fetch_all(query).await
        })
    }

    fn fetch_one<'e, 'q: 'e, Q>(self, query: Q) -> BoxFuture<'e, Result<AnyRow, sqlx::Error>>
    where
        'c: 'e,
        Q: 'q + Execute<'q, Any>,
    {
        Box::pin(async move {
            self.trips.trip().await;
            self.inner.fetch_one(query).await
        })
    }

    fn fetch_optional<'e, 'q: 'e, Q>(
        self,
        query: Q,
    ) -> BoxFuture<'e, Result<Option<AnyRow>, sqlx::Error>>
    where
        'c: 'e,
        Q: 'q + Execute<'q, Any>,
    {
        Box::pin(async move {
            self.trips.trip().await;
            self.inner.fetch_optional(query).await
        })
    }

    fn prepare_with<'e>(
        self,
        sql: sqlx::SqlStr,
        parameters: &'e [AnyTypeInfo],
    ) -> BoxFuture<'e, Result<AnyStatement, sqlx::Error>>
    where
        'c: 'e,
    {
        self.trips.note();
        self.inner.prepare_with(sql, parameters)
    }

    fn describe<'e>(
        self,
        sql: sqlx::SqlStr,
    ) -> BoxFuture<'e, Result<sqlx::Describe<Any>, sqlx::Error>>
    where
        'c: 'e,
    {
        self.trips.note();
        self.inner.describe(sql)
    }
}

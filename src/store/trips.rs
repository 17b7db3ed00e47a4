//! The one choke point every statement to the database passes: it counts the round trips
//! (for `/status` and the load driver, and per task for one command) and, in tests and
//! measurements, waits a chosen latency before each, as a database far away would.
//!
//! Queries run on [`Store::db`] (the pools: a read on the readers', anything else on the
//! writer's) or [`Store::on`] (a connection or transaction); transactions open on the
//! writer's pool and close through [`Store::begin`], [`Store::finish`] and [`Store::undo`],
//! which count their `BEGIN`, `COMMIT` and `ROLLBACK`.

use std::cell::Cell;
use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use futures_core::future::BoxFuture;
use futures_core::stream::BoxStream;
use sqlx::any::{Any, AnyArguments, AnyQueryResult, AnyRow, AnyStatement, AnyTypeInfo};
use sqlx::error::BoxDynError;
use sqlx::{AnyPool, Either, Execute, Executor, SqlStr, Transaction};

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

/// The store's two pools as one executor: each statement goes to the readers' pool when it
/// only reads, else to the writer's.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pools<'p> {
    read: &'p AnyPool,
    write: &'p AnyPool,
}

/// Returns true for a statement that only reads: a `SELECT`, or SQLite's `VACUUM INTO` (a
/// read transaction that writes another file). Anything else is sent to the writer.
fn only_reads(sql: &str) -> bool {
    let sql = sql.trim_start();
    let starts = |word: &str| {
        sql.get(..word.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(word))
    };
    starts("SELECT") || starts("VACUUM INTO")
}

/// A statement taken apart to see its SQL, ready to be sent as it was.
struct Rebuilt {
    sql: SqlStr,
    arguments: Option<Result<Option<AnyArguments>, BoxDynError>>,
    persistent: bool,
}

impl Execute<'_, Any> for Rebuilt {
    fn sql(self) -> SqlStr {
        self.sql
    }

    fn statement(&self) -> Option<&AnyStatement> {
        None
    }

    fn take_arguments(&mut self) -> Result<Option<AnyArguments>, BoxDynError> {
        self.arguments.take().unwrap_or(Ok(None))
    }

    fn persistent(&self) -> bool {
        self.persistent
    }
}

impl<'p> Pools<'p> {
    /// Takes `query` apart and returns the pool it goes to, with the query as it was.
    fn route<'q, Q: Execute<'q, Any>>(self, mut query: Q) -> (&'p AnyPool, Rebuilt) {
        let persistent = query.persistent();
        let arguments = Some(query.take_arguments());
        let sql = query.sql();
        let pool = if only_reads(sql.as_str()) {
            self.read
        } else {
            self.write
        };
        let rebuilt = Rebuilt {
            sql,
            arguments,
            persistent,
        };
        (pool, rebuilt)
    }

    /// The pool a statement given as text goes to.
    fn pool_for(self, sql: &SqlStr) -> &'p AnyPool {
        if only_reads(sql.as_str()) {
            self.read
        } else {
            self.write
        }
    }
}

impl<'p> Executor<'p> for Pools<'p> {
    type Database = Any;

    fn fetch_many<'e, 'q: 'e, Q>(
        self,
        query: Q,
    ) -> BoxStream<'e, Result<Either<AnyQueryResult, AnyRow>, sqlx::Error>>
    where
        'p: 'e,
        Q: 'q + Execute<'q, Any>,
    {
        let (pool, query) = self.route(query);
        pool.fetch_many(query)
    }

    fn fetch_optional<'e, 'q: 'e, Q>(
        self,
        query: Q,
    ) -> BoxFuture<'e, Result<Option<AnyRow>, sqlx::Error>>
    where
        'p: 'e,
        Q: 'q + Execute<'q, Any>,
    {
        let (pool, query) = self.route(query);
        pool.fetch_optional(query)
    }

    fn prepare_with<'e>(
        self,
        sql: SqlStr,
        parameters: &'e [AnyTypeInfo],
    ) -> BoxFuture<'e, Result<AnyStatement, sqlx::Error>>
    where
        'p: 'e,
    {
        self.pool_for(&sql).prepare_with(sql, parameters)
    }
}

impl Store {
    /// The pools, counting each statement sent through them: a read goes to the readers'
    /// pool, a write to the writer's (on a SQLite file its one connection).
    pub(crate) fn db(&self) -> Counted<'_, Pools<'_>> {
        Counted {
            inner: Pools {
                read: &self.pool,
                write: &self.writer,
            },
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

    /// Opens a transaction on the writer's pool (one round trip: `BEGIN`).
    pub(crate) async fn begin(&self) -> Result<Transaction<'static, Any>, StoreError> {
        self.trips.trip().await;
        Ok(self.writer.begin().await?)
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
}

#[cfg(test)]
mod tests {
    use super::only_reads;

    #[test]
    fn selects_and_vacuum_into_read_and_everything_else_writes() {
        for sql in [
            "SELECT 1",
            "  select id FROM games",
            "VACUUM INTO $1",
            "\n SELECT seq FROM games WHERE id = $1",
        ] {
            assert!(only_reads(sql), "{sql:?}");
        }
        for sql in [
            "INSERT INTO moves VALUES ($1)",
            "UPDATE games SET seq = seq + 1",
            "DELETE FROM seats",
            "WITH x AS (SELECT 1) UPDATE games SET seq = 0",
            "VACUUM",
            "PRAGMA journal_mode = WAL",
            "SEL",
            "",
        ] {
            assert!(!only_reads(sql), "{sql:?}");
        }
    }
}

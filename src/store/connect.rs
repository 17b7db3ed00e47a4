//! Opening the pool, per-connection SQLite settings, and the schema check at start.
//!
//! A bad database fails at once with its cause: one connection is opened first, with a
//! bounded wait, and made to read; only then is the pool built. (sqlx's pool retries a
//! failing connection until its acquire timeout and then reports only that it timed out.)

use std::future::Future;
use std::pin::Pin;
use std::str::FromStr as _;
use std::sync::Once;
use std::time::Duration;

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::pool::PoolConnectionMetadata;
use sqlx::{AnyConnection, ConnectOptions as _, Connection as _};

use super::trips::Trips;
use super::trouble::Place;
use super::{Backend, Store, StoreError, schema};

static INSTALL_DRIVERS: Once = Once::new();

/// Read connections to a SQLite file: WAL lets readers run beside the single writer, so a
/// handful is plenty. Writes have one connection of their own (SQLite has one writer), so a
/// write never waits for a connection behind queued reads; `busy_timeout` makes it wait for
/// another process's writer instead of failing.
const SQLITE_FILE_CONNECTIONS: u32 = 4;
/// Connections to PostgreSQL.
const POSTGRES_CONNECTIONS: u32 = 8;
/// The longest wait for the first connection at start (a server that does not answer).
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(2);
/// A pooled connection idle this long is pinged before it is handed out again (one round
/// trip), so a connection the server closed meanwhile is replaced instead of failing.
const PING_WHEN_IDLE: Duration = Duration::from_secs(60);
/// The longest wait for a pooled connection once running (all of them busy).
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(30);

/// Runs on every new SQLite connection; `busy_timeout` comes first so the others can wait.
const SQLITE_PRAGMAS: [&str; 4] = [
    "PRAGMA busy_timeout = 5000",
    "PRAGMA journal_mode = WAL",
    "PRAGMA foreign_keys = ON",
    // A move is acknowledged only once it is on disk: FULL syncs the WAL at every commit, so
    // not even a power cut loses an acknowledged move (NORMAL could lose the last commits).
    "PRAGMA synchronous = FULL",
];

impl Store {
    /// Connects to `url` and brings the schema up to date.
    ///
    /// `url` is `sqlite://path` (the file is created when missing), `sqlite::memory:`, or
    /// `postgres://…`. SQLite connections get WAL, `busy_timeout = 5000` and foreign keys.
    /// The first connection waits at most [`CONNECT_TIMEOUT`].
    ///
    /// # Errors
    /// [`StoreError::BadUrl`] when the URL names no database; [`StoreError::Open`] with the
    /// cause and place in one line when it cannot be opened or read;
    /// [`StoreError::TooNew`] when a newer tabula migrated it; [`StoreError::Migrate`] when
    /// the migrations fail.
    pub async fn connect(url: &str) -> Result<Store, StoreError> {
        Store::connect_with_latency(url, Latency::from_env()).await
    }

    /// Connects as [`connect`](Self::connect) does, every pooled connection handed out
    /// only after `latency`'s current delay when one is given: a slow database on demand,
    /// for tests. Without one (the default) the pool has no hook at all.
    ///
    /// # Errors
    /// As [`connect`](Self::connect).
    #[doc(hidden)]
    pub async fn connect_with_latency(
        url: &str,
        latency: Option<Latency>,
    ) -> Result<Store, StoreError> {
        INSTALL_DRIVERS.call_once(sqlx::any::install_default_drivers);

        let place = Place::of(url)?;
        let url = with_create_if_missing(url);
        // A latency per round trip is waited in the store's counting executor; one per
        // connection handed out, in the pool's hooks.
        let (per_acquire, trips) = match latency {
            Some(latency) if latency.each_round_trip => (None, Trips::with_latency(Some(latency))),
            other => (other, Trips::default()),
        };
        let options = pool_options(per_acquire, &trips, place != Place::Memory);
        if place == Place::Memory {
            // Each connection to `sqlite::memory:` is its own database: keep exactly one, forever.
            let pool = options
                .max_connections(1)
                .min_connections(1)
                .idle_timeout(None)
                .max_lifetime(None)
                .connect(&url)
                .await
                .map_err(|e| StoreError::Open(place.explain(&e)))?;
            let store = Store::over(pool.clone(), pool, Backend::Sqlite, trips);
            store.migrate().await?;
            return Ok(store);
        }

        let mut first = open_first(&url, &place).await?;
        let backend = match first.backend_name() {
            "SQLite" => Backend::Sqlite,
            "PostgreSQL" => Backend::Postgres,
            other => {
                return Err(StoreError::BadUrl(format!(
                    "unsupported database backend {other:?}"
                )));
            }
        };
        let migrated = schema::migrate(&mut first, backend).await;
        let _ = first.close().await;
        migrated.map_err(|e| match e {
            StoreError::Database(e) => StoreError::Open(place.explain(&e)),
            other => other,
        })?;

        let open = |options: AnyPoolOptions, connections: u32| {
            options
                .max_connections(connections)
                .connect_lazy(&url)
                .map_err(|e| StoreError::Open(place.explain(&e)))
        };
        let (pool, writer) = match backend {
            Backend::Sqlite => {
                // The one writer is opened here, by the caller, and kept for good: a SQLite
                // connection's worker thread takes the priority of the thread that opens it,
                // and the web view's threads run below the bot's (see `Store::with_own_readers`).
                let writer = open(options.clone().idle_timeout(None).max_lifetime(None), 1)?;
                drop(
                    writer
                        .acquire()
                        .await
                        .map_err(|e| StoreError::Open(place.explain(&e)))?,
                );
                (open(options, SQLITE_FILE_CONNECTIONS)?, writer)
            }
            Backend::Postgres => {
                let pool = open(options, POSTGRES_CONNECTIONS)?;
                (pool.clone(), pool)
            }
        };
        Ok(Store::over(pool, writer, backend, trips))
    }

    /// Returns a store over the same database whose reads go through connections of its own,
    /// opened when first needed by whoever reads through it; on SQLite writes still go through
    /// this store's one writer, in the same queue (PostgreSQL locks rows, so there the new
    /// connections write too). The web view reads through one: its connections (on
    /// SQLite, their worker threads; on PostgreSQL, their sockets' reactor) then run at its
    /// threads' lower priority, and its readers never wait for a connection behind a turn's.
    /// An in-memory database has one connection, which both share.
    pub fn with_own_readers(&self) -> Store {
        let target = self.pool.connect_options();
        if is_sqlite_memory(target.database_url.as_str()) {
            return self.clone();
        }
        let connections = match self.backend {
            Backend::Sqlite => SQLITE_FILE_CONNECTIONS,
            Backend::Postgres => POSTGRES_CONNECTIONS / 2,
        };
        let pool = self
            .pool
            .options()
            .clone()
            .max_connections(connections)
            .connect_lazy_with((*target).clone());
        // On PostgreSQL the pool also writes: a connection opened by the web view belongs to
        // its runtime, which must not be one the bot's own statements depend on.
        let writer = match self.backend {
            Backend::Sqlite => self.writer.clone(),
            Backend::Postgres => pool.clone(),
        };
        Store {
            pool,
            writer,
            ..self.clone()
        }
    }

    fn over(pool: sqlx::AnyPool, writer: sqlx::AnyPool, backend: Backend, trips: Trips) -> Store {
        Store {
            trips,
            pool,
            writer,
            backend,
            clock: std::sync::Arc::new(super::games::unix_now),
            reminder_lease: super::LEASE_SECONDS,
            writes: std::sync::Arc::default(),
        }
    }

    /// Applies the embedded migrations for this backend; running it again changes nothing.
    ///
    /// # Errors
    /// [`StoreError::TooNew`] when a newer tabula migrated the database;
    /// [`StoreError::Migrate`] when a migration fails or the applied ones differ from the
    /// embedded ones.
    pub async fn migrate(&self) -> Result<(), StoreError> {
        let mut conn = self.writer.acquire().await?;
        schema::migrate(&mut conn, self.backend).await
    }
}

/// The pool's settings: each new connection configured (SQLite's pragmas), a connection idle
/// for [`PING_WHEN_IDLE`] pinged (counted in `trips`) before it is handed out when `ping_idle`
/// says so, and `per_acquire`'s delay waited before a connection is opened or handed out.
fn pool_options(per_acquire: Option<Latency>, trips: &Trips, ping_idle: bool) -> AnyPoolOptions {
    let (checks, hook) = (trips.clone(), per_acquire.clone());
    // sqlx's own liveness test pings every connection it hands out: on PostgreSQL one more
    // round trip per statement. Only a connection idle for a while is pinged here.
    let options = AnyPoolOptions::new()
        .after_connect(configure_connection)
        .test_before_acquire(false)
        .acquire_timeout(ACQUIRE_TIMEOUT)
        .before_acquire(move |conn, meta| {
            let (per_acquire, checks) = (hook.clone(), checks.clone());
            Box::pin(async move {
                if let Some(latency) = &per_acquire {
                    latency.wait().await;
                }
                if ping_idle && meta.idle_for >= PING_WHEN_IDLE {
                    checks.note();
                    conn.ping().await?;
                }
                Ok(true)
            })
        });
    let Some(latency) = per_acquire else {
        return options;
    };
    options.after_connect(move |conn, meta| {
        let latency = latency.clone();
        Box::pin(async move {
            latency.wait().await;
            configure_connection(conn, meta).await
        })
    })
}

/// The test-only variable that makes every database answer wait this many milliseconds
/// (`TABULA_DB_DELAY_MS`): a slow database, to check that the bot still answers in time.
pub const DB_DELAY_ENV: &str = "TABULA_DB_DELAY_MS";

/// A delay added before every pooled connection is handed out, or before every round trip
/// (a database far away); cloning shares it, so a test can change it while the store runs.
#[derive(Clone, Debug, Default)]
pub struct Latency {
    ms: std::sync::Arc<std::sync::atomic::AtomicU64>,
    /// Waited before each statement rather than each connection handed out.
    each_round_trip: bool,
}

impl Latency {
    /// A delay waited before every round trip to the database (each statement, `BEGIN` and
    /// `COMMIT`), as a database in another zone adds it; zero until [`set`](Self::set).
    pub fn per_round_trip() -> Latency {
        Latency {
            each_round_trip: true,
            ..Latency::default()
        }
    }

    /// Reads [`DB_DELAY_ENV`]; `None` when it is unset, zero or not a number.
    pub fn from_env() -> Option<Latency> {
        let ms: u64 = std::env::var(DB_DELAY_ENV).ok()?.trim().parse().ok()?;
        (ms > 0).then(|| {
            let latency = Latency::default();
            latency.set(Duration::from_millis(ms));
            latency
        })
    }

    /// Sets the delay (zero: none).
    pub fn set(&self, delay: Duration) {
        let ms = u64::try_from(delay.as_millis()).unwrap_or(u64::MAX);
        self.ms.store(ms, std::sync::atomic::Ordering::Relaxed);
    }

    pub(super) async fn wait(&self) {
        let ms = self.ms.load(std::sync::atomic::Ordering::Relaxed);
        if ms > 0 {
            tokio::time::sleep(Duration::from_millis(ms)).await;
        }
    }
}

/// Opens one connection, waiting at most [`CONNECT_TIMEOUT`], and makes it read, so that a
/// refused port, a file that is no database or a read-only folder is reported at once.
async fn open_first(url: &str, place: &Place) -> Result<AnyConnection, StoreError> {
    let options =
        AnyConnectOptions::from_str(url).map_err(|e| StoreError::Open(place.explain(&e)))?;
    let mut conn = match tokio::time::timeout(CONNECT_TIMEOUT, options.connect()).await {
        Ok(Ok(conn)) => conn,
        Ok(Err(e)) => return Err(StoreError::Open(place.explain(&e))),
        Err(_) => {
            return Err(StoreError::Open(format!(
                "no answer within {} s: {place}",
                CONNECT_TIMEOUT.as_secs()
            )));
        }
    };
    let read = async {
        if conn.backend_name() == "SQLite" {
            apply_pragmas(&mut conn).await?;
        }
        sqlx::query("SELECT 1").execute(&mut conn).await.map(|_| ())
    };
    match read.await {
        Ok(()) => Ok(conn),
        Err(e) => {
            let _ = conn.close_hard().await;
            Err(StoreError::Open(place.explain(&e)))
        }
    }
}

/// How long a new SQLite connection keeps retrying a pragma refused with "database is
/// locked". Switching a new file to WAL needs the file to itself, and SQLite does not always
/// call the busy handler for it, so processes starting together on one new file retry here.
const PRAGMA_RETRY: Duration = Duration::from_secs(10);

/// Applies [`SQLITE_PRAGMAS`] to a SQLite connection, retrying a pragma refused because
/// another connection holds the file (for up to [`PRAGMA_RETRY`]).
async fn apply_pragmas(conn: &mut AnyConnection) -> Result<(), sqlx::Error> {
    let give_up = std::time::Instant::now() + PRAGMA_RETRY;
    for pragma in SQLITE_PRAGMAS {
        let mut pause = Duration::from_millis(10);
        loop {
            match sqlx::query(pragma).execute(&mut *conn).await {
                Ok(_) => break,
                Err(e) if is_locked(&e) && std::time::Instant::now() < give_up => {
                    tokio::time::sleep(pause).await;
                    pause = (pause * 2).min(Duration::from_millis(200));
                }
                Err(e) => return Err(e),
            }
        }
    }
    Ok(())
}

/// Returns true for SQLite's SQLITE_BUSY ("database is locked") and SQLITE_LOCKED.
pub(super) fn is_locked(e: &sqlx::Error) -> bool {
    match e {
        sqlx::Error::Database(db) => {
            let code = db.code();
            let primary = code
                .as_deref()
                .and_then(|c| c.parse::<i64>().ok())
                .map(|c| c & 0xff);
            matches!(primary, Some(5 | 6)) || db.message().contains("database is locked")
        }
        _ => false,
    }
}

/// Applies [`SQLITE_PRAGMAS`] to a fresh SQLite connection; does nothing on PostgreSQL.
fn configure_connection(
    conn: &mut AnyConnection,
    _meta: PoolConnectionMetadata,
) -> Pin<Box<dyn Future<Output = Result<(), sqlx::Error>> + Send + '_>> {
    Box::pin(async move {
        if conn.backend_name() == "SQLite" {
            apply_pragmas(conn).await?;
        }
        Ok(())
    })
}

/// Returns true for `sqlite:` URLs.
fn is_sqlite(url: &str) -> bool {
    url.starts_with("sqlite:")
}

/// Returns true for SQLite URLs that name an in-memory database.
pub(super) fn is_sqlite_memory(url: &str) -> bool {
    is_sqlite(url) && (url.contains(":memory:") || url.contains("mode=memory"))
}

/// Adds `mode=rwc` to a SQLite URL that does not choose a mode, so a missing file is created.
fn with_create_if_missing(url: &str) -> String {
    if !is_sqlite(url) || is_sqlite_memory(url) {
        return url.to_owned();
    }
    match url.split_once('?') {
        None => format!("{url}?mode=rwc"),
        Some((_, query)) if query.split('&').any(|pair| pair.starts_with("mode=")) => {
            url.to_owned()
        }
        Some(_) => format!("{url}&mode=rwc"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sqlite_urls_gain_create_mode_unless_they_choose_one() {
        assert_eq!(
            with_create_if_missing("sqlite://tabula.db"),
            "sqlite://tabula.db?mode=rwc"
        );
        assert_eq!(
            with_create_if_missing("sqlite://a.db?cache=shared"),
            "sqlite://a.db?cache=shared&mode=rwc"
        );
        assert_eq!(
            with_create_if_missing("sqlite://a.db?mode=ro"),
            "sqlite://a.db?mode=ro"
        );
        assert_eq!(with_create_if_missing("sqlite::memory:"), "sqlite::memory:");
        assert_eq!(
            with_create_if_missing("postgres://u@h/db"),
            "postgres://u@h/db"
        );
    }
}

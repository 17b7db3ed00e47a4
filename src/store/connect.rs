//! Opening the pool, per-connection SQLite settings, and the embedded migrations.

use std::future::Future;
use std::pin::Pin;
use std::sync::Once;
use std::time::Duration;

use sqlx::AnyConnection;
use sqlx::any::AnyPoolOptions;
use sqlx::migrate::Migrator;
use sqlx::pool::PoolConnectionMetadata;

use super::{Backend, Store, StoreError};

static SQLITE_MIGRATIONS: Migrator = sqlx::migrate!("./migrations/sqlite");
static POSTGRES_MIGRATIONS: Migrator = sqlx::migrate!("./migrations/postgres");

static INSTALL_DRIVERS: Once = Once::new();

/// Connections to a SQLite file: WAL lets readers run beside the single writer, and
/// `busy_timeout` makes writers queue instead of failing, so a handful is plenty.
const SQLITE_FILE_CONNECTIONS: u32 = 4;
/// Connections to PostgreSQL.
const POSTGRES_CONNECTIONS: u32 = 8;

/// Runs on every new SQLite connection; `busy_timeout` comes first so the others can wait.
const SQLITE_PRAGMAS: [&str; 4] = [
    "PRAGMA busy_timeout = 5000",
    "PRAGMA journal_mode = WAL",
    "PRAGMA foreign_keys = ON",
    // Safe with WAL: a power cut can lose the last commits but never corrupts the file.
    "PRAGMA synchronous = NORMAL",
];

impl Store {
    /// Connects to `url` and brings the schema up to date.
    ///
    /// `url` is `sqlite://path` (the file is created when missing), `sqlite::memory:`, or
    /// `postgres://…`. SQLite connections get WAL, `busy_timeout = 5000` and foreign keys.
    ///
    /// # Errors
    /// [`StoreError::Database`] when the URL is not understood or the database cannot be
    /// reached; [`StoreError::Migrate`] when the migrations fail.
    pub async fn connect(url: &str) -> Result<Store, StoreError> {
        INSTALL_DRIVERS.call_once(sqlx::any::install_default_drivers);

        let url = with_create_if_missing(url);
        let options = AnyPoolOptions::new().after_connect(configure_connection);
        let options = if is_sqlite_memory(&url) {
            // Each connection to `sqlite::memory:` is its own database: keep exactly one, forever.
            options
                .max_connections(1)
                .min_connections(1)
                .idle_timeout(None)
                .max_lifetime(None)
        } else if is_sqlite(&url) {
            options.max_connections(SQLITE_FILE_CONNECTIONS)
        } else {
            options.max_connections(POSTGRES_CONNECTIONS)
        };
        let pool = options
            .acquire_timeout(Duration::from_secs(30))
            .connect(&url)
            .await?;

        let backend = {
            let conn = pool.acquire().await?;
            match conn.backend_name() {
                "SQLite" => Backend::Sqlite,
                "PostgreSQL" => Backend::Postgres,
                other => {
                    return Err(StoreError::Database(sqlx::Error::Configuration(
                        format!("unsupported database backend {other:?}").into(),
                    )));
                }
            }
        };

        let store = Store {
            pool,
            backend,
            clock: std::sync::Arc::new(super::games::unix_now),
        };
        store.migrate().await?;
        Ok(store)
    }

    /// Applies the embedded migrations for this backend; running it again changes nothing.
    ///
    /// # Errors
    /// [`StoreError::Migrate`] when a migration fails or the applied ones differ from the
    /// embedded ones.
    pub async fn migrate(&self) -> Result<(), StoreError> {
        let migrator = match self.backend {
            Backend::Sqlite => &SQLITE_MIGRATIONS,
            Backend::Postgres => &POSTGRES_MIGRATIONS,
        };
        migrator.run(&self.pool).await?;
        Ok(())
    }
}

/// Applies [`SQLITE_PRAGMAS`] to a fresh SQLite connection; does nothing on PostgreSQL.
fn configure_connection(
    conn: &mut AnyConnection,
    _meta: PoolConnectionMetadata,
) -> Pin<Box<dyn Future<Output = Result<(), sqlx::Error>> + Send + '_>> {
    Box::pin(async move {
        if conn.backend_name() == "SQLite" {
            for pragma in SQLITE_PRAGMAS {
                sqlx::query(pragma).execute(&mut *conn).await?;
            }
        }
        Ok(())
    })
}

/// Returns true for `sqlite:` URLs.
fn is_sqlite(url: &str) -> bool {
    url.starts_with("sqlite:")
}

/// Returns true for SQLite URLs that name an in-memory database.
fn is_sqlite_memory(url: &str) -> bool {
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

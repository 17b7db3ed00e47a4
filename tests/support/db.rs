//! Test databases: a SQLite file per test, and a fresh PostgreSQL database per test when a
//! server is reachable (`TABULA_TEST_POSTGRES`, default `postgres://postgres@127.0.0.1:5432/test`).
//!
//! Set `TABULA_REQUIRE_POSTGRES=1` (CI does) to turn a missing server into a failure.

use std::future::Future;
use std::io::Write;
use std::sync::Once;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use sqlx::postgres::PgConnection;
use sqlx::{AssertSqlSafe, Connection};
use tabula::store::Store;
use tempfile::TempDir;

/// The server used when `TABULA_TEST_POSTGRES` is not set.
pub const DEFAULT_POSTGRES: &str = "postgres://postgres@127.0.0.1:5432/test";

static UNREACHABLE: AtomicBool = AtomicBool::new(false);
static SKIP_NOTICE: Once = Once::new();
static COUNTER: AtomicU64 = AtomicU64::new(0);

/// Returns the URL of a SQLite file inside `dir` (created on first connect).
pub fn sqlite_url(dir: &TempDir) -> String {
    format!("sqlite://{}", dir.path().join("tabula.db").display())
}

/// Creates a fresh, uniquely named PostgreSQL database and returns its URL, or `None`
/// (after a loud SKIP line on stderr) when no server is reachable.
///
/// # Panics
/// When the server is unreachable and `TABULA_REQUIRE_POSTGRES=1`, or when it is reachable
/// but refuses to create the database.
pub async fn postgres_url() -> Option<String> {
    let base = base_postgres_url();
    if UNREACHABLE.load(Ordering::Relaxed) {
        return None;
    }
    let connect = PgConnection::connect(&base);
    let mut admin = match tokio::time::timeout(Duration::from_secs(5), connect).await {
        Ok(Ok(conn)) => conn,
        Ok(Err(err)) => return unreachable(&base, &err.to_string()),
        Err(_) => return unreachable(&base, "no answer within 5 s"),
    };
    let name = unique_database_name();
    sqlx::query(AssertSqlSafe(format!("CREATE DATABASE \"{name}\"")))
        .execute(&mut admin)
        .await
        .unwrap_or_else(|err| panic!("cannot create test database {name} at {base}: {err}"));
    let _ = admin.close().await;
    Some(with_database(&base, &name))
}

/// Drops a database made by [`postgres_url`]; failures are ignored (it is only tidying).
pub async fn drop_postgres_database(url: &str) {
    let Some(name) = database_name(url) else {
        return;
    };
    if !name.starts_with("tabula_t_") {
        return;
    }
    if let Ok(mut admin) = PgConnection::connect(&base_postgres_url()).await {
        let sql = format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)");
        let _ = sqlx::query(AssertSqlSafe(sql)).execute(&mut admin).await;
        let _ = admin.close().await;
    }
}

/// Connects a store to `url`, runs `test` with it, then closes the store.
pub async fn run<F, Fut>(url: String, test: F)
where
    F: FnOnce(Store, String) -> Fut,
    Fut: Future<Output = ()>,
{
    let store = Store::connect(&url)
        .await
        .unwrap_or_else(|err| panic!("cannot connect the store to {url}: {err}"));
    test(store.clone(), url).await;
    store.close().await;
}

/// Generates `mod $name { fn sqlite(); fn postgres(); }` running the same test body
/// `|store: Store, url: String| async move { … }` against each backend, each with its own
/// fresh database; the PostgreSQL half is skipped when no server is reachable.
macro_rules! both_backends {
    ($name:ident, $test:expr) => {
        mod $name {
            #[allow(unused_imports)]
            use super::*;

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                let dir = tempfile::tempdir().expect("temp dir");
                let url = $crate::support::db::sqlite_url(&dir);
                $crate::support::db::run(url, $test).await;
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                let Some(url) = $crate::support::db::postgres_url().await else {
                    return;
                };
                $crate::support::db::run(url.clone(), $test).await;
                $crate::support::db::drop_postgres_database(&url).await;
            }
        }
    };
}
pub(crate) use both_backends;

fn base_postgres_url() -> String {
    std::env::var("TABULA_TEST_POSTGRES").unwrap_or_else(|_| DEFAULT_POSTGRES.to_owned())
}

fn unreachable(base: &str, why: &str) -> Option<String> {
    if std::env::var("TABULA_REQUIRE_POSTGRES").as_deref() == Ok("1") {
        panic!("TABULA_REQUIRE_POSTGRES=1 but PostgreSQL is not reachable at {base}: {why}");
    }
    UNREACHABLE.store(true, Ordering::Relaxed);
    SKIP_NOTICE.call_once(|| {
        // Written straight to stderr so the test harness does not swallow it.
        let _ = writeln!(
            std::io::stderr(),
            "\nSKIP: PostgreSQL not reachable at {base} ({why}) — PostgreSQL store tests skipped\n"
        );
    });
    None
}

fn unique_database_name() -> String {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    let count = COUNTER.fetch_add(1, Ordering::Relaxed);
    format!("tabula_t_{}_{count}_{nanos}", std::process::id())
}

/// Splits `url` into (up to and including the authority, path, query-and-fragment).
fn split_url(url: &str) -> (&str, &str, &str) {
    let after_scheme = url.find("://").map_or(0, |i| i + 3);
    let path_start = url[after_scheme..]
        .find(['/', '?', '#'])
        .map_or(url.len(), |i| after_scheme + i);
    let rest_start = url[path_start..]
        .find(['?', '#'])
        .map_or(url.len(), |i| path_start + i);
    (
        &url[..path_start],
        &url[path_start..rest_start],
        &url[rest_start..],
    )
}

fn with_database(base: &str, name: &str) -> String {
    let (authority, _, rest) = split_url(base);
    format!("{authority}/{name}{rest}")
}

fn database_name(url: &str) -> Option<String> {
    let (_, path, _) = split_url(url);
    path.strip_prefix('/').map(str::to_owned)
}

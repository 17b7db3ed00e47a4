//! Measuring what is reported: latency percentiles, the process's peak memory, the database's
//! size, and the PostgreSQL database a run makes and drops.

use std::path::Path;
use std::time::Duration;

use sqlx::postgres::PgConnection;
use sqlx::{AssertSqlSafe, Connection as _};

/// A duration in milliseconds with a fraction.
pub fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// The `p`-quantile (0 to 1) of sorted samples, nearest rank.
pub fn quantile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[rank.min(sorted.len() - 1)]
}

/// The process's peak resident memory, from `VmHWM` in `/proc/self/status`.
pub fn peak_rss() -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .map(|l| l.trim_start_matches("VmHWM:").trim().to_string())
        })
        .map_or_else(
            || "unknown (no /proc/self/status)".into(),
            |kb| match kb.trim_end_matches(" kB").trim().parse::<f64>() {
                Ok(kb) => format!("{:.1} MB", kb / 1024.0),
                Err(_) => kb,
            },
        )
}

/// The bytes of every file in a folder (a SQLite database with its WAL and shared memory).
pub fn folder_size(dir: &Path) -> u64 {
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .filter_map(|e| e.metadata().ok())
                .filter(std::fs::Metadata::is_file)
                .map(|m| m.len())
                .sum()
        })
        .unwrap_or(0)
}

/// Creates database `name` on the server at `base` and returns its URL.
pub async fn create_postgres(base: &str, name: &str) -> anyhow::Result<String> {
    let mut admin = PgConnection::connect(base).await?;
    sqlx::query(AssertSqlSafe(format!("DROP DATABASE IF EXISTS \"{name}\"")))
        .execute(&mut admin)
        .await?;
    sqlx::query(AssertSqlSafe(format!("CREATE DATABASE \"{name}\"")))
        .execute(&mut admin)
        .await?;
    let _ = admin.close().await;
    Ok(with_database(base, name))
}

/// Drops database `name` on the server at `base`; a failure is only reported.
pub async fn drop_postgres(base: &str, name: &str) {
    let dropped = async {
        let mut admin = PgConnection::connect(base).await?;
        sqlx::query(AssertSqlSafe(format!(
            "DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)"
        )))
        .execute(&mut admin)
        .await?;
        admin.close().await
    };
    if let Err(e) = dropped.await {
        eprintln!("could not drop the load database {name}: {e}");
    }
}

/// The size of the database at `url` as PostgreSQL counts it.
pub async fn postgres_size(url: &str) -> Option<u64> {
    let mut conn = PgConnection::connect(url).await.ok()?;
    let size: i64 = sqlx::query_scalar("SELECT pg_database_size(current_database())")
        .fetch_one(&mut conn)
        .await
        .ok()?;
    let _ = conn.close().await;
    u64::try_from(size).ok()
}

/// `base` with its database name replaced by `name`.
fn with_database(base: &str, name: &str) -> String {
    let (head, query) = match base.split_once('?') {
        Some((h, q)) => (h, Some(q)),
        None => (base, None),
    };
    let server = match head.rsplit_once('/') {
        Some((server, _)) if server.contains("://") => server,
        _ => head,
    };
    match query {
        Some(q) => format!("{server}/{name}?{q}"),
        None => format!("{server}/{name}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_database_name_is_replaced() {
        assert_eq!(
            with_database("postgres://postgres@127.0.0.1:5432/test", "x"),
            "postgres://postgres@127.0.0.1:5432/x"
        );
    }
}

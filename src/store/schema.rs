//! Bringing a database's schema up to date: a database already current is left untouched (so
//! a read-only one opens), one migrated by a newer tabula is refused, and SQLite migrates
//! inside an exclusive transaction so processes starting together on a new file never race.

use sqlx::migrate::{MigrateError, Migrator};
use sqlx::{AnyConnection, Connection as _, Row as _};

use super::{Backend, StoreError};

static SQLITE_MIGRATIONS: Migrator = sqlx::migrate!("./migrations/sqlite");
static POSTGRES_MIGRATIONS: Migrator = sqlx::migrate!("./migrations/postgres");

/// Returns the embedded migrations of a backend.
fn migrator(backend: Backend) -> &'static Migrator {
    match backend {
        Backend::Sqlite => &SQLITE_MIGRATIONS,
        Backend::Postgres => &POSTGRES_MIGRATIONS,
    }
}

/// Returns the newest schema version this tabula knows.
pub fn newest_known() -> i64 {
    SQLITE_MIGRATIONS
        .iter()
        .map(|m| m.version)
        .max()
        .unwrap_or(0)
}

/// Applies the embedded migrations on `conn`; running it again changes nothing.
///
/// # Errors
/// [`StoreError::TooNew`] when the database holds a schema version this tabula does not
/// know; [`StoreError::Migrate`] when a migration fails or an applied one was changed.
pub(super) async fn migrate(conn: &mut AnyConnection, backend: Backend) -> Result<(), StoreError> {
    if current(conn, backend).await? {
        return Ok(());
    }
    let migrator = migrator(backend);
    match backend {
        Backend::Sqlite => {
            // sqlx takes no lock on SQLite: hold the write lock for the whole run, and look
            // again inside it, since another process may have migrated while we waited.
            let mut tx = conn.begin_with("BEGIN EXCLUSIVE").await?;
            if !current(&mut tx, backend).await? {
                migrator.run(&mut *tx).await.map_err(migrate_error)?;
            }
            tx.commit().await?;
        }
        // sqlx holds an advisory lock on PostgreSQL while it migrates.
        Backend::Postgres => migrator.run(&mut *conn).await.map_err(migrate_error)?,
    }
    Ok(())
}

/// Returns true when every embedded migration is applied, unchanged, and nothing newer is.
///
/// # Errors
/// [`StoreError::TooNew`] when a newer tabula migrated the database.
async fn current(conn: &mut AnyConnection, backend: Backend) -> Result<bool, StoreError> {
    let exists: i64 = sqlx::query_scalar(match backend {
        Backend::Sqlite => {
            "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = '_sqlx_migrations'"
        }
        Backend::Postgres => {
            "SELECT COUNT(*) FROM pg_catalog.pg_tables \
             WHERE tablename = '_sqlx_migrations' AND schemaname = ANY (current_schemas(false))"
        }
    })
    .fetch_one(&mut *conn)
    .await?;
    if exists == 0 {
        return Ok(false);
    }
    let applied: Vec<(i64, Vec<u8>)> = sqlx::query(
        "SELECT version, checksum FROM _sqlx_migrations WHERE success ORDER BY version",
    )
    .fetch_all(&mut *conn)
    .await?
    .iter()
    .map(|row| Ok((row.try_get(0)?, row.try_get(1)?)))
    .collect::<Result<_, sqlx::Error>>()?;
    let known = newest_known();
    if let Some(&(found, _)) = applied.last()
        && found > known
    {
        return Err(StoreError::TooNew { found, known });
    }
    let embedded: Vec<(i64, &[u8])> = migrator(backend)
        .iter()
        .filter(|m| !m.migration_type.is_down_migration())
        .map(|m| (m.version, m.checksum.as_ref()))
        .collect();
    Ok(applied.len() == embedded.len()
        && applied
            .iter()
            .zip(&embedded)
            .all(|((v, sum), (w, known))| v == w && sum.as_slice() == *known))
}

/// Turns a migration failure into the store's error, keeping a newer schema's own words.
fn migrate_error(err: MigrateError) -> StoreError {
    match err {
        MigrateError::VersionMissing(found) => StoreError::TooNew {
            found,
            known: newest_known(),
        },
        other => StoreError::Migrate(other),
    }
}

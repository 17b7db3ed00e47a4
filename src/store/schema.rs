//! Bringing a database's schema up to date: a database already current is left untouched (so
//! a read-only one opens), one migrated by a newer tabula is refused, and SQLite migrates
//! inside an exclusive transaction so processes starting together on a new file never race.

use std::sync::LazyLock;

use sqlx::migrate::{MigrateError, Migration, MigrationType, Migrator};
use sqlx::{AnyConnection, AssertSqlSafe, Connection as _, Row as _, SqlSafeStr as _};

use super::{Backend, StoreError};

/// The migration files of one backend's folder, embedded at compile time as
/// `(file name, text)`. A file added to a folder must be added here too:
/// `every_migration_file_is_embedded_and_both_backends_have_the_same_versions` fails otherwise.
macro_rules! embed {
    ($folder:literal: $($file:literal),+ $(,)?) => {
        &[$((
            $file,
            include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/migrations/", $folder, "/", $file)),
        )),+]
    };
}

/// The names of the migration files, the same in both folders.
macro_rules! migrations {
    ($folder:literal) => {
        embed!($folder:
            "0001_initial.sql",
            "0002_history_and_ratings.sql",
            "0003_time_limits.sql",
            "0004_abort_votes_and_game_threads.sql",
            "0005_server_settings.sql",
            "0006_bot_seats.sql",
            "0007_vacations_and_notices.sql",
            "0008_last_message.sql",
            "0009_time_zones_and_departures.sql",
            "0010_web_view.sql",
            "0011_rating_history.sql",
            "0012_last_played.sql",
            "0013_members_visibility.sql",
        )
    };
}

const SQLITE_FILES: &[(&str, &str)] = migrations!("sqlite");
const POSTGRES_FILES: &[(&str, &str)] = migrations!("postgres");

static SQLITE_MIGRATIONS: LazyLock<Migrator> = LazyLock::new(|| embedded(SQLITE_FILES));
static POSTGRES_MIGRATIONS: LazyLock<Migrator> = LazyLock::new(|| embedded(POSTGRES_FILES));

/// Builds a migrator from embedded files exactly as sqlx's `migrate!` reads a folder: version
/// and description from `NNNN_some_words.sql`, the checksum of the whole text, and no
/// transaction for a file that starts with `-- no-transaction`. (Embedding them here rather
/// than with the macro keeps sqlx's proc-macros, and a second SQLite build for them, out of
/// the compile.)
fn embedded(files: &[(&'static str, &'static str)]) -> Migrator {
    Migrator::with_migrations(
        files
            .iter()
            .map(|&(file, sql)| {
                let (version, words) = split_file_name(file);
                Migration::new(
                    version,
                    words.replace('_', " ").into(),
                    MigrationType::Simple,
                    AssertSqlSafe(sql).into_sql_str(),
                    sql.starts_with("-- no-transaction"),
                )
            })
            .collect(),
    )
}

/// Splits `0007_vacations_and_notices.sql` into `7` and `vacations_and_notices`.
fn split_file_name(file: &str) -> (i64, &str) {
    let (version, rest) = file.split_once('_').unwrap_or((file, ""));
    let words = rest.strip_suffix(".sql").unwrap_or(rest);
    // The names are the literals above, checked by a test; a bad one is a build mistake.
    (version.parse().unwrap_or(0), words)
}

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

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;

    /// What sqlx's own folder reader (the one `migrate!` uses) makes of a folder.
    fn as_sqlx_reads(folder: &str) -> Vec<(i64, String, Vec<u8>, bool)> {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("migrations")
            .join(folder);
        sqlx::migrate::resolve_blocking(&path)
            .expect("the migrations folder reads")
            .into_iter()
            .map(|(m, _)| {
                (
                    m.version,
                    m.description.into_owned(),
                    m.checksum.into_owned(),
                    m.no_tx,
                )
            })
            .collect()
    }

    fn as_embedded(migrator: &Migrator) -> Vec<(i64, String, Vec<u8>, bool)> {
        migrator
            .iter()
            .map(|m| {
                (
                    m.version,
                    m.description.to_string(),
                    m.checksum.to_vec(),
                    m.no_tx,
                )
            })
            .collect()
    }

    #[test]
    fn every_migration_file_is_embedded_and_both_backends_have_the_same_versions() {
        // Same versions, descriptions and checksums as sqlx reading the folder, so databases
        // migrated by an older tabula (built with `migrate!`) are recognised as current.
        assert_eq!(as_embedded(&SQLITE_MIGRATIONS), as_sqlx_reads("sqlite"));
        assert_eq!(as_embedded(&POSTGRES_MIGRATIONS), as_sqlx_reads("postgres"));
        let versions: Vec<i64> = SQLITE_MIGRATIONS.iter().map(|m| m.version).collect();
        let expected: Vec<i64> = (1..=SQLITE_FILES.len() as i64).collect();
        assert_eq!(versions, expected, "versions run 1, 2, 3… with no gap");
        assert_eq!(newest_known(), SQLITE_FILES.len() as i64);
    }
}

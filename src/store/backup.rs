//! `tabula backup`: a consistent copy of a live SQLite database in one file, made with
//! SQLite's `VACUUM INTO` (a read transaction, so writers go on meanwhile and the copy is
//! the database as of one moment). PostgreSQL has its own tool for this: `pg_dump`.

use std::path::Path;

use super::{Backend, Store, StoreError};

/// What to use instead on PostgreSQL.
pub const PG_DUMP_ADVICE: &str = "tabula backup copies SQLite databases; for PostgreSQL use \
    pg_dump (e.g. `pg_dump --format=custom --file=tabula.dump \"$DATABASE_URL\"`, restored with \
    pg_restore)";

impl Store {
    /// Writes a consistent copy of the whole database to the new file `to`, while the
    /// database stays in use; the copy opens as a database of its own (`sqlite://to`).
    ///
    /// # Errors
    /// [`StoreError::BadUrl`] on PostgreSQL (with the `pg_dump` advice), when `to` already
    /// exists, or when it is not UTF-8; [`StoreError::Database`] when SQLite cannot write it.
    pub async fn backup_to(&self, to: &Path) -> Result<(), StoreError> {
        if self.backend == Backend::Postgres {
            return Err(StoreError::BadUrl(PG_DUMP_ADVICE.to_string()));
        }
        // VACUUM INTO refuses a non-empty file; an empty one would be overwritten. Neither
        // is what someone naming an existing file meant.
        if to.exists() {
            return Err(StoreError::BadUrl(format!(
                "{} already exists; name a new file for the backup",
                to.display()
            )));
        }
        let Some(name) = to.to_str() else {
            return Err(StoreError::BadUrl(format!(
                "{} is not a UTF-8 path; name another file for the backup",
                to.display()
            )));
        };
        sqlx::query("VACUUM INTO $1")
            .bind(name)
            .execute(self.db())
            .await?;
        Ok(())
    }
}

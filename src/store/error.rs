//! The one error type of the store.

/// Says why a store operation failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The channel already has a game in the lobby or in play (the unique partial index fired).
    #[error("this channel already has a game in progress")]
    ChannelBusy,
    /// The game's seq is no longer the one the change was computed from.
    #[error("the game moved on before your action landed; look at the board and try again")]
    Conflict,
    /// No game has the requested id.
    #[error("no such game")]
    NotFound,
    /// A stored row holds a value the code does not understand (e.g. an unknown status).
    #[error("a stored row is damaged: {0}")]
    Corrupt(String),
    /// A text value contains a NUL character, which PostgreSQL cannot store in TEXT.
    #[error("the {0} contains a NUL character, which cannot be stored")]
    NulInText(&'static str),
    /// The database reported an error.
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
    /// Applying the embedded migrations failed.
    #[error("database migration failed: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// `DATABASE_URL` cannot name a usable database (e.g. a SQLite URL with no file).
    #[error("{0}")]
    BadUrl(String),
    /// The database could not be opened; the text names the cause and the place in one line
    /// (`file is not a database: tabula.db`, `connection refused: 127.0.0.1:5433`).
    #[error("cannot open the database: {0}")]
    Open(String),
    /// The database was migrated by a newer tabula than this one.
    #[error("this database is newer than this tabula (schema {found} > {known}): upgrade")]
    TooNew { found: i64, known: i64 },
}

impl StoreError {
    /// Says why the failure will not go away by trying again (a read-only or damaged database,
    /// a full disk, missing privileges), or `None` for failures that may pass.
    pub fn permanent(&self) -> Option<&'static str> {
        match self {
            StoreError::Database(sqlx::Error::Database(db)) => {
                super::trouble::permanent(db.as_ref())
            }
            _ => None,
        }
    }

    /// Returns true when SQLite gave up waiting for another writer ("database is locked",
    /// after `busy_timeout`): nothing was changed, and the same command may land if sent again.
    pub fn is_busy(&self) -> bool {
        matches!(self, StoreError::Database(e) if super::connect::is_locked(e))
    }
}

/// Returns true when `err` is a unique-constraint violation reported by the database.
pub(crate) fn is_unique_violation(err: &sqlx::Error) -> bool {
    matches!(err, sqlx::Error::Database(db) if db.is_unique_violation())
}

/// Rejects text containing NUL, naming the field it came from.
///
/// # Errors
/// [`StoreError::NulInText`] when `value` contains `'\0'`.
pub(crate) fn check_text(field: &'static str, value: &str) -> Result<(), StoreError> {
    if value.contains('\0') {
        Err(StoreError::NulInText(field))
    } else {
        Ok(())
    }
}

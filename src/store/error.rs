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

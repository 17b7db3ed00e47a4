//! Saying what is wrong with a database in one line: where it is, why it cannot be opened
//! (`file is not a database: tabula.db`, `connection refused: 127.0.0.1:5433`), and which
//! failures will not pass by trying again.

use std::path::{Path, PathBuf};
use std::str::FromStr;

use sqlx::error::DatabaseError;
use sqlx::postgres::PgConnectOptions;
use sqlx::sqlite::{SqliteConnectOptions, SqliteError};

use super::StoreError;

/// Where a database URL points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Place {
    /// A SQLite file.
    File(PathBuf),
    /// An in-memory SQLite database.
    Memory,
    /// A PostgreSQL server: `host:port`.
    Server(String),
}

impl Place {
    /// Reads where `url` points, refusing URLs that name no database.
    ///
    /// # Errors
    /// [`StoreError::BadUrl`] for a SQLite URL without a file (`sqlite:`, `sqlite://`), a URL
    /// sqlx cannot read, or one of another scheme.
    pub(super) fn of(url: &str) -> Result<Place, StoreError> {
        if url.starts_with("sqlite:") {
            let options = SqliteConnectOptions::from_str(url).map_err(|e| bad_url(url, &e))?;
            if super::connect::is_sqlite_memory(url) {
                return Ok(Place::Memory);
            }
            let file = options.get_filename();
            if file.as_os_str().is_empty() {
                return Err(StoreError::BadUrl(format!(
                    "DATABASE_URL {} names no file; write sqlite://tabula.db (a file, created if \
                     missing) or sqlite::memory: (gone when tabula stops)",
                    shorten(url)
                )));
            }
            return Ok(Place::File(file.to_path_buf()));
        }
        if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            let options = PgConnectOptions::from_str(url).map_err(|e| bad_url(url, &e))?;
            return Ok(Place::Server(format!(
                "{}:{}",
                options.get_host(),
                options.get_port()
            )));
        }
        Err(StoreError::BadUrl(format!(
            "DATABASE_URL {} is neither sqlite://file nor postgres://…",
            shorten(&redact(url))
        )))
    }

    /// Says why opening the database here failed, in one line that ends with the place.
    pub(super) fn explain(&self, err: &sqlx::Error) -> String {
        match (self, err) {
            (Place::File(path), sqlx::Error::Database(db)) => {
                explain_file(path, sqlite_code(db.as_ref()), db.message())
            }
            (_, sqlx::Error::Io(io)) => {
                use std::io::ErrorKind as K;
                // The kind alone reads well for network failures; the rest need the OS's words.
                let cause = match io.kind() {
                    K::ConnectionRefused
                    | K::ConnectionReset
                    | K::ConnectionAborted
                    | K::TimedOut
                    | K::HostUnreachable
                    | K::NetworkUnreachable
                    | K::AddrNotAvailable => io.kind().to_string(),
                    _ => io.to_string(),
                };
                format!("{cause}: {self}")
            }
            (_, sqlx::Error::Tls(e)) => format!("TLS failed ({e}): {self}"),
            (_, sqlx::Error::Database(db)) => format!("{}: {self}", db.message()),
            (_, sqlx::Error::Configuration(e)) => format!("bad DATABASE_URL ({e})"),
            (_, other) => format!("{other}: {self}"),
        }
    }
}

impl std::fmt::Display for Place {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Place::File(path) => write!(f, "{}", path.display()),
            Place::Memory => f.write_str("an in-memory database"),
            Place::Server(host) => f.write_str(host),
        }
    }
}

/// Explains a SQLite error met while opening `path`, naming the file or folder at fault.
fn explain_file(path: &Path, code: Option<i64>, message: &str) -> String {
    let shown = path.display();
    match code {
        Some(SQLITE_NOTADB) => format!("file is not a database: {shown}"),
        Some(SQLITE_CORRUPT) => format!("the database file is damaged ({message}): {shown}"),
        Some(SQLITE_CANTOPEN | SQLITE_READONLY | SQLITE_PERM) => {
            let folder = match path.parent() {
                Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
                _ => PathBuf::from("."),
            };
            if path.is_dir() {
                format!("{shown} is a folder, not a database file")
            } else if !folder.is_dir() {
                format!("the folder does not exist: {}", folder.display())
            } else if read_only(&folder) {
                format!(
                    "the folder is read-only (SQLite writes the database and its -wal and -shm \
                     files there): {}",
                    folder.display()
                )
            } else if read_only(path) {
                format!("the database file is read-only: {shown}")
            } else {
                format!("{message}: {shown}")
            }
        }
        _ => format!("{message}: {shown}"),
    }
}

/// Returns true when nobody may write to `path` by its permission bits.
fn read_only(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.permissions().readonly())
}

const SQLITE_PERM: i64 = 3;
const SQLITE_READONLY: i64 = 8;
const SQLITE_CORRUPT: i64 = 11;
const SQLITE_FULL: i64 = 13;
const SQLITE_CANTOPEN: i64 = 14;
const SQLITE_NOTADB: i64 = 26;

/// Returns SQLite's primary result code (the extended `1032` is 8, read-only) of a SQLite
/// error, or `None` for another database's error.
fn sqlite_code(db: &dyn DatabaseError) -> Option<i64> {
    db.try_downcast_ref::<SqliteError>()?;
    db.code()?.parse::<i64>().ok().map(|c| c & 0xff)
}

/// Says why a database error will not pass by trying again: a read-only, damaged or full
/// database, or missing privileges (SQLite's result codes, PostgreSQL's SQLSTATEs).
pub(super) fn permanent(db: &dyn DatabaseError) -> Option<&'static str> {
    if db.try_downcast_ref::<SqliteError>().is_some() {
        return sqlite_permanent(sqlite_code(db)?);
    }
    match db.code()?.as_ref() {
        "25006" => Some("the database is read-only"),
        "42501" => Some("the database refuses tabula's writes (missing privileges)"),
        "53100" => Some("the database's disk is full"),
        _ => None,
    }
}

fn sqlite_permanent(code: i64) -> Option<&'static str> {
    match code {
        SQLITE_READONLY => Some("the database is read-only"),
        SQLITE_PERM => Some("the database refuses writes"),
        SQLITE_CORRUPT | SQLITE_NOTADB => Some("the database file is damaged"),
        SQLITE_FULL => Some("the disk is full"),
        SQLITE_CANTOPEN => Some("the database file cannot be opened"),
        _ => None,
    }
}

fn bad_url(url: &str, err: &sqlx::Error) -> StoreError {
    StoreError::BadUrl(format!(
        "DATABASE_URL {} cannot be read: {err}",
        shorten(&redact(url))
    ))
}

/// Hides the password of a database URL before it is printed.
pub fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let userinfo = &url[scheme + 3..at];
            match userinfo.split_once(':') {
                Some((user, _)) => format!("{}{user}:***{}", &url[..scheme + 3], &url[at..]),
                None => url.to_string(),
            }
        }
        _ => url.to_string(),
    }
}

/// Cuts a URL quoted in an error to a readable length.
fn shorten(url: &str) -> String {
    const MAX: usize = 120;
    if url.chars().count() <= MAX {
        return url.to_string();
    }
    let mut cut: String = url.chars().take(MAX - 1).collect();
    cut.push('…');
    cut
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_without_a_file_are_refused() {
        for url in [
            "sqlite:",
            "sqlite://",
            "sqlite://?mode=rwc",
            "sqlite:?cache=shared",
        ] {
            match Place::of(url) {
                Err(StoreError::BadUrl(why)) => assert!(why.contains("names no file"), "{why}"),
                other => panic!("{url}: {other:?}"),
            }
        }
        assert_eq!(Place::of("sqlite::memory:").unwrap(), Place::Memory);
        assert_eq!(
            Place::of("sqlite://a/b.db?mode=rwc").unwrap(),
            Place::File("a/b.db".into())
        );
        assert_eq!(
            Place::of("postgres://u:secret@db.example:5433/x").unwrap(),
            Place::Server("db.example:5433".into())
        );
        assert!(matches!(
            Place::of("mysql://u:secret@h/x"),
            Err(StoreError::BadUrl(why)) if !why.contains("secret")
        ));
    }

    #[test]
    fn read_only_damaged_and_full_sqlite_databases_are_permanent_failures() {
        for code in [8, 1032, 11, 26, 13, 14, 3] {
            assert!(sqlite_permanent(code & 0xff).is_some(), "{code}");
        }
        assert_eq!(sqlite_permanent(5), None, "SQLITE_BUSY passes");
        assert_eq!(sqlite_permanent(6), None, "SQLITE_LOCKED passes");
    }
}

//! Where a run's database lives: a SQLite file in a temporary folder (with the settings the bot
//! uses), or a fresh PostgreSQL database made on a server and dropped at the end.

/// The server used when neither `--database-url` nor `TABULA_TEST_POSTGRES` names one.
const DEFAULT_POSTGRES: &str = "postgres://postgres@127.0.0.1:5432/test";

/// Where the database lives for this run, and how to tidy it away.
pub struct Place {
    pub url: String,
    /// The folder holding a SQLite file (removed when dropped).
    dir: Option<tempfile::TempDir>,
    /// The server and database name of a PostgreSQL database made for the run.
    postgres: Option<(String, String)>,
    /// The size measured before tidying.
    size: std::sync::Mutex<Option<u64>>,
}

impl Place {
    /// A SQLite file in a new temporary folder, or with `postgres` a new database on the
    /// server at `database_url` (else `TABULA_TEST_POSTGRES`, else the local test server).
    pub async fn make(postgres: bool, database_url: Option<&str>) -> anyhow::Result<Place> {
        if !postgres {
            let dir = tempfile::tempdir()?;
            let url = format!("sqlite://{}", dir.path().join("load.db").display());
            return Ok(Place {
                url,
                dir: Some(dir),
                postgres: None,
                size: std::sync::Mutex::new(None),
            });
        }
        let base = database_url
            .map(str::to_string)
            .or_else(|| std::env::var("TABULA_TEST_POSTGRES").ok())
            .unwrap_or_else(|| DEFAULT_POSTGRES.into());
        let name = format!("tabula_load_{}", std::process::id());
        let url = super::report::create_postgres(&base, &name).await?;
        Ok(Place {
            url,
            dir: None,
            postgres: Some((base, name)),
            size: std::sync::Mutex::new(None),
        })
    }

    /// Measures the database, then drops a PostgreSQL database made for the run.
    pub async fn tidy(&self) {
        let size = match (&self.dir, &self.postgres) {
            (Some(dir), _) => Some(super::report::folder_size(dir.path())),
            (None, Some(_)) => super::report::postgres_size(&self.url).await,
            (None, None) => None,
        };
        *self.size.lock().unwrap_or_else(|p| p.into_inner()) = size;
        if let Some((base, name)) = &self.postgres {
            super::report::drop_postgres(base, name).await;
        }
    }

    /// The size measured by [`tidy`](Self::tidy), and what was measured.
    pub fn size_after(&self, result: &anyhow::Result<()>) -> (Option<u64>, &'static str) {
        let size = *self.size.lock().unwrap_or_else(|p| p.into_inner());
        let what = match (result.is_ok(), self.dir.is_some()) {
            (true, true) => "SQLite file with its WAL",
            (true, false) => "pg_database_size",
            (false, _) => "after a failed run",
        };
        (size, what)
    }
}

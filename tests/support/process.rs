//! The shipped `tabula` binary as a child process: the command every such test starts from.

use std::path::Path;
use std::process::Command;

/// Returns `tabula` to run in `dir` on the database at `url`, with no Discord token and no
/// `RUST_LOG` from the caller's environment (a test adds what it needs).
pub fn tabula(dir: &Path, url: &str) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tabula"));
    command
        .current_dir(dir)
        .env("DATABASE_URL", url)
        .env_remove("DISCORD_TOKEN")
        .env_remove("RUST_LOG");
    command
}

//! Operators' and testers' troubles with the shipped binary (issue 15): racing starts on a new
//! SQLite file, bad databases named in one line, hostile console and engine input, and an
//! unwritable boards folder. Each test runs `tabula` as a subprocess.

use std::io::Write;
use std::path::Path;
use std::process::{Child, Stdio};

// Starting: racing processes on a new file, bad databases and bad URLs.
mod startup;

// Keeping the data: backups while in use, JSON logs.
mod backup;

// Reading input: bytes that are not UTF-8, over-long lines, perft's work, pictures that cannot be written.
mod input;

/// What a finished `tabula` run printed, and whether it succeeded.
pub struct Run {
    pub out: String,
    pub err: String,
    pub ok: bool,
}

/// Starts `tabula args` in `dir` on the database `url`, with piped stdin, stdout and stderr.
pub fn spawn(args: &[&str], dir: &Path, url: &str) -> Child {
    crate::support::process::tabula(dir, url)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the tabula binary runs")
}

/// Waits for a spawned run after writing `input` to its stdin.
pub fn finish(mut child: Child, input: &[u8]) -> Run {
    let mut stdin = child.stdin.take().expect("stdin");
    // A process that fails at start closes its stdin early; that is its answer, not ours.
    let _ = stdin.write_all(input);
    drop(stdin);
    let out = child.wait_with_output().expect("tabula finishes");
    Run {
        out: String::from_utf8_lossy(&out.stdout).into_owned(),
        err: String::from_utf8_lossy(&out.stderr).into_owned(),
        ok: out.status.success(),
    }
}

/// Runs `tabula args` in `dir` on the database `url` with `input` on stdin.
pub fn tabula(args: &[&str], dir: &Path, url: &str, input: &[u8]) -> Run {
    finish(spawn(args, dir, url), input)
}

/// The URL of the SQLite file `name` in `dir`.
pub fn sqlite(dir: &Path, name: &str) -> String {
    format!("sqlite://{}", dir.join(name).display())
}

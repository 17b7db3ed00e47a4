//! The shipped `tabula` binary run as `tabula bot` against a fake, as a child process.

use std::path::Path;
use std::process::{Child, Stdio};

use super::{FakeDiscord, GUILD};

/// A bot process, killed when dropped so a failing test leaves nothing behind.
pub struct Process(pub Child);

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts `tabula bot` in `dir` on the database at `url`, talking to `fake`, its log in
/// `dir/bot-<run>.log`, with `extra` environment variables on top of the common ones.
pub fn spawn_bot(
    fake: &FakeDiscord,
    dir: &Path,
    url: &str,
    run: usize,
    extra: &[(&str, &str)],
) -> Process {
    let log = std::fs::File::create(dir.join(format!("bot-{run}.log"))).unwrap();
    crate::support::process::tabula(dir, url)
        .arg("bot")
        .env("DISCORD_TOKEN", "fake-token")
        .env("DISCORD_API_BASE", fake.base_url())
        .env("TABULA_GUILD_ID", GUILD)
        .env("RUST_LOG", "warn,tabula=info")
        .envs(extra.iter().copied())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(log)
        .spawn()
        .map(Process)
        .expect("the tabula binary runs")
}

//! A `tabula console` process spoken to line by line, as a tester at a terminal would, that
//! can be killed with SIGKILL at any moment: what it printed before it died is kept, reply by
//! reply, so a test knows which commands were answered.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Stdio};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use tokio::sync::watch;

/// The line sent after every command. The console refuses it at once, touching nothing, and
/// its fixed answer ([`MARK_ANSWER`]) ends the reply to the command before it.
const MARK: &str = "sync";
/// How the console's answer to [`MARK`] begins.
const MARK_ANSWER: &str = "! Start each line with who is speaking";

/// What the process printed: one entry per command answered, and the lines of the reply
/// under way.
#[derive(Default)]
struct Transcript {
    replies: Vec<Vec<String>>,
    current: Vec<String>,
    /// The process's output ended (it exited or was killed).
    ended: bool,
}

/// A running `tabula console`.
pub struct Console {
    child: Child,
    stdin: Option<ChildStdin>,
    out: Arc<Mutex<Transcript>>,
    answered: watch::Receiver<usize>,
    reader: Option<JoinHandle<()>>,
    sent: usize,
}

impl Console {
    /// Starts `tabula console` in `dir` on the database at `url`, its boards in `dir/boards`
    /// and its stderr in `dir/console-<name>.log`.
    pub fn spawn(dir: &Path, url: &str, name: &str) -> Console {
        let log = std::fs::File::create(dir.join(format!("console-{name}.log"))).expect("a log");
        let mut child = crate::support::process::tabula(dir, url)
            .arg("console")
            .arg("--boards")
            .arg(dir.join("boards"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(log)
            .spawn()
            .expect("the tabula binary runs");
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("stdout");
        let out = Arc::new(Mutex::new(Transcript::default()));
        let (tell, answered) = watch::channel(0);
        let shared = Arc::clone(&out);
        let reader = std::thread::spawn(move || read(stdout, &shared, &tell));
        Console {
            child,
            stdin,
            out,
            answered,
            reader: Some(reader),
            sent: 0,
        }
    }

    /// Sends a command line without waiting for its answer; returns its number, for
    /// [`reply`](Self::reply).
    pub fn send(&mut self, line: &str) -> usize {
        assert!(!line.contains('\n'), "one line: {line:?}");
        self.sent += 1;
        if let Some(stdin) = self.stdin.as_mut() {
            // A dead process's pipe refuses the write; what it answered is read from its output.
            let _ = stdin.write_all(format!("{line}\n{MARK}\n").as_bytes());
            let _ = stdin.flush();
        }
        self.sent - 1
    }

    /// Sends a command line and waits for its whole reply; `None` when the process's output
    /// ended first.
    pub async fn say(&mut self, line: &str) -> Option<Vec<String>> {
        let index = self.send(line);
        self.reply(index).await
    }

    /// Waits for the whole reply to command number `index`; `None` when the process's output
    /// ended first.
    pub async fn reply(&self, index: usize) -> Option<Vec<String>> {
        let mut answered = self.answered.clone();
        let out = Arc::clone(&self.out);
        answered
            .wait_for(|n| *n > index || out.lock().unwrap().ended)
            .await
            .ok()?;
        self.out.lock().unwrap().replies.get(index).cloned()
    }

    /// Kills the process with SIGKILL and returns what it printed for each command sent, in
    /// order: the last reply may be cut short, and commands it never read have none.
    pub fn kill(mut self) -> Vec<Vec<String>> {
        let _ = self.child.kill();
        self.finish()
    }

    /// Closes the process's input, waits for it to exit, and returns its replies as
    /// [`kill`](Self::kill) does.
    pub fn quit(mut self) -> Vec<Vec<String>> {
        self.stdin = None;
        self.finish()
    }

    fn finish(&mut self) -> Vec<Vec<String>> {
        self.stdin = None;
        let _ = self.child.wait();
        if let Some(reader) = self.reader.take() {
            reader.join().expect("the reader thread");
        }
        let mut out = self.out.lock().unwrap();
        let mut replies = std::mem::take(&mut out.replies);
        if !out.current.is_empty() {
            replies.push(std::mem::take(&mut out.current));
        }
        replies.resize(self.sent.max(replies.len()), Vec::new());
        replies
    }
}

impl Drop for Console {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Reads the process's output until it ends, splitting it into replies at each mark's answer.
fn read(stdout: std::process::ChildStdout, out: &Mutex<Transcript>, tell: &watch::Sender<usize>) {
    for line in BufReader::new(stdout).lines() {
        let Ok(line) = line else { break };
        // The transcript's lock is let go before waking the waiters, who take it to look.
        let answered = {
            let mut out = out.lock().unwrap();
            if !line.starts_with(MARK_ANSWER) {
                out.current.push(line);
                continue;
            }
            let reply = std::mem::take(&mut out.current);
            out.replies.push(reply);
            out.replies.len()
        };
        tell.send_replace(answered);
    }
    out.lock().unwrap().ended = true;
    tell.send_modify(|_| {});
}

/// Reads the game and seq a reply's board picture names (`  board: …-game12-0034.png`): the
/// reply was printed, so the action that made that seq was acknowledged.
pub fn board_seq(reply: &[String]) -> Option<(i64, i64)> {
    reply.iter().find_map(|line| {
        let file = line.trim_start().strip_prefix("board: ")?;
        let name = file.rsplit('/').next()?.strip_suffix(".png")?;
        let (_, tail) = name.rsplit_once("-game")?;
        let (id, seq) = tail.split_once('-')?;
        Some((id.parse().ok()?, seq.parse().ok()?))
    })
}

/// Returns true for a reply that refused the command (the console marks those with `!`).
pub fn refused(reply: &[String]) -> bool {
    reply.iter().any(|line| line.starts_with('!'))
}

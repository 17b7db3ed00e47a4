//! The live viewers: a second process (this example run with `--viewers-of`, so that their
//! memory is not counted as the site's) opens many `/g/{id}/live` streams, each from its own
//! loopback address (127.0.0.2 and on: the site allows 8 streams per address), and prints
//! each `move` event it receives with the wall-clock time it arrived. The driver reads those
//! lines and matches them with the moves it made. Told `pictures on` on its standard input,
//! each viewer also fetches the board picture an event shows, as a browser would, and prints
//! `pic VIEWER PLY MICROS` once it has all of it; `pictures off` stops that.

use std::collections::HashMap;
use std::io::{BufRead as _, Write as _};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use tokio::io::{AsyncBufReadExt as _, AsyncReadExt as _, AsyncWriteExt as _};
use tokio::net::TcpSocket;
use tokio::sync::{mpsc, oneshot};

/// Streams one address may hold (the site's `STREAMS_PER_IP`).
const PER_ADDRESS: usize = tabula::web::STREAMS_PER_IP;

/// Microseconds since the Unix epoch: the one clock both processes read.
pub fn now_micros() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_micros()).unwrap_or(i64::MAX))
}

/// The loopback address viewer `k` connects from.
fn address(k: usize) -> IpAddr {
    let n = k / PER_ADDRESS;
    let (b, c) = (n / 250, n % 250);
    IpAddr::V4(Ipv4Addr::new(
        127,
        u8::try_from(1 + b).unwrap_or(255),
        0,
        u8::try_from(2 + c).unwrap_or(255),
    ))
}

/// The viewers' side (the second process): opens `count` streams of `path` on `site`, prints
/// `ready OPEN REFUSED` once every one was tried, then `VIEWER PLY MICROS` for each event.
pub async fn watch(site: SocketAddr, path: &str, count: usize) -> anyhow::Result<()> {
    let (lines, mut out) = mpsc::unbounded_channel::<String>();
    let printer = tokio::spawn(async move {
        let mut stdout = tokio::io::stdout();
        while let Some(line) = out.recv().await {
            let mut text = line;
            while let Ok(more) = out.try_recv() {
                text.push_str(&more);
            }
            if stdout.write_all(text.as_bytes()).await.is_err() || stdout.flush().await.is_err() {
                return;
            }
        }
    });
    // `pictures on` / `pictures off` from the driver.
    let pictures = Arc::new(AtomicBool::new(false));
    let told = Arc::clone(&pictures);
    tokio::spawn(async move {
        let mut input = tokio::io::BufReader::new(tokio::io::stdin()).lines();
        while let Ok(Some(line)) = input.next_line().await {
            told.store(line.trim() == "pictures on", Ordering::SeqCst);
        }
    });
    let mut opened = 0;
    let mut refused = 0;
    for batch in (0..count).collect::<Vec<_>>().chunks(50) {
        let mut tries = Vec::new();
        for &k in batch {
            let (lines, path) = (lines.clone(), path.to_string());
            let pictures = Arc::clone(&pictures);
            let (ready, answered) = oneshot::channel();
            tokio::spawn(async move {
                if let Err(e) = view(k, site, &path, lines, ready, pictures).await {
                    eprintln!("viewer {k}: {e}");
                }
            });
            tries.push(answered);
        }
        for answered in tries {
            match answered.await {
                Ok(true) => opened += 1,
                _ => refused += 1,
            }
        }
    }
    let _ = lines.send(format!("ready {opened} {refused}\n"));
    drop(lines);
    printer.await?;
    Ok(())
}

/// One viewer: connects, says whether the stream opened, then reports each event's ply (and,
/// while `pictures` says so, fetches the picture each event shows).
async fn view(
    k: usize,
    site: SocketAddr,
    path: &str,
    lines: mpsc::UnboundedSender<String>,
    ready: oneshot::Sender<bool>,
    pictures: Arc<AtomicBool>,
) -> anyhow::Result<()> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(SocketAddr::new(address(k), 0))?;
    let mut stream = match socket.connect(site).await {
        Ok(stream) => stream,
        Err(e) => {
            let _ = ready.send(false);
            return Err(e.into());
        }
    };
    let request =
        format!("GET {path} HTTP/1.1\r\nHost: {site}\r\nAccept: text/event-stream\r\n\r\n");
    stream.write_all(request.as_bytes()).await?;
    let mut buf = vec![0u8; 4096];
    let mut pending: Vec<u8> = Vec::new();
    let mut answered = Some(ready);
    // The event being read: its id (the ply) and the picture it shows.
    let mut event: (Option<String>, Option<String>) = (None, None);
    loop {
        let n = stream.read(&mut buf).await?;
        if n == 0 {
            if let Some(ready) = answered.take() {
                let _ = ready.send(false);
            }
            return Ok(());
        }
        let at = now_micros();
        pending.extend_from_slice(&buf[..n]);
        if let Some(ready) = answered.take() {
            let ok = pending.starts_with(b"HTTP/1.1 200");
            let _ = ready.send(ok);
            if !ok {
                return Ok(());
            }
        }
        // Whole lines only; a line cut by the read waits for the rest.
        let Some(end) = pending.iter().rposition(|b| *b == b'\n') else {
            continue;
        };
        for line in pending[..end].split(|b| *b == b'\n') {
            if let Some(ply) = line.strip_prefix(b"id: ") {
                let ply = String::from_utf8_lossy(ply).trim().to_string();
                let _ = lines.send(format!("{k} {ply} {at}\n"));
                event.0 = Some(ply);
            } else if let Some(src) = image_source(line) {
                event.1 = Some(src);
            } else if line.is_empty() || line == b"\r" {
                // The event's end: its id and picture, in whichever order they came.
                if let ((Some(ply), Some(src)), true) =
                    (std::mem::take(&mut event), pictures.load(Ordering::SeqCst))
                {
                    let lines = lines.clone();
                    tokio::spawn(async move {
                        if let Err(e) = fetch(k, site, &src, &ply, lines).await {
                            eprintln!("viewer {k}, picture {src}: {e}");
                        }
                    });
                }
            }
        }
        pending.drain(..=end);
    }
}

/// The address of the board picture a line of an event shows (`<img src="/g/…/N.png"`).
fn image_source(line: &[u8]) -> Option<String> {
    let text = std::str::from_utf8(line).ok()?;
    let start = text.find("<img src=\"")? + "<img src=\"".len();
    let end = start + text[start..].find('"')?;
    let src = &text[start..end];
    src.ends_with(".png").then(|| src.to_string())
}

/// Fetches `src` from viewer `k`'s address as a browser would, and reports `pic K PLY MICROS`
/// once the whole picture has arrived with a 200.
async fn fetch(
    k: usize,
    site: SocketAddr,
    src: &str,
    ply: &str,
    lines: mpsc::UnboundedSender<String>,
) -> anyhow::Result<()> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(SocketAddr::new(address(k), 0))?;
    let mut stream = socket.connect(site).await?;
    let request = format!("GET {src} HTTP/1.1\r\nHost: {site}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await?;
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await?;
    let at = now_micros();
    anyhow::ensure!(
        answer.starts_with(b"HTTP/1.1 200"),
        "answered {:?}",
        String::from_utf8_lossy(&answer[..answer.len().min(40)])
    );
    let _ = lines.send(format!("pic {k} {ply} {at}\n"));
    Ok(())
}

/// Per viewer, each event's ply and arrival (µs since the epoch).
pub type Events = Mutex<HashMap<usize, Vec<(usize, i64)>>>;

/// The driver's side: the viewers' process and what it has reported.
pub struct Viewers {
    child: Child,
    /// Per viewer, each event's ply and arrival (µs since the epoch).
    pub events: Arc<Events>,
    /// Per viewer, each picture fetched: its ply and when it had all arrived.
    pub pictures: Arc<Events>,
    pub opened: usize,
    pub refused: usize,
}

impl Viewers {
    /// Starts `count` viewers of `path` on `site` in a second process and waits until each
    /// stream has opened or been refused.
    pub async fn start(site: SocketAddr, path: &str, count: usize) -> anyhow::Result<Viewers> {
        let mut child = Command::new(std::env::current_exe()?)
            .args([
                "--viewers-of",
                &format!("{site}{path}"),
                "--viewers",
                &count.to_string(),
            ])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()?;
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| anyhow::anyhow!("the viewers' output"))?;
        let events: Arc<Events> = Arc::default();
        let pictures: Arc<Events> = Arc::default();
        let recorded = Arc::clone(&events);
        let fetched = Arc::clone(&pictures);
        let (ready, counted) = oneshot::channel::<(usize, usize)>();
        // A thread of its own reads the lines, so the site's workers never wait on them.
        std::thread::spawn(move || {
            let mut ready = Some(ready);
            for line in std::io::BufReader::new(stdout).lines() {
                let Ok(line) = line else { return };
                if let Some(counts) = line.strip_prefix("ready ") {
                    let mut counts = counts.split(' ').map(|n| n.parse::<usize>().unwrap_or(0));
                    let counts = (counts.next().unwrap_or(0), counts.next().unwrap_or(0));
                    if let Some(ready) = ready.take() {
                        let _ = ready.send(counts);
                    }
                } else if let Some(picture) = line.strip_prefix("pic ") {
                    record(&fetched, picture);
                } else {
                    record(&recorded, &line);
                }
            }
        });
        let Ok((opened, refused)) = counted.await else {
            let _ = child.kill();
            anyhow::bail!("the viewers' process ended before its streams opened");
        };
        Ok(Viewers {
            child,
            events,
            pictures,
            opened,
            refused,
        })
    }

    /// Tells every viewer to fetch the picture of each event from now on, or to stop.
    pub fn fetch_pictures(&mut self, on: bool) -> anyhow::Result<()> {
        let input = self
            .child
            .stdin
            .as_mut()
            .ok_or_else(|| anyhow::anyhow!("the viewers' input"))?;
        writeln!(input, "pictures {}", if on { "on" } else { "off" })?;
        input.flush()?;
        Ok(())
    }

    /// How many viewers have had the event of `ply` (or a later one).
    pub fn reached(&self, ply: usize) -> usize {
        reached(&self.events, ply)
    }

    /// How many viewers have fetched the picture of `ply` (or a later one).
    pub fn pictured(&self, ply: usize) -> usize {
        reached(&self.pictures, ply)
    }

    /// From each move (ply, when it was sent in µs) to each viewer's event carrying it: the
    /// delays, and how many (viewer, move) pairs never arrived.
    pub fn delays(&self, moves: &[(usize, i64)]) -> (Vec<Duration>, usize) {
        delays(&self.events, self.opened, moves)
    }

    /// From each move to each viewer's having its picture: the delays, and how many (viewer,
    /// move) pairs never got one.
    pub fn picture_delays(&self, moves: &[(usize, i64)]) -> (Vec<Duration>, usize) {
        delays(&self.pictures, self.opened, moves)
    }

    /// Ends the viewers' process.
    pub fn stop(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// How many viewers have a record of `ply` (or a later one).
fn reached(events: &Events, ply: usize) -> usize {
    let events = events.lock().unwrap_or_else(|p| p.into_inner());
    events
        .values()
        .filter(|got| got.iter().any(|(p, _)| *p >= ply))
        .count()
}

/// From each move (ply, when it was sent in µs) to each of `opened` viewers' first record
/// carrying it: the delays, and how many (viewer, move) pairs have none.
fn delays(events: &Events, opened: usize, moves: &[(usize, i64)]) -> (Vec<Duration>, usize) {
    let events = events.lock().unwrap_or_else(|p| p.into_inner());
    let mut delays = Vec::new();
    let mut missed = 0;
    for got in events.values() {
        for &(ply, sent) in moves {
            // The first event that brought this ply (a late viewer's may bring several).
            match got.iter().find(|(p, _)| *p >= ply) {
                Some(&(_, at)) => {
                    delays.push(Duration::from_micros(u64::try_from(at - sent).unwrap_or(0)))
                }
                None => missed += 1,
            }
        }
    }
    missed += moves.len() * opened.saturating_sub(events.len());
    delays.sort_unstable();
    (delays, missed)
}

/// Keeps one `VIEWER PLY MICROS` line.
fn record(events: &Events, line: &str) {
    let mut parts = line.split(' ').map(|p| p.parse::<i64>());
    if let (Some(Ok(k)), Some(Ok(ply)), Some(Ok(at))) = (parts.next(), parts.next(), parts.next())
        && let (Ok(k), Ok(ply)) = (usize::try_from(k), usize::try_from(ply))
    {
        events
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .entry(k)
            .or_default()
            .push((ply, at));
    }
}

/// Waits up to `limit` until every open viewer has had `ply`.
pub async fn wait_for(viewers: &Viewers, ply: usize, limit: Duration) {
    let until = std::time::Instant::now() + limit;
    while viewers.reached(ply) < viewers.opened && std::time::Instant::now() < until {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Waits up to `limit` until every open viewer has fetched the picture of `ply`.
pub async fn wait_for_pictures(viewers: &Viewers, ply: usize, limit: Duration) {
    let until = std::time::Instant::now() + limit;
    while viewers.pictured(ply) < viewers.opened && std::time::Instant::now() < until {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

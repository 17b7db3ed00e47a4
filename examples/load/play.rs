//! The load itself: opens `--games` games (every game kind and ruleset in turn, two players
//! each, channels spread over `--guilds` guilds), then plays turns round-robin over them with
//! `--concurrency` turns in flight, timing each `Table::handle` call. A finished game is
//! replaced by a new one in its channel, so the number of games under way stays the same.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{Rng as _, SeedableRng as _};
use tabula::render::Renderer;
use tabula::rules::{Game, GameKind, Turn};
use tabula::store::{Latency, Status, Store, count_round_trips};
use tabula::table::{Command, Ctx, Reply, Table, User};

use super::open::{Answered, Played};
use super::report::quantile;
use super::{Args, ms, split};

/// Every game and alias a player may name in `/play` (all kinds, all Parcheesi rulesets).
fn choices() -> Vec<&'static str> {
    GameKind::choices().iter().map(|c| c.name).collect()
}

/// What the players share: the table, the store (to see each game as a player would see
/// its board), and the counters.
pub struct Players {
    table: Table,
    store: Store,
    games: usize,
    guilds: usize,
    choices: Vec<&'static str>,
    /// One flag per channel: a turn of its game is under way.
    busy: Vec<AtomicBool>,
    cursor: AtomicUsize,
    refused: AtomicU64,
    finished: AtomicU64,
    opened: AtomicU64,
    seed: u64,
    /// Moves arrive as typed messages (read, claimed, played) instead of `/move`.
    typed: bool,
    /// The next typed message's id.
    message: AtomicI64,
}

/// The kinds of command whose database round trips are counted apart.
#[derive(Clone, Copy)]
enum Kind {
    Move,
    Roll,
    Opening,
}

impl Kind {
    const ALL: [Kind; 3] = [Kind::Move, Kind::Roll, Kind::Opening];

    fn name(self, typed: bool) -> &'static str {
        match (self, typed) {
            (Kind::Move, false) => "/move",
            (Kind::Move, true) => "typed move (read, claim, play)",
            (Kind::Roll, _) => "/roll",
            (Kind::Opening, _) => "/play, /join or /start",
        }
    }
}

/// Per-task results: the turns' latencies, the latencies of the commands that open games,
/// and the PNG bytes posted.
#[derive(Default)]
pub struct Tally {
    samples: Vec<Duration>,
    opening: Vec<Duration>,
    png_bytes: u64,
    /// Per [`Kind`]: commands sent and the database round trips they made.
    trips: [(u64, u64); 3],
}

impl Tally {
    fn count(&mut self, kind: Kind, trips: u64) {
        let slot = &mut self.trips[kind as usize];
        slot.0 += 1;
        slot.1 += trips;
    }
}

/// Runs the load on the database at `url` and prints the report.
pub async fn load(args: &Args, url: &str) -> anyhow::Result<()> {
    // The latency starts once the games are open, so only the timed turns wait for it.
    let latency = Latency::per_round_trip();
    let store = Store::connect_with_latency(url, Some(latency.clone())).await?;
    let mut table =
        Table::new(store.clone(), Arc::new(Renderer::new())).with_max_in_flight(args.max_in_flight);
    if let Some(threads) = args.render_threads {
        table = table.with_render_threads(threads);
    }
    println!(
        "load: {} games ({}) over {} guilds on {:?}, {} turns in flight, {} render threads",
        args.games,
        choices().join(", "),
        args.guilds,
        store.backend(),
        args.concurrency,
        table.render_threads()
    );
    let players = Arc::new(Players::new(
        table,
        store.clone(),
        args.games,
        args.guilds,
        args.seed,
        args.typed,
    ));

    let started = Instant::now();
    let opening = run_tasks(&players, args.concurrency, |p, i, _rng| {
        Box::pin(async move { p.open(i).await })
    })
    .await;
    let open_time = started.elapsed();
    let opened = players.opened.swap(0, Ordering::Relaxed);
    println!(
        "opened {opened} games in {:.1} s ({:.0} games/s, each a /play and a /join with its board); p50 {:.2} ms, p99 {:.2} ms per command",
        open_time.as_secs_f64(),
        opened as f64 / open_time.as_secs_f64(),
        ms(quantile(&sorted(&opening, |t| &t.opening), 0.5)),
        ms(quantile(&sorted(&opening, |t| &t.opening), 0.99)),
    );
    let _ = split::take();
    if args.db_delay_ms > 0 {
        latency.set(Duration::from_millis(args.db_delay_ms));
        println!(
            "every database round trip now waits {} ms first",
            args.db_delay_ms
        );
    }

    let turns = args.turns.unwrap_or(args.games * 5);
    players.cursor.store(0, Ordering::Relaxed);
    let target = Arc::new(AtomicI64::new(i64::try_from(turns).unwrap_or(i64::MAX)));
    // The open loop's audit tells the actions stored by the turns from the games' openings.
    let before = match args.rate {
        Some(_) => Some(super::audit::Before::read(url).await?),
        None => None,
    };
    let started = Instant::now();
    let played = if let (Some(rate), Some(before)) = (args.rate, before) {
        let run = super::open::paced(&players, rate, turns).await;
        let wall = started.elapsed();
        report(&players, &run.tallies, wall);
        run.report(wall);
        println!(
            "peak RSS (VmHWM) over the run, before the audit: {}",
            super::report::peak_rss()
        );
        let audit = super::audit::audit(url, &before, &run.played()).await?;
        store.close().await;
        audit.print();
        return Ok(());
    } else {
        let target = Arc::clone(&target);
        run_tasks(&players, args.concurrency, move |p, _, rng| {
            let target = Arc::clone(&target);
            Box::pin(async move { p.turns(&target, rng).await })
        })
        .await
    };
    let wall = started.elapsed();
    report(&players, &played, wall);
    store.close().await;
    Ok(())
}

/// Runs `concurrency` tasks, each calling `work` with the players, its index and its own
/// random generator, and gathers their tallies.
async fn run_tasks<F>(players: &Arc<Players>, concurrency: usize, work: F) -> Vec<Tally>
where
    F: Fn(
            Arc<Players>,
            usize,
            StdRng,
        ) -> std::pin::Pin<Box<dyn std::future::Future<Output = Tally> + Send>>
        + Send
        + Sync
        + 'static,
{
    let work = Arc::new(work);
    let mut tasks = Vec::new();
    for task in 0..concurrency.max(1) {
        let (players, work) = (Arc::clone(players), Arc::clone(&work));
        let rng = StdRng::seed_from_u64(players.seed ^ (task as u64).wrapping_mul(0x9e37_79b9));
        tasks.push(tokio::spawn(async move { work(players, task, rng).await }));
    }
    let mut tallies = Vec::new();
    for task in tasks {
        match task.await {
            Ok(tally) => tallies.push(tally),
            Err(e) => eprintln!("a player task failed: {e}"),
        }
    }
    tallies
}

impl Players {
    /// Players for `games` channels over `guilds` guilds, choosing with `seed`.
    pub fn new(
        table: Table,
        store: Store,
        games: usize,
        guilds: usize,
        seed: u64,
        typed: bool,
    ) -> Players {
        Players {
            table,
            store,
            games,
            guilds: guilds.max(1),
            choices: choices(),
            busy: (0..games).map(|_| AtomicBool::new(false)).collect(),
            cursor: AtomicUsize::new(0),
            refused: AtomicU64::new(0),
            finished: AtomicU64::new(0),
            opened: AtomicU64::new(0),
            seed,
            typed,
            message: AtomicI64::new(1),
        }
    }

    /// Opens games until every channel has one (tasks take channels in turn).
    async fn open(&self, _task: usize) -> Tally {
        let mut tally = Tally::default();
        loop {
            let i = self.cursor.fetch_add(1, Ordering::Relaxed);
            if i >= self.games {
                return tally;
            }
            self.start_game(i, &mut tally).await;
        }
    }

    /// Plays turns until `left` runs out, taking channels round-robin.
    async fn turns(&self, left: &AtomicI64, mut rng: StdRng) -> Tally {
        let mut tally = Tally::default();
        while left.load(Ordering::Relaxed) > 0 {
            let i = self.take_channel().await;
            let took = self.turn(i, &mut rng, &mut tally).await;
            self.release(i);
            if took {
                left.fetch_sub(1, Ordering::Relaxed);
            }
        }
        tally
    }

    /// Plays one turn in channel `i` as the player to act; returns whether a turn was timed.
    /// A finished game is replaced first.
    pub async fn turn(&self, i: usize, rng: &mut StdRng, tally: &mut Tally) -> bool {
        !matches!(self.turn_answered(i, rng, tally).await, Answered::Skipped)
    }

    /// Takes a channel whose game no other task is playing (round-robin); give it back with
    /// [`release`](Self::release).
    pub async fn take_channel(&self) -> usize {
        loop {
            let i = self.cursor.fetch_add(1, Ordering::Relaxed) % self.games;
            if !self.busy[i].swap(true, Ordering::Acquire) {
                return i;
            }
            tokio::task::yield_now().await;
        }
    }

    /// Gives back a channel taken with [`take_channel`](Self::take_channel).
    pub fn release(&self, i: usize) {
        self.busy[i].store(false, Ordering::Release);
    }

    /// The seed of the players' choices.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The table the players send their commands to.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// Plays one turn in channel `i` as [`turn`](Self::turn) does, and says what came of it.
    pub async fn turn_answered(&self, i: usize, rng: &mut StdRng, tally: &mut Tally) -> Answered {
        let (guild, channel) = self.place(i);
        // What the player sees on the board before acting (not timed).
        let row = match self.store.open_game(&guild, &channel).await {
            Ok(Some(row)) if row.status == Status::Active => row,
            Ok(_) => {
                self.finished.fetch_add(1, Ordering::Relaxed);
                self.start_game(i, tally).await;
                return Answered::Skipped;
            }
            Err(e) => {
                eprintln!("reading game in {channel}: {e}");
                return Answered::Skipped;
            }
        };
        let Ok(game) = serde_json::from_str::<Game>(&row.state) else {
            eprintln!("game {} does not load", row.id);
            return Answered::Skipped;
        };
        let (seat, command, kind) = match game.turn() {
            Turn::Roll(seat) => (seat, Command::Roll { expr: None }, Kind::Roll),
            Turn::Move(seat) => {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    eprintln!("game {} has no legal move", row.id);
                    return Answered::Skipped;
                }
                let text = game.format(&moves[rng.random_range(0..moves.len())]);
                (seat, Command::Move { text }, Kind::Move)
            }
            Turn::Over(_) => return Answered::Skipped,
        };
        let ctx = self.ctx(i, seat);
        let started = Instant::now();
        let (reply, trips) = count_round_trips(self.send(&ctx, command)).await;
        tally.samples.push(started.elapsed());
        tally.count(kind, trips);
        let Some(reply) = reply else {
            return Answered::Refused;
        };
        tally.png_bytes += self.check(&reply);
        match reply.game {
            Some(game) if !reply.private => Answered::Played(Played {
                game: game.id,
                seq: game.seq,
                user: ctx.user.id,
            }),
            _ => Answered::Refused,
        }
    }

    /// Sends a command; with `--typed`, a move goes as the Discord frontend handles a typed
    /// message: read as a move, claimed, then played (`None` when it was not played).
    async fn send(&self, ctx: &Ctx, command: Command) -> Option<Reply> {
        let Command::Move { text } = &command else {
            return Some(self.table.handle(ctx, command).await);
        };
        if !self.typed {
            return Some(self.table.handle(ctx, command).await);
        }
        let message = self.message.fetch_add(1, Ordering::Relaxed);
        let Some(typed) = self.table.read_move(ctx, text).await else {
            self.refused.fetch_add(1, Ordering::Relaxed);
            return None;
        };
        if !self
            .table
            .claim_message(&ctx.guild, &ctx.channel, message)
            .await
        {
            self.refused.fetch_add(1, Ordering::Relaxed);
            return None;
        }
        Some(self.table.play_typed(ctx, typed).await)
    }

    /// Opens a game in channel `i`: its first player invites the second, who joins.
    pub async fn start_game(&self, i: usize, tally: &mut Tally) {
        let generation = self.opened.fetch_add(1, Ordering::Relaxed);
        let name = self.choices[(i + generation as usize) % self.choices.len()];
        let play = Command::Play {
            game: name.into(),
            ruleset: None,
            opponents: vec![User::named(&user(i, 1))],
            days: None,
            bot: None,
            players: None,
        };
        for (seat, command) in [(0, play), (1, Command::Join)] {
            self.open_with(i, seat, command, tally).await;
        }
        // A game for more players (Parcheesi seats four) waits for its opener to start it.
        let (guild, channel) = self.place(i);
        if let Ok(Some(row)) = self.store.open_game(&guild, &channel).await
            && row.status == Status::Lobby
        {
            self.open_with(i, 0, Command::Start, tally).await;
        }
    }

    /// Sends one command of a game's opening as the player at `seat`, timing it.
    async fn open_with(&self, i: usize, seat: usize, command: Command, tally: &mut Tally) {
        let started = Instant::now();
        let (reply, trips) =
            count_round_trips(self.table.handle(&self.ctx(i, seat), command)).await;
        tally.opening.push(started.elapsed());
        tally.count(Kind::Opening, trips);
        self.check(&reply);
    }

    /// Counts a refused command (printing the first few); returns the picture's size.
    fn check(&self, reply: &Reply) -> u64 {
        if reply.private {
            if self.refused.fetch_add(1, Ordering::Relaxed) < 5 {
                eprintln!("refused: {}", reply.text);
            }
            return 0;
        }
        reply.image.as_ref().map_or(0, |png| png.len() as u64)
    }

    /// The guild and channel of game `i`.
    fn place(&self, i: usize) -> (String, String) {
        (format!("guild{}", i % self.guilds), format!("chan{i}"))
    }

    /// The context of the player at `seat` in channel `i`.
    fn ctx(&self, i: usize, seat: usize) -> Ctx {
        let (guild, channel) = self.place(i);
        Ctx {
            guild,
            channel,
            user: User::named(&user(i, seat)),
            admin: false,
        }
    }
}

/// The player at `seat` of channel `i`'s games (the opener is seat 0).
fn user(i: usize, seat: usize) -> String {
    format!("p{i}s{seat}")
}

/// One kind of sample of every tally, sorted.
fn sorted(tallies: &[Tally], kind: impl Fn(&Tally) -> &Vec<Duration>) -> Vec<Duration> {
    let mut all: Vec<Duration> = tallies
        .iter()
        .flat_map(|t| kind(t).iter().copied())
        .collect();
    all.sort_unstable();
    all
}

/// Prints throughput, latency and where the time went.
fn report(players: &Players, tallies: &[Tally], wall: Duration) {
    let samples = sorted(tallies, |t| &t.samples);
    let opening = sorted(tallies, |t| &t.opening);
    let turns = samples.len();
    let png: u64 = tallies.iter().map(|t| t.png_bytes).sum();
    println!(
        "played {turns} turns in {:.1} s: {:.0} turns/s sustained (wall clock, with the players' own reads and the games opened to replace {} finished)",
        wall.as_secs_f64(),
        turns as f64 / wall.as_secs_f64(),
        players.finished.load(Ordering::Relaxed),
    );
    println!(
        "per turn (Table::handle of a move or roll): p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, p99.9 {:.2} ms, max {:.2} ms; mean PNG {} bytes; {} refused",
        ms(quantile(&samples, 0.5)),
        ms(quantile(&samples, 0.9)),
        ms(quantile(&samples, 0.99)),
        ms(quantile(&samples, 0.999)),
        ms(quantile(&samples, 1.0)),
        png / turns.max(1) as u64,
        players.refused.load(Ordering::Relaxed),
    );
    println!(
        "{} commands opening replacement games: p50 {:.2} ms, p99 {:.2} ms",
        opening.len(),
        ms(quantile(&opening, 0.5)),
        ms(quantile(&opening, 0.99)),
    );
    let parts = split::take();
    let per_command = |i: usize| parts[i].0 as f64 / 1e6 / parts[0].1.max(1) as f64;
    let mut line = format!(
        "split, mean ms per command over {} commands (span wall time):",
        parts[0].1
    );
    for (i, name) in split::PARTS.iter().enumerate() {
        line.push_str(&format!(" {name} {:.2}", per_command(i)));
    }
    let known: f64 = (1..split::PARTS.len()).map(per_command).sum();
    line.push_str(&format!(
        "; other (waiting for a render thread, text, buttons) {:.2}",
        per_command(0) - known
    ));
    println!("{line}");
    let mut line = String::from("database round trips per command:");
    for kind in Kind::ALL {
        let (commands, trips) = tallies
            .iter()
            .map(|t| t.trips[kind as usize])
            .fold((0, 0), |(c, n), (tc, tn)| (c + tc, n + tn));
        if commands > 0 {
            line.push_str(&format!(
                " {} {:.2} ({commands} sent);",
                kind.name(players.typed),
                trips as f64 / commands as f64
            ));
        }
    }
    println!("{}", line.trim_end_matches(';'));
    let m = players.table.metrics().snapshot();
    println!(
        "table counters: {} turns stored, {} errors, {} database round trips in all ({:.2} per turn stored, with the players' own reads)",
        m.turns,
        m.errors,
        m.round_trips,
        m.round_trips as f64 / m.turns.max(1) as f64
    );
}

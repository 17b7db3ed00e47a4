//! The players of the load: games opened in channels spread over guilds (every game kind and
//! ruleset in turn, two players each), and turns played in them through the table as the
//! Discord frontend sends them, each player reading the board and picking a random legal move
//! (or rolling). A finished game is replaced by a new one in its channel.

use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use rand::Rng as _;
use rand::rngs::StdRng;
use tabula::rules::{Game, GameKind, Turn};
use tabula::store::{Status, Store, count_round_trips};
use tabula::table::{Command, Ctx, Reply, Table, User};

use super::open::{Answered, Played};

/// Every game and alias a player may name in `/play` (all kinds, all Parcheesi rulesets).
pub fn choices() -> Vec<&'static str> {
    GameKind::choices().iter().map(|c| c.name).collect()
}

/// What the players share: the table, the store (to see each game as a player would see
/// its board), and the counters.
pub struct Players {
    pub table: Table,
    store: Store,
    pub games: usize,
    guilds: usize,
    choices: Vec<&'static str>,
    /// One flag per channel: a turn of its game is under way.
    busy: Vec<AtomicBool>,
    pub cursor: AtomicUsize,
    pub refused: AtomicU64,
    pub finished: AtomicU64,
    pub opened: AtomicU64,
    seed: u64,
    /// Moves arrive as typed messages (read, claimed, played) instead of `/move`.
    pub typed: bool,
    /// The next typed message's id.
    message: AtomicI64,
}

/// The kinds of command whose database round trips are counted apart.
#[derive(Clone, Copy)]
pub enum Kind {
    Move,
    Roll,
    Opening,
}

impl Kind {
    pub const ALL: [Kind; 3] = [Kind::Move, Kind::Roll, Kind::Opening];

    pub fn name(self, typed: bool) -> &'static str {
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
    pub samples: Vec<Duration>,
    pub opening: Vec<Duration>,
    pub png_bytes: u64,
    /// Per [`Kind`]: commands sent and the database round trips they made.
    pub trips: [(u64, u64); 3],
}

impl Tally {
    pub fn count(&mut self, kind: Kind, trips: u64) {
        let slot = &mut self.trips[kind as usize];
        slot.0 += 1;
        slot.1 += trips;
    }
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
            if self.take(i) {
                return i;
            }
            tokio::task::yield_now().await;
        }
    }

    /// Takes channel `i` if no other task is playing its game; give it back with
    /// [`release`](Self::release).
    pub fn take(&self, i: usize) -> bool {
        !self.busy[i].swap(true, Ordering::Acquire)
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
    pub fn place(&self, i: usize) -> (String, String) {
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

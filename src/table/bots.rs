//! The bot in a seat: after any commit that leaves a bot to act (move, roll, answer a draw
//! offer), the table plays the bot's turn through the same path as a person's: the dice code
//! rolls and stores the dice before they are shown, each action is one commit in the same log,
//! and the turn ends with the same board picture and ping of the next person.
//!
//! Searches run off the async runtime on a bounded pool (one search at a time per process by
//! default), each within a time budget and cancelled at shutdown. A turn is claimed in the
//! database under a lease before it is played (see `Store::claim_bot_turn`), so with several
//! processes on one database, or after a crash, every bot turn is played once.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use rand::rngs::StdRng;
use rand::{Rng as _, SeedableRng as _};
use tokio::sync::{Notify, Semaphore};

use crate::bot::{self, Budget, Pick};
use crate::rules::{Action, Game, Move, Seat, Turn};
use crate::store::{Committed, SeatRow, Status};

use super::command::{Ctx, Reply, User, mention};
use super::metrics::Gauge;
use super::{Loaded, Table, TableError, stored_game};

/// Most actions one bot plays in a row before handing back (a turn is a few: roll, moves).
const MAX_ACTIONS: usize = 64;

/// How the bot thinks: how many searches at once and for how long.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BotConfig {
    /// Searches running at once in this process (at least one); more wait their turn.
    pub searches: usize,
    /// When a search should finish its current iteration and answer.
    pub soft: Duration,
    /// When a search must answer.
    pub hard: Duration,
}

impl Default for BotConfig {
    /// One search at a time, 2 s soft and 3 s hard (the limits on a 2-core machine).
    fn default() -> Self {
        BotConfig {
            searches: 1,
            soft: Duration::from_secs(2),
            hard: Duration::from_secs(3),
        }
    }
}

/// The bot's share of a table: its search pool, shutdown flag, claim token and wake-up call.
pub(super) struct Bots {
    config: BotConfig,
    pool: Arc<Semaphore>,
    cancel: Arc<AtomicBool>,
    /// This process's name in bot claims.
    token: String,
    wake: Arc<Notify>,
}

impl Bots {
    /// Makes the bot's share; its claim token comes from the OS, so a table's seeded dice
    /// are left alone.
    pub(super) fn new(config: BotConfig) -> Bots {
        let searches = config.searches.max(1);
        Bots {
            config: BotConfig { searches, ..config },
            pool: Arc::new(Semaphore::new(searches)),
            cancel: Arc::new(AtomicBool::new(false)),
            token: format!("{:016x}", StdRng::from_os_rng().random::<u64>()),
            wake: Arc::new(Notify::new()),
        }
    }
}

/// A bot turn played: where its reply goes and the reply (the board after it).
#[derive(Clone, Debug)]
pub struct BotTurn {
    pub guild: String,
    pub channel: String,
    pub game: i64,
    pub reply: Reply,
}

/// What a bot does next in a game.
enum Next {
    /// Answers the draw offer standing against it.
    Draw { seat: Seat, accept: bool },
    /// Acts on its turn: a move, or a roll when it has nothing to play before rolling.
    Turn { seat: Seat, level: usize },
}

impl Table {
    /// Uses `config` for the bot's searches (pool size and time budget).
    #[must_use]
    pub fn with_bot_config(mut self, config: BotConfig) -> Table {
        self.bots = Arc::new(Bots::new(config));
        self
    }

    /// The bot's search settings.
    pub fn bot_config(&self) -> BotConfig {
        self.bots.config
    }

    /// Returns the signal a frontend waits on to play bot turns: raised by
    /// [`wake_bots`](Self::wake_bots) after a reply is delivered.
    pub fn bot_wakeup(&self) -> Arc<Notify> {
        Arc::clone(&self.bots.wake)
    }

    /// Tells whoever plays bot turns that a game may have one waiting.
    pub fn wake_bots(&self) {
        self.bots.wake.notify_one();
    }

    /// Stops every bot search under way (each answers with its best move so far) and every
    /// later one at once: for shutdown.
    pub fn stop_bots(&self) {
        self.bots.cancel.store(true, Ordering::Relaxed);
    }

    /// Returns up to `limit` games where a bot may have a turn waiting and no process is
    /// playing it (logged and empty when the database fails).
    pub async fn bot_games(&self, limit: usize) -> Vec<i64> {
        match self.store.bot_games(limit).await {
            Ok(games) => games,
            Err(e) => {
                tracing::error!(error = %e, "could not look for bot turns");
                Vec::new()
            }
        }
    }

    /// Plays the waiting turn of one bot in a game, if a bot is to act and no other process
    /// holds the turn: every action of that seat until someone else is to act (or the game
    /// ends), each stored as it is played. Returns the turn's reply to post (the board after
    /// it, pinging the next person), or `None` when there was nothing to play. Call again for
    /// the next bot's turn. Failures are logged; the turn is then left for a later call.
    pub async fn bot_turn(&self, game: i64) -> Option<BotTurn> {
        self.bot_turn_where(game, |_, _| std::future::ready(true))
            .await
    }

    /// Like [`bot_turn`](Self::bot_turn), but first asks `may_post` whether the turn can be
    /// announced in the game's channel (given the game's guild and channel): when it answers
    /// false, nothing is claimed, rolled or stored, and `None` is returned (the turn waits
    /// for a later call). It is asked once per call, before the first commit.
    pub async fn bot_turn_where<F, Fut>(&self, game: i64, may_post: F) -> Option<BotTurn>
    where
        F: FnOnce(String, String) -> Fut,
        Fut: std::future::Future<Output = bool>,
    {
        match self.play_bot_turn(game, may_post).await {
            Ok(turn) => turn,
            Err(TableError::Conflict | TableError::NoGame) => None,
            Err(e) => {
                tracing::error!(error = %e, game, "a bot turn failed");
                None
            }
        }
    }

    async fn play_bot_turn<F, Fut>(
        &self,
        id: i64,
        may_post: F,
    ) -> Result<Option<BotTurn>, TableError>
    where
        F: FnOnce(String, String) -> Fut,
        Fut: std::future::Future<Output = bool>,
    {
        // Read first: a game waiting for a person costs no write.
        let Some(first) = self.bot_state(id).await? else {
            return Ok(None);
        };
        if next_for_bot(&first.game, &first.seats).is_none() {
            return Ok(None);
        }
        // A turn nobody could see is not played: it waits, unclaimed, with no dice thrown.
        if !may_post(first.row.guild.clone(), first.row.channel.clone()).await {
            return Ok(None);
        }
        let token = self.bots.token.clone();
        if !self.store.claim_bot_turn(id, &token).await? {
            return Ok(None);
        }
        let played = self.play_claimed(first, &token).await;
        if let Err(e) = self.store.release_bot_turn(id, &token).await {
            tracing::warn!(error = %e, game = id, "could not release a bot turn; its lease runs out");
        }
        played
    }

    /// Plays a claimed turn, action by action, from the game as read before the claim
    /// (`first`), then as each commit leaves it: every commit is guarded by the seq it was
    /// computed from, so a change by anyone else meanwhile fails it instead of being
    /// overwritten. The claim, just taken for the first action, is renewed before each later one.
    async fn play_claimed(
        &self,
        first: Loaded,
        token: &str,
    ) -> Result<Option<BotTurn>, TableError> {
        let id = first.row.id;
        let mut headlines: Vec<String> = Vec::new();
        let mut actor: Option<Seat> = None;
        let mut last = None;
        let mut current = Some(first);
        for _ in 0..MAX_ACTIONS {
            let Some(loaded) = current.take() else {
                break;
            };
            let Some(next) = next_for_bot(&loaded.game, &loaded.seats) else {
                break;
            };
            let seat = match next {
                Next::Draw { seat, .. } | Next::Turn { seat, .. } => seat,
            };
            if actor.is_some_and(|a| a != seat) {
                break;
            }
            if actor.is_some() && !self.store.claim_bot_turn(id, token).await? {
                break;
            }
            actor = Some(seat);
            let Some(ctx) = bot_ctx(&loaded, seat) else {
                break;
            };
            let Some((action, notation, headline)) = self.bot_action(&loaded, next, &ctx).await?
            else {
                break;
            };
            let (done, seats, game) =
                match self.commit_action(&ctx, loaded, &action, notation).await {
                    Ok(committed) => committed,
                    // Someone else changed the game after an action of this turn landed: what
                    // landed is still announced, and the rest waits for the next call.
                    Err(TableError::Conflict) if last.is_some() => break,
                    Err(e) => return Err(e),
                };
            let mut line = headline;
            if let Some(notice) = game.notice() {
                line.push(' ');
                line.push_str(notice.trim_end_matches('.'));
                line.push('.');
            }
            headlines.push(line);
            current = Some(Loaded {
                row: done.game.clone(),
                seats: seats.clone(),
                game: game.clone(),
            });
            last = Some((done, seats, game));
        }
        let Some((done, seats, game)) = last else {
            return Ok(None);
        };
        Ok(Some(
            self.bot_turn_reply(done, &seats, &game, &headlines).await,
        ))
    }

    /// Chooses the bot's next action in `loaded` with its notation and headline: its answer
    /// to a draw offer, its move, or its roll when it has nothing to play before rolling.
    /// `None` when it has nothing to do (logged when it should have had a move).
    async fn bot_action(
        &self,
        loaded: &Loaded,
        next: Next,
        ctx: &Ctx,
    ) -> Result<Option<(Action, String, String)>, TableError> {
        let who = mention(&ctx.user.id);
        Ok(match next {
            Next::Draw { seat, accept: true } => Some((
                Action::AcceptDraw { seat },
                "draw accepted".to_string(),
                format!("{who} accepted the draw offer."),
            )),
            Next::Draw {
                seat,
                accept: false,
            } => Some((
                Action::DeclineDraw { seat },
                "draw declined".to_string(),
                format!("{who} declined the draw offer."),
            )),
            Next::Turn { seat, level } => match self.think(&loaded.game, seat, level).await? {
                Some(pick) => {
                    let notation = loaded.game.format(&pick.r#move);
                    let headline = format!("{who} played **{notation}**.");
                    Some((
                        Action::Play {
                            seat,
                            r#move: pick.r#move,
                        },
                        notation,
                        headline,
                    ))
                }
                None if loaded.game.turn() == Turn::Roll(seat) => {
                    self.throw(&loaded.game, seat, &ctx.user.id)
                }
                None => {
                    tracing::error!(game = loaded.row.id, seat, "the bot found nothing to play");
                    None
                }
            },
        })
    }

    /// Makes the reply of a bot turn: the board after its last action, with one headline
    /// line per action, pinging the next person.
    async fn bot_turn_reply(
        &self,
        done: Committed,
        seats: &[SeatRow],
        game: &Game,
        headlines: &[String],
    ) -> BotTurn {
        let row = done.game;
        let mut reply = self
            .turn_reply_with(&row, seats, game, headlines.join("\n"), done.away_until)
            .await;
        // `turn_reply` adds the last action's notice to the headline; it is there already.
        if let Some(notice) = game.notice() {
            let doubled = format!(" {}.", notice.trim_end_matches('.'));
            if let Some(at) = reply.text.find(&format!("{doubled}{doubled}")) {
                reply.text.replace_range(at..at + doubled.len(), "");
            }
        }
        BotTurn {
            guild: row.guild.clone(),
            channel: row.channel.clone(),
            game: row.id,
            reply,
        }
    }

    /// Loads an active game by id (`None` when it is not active).
    async fn bot_state(&self, id: i64) -> Result<Option<Loaded>, TableError> {
        // The game and its seats in one round trip.
        let (row, mut seats) = self.store.game_with_seats(id).await?;
        if row.status != Status::Active {
            return Ok(None);
        }
        for seat in &mut seats {
            seat.name = super::names::clean_name(&seat.name);
        }
        let game = stored_game(&row)?;
        Ok(Some(Loaded { row, seats, game }))
    }

    /// Asks the seat's brain for its pick, on the search pool, within the configured budget.
    pub(super) async fn think(
        &self,
        game: &Game,
        seat: Seat,
        level: usize,
    ) -> Result<Option<Pick<Move>>, TableError> {
        let config = self.bots.config;
        self.search(game, seat, level, config.soft, config.hard)
            .await
    }

    /// Runs one search on the pool: waits for a free slot, then thinks off the runtime.
    pub(super) async fn search(
        &self,
        game: &Game,
        seat: Seat,
        level: usize,
        soft: Duration,
        hard: Duration,
    ) -> Result<Option<Pick<Move>>, TableError> {
        let permit = {
            let _waiting = self.metrics.hold(Gauge::SearchesWaiting);
            Arc::clone(&self.bots.pool)
                .acquire_owned()
                .await
                .map_err(|e| TableError::Internal(e.into()))?
        };
        let _running = self.metrics.hold(Gauge::SearchesRunning);
        let seed: u64 = {
            let mut rng = self
                .rng
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            rng.random()
        };
        let game = game.clone();
        let cancel = Arc::clone(&self.bots.cancel);
        let picked = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            let budget = Budget::timed(soft, hard).cancelled_by(cancel);
            let mut rng = StdRng::seed_from_u64(seed);
            bot::choose(&game, seat, level, &budget, &mut rng)
        })
        .await
        .map_err(|e| TableError::Internal(e.into()))?;
        Ok(picked)
    }
}

/// Returns what a bot does next in `game`, if anything: answer a draw offer made to it, or
/// act on its turn.
fn next_for_bot(game: &Game, seats: &[SeatRow]) -> Option<Next> {
    let level_of = |seat: Seat| {
        seats
            .iter()
            .find(|s| s.seat as usize == seat)
            .and_then(SeatRow::bot_level)
    };
    if let Some(offerer) = game.draw_offer()
        && let Some(s) = seats
            .iter()
            .find(|s| s.seat as usize != offerer && s.bot_level().is_some())
    {
        let seat = s.seat as usize;
        let level = s.bot_level().unwrap_or(1);
        return Some(Next::Draw {
            seat,
            accept: bot::accepts_draw(game, seat, level),
        });
    }
    match game.turn() {
        Turn::Move(seat) | Turn::Roll(seat) => {
            level_of(seat).map(|level| Next::Turn { seat, level })
        }
        Turn::Over(_) => None,
    }
}

/// The context a bot acts in for `seat` of `loaded`: its seat's user, in the game's channel
/// (`None` when nobody sits there).
fn bot_ctx(loaded: &Loaded, seat: Seat) -> Option<Ctx> {
    let user = loaded
        .seats
        .iter()
        .find(|s| s.seat as usize == seat)
        .map(|s| User {
            id: s.user_id.clone(),
            name: s.name.clone(),
        })?;
    Some(Ctx {
        guild: loaded.row.guild.clone(),
        channel: loaded.row.channel.clone(),
        user,
        admin: false,
    })
}

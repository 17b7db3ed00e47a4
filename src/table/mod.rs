//! The application core: commands in, replies out, with permissions, turn flow and persistence.
//! It knows no transport (Discord, console) and no single game's details beyond the `Game` shape.

mod abort;
mod admission;
mod away;
mod bot_help;
mod bots;
mod catchup;
mod command;
mod dice;
mod error;
mod hints;
mod history;
mod lobby;
pub mod metrics;
mod names;
mod overdue;
mod play;
mod press;
mod privacy;
mod record;
mod remind;
mod render_pool;
mod requests;
mod seating;
mod settings;
mod standings;
mod start;
mod status;
mod threads;
mod web;
mod words;

use std::sync::{Arc, Mutex};

use rand::SeedableRng;
use rand::rngs::StdRng;
use tracing::Instrument as _;

use crate::render::{Renderer, View};
use crate::rules::{Game, GameKind};
use crate::store::{GameRow, SeatRow, Store};

pub use admission::{BUSY, Busy, InFlight, MAX_IN_FLIGHT};
pub use bots::{BotConfig, BotTurn};
pub use catchup::{Suggestions, fits_typed};
pub use command::{
    Attachment, Choice, Command, Ctx, DrawCommand, GameRef, Press, Reply, SettingsChange, User,
    mention,
};
pub use dice::{DiceError, DiceExpr};
pub use error::{OUR_FAULT, TableError};
pub use hints::TypedMove;
pub use names::{clean_name, markdown_safe};
pub use remind::Reminder;
pub use requests::{Outcome as RequestOutcome, Requests, Tally};
pub use settings::Notice;
pub use web::{
    ANONYMOUS, ARCHIVE_PAGE, ArchiveQuery, ArchiveView, BOARD_PAGE, BoardLine, BoardView, GameLine,
    GameView, MEMBERSHIP_TTL, Members, PlayerView, PlyLine, ServerView, Viewer, Visibility, Watch,
    WebCommand, WebFile, WebName, WebTime,
};

/// The table: one per process, shared by every frontend task.
#[derive(Clone)]
pub struct Table {
    store: Store,
    renderer: Arc<Renderer>,
    rng: Arc<Mutex<StdRng>>,
    bots: Arc<bots::Bots>,
    metrics: Arc<metrics::Metrics>,
    /// The bound on commands in flight (see [`Table::admit`]).
    admission: Arc<admission::Admission>,
    renders: Arc<render_pool::RenderPool>,
    /// The web site's address, for links in `/web`'s answers.
    web_base: Option<Arc<str>>,
    /// True when this process serves the web pages (`--web-listen`).
    web_served: bool,
    /// Who is a member of a server, when the site signs people in with Discord (only then
    /// can a server's pages be for its members).
    web_members: Option<Arc<web::Membership>>,
    /// Announces every committed turn to the web pages watching the game.
    live: web::Moves,
    /// The site's board pictures and share cards already drawn.
    drawn: Arc<web::Drawn>,
}

/// A game row loaded and checked: its stored row, its seats and its validated state.
struct Loaded {
    row: GameRow,
    seats: Vec<SeatRow>,
    game: Game,
}

impl Table {
    /// Makes a table over a store and a renderer, rolling dice with a generator seeded from the OS.
    pub fn new(store: Store, renderer: Arc<Renderer>) -> Table {
        Table::with_rng(store, renderer, StdRng::from_os_rng())
    }

    /// Makes a table with a given random generator, so tests and replays can fix the dice.
    pub fn with_rng(store: Store, renderer: Arc<Renderer>, rng: StdRng) -> Table {
        let bots = bots::Bots::new(BotConfig::default());
        let metrics = metrics::Metrics::with_round_trips(store.round_trip_counter());
        let admission = metrics.admission(MAX_IN_FLIGHT);
        Table {
            store,
            renderer,
            rng: Arc::new(Mutex::new(rng)),
            bots: Arc::new(bots),
            metrics: Arc::new(metrics),
            admission: Arc::new(admission),
            renders: Arc::new(render_pool::RenderPool::per_core()),
            web_base: None,
            web_served: false,
            web_members: None,
            live: web::Moves::default(),
            drawn: Arc::new(web::Drawn::new(web::DRAWN_BYTES)),
        }
    }

    /// Draws at most `threads` pictures at once (one per core by default).
    #[must_use]
    pub fn with_render_threads(mut self, threads: usize) -> Table {
        self.renders = Arc::new(render_pool::RenderPool::new(threads));
        self
    }

    /// How many pictures are drawn at once at most.
    pub fn render_threads(&self) -> usize {
        self.renders.size()
    }

    /// The process's counters: turns, interactions, errors, and the work waiting.
    pub fn metrics(&self) -> &metrics::Metrics {
        &self.metrics
    }

    /// Which database the table keeps its games in.
    pub fn backend(&self) -> crate::store::Backend {
        self.store.backend()
    }

    /// Counts the reminders due and not yet sent (`None` when the database cannot say).
    pub async fn reminders_pending(&self) -> Option<i64> {
        match self.store.reminders_due().await {
            Ok(n) => Some(n),
            Err(e) => {
                tracing::warn!(error = %e, "could not count the reminders due");
                None
            }
        }
    }

    /// The table's time in unix seconds (its store's clock, injected in tests and the console).
    pub fn now(&self) -> i64 {
        self.store.now()
    }

    /// Handles one command; errors come back as private replies and leave every game unchanged.
    pub async fn handle(&self, ctx: &Ctx, command: Command) -> Reply {
        // `instrument`, not `span.enter()`: a guard held across an await leaves the span
        // entered on whichever thread the task moved from, and the subscriber then meets a
        // span that already closed (seen as a panic inside tracing-subscriber under load).
        self.answer(ctx, self.dispatch(ctx, command)).await
    }

    /// Runs a command's work in its span and turns an error into the private reply that
    /// says it (counting the errors that are ours).
    async fn answer(
        &self,
        ctx: &Ctx,
        work: impl std::future::Future<Output = Result<Reply, TableError>>,
    ) -> Reply {
        let span = tracing::info_span!("command", channel = %ctx.channel, user = %ctx.user.id);
        // Boxed: a command's future is large, and each wrapper would otherwise copy it on the
        // stack of a runtime thread (a stack overflow in debug builds).
        let work = Box::pin(work).instrument(span);
        match self.metrics.timed_command(work).await {
            Ok(reply) => reply,
            Err(e) => {
                if e.is_our_fault() {
                    self.metrics.error();
                }
                e.reply()
            }
        }
    }

    async fn dispatch(&self, ctx: &Ctx, command: Command) -> Result<Reply, TableError> {
        match command {
            Command::Play {
                game,
                ruleset,
                opponents,
                days,
                bot,
                players,
            } => {
                self.play(
                    ctx,
                    &game,
                    ruleset.as_deref(),
                    opponents,
                    days,
                    bot,
                    players,
                )
                .await
            }
            Command::InviteBot { level } => self.invite_bot(ctx, level).await,
            Command::Bot { game } => self.bot_levels(ctx, game.as_deref()).await,
            Command::Hint { ply } => self.hint(ctx, ply).await,
            Command::Claim => self.claim(ctx).await,
            Command::Join => self.join(ctx).await,
            Command::Leave => self.leave(ctx).await,
            Command::Start => self.start(ctx).await,
            Command::Abort => self.abort(ctx).await,
            Command::Move { text } => self.play_move(ctx, &text).await,
            Command::Roll { expr } => self.roll(ctx, expr.as_deref()).await,
            Command::Board => self.board(ctx).await,
            Command::Resign { confirmed: false } => self.ask_to_resign(ctx).await,
            Command::Resign { confirmed: true } => self.resign(ctx).await,
            Command::Draw(what) => self.draw(ctx, what).await,
            Command::Rules { game } => self.rules(ctx, game.as_deref()).await,
            Command::Help => Ok(Reply::private(words::HELP)),
            Command::Press(press) => Box::pin(self.press(ctx, press)).await,
            Command::Export { game } => self.export(ctx, game).await,
            Command::Replay { game } => self.replay(ctx, game).await,
            Command::Leaderboard { game, page } => {
                self.leaderboard(ctx, game.as_deref(), page).await
            }
            Command::Stats { user } => self.stats(ctx, user).await,
            Command::Rematch { game } => self.rematch(ctx, game).await,
            Command::MyGames => self.my_games(ctx).await,
            Command::Settings(change) => self.settings(ctx, change).await,
            Command::Web(web) => self.web(ctx, web).await,
            Command::Vacation { days } => self.vacation(ctx, days).await,
            Command::ForgetMe { confirmed } => self.forget_me(ctx, confirmed).await,
            Command::Notify { via, quiet, tz } => {
                self.notify(ctx, via.as_deref(), quiet.as_deref(), tz.as_deref())
                    .await
            }
        }
    }

    /// Loads the channel's open game and validates its state.
    async fn load(&self, ctx: &Ctx) -> Result<Loaded, TableError> {
        // The game and its seats in one round trip.
        let (row, mut seats) = self
            .db(self.store.open_game_with_seats(&ctx.guild, &ctx.channel))
            .await?
            .ok_or(TableError::NoGame)?;
        if let Some(days) = self.expire_lobby(&row).await? {
            return Err(TableError::LobbyExpired { id: row.id, days });
        }
        for seat in &mut seats {
            seat.name = names::clean_name(&seat.name);
        }
        let game = tracing::debug_span!("rules").in_scope(|| stored_game(&row))?;
        Ok(Loaded { row, seats, game })
    }

    /// Returns a game's seats with every name fit to print (names stored by older versions
    /// may hold characters that are no longer kept).
    async fn seats(&self, game: i64) -> Result<Vec<SeatRow>, crate::store::StoreError> {
        let mut seats = self.store.seats(game).await?;
        for seat in &mut seats {
            seat.name = names::clean_name(&seat.name);
        }
        Ok(seats)
    }

    /// Draws the board as PNG off the async runtime; a failure is logged and leaves the reply without a picture.
    async fn picture(
        &self,
        game: &Game,
        seats: &[SeatRow],
        caption: Option<String>,
    ) -> Option<Vec<u8>> {
        let renderer = Arc::clone(&self.renderer);
        let game = game.clone();
        let view = View {
            players: seats.iter().map(|s| s.name.clone()).collect(),
            caption,
            perspective: None,
        };
        let drawn = self
            .renders
            .run(&self.metrics, move || renderer.png(&game, &view))
            .await;
        match drawn {
            Ok((Ok(png), took)) => {
                metrics::add_render_time(took);
                Some(png)
            }
            Ok((Err(e), _)) => {
                tracing::error!(error = %e, "rendering failed");
                None
            }
            Err(e) => {
                tracing::error!(error = %e, "rendering task failed");
                None
            }
        }
    }

    async fn rules(&self, ctx: &Ctx, game: Option<&str>) -> Result<Reply, TableError> {
        let kind = match game {
            Some(name) => GameKind::lookup(name)?.0,
            None => match self.load(ctx).await {
                Ok(loaded) => loaded.game.kind(),
                Err(TableError::NoGame) => {
                    return Ok(Reply::private(words::rules_index()));
                }
                Err(e) => return Err(e),
            },
        };
        Ok(Reply::private(words::rules(kind)))
    }
}

impl Table {
    /// Runs one database call in its span, recording how long it took.
    pub(crate) async fn db<F: std::future::Future>(&self, call: F) -> F::Output {
        let started = std::time::Instant::now();
        let out = call.instrument(db_span()).await;
        self.metrics.database_took(started.elapsed());
        out
    }
}

/// The span a database call runs in (its wall time, with the wait for a connection, is the
/// database's share of a command in the load driver's split).
pub(crate) fn db_span() -> tracing::Span {
    tracing::debug_span!("db")
}

/// Reads and validates a row's saved state.
///
/// # Errors
/// [`TableError::Corrupt`] when the state does not load or is another game than the row's.
fn stored_game(row: &GameRow) -> Result<Game, TableError> {
    let game: Game = serde_json::from_str(&row.state).map_err(|e| TableError::Corrupt {
        id: row.id,
        detail: e.to_string().chars().take(120).collect(),
    })?;
    if game.kind().name() != row.kind {
        return Err(TableError::Corrupt {
            id: row.id,
            detail: format!(
                "the row says {} but the state holds {}",
                row.kind,
                game.kind()
            ),
        });
    }
    Ok(game)
}

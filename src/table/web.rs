//! The web view's side of the table: `/web` (a server's pages on or off, a player hidden, a
//! game unlisted), and the read-only queries the pages are built from. Every query answers
//! `None` for anything a page may not show (an unknown id, a server whose web view is off, a
//! hidden player), so the web side cannot tell them apart and answers them alike.

use std::sync::Arc;

use crate::rating::{PROVISIONAL_GAMES, System};
use crate::render::View;
use crate::rules::{Action, Game, GameKind, Outcome, RecordFormat, Seat, Turn};
use crate::store::{GameRow, SeatRow, Status, Visibility, WebServer};

use super::command::bot_name;
use super::record::{self, History};
use super::{Ctx, Reply, Table, TableError, clean_name};

/// How hidden players are named on every page.
pub const ANONYMOUS: &str = "Anonymous";

/// Games the server page lists in each of its two lists.
const SERVER_GAMES: usize = 20;
/// Lines on a leaderboard page.
pub const BOARD_PAGE: usize = 25;
/// Games a player's page lists.
const PLAYER_GAMES: usize = 20;
/// The highest page number a leaderboard answers (beyond it, nothing is listed anyway).
const MAX_PAGE: usize = 10_000;

/// What `/web` asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WebCommand {
    /// Says whether this server's pages are on and where they are.
    Status,
    /// Turns this server's pages on (Manage Server).
    Enable { visibility: Visibility },
    /// Turns this server's pages off (Manage Server): every page answers "not found" at once.
    Disable,
    /// Shows the caller as "Anonymous" on every page of this server, with no page of their own.
    HideMe,
    /// Undoes `HideMe`.
    ShowMe,
    /// Leaves the channel's game (open or most recent) out of every list; its page stays
    /// reachable by its link. A seated player or a channel admin.
    Unlist,
}

/// A name as a page shows it, with the player's page when they have one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebName {
    pub name: String,
    /// The public id of the player's page: none for hidden players and the bot.
    pub page: Option<String>,
}

/// One game in a list.
#[derive(Clone, Debug)]
pub struct GameLine {
    pub id: String,
    pub title: &'static str,
    pub players: Vec<WebName>,
    /// `alice to move`, `bob won by checkmate`, `drawn by agreement`, `aborted`.
    pub state: String,
    /// Unix seconds of the last change.
    pub updated_at: i64,
}

/// The server page.
#[derive(Clone, Debug)]
pub struct ServerView {
    pub id: String,
    pub playing: Vec<GameLine>,
    pub recent: Vec<GameLine>,
    /// The games with a leaderboard: (name in URLs, title).
    pub boards: Vec<(String, &'static str)>,
}

/// One line of a leaderboard or of a player's ratings.
#[derive(Clone, Debug)]
pub struct BoardLine {
    pub rank: usize,
    pub name: WebName,
    pub kind: &'static str,
    pub title: &'static str,
    /// `1623`.
    pub rating: String,
    /// `54`.
    pub deviation: String,
    pub provisional: bool,
    pub games: i64,
    pub wins: i64,
    pub losses: i64,
    pub draws: i64,
}

/// A page of a game's leaderboard.
#[derive(Clone, Debug)]
pub struct BoardView {
    pub server: String,
    pub kind: &'static str,
    pub title: &'static str,
    pub page: usize,
    pub lines: Vec<BoardLine>,
    /// True when a next page has lines.
    pub more: bool,
}

/// A player's page.
#[derive(Clone, Debug)]
pub struct PlayerView {
    pub server: String,
    pub name: String,
    pub ratings: Vec<BoardLine>,
    pub games: Vec<GameLine>,
}

/// One logged action of a game as its page lists it.
#[derive(Clone, Debug)]
pub struct PlyLine {
    /// 1 for the first action; the position after it is `/g/{id}/{ply}`.
    pub ply: usize,
    pub who: String,
    pub text: String,
}

/// A game's page at one ply.
#[derive(Clone, Debug)]
pub struct GameView {
    pub server: String,
    pub id: String,
    pub kind: &'static str,
    pub title: &'static str,
    /// Each seat's side (`White`) and player.
    pub players: Vec<(&'static str, WebName)>,
    pub plies: Vec<PlyLine>,
    /// The ply shown (0 is the start), at most `last`.
    pub ply: usize,
    pub last: usize,
    /// How the game stands now (not at the ply shown).
    pub state: String,
    pub finished: bool,
    /// When the player to move runs out of time (unix seconds).
    pub deadline_at: Option<i64>,
    pub started_at: i64,
    /// The position shown in the game's text notation, for the picture's alt text.
    pub position: Option<String>,
    /// The record's file extension (`pgn`, `pdn`, `txt`).
    pub record: &'static str,
}

/// A file a page offers for download.
#[derive(Clone, Debug)]
pub struct WebFile {
    pub name: String,
    pub content_type: &'static str,
    pub bytes: Vec<u8>,
}

/// A game the web may show: its row, seats named as pages name them, and its log.
struct Shown {
    server: WebServer,
    public_id: String,
    row: GameRow,
    seats: Vec<SeatRow>,
    names: Vec<WebName>,
    log: Vec<crate::store::LoggedAction>,
}

impl Table {
    /// Tells the table this process serves the web pages, at `base` when the site's public
    /// address is known (`https://games.example.org`), so `/web` can turn them on and link them.
    #[must_use]
    pub fn with_web(mut self, base: Option<String>) -> Table {
        self.web_served = true;
        self.web_base = base
            .filter(|b| !b.trim().is_empty())
            .map(|b| Arc::from(b.trim().trim_end_matches('/')));
        self
    }

    pub(super) async fn web(&self, ctx: &Ctx, command: WebCommand) -> Result<Reply, TableError> {
        match command {
            WebCommand::Status => {
                let server = self.store.web_server(&ctx.guild).await?;
                Ok(Reply::private(match server {
                    _ if !self.web_served => {
                        "This bot serves no web pages (its operator starts it with `--web-listen`)."
                            .to_string()
                    }
                    Some(s) if s.visibility == Visibility::Public => format!(
                        "This server's games are on the web (public): {}",
                        self.web_address(&format!("/s/{}", s.public_id))
                    ),
                    _ => "This server's games are not on the web. Someone with Manage Server \
                          turns the pages on with `/web enable visibility:public`."
                        .to_string(),
                }))
            }
            WebCommand::Enable { visibility } => {
                self.web_manager(ctx)?;
                if !self.web_served {
                    return Err(TableError::BadSetting(
                        "This bot serves no web pages: its operator starts it with \
                         `--web-listen` first (see the README)."
                            .into(),
                    ));
                }
                let server = self
                    .store
                    .set_web_visibility(&ctx.guild, visibility)
                    .await?;
                if server.visibility == Visibility::Off {
                    return Ok(Reply::text("This server's web pages are off."));
                }
                Ok(Reply::text(format!(
                    "This server's games, leaderboards and players' pages are now on the web for \
                     anyone with the link: {}\nPlayers who would rather not be named there use \
                     `/web hide-me`; `/web disable` turns every page off at once.",
                    self.web_address(&format!("/s/{}", server.public_id))
                )))
            }
            WebCommand::Disable => {
                self.web_manager(ctx)?;
                self.store
                    .set_web_visibility(&ctx.guild, Visibility::Off)
                    .await?;
                Ok(Reply::text(
                    "This server's web pages are off: every one of them now answers \"not found\".",
                ))
            }
            WebCommand::HideMe => {
                self.store
                    .set_web_hidden(&ctx.guild, &ctx.user.id, true)
                    .await?;
                Ok(Reply::private(
                    "You are hidden on this server's web pages: they call you \"Anonymous\" and \
                     you have no page of your own. `/web show-me` undoes it.",
                ))
            }
            WebCommand::ShowMe => {
                self.store
                    .set_web_hidden(&ctx.guild, &ctx.user.id, false)
                    .await?;
                Ok(Reply::private(
                    "Your name shows on this server's web pages again (when they are on).",
                ))
            }
            WebCommand::Unlist => {
                let row = self
                    .store
                    .latest_game(&ctx.guild, &ctx.channel)
                    .await?
                    .ok_or(TableError::NoGameYet)?;
                let seats = self.store.seats(row.id).await?;
                if !ctx.admin && !seats.iter().any(|s| s.user_id == ctx.user.id) {
                    return Err(TableError::NotAllowed {
                        who: "a player of the game or a channel admin",
                        what: "unlist it",
                    });
                }
                self.store.set_web_unlisted(row.id, true).await?;
                Ok(Reply::text(format!(
                    "Game #{} is unlisted: no list on the web shows it; its page still opens for \
                     whoever has its link.",
                    row.id
                )))
            }
        }
    }

    /// Lets only server managers turn pages on or off (the frontends ask Discord for Manage
    /// Server before the command reaches the table; the console's admins count too).
    fn web_manager(&self, ctx: &Ctx) -> Result<(), TableError> {
        if ctx.admin {
            Ok(())
        } else {
            Err(TableError::NotAllowed {
                who: "someone with Manage Server",
                what: "turn this server's web pages on or off",
            })
        }
    }

    /// Writes a site path as a full address when the site's address is known.
    fn web_address(&self, path: &str) -> String {
        match &self.web_base {
            Some(base) => format!("{base}{path}"),
            None => format!("`{path}` on this bot's web site"),
        }
    }

    /// Returns a server's settings when its pages are public.
    async fn public_server(&self, guild: &str) -> Result<Option<WebServer>, TableError> {
        Ok(self
            .store
            .web_server(guild)
            .await?
            .filter(|s| s.visibility == Visibility::Public))
    }

    /// Names seats as pages do: hidden players are "Anonymous", the bot has no page.
    async fn web_names(&self, guild: &str, seats: &[SeatRow]) -> Result<Vec<WebName>, TableError> {
        let mut out = Vec::with_capacity(seats.len());
        for seat in seats {
            out.push(self.web_name(guild, &seat.user_id, &seat.name).await?);
        }
        Ok(out)
    }

    async fn web_name(&self, guild: &str, user: &str, name: &str) -> Result<WebName, TableError> {
        if let Some(level) = crate::store::bot_level_of(user) {
            return Ok(WebName {
                name: bot_name(level),
                page: None,
            });
        }
        let player = self.store.web_player(guild, user).await?;
        if player.hidden {
            return Ok(WebName {
                name: ANONYMOUS.to_string(),
                page: None,
            });
        }
        let name = clean_name(name);
        Ok(WebName {
            name: if name.trim().is_empty() {
                "a player".to_string()
            } else {
                name
            },
            page: Some(player.public_id),
        })
    }

    async fn game_line(&self, row: &GameRow) -> Result<Option<GameLine>, TableError> {
        let Ok(kind) = row.kind.parse::<GameKind>() else {
            return Ok(None);
        };
        let seats = self.seats(row.id).await?;
        let names = self.web_names(&row.guild, &seats).await?;
        let web = self.store.web_game(row.id).await?;
        Ok(Some(GameLine {
            id: web.public_id,
            title: kind.title(),
            state: state_words(row, kind, &names),
            players: names,
            updated_at: row.updated_at,
        }))
    }

    async fn game_lines(&self, rows: &[GameRow]) -> Result<Vec<GameLine>, TableError> {
        let mut out = Vec::with_capacity(rows.len());
        for row in rows {
            out.extend(self.game_line(row).await?);
        }
        Ok(out)
    }

    /// The server page: games being played, recent results, the leaderboards there are.
    ///
    /// # Errors
    /// [`TableError`] when the database fails.
    pub async fn web_server_page(&self, id: &str) -> Result<Option<ServerView>, TableError> {
        let Some(server) = self.store.web_server_by_id(id).await? else {
            return Ok(None);
        };
        if server.visibility != Visibility::Public {
            return Ok(None);
        }
        let playing = self
            .store
            .listed_games(&server.guild, false, 0, SERVER_GAMES)
            .await?;
        let recent = self
            .store
            .listed_games(&server.guild, true, 0, SERVER_GAMES)
            .await?;
        let boards = self
            .store
            .rated_kinds(&server.guild)
            .await?
            .iter()
            .filter_map(|k| k.parse::<GameKind>().ok())
            .map(|k| (k.name().to_string(), k.title()))
            .collect();
        Ok(Some(ServerView {
            id: server.public_id.clone(),
            playing: self.game_lines(&playing).await?,
            recent: self.game_lines(&recent).await?,
            boards,
        }))
    }

    /// A page of a game's leaderboard on a server (pages count from 1).
    ///
    /// # Errors
    /// [`TableError`] when the database fails.
    pub async fn web_leaderboard(
        &self,
        server: &str,
        name: &str,
        page: usize,
    ) -> Result<Option<BoardView>, TableError> {
        // Only the game's own name: one address per page.
        let Ok(kind) = name.parse::<GameKind>() else {
            return Ok(None);
        };
        if kind.name() != name || !(1..=MAX_PAGE).contains(&page) {
            return Ok(None);
        }
        let Some(server) = self.store.web_server_by_id(server).await? else {
            return Ok(None);
        };
        if server.visibility != Visibility::Public {
            return Ok(None);
        }
        let offset = (page - 1) * BOARD_PAGE;
        let standings = self
            .store
            .leaderboard(
                &server.guild,
                kind.name(),
                PROVISIONAL_GAMES,
                offset,
                BOARD_PAGE + 1,
            )
            .await?;
        let more = standings.len() > BOARD_PAGE;
        let mut lines = Vec::with_capacity(BOARD_PAGE);
        for s in standings.iter().take(BOARD_PAGE) {
            let name = self.web_name(&server.guild, &s.user_id, &s.name).await?;
            lines.push(board_line(kind, s.rank, name, &s.rating));
        }
        Ok(Some(BoardView {
            server: server.public_id,
            kind: kind.name(),
            title: kind.title(),
            page,
            lines,
            more,
        }))
    }

    /// A player's page: their ratings and games on the server.
    ///
    /// # Errors
    /// [`TableError`] when the database fails.
    pub async fn web_player_page(&self, id: &str) -> Result<Option<PlayerView>, TableError> {
        let Some(player) = self.store.web_player_by_id(id).await? else {
            return Ok(None);
        };
        if player.hidden || crate::store::bot_level_of(&player.user_id).is_some() {
            return Ok(None);
        }
        let Some(server) = self.public_server(&player.guild).await? else {
            return Ok(None);
        };
        let standings = self
            .store
            .standings_of(&player.guild, &player.user_id, PROVISIONAL_GAMES)
            .await?;
        let rows = self
            .store
            .listed_games_of(&player.guild, &player.user_id, PLAYER_GAMES)
            .await?;
        let games = self.game_lines(&rows).await?;
        let mut name = standings
            .iter()
            .map(|s| clean_name(&s.name))
            .find(|n| !n.trim().is_empty());
        if name.is_none() {
            for row in &rows {
                let seats = self.seats(row.id).await?;
                name = seats
                    .iter()
                    .find(|s| s.user_id == player.user_id)
                    .map(|s| s.name.clone())
                    .filter(|n| !n.trim().is_empty());
                if name.is_some() {
                    break;
                }
            }
        }
        let me = WebName {
            name: name.unwrap_or_else(|| "a player".to_string()),
            page: Some(player.public_id.clone()),
        };
        let ratings = standings
            .iter()
            .filter_map(|s| {
                let kind = s.kind.parse::<GameKind>().ok()?;
                Some(board_line(kind, s.rank, me.clone(), &s.rating))
            })
            .collect();
        Ok(Some(PlayerView {
            server: server.public_id,
            name: me.name,
            ratings,
            games,
        }))
    }

    /// Loads a game a page may show (its server public, the game started).
    async fn shown_game(&self, id: &str) -> Result<Option<Shown>, TableError> {
        let Some((web, row)) = self.store.web_game_by_id(id).await? else {
            return Ok(None);
        };
        if row.status == Status::Lobby {
            return Ok(None);
        }
        let Some(server) = self.public_server(&row.guild).await? else {
            return Ok(None);
        };
        let seats = self.seats(row.id).await?;
        let names = self.web_names(&row.guild, &seats).await?;
        let log = self.store.log(row.id).await?;
        Ok(Some(Shown {
            server,
            public_id: web.public_id,
            row,
            seats,
            names,
            log,
        }))
    }

    /// A game's page showing the position after `ply` logged actions (the latest when `None`);
    /// `None` as well for a ply the game has not reached.
    ///
    /// # Errors
    /// [`TableError`] when the database fails or the game's log no longer replays.
    pub async fn web_game_page(
        &self,
        id: &str,
        ply: Option<usize>,
    ) -> Result<Option<GameView>, TableError> {
        let Some(shown) = self.shown_game(id).await? else {
            return Ok(None);
        };
        let history = History::replay(&shown.row, &shown.seats, &shown.log)?;
        let last = history.steps.len();
        let ply = ply.unwrap_or(last);
        if ply > last {
            return Ok(None);
        }
        let kind = history.kind;
        let name_of = |seat: Seat| {
            shown
                .names
                .get(seat)
                .map_or_else(|| kind.seat_name(seat).to_string(), |n| n.name.clone())
        };
        let plies = history
            .steps
            .iter()
            .enumerate()
            .map(|(i, step)| PlyLine {
                ply: i + 1,
                who: name_of(actor(&step.action)),
                text: ply_words(&step.action, &step.logged.notation),
            })
            .collect();
        let at = if ply == 0 {
            &history.start
        } else {
            &history.steps[ply - 1].after
        };
        let players = shown
            .names
            .iter()
            .enumerate()
            .map(|(seat, n)| (kind.seat_name(seat), n.clone()))
            .collect();
        Ok(Some(GameView {
            server: shown.server.public_id.clone(),
            id: shown.public_id.clone(),
            kind: kind.name(),
            title: kind.title(),
            players,
            plies,
            ply,
            last,
            state: state_words(&shown.row, kind, &shown.names),
            finished: !shown.row.status.is_open(),
            deadline_at: shown
                .row
                .deadline_at
                .filter(|_| shown.row.status == Status::Active),
            started_at: shown.row.created_at,
            position: at.position(),
            record: match kind.info().record {
                RecordFormat::Pgn => "pgn",
                RecordFormat::Pdn => "pdn",
                RecordFormat::MoveList => "txt",
            },
        }))
    }

    /// How many actions a game a page may show has logged (its last ply).
    ///
    /// # Errors
    /// [`TableError`] when the database fails.
    pub async fn web_plies(&self, id: &str) -> Result<Option<usize>, TableError> {
        Ok(self.shown_game(id).await?.map(|s| s.log.len()))
    }

    /// The board after `ply` logged actions as PNG, seen from the first seat, the sides
    /// named by colour (names are on the page, so a picture never changes once drawn).
    ///
    /// # Errors
    /// [`TableError`] when the database fails, the log no longer replays or drawing fails.
    pub async fn web_board(&self, id: &str, ply: usize) -> Result<Option<Vec<u8>>, TableError> {
        let Some(shown) = self.shown_game(id).await? else {
            return Ok(None);
        };
        let history = History::replay(&shown.row, &shown.seats, &shown.log)?;
        let game: Game = match ply {
            0 => history.start.clone(),
            n => match history.steps.get(n - 1) {
                Some(step) => step.after.clone(),
                None => return Ok(None),
            },
        };
        let view = View {
            players: vec![String::new(); shown.seats.len()],
            caption: None,
            perspective: Some(0),
        };
        let renderer = Arc::clone(&self.renderer);
        let (png, took) = self
            .renders
            .run(&self.metrics, move || renderer.png(&game, &view))
            .await
            .map_err(|e| TableError::Internal(e.into()))?;
        super::metrics::add_render_time(took);
        Ok(Some(png.map_err(|e| TableError::Internal(e.into()))?))
    }

    /// A game's record in its standard notation (chess PGN, checkers PDN, a move list for
    /// the others), players named as the pages name them.
    ///
    /// # Errors
    /// [`TableError`] when the database fails or the log no longer replays.
    pub async fn web_record(&self, id: &str) -> Result<Option<WebFile>, TableError> {
        let Some(shown) = self.shown_game(id).await? else {
            return Ok(None);
        };
        let seats = named_seats(&shown);
        let history = History::replay(&shown.row, &seats, &shown.log)?;
        let file = record::export(&shown.row, &seats, &history);
        let content_type = match history.kind.info().record {
            RecordFormat::Pgn => "application/x-chess-pgn; charset=utf-8",
            RecordFormat::Pdn | RecordFormat::MoveList => "text/plain; charset=utf-8",
        };
        Ok(Some(WebFile {
            name: file.name.replace(
                &format!("tabula-{}", shown.row.id),
                &format!("tabula-{}", shown.public_id),
            ),
            content_type,
            bytes: file.bytes,
        }))
    }

    /// A game's log as JSON: the game, its players (as pages name them), its result and
    /// every logged action with the seat that made it and the time.
    ///
    /// # Errors
    /// [`TableError`] when the database fails or the log no longer replays.
    pub async fn web_log(&self, id: &str) -> Result<Option<WebFile>, TableError> {
        let Some(shown) = self.shown_game(id).await? else {
            return Ok(None);
        };
        let history = History::replay(&shown.row, &shown.seats, &shown.log)?;
        let kind = history.kind;
        let players: Vec<serde_json::Value> = shown
            .names
            .iter()
            .enumerate()
            .map(|(seat, n)| serde_json::json!({"seat": seat, "side": kind.seat_name(seat), "name": n.name}))
            .collect();
        let actions: Vec<serde_json::Value> = history
            .steps
            .iter()
            .enumerate()
            .map(|(i, step)| {
                serde_json::json!({
                    "ply": i + 1,
                    "seat": actor(&step.action),
                    "notation": step.logged.notation,
                    "action": step.action,
                    "at": step.logged.at,
                })
            })
            .collect();
        let value = serde_json::json!({
            "id": shown.public_id,
            "game": kind.name(),
            "ruleset": history.ruleset,
            "status": shown.row.status.as_str(),
            "players": players,
            "outcome": history.last().outcome(),
            "started_at": shown.row.created_at,
            "actions": actions,
        });
        let text =
            serde_json::to_string_pretty(&value).map_err(|e| TableError::Internal(e.into()))?;
        Ok(Some(WebFile {
            name: format!("tabula-{}.json", shown.public_id),
            content_type: "application/json",
            bytes: text.into_bytes(),
        }))
    }
}

/// The seats with the names pages show (hidden players as "Anonymous").
fn named_seats(shown: &Shown) -> Vec<SeatRow> {
    shown
        .seats
        .iter()
        .zip(&shown.names)
        .map(|(s, n)| SeatRow {
            name: n.name.clone(),
            ..s.clone()
        })
        .collect()
}

fn board_line(kind: GameKind, rank: usize, name: WebName, r: &crate::rating::Rating) -> BoardLine {
    let system = System::of(kind);
    BoardLine {
        rank,
        name,
        kind: kind.name(),
        title: kind.title(),
        rating: system.show(r.rating),
        deviation: system.show(r.deviation),
        provisional: r.provisional(),
        games: r.games,
        wins: r.wins,
        losses: r.losses,
        draws: r.draws,
    }
}

/// The seat an action is made by.
fn actor(action: &Action) -> Seat {
    match action {
        Action::Play { seat, .. }
        | Action::Roll { seat, .. }
        | Action::Resign { seat }
        | Action::OfferDraw { seat }
        | Action::AcceptDraw { seat }
        | Action::DeclineDraw { seat }
        | Action::ClaimDraw { seat } => *seat,
    }
}

/// An action as a move list shows it.
fn ply_words(action: &Action, notation: &str) -> String {
    let notation: String = notation
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    match action {
        Action::Roll { .. } => format!("rolled {}", notation.trim()),
        _ => notation.trim().to_string(),
    }
}

/// How a game stands: `alice to move`, `bob won by checkmate`, `drawn by agreement`.
fn state_words(row: &GameRow, kind: GameKind, names: &[WebName]) -> String {
    let name = |seat: Seat| {
        names
            .get(seat)
            .map_or_else(|| kind.seat_name(seat).to_string(), |n| n.name.clone())
    };
    if row.status == Status::Aborted {
        return "aborted".to_string();
    }
    let Ok(game) = serde_json::from_str::<Game>(&row.state) else {
        return "unreadable".to_string();
    };
    let stored: Option<Outcome> = row
        .result
        .as_deref()
        .and_then(|r| serde_json::from_str(r).ok());
    match stored.or_else(|| game.turn().outcome()) {
        Some(o @ Outcome::Win { winner, .. }) => {
            format!("{} won by {}", name(winner), game.describe(o))
        }
        Some(o @ Outcome::Draw { .. }) => format!("drawn by {}", game.describe(o)),
        None => match game.turn() {
            Turn::Move(seat) => format!("{} to move", name(seat)),
            Turn::Roll(seat) => format!("{} to roll", name(seat)),
            Turn::Over(_) => "over".to_string(),
        },
    }
}

//! The views of the pages: a server's games, its leaderboards, a player, a game at a ply.

use std::collections::HashMap;

use crate::rating::{PROVISIONAL_GAMES, System};
use crate::rules::{Action, Game, GameKind, Outcome, Seat, Turn};
use crate::store::{GameRow, Status, WebSeats};
use crate::table::record::History;
use crate::table::{Table, TableError, clean_name};

use super::privacy::{person, seat_name};
use super::sparkline::{HISTORY_GAMES, sparklines};
use super::{
    BOARD_PAGE, BoardLine, BoardView, GameLine, GameView, MAX_PAGE, PLAYER_GAMES, PlayerView,
    PlyLine, SERVER_GAMES, ServerView, Viewer, WebName, WebTime,
};

impl Table {
    /// Lists games as pages do, naming every game's players in one query however many
    /// games there are.
    pub(super) async fn game_lines(&self, rows: &[GameRow]) -> Result<Vec<GameLine>, TableError> {
        let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
        let seats = self.store.web_seats(&ids).await?;
        Ok(lines_of(rows, &seats))
    }

    /// The server page: games being played, recent results, the leaderboards there are.
    ///
    /// # Errors
    /// [`TableError`] when the database fails.
    pub async fn web_server_page(
        &self,
        id: &str,
        viewer: &Viewer,
    ) -> Result<Option<ServerView>, TableError> {
        let Some(server) = self.store.web_server_by_id(id).await? else {
            return Ok(None);
        };
        let Some(server) = self.shown_to(server, viewer).await? else {
            return Ok(None);
        };
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
        // Both lists named in one query.
        let ids: Vec<i64> = playing.iter().chain(&recent).map(|r| r.id).collect();
        let seats = self.store.web_seats(&ids).await?;
        Ok(Some(ServerView {
            id: server.public_id.clone(),
            playing: lines_of(&playing, &seats),
            recent: lines_of(&recent, &seats),
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
        viewer: &Viewer,
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
        let Some(server) = self.shown_to(server, viewer).await? else {
            return Ok(None);
        };
        let offset = (page - 1) * BOARD_PAGE;
        // One query for the page; a player listed for the first time gets their public id.
        let entries = self
            .store
            .web_board(
                &server.guild,
                kind.name(),
                PROVISIONAL_GAMES,
                offset,
                BOARD_PAGE + 1,
            )
            .await?;
        let more = entries.len() > BOARD_PAGE;
        let now = self.store.now();
        let mut lines = Vec::with_capacity(BOARD_PAGE);
        for e in entries.into_iter().take(BOARD_PAGE) {
            let s = e.standing;
            let name = match e.public_id {
                Some(id) => person(&s.name, id, e.hidden),
                None => self.web_name(&server.guild, &s.user_id, &s.name).await?,
            };
            let mut line = board_line(kind, s.rank, name, &s.rating);
            line.last_played = e.last_played.map(|at| WebTime::at(at, now));
            lines.push(line);
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
    pub async fn web_player_page(
        &self,
        id: &str,
        viewer: &Viewer,
    ) -> Result<Option<PlayerView>, TableError> {
        let Some(player) = self.store.web_player_by_id(id).await? else {
            return Ok(None);
        };
        if player.hidden || crate::store::bot_level_of(&player.user_id).is_some() {
            return Ok(None);
        }
        let Some(server) = self.shown_server(&player.guild, viewer).await? else {
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
        // Their name as they last rated, else as a listed game seats them.
        let name = standings
            .iter()
            .map(|s| clean_name(&s.name))
            .find(|n| !n.trim().is_empty())
            .or_else(|| {
                games
                    .iter()
                    .flat_map(|g| &g.players)
                    .find(|n| n.page.as_deref() == Some(player.public_id.as_str()))
                    .map(|n| n.name.clone())
            });
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
        let history = self
            .store
            .rating_history(&player.guild, &player.user_id, HISTORY_GAMES)
            .await?;
        Ok(Some(PlayerView {
            server: server.public_id,
            id: player.public_id.clone(),
            name: me.name,
            ratings,
            history: sparklines(&history),
            games,
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
        viewer: &Viewer,
    ) -> Result<Option<GameView>, TableError> {
        let Some(shown) = self.shown_game(id, viewer).await? else {
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
            round: round(&history, ply, at),
            records: kind
                .info()
                .records
                .iter()
                .map(|f| (f.extension(), f.title()))
                .collect(),
        }))
    }
}

/// Games as a list shows them, named from their seats (a game of an unknown kind, or one the
/// seats were not read for, is left out).
fn lines_of(rows: &[GameRow], seats: &HashMap<i64, WebSeats>) -> Vec<GameLine> {
    rows.iter()
        .filter_map(|row| {
            let kind = row.kind.parse::<GameKind>().ok()?;
            let web = seats.get(&row.id)?;
            let names: Vec<WebName> = web.seats.iter().map(seat_name).collect();
            Some(GameLine {
                id: web.public_id.clone(),
                title: kind.title(),
                state: state_words(row, kind, &names),
                players: names,
                updated_at: row.updated_at,
            })
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
        last_played: None,
    }
}

/// The seat an action is made by.
pub(super) fn actor(action: &Action) -> Seat {
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

/// The move number after `ply` actions: the turns the first seat has started, and one more
/// when it is about to start the next (so a chess game shows `23` both before and after
/// White's 23rd move, as the notation numbers it).
pub(super) fn round(history: &History, ply: usize, at: &Game) -> usize {
    let actors: Vec<Seat> = history.steps[..ply.min(history.steps.len())]
        .iter()
        .map(|s| actor(&s.action))
        .collect();
    let started = actors
        .iter()
        .enumerate()
        .filter(|&(i, &seat)| seat == 0 && (i == 0 || actors[i - 1] != 0))
        .count();
    let next = at.turn().seat() == Some(0) && actors.last() != Some(&0);
    started + usize::from(next)
}

/// What a share card says beside the board, naming sides by colour as the board does (the
/// picture is cached for good, so it names nobody): `Chess`, `Move 23`, `Black to play`.
pub(super) fn card_lines(history: &History, ply: usize, at: &Game) -> Vec<String> {
    let kind = history.kind;
    let side = |seat: Seat| kind.seat_name(seat).to_string();
    let status = match at.outcome() {
        Some(o @ Outcome::Win { winner, .. }) => {
            format!("{} won by {}", side(winner), at.describe(o))
        }
        Some(o @ Outcome::Draw { .. }) => format!("Drawn by {}", at.describe(o)),
        None => match at.turn() {
            Turn::Move(seat) | Turn::Roll(seat) => format!("{} to play", side(seat)),
            Turn::Over(_) => "Over".to_string(),
        },
    };
    vec![
        kind.title().to_string(),
        format!("Move {}", round(history, ply, at)),
        status,
    ]
}

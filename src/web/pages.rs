//! The pages: one handler per address, each asking the table for a view and writing it with
//! an askama template (escaped by default). A `None` from the table is the one 404.

use askama::Template;
use axum::extract::rejection::PathRejection;
use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};

use crate::table::{
    ArchiveQuery, ArchiveView, BoardView, GameLine, GameView, PlayerView, ServerView, Table,
    TableError, Viewer, WebFile, WebName,
};

use super::auth::{private_if_members, sign_in_first};
use super::pictures;
use super::site::{not_found, oops};

/// Answers a rendered template as HTML, or the trouble page if it does not render.
pub(super) fn html(page: &impl Template) -> Response {
    match page.render() {
        Ok(body) => (
            [
                (header::CONTENT_TYPE, "text/html; charset=utf-8"),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            body,
        )
            .into_response(),
        Err(e) => {
            tracing::error!(error = %e, "a web page did not render");
            oops()
        }
    }
}

/// Answers a table lookup for `viewer`: the page (private when it is a members-only
/// server's), the one 404, the way to sign in, or the trouble page (cause logged).
pub(super) fn answer<V>(
    viewer: &Viewer,
    found: Result<Option<V>, TableError>,
    page: impl FnOnce(V) -> Response,
) -> Response {
    match found {
        Ok(Some(view)) => private_if_members(viewer, page(view)),
        Ok(None) => not_found(),
        Err(TableError::SignInFirst) => sign_in_first(),
        Err(e) => {
            tracing::error!(error = %e, "a web page failed");
            oops()
        }
    }
}

/// A unix time as `2026-11-27 14:58 UTC`.
pub(super) fn when(unix: i64) -> String {
    chrono::DateTime::from_timestamp(unix, 0).map_or_else(
        || "?".to_string(),
        |t| t.format("%Y-%m-%d %H:%M UTC").to_string(),
    )
}

/// Names joined for a title: `alice vs bob`.
fn versus(names: &[WebName]) -> String {
    names
        .iter()
        .map(|n| n.name.as_str())
        .collect::<Vec<_>>()
        .join(" vs ")
}

/// A game in a list, ready to print.
struct Line {
    id: String,
    title: &'static str,
    players: Vec<WebName>,
    state: String,
    when: String,
}

fn lines(games: Vec<GameLine>) -> Vec<Line> {
    games
        .into_iter()
        .map(|g| Line {
            id: g.id,
            title: g.title,
            players: g.players,
            state: g.state,
            when: when(g.updated_at),
        })
        .collect()
}

#[derive(Template)]
#[template(path = "home.html")]
struct HomePage {
    title: &'static str,
    noindex: bool,
}

pub(super) async fn home() -> Response {
    html(&HomePage {
        title: "tabula",
        noindex: true,
    })
}

#[derive(Template)]
#[template(path = "server.html")]
struct ServerPage {
    title: &'static str,
    noindex: bool,
    id: String,
    playing: Vec<Line>,
    recent: Vec<Line>,
    boards: Vec<(String, &'static str)>,
}

pub(super) async fn server(
    State(table): State<Table>,
    viewer: Viewer,
    id: Result<Path<String>, PathRejection>,
) -> Response {
    let Ok(Path(id)) = id else {
        return not_found();
    };
    let found = table.web_server_page(&id, &viewer).await;
    answer(&viewer, found, |v: ServerView| {
        html(&ServerPage {
            title: "Games on this server",
            noindex: viewer.saw_members_only(),
            id: v.id,
            playing: lines(v.playing),
            recent: lines(v.recent),
            boards: v.boards,
        })
    })
}

#[derive(Template)]
#[template(path = "leaderboard.html")]
struct LeaderboardPage {
    title: String,
    noindex: bool,
    v: BoardView,
}

pub(super) async fn leaderboard(
    State(table): State<Table>,
    viewer: Viewer,
    path: Result<Path<(String, String)>, PathRejection>,
) -> Response {
    let Ok(Path((id, kind))) = path else {
        return not_found();
    };
    board(&table, &viewer, &id, &kind, 1).await
}

pub(super) async fn leaderboard_page(
    State(table): State<Table>,
    viewer: Viewer,
    path: Result<Path<(String, String, String)>, PathRejection>,
) -> Response {
    let Ok(Path((id, kind, page))) = path else {
        return not_found();
    };
    // One address per page: `/2`, never `/02` or `/+2`; the first page has none.
    match page.parse::<usize>() {
        Ok(n) if n >= 2 && n.to_string() == page => board(&table, &viewer, &id, &kind, n).await,
        _ => not_found(),
    }
}

async fn board(table: &Table, viewer: &Viewer, id: &str, kind: &str, page: usize) -> Response {
    let found = table.web_leaderboard(id, kind, page, viewer).await;
    answer(viewer, found, |v| {
        html(&LeaderboardPage {
            title: if v.page > 1 {
                format!("{} leaderboard, page {}", v.title, v.page)
            } else {
                format!("{} leaderboard", v.title)
            },
            noindex: viewer.saw_members_only(),
            v,
        })
    })
}

#[derive(Template)]
#[template(path = "archive.html")]
struct ArchivePage {
    title: String,
    noindex: bool,
    v: ArchiveView,
    games: Vec<Line>,
    /// Links that change one filter and keep the others: (label, address, chosen).
    by_game: Vec<(String, String, bool)>,
    by_result: Vec<(String, String, bool)>,
    previous: Option<String>,
    next: Option<String>,
}

/// Reads an archive's address query: each of `game`, `player`, `result` and `page` at most
/// once, nothing else, values in their one spelling (`page=2`, never `page=1` or `page=02`).
fn archive_query(query: Option<&str>) -> Option<ArchiveQuery> {
    let mut out = ArchiveQuery {
        page: 1,
        ..ArchiveQuery::default()
    };
    let mut page = None;
    for pair in query.unwrap_or("").split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=')?;
        if value.is_empty()
            || !value
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
        {
            return None;
        }
        let slot = match key {
            "game" => &mut out.game,
            "player" => &mut out.player,
            "result" => &mut out.result,
            "page" => &mut page,
            _ => return None,
        };
        if slot.replace(value.to_string()).is_some() {
            return None;
        }
    }
    if let Some(page) = page {
        out.page = page
            .parse::<usize>()
            .ok()
            .filter(|n| *n >= 2 && n.to_string() == page)?;
    }
    Some(out)
}

/// An archive's address with `query`'s filters.
fn archive_link(server: &str, query: &ArchiveQuery) -> String {
    let mut parts = Vec::new();
    if let Some(game) = &query.game {
        parts.push(format!("game={game}"));
    }
    if let Some(player) = &query.player {
        parts.push(format!("player={player}"));
    }
    if let Some(result) = &query.result {
        parts.push(format!("result={result}"));
    }
    if query.page > 1 {
        parts.push(format!("page={}", query.page));
    }
    if parts.is_empty() {
        format!("/s/{server}/archive")
    } else {
        format!("/s/{server}/archive?{}", parts.join("&"))
    }
}

pub(super) async fn archive(
    State(table): State<Table>,
    viewer: Viewer,
    id: Result<Path<String>, PathRejection>,
    RawQuery(query): RawQuery,
) -> Response {
    let (Ok(Path(id)), Some(query)) = (id, archive_query(query.as_deref())) else {
        return not_found();
    };
    let found = table.web_archive(&id, query, &viewer).await;
    answer(&viewer, found, |mut v: ArchiveView| {
        let games = lines(std::mem::take(&mut v.games));
        let (by_game, by_result) = archive_filters(&v);
        let (previous, next) = archive_pages(&v);
        let title = match (&v.player_name, v.query.page) {
            (Some(name), 1) => format!("Archive: {name}'s games"),
            (Some(name), n) => format!("Archive: {name}'s games, page {n}"),
            (None, 1) => "Archive".to_string(),
            (None, n) => format!("Archive, page {n}"),
        };
        html(&ArchivePage {
            title,
            noindex: viewer.saw_members_only(),
            v,
            games,
            by_game,
            by_result,
            previous,
            next,
        })
    })
}

/// The archive's filter links, by game and by result, each on the first page and keeping the
/// other filters: (label, address, chosen).
fn archive_filters(v: &ArchiveView) -> (Vec<Link>, Vec<Link>) {
    let first = ArchiveQuery {
        page: 1,
        ..v.query.clone()
    };
    let mut by_game = vec![(
        "All games".to_string(),
        archive_link(
            &v.server,
            &ArchiveQuery {
                game: None,
                ..first.clone()
            },
        ),
        v.query.game.is_none(),
    )];
    for (name, title) in &v.kinds {
        by_game.push((
            (*title).to_string(),
            archive_link(
                &v.server,
                &ArchiveQuery {
                    game: Some(name.clone()),
                    ..first.clone()
                },
            ),
            v.query.game.as_deref() == Some(name),
        ));
    }
    let mut by_result = Vec::new();
    for (label, value) in [
        ("Any result", None),
        ("Won", Some("won")),
        ("Drawn", Some("drawn")),
        ("Aborted", Some("aborted")),
    ] {
        by_result.push((
            label.to_string(),
            archive_link(
                &v.server,
                &ArchiveQuery {
                    result: value.map(str::to_string),
                    ..first.clone()
                },
            ),
            v.query.result.as_deref() == value,
        ));
    }
    (by_game, by_result)
}

/// The addresses of the archive's previous and next pages, when there are such pages.
fn archive_pages(v: &ArchiveView) -> (Option<String>, Option<String>) {
    let previous = (v.query.page > 1).then(|| {
        archive_link(
            &v.server,
            &ArchiveQuery {
                page: v.query.page - 1,
                ..v.query.clone()
            },
        )
    });
    let next = v.more.then(|| {
        archive_link(
            &v.server,
            &ArchiveQuery {
                page: v.query.page + 1,
                ..v.query.clone()
            },
        )
    });
    (previous, next)
}

/// A link that changes one filter of the archive: (label, address, chosen).
type Link = (String, String, bool);

#[derive(Template)]
#[template(path = "player.html")]
struct PlayerPage {
    title: String,
    noindex: bool,
    v: PlayerView,
    games: Vec<Line>,
}

pub(super) async fn player(
    State(table): State<Table>,
    viewer: Viewer,
    id: Result<Path<String>, PathRejection>,
) -> Response {
    let Ok(Path(id)) = id else {
        return not_found();
    };
    let found = table.web_player_page(&id, &viewer).await;
    answer(&viewer, found, |mut v: PlayerView| {
        let games = lines(std::mem::take(&mut v.games));
        html(&PlayerPage {
            title: v.name.clone(),
            noindex: viewer.saw_members_only(),
            v,
            games,
        })
    })
}

#[derive(Template)]
#[template(path = "game.html")]
struct GamePage {
    title: String,
    noindex: bool,
    v: GameView,
    versus: String,
    started: String,
    deadline: Option<String>,
    alt: String,
    previous: Option<usize>,
    next: Option<usize>,
    /// Where the page hears of new moves: only the page of the game "now" follows it.
    live: Option<String>,
    /// What a link to the page unfurls to.
    og: Unfurl,
}

/// The OpenGraph tags of a game page: what Discord (and others) show for a pasted link.
struct Unfurl {
    /// `Chess · alice vs bob · move 23, bob to play`.
    title: String,
    description: String,
    /// The page's own permalink at the ply shown, and the share card of that ply.
    url: String,
    image: String,
    image_alt: String,
}

impl Unfurl {
    fn of(v: &GameView, versus: &str, base: Option<&str>) -> Unfurl {
        let base = base.unwrap_or("");
        let at_now = v.ply == v.last;
        let title = if v.finished && at_now {
            format!("{} · {versus} · {}", v.title, v.state)
        } else if at_now {
            let state = v.state.replace(" to move", " to play");
            format!("{} · {versus} · move {}, {state}", v.title, v.round)
        } else {
            format!("{} · {versus} · move {}", v.title, v.round)
        };
        Unfurl {
            title,
            description: format!(
                "{}. Ply {} of {}; every move, the record and a replay on the page.",
                v.state, v.ply, v.last
            ),
            url: format!("{base}/g/{}/{}", v.id, v.ply),
            image: format!("{base}/g/{}/{}.card.png", v.id, v.ply),
            image_alt: format!("The {} board after {} of {} plies", v.title, v.ply, v.last),
        }
    }
}

/// What a game page and its live updates both print about the ply shown.
pub(super) struct Shown {
    pub deadline: Option<String>,
    pub alt: String,
    pub previous: Option<usize>,
    pub next: Option<usize>,
}

impl Shown {
    pub(super) fn of(v: &GameView) -> Shown {
        let alt = match &v.position {
            Some(p) => format!("{} board after {} of {} plies: {p}", v.title, v.ply, v.last),
            None => format!("{} board after {} of {} plies", v.title, v.ply, v.last),
        };
        Shown {
            deadline: v.deadline_at.map(when),
            alt,
            previous: v.ply.checked_sub(1),
            next: (v.ply < v.last).then_some(v.ply + 1),
        }
    }
}

pub(super) async fn game(
    State(table): State<Table>,
    viewer: Viewer,
    id: Result<Path<String>, PathRejection>,
) -> Response {
    let Ok(Path(id)) = id else {
        return not_found();
    };
    game_page(&table, &viewer, &id, None).await
}

/// `/g/{id}/{part}`: the page at a ply (`12`), the board at a ply (`12.png`), the record
/// (`record.pgn`, `.pdn`, `.txt` or `.mat` as the game has) or the JSON log (`log.json`).
pub(super) async fn game_part(
    State(table): State<Table>,
    viewer: Viewer,
    headers: HeaderMap,
    path: Result<Path<(String, String)>, PathRejection>,
) -> Response {
    let Ok(Path((id, part))) = path else {
        return not_found();
    };
    let viewer = &viewer;
    if part == "log.json" {
        return answer(viewer, table.web_log(&id, viewer).await, download);
    }
    if let Some(extension) = part.strip_prefix("record.") {
        let found = table.web_record(&id, extension, viewer).await;
        return answer(viewer, found, download);
    }
    if let Some(ply) = part.strip_suffix(".card.png") {
        return match ply_number(ply) {
            Some(ply) => pictures::card(&table, viewer, &id, ply, &headers).await,
            None => not_found(),
        };
    }
    if let Some(ply) = part.strip_suffix(".png") {
        return match ply_number(ply) {
            Some(ply) => pictures::picture(&table, viewer, &id, ply, &headers).await,
            None => not_found(),
        };
    }
    match ply_number(&part) {
        Some(ply) => game_page(&table, viewer, &id, Some(ply)).await,
        None => not_found(),
    }
}

/// Reads a ply in its one spelling (`0`, `12`; not `012` or `+1`).
fn ply_number(text: &str) -> Option<usize> {
    text.parse::<usize>().ok().filter(|n| n.to_string() == text)
}

async fn game_page(table: &Table, viewer: &Viewer, id: &str, ply: Option<usize>) -> Response {
    let found = table.web_game_page(id, ply, viewer).await;
    answer(viewer, found, |v: GameView| {
        let versus = versus(&v.players.iter().map(|(_, n)| n.clone()).collect::<Vec<_>>());
        let Shown {
            deadline,
            alt,
            previous,
            next,
        } = Shown::of(&v);
        let live =
            (ply.is_none() && !v.finished).then(|| format!("/g/{}/live?after={}", v.id, v.last));
        let og = Unfurl::of(&v, &versus, table.web_base());
        html(&GamePage {
            title: format!("{} · {versus}", v.title),
            noindex: viewer.saw_members_only(),
            versus,
            started: when(v.started_at),
            deadline,
            alt,
            previous,
            next,
            live,
            og,
            v,
        })
    })
}

fn download(file: WebFile) -> Response {
    let disposition = format!("attachment; filename=\"{}\"", file.name);
    (
        [
            (header::CONTENT_TYPE, file.content_type.to_string()),
            (header::CONTENT_DISPOSITION, disposition),
            (header::CACHE_CONTROL, "no-cache".to_string()),
        ],
        file.bytes,
    )
        .into_response()
}

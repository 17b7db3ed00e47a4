//! A server's archive: every listed game that is over, newest first, narrowed by game,
//! player and result, a page at a time.

use crate::rules::GameKind;
use crate::store::{ArchiveFilter, ArchiveResult};
use crate::table::{Table, TableError};

use super::{GameLine, MAX_PAGE, Viewer};

/// Games on one page of an archive.
pub const ARCHIVE_PAGE: usize = 25;

/// What an archive is asked for, as its address spells it (`?game=chess&result=won`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ArchiveQuery {
    /// A game's name (`chess`).
    pub game: Option<String>,
    /// A player's public id.
    pub player: Option<String>,
    /// `won`, `drawn` or `aborted`.
    pub result: Option<String>,
    /// Counted from 1.
    pub page: usize,
}

/// A page of a server's archive.
#[derive(Clone, Debug)]
pub struct ArchiveView {
    pub server: String,
    pub query: ArchiveQuery,
    /// The player the archive is narrowed to, by name.
    pub player_name: Option<String>,
    /// The games a filter may name: (name in URLs, title).
    pub kinds: Vec<(String, &'static str)>,
    pub games: Vec<GameLine>,
    /// True when a next page has games.
    pub more: bool,
}

impl Table {
    /// A page of a server's archive; `None` for a server that shows no pages, a filter that
    /// names no game, result or shown player of this server, or a page out of range.
    ///
    /// # Errors
    /// [`TableError`] when the database fails.
    pub async fn web_archive(
        &self,
        server: &str,
        query: ArchiveQuery,
        viewer: &Viewer,
    ) -> Result<Option<ArchiveView>, TableError> {
        if !(1..=MAX_PAGE).contains(&query.page) {
            return Ok(None);
        }
        let Some(server) = self.store.web_server_by_id(server).await? else {
            return Ok(None);
        };
        let Some(server) = self.shown_to(server, viewer).await? else {
            return Ok(None);
        };
        let Some((kind, result)) = kind_and_result(&query) else {
            return Ok(None);
        };
        let user = match &query.player {
            None => None,
            Some(id) => {
                let Some(player) = self.store.web_player_by_id(id).await? else {
                    return Ok(None);
                };
                if player.guild != server.guild
                    || player.hidden
                    || crate::store::bot_level_of(&player.user_id).is_some()
                {
                    return Ok(None);
                }
                Some(player.user_id)
            }
        };
        let filter = ArchiveFilter {
            kind,
            user: user.as_deref(),
            result,
        };
        let rows = self
            .store
            .archive(
                &server.guild,
                &filter,
                (query.page - 1) * ARCHIVE_PAGE,
                ARCHIVE_PAGE + 1,
            )
            .await?;
        let more = rows.len() > ARCHIVE_PAGE;
        let games = self
            .game_lines(&rows[..rows.len().min(ARCHIVE_PAGE)])
            .await?;
        // The player as the games listed name them.
        let player_name = query.player.as_deref().and_then(|id| {
            games
                .iter()
                .flat_map(|g| &g.players)
                .find(|n| n.page.as_deref() == Some(id))
                .map(|n| n.name.clone())
        });
        let kinds = GameKind::ALL
            .iter()
            .map(|k| (k.name().to_string(), k.title()))
            .collect();
        Ok(Some(ArchiveView {
            server: server.public_id,
            query,
            player_name,
            kinds,
            games,
            more,
        }))
    }
}

/// Reads the archive's game and result filters; `None` when either names nothing there is.
fn kind_and_result(query: &ArchiveQuery) -> Option<(Option<&'static str>, Option<ArchiveResult>)> {
    let kind = match &query.game {
        None => None,
        Some(name) => match name.parse::<GameKind>() {
            Ok(kind) if kind.name() == name => Some(kind.name()),
            _ => return None,
        },
    };
    let result = match query.result.as_deref() {
        None => None,
        Some("won") => Some(ArchiveResult::Won),
        Some("drawn") => Some(ArchiveResult::Drawn),
        Some("aborted") => Some(ArchiveResult::Aborted),
        Some(_) => return None,
    };
    Some((kind, result))
}

//! Who and what a page may show: only servers whose pages are public (or members-only, to
//! their signed-in members), only started games, hidden players as "Anonymous" with no page
//! of their own, the bot with no page.

use crate::store::{
    GameRow, LoggedAction, SeatRow, Status, Visibility, WebGame, WebSeat, WebServer,
};
use crate::table::command::bot_name;
use crate::table::{Table, TableError, clean_name};

use super::{ANONYMOUS, Viewer, WebName};

/// A game the web may show: its row, seats named as pages name them, and its log.
pub(super) struct Shown {
    pub(super) server: WebServer,
    pub(super) public_id: String,
    pub(super) row: GameRow,
    pub(super) seats: Vec<SeatRow>,
    pub(super) names: Vec<WebName>,
    pub(super) log: Vec<LoggedAction>,
}

impl Table {
    /// Returns a server's settings when `viewer` may see its pages: public ones, and
    /// members-only ones to a signed-in member ([`TableError::SignInFirst`] to somebody not
    /// signed in, when sign-in is set up).
    pub(super) async fn shown_server(
        &self,
        guild: &str,
        viewer: &Viewer,
    ) -> Result<Option<WebServer>, TableError> {
        match self.store.web_server(guild).await? {
            Some(server) => self.shown_to(server, viewer).await,
            None => Ok(None),
        }
    }

    /// Lets `viewer` see a server's pages, or not (see [`Table::shown_server`]).
    pub(super) async fn shown_to(
        &self,
        server: WebServer,
        viewer: &Viewer,
    ) -> Result<Option<WebServer>, TableError> {
        match server.visibility {
            Visibility::Public => Ok(Some(server)),
            Visibility::Off => Ok(None),
            Visibility::Members => {
                let Some(members) = &self.web_members else {
                    return Ok(None);
                };
                let Some(user) = viewer.user() else {
                    return Err(TableError::SignInFirst);
                };
                let member = members
                    .is_member(&server.guild, user)
                    .await
                    .map_err(TableError::Internal)?;
                if !member {
                    return Ok(None);
                }
                viewer.admitted_as_member();
                Ok(Some(server))
            }
        }
    }

    pub(super) async fn web_name(
        &self,
        guild: &str,
        user: &str,
        name: &str,
    ) -> Result<WebName, TableError> {
        if let Some(level) = crate::store::bot_level_of(user) {
            return Ok(WebName {
                name: bot_name(level),
                page: None,
            });
        }
        let player = self.store.web_player(guild, user).await?;
        Ok(person(name, player.public_id, player.hidden))
    }

    /// Loads a game's row when a page may show it to `viewer` (its server shown to them, the
    /// game started), with its public id and server: one query.
    pub(super) async fn shown_row(
        &self,
        id: &str,
        viewer: &Viewer,
    ) -> Result<Option<(WebGame, GameRow, WebServer)>, TableError> {
        let Some((web, row, Some(server))) = self.store.web_game_and_server(id).await? else {
            return Ok(None);
        };
        if row.status == Status::Lobby {
            return Ok(None);
        }
        Ok(self
            .shown_to(server, viewer)
            .await?
            .map(|server| (web, row, server)))
    }

    /// Loads a game a page may show `viewer` (its server shown to them, the game started).
    pub(super) async fn shown_game(
        &self,
        id: &str,
        viewer: &Viewer,
    ) -> Result<Option<Shown>, TableError> {
        let Some((web, row, server)) = self.shown_row(id, viewer).await? else {
            return Ok(None);
        };
        // The seats with their players' pages in one query, beside the log.
        let game = [row.id];
        let (mut web_seats, log) =
            tokio::try_join!(self.store.web_seats(&game), self.store.log(row.id))?;
        let web_seats = web_seats
            .remove(&row.id)
            .map(|w| w.seats)
            .unwrap_or_default();
        let names = web_seats.iter().map(seat_name).collect();
        let seats = web_seats
            .into_iter()
            .map(|w| SeatRow {
                name: clean_name(&w.seat.name),
                ..w.seat
            })
            .collect();
        Ok(Some(Shown {
            server,
            public_id: web.public_id,
            row,
            seats,
            names,
            log,
        }))
    }
}

/// A person's name as pages show it: "Anonymous" with no page when they hid, else their
/// cleaned display name with their page.
pub(super) fn person(name: &str, public_id: String, hidden: bool) -> WebName {
    if hidden {
        return WebName {
            name: ANONYMOUS.to_string(),
            page: None,
        };
    }
    let name = clean_name(name);
    WebName {
        name: if name.trim().is_empty() {
            "a player".to_string()
        } else {
            name
        },
        page: Some(public_id),
    }
}

/// A seat's player as pages name them: the bot by its name with no page, a person as
/// [`person`] names them.
pub(super) fn seat_name(seat: &WebSeat) -> WebName {
    if let Some(level) = crate::store::bot_level_of(&seat.seat.user_id) {
        return WebName {
            name: bot_name(level),
            page: None,
        };
    }
    let page = seat.public_id.clone();
    let mut name = person(
        &seat.seat.name,
        page.clone().unwrap_or_default(),
        seat.hidden,
    );
    if page.is_none() {
        name.page = None;
    }
    name
}

/// The seats with the names pages show (hidden players as "Anonymous").
pub(super) fn named_seats(shown: &Shown) -> Vec<SeatRow> {
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

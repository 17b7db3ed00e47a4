//! What a game page offers besides itself: the board at each ply as PNG, the record in the
//! game's standard notation, and the JSON log.

use std::sync::Arc;

use crate::render::View;
use crate::rules::{Game, RecordFormat};
use crate::table::record::{self, History};
use crate::table::{Table, TableError};

use super::pages::{actor, card_lines};
use super::privacy::{Shown, named_seats};
use super::{Viewer, WebFile};

impl Table {
    /// How many actions a game a page may show has logged (its last ply).
    ///
    /// # Errors
    /// [`TableError`] when the database fails.
    pub async fn web_plies(&self, id: &str, viewer: &Viewer) -> Result<Option<usize>, TableError> {
        Ok(self.shown_game(id, viewer).await?.map(|s| s.log.len()))
    }

    /// The board after `ply` logged actions as PNG, seen from the first seat, the sides
    /// named by colour (names are on the page, so a picture never changes once drawn).
    ///
    /// # Errors
    /// [`TableError`] when the database fails, the log no longer replays or drawing fails.
    pub async fn web_board(
        &self,
        id: &str,
        ply: usize,
        viewer: &Viewer,
    ) -> Result<Option<Vec<u8>>, TableError> {
        self.web_picture(id, ply, false, viewer).await
    }

    /// The share card of the position after `ply` logged actions: a 1200×630 PNG for link
    /// previews, the board beside the game's name, the move number and whose turn it is (by
    /// colour, like the board: it never changes once drawn).
    ///
    /// # Errors
    /// [`TableError`] when the database fails, the log no longer replays or drawing fails.
    pub async fn web_card(
        &self,
        id: &str,
        ply: usize,
        viewer: &Viewer,
    ) -> Result<Option<Vec<u8>>, TableError> {
        self.web_picture(id, ply, true, viewer).await
    }

    async fn web_picture(
        &self,
        id: &str,
        ply: usize,
        card: bool,
        viewer: &Viewer,
    ) -> Result<Option<Vec<u8>>, TableError> {
        // A kept picture needs only the check that the game may be shown (one query): it was
        // drawn from a ply the log had, and the log only grows. A live page's viewers all ask
        // for the new ply's picture at once, and all but the first find it kept.
        let Some((_, row, _)) = self.shown_row(id, viewer).await? else {
            return Ok(None);
        };
        let key = (row.id, ply, card);
        if let Some(png) = self.drawn.kept(&key) {
            return Ok(Some(png.as_ref().clone()));
        }
        let Some(shown) = self.shown_game(id, viewer).await? else {
            return Ok(None);
        };
        if ply > shown.log.len() {
            return Ok(None);
        }
        let png = self
            .drawn
            .get_or_draw(key, || self.draw_ply(&shown, ply, card))
            .await?;
        Ok(Some(png.as_ref().clone()))
    }

    /// Draws the board, or the share card, after `ply` logged actions (at most the log's length).
    async fn draw_ply(&self, shown: &Shown, ply: usize, card: bool) -> Result<Vec<u8>, TableError> {
        let history = History::replay(&shown.row, &shown.seats, &shown.log)?;
        let game: Game = match ply {
            0 => history.start.clone(),
            n => match history.steps.get(n - 1) {
                Some(step) => step.after.clone(),
                None => {
                    return Err(TableError::Internal(anyhow::anyhow!(
                        "ply {n} is past the log"
                    )));
                }
            },
        };
        let lines = card.then(|| card_lines(&history, ply, &game));
        let view = View {
            players: vec![String::new(); shown.seats.len()],
            caption: None,
            perspective: Some(0),
        };
        let renderer = Arc::clone(&self.renderer);
        let (png, took) = self
            .renders
            .run_for_site(&self.metrics, move || match lines {
                Some(lines) => renderer.share_card(&game, &view, &lines),
                None => renderer.png(&game, &view),
            })
            .await
            .map_err(|e| TableError::Internal(e.into()))?;
        crate::table::metrics::add_render_time(took);
        png.map_err(|e| TableError::Internal(e.into()))
    }

    /// A game's record in the format with file extension `extension` (chess PGN, checkers
    /// PDN, backgammon's `.mat`, a move list for the others), players named as the pages name
    /// them; `None` when the game has no record in that format.
    ///
    /// # Errors
    /// [`TableError`] when the database fails or the log no longer replays.
    pub async fn web_record(
        &self,
        id: &str,
        extension: &str,
        viewer: &Viewer,
    ) -> Result<Option<WebFile>, TableError> {
        let Some(shown) = self.shown_game(id, viewer).await? else {
            return Ok(None);
        };
        let seats = named_seats(&shown);
        let history = History::replay(&shown.row, &seats, &shown.log)?;
        let Some(&format) = history
            .kind
            .info()
            .records
            .iter()
            .find(|f| f.extension() == extension)
        else {
            return Ok(None);
        };
        let Some(file) = record::export_as(&shown.row, &seats, &history, format)? else {
            return Ok(None);
        };
        let content_type = match format {
            RecordFormat::Pgn => "application/x-chess-pgn; charset=utf-8",
            RecordFormat::Pdn | RecordFormat::MoveList | RecordFormat::Mat => {
                "text/plain; charset=utf-8"
            }
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
    pub async fn web_log(&self, id: &str, viewer: &Viewer) -> Result<Option<WebFile>, TableError> {
        let Some(shown) = self.shown_game(id, viewer).await? else {
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

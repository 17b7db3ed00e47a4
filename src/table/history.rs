//! Looking back at a game: `/export` writes its record, `/replay` animates it. Both rebuild the
//! game from the append-only log, so they show exactly what was played.

use std::sync::Arc;

use crate::render::View;
use crate::rules::{Action, Game, RecordFormat, Turn};
use crate::store::{GameRow, LoggedAction, SeatRow, Status};

use super::record::{self, Attachment, History, Step};
use super::{Ctx, Reply, Table, TableError};

/// How long each turn of a replay is shown, and the final position.
const FRAME_MS: u32 = 700;
const LAST_FRAME_MS: u32 = 4_000;

/// Discord's upload limit for a server without boosts (10 MiB), less room for the message.
const UPLOAD_LIMIT: usize = 10 * 1024 * 1024 - 64 * 1024;

/// The most frames a replay draws; a longer game is shown from its last turns.
const MAX_FRAMES: usize = 400;

impl Table {
    pub(super) async fn export(&self, ctx: &Ctx, game: Option<i64>) -> Result<Reply, TableError> {
        let (row, seats, log) = self.history_of(ctx, game).await?;
        let history = History::replay(&row, &seats, &log)?;
        let files = record::export(&row, &seats, &history)?;
        let mut text = format!(
            "The record of {} game #{} ({}).",
            history.kind.title(),
            row.id,
            describe(&row)
        );
        if history.kind.info().records.contains(&RecordFormat::Mat) {
            text.push_str(" The `.mat` file opens in GNU Backgammon (File → Import → .mat).");
        }
        Ok(Reply {
            text,
            files,
            ..Reply::default()
        })
    }

    pub(super) async fn replay(&self, ctx: &Ctx, game: Option<i64>) -> Result<Reply, TableError> {
        let (row, seats, log) = self.history_of(ctx, game).await?;
        let history = History::replay(&row, &seats, &log)?;
        let title = history.kind.title();
        let (frames, skipped) = frames(&row, &seats, &history);
        let count = frames.len();
        let renderer = Arc::clone(&self.renderer);
        let (gif, _) = self
            .renders
            .run(&self.metrics, move || {
                renderer.replay(&frames, FRAME_MS, LAST_FRAME_MS)
            })
            .await
            .map_err(|e| TableError::Internal(e.into()))?;
        let gif = gif.map_err(|e| TableError::Internal(e.into()))?;
        if gif.len() > UPLOAD_LIMIT {
            return Err(TableError::TooBig(gif.len().div_ceil(1024 * 1024)));
        }
        let mut text = format!(
            "A replay of {title} game #{} ({}): {count} frames.",
            row.id,
            describe(&row)
        );
        if skipped > 0 {
            text.push_str(&format!(
                " The first {skipped} turns are left out; `/export` has them all."
            ));
        }
        Ok(Reply {
            text,
            files: vec![Attachment {
                name: format!("tabula-{}-replay.gif", row.id),
                bytes: gif,
            }],
            ..Reply::default()
        })
    }

    /// Finds the game a history command means, with its seats and log: the game with this id
    /// in the caller's server, or the channel's open game, or its most recent one.
    async fn history_of(
        &self,
        ctx: &Ctx,
        game: Option<i64>,
    ) -> Result<(GameRow, Vec<SeatRow>, Vec<LoggedAction>), TableError> {
        let row = match game {
            Some(id) => match self.store.game(id).await {
                Ok(row) if row.guild == ctx.guild => row,
                Ok(_) | Err(crate::store::StoreError::NotFound) => {
                    return Err(TableError::NoSuchGame(id));
                }
                Err(e) => return Err(e.into()),
            },
            None => self
                .store
                .latest_game(&ctx.guild, &ctx.channel)
                .await?
                .ok_or(TableError::NoGameYet)?,
        };
        if row.status == Status::Lobby {
            return Err(TableError::NotStarted);
        }
        let seats = self.seats(row.id).await?;
        let log = self.store.log(row.id).await?;
        if row.status == Status::Aborted && log.is_empty() {
            return Err(TableError::NeverStarted(row.id));
        }
        Ok((row, seats, log))
    }
}

/// Says how far a game has come: `finished`, `aborted` or `in progress, 12 moves`.
fn describe(row: &GameRow) -> &'static str {
    match row.status {
        Status::Finished => "finished",
        Status::Aborted => "aborted",
        Status::Active | Status::Lobby => "in progress",
    }
}

/// Picks a replay's frames: the start, then the position after every move, after a roll that
/// passed the turn (no move possible) and after the action that ended the game. Returns the
/// frames and how many turns were left out to stay under [`MAX_FRAMES`].
fn frames(row: &GameRow, seats: &[SeatRow], history: &History<'_>) -> (Vec<(Game, View)>, usize) {
    let players: Vec<String> = seats.iter().map(|s| s.name.clone()).collect();
    let view = |caption: String| View {
        players: players.clone(),
        caption: Some(caption),
        perspective: Some(0),
    };
    let mut shown: Vec<(Game, View)> = Vec::new();
    let mut before = &history.start;
    for (n, step) in history.steps.iter().enumerate() {
        if shows_a_turn(before, step) {
            let caption = format!("{}. {}", n + 1, caption(seats, history, step));
            shown.push((step.after.clone(), view(caption)));
        }
        before = &step.after;
    }
    let skipped = shown.len().saturating_sub(MAX_FRAMES - 1);
    let title = format!(
        "{} game #{}: {}",
        history.kind.title(),
        row.id,
        players.join(" vs ")
    );
    let mut out = Vec::with_capacity(shown.len() - skipped + 1);
    if skipped == 0 {
        out.push((history.start.clone(), view(title)));
    }
    out.extend(shown.into_iter().skip(skipped));
    (out, skipped)
}

/// True when a step ends or changes a turn worth a frame of its own.
fn shows_a_turn(before: &Game, step: &Step<'_>) -> bool {
    match step.action {
        Action::Play { .. } | Action::Resign { .. } | Action::AcceptDraw { .. } => true,
        Action::ClaimDraw { .. } => step.after.outcome().is_some(),
        Action::OfferDraw { .. } | Action::DeclineDraw { .. } => false,
        // A roll earns a frame when it passes the turn (nothing to play) or ends the game.
        Action::Roll { seat, .. } => match step.after.turn() {
            Turn::Over(_) => true,
            Turn::Move(s) | Turn::Roll(s) => s != seat && before.turn() != step.after.turn(),
        },
    }
}

/// The line under a frame: `Nf3 by alice`, `alice rolled 6-5`.
fn caption(seats: &[SeatRow], history: &History<'_>, step: &Step<'_>) -> String {
    let name = |seat: usize| {
        seats.iter().find(|s| s.seat as usize == seat).map_or_else(
            || history.kind.seat_name(seat).to_string(),
            |s| s.name.clone(),
        )
    };
    match &step.action {
        Action::Play { seat, .. } => format!("{} by {}", step.logged.notation, name(*seat)),
        Action::Roll { seat, .. } => {
            format!("{} rolled {}", name(*seat), step.logged.notation)
        }
        Action::Resign { seat } => format!("{} resigned", name(*seat)),
        Action::AcceptDraw { .. } | Action::ClaimDraw { .. } => "drawn".to_string(),
        Action::OfferDraw { seat } | Action::DeclineDraw { seat } => {
            format!("{}: {}", name(*seat), step.logged.notation)
        }
    }
}

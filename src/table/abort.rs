//! Ending a game without a result. Before anyone has rolled or moved, the player who opened
//! the table may call it off; once the game is under way it takes every player still in it
//! (`/abort` from each: votes bound to the current turn, so a move cancels them) or a channel
//! admin, and one player who wants out resigns instead. A game whose saved state is damaged
//! is aborted from its row alone, by any of its players or an admin. The reason is stored
//! with the aborted game.

use serde_json::json;

use crate::rules::{Action, GameKind};
use crate::store::{GameRow, LoggedAction, SeatRow, Status};

use super::command::{Ctx, Reply, mention};
use super::lobby::{choice, game_ref};
use super::{Table, TableError, stored_game};

/// Who may end the game at once, or must ask the others.
enum Verdict {
    /// Abort now, for this reason.
    Now(String),
    /// Record the caller's vote; abort when every player still in the game has voted.
    Vote { in_game: Vec<SeatRow> },
}

impl Table {
    pub(super) async fn abort(&self, ctx: &Ctx) -> Result<Reply, TableError> {
        // Only the row, the seats and the log: a damaged state must not block its channel.
        let row = self
            .store
            .open_game(&ctx.guild, &ctx.channel)
            .await?
            .ok_or(TableError::NoGame)?;
        let seats = self.seats(row.id).await?;
        let log = self.store.log(row.id).await?;
        let damaged = stored_game(&row).err().map(|e| match e {
            TableError::Corrupt { detail, .. } => detail,
            other => other.to_string(),
        });
        match verdict(ctx, &row, &seats, &log, damaged)? {
            Verdict::Now(why) => self.end(ctx, &row, &seats, &why).await,
            Verdict::Vote { in_game } => self.vote(ctx, &row, &seats, &in_game).await,
        }
    }

    /// Counts the caller's vote, and aborts once every player still in the game agrees.
    async fn vote(
        &self,
        ctx: &Ctx,
        row: &GameRow,
        seats: &[SeatRow],
        in_game: &[SeatRow],
    ) -> Result<Reply, TableError> {
        let voters = self.store.vote_abort(row.id, row.seq, &ctx.user.id).await?;
        let waiting: Vec<&SeatRow> = in_game
            .iter()
            // The bot agrees to whatever its opponents agree on.
            .filter(|s| !voters.contains(&s.user_id) && s.bot_level().is_none())
            .collect();
        if waiting.is_empty() {
            return self
                .end(ctx, row, seats, "every player still in it agreed")
                .await;
        }
        let names: Vec<String> = waiting.iter().map(|s| mention(&s.user_id)).collect();
        Ok(Reply {
            text: format!(
                "{} asks to abort game #{} ({}) with no result. {}: `/abort` to agree. \
                 A move cancels the request; to leave the game alone, `/resign`.",
                mention(&ctx.user.id),
                row.id,
                title(row),
                names.join(", ")
            ),
            ping: waiting.iter().map(|s| s.user_id.clone()).collect(),
            choices: vec![choice("Agree to abort", "abort")],
            game: Some(game_ref(row)),
            ..Reply::default()
        })
    }

    /// Aborts the game, storing who ended it and why as its result.
    async fn end(
        &self,
        ctx: &Ctx,
        row: &GameRow,
        seats: &[SeatRow],
        why: &str,
    ) -> Result<Reply, TableError> {
        let result = json!({ "aborted": { "by": ctx.user.id, "why": why } }).to_string();
        let closed = self
            .close(row, Status::Aborted, &row.state, Some(result))
            .await?;
        self.live.changed(row.id);
        Ok(Reply {
            text: format!(
                "{} aborted game #{} ({}): {why}. No result is recorded.",
                mention(&ctx.user.id),
                row.id,
                title(row)
            ),
            ping: seats
                .iter()
                .filter(|s| s.user_id != ctx.user.id && s.joined && s.bot_level().is_none())
                .map(|s| s.user_id.clone())
                .collect(),
            game: Some(game_ref(&closed)),
            ..Reply::default()
        })
    }
}

/// Decides whether the caller may abort at once, must ask the others, or may not.
fn verdict(
    ctx: &Ctx,
    row: &GameRow,
    seats: &[SeatRow],
    log: &[LoggedAction],
    damaged: Option<String>,
) -> Result<Verdict, TableError> {
    let me = &ctx.user.id;
    let seated = seats.iter().any(|s| &s.user_id == me && s.joined);
    let creator = &row.created_by == me;
    if let Some(detail) = damaged {
        return if seated || ctx.admin {
            let detail: String = detail.chars().take(120).collect();
            Ok(Verdict::Now(format!(
                "its saved state is damaged ({detail})"
            )))
        } else {
            Err(TableError::NotAllowed {
                who: "its players or a channel admin",
                what: "abort it",
            })
        };
    }
    let under_way = row.status == Status::Active && !log.is_empty();
    if !under_way && (creator || ctx.admin) {
        return Ok(Verdict::Now(if row.status == Status::Lobby {
            "closed before it started".into()
        } else {
            "called off before the first move".into()
        }));
    }
    if row.status == Status::Lobby {
        return Err(TableError::NotAllowed {
            who: "the player who opened the table or a channel admin",
            what: "close it before it starts (`/leave` gives up your seat)",
        });
    }
    if ctx.admin {
        return Ok(Verdict::Now("a channel admin ended it".into()));
    }
    if !seated {
        return Err(TableError::NotAllowed {
            who: "its players (all of them agreeing) or a channel admin",
            what: "abort this game",
        });
    }
    let left = resigned(seats, log);
    if left.contains(me) {
        return Err(TableError::LeftTheGame);
    }
    Ok(Verdict::Vote {
        in_game: seats
            .iter()
            .filter(|s| s.joined && !left.contains(&s.user_id))
            .cloned()
            .collect(),
    })
}

/// Returns the players whose seats resigned (or forfeited on time) according to the log.
fn resigned(seats: &[SeatRow], log: &[LoggedAction]) -> Vec<String> {
    log.iter()
        .filter_map(|l| match serde_json::from_str::<Action>(&l.action) {
            Ok(Action::Resign { seat }) => seats
                .iter()
                .find(|s| s.seat as usize == seat)
                .map(|s| s.user_id.clone()),
            _ => None,
        })
        .collect()
}

fn title(row: &GameRow) -> String {
    row.kind
        .parse::<GameKind>()
        .map_or_else(|_| row.kind.clone(), |k| k.title().to_string())
}

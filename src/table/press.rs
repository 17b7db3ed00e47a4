//! Buttons and menus on earlier messages: each is bound to the game state it was made from,
//! and the table judges per command whether that state still holds. Confirming a resignation
//! lives here too, so frontends decide nothing about a game.

use crate::store::{Status, StoreError};

use super::command::{Choice, Command, Ctx, DrawCommand, GameRef, Press, Reply};
use super::play::seat_of;
use super::{Table, TableError};

impl Table {
    /// Answers a button or menu choice.
    pub(super) async fn press(&self, ctx: &Ctx, press: Press) -> Result<Reply, TableError> {
        let row = match self.store.game(press.game).await {
            Ok(row) => row,
            Err(StoreError::NotFound) => return Err(TableError::GameGone),
            Err(e) => return Err(e.into()),
        };
        if row.channel != ctx.channel || row.guild != ctx.guild {
            return Err(TableError::OtherChannel);
        }
        // A rematch is the one button of a finished game.
        if press.command == "rematch" {
            return self.rematch(ctx, Some(row.id)).await;
        }
        if !row.status.is_open() {
            return Err(TableError::ButtonsOver(row.id));
        }
        // Joining is never stale while seats are open; the board is always current.
        let command = match press.command.as_str() {
            "board" => return Ok(private(self.handle(ctx, Command::Board).await)),
            "join" => return self.dispatch(ctx, Command::Join).await,
            "resign" => Command::Resign { confirmed: false },
            "resign confirm" => Command::Resign { confirmed: true },
            "roll" => Command::Roll { expr: None },
            "draw accept" => Command::Draw(DrawCommand::Accept),
            "draw decline" => Command::Draw(DrawCommand::Decline),
            "draw claim" => Command::Draw(DrawCommand::Claim),
            "abort" => Command::Abort,
            "move" => match press.selected {
                Some(text) => Command::Move { text },
                None => return Err(TableError::ChooseMove),
            },
            other => {
                tracing::warn!(command = other, "unknown button command");
                return Err(TableError::UnknownButton);
            }
        };
        if row.seq != press.seq {
            let mut current = private(self.handle(ctx, Command::Board).await);
            if !current.text.is_empty() {
                current.text = format!(
                    "This board is out of date; here is the current one.\n{}",
                    current.text
                );
            }
            return Ok(current);
        }
        self.dispatch(ctx, command).await
    }

    /// Asks a player of a running game to confirm a resignation, with a button bound to the
    /// game's current state; anyone else gets the table's own answer to resigning.
    pub(super) async fn ask_to_resign(&self, ctx: &Ctx) -> Result<Reply, TableError> {
        let loaded = self.load_started(ctx).await?;
        if loaded.row.status != Status::Active {
            return self.resign(ctx).await;
        }
        seat_of(ctx, &loaded.seats)?;
        Ok(Reply {
            text: format!(
                "Do you really want to resign game #{}? This cannot be undone.",
                loaded.row.id
            ),
            choices: vec![Choice {
                label: "Yes, resign".into(),
                command: "resign confirm".into(),
            }],
            private: true,
            game: Some(GameRef {
                id: loaded.row.id,
                seq: loaded.row.seq,
                closed: false,
            }),
            ..Reply::default()
        })
    }
}

/// Makes a reply visible only to the asker (and so pings nobody).
fn private(mut reply: Reply) -> Reply {
    reply.private = true;
    reply.ping.clear();
    reply
}

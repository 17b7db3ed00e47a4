//! Buttons: their `custom_id`s (`tabula:<game>:<seq>:<command>`) and the one global handler
//! that answers every click from the database, so a button works after any restart. A click
//! on a message older than the game's current state gets the current board, privately.

use poise::serenity_prelude as serenity;
use serenity::ComponentInteraction;

use crate::store::{GameRow, StoreError};
use crate::table::{Choice, Command, Ctx, DrawCommand, GameRef, Reply};

use super::deliver::{Target, answer};
use super::{Data, people};

const PREFIX: &str = "tabula";

/// A button's meaning, read back from its `custom_id`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ButtonId {
    game: i64,
    seq: i64,
    command: String,
}

/// Writes the `custom_id` of a button standing for `command` on game `game` at `seq`.
pub(crate) fn custom_id(game: i64, seq: i64, command: &str) -> String {
    format!("{PREFIX}:{game}:{seq}:{command}")
}

fn parse(id: &str) -> Option<ButtonId> {
    let mut parts = id.splitn(4, ':');
    if parts.next()? != PREFIX {
        return None;
    }
    Some(ButtonId {
        game: parts.next()?.parse().ok()?,
        seq: parts.next()?.parse().ok()?,
        command: parts.next()?.to_string(),
    })
}

/// Asks the player to confirm a resignation, with a button bound to the game's current state.
pub(crate) fn confirm_resign(row: &GameRow) -> Reply {
    Reply {
        text: format!(
            "Do you really want to resign game #{}? This cannot be undone.",
            row.id
        ),
        choices: vec![Choice {
            label: "Yes, resign".into(),
            command: "resign confirm".into(),
        }],
        private: true,
        game: Some(GameRef {
            id: row.id,
            seq: row.seq,
            closed: false,
        }),
        ..Reply::default()
    }
}

/// Answers a button click.
pub(crate) async fn handle(
    ctx: &serenity::Context,
    data: &Data,
    interaction: &ComponentInteraction,
) {
    let button = parse(&interaction.data.custom_id);
    let private_hint = button
        .as_ref()
        .is_none_or(|b| matches!(b.command.as_str(), "board" | "resign"));
    let who = people::interaction_ctx(
        interaction.guild_id,
        interaction.channel_id,
        interaction.member.as_ref(),
        &interaction.user,
    );
    let selected = match &interaction.data.kind {
        serenity::ComponentInteractionDataKind::StringSelect { values } => values.first().cloned(),
        _ => None,
    };
    let work = async {
        match button {
            Some(button) => click(data, &who, button, selected).await,
            None => Reply::private("This button is not one of mine."),
        }
    };
    answer(
        ctx,
        Target::Component(interaction),
        data.defer_after,
        private_hint,
        work,
    )
    .await;
}

async fn click(data: &Data, who: &Ctx, button: ButtonId, selected: Option<String>) -> Reply {
    let row = match data.table.store().game(button.game).await {
        Ok(row) => row,
        Err(StoreError::NotFound) => return Reply::private("That game no longer exists."),
        Err(e) => {
            tracing::error!(error = %e, "loading a game for a button failed");
            return Reply::private(
                "Something went wrong on our side; nothing was changed. Please try again.",
            );
        }
    };
    if !row.status.is_open() {
        return Reply::private(format!(
            "Game #{} is over; these buttons no longer do anything.",
            row.id
        ));
    }
    if row.channel != who.channel {
        return Reply::private("That button belongs to a game in another channel.");
    }
    if button.command == "board" {
        return private(data.table.handle(who, Command::Board).await);
    }
    if row.seq != button.seq {
        let mut current = private(data.table.handle(who, Command::Board).await);
        if !current.text.is_empty() {
            current.text = format!(
                "This board is out of date; here is the current one.\n{}",
                current.text
            );
        }
        return current;
    }
    let command = match button.command.as_str() {
        "resign" => return confirm_resign(&row),
        "resign confirm" => Command::Resign,
        "roll" => Command::Roll { expr: None },
        "join" => Command::Join,
        "draw accept" => Command::Draw(DrawCommand::Accept),
        "draw decline" => Command::Draw(DrawCommand::Decline),
        // A choice from the move menu, checked by the table like any typed move.
        "move" => match selected {
            Some(text) => Command::Move { text },
            None => return Reply::private("Choose a move from the menu."),
        },
        other => {
            tracing::warn!(command = other, "unknown button command");
            return Reply::private(
                "This button is from another version of me; use the slash commands.",
            );
        }
    };
    data.table.handle(who, command).await
}

/// Makes a reply visible only to the asker (and so pings nobody).
fn private(mut reply: Reply) -> Reply {
    reply.private = true;
    reply.ping.clear();
    reply
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn custom_ids_round_trip_and_stay_short() {
        for command in [
            "board",
            "resign",
            "resign confirm",
            "roll",
            "draw accept",
            "join",
        ] {
            let id = custom_id(i64::MAX, i64::MAX, command);
            assert!(id.len() <= 100, "{id}");
            assert_eq!(
                parse(&id),
                Some(ButtonId {
                    game: i64::MAX,
                    seq: i64::MAX,
                    command: command.to_string()
                })
            );
        }
        assert_eq!(parse("other:1:2:board"), None);
        assert_eq!(parse("tabula:x:2:board"), None);
        assert_eq!(parse("tabula:1:2"), None);
    }
}

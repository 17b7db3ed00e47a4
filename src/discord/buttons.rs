//! Buttons: their `custom_id`s (`tabula:<game>:<seq>:<command>`) and the one global handler
//! that turns every click into a table command, so a button works after any restart. The
//! table decides what a click means now (a stale board, a resignation to confirm...).

use poise::serenity_prelude as serenity;
use serenity::ComponentInteraction;

use crate::table::{Command, Press, Reply};

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
            Some(b) => {
                let press = Press {
                    game: b.game,
                    seq: b.seq,
                    command: b.command,
                    selected,
                };
                data.table.handle(&who, Command::Press(press)).await
            }
            None => Reply::private("This button is not one of mine."),
        }
    };
    answer(
        ctx,
        Target::Component(interaction),
        data,
        private_hint,
        work,
    )
    .await;
    data.table.wake_bots();
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

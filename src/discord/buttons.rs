//! Buttons: the one global handler that turns every click (its `custom_id`, see
//! [`super::button_id`]) into a table command, so a button works after any restart. The
//! table decides what a click means now (a stale board, a resignation to confirm...).

use poise::serenity_prelude as serenity;
use serenity::ComponentInteraction;

use crate::table::{Command, Press, Reply};

use super::answer::Target;
use super::button_id::parse;
use super::deliver::answer;
use super::{Data, people};

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

//! Play by message in the literal sense: when the Message Content intent is on, a message from
//! the player to move that reads as a legal move (or a reply to the bot's turn message saying
//! one) is played. Everything else in the channel is left alone, silently.

use poise::serenity_prelude as serenity;
use serenity::Message;

use super::Data;
use super::people;
use super::post::{Outgoing, retrying};

/// Plays a plain message as a move when it is one.
pub(crate) async fn handle(ctx: &serenity::Context, data: &Data, message: &Message) {
    if !data.message_content || message.author.bot || message.webhook_id.is_some() {
        return;
    }
    let text = without_mentions(&message.content);
    if text.is_empty() {
        return;
    }
    // While the process stops, a message is left alone and nothing is played (a move typed
    // then must be sent again once the bot is back).
    let Ok(_pass) = data.gate.enter() else {
        return;
    };
    let who = people::message_ctx(message);
    let Some(reply) = data.table.try_move(&who, text).await else {
        return;
    };
    if reply.private {
        // A move that lost a race: the player sees the board move on anyway.
        tracing::info!(text = %reply.text, "a plain-text move was refused");
        return;
    }
    let out = Outgoing::new(&reply);
    let posted = retrying("posting a plain-text move", || {
        message
            .channel_id
            .send_message(ctx, out.message().reference_message(message))
    })
    .await;
    if let Err(e) = posted {
        tracing::error!(error = %e, channel = %message.channel_id, "a move was played but its board was not posted");
    }
    data.table.wake_bots();
}

/// Drops leading mentions (`<@123> e4` → `e4`), so addressing the bot still reads as a move.
fn without_mentions(text: &str) -> &str {
    let mut rest = text.trim();
    while rest.starts_with("<@") {
        match rest.find('>') {
            Some(end) => rest = rest[end + 1..].trim_start(),
            None => break,
        }
    }
    rest.trim()
}

#[cfg(test)]
mod tests {
    use super::without_mentions;

    #[test]
    fn leading_mentions_are_not_part_of_the_move() {
        assert_eq!(without_mentions("<@123> e4"), "e4");
        assert_eq!(without_mentions("<@!1><@2>  Nf3 "), "Nf3");
        assert_eq!(without_mentions("e4 <@1>"), "e4 <@1>");
        assert_eq!(without_mentions("<@"), "<@");
    }
}

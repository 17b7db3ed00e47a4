//! Play by message in the literal sense: when the Message Content intent is on, a message from
//! the player to move that reads as a legal move (or a reply to the bot's turn message saying
//! one) is played. Everything else in the channel is left alone, silently.

use poise::serenity_prelude as serenity;
use serenity::Message;

use super::Data;
use super::answer::{Answer, Sent, send};
use super::post::Outgoing;
use super::{access, people};

/// Plays a plain message as a move when it is one, once: the message is claimed in the
/// database first (so one seen live and again while catching up after an outage is played
/// once), and the move is committed only when the bot may announce it in the channel.
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
    let Some(typed) = data.table.read_move(&who, text).await else {
        return;
    };
    // Beyond the bound on commands in flight, a move is answered that nothing was played
    // (before it is claimed, so nothing of it is stored).
    let _in_flight = match data.table.admit() {
        Ok(in_flight) => in_flight,
        Err(busy) => {
            tell_busy(ctx, message, &busy.reply().text).await;
            return;
        }
    };
    let Ok(id) = i64::try_from(message.id.get()) else {
        return;
    };
    if !data.table.claim_message(&who.guild, &who.channel, id).await {
        tracing::info!(message = %message.id, "a plain-text move was handled already");
        return;
    }
    if let Some(guild) = message.guild_id {
        let bot = ctx.cache.current_user().id;
        let missing = access::missing(ctx, guild, message.channel_id, bot).await;
        if !missing.is_empty() {
            access::tell(&ctx.http, message, text, &missing).await;
            return;
        }
    }
    // Played from the game read above: a change meanwhile fails the guarded commit, and the
    // line is then read again.
    let reply = data.table.play_typed(&who, typed).await;
    if reply.private {
        // A move that lost a race: the player sees the board move on anyway.
        tracing::info!(text = %reply.text, "a plain-text move was refused");
        return;
    }
    data.ready.warm(&data.table, &who.channel, &reply);
    announce(ctx, message, &reply).await;
    data.table.wake_bots();
}

/// Posts a played move's board as a reply to the player's message (Discord is told not to
/// fail on a message deleted meanwhile), or as a plain message when Discord does not take the
/// reply.
async fn announce(ctx: &serenity::Context, message: &Message, reply: &crate::table::Reply) {
    let answer = Answer::reply(
        message.channel_id,
        message.id,
        message.guild_id,
        Outgoing::new(reply),
    );
    if send(ctx, answer).await == Sent::Lost {
        tracing::error!(channel = %message.channel_id, "a move was played but its board was not posted");
    }
}

/// Answers a move typed while the process was full, as a reply to it that pings nobody: it
/// was not played and should be sent again.
async fn tell_busy(ctx: &serenity::Context, message: &Message, text: &str) {
    let busy = Outgoing::new(&crate::table::Reply {
        text: text.to_string(),
        ..crate::table::Reply::default()
    });
    let mut answer = Answer::reply(message.channel_id, message.id, message.guild_id, busy);
    // Only as a reply: without the message it answers, it would say nothing.
    answer.routes.truncate(1);
    if send(ctx, answer).await == Sent::Lost {
        tracing::warn!(channel = %message.channel_id, "could not say a typed move was not played");
    }
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

//! Catching up after an outage: a plain-text move typed while the bot's gateway session was
//! down was never delivered to it. After every READY and RESUMED, each active game's channel
//! is read from the newest message handled there (at most [`PER_CHANNEL`] messages, oldest
//! first) and each message is handled as if it had just arrived; the claim in the database
//! makes each one count once.

use poise::serenity_prelude as serenity;
use serenity::{ChannelId, GetMessages, GuildId, MessageId};

use super::requests::relabelled;
use super::retry::retrying;
use super::{Data, messages};

/// Messages read per channel after an outage.
pub const PER_CHANNEL: u8 = 50;
/// Active games whose channels are read after an outage.
const CHANNELS: usize = 200;
/// Discord's epoch (2015-01-01) in unix milliseconds: snowflakes count from it.
const DISCORD_EPOCH_MS: u64 = 1_420_070_400_000;

/// Reads every active game's channel for messages the bot missed and handles them in order.
pub(crate) async fn catch_up(ctx: &serenity::Context, data: &Data) {
    if !data.message_content {
        return;
    }
    let unread = data.table.unread_channels(CHANNELS).await;
    let mut played = 0;
    for game in unread {
        let (Ok(guild), Ok(channel)) = (game.guild.parse::<u64>(), game.channel.parse::<u64>())
        else {
            continue;
        };
        let (guild, channel) = (GuildId::new(guild), ChannelId::new(channel));
        let after = game
            .last_message
            .and_then(|m| u64::try_from(m).ok())
            .unwrap_or_else(|| snowflake_at(game.created_at));
        let query = GetMessages::new()
            .after(MessageId::new(after.max(1)))
            .limit(PER_CHANNEL);
        let read = retrying("reading a channel after an outage", || {
            channel.messages(&ctx.http, query)
        });
        let read = relabelled("catch-up", read).await;
        let mut missed = match read {
            Ok(missed) => missed,
            Err(e) => {
                tracing::warn!(error = %e, %channel, "could not read a game channel after an outage");
                continue;
            }
        };
        // Discord lists the newest first; moves are played in the order they were typed, and
        // only those typed after the game last changed (older ones were read against another
        // position).
        missed.sort_by_key(|m| m.id);
        for mut message in missed {
            if message.id.get() <= after || sent_ms(message.id) < game.updated_at * 1000 {
                continue;
            }
            message.guild_id = Some(guild);
            relabelled("typed move", messages::handle(ctx, data, &message)).await;
            played += 1;
        }
    }
    if played > 0 {
        tracing::info!(
            messages = played,
            "caught up on messages typed while disconnected"
        );
    }
}

/// The smallest snowflake of a message sent at unix second `at`.
fn snowflake_at(at: i64) -> u64 {
    let ms = u64::try_from(at).unwrap_or(0) * 1000;
    ms.saturating_sub(DISCORD_EPOCH_MS) << 22
}

/// When a message was sent, in unix milliseconds.
fn sent_ms(id: MessageId) -> i64 {
    i64::try_from((id.get() >> 22) + DISCORD_EPOCH_MS).unwrap_or(i64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snowflakes_tell_when_a_message_was_sent() {
        // A snowflake from Discord's documentation: 2016-04-30 11:18:25.796 UTC.
        let id = MessageId::new(175_928_847_299_117_063);
        assert_eq!(sent_ms(id), 1_462_015_105_796);
        assert!(snowflake_at(1_462_015_105) <= id.get());
        assert!(snowflake_at(1_462_015_106) > id.get());
    }
}

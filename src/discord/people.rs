//! Who is asking and where: Discord interactions and messages turned into the table's `Ctx`.

use poise::serenity_prelude as serenity;
use serenity::{ChannelId, GuildId, Member, Permissions};

use crate::table::{Ctx, User};

/// Permissions that make a member a channel admin for the table (they may abort any game).
const ADMIN: Permissions = Permissions::MANAGE_CHANNELS
    .union(Permissions::MANAGE_GUILD)
    .union(Permissions::ADMINISTRATOR);

/// Builds the table context of an interaction from its guild, channel and member.
pub(crate) fn interaction_ctx(
    guild: Option<GuildId>,
    channel: ChannelId,
    member: Option<&Member>,
    user: &serenity::User,
) -> Ctx {
    let permissions = member.and_then(|m| m.permissions).unwrap_or_default();
    Ctx {
        guild: guild_key(guild),
        channel: channel.to_string(),
        user: User {
            id: user.id.to_string(),
            name: member
                .map_or_else(|| user.display_name(), Member::display_name)
                .to_string(),
        },
        admin: permissions.intersects(ADMIN),
    }
}

/// Builds the table context of a plain message; a message never makes anyone an admin.
pub(crate) fn message_ctx(message: &serenity::Message) -> Ctx {
    let name = message
        .member
        .as_ref()
        .and_then(|m| m.nick.clone())
        .unwrap_or_else(|| message.author.display_name().to_string());
    Ctx {
        guild: guild_key(message.guild_id),
        channel: message.channel_id.to_string(),
        user: User {
            id: message.author.id.to_string(),
            name,
        },
        admin: false,
    }
}

/// Names a user picked in a command option, preferring their nickname in this guild.
pub(crate) fn option_user(user: &serenity::User, member: Option<&serenity::PartialMember>) -> User {
    let name = member
        .and_then(|m| m.nick.clone())
        .unwrap_or_else(|| user.display_name().to_string());
    User {
        id: user.id.to_string(),
        name,
    }
}

fn guild_key(guild: Option<GuildId>) -> String {
    guild.map_or_else(|| "dm".to_string(), |g| g.to_string())
}

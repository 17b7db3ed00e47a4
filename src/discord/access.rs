//! What the bot may do in a channel, read before a plain-text move is committed: a move nobody
//! can see must not be played. It is computed from the gateway cache (the guild's roles, the
//! channel's overwrites and the bot's member, kept current by guild, channel, role and member
//! events), and read over HTTP only when the cache lacks one of them. When a permission is missing, the player is told
//! another way (a reaction on their message when the bot may add one, and a DM naming the
//! missing permissions so an admin can fix them).

use poise::serenity_prelude as serenity;
use serenity::{
    Cache, Channel, ChannelId, ChannelType, GuildChannel, GuildId, Http, Message,
    PermissionOverwrite, PermissionOverwriteType, Permissions, ReactionType, RoleId, UserId,
};

use super::requests::once;
use super::retry::retrying;

/// What announcing a turn in a channel needs, with the names Discord's settings show.
const NEEDED: [(Permissions, &str); 5] = [
    (Permissions::VIEW_CHANNEL, "View Channel"),
    (Permissions::SEND_MESSAGES, "Send Messages"),
    (Permissions::ATTACH_FILES, "Attach Files"),
    (Permissions::EMBED_LINKS, "Embed Links"),
    (Permissions::READ_MESSAGE_HISTORY, "Read Message History"),
];

/// Returns the names of the permissions the bot lacks to announce a turn in `channel` (in a
/// thread, Send Messages in Threads stands for Send Messages); empty when it has them all, or
/// when Discord cannot be asked (the post itself will then say).
pub(crate) async fn missing(
    ctx: &serenity::Context,
    guild: GuildId,
    channel: ChannelId,
    bot: UserId,
) -> Vec<&'static str> {
    if let Some((granted, thread)) = cached(&ctx.cache, guild, channel, bot) {
        return needed_but_missing(granted, thread);
    }
    match permissions(&ctx.http, guild, channel, bot).await {
        Ok((granted, thread)) => needed_but_missing(granted, thread),
        Err(e) if is_forbidden(&e) => vec!["View Channel"],
        Err(e) => {
            tracing::warn!(error = %e, %channel, "cannot read the bot's permissions; trying anyway");
            Vec::new()
        }
    }
}

/// Lists the needed permissions not in `granted`.
pub(crate) fn needed_but_missing(granted: Permissions, thread: bool) -> Vec<&'static str> {
    NEEDED
        .iter()
        .map(|&(p, name)| {
            if thread && p == Permissions::SEND_MESSAGES {
                (
                    Permissions::SEND_MESSAGES_IN_THREADS,
                    "Send Messages in Threads",
                )
            } else {
                (p, name)
            }
        })
        .filter(|(p, _)| !granted.contains(*p))
        .map(|(_, name)| name)
        .collect()
}

fn is_forbidden(e: &serenity::Error) -> bool {
    matches!(e, serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r))
        if matches!(r.status_code.as_u16(), 403 | 404))
}

/// Computes the bot's permissions in `channel` and whether it is a thread from the gateway
/// cache; `None` when the cache lacks the guild, the channel (or a thread's parent) or the
/// bot's member.
fn cached(
    cache: &Cache,
    guild: GuildId,
    channel: ChannelId,
    bot: UserId,
) -> Option<(Permissions, bool)> {
    let guild = cache.guild(guild)?;
    let member = guild.members.get(&bot)?;
    let (overwrites, thread) = match guild.channels.get(&channel) {
        Some(here) => (&here.permission_overwrites, false),
        None => {
            let thread = guild.threads.iter().find(|t| t.id == channel)?;
            let parent = guild.channels.get(&thread.parent_id?)?;
            (&parent.permission_overwrites, true)
        }
    };
    let base = guild
        .roles
        .values()
        .filter(|r| r.id.get() == guild.id.get() || member.roles.contains(&r.id))
        .fold(Permissions::empty(), |acc, r| acc | r.permissions);
    Some((
        in_channel(base, overwrites, guild.id, &member.roles, bot),
        thread,
    ))
}

/// Reads the bot's permissions in `channel` over HTTP (a thread takes its parent's
/// overwrites) and whether it is a thread.
async fn permissions(
    http: &Http,
    guild: GuildId,
    channel: ChannelId,
    bot: UserId,
) -> serenity::Result<(Permissions, bool)> {
    let here = guild_channel(http, channel).await?;
    let thread = matches!(
        here.kind,
        ChannelType::PublicThread | ChannelType::PrivateThread | ChannelType::NewsThread
    );
    let overwrites = match (thread, here.parent_id) {
        (true, Some(parent)) => guild_channel(http, parent).await?.permission_overwrites,
        _ => here.permission_overwrites,
    };
    let roles = retrying("reading the server's roles", || http.get_guild_roles(guild)).await?;
    let member = retrying("reading the bot's roles", || http.get_member(guild, bot)).await?;
    let base = roles
        .iter()
        .filter(|r| r.id.get() == guild.get() || member.roles.contains(&r.id))
        .fold(Permissions::empty(), |acc, r| acc | r.permissions);
    Ok((
        in_channel(base, &overwrites, guild, &member.roles, bot),
        thread,
    ))
}

async fn guild_channel(http: &Http, channel: ChannelId) -> serenity::Result<GuildChannel> {
    match retrying("reading a channel", || http.get_channel(channel)).await? {
        Channel::Guild(c) => Ok(c),
        _ => Err(serenity::Error::Other("not a server channel")),
    }
}

/// Applies a channel's overwrites to server-wide permissions, in Discord's order: @everyone,
/// then the member's roles together, then the member.
fn in_channel(
    base: Permissions,
    overwrites: &[PermissionOverwrite],
    guild: GuildId,
    roles: &[RoleId],
    user: UserId,
) -> Permissions {
    if base.contains(Permissions::ADMINISTRATOR) {
        return Permissions::all();
    }
    let mut p = base;
    let everyone = RoleId::new(guild.get());
    for o in overwrites {
        if o.kind == PermissionOverwriteType::Role(everyone) {
            p = (p - o.deny) | o.allow;
        }
    }
    let (mut allow, mut deny) = (Permissions::empty(), Permissions::empty());
    for o in overwrites {
        if let PermissionOverwriteType::Role(r) = o.kind
            && r != everyone
            && roles.contains(&r)
        {
            allow |= o.allow;
            deny |= o.deny;
        }
    }
    p = (p - deny) | allow;
    for o in overwrites {
        if o.kind == PermissionOverwriteType::Member(user) {
            p = (p - o.deny) | o.allow;
        }
    }
    p
}

/// Tells the player their move was not played because the bot lacks `missing` in the
/// channel: a ⚠️ on their message when the bot may react, and a DM naming the permissions.
pub(crate) async fn tell(http: &Http, message: &Message, text: &str, missing: &[&str]) {
    tracing::warn!(channel = %message.channel_id, missing = %missing.join(", "), "a plain-text move was not played: the bot cannot announce it");
    if !missing.contains(&"View Channel") && !missing.contains(&"Read Message History") {
        let warning = ReactionType::Unicode("⚠️".to_string());
        if let Err(e) = once(message.react(http, warning)).await {
            tracing::info!(error = %e, "could not react to the move");
        }
    }
    let words = format!(
        "I did not play your move **{}** in <#{}>: I cannot post there, so nobody would see it. \
         I am missing the permission{} **{}** in that channel; please ask a server admin to \
         give it to me, then send your move again.",
        crate::table::markdown_safe(text),
        message.channel_id,
        if missing.len() == 1 { "" } else { "s" },
        missing.join("**, **"),
    );
    let sent = async {
        let dm = once(message.author.id.create_dm_channel(http)).await?;
        let words = serenity::CreateMessage::new().content(words);
        once(dm.id.send_message(http, words)).await
    };
    if let Err(e) = sent.await {
        tracing::warn!(error = %e, user = %message.author.id, "could not tell the player by DM either");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overwrites_apply_everyone_then_roles_then_the_member() {
        let guild = GuildId::new(1);
        let role = RoleId::new(2);
        let user = UserId::new(3);
        let base = Permissions::VIEW_CHANNEL | Permissions::SEND_MESSAGES;
        let deny_all = PermissionOverwrite {
            allow: Permissions::empty(),
            deny: Permissions::SEND_MESSAGES,
            kind: PermissionOverwriteType::Role(RoleId::new(1)),
        };
        let role_allows = PermissionOverwrite {
            allow: Permissions::SEND_MESSAGES,
            deny: Permissions::empty(),
            kind: PermissionOverwriteType::Role(role),
        };
        let denied = in_channel(base, std::slice::from_ref(&deny_all), guild, &[role], user);
        assert!(!denied.contains(Permissions::SEND_MESSAGES));
        let allowed = in_channel(base, &[deny_all, role_allows], guild, &[role], user);
        assert!(allowed.contains(Permissions::SEND_MESSAGES));
        assert_eq!(
            needed_but_missing(denied, false),
            [
                "Send Messages",
                "Attach Files",
                "Embed Links",
                "Read Message History"
            ]
        );
        assert_eq!(
            needed_but_missing(
                Permissions::all() - Permissions::SEND_MESSAGES_IN_THREADS,
                true
            ),
            ["Send Messages in Threads"]
        );
    }
}

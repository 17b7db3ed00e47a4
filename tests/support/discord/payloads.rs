//! Discord-shaped JSON: the users of the tests, interactions and messages the fake dispatches,
//! and the Message objects it answers with.

use serde_json::{Value, json};

use super::FilePart;

pub const APP_ID: &str = "900000000000000001";
pub const BOT_ID: &str = "900000000000000001";
pub const GUILD: &str = "900000000000000100";
pub const CHANNEL: &str = "900000000000000200";
const TIME: &str = "2024-01-01T00:00:00.000000+00:00";
/// View Channel, Send Messages, Read Message History, Use Application Commands, and (as
/// Discord's default @everyone role has them) Create Public Threads and Send Messages in Threads.
const MEMBER_PERMISSIONS: u64 =
    (1 << 10) | (1 << 11) | (1 << 16) | (1 << 31) | CREATE_PUBLIC_THREADS | (1 << 38);
/// Manage Channels.
const MANAGE_CHANNELS: u64 = 1 << 4;
/// Create Public Threads.
pub const CREATE_PUBLIC_THREADS: u64 = 1 << 35;
/// The bot's permissions in the test channel (`app_permissions`), Create Public Threads among them.
pub const BOT_PERMISSIONS: u64 = 2_248_473_465_835_073;

/// A person in the fake guild.
#[derive(Clone, Debug)]
pub struct FakeUser {
    pub id: String,
    pub name: String,
    pub admin: bool,
    /// Whether the member may create public threads here (a channel overwrite can deny it).
    pub threads: bool,
}

impl FakeUser {
    fn new(id: &str, name: &str) -> FakeUser {
        FakeUser {
            id: id.to_string(),
            name: name.to_string(),
            admin: false,
            threads: true,
        }
    }

    pub fn alice() -> FakeUser {
        FakeUser::new("900000000000000301", "alice")
    }

    pub fn bob() -> FakeUser {
        FakeUser::new("900000000000000302", "bob")
    }

    pub fn carol() -> FakeUser {
        FakeUser::new("900000000000000303", "carol")
    }

    pub fn dave() -> FakeUser {
        FakeUser::new("900000000000000304", "dave")
    }

    /// Writes how this user is mentioned in message text.
    pub fn mention(&self) -> String {
        format!("<@{}>", self.id)
    }

    pub fn user_json(&self) -> Value {
        json!({"id": self.id, "username": self.name, "discriminator": "0",
               "global_name": self.name, "avatar": null, "bot": false,
               "flags": 0, "public_flags": 0})
    }

    /// The member's permissions in the channel, overwrites applied, as Discord sends them.
    fn permissions(&self) -> String {
        let admin = if self.admin { MANAGE_CHANNELS } else { 0 };
        let denied = if self.threads {
            0
        } else {
            CREATE_PUBLIC_THREADS
        };
        ((MEMBER_PERMISSIONS | admin) & !denied).to_string()
    }

    /// The member object of an interaction (with the user) or of resolved data (without).
    pub fn member_json(&self, with_user: bool) -> Value {
        let mut member = json!({"roles": [], "joined_at": TIME, "deaf": false, "mute": false,
            "flags": 0, "pending": false, "permissions": self.permissions(), "nick": null,
            "avatar": null, "premium_since": null});
        if with_user {
            member["user"] = self.user_json();
        }
        member
    }
}

/// The fields every interaction shares.
fn interaction(
    kind: u8,
    id: &str,
    token: &str,
    user: &FakeUser,
    channel: &str,
    data: Value,
) -> Value {
    json!({
        "id": id, "application_id": APP_ID, "type": kind, "data": data,
        "guild_id": GUILD, "channel_id": channel,
        "channel": {"id": channel, "type": 0, "name": "games", "guild_id": GUILD,
                    "permissions": user.permissions()},
        "member": user.member_json(true),
        "token": token, "version": 1, "app_permissions": BOT_PERMISSIONS.to_string(),
        "locale": "en-US", "guild_locale": "en-US", "entitlements": [],
        "authorizing_integration_owners": {"0": GUILD}, "context": 0,
        "attachment_size_limit": 10_485_760
    })
}

/// A slash command; `options` is Discord's option array, user options resolved from `users`.
pub fn slash(
    id: &str,
    token: &str,
    user: &FakeUser,
    channel: &str,
    name: &str,
    options: Value,
    users: &[FakeUser],
) -> Value {
    let mut data = json!({"id": format!("90000000000000{:04}", name.len()), "name": name,
                          "type": 1, "options": options});
    if !users.is_empty() {
        let mut resolved_users = serde_json::Map::new();
        let mut members = serde_json::Map::new();
        for u in users {
            resolved_users.insert(u.id.clone(), u.user_json());
            members.insert(u.id.clone(), u.member_json(false));
        }
        data["resolved"] = json!({"users": resolved_users, "members": members});
    }
    interaction(2, id, token, user, channel, data)
}

/// An autocomplete request: `option` is being typed and holds `typed` so far.
pub fn autocomplete(
    id: &str,
    token: &str,
    user: &FakeUser,
    channel: &str,
    name: &str,
    option: &str,
    typed: &str,
) -> Value {
    let options = json!([{"name": option, "type": 3, "value": typed, "focused": true}]);
    autocomplete_options(id, token, user, channel, name, options)
}

/// Typing into autocomplete with the command's options so far, one of them `focused`.
pub fn autocomplete_options(
    id: &str,
    token: &str,
    user: &FakeUser,
    channel: &str,
    name: &str,
    options: Value,
) -> Value {
    let data = json!({"id": "900000000000000950", "name": name, "type": 1, "options": options});
    interaction(4, id, token, user, channel, data)
}

/// A button click on a message of the bot's.
pub fn click(
    id: &str,
    token: &str,
    user: &FakeUser,
    channel: &str,
    custom_id: &str,
    message_id: &str,
) -> Value {
    let data = json!({"custom_id": custom_id, "component_type": 2});
    let mut v = interaction(3, id, token, user, channel, data);
    let mut message = message_json(message_id, channel, &json!({"content": "a turn"}), &[]);
    message["author"] = bot_json();
    v["message"] = message;
    v
}

/// A choice from a string select menu on a message of the bot's.
pub fn select(
    id: &str,
    token: &str,
    user: &FakeUser,
    channel: &str,
    custom_id: &str,
    message_id: &str,
    value: &str,
) -> Value {
    let mut v = click(id, token, user, channel, custom_id, message_id);
    v["data"] = json!({"custom_id": custom_id, "component_type": 3, "values": [value]});
    v
}

/// A message typed in a channel, optionally as a reply to another message.
pub fn message_create(
    id: &str,
    user: &FakeUser,
    channel: &str,
    content: &str,
    reply_to: Option<&str>,
) -> Value {
    let mut m = message_json(id, channel, &json!({"content": content}), &[]);
    m["author"] = user.user_json();
    m["guild_id"] = json!(GUILD);
    let mut member = user.member_json(false);
    member.as_object_mut().unwrap().remove("permissions");
    m["member"] = member;
    if let Some(target) = reply_to {
        m["type"] = json!(19);
        m["message_reference"] =
            json!({"message_id": target, "channel_id": channel, "guild_id": GUILD});
    }
    m
}

fn bot_json() -> Value {
    json!({"id": BOT_ID, "username": "tabula", "discriminator": "0", "global_name": "tabula",
           "avatar": null, "bot": true, "flags": 0, "public_flags": 0})
}

/// The Message object Discord returns for a posted message built from `body` and `files`.
pub fn message_json(id: &str, channel: &str, body: &Value, files: &[FilePart]) -> Value {
    let attachments: Vec<Value> = files
        .iter()
        .enumerate()
        .map(|(i, f)| {
            json!({"id": format!("{id}{i}"), "filename": f.filename,
            "size": f.bytes.len(), "url": format!("http://127.0.0.1/{}", f.filename),
            "proxy_url": format!("http://127.0.0.1/{}", f.filename),
            "content_type": f.content_type})
        })
        .collect();
    json!({
        "id": id, "channel_id": channel, "author": bot_json(),
        "content": body["content"].as_str().unwrap_or(""),
        "timestamp": TIME, "edited_timestamp": null, "tts": false,
        "mention_everyone": false, "mentions": [], "mention_roles": [],
        "attachments": attachments, "embeds": [], "pinned": false, "type": 0
    })
}

/// The `@everyone` role of `guild`, granting `permissions` (the fake's only role).
pub fn everyone_role(guild: &str, permissions: u64) -> Value {
    json!({"id": guild, "name": "@everyone", "color": 0,
           "colors": {"primary_color": 0, "secondary_color": null, "tertiary_color": null},
           "hoist": false, "managed": false, "mentionable": false,
           "permissions": permissions.to_string(), "position": 0, "icon": null,
           "unicode_emoji": null, "flags": 0})
}

/// The server channel `channel` of `guild`, with no permission overwrites.
pub fn guild_channel(guild: &str, channel: &str) -> Value {
    json!({"id": channel, "type": 0, "guild_id": guild, "name": "games", "parent_id": null,
           "position": 0, "permission_overwrites": [], "nsfw": false})
}

/// The GUILD_CREATE Discord sends a session for each of its guilds after READY: the
/// `@everyone` role granting `permissions`, the test channel, and the bot's own member (sent
/// without the Guild Members intent too).
pub fn guild_create(guild: &str, permissions: u64) -> Value {
    let bot = FakeUser {
        id: BOT_ID.to_string(),
        name: "tabula".to_string(),
        admin: false,
        threads: true,
    };
    let mut member = bot.member_json(true);
    member["user"] = bot_json();
    member.as_object_mut().unwrap().remove("permissions");
    let mut created = json!({
        "id": guild, "name": "games night", "icon": null, "icon_hash": null, "splash": null,
        "discovery_splash": null, "owner_id": "900000000000000999", "afk_channel_id": null,
        "afk_timeout": 300, "widget_enabled": false, "widget_channel_id": null,
        "verification_level": 0, "default_message_notifications": 0,
        "explicit_content_filter": 0, "roles": [everyone_role(guild, permissions)],
        "emojis": [], "features": [], "mfa_level": 0, "application_id": null,
        "system_channel_id": null, "system_channel_flags": 0, "rules_channel_id": null,
        "max_presences": null, "max_members": 500_000, "vanity_url_code": null,
        "description": null, "banner": null, "premium_tier": 0
    });
    // In parts: one `json!` this long exceeds the macro's recursion limit.
    let extra = json!({
        "premium_subscription_count": 0, "preferred_locale": "en-US",
        "public_updates_channel_id": null, "max_video_channel_users": 25,
        "max_stage_video_channel_users": 50, "welcome_screen": null, "nsfw_level": 0,
        "stickers": [], "premium_progress_bar_enabled": false,
        "safety_alerts_channel_id": null, "incidents_data": null
    });
    let gateway_only = json!({
        "joined_at": TIME, "large": false, "unavailable": false, "member_count": 4,
        "voice_states": [], "members": [member],
        "channels": [guild_channel(guild, CHANNEL)], "threads": [], "presences": [],
        "stage_instances": [], "guild_scheduled_events": []
    });
    for part in [extra, gateway_only] {
        if let (Some(all), Value::Object(more)) = (created.as_object_mut(), part) {
            all.extend(more);
        }
    }
    created
}

//! Who belongs to a server, for the web view's members-only pages: asked of Discord with the
//! bot's own token (`GET /guilds/{guild}/members/{user}`), since the bot is in the server. The
//! browser is never trusted with it; the table keeps each answer a minute.

use std::sync::Arc;

use futures_core::future::BoxFuture;
use poise::serenity_prelude as serenity;

use crate::table::Members;

use super::Config;

/// Membership answered by Discord's REST API.
struct DiscordMembers {
    http: serenity::Http,
}

impl Members for DiscordMembers {
    fn is_member<'a>(
        &'a self,
        guild: &'a str,
        user: &'a str,
    ) -> BoxFuture<'a, anyhow::Result<bool>> {
        Box::pin(async move {
            // Neither is a snowflake: no Discord member can have them.
            let (Ok(guild), Ok(user)) = (guild.parse::<u64>(), user.parse::<u64>()) else {
                return Ok(false);
            };
            if guild == 0 || user == 0 {
                return Ok(false);
            }
            let asked = self
                .http
                .get_member(serenity::GuildId::new(guild), serenity::UserId::new(user))
                .await;
            match asked {
                Ok(_) => Ok(true),
                // Unknown Member, or a server the bot has left.
                Err(serenity::Error::Http(e))
                    if e.status_code() == Some(reqwest::StatusCode::NOT_FOUND) =>
                {
                    Ok(false)
                }
                Err(e) => Err(anyhow::Error::new(e).context("cannot ask Discord for a membership")),
            }
        })
    }
}

/// Makes the membership check the web view's members-only pages use: Discord asked with the
/// bot's token, through the same HTTP client settings (and fake, in tests) as the bot.
///
/// # Errors
/// When the HTTP client cannot be built.
pub fn members(config: &Config) -> anyhow::Result<Arc<dyn Members>> {
    let mut http =
        serenity::HttpBuilder::new(&config.token).client(super::bot::http_client(config)?);
    if let Some(base) = &config.api_base {
        // As for the bot's own client: serenity ignores a proxy while its ratelimiter is on.
        http = http
            .proxy(base.trim_end_matches('/'))
            .ratelimiter_disabled(true);
    }
    Ok(Arc::new(DiscordMembers { http: http.build() }))
}

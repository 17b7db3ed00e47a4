//! Data on request and on leaving: `/forget-me`, and the bot's removal from a server (its
//! unfinished games closed at once, its data deleted 30 days later unless the bot returns).

use serde_json::json;

use crate::store::{FORMER_PLAYER, Status};

use super::Table;
use super::command::{Ctx, Reply};
use super::error::TableError;

/// How many servers one sweep deletes at most.
const DELETE_BATCH: usize = 20;

impl Table {
    /// Forgets the caller on every server once `confirmed` (else says what it would do):
    /// settings, vacations, reminder choices and ratings go, and past games show
    /// "a former player" in their seat. Refused while they sit at an unfinished game.
    pub(super) async fn forget_me(&self, ctx: &Ctx, confirmed: bool) -> Result<Reply, TableError> {
        let open = self.store.unfinished_games_anywhere(&ctx.user.id).await?;
        if !open.is_empty() {
            let numbers: Vec<String> = open.iter().map(|id| format!("#{id}")).collect();
            return Ok(Reply::private(format!(
                "You still have a seat at unfinished games ({}): finish, resign or `/leave` \
                 them first, then `/forget-me` again.",
                numbers.join(", ")
            )));
        }
        if !confirmed {
            return Ok(Reply::private(format!(
                "`/forget-me confirm:True` deletes what tabula keeps about you on every \
                 server: your reminder and quiet-hour choices, vacations and ratings. Your \
                 past games stay (so the other players keep them), showing \"{FORMER_PLAYER}\" \
                 in your seat. This cannot be undone."
            )));
        }
        let pseudonym = format!("former:{:016x}", rand::random::<u64>());
        let gone = self.store.forget_user(&ctx.user.id, &pseudonym).await?;
        tracing::info!(
            settings = gone.settings,
            ratings = gone.ratings,
            games = gone.games,
            "a player asked to be forgotten"
        );
        Ok(Reply::private(format!(
            "Done: tabula forgot you. Deleted your choices on {} server(s) and {} rating(s); \
             {} past game(s) now show \"{FORMER_PLAYER}\" in your seat.",
            gone.settings, gone.ratings, gone.games
        )))
    }

    /// Closes the unfinished games of a server that removed the bot (nobody could play them
    /// on), and starts its 30 days; returns how many games were closed.
    pub async fn guild_removed(&self, guild: &str) -> usize {
        let open = match self.store.guild_left(guild, self.store.now()).await {
            Ok(open) => open,
            Err(e) => {
                tracing::warn!(error = %e, guild, "could not note that the bot left a server");
                return 0;
            }
        };
        let result =
            json!({"aborted": {"by": "tabula", "why": "the bot was removed from the server"}})
                .to_string();
        let mut closed = 0;
        for row in open {
            match self
                .close(&row, Status::Aborted, &row.state, Some(result.clone()))
                .await
            {
                Ok(_) => closed += 1,
                Err(e) => {
                    tracing::warn!(error = %e, game = row.id, "could not close a game of a server that left")
                }
            }
        }
        tracing::info!(
            guild,
            closed,
            "the bot was removed from a server; its data goes in 30 days"
        );
        closed
    }

    /// Keeps a server's data after all: the bot is in it (again).
    pub async fn guild_present(&self, guild: &str) {
        match self.store.guild_returned(guild).await {
            Ok(true) => {
                tracing::info!(guild, "the bot is back in a server it left; its data stays")
            }
            Ok(false) => {}
            Err(e) => {
                tracing::warn!(error = %e, guild, "could not note that the bot is in a server")
            }
        }
    }

    /// Deletes the data of servers the bot left more than 30 days ago; returns how many.
    pub async fn delete_departed(&self) -> usize {
        match self.store.delete_departed(DELETE_BATCH).await {
            Ok(gone) => {
                for guild in &gone {
                    tracing::info!(
                        guild,
                        "deleted the data of a server the bot left 30 days ago"
                    );
                }
                gone.len()
            }
            Err(e) => {
                tracing::warn!(error = %e, "could not delete the data of servers the bot left");
                0
            }
        }
    }
}

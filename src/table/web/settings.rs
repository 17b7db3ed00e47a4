//! `/web`: a server's pages on or off (Manage Server), a player hidden or shown again, a game
//! left out of every list.

use std::sync::Arc;

use crate::store::Visibility;
use crate::table::{Ctx, Reply, Table, TableError};

use super::{Members, Membership, WebCommand};

/// The refusal of members-only pages on a site that signs nobody in.
const NO_SIGN_IN: &str = "Members-only pages need sign-in with Discord, which this bot is not set \
     up for: its operator sets `TABULA_OAUTH_CLIENT_ID` and `TABULA_OAUTH_CLIENT_SECRET` (see the \
     README), or use `/web enable visibility:public`.";

impl Table {
    /// Tells the table this process serves the web pages, at `base` when the site's public
    /// address is known (`https://games.example.org`), so `/web` can turn them on and link them.
    #[must_use]
    pub fn with_web(mut self, base: Option<String>) -> Table {
        self.web_served = true;
        self.web_base = base
            .filter(|b| !b.trim().is_empty())
            .map(|b| Arc::from(b.trim().trim_end_matches('/')));
        self
    }

    /// Returns the table as the web view uses it: the same games, bots, pictures and live
    /// moves, reading the database through connections of its own
    /// ([`Store::with_own_readers`](crate::store::Store::with_own_readers)).
    #[must_use]
    pub fn for_site(&self) -> Table {
        Table {
            store: self.store.with_own_readers(),
            ..self.clone()
        }
    }

    /// Lets servers show their pages to their members only: the site signs people in with
    /// Discord, and `members` says who belongs to a server (answers kept a minute).
    #[must_use]
    pub fn with_web_members(mut self, members: Arc<dyn Members>) -> Table {
        self.web_members = Some(Arc::new(Membership::new(members)));
        self
    }

    /// Answers `/web`: the pages' status, on or off, a player hidden or shown, a game unlisted.
    pub(in crate::table) async fn web(
        &self,
        ctx: &Ctx,
        command: WebCommand,
    ) -> Result<Reply, TableError> {
        match command {
            WebCommand::Status => self.web_status(ctx).await,
            WebCommand::Enable { visibility } => self.web_enable(ctx, visibility).await,
            WebCommand::Disable => {
                self.web_manager(ctx)?;
                self.store
                    .set_web_visibility(&ctx.guild, Visibility::Off)
                    .await?;
                Ok(Reply::text(
                    "This server's web pages are off: every one of them now answers \"not found\".",
                ))
            }
            WebCommand::HideMe => {
                self.store
                    .set_web_hidden(&ctx.guild, &ctx.user.id, true)
                    .await?;
                Ok(Reply::private(
                    "You are hidden on this server's web pages: they call you \"Anonymous\" and \
                     you have no page of your own. `/web show-me` undoes it.",
                ))
            }
            WebCommand::ShowMe => {
                self.store
                    .set_web_hidden(&ctx.guild, &ctx.user.id, false)
                    .await?;
                Ok(Reply::private(
                    "Your name shows on this server's web pages again (when they are on).",
                ))
            }
            WebCommand::Unlist => self.web_unlist(ctx).await,
        }
    }

    /// Says whether this server's pages are on the web, and where.
    async fn web_status(&self, ctx: &Ctx) -> Result<Reply, TableError> {
        let server = self.store.web_server(&ctx.guild).await?;
        Ok(Reply::private(match server {
            _ if !self.web_served => {
                "This bot serves no web pages (its operator starts it with `--web-listen`)."
                    .to_string()
            }
            Some(s) if s.visibility == Visibility::Public => format!(
                "This server's games are on the web (public): {}",
                self.web_address(&format!("/s/{}", s.public_id))
            ),
            Some(s) if s.visibility == Visibility::Members => format!(
                "This server's games are on the web for its members, signed in with Discord: {}",
                self.web_address(&format!("/s/{}", s.public_id))
            ),
            _ => "This server's games are not on the web. Someone with Manage Server \
                  turns the pages on with `/web enable visibility:public` (or \
                  `visibility:members`)."
                .to_string(),
        }))
    }

    /// Turns this server's pages on at `visibility` (Manage Server only), when this process
    /// serves them.
    async fn web_enable(&self, ctx: &Ctx, visibility: Visibility) -> Result<Reply, TableError> {
        self.web_manager(ctx)?;
        if !self.web_served {
            return Err(TableError::BadSetting(
                "This bot serves no web pages: its operator starts it with \
                 `--web-listen` first (see the README)."
                    .into(),
            ));
        }
        if visibility == Visibility::Members && self.web_members.is_none() {
            return Err(TableError::BadSetting(NO_SIGN_IN.into()));
        }
        let server = self
            .store
            .set_web_visibility(&ctx.guild, visibility)
            .await?;
        let address = self.web_address(&format!("/s/{}", server.public_id));
        let who = match server.visibility {
            Visibility::Off => return Ok(Reply::text("This server's web pages are off.")),
            Visibility::Members => "its members only, who sign in with Discord to see them",
            Visibility::Public => "anyone with the link",
        };
        Ok(Reply::text(format!(
            "This server's games, leaderboards and players' pages are now on the web for {who}: \
             {address}\nPlayers who would rather not be named there use `/web hide-me`; \
             `/web disable` turns every page off at once."
        )))
    }

    /// Leaves the channel's latest game out of every list on the web (its players or a
    /// channel admin may).
    async fn web_unlist(&self, ctx: &Ctx) -> Result<Reply, TableError> {
        let row = self
            .store
            .latest_game(&ctx.guild, &ctx.channel)
            .await?
            .ok_or(TableError::NoGameYet)?;
        let seats = self.store.seats(row.id).await?;
        if !ctx.admin && !seats.iter().any(|s| s.user_id == ctx.user.id) {
            return Err(TableError::NotAllowed {
                who: "a player of the game or a channel admin",
                what: "unlist it",
            });
        }
        self.store.set_web_unlisted(row.id, true).await?;
        Ok(Reply::text(format!(
            "Game #{} is unlisted: no list on the web shows it; its page still opens for \
             whoever has its link.",
            row.id
        )))
    }

    /// Lets only server managers turn pages on or off (the frontends ask Discord for Manage
    /// Server before the command reaches the table; the console's admins count too).
    fn web_manager(&self, ctx: &Ctx) -> Result<(), TableError> {
        if ctx.admin {
            Ok(())
        } else {
            Err(TableError::NotAllowed {
                who: "someone with Manage Server",
                what: "turn this server's web pages on or off",
            })
        }
    }

    /// The site's public address (`https://games.example.org`), when the operator gave it.
    pub fn web_base(&self) -> Option<&str> {
        self.web_base.as_deref()
    }

    /// Writes a site path as a full address when the site's address is known.
    fn web_address(&self, path: &str) -> String {
        match &self.web_base {
            Some(base) => format!("{base}{path}"),
            None => format!("`{path}` on this bot's web site"),
        }
    }
}

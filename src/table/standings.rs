//! Leaderboards and player statistics: every finished game rates its players per server and
//! game (see [`crate::rating`]); these commands read the ratings back.

use crate::rating::{PROVISIONAL_GAMES, Rating, System};
use crate::render::card::{self, CardLine};
use crate::rules::{GameKind, Outcome};
use crate::store::{BotRecord, Standing};

use super::names::clean_name;
use super::{Ctx, Reply, Table, TableError, User, mention};

/// Lines on a leaderboard page.
const PAGE: usize = 10;
/// Recent results `/stats` lists.
const RECENT: usize = 5;
/// Games `/games` lists.
const MY_GAMES: usize = 15;

impl Table {
    /// Shows a page of the server's leaderboard for `game` (the channel's game when left
    /// out) as text and as a card, with the caller's own line below it when it is not on
    /// the page.
    pub(super) async fn leaderboard(
        &self,
        ctx: &Ctx,
        game: Option<&str>,
        page: Option<usize>,
    ) -> Result<Reply, TableError> {
        let kind = self.leaderboard_kind(ctx, game).await?;
        let page = page.unwrap_or(1).max(1);
        let offset = (page - 1).saturating_mul(PAGE);
        let system = System::of(kind);
        let lines = self
            .store
            .leaderboard(&ctx.guild, kind.name(), PROVISIONAL_GAMES, offset, PAGE)
            .await?;
        let mine = self
            .store
            .standings_of(&ctx.guild, &ctx.user.id, PROVISIONAL_GAMES)
            .await?
            .into_iter()
            .find(|s| s.kind == kind.name());
        let title = format!("{} leaderboard", kind.title());
        let on_page = mine
            .as_ref()
            .is_some_and(|m| lines.iter().any(|l| l.user_id == m.user_id));
        let footer = match &mine {
            Some(m) if !on_page => Some(format!("You: #{} · {}", m.rank, line(system, m))),
            None if !lines.is_empty() => Some("You have no rated games of this yet.".into()),
            _ => None,
        };
        let text = leaderboard_text(&title, page, system, &lines, footer.as_deref());
        let card_lines: Vec<CardLine> = lines
            .iter()
            .map(|s| CardLine {
                rank: s.rank,
                name: clean_name(&s.name),
                rating: shown(system, &s.rating),
                games: s.rating.games,
                record: record(&s.rating),
                provisional: s.rating.provisional(),
                me: s.user_id == ctx.user.id,
            })
            .collect();
        let image = self.leaderboard_card(title, card_lines, footer).await?;
        Ok(Reply {
            text,
            image,
            ..Reply::default()
        })
    }

    /// The game a leaderboard is for: the one named, else the channel's.
    async fn leaderboard_kind(
        &self,
        ctx: &Ctx,
        game: Option<&str>,
    ) -> Result<GameKind, TableError> {
        match game.map(str::trim).filter(|g| !g.is_empty()) {
            Some(name) => Ok(GameKind::lookup(name)?.0),
            None => match self.load(ctx).await {
                Ok(loaded) => Ok(loaded.game.kind()),
                Err(TableError::NoGame | TableError::Corrupt { .. }) => Err(TableError::NameAGame),
                Err(e) => Err(e),
            },
        }
    }

    /// Draws the leaderboard card on a render thread; a card that fails to draw is logged
    /// and left out.
    async fn leaderboard_card(
        &self,
        title: String,
        lines: Vec<CardLine>,
        footer: Option<String>,
    ) -> Result<Option<Vec<u8>>, TableError> {
        let (card, _) = self
            .renders
            .run(&self.metrics, move || {
                card::leaderboard(&title, &lines, footer.as_deref())
            })
            .await
            .map_err(|e| TableError::Internal(e.into()))?;
        Ok(match card {
            Ok(png) => Some(png),
            Err(e) => {
                tracing::error!(error = %e, "the leaderboard card failed");
                None
            }
        })
    }

    /// Lists the caller's unfinished games on this server: where, against whom, whose turn.
    pub(super) async fn my_games(&self, ctx: &Ctx) -> Result<Reply, TableError> {
        let rows = self
            .store
            .open_games_of(&ctx.guild, &ctx.user.id, MY_GAMES + 1)
            .await?;
        if rows.is_empty() {
            return Ok(Reply::private(
                "You have no unfinished games on this server. Start one with `/play`.",
            ));
        }
        let mut text = String::from("**Your games**\n");
        for row in rows.iter().take(MY_GAMES) {
            let seats = self.seats(row.id).await?;
            let title = row
                .kind
                .parse::<GameKind>()
                .map_or("A game", GameKind::title);
            let others: Vec<String> = seats
                .iter()
                .filter(|s| s.user_id != ctx.user.id)
                .map(|s| mention(&s.user_id))
                .collect();
            let versus = if others.is_empty() {
                String::new()
            } else {
                format!(" vs {}", others.join(", "))
            };
            let state = match row.status {
                crate::store::Status::Lobby => "waiting for players to `/join`".to_string(),
                _ => match serde_json::from_str::<crate::rules::Game>(&row.state) {
                    Ok(game) => match game.turn().seat() {
                        Some(seat) => {
                            let who = seats.iter().find(|s| s.seat as usize == seat);
                            match who {
                                Some(s) if s.user_id == ctx.user.id => "**your turn**".to_string(),
                                Some(s) => format!("{}'s turn", mention(&s.user_id)),
                                None => "waiting".to_string(),
                            }
                        }
                        None => "over".to_string(),
                    },
                    Err(_) => "its saved state is damaged".to_string(),
                },
            };
            let time_left = match row.deadline_at {
                Some(deadline) if row.status == crate::store::Status::Active => {
                    format!(", time to move until <t:{deadline}:R>")
                }
                _ => String::new(),
            };
            text.push_str(&format!(
                "#{} {title} in <#{}>{versus}: {state}{time_left}, last move <t:{}:R>\n",
                row.id, row.channel, row.updated_at
            ));
        }
        if rows.len() > MY_GAMES {
            text.push_str(&format!(
                "…and more; the {MY_GAMES} most recent are shown.\n"
            ));
        }
        Ok(Reply::private(text.trim_end()))
    }

    pub(super) async fn stats(&self, ctx: &Ctx, user: Option<User>) -> Result<Reply, TableError> {
        let user = user.unwrap_or_else(|| ctx.user.clone());
        let standings = self
            .store
            .standings_of(&ctx.guild, &user.id, PROVISIONAL_GAMES)
            .await?;
        let mut text = format!(
            "**{}** on this server\n",
            super::names::markdown_safe(&clean_name(&user.name))
        );
        if standings.is_empty() {
            text.push_str("No rated games yet.\n");
        }
        for s in &standings {
            let (title, system) = match s.kind.parse::<GameKind>() {
                Ok(kind) => (kind.title(), System::of(kind)),
                Err(_) => (s.kind.as_str(), System::Glicko2),
            };
            text.push_str(&format!(
                "{title}: #{} · {}\n",
                s.rank,
                line_without_name(system, &s.rating)
            ));
        }
        let against_bot = self.store.bot_records_of(&ctx.guild, &user.id).await?;
        if !against_bot.is_empty() {
            text.push_str("Against the bot:\n");
        }
        for r in &against_bot {
            text.push_str(&format!("· {}\n", bot_record_line(r)));
        }
        let recent = self
            .store
            .finished_games_of(&ctx.guild, &user.id, RECENT)
            .await?;
        if !recent.is_empty() {
            text.push_str("Recent games:\n");
        }
        for (row, seat) in recent {
            let title = row
                .kind
                .parse::<GameKind>()
                .map_or("A game", GameKind::title);
            let outcome: Option<Outcome> = row
                .result
                .as_deref()
                .and_then(|r| serde_json::from_str(r).ok());
            let verdict = match outcome {
                Some(Outcome::Win { winner, .. }) if winner as i64 == seat => "won",
                Some(Outcome::Win { .. }) => "lost",
                Some(Outcome::Draw { .. }) => "drew",
                None => "finished",
            };
            text.push_str(&format!("· {verdict} {title} game #{}\n", row.id));
        }
        Ok(Reply::text(text.trim_end()))
    }
}

/// Writes a leaderboard page as text: its title, a line per player, the caller's own line
/// (`footer`), and what `?` means when a provisional rating is shown.
fn leaderboard_text(
    title: &str,
    page: usize,
    system: System,
    lines: &[Standing],
    footer: Option<&str>,
) -> String {
    let mut text = if page > 1 {
        format!("**{title}**, page {page}\n")
    } else {
        format!("**{title}**\n")
    };
    if lines.is_empty() {
        text.push_str(if page > 1 {
            "No players on this page."
        } else {
            "No rated games yet: finish a game to appear here."
        });
    }
    for s in lines {
        text.push_str(&format!("{}. {}\n", s.rank, line(system, s)));
    }
    if let Some(footer) = footer {
        text.push_str(footer);
    }
    if lines.iter().any(|s| s.rating.provisional()) {
        text.push_str(&format!(
            "\n`?` marks a provisional rating (fewer than {PROVISIONAL_GAMES} games)."
        ));
    }
    text.trim_end().to_string()
}

/// `alice 1623 ± 54 · 12 games · 10-1-1` (`?` after a provisional rating).
fn line(system: System, s: &Standing) -> String {
    let name = if s.name.trim().is_empty() {
        mention(&s.user_id)
    } else {
        clean_name(&s.name).replace(['*', '_', '`', '~', '|', '\\'], "")
    };
    format!("{name} {}", line_without_name(system, &s.rating))
}

fn line_without_name(system: System, r: &Rating) -> String {
    format!(
        "{}{} · {} game{} · {}",
        shown(system, r),
        if r.provisional() { "?" } else { "" },
        r.games,
        if r.games == 1 { "" } else { "s" },
        record(r)
    )
}

/// `1623 ± 54`.
fn shown(system: System, r: &Rating) -> String {
    format!("{} ± {}", system.show(r.rating), system.show(r.deviation))
}

/// Wins-losses-draws.
fn record(r: &Rating) -> String {
    format!("{}-{}-{}", r.wins, r.losses, r.draws)
}

/// `Chess level 2 (casual): 3-1-0`.
fn bot_record_line(r: &BotRecord) -> String {
    let kind = r.kind.parse::<GameKind>().ok();
    let title = kind.map_or_else(|| r.kind.clone(), |k| k.title().to_string());
    let name = kind
        .and_then(|k| crate::bot::levels(k).get(r.level.wrapping_sub(1)))
        .map(|l| format!(" ({})", l.name))
        .unwrap_or_default();
    format!(
        "{title} level {}{name}: {}-{}-{} (won-lost-drawn)",
        r.level, r.wins, r.losses, r.draws
    )
}

//! What the bot says when asked rather than seated: `/bot` lists a game's levels and the
//! bot's policies, `/hint` gives its best move in a game against it or a finished game.

use crate::bot;
use crate::rules::{Game, Seat, Turn};
use crate::store::Status;

use super::command::{Ctx, Reply};
use super::{Loaded, Table, TableError};

impl Table {
    /// Lists a game's bot levels (the channel's game when none is named) with how each plays
    /// and how strong it measured, and the bot's policies.
    pub(super) async fn bot_levels(
        &self,
        ctx: &Ctx,
        game: Option<&str>,
    ) -> Result<Reply, TableError> {
        let kind = match game {
            Some(name) => crate::rules::GameKind::lookup(name)?.0,
            None => match self.load(ctx).await {
                Ok(loaded) => loaded.game.kind(),
                Err(TableError::NoGame) => return Err(TableError::NameAGame),
                Err(e) => return Err(e),
            },
        };
        let config = self.bot_config();
        let mut text = format!(
            "**{} bot levels** (`/play {} bot:N`, or `/invite` the bot into a table):",
            kind.title(),
            kind.name()
        );
        for (n, level) in bot::levels(kind).iter().enumerate() {
            text.push_str(&format!(
                "\n{}. **{}**: {}.",
                n + 1,
                level.name,
                level.about
            ));
            if let Some(elo) = bot::elo(kind, n + 1) {
                text.push_str(&format!(" Rated {elo}."));
            }
            if !level.measured.is_empty() {
                text.push_str(&format!(
                    " Measured: {}.",
                    level.measured.trim_end_matches('.')
                ));
            }
        }
        text.push_str(&format!(
            "\nThe bot never resigns: it plays every game to its end, so you may too. It answers \
             draw offers by its own judgement (the random level always declines) and doubles, \
             takes and drops by its moves. It thinks at most {} s a move ({} at a time here) and \
             never runs out of time. Games against the bot are unrated unless this server's admins \
             turn on `rate_bots` in `/settings`; bots never appear on leaderboards. `/hint` asks it for the best move in a game against it or a finished game.",
            config.hard.as_secs_f32(),
            if config.searches == 1 {
                "one search".to_string()
            } else {
                format!("{} searches", config.searches)
            }
        ));
        Ok(Reply::private(text))
    }

    /// Gives the bot's best move for the caller's turn in a game with a bot seat, or for the
    /// player to move after `ply` logged actions of the channel's finished game.
    pub(super) async fn hint(&self, ctx: &Ctx, ply: Option<usize>) -> Result<Reply, TableError> {
        let (game, seat, where_) = match self.load(ctx).await {
            Ok(loaded) => hint_in_play(ctx, loaded)?,
            Err(TableError::NoGame) => self.hint_in_finished(ctx, ply).await?,
            Err(e) => return Err(e),
        };
        let level = bot::levels(game.kind()).len();
        let Some(pick) = self.think(&game, seat, level).await? else {
            return Err(TableError::NothingToHint(
                if matches!(game.turn(), Turn::Roll(_)) {
                    "roll the dice first"
                } else {
                    "there is no move to play"
                },
            ));
        };
        let name = bot::levels(game.kind())
            .get(level - 1)
            .map_or("bot", |l| l.name);
        Ok(Reply::private(format!(
            "Hint{where_} (level {level}, {name}): **{}**. {}.",
            game.format(&pick.r#move),
            pick.why.trim_end_matches('.')
        )))
    }

    /// The position a hint in a finished game is for: after `ply` logged actions, by default
    /// before the last one; with the words that say so.
    async fn hint_in_finished(
        &self,
        ctx: &Ctx,
        ply: Option<usize>,
    ) -> Result<(Game, Seat, String), TableError> {
        let row = self
            .store
            .latest_game(&ctx.guild, &ctx.channel)
            .await?
            .ok_or(TableError::NoGame)?;
        if row.status != Status::Finished {
            return Err(TableError::NoGame);
        }
        let seats = self.seats(row.id).await?;
        let log = self.store.log(row.id).await?;
        let history = super::record::History::replay(&row, &seats, &log)?;
        let last = history.steps.len();
        // By default the position before the game's last action.
        let at = ply.unwrap_or(last.saturating_sub(1));
        if at > last {
            return Err(TableError::NoSuchPly { id: row.id, last });
        }
        let game = if at == 0 {
            history.start.clone()
        } else {
            history.steps[at - 1].after.clone()
        };
        let Some(seat) = game.turn().seat() else {
            return Err(TableError::NothingToHint(
                "the game is over at that position",
            ));
        };
        Ok((
            game,
            seat,
            format!(
                " in game #{} after {at} action{}",
                row.id,
                if at == 1 { "" } else { "s" }
            ),
        ))
    }
}

/// The position a hint in a game under way is for: the caller's turn in a game with a bot
/// seat.
fn hint_in_play(ctx: &Ctx, loaded: Loaded) -> Result<(Game, Seat, String), TableError> {
    if loaded.row.status == Status::Lobby {
        return Err(TableError::NotStarted);
    }
    if !loaded.seats.iter().any(|s| s.bot_level().is_some()) {
        return Err(TableError::NoHintHere);
    }
    let seat = super::play::seat_of(ctx, &loaded.seats)?;
    match loaded.game.turn() {
        Turn::Move(s) | Turn::Roll(s) if s == seat => {}
        Turn::Move(s) | Turn::Roll(s) => {
            let name = loaded
                .seats
                .iter()
                .find(|x| x.seat as usize == s)
                .map_or_else(|| format!("seat {s}"), |x| x.name.clone());
            return Err(TableError::NotYourTurn(name));
        }
        Turn::Over(_) => return Err(TableError::NothingToHint("the game is over")),
    }
    Ok((loaded.game, seat, String::new()))
}

//! The sentences players read: help, status lines and results.

use crate::rating::System;
use crate::rules::{Game, GameKind, Outcome, Turn};
use crate::store::{RatingChange, SeatRow};

use super::command::mention;

/// The text `/help` shows.
pub const HELP: &str = "\
**tabula** plays board games, one game per channel.
`/play game [ruleset] [opponents…] [days]` opens a table; the opponents sit down with `/join`. `days` (1-14, 0 for none; else the server's default) limits each move's time, and `/claim` wins against a player who lets it run out.
`/play game bot:N [players:N]` fills every empty seat with the bot at level N; `/invite bot:N` seats it at an open table; `/bot [game]` lists its levels; `/hint` asks it for the best move (against it, or once a game is over).
`/join` takes a seat, `/leave` gives it up before the start, `/start` starts once enough players sit.
`/move text` plays a move in the game's notation (see `/rules`).
`/roll` rolls for the player to move; `/roll 2d6+1` (or `d20`, `4d6kh3`) rolls any dice for fun.
`/board` shows the board, `/resign` gives up, `/draw offer|accept|decline` handles draw offers and `/draw claim` claims a draw the rules allow.
`/abort` ends the game without a result: before any roll or move its opener may; after that every player still in it must type `/abort`, or a channel admin.
`/games` lists your unfinished games on this server and whose turn it is.
`/rematch` (or its button) offers the last game's players another, colours swapped.
`/leaderboard [game] [page]` shows a game's ratings on this server, `/stats [player]` a player's ratings and recent games.
`/export [game]` sends a game's record (chess PGN), `/replay [game]` an animated replay; by default this channel's current or last game.
`/vacation days:N` pauses your clocks (`days:0` ends it); `/notify dm quiet:22-07 tz:Europe/Paris` sets how and when reminders come; `/forget-me` deletes your data.
`/settings` shows the server's settings (admins change them).
`/web enable visibility:public` (Manage Server) shows this server's games and leaderboards on the bot's web site, if it runs one; `/web disable` hides them; `/web hide-me` keeps your name off it.
`/rules [game]` explains a game's rules and notation; `/help` shows this.";

/// How to leave a game, shown under every game's rules.
pub const LEAVING: &str = "\
**Leaving:** `/resign` gives up; `/abort` (no result) needs every player still in, or an admin, once anyone has moved.";

/// Returns a game's rules for `/rules`, with how to leave a game under them.
pub fn rules(kind: GameKind) -> String {
    format!("{}\n\n{LEAVING}", kind.rules_text())
}

/// Lists the games for `/rules` with no game named and none in the channel.
pub fn rules_index() -> String {
    let names: Vec<String> = GameKind::ALL
        .iter()
        .map(|k| format!("`{}`", k.name()))
        .collect();
    format!(
        "Games: {}. Ask `/rules game` for one of them.\n\n{LEAVING}",
        names.join(", ")
    )
}

/// Announces a game that has just started.
pub fn started(kind: GameKind, seats: &[SeatRow]) -> String {
    let players: Vec<String> = seats
        .iter()
        .map(|s| {
            format!(
                "{} ({})",
                mention(&s.user_id),
                kind.seat_name(s.seat as usize)
            )
        })
        .collect();
    format!("**{}** begins: {}.", kind.title(), players.join(" vs "))
}

/// Says whose turn it is, or how the game ended.
pub fn status(game: &Game, seats: &[SeatRow]) -> String {
    let kind = game.kind();
    let who = |seat: usize| {
        seats
            .iter()
            .find(|s| s.seat as usize == seat)
            .map_or_else(|| kind.seat_name(seat).to_string(), |s| mention(&s.user_id))
    };
    match game.turn() {
        Turn::Move(seat) => {
            let mut line = format!("{}, your move ({}).", who(seat), kind.seat_name(seat));
            if let Some(offerer) = game.draw_offer() {
                line.push_str(&format!(
                    " {} offers a draw: `/draw accept` or `/draw decline`.",
                    who(offerer)
                ));
            }
            line.push_str(&claims(game, seats.len()));
            line
        }
        Turn::Roll(seat) => format!("{}, roll the dice with `/roll`.", who(seat)),
        Turn::Over(outcome) => result(game, outcome, &who),
    }
}

/// Says that a draw may be claimed now, where the game's rules allow one (chess: a threefold
/// repetition), or nothing.
fn claims(game: &Game, seats: usize) -> String {
    if (0..seats).any(|s| game.may_claim_draw(s)) {
        " A draw may be claimed now: `/draw claim`.".to_string()
    } else {
        String::new()
    }
}

fn result(game: &Game, outcome: Outcome, who: &dyn Fn(usize) -> String) -> String {
    let reason = game.describe(outcome);
    match outcome {
        Outcome::Win { winner, .. } => format!(
            "Game over: {} ({}) wins by {reason}.",
            who(winner),
            game.kind().seat_name(winner)
        ),
        Outcome::Draw { .. } => format!("Game over: drawn by {reason}."),
    }
}

/// Turns reply text into plain words for the picture: mentions become names, markdown goes.
pub fn plain(text: &str, seats: &[SeatRow]) -> String {
    let mut out = text.replace("**", "").replace('`', "");
    for s in seats {
        out = out.replace(&mention(&s.user_id), &s.name);
    }
    out
}

/// Says how a game moved each player's rating: `Ratings: @alice 1500 → 1662? (+162), …`
/// (`?` marks a provisional rating).
pub fn rating_changes(system: System, changes: &[RatingChange]) -> String {
    let lines: Vec<String> = changes
        .iter()
        .map(|c| {
            let name = mention(&c.user_id);
            let delta = c.after.rating - c.before.rating;
            let sign = if delta < 0.0 { "−" } else { "+" };
            format!(
                "{} {} → {}{} ({sign}{})",
                name,
                system.show(c.before.rating),
                system.show(c.after.rating),
                if c.after.provisional() { "?" } else { "" },
                system.show(delta.abs())
            )
        })
        .collect();
    format!("Ratings: {}.", lines.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Discord cuts a message at 2,000 characters; the table's fixed texts must never be cut.
    #[test]
    fn help_and_every_rules_text_fit_one_discord_message() {
        let fits = |what: &str, text: &str| {
            let n = text.chars().count();
            assert!(n <= 2000, "{what} is {n} characters");
        };
        fits("/help", HELP);
        fits("the rules index", &rules_index());
        for kind in GameKind::ALL {
            fits(kind.name(), &rules(*kind));
        }
    }
}

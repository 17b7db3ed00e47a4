//! The words on the backgammon picture: the player strips' pip counts, scores and tags, and
//! the status line shown when there is no caption.

use crate::render::kit::Tone;
use crate::rules::backgammon::{BAR, BackgammonGame, Crawford, OFF, Phase, Step, seat_name};
use crate::rules::{Outcome, Seat};

/// Returns the muted words after a player's name: the side, the pip count, the match score.
pub fn side_text(game: &BackgammonGame, seat: Seat) -> String {
    let mut text = format!("{} · {} pips", seat_name(seat), game.board().pips(seat));
    if game.rules().match_length.is_some() {
        let score = game.score()[seat];
        text.push_str(&format!(
            " · {score} pt{}",
            if score == 1 { "" } else { "s" }
        ));
    }
    text
}

/// Returns the tags of a player strip: the last play, and whose turn it is or who won.
pub fn tags(game: &BackgammonGame, seat: Seat) -> Vec<(String, Tone)> {
    let mut tags = Vec::new();
    if let Some(last) = game.last_play()
        && last.seat == seat
        && !matches!(game.phase(), Phase::Opening)
    {
        let [a, b] = last.dice;
        let play = if last.steps.is_empty() {
            "no play".to_string()
        } else {
            play_text(&last.steps)
        };
        tags.push((format!("{a}-{b}: {play}"), Tone::Quiet));
    }
    let turn = match game.phase() {
        Phase::Opening if seat == 0 => Some(("opening roll".to_string(), Tone::Go)),
        Phase::Roll { seat: s } if s == seat => Some(("to roll".to_string(), Tone::Go)),
        Phase::Move { seat: s, .. } if s == seat => Some(("to move".to_string(), Tone::Go)),
        Phase::Doubled { seat: s } if s == seat => {
            Some((format!("doubles to {}", game.cube().value * 2), Tone::Warn))
        }
        Phase::Doubled { .. } => Some(("take or drop".to_string(), Tone::Go)),
        Phase::Over {
            outcome: Outcome::Win { winner, .. },
        } => Some(if winner == seat {
            ("winner".to_string(), Tone::Go)
        } else {
            ("lost".to_string(), Tone::Quiet)
        }),
        _ => None,
    };
    tags.extend(turn);
    tags
}

/// Writes a play's steps gnubg-style, without hit marks: highest source first, one
/// checker's steps joined (`13/7 7/1` as `13/1`), repeats as `(2)`.
fn play_text(steps: &[Step]) -> String {
    let mut order = steps.to_vec();
    order.sort_by_key(|s| std::cmp::Reverse((s.from, s.to)));
    let mut used = vec![false; order.len()];
    let mut groups: Vec<((u8, u8), usize)> = Vec::new();
    for i in 0..order.len() {
        if used[i] {
            continue;
        }
        used[i] = true;
        let (from, mut to) = (order[i].from, order[i].to);
        while let Some(j) = (0..order.len()).find(|&j| !used[j] && to != OFF && order[j].from == to)
        {
            used[j] = true;
            to = order[j].to;
        }
        match groups.iter_mut().find(|g| g.0 == (from, to)) {
            Some(g) => g.1 += 1,
            None => groups.push(((from, to), 1)),
        }
    }
    let name = |p: u8| match p {
        BAR => "bar".to_string(),
        OFF => "off".to_string(),
        p => p.to_string(),
    };
    groups
        .iter()
        .map(|&((from, to), n)| {
            let repeat = if n > 1 {
                format!("({n})")
            } else {
                String::new()
            };
            format!("{}/{}{repeat}", name(from), name(to))
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Returns the default caption: the match score, then whose turn it is or how it ended.
pub fn status(game: &BackgammonGame) -> String {
    let mut parts = Vec::new();
    let [white, black] = game.score();
    if let Some(length) = game.rules().match_length {
        parts.push(format!("Match to {length}: White {white}, Black {black}"));
        if game.crawford() == Crawford::ThisGame {
            parts.push("Crawford game".to_string());
        }
    }
    parts.push(match game.phase() {
        Phase::Opening => "Opening roll: one die each, the higher number starts".to_string(),
        Phase::Roll { seat } if game.may_double(seat) => {
            format!("{} to roll or double", seat_name(seat))
        }
        Phase::Roll { seat } => format!("{} to roll", seat_name(seat)),
        Phase::Move { seat, dice } => {
            format!("{} to play {}-{}", seat_name(seat), dice[0], dice[1])
        }
        Phase::Doubled { seat } => format!(
            "{} doubles to {}: {} to take or drop",
            seat_name(seat),
            game.cube().value * 2,
            seat_name(1 - seat)
        ),
        Phase::Over { outcome } => over_text(game, outcome),
    });
    parts.join(" · ")
}

fn over_text(game: &BackgammonGame, outcome: Outcome) -> String {
    let Outcome::Win { winner, .. } = outcome else {
        return "Game over".to_string();
    };
    let name = seat_name(winner);
    if game.rules().match_length.is_some() {
        return format!("{name} wins the match");
    }
    match game.games().last() {
        Some(result) if game.rules().cube => {
            let s = if result.points == 1 { "" } else { "s" };
            format!(
                "{name} wins {}: {} point{s}",
                result.win.words(),
                result.points
            )
        }
        _ => format!("{name} wins"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plays_are_written_like_gnubg_without_hits() {
        let s = |from, to| Step { from, to };
        assert_eq!(play_text(&[s(13, 8), s(6, 4)]), "13/8 6/4");
        assert_eq!(play_text(&[s(13, 7), s(7, 1)]), "13/1");
        assert_eq!(
            play_text(&[s(8, 4), s(8, 4), s(6, 2), s(6, 2)]),
            "8/4(2) 6/2(2)"
        );
        assert_eq!(play_text(&[s(25, 22), s(6, 0)]), "bar/22 6/off");
    }
}

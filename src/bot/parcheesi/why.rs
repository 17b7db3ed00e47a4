//! The one line of why a turn was picked, from what it does: captures, bonuses taken,
//! pawns entered or brought HOME, blockades made, spaces gained, and the risk it leaves.

use super::eval::{self, Depth, Position};
use crate::rules::Seat;
use crate::rules::parcheesi::{
    COLOURS, ENTER, Ending, HOME, ParcheesiGame, Part, START, TURN_OFF, is_safety, track_space,
};

/// The largest count one die or doubles part moves; a larger step is a bonus.
const MAX_PART: u8 = 6;

/// Describes the turn `ending` plays for `seat`, e.g. `captures Blue and takes the 20 bonus`.
pub fn line(
    game: &ParcheesiGame,
    seat: Seat,
    ending: &Ending,
    live: &[bool],
    depth: Depth,
) -> String {
    let Some(before) = game.progress(seat) else {
        return String::new();
    };
    let after = ending.pawns[seat];
    let mut said: Vec<String> = Vec::new();
    if after.iter().all(|&p| p == HOME) {
        return "brings the last pawn HOME and wins".into();
    }
    let captured = captured_colours(game, seat, ending);
    if !captured.is_empty() {
        said.push(format!("captures {}", join(&captured)));
    }
    said.extend(part_phrases(&ending.r#move.0));
    let home = after.iter().filter(|&&p| p == HOME).count()
        - before.iter().filter(|&&p| p == HOME).count();
    match home {
        0 => {}
        1 => said.push("brings a pawn HOME".into()),
        n => said.push(format!("brings {n} pawns HOME")),
    }
    if makes_blockade(&before, &after) {
        said.push("makes a blockade".into());
    }
    let moved_to_safety = game.rules().safety_spaces
        && after.iter().enumerate().any(|(i, &p)| {
            p != before[i] && p > ENTER && p <= TURN_OFF && is_safety(track_space(seat, p))
        });
    if moved_to_safety {
        said.push("reaches a safety space".into());
    }
    if said.is_empty() {
        let gained: i32 = after
            .iter()
            .zip(&before)
            .map(|(&a, &b)| i32::from(a) - i32::from(b))
            .sum();
        said.push(format!("advances {gained} spaces"));
    }
    let mut text = join(&said);
    if depth == Depth::Full {
        text.push_str(&risk_note(game, seat, ending, live));
    }
    text
}

/// The colours whose pawns `ending` sends back to START.
fn captured_colours(game: &ParcheesiGame, seat: Seat, ending: &Ending) -> Vec<&'static str> {
    (0..ending.pawns.len())
        .filter(|&o| o != seat)
        .filter(|&o| {
            let was = game.progress(o).unwrap_or_default();
            was.iter()
                .zip(&ending.pawns[o])
                .any(|(&w, &n)| w != START && n == START)
        })
        .map(|o| COLOURS[o])
        .collect()
}

/// What the parts of a turn say by themselves: bonuses taken, rolling again, pawns entered.
fn part_phrases(parts: &[Part]) -> Vec<String> {
    let mut said = Vec::new();
    for part in parts {
        match part {
            Part::Step { count, .. } if *count > MAX_PART => {
                said.push(format!("takes the {count} bonus"));
            }
            Part::Again => said.push("rolls again instead of the bonus".into()),
            _ => {}
        }
    }
    let entered = parts.iter().filter(|p| **p == Part::Enter).count();
    match entered {
        0 => {}
        1 => said.push("enters a pawn".into()),
        n => said.push(format!("enters {n} pawns")),
    }
    said
}

/// Tells whether the turn makes a blockade (two pawns on one track space) not there before.
fn makes_blockade(before: &[u8; 4], after: &[u8; 4]) -> bool {
    let pairs = |set: &[u8; 4]| -> Vec<u8> {
        (0..4)
            .filter(|&i| (ENTER..=TURN_OFF).contains(&set[i]) && set[i + 1..].contains(&set[i]))
            .map(|i| set[i])
            .collect()
    };
    let old_pairs = pairs(before);
    pairs(after).iter().any(|p| !old_pairs.contains(p))
}

/// Says how likely a capture of one of `seat`'s pawns is before its next turn, after
/// `ending`.
fn risk_note(game: &ParcheesiGame, seat: Seat, ending: &Ending, live: &[bool]) -> String {
    let pos = Position {
        rules: game.rules(),
        pawns: &ending.pawns,
        live,
    };
    let risk = eval::worst_risk(&pos, seat);
    if risk > 0.0 {
        format!(
            " ({:.0}% risk of a capture before its next turn)",
            risk * 100.0
        )
    } else {
        " (no pawn open to capture)".to_string()
    }
}

/// Joins phrases as `a`, `a and b`, `a, b and c`.
fn join<S: AsRef<str>>(items: &[S]) -> String {
    match items {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [rest @ .., last] => {
            let rest: Vec<&str> = rest.iter().map(AsRef::as_ref).collect();
            format!("{} and {}", rest.join(", "), last.as_ref())
        }
    }
}

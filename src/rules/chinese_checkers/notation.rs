//! Reading moves as players type them: hole names (row letter, place in row) joined by any
//! separators: `c3-d4`, `c3 e5 g5`, `C3E5G5`, `c3 to g5`, or just the destination `g5`.

use super::{ChineseCheckersGame, ChineseMove, Hole};
use crate::rules::{ParseError, Rules, Seat, shown};

const WHAT: &str = "a Chinese checkers move";
const HINT: &str = "name holes as printed on the picture (row letter, then number): `c3-d4` steps, \
`c3-e5-g5` jumps, `c3-g5` takes any chain there";

/// Reads hole names out of the text; `None` when something is not a hole name.
fn holes(game: &ChineseCheckersGame, text: &str) -> Option<Vec<Hole>> {
    if text.len() > 200 {
        return None;
    }
    let lower = text.to_ascii_lowercase();
    let mut out = Vec::new();
    let mut chars = lower.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_lowercase() {
            let mut word = String::from(c);
            while let Some(&d) = chars.peek().filter(|d| d.is_ascii_lowercase()) {
                word.push(d);
                chars.next();
            }
            let mut digits = String::new();
            while let Some(&d) = chars.peek().filter(|d| d.is_ascii_digit()) {
                digits.push(d);
                chars.next();
            }
            match (word.as_str(), digits.is_empty()) {
                ("to" | "x", true) => continue,
                (row, false) if row.len() == 1 => {
                    let at: usize = digits.parse().ok()?;
                    out.push(game.star().lookup(row.as_bytes()[0], at)?);
                }
                _ => return None,
            }
        } else if c.is_alphanumeric()
            || !(c.is_whitespace() || matches!(c, '-' | ',' | ';' | '/' | '>' | ':' | '.'))
        {
            return None;
        }
    }
    Some(out)
}

/// Reads a move for `seat`, checking it against the position.
pub fn parse(
    game: &ChineseCheckersGame,
    seat: Seat,
    text: &str,
) -> Result<ChineseMove, ParseError> {
    let unreadable = || ParseError::Unreadable {
        input: shown(text),
        what: WHAT,
        hint: HINT,
        examples: game.examples(seat, 3),
    };
    let illegal = |reason: String| ParseError::Illegal {
        input: shown(text),
        reason,
        examples: game.examples(seat, 3),
    };
    let path = holes(game, text).ok_or_else(unreadable)?;
    let legal = game.legal(seat);
    if legal.is_empty() {
        return Err(illegal(match game.turn() {
            crate::rules::Turn::Over(_) => "the game is over".into(),
            _ => "it is not your turn".into(),
        }));
    }
    let star = game.star();
    match path.as_slice() {
        [] => Err(unreadable()),
        [to] => {
            let fits: Vec<&ChineseMove> = legal.iter().filter(|m| m.to() == *to).collect();
            match fits.as_slice() {
                [] => Err(illegal(format!(
                    "none of your pegs can reach {}",
                    star.name(*to)
                ))),
                [m] => Ok((*m).clone()),
                many => Err(ParseError::Ambiguous {
                    input: shown(text),
                    candidates: many.iter().map(|m| game.format(m)).collect(),
                }),
            }
        }
        [from, to] => {
            if let Some(m) = legal.iter().find(|m| m.from() == *from && m.to() == *to) {
                return Ok(m.clone());
            }
            let m = ChineseMove { path: path.clone() };
            match game.apply(seat, &m) {
                Err(crate::rules::PlayError::Illegal(reason)) => Err(illegal(reason)),
                _ => Err(illegal(format!(
                    "no step or chain of jumps takes the peg on {} to {}",
                    star.name(*from),
                    star.name(*to)
                ))),
            }
        }
        _ => {
            let m = ChineseMove { path };
            match game.apply(seat, &m) {
                Ok(_) => Ok(m),
                Err(crate::rules::PlayError::Illegal(reason)) => Err(illegal(reason)),
                Err(e) => Err(illegal(e.to_string())),
            }
        }
    }
}

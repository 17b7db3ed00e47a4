//! Reading turns as players type them (`enter a3`, `a5 b3`, `a 8`, `c20`, `bonus c`), leniently,
//! and saying why a turn is not legal.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::moves::{Node, Part, Search, Why, pawn_index, pawn_letter};

/// Longest text worth reading as a turn.
const MAX_INPUT: usize = 200;
/// Most readings of one text the resolver keeps.
const MAX_READINGS: usize = 64;

/// A whole turn or some of its parts, in the order played; free of any position.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct ParcheesiMove(pub Vec<Part>);

impl fmt::Display for ParcheesiMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, part) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{part}")?;
        }
        Ok(())
    }
}

impl FromStr for ParcheesiMove {
    type Err = String;

    /// Reads the canonical form written by `Display` (as stored in a game's log).
    fn from_str(s: &str) -> Result<Self, String> {
        let parts = s
            .split_whitespace()
            .take(64)
            .map(str::parse)
            .collect::<Result<Vec<Part>, String>>()?;
        if parts.is_empty() {
            return Err("an empty move".to_string());
        }
        Ok(ParcheesiMove(parts))
    }
}

impl From<ParcheesiMove> for String {
    fn from(m: ParcheesiMove) -> String {
        m.to_string()
    }
}

impl TryFrom<String> for ParcheesiMove {
    type Error = String;

    fn try_from(s: String) -> Result<Self, String> {
        s.parse()
    }
}

pub use crate::rules::notation::ParseError;

/// What the player asked for, one item of the typed text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wish {
    /// Enter a pawn (optionally naming one waiting in START).
    Enter(Option<u8>),
    /// Move a pawn a count (a die, several dice in a row, or a bonus); no count = its bonus.
    Step(u8, Option<u8>),
    /// Take another roll instead of the capture bonus.
    Again,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Token {
    Enter,
    Again,
    Pawn(u8),
    Number(u8),
}

/// Reads typed text into wishes; `None` when it is not notation.
pub fn read(text: &str) -> Option<Vec<Wish>> {
    if text.len() > MAX_INPUT {
        return None;
    }
    let tokens = tokenize(text)?;
    let mut wishes = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        match tokens[i] {
            Token::Enter => match (tokens.get(i + 1), tokens.get(i + 2)) {
                (Some(Token::Pawn(p)), next) if !matches!(next, Some(Token::Number(_))) => {
                    wishes.push(Wish::Enter(Some(*p)));
                    i += 1;
                }
                (Some(Token::Number(5)), _) => {
                    wishes.push(Wish::Enter(None));
                    i += 1;
                }
                _ => wishes.push(Wish::Enter(None)),
            },
            Token::Again => wishes.push(Wish::Again),
            Token::Pawn(p) => match tokens.get(i + 1) {
                Some(Token::Number(n)) => {
                    wishes.push(Wish::Step(p, Some(*n)));
                    i += 1;
                }
                _ => wishes.push(Wish::Step(p, None)),
            },
            Token::Number(_) => return None,
        }
        i += 1;
    }
    (!wishes.is_empty()).then_some(wishes)
}

fn tokenize(text: &str) -> Option<Vec<Token>> {
    let mut tokens = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c.is_ascii_alphabetic() {
            let mut word = String::new();
            while let Some(&c) = chars.peek().filter(|c| c.is_ascii_alphabetic()) {
                word.push(c.to_ascii_lowercase());
                chars.next();
            }
            match word.as_str() {
                "enter" | "e" | "in" => tokens.push(Token::Enter),
                "again" | "roll" | "reroll" => tokens.push(Token::Again),
                "bonus" | "and" | "then" | "spaces" | "space" => {}
                w => {
                    let mut letters = w.chars();
                    match (letters.next().and_then(pawn_index), letters.next()) {
                        (Some(p), None) => tokens.push(Token::Pawn(p)),
                        _ => return None,
                    }
                }
            }
        } else if c.is_ascii_digit() {
            let mut n: u32 = 0;
            while let Some(&d) = chars.peek().filter(|c| c.is_ascii_digit()) {
                n = (n * 10 + d.to_digit(10).unwrap_or(0)).min(1000);
                chars.next();
            }
            if n == 0 || n > 99 {
                return None;
            }
            tokens.push(Token::Number(n as u8));
        } else if c.is_whitespace() || ",;:.+-/&()".contains(c) {
            chars.next();
        } else {
            return None;
        }
    }
    Some(tokens)
}

/// One way of reading the wishes as legal parts, and where it leads.
type Reading = (Vec<Part>, Node);

/// Matches `wishes` against the legal parts from `node`; `Ok` with the shortest reading when
/// every reading leads to the same position, otherwise the readings' distinct results.
pub fn resolve(
    search: &mut Search,
    node: &Node,
    wishes: &[Wish],
) -> Result<Vec<Part>, Vec<Vec<Part>>> {
    let mut readings = Vec::new();
    let mut path = Vec::new();
    match_wishes(search, *node, wishes, &mut path, &mut readings);
    readings.sort_by_key(|(parts, _)| parts.len());
    let Some((first, end)) = readings.first().cloned() else {
        return Err(Vec::new());
    };
    if readings.iter().all(|(_, n)| *n == end) {
        return Ok(first);
    }
    let mut distinct: Vec<Reading> = Vec::new();
    for (parts, n) in readings {
        if !distinct.iter().any(|(_, d)| *d == n) {
            distinct.push((parts, n));
        }
    }
    Err(distinct.into_iter().map(|(p, _)| p).collect())
}

fn match_wishes(
    search: &mut Search,
    node: Node,
    wishes: &[Wish],
    path: &mut Vec<Part>,
    out: &mut Vec<Reading>,
) {
    let Some((&wish, rest)) = wishes.split_first() else {
        out.push((path.clone(), node));
        return;
    };
    if out.len() >= MAX_READINGS {
        return;
    }
    match wish {
        Wish::Step(pawn, Some(count)) => match_run(search, node, pawn, count, rest, path, out),
        _ => {
            for (part, child) in search.legal_next(&node) {
                let fits = match (wish, part) {
                    (Wish::Enter(_), Part::Enter) | (Wish::Again, Part::Again) => true,
                    (Wish::Step(p, None), Part::Step { pawn, count }) => p == pawn && count >= 10,
                    _ => false,
                };
                if fits {
                    path.push(part);
                    match_wishes(search, child, rest, path, out);
                    path.pop();
                }
            }
        }
    }
}

/// Matches one pawn moving `count` as one part, or as several dice parts in a row.
fn match_run(
    search: &mut Search,
    node: Node,
    pawn: u8,
    count: u8,
    rest: &[Wish],
    path: &mut Vec<Part>,
    out: &mut Vec<Reading>,
) {
    for (part, child) in search.legal_next(&node) {
        let Part::Step { pawn: p, count: c } = part else {
            continue;
        };
        if p != pawn || c > count {
            continue;
        }
        path.push(part);
        if c == count {
            match_wishes(search, child, rest, path, out);
        } else if c <= 6 && !child.bonus_phase {
            match_run(search, child, pawn, count - c, rest, path, out);
        }
        path.pop();
    }
}

/// Says in a few words why a pawn cannot move, for error messages.
pub fn why_text(why: Why, pawn: u8, count: u8) -> String {
    let name = pawn_letter(pawn).to_ascii_uppercase();
    match why {
        Why::InStart => format!("pawn {name} is in START; enter it with a 5 first"),
        Why::NoneWaiting => "no pawn is waiting in START".to_string(),
        Why::NoFive => "entering needs a 5, or two dice totalling 5".to_string(),
        Why::AtHome => format!("pawn {name} is already HOME"),
        Why::Overshoots { needs } => {
            format!("pawn {name} is {needs} from HOME and needs that exact count, not {count}")
        }
        Why::Blockade => format!("a blockade stands in pawn {name}'s way"),
        Why::OwnPair => "two of your pawns already stand there".to_string(),
        Why::BlockadeThere => "a blockade stands there".to_string(),
        Why::SafetyTaken => "an opponent holds that safety space".to_string(),
    }
}

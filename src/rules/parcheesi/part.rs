//! One part of a turn and how it is written: `enter`, `a5`, `c20`, `again`.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// One part of a turn: entering a pawn, moving a pawn by a die, a doubles part or a bonus,
/// or (pachesi) taking another roll instead of the capture bonus.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub enum Part {
    /// The lowest-lettered pawn in START enters on a 5 or on two dice totalling 5.
    Enter,
    /// Pawn 0–3 (A–D) moves `count` spaces: one die or doubles part, or a whole bonus.
    Step { pawn: u8, count: u8 },
    /// Take another roll instead of the capture bonus (pachesi).
    Again,
}

impl fmt::Display for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Part::Enter => f.write_str("enter"),
            Part::Again => f.write_str("again"),
            Part::Step { pawn, count } => write!(f, "{}{count}", pawn_letter(*pawn)),
        }
    }
}

impl FromStr for Part {
    type Err = String;

    /// Reads one part in its canonical form (`enter`, `again`, `a5`).
    fn from_str(s: &str) -> Result<Self, String> {
        let bad = || format!("not a part: {}", s.chars().take(12).collect::<String>());
        match s {
            "enter" => return Ok(Part::Enter),
            "again" => return Ok(Part::Again),
            _ => {}
        }
        let mut chars = s.chars();
        let pawn = chars.next().and_then(pawn_index).ok_or_else(bad)?;
        let count: u8 = chars.as_str().parse().map_err(|_| bad())?;
        if count == 0 {
            return Err(bad());
        }
        Ok(Part::Step { pawn, count })
    }
}

impl From<Part> for String {
    fn from(p: Part) -> String {
        p.to_string()
    }
}

impl TryFrom<String> for Part {
    type Error = String;

    fn try_from(s: String) -> Result<Self, String> {
        s.parse()
    }
}

/// Returns the letter drawn on pawn 0–3: `a`–`d`.
pub fn pawn_letter(pawn: u8) -> char {
    (b'a' + pawn.min(3)) as char
}

/// Returns the pawn a letter names, if it is one of a–d (either case).
pub fn pawn_index(c: char) -> Option<u8> {
    match c.to_ascii_lowercase() {
        c @ 'a'..='d' => Some(c as u8 - b'a'),
        _ => None,
    }
}

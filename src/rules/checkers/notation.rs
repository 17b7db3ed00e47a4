//! PDN move text (`11-15`, `15x24`, `15x24x31`, `15x31` when only one path leads there) and
//! the huffing answers (`huff 22`, `undo`, `pass`).

use std::fmt;

use super::board::BLACK;
use super::{CheckersGame, CheckersMove, is_jump, on_king_row, seat_name};
use crate::rules::{ParseError, Seat, shown};

/// The longest move text read: a twelve-jump king sequence is under 40 characters.
const LONGEST: usize = 64;

const WHAT: &str = "a checkers move";
const HINT: &str = "write squares 1-32 like `11-15` or `15x24x31`, or `huff 22`, `undo` or `pass`";

impl fmt::Display for CheckersMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckersMove::Path(path) => {
                let jump = matches!(path.as_slice(), [a, b, ..]
                    if (1..=32).contains(a) && (1..=32).contains(b) && is_jump(a - 1, b - 1));
                let sep = if jump { "x" } else { "-" };
                let words: Vec<String> = path.iter().map(u8::to_string).collect();
                f.write_str(&words.join(sep))
            }
            CheckersMove::Huff(square) => write!(f, "huff {square}"),
            CheckersMove::Undo => f.write_str("undo"),
            CheckersMove::Pass => f.write_str("pass"),
        }
    }
}

impl From<CheckersMove> for String {
    fn from(m: CheckersMove) -> String {
        m.to_string()
    }
}

impl TryFrom<String> for CheckersMove {
    type Error = String;

    /// Reads a stored move: its syntax only (legality is the game's to check).
    fn try_from(text: String) -> Result<Self, String> {
        read(&text).map_err(|e| e.to_string())
    }
}

/// Why text is not move syntax.
#[derive(Debug)]
enum Syntax {
    TooLong,
    Unreadable,
    Square(String),
}

impl fmt::Display for Syntax {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Syntax::TooLong => write!(f, "a move is at most {LONGEST} characters"),
            Syntax::Unreadable => f.write_str("not a checkers move"),
            Syntax::Square(s) => write!(f, "{s} is not a square from 1 to 32"),
        }
    }
}

/// Reads move syntax leniently: case, spaces, `-`/`x` between squares.
fn read(text: &str) -> Result<CheckersMove, Syntax> {
    if text.len() > LONGEST {
        return Err(Syntax::TooLong);
    }
    let t = text.trim().to_ascii_lowercase();
    match t.as_str() {
        "undo" | "cancel" => return Ok(CheckersMove::Undo),
        "pass" => return Ok(CheckersMove::Pass),
        _ => {}
    }
    if let Some(rest) = t.strip_prefix("huff") {
        let rest = rest.trim();
        return match rest.parse::<u8>() {
            Ok(s) if (1..=32).contains(&s) => Ok(CheckersMove::Huff(s)),
            _ if rest.is_empty() => Err(Syntax::Unreadable),
            _ => Err(Syntax::Square(rest.chars().take(8).collect())),
        };
    }
    let words: Vec<&str> = t
        .split(|c: char| matches!(c, '-' | 'x' | ':' | '–' | '—' | '×') || c.is_whitespace())
        .filter(|w| !w.is_empty())
        .collect();
    if words.len() < 2 || words.len() > super::board::MAX_PATH {
        return Err(Syntax::Unreadable);
    }
    let mut path = Vec::with_capacity(words.len());
    for w in words {
        if !w.chars().all(|c| c.is_ascii_digit()) {
            return Err(Syntax::Unreadable);
        }
        match w.parse::<u8>() {
            Ok(s) if (1..=32).contains(&s) => path.push(s),
            _ => return Err(Syntax::Square(w.chars().take(8).collect())),
        }
    }
    Ok(CheckersMove::Path(path))
}

/// Reads a player's text as a legal move of `game` for `seat`.
pub(super) fn parse(
    game: &CheckersGame,
    seat: Seat,
    text: &str,
) -> Result<CheckersMove, ParseError> {
    let examples = || game.examples_for(seat);
    if huff_without_square(text)
        && let Some(p) = game.pending()
        && seat == game.seat_to_move()
    {
        return match p.offenders.as_slice() {
            [one] => Ok(CheckersMove::Huff(one + 1)),
            many => Err(ParseError::Ambiguous {
                input: shown(text),
                candidates: many.iter().map(|b| format!("huff {}", b + 1)).collect(),
            }),
        };
    }
    let m = read(text).map_err(|e| match e {
        Syntax::Unreadable | Syntax::TooLong => ParseError::Unreadable {
            input: shown(text),
            what: WHAT,
            hint: HINT,
            examples: examples(),
        },
        Syntax::Square(_) => ParseError::Illegal {
            input: shown(text),
            reason: e.to_string(),
            examples: examples(),
        },
    })?;
    let illegal = |reason: String| ParseError::Illegal {
        input: shown(text),
        reason,
        examples: examples(),
    };
    let legal = crate::rules::Rules::legal(game, seat);
    if legal.contains(&m) {
        return Ok(m);
    }
    if legal.is_empty() {
        return Err(illegal(if game.outcome().is_some() {
            "the game is over".into()
        } else {
            "it is not your turn".into()
        }));
    }
    let CheckersMove::Path(path) = &m else {
        return Err(illegal(answer_reason(game, &m)));
    };
    // Start and end of a capture sequence: every legal path between them.
    let candidates: Vec<&CheckersMove> = legal
        .iter()
        .filter(|l| match l {
            CheckersMove::Path(p) => {
                p.len() > path.len() && p[0] == path[0] && p.last() == path.last()
            }
            _ => false,
        })
        .collect();
    match candidates.as_slice() {
        [one] => Ok((*one).clone()),
        [] => Err(illegal(path_reason(game, path))),
        many => Err(ParseError::Ambiguous {
            input: shown(text),
            candidates: many.iter().map(ToString::to_string).collect(),
        }),
    }
}

fn huff_without_square(text: &str) -> bool {
    text.trim().eq_ignore_ascii_case("huff")
}

/// Why a huff, undo or pass is refused.
fn answer_reason(game: &CheckersGame, m: &CheckersMove) -> String {
    match (m, game.pending()) {
        (_, None) => {
            "there is no failure to capture to answer: the opponent did not fail to capture".into()
        }
        (CheckersMove::Undo, Some(_)) => {
            "only the huff-004 ruleset lets a move be cancelled; `huff` or `pass`".into()
        }
        (CheckersMove::Huff(s), Some(p)) => {
            let names: Vec<String> = p.offenders.iter().map(|b| (b + 1).to_string()).collect();
            format!(
                "the piece on {s} is not one that could have captured; huff {}",
                names.join(" or ")
            )
        }
        _ => "that answer is not open now".into(),
    }
}

/// Why a path is refused, as precisely as the position says.
fn path_reason(game: &CheckersGame, path: &[u8]) -> String {
    let pos = game.board();
    let me = pos.turn;
    let from = path[0] - 1;
    let Some((side, king)) = pos.at(from) else {
        return format!("there is no piece on {}", path[0]);
    };
    if side != me {
        return format!("the piece on {} is {}'s", path[0], seat_name(side));
    }
    let to = path[path.len() - 1] - 1;
    if pos.occupied() & (1 << to) != 0 {
        return format!("{} is occupied", path[path.len() - 1]);
    }
    let lines = game.lines();
    if game.must_capture() {
        return "the move was cancelled: play one of the captures taking the most pieces".into();
    }
    if game.pending().is_none()
        && lines.iter().all(|l| l.captured != 0)
        && !lines.is_empty()
        && path.len() == 2
        && !is_jump(from, to)
    {
        return "a capture is open, and capturing is compulsory".into();
    }
    if let [a, b, ..] = path {
        let (f, t) = (a - 1, b - 1);
        let forward = if me == BLACK { t > f } else { t < f };
        if !king && !forward {
            return "a man moves and jumps forward only; only a king goes back".into();
        }
    }
    if lines.iter().any(|l| {
        l.path[0] == from
            && l.path.len() > path.len()
            && l.path
                .starts_with(&path.iter().map(|s| s - 1).collect::<Vec<_>>())
    }) {
        return "a capture sequence must be continued while there is something to jump".into();
    }
    if !king
        && path
            .iter()
            .skip(1)
            .rev()
            .skip(1)
            .any(|s| on_king_row(me, s - 1))
    {
        return "crowning ends the move".into();
    }
    "that piece cannot go there".into()
}

impl CheckersGame {
    /// A few legal moves for an error message: the answers first, then captures, then steps.
    fn examples_for(&self, seat: Seat) -> Vec<String> {
        crate::rules::Rules::legal(self, seat)
            .iter()
            .take(4)
            .map(ToString::to_string)
            .collect()
    }
}

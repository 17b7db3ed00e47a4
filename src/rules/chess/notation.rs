//! Reading chess moves as players type them: SAN or UCI, leniently, in any case.

use shakmaty::san::{San, SanPlus};
use shakmaty::uci::UciMove;
use shakmaty::{CastlingSide, Chess, File, Move, Position, Rank, Role, Square};

use super::reason::reason;

/// How many example moves an error offers.
const EXAMPLES: usize = 5;

pub use crate::rules::notation::ParseError;

/// What the player asked for, once the text is read.
pub(super) enum Wanted {
    Castle(CastlingSide),
    Uci(UciMove),
    San {
        role: Role,
        file: Option<File>,
        rank: Option<Rank>,
        to: Square,
        promotion: Option<Role>,
    },
}

/// Formats `m` (legal in `pos`) in SAN with `+` or `#`.
pub fn san_plus(pos: &Chess, m: Move) -> String {
    SanPlus::from_move(pos.clone(), m).to_string()
}

/// Reads `text` as a legal move of `pos`.
///
/// The text's readings come in groups, the likeliest first: the first group that fits a legal
/// move decides, and a group that fits several moves is ambiguous.
pub fn parse(pos: &Chess, text: &str) -> Result<Move, ParseError> {
    let input = crate::rules::shown(text);
    let groups = read(text);
    // Explain a failure with the likeliest reading, unless it names a piece the player lacks.
    let lacks = |w: &&Wanted| matches!(w, Wanted::San { role, .. } if !pos.our(*role).any());
    let readings: Vec<&Wanted> = groups.iter().flatten().collect();
    let Some(likeliest) = readings.iter().find(|w| !lacks(w)).or(readings.first()) else {
        return Err(ParseError::Unreadable {
            input,
            what: "a chess move",
            hint: "type it in SAN like Nf3, exd5, O-O or e8=Q, or as squares like e2e4",
            examples: examples(pos, None, EXAMPLES),
        });
    };
    let legal = pos.legal_moves();
    for group in &groups {
        let matching: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| group.iter().any(|w| fits(w, *m)))
            .collect();
        match matching.as_slice() {
            [] => continue,
            [m] => return Ok(*m),
            many => {
                return Err(ParseError::Ambiguous {
                    input,
                    candidates: many.iter().map(|m| san_plus(pos, *m)).collect(),
                });
            }
        }
    }
    Err(ParseError::Illegal {
        reason: reason(pos, likeliest),
        examples: examples(pos, target(likeliest), EXAMPLES),
        input,
    })
}

/// Returns up to `limit` legal moves in SAN, those reaching `to` first.
pub fn examples(pos: &Chess, to: Option<Square>, limit: usize) -> Vec<String> {
    let mut moves: Vec<Move> = pos.legal_moves().into_iter().collect();
    moves.sort_by_key(|m| {
        (
            Some(m.to()) != to,
            m.role() == Role::King,
            m.role() == Role::Pawn,
        )
    });
    moves
        .iter()
        .take(limit)
        .map(|m| san_plus(pos, *m))
        .collect()
}

/// Parses lenient notation into groups of what the player may want, the likeliest group
/// first; empty if it is not notation.
///
/// Case does not matter: `E4`, `NF3`, `EXD5` and `E8=Q` read as `e4`, `Nf3`, `exd5`, `e8=Q`.
/// A leading `B` is a bishop in ordinary SAN (`Bxc3`) and a `b` a b-pawn first (`bxc3`),
/// but in text written all in capitals (`BXC3`) it may be either: both readings share a
/// group, so a position where both fit is ambiguous.
fn read(text: &str) -> Vec<Vec<Wanted>> {
    let text = text.trim();
    if text.is_empty() || text.len() > 16 || !text.is_ascii() {
        return Vec::new();
    }
    let core = text.trim_end_matches(['+', '#', '!', '?', ' ']);
    let squeezed: String = core.chars().filter(|c| !c.is_whitespace()).collect();
    let castle = squeezed
        .to_ascii_uppercase()
        .replace('0', "O")
        .replace('-', "");
    match castle.as_str() {
        "OO" => return vec![vec![Wanted::Castle(CastlingSide::KingSide)]],
        "OOO" => return vec![vec![Wanted::Castle(CastlingSide::QueenSide)]],
        _ => {}
    }
    let shouted = !squeezed.bytes().any(|b| b.is_ascii_lowercase());
    // Squares only (UCI or long algebraic without a piece): e2e4, e2-e4, e7xe8q, E7E8=Q.
    let plain: String = squeezed
        .chars()
        .filter(|c| !matches!(c, '-' | 'x' | 'X' | '=' | ':'))
        .collect::<String>()
        .to_ascii_lowercase();
    let uci = is_square_pair(&plain)
        .then(|| UciMove::from_ascii(plain.as_bytes()).ok())
        .flatten()
        .map(Wanted::Uci);
    let (likely, bishop) = read_san(&squeezed);
    if shouted {
        let mut group = likely;
        group.extend(bishop);
        group.extend(uci);
        return vec![group];
    }
    let mut groups: Vec<Vec<Wanted>> = likely.into_iter().map(|w| vec![w]).collect();
    groups.extend(bishop.map(|w| vec![w]));
    if let Some(uci) = uci {
        // "B4g3" is a bishop move in SAN before it is squares; "b4g3" or "e2e4" are squares first.
        if squeezed.starts_with('B') {
            groups.push(vec![uci]);
        } else {
            groups.insert(0, vec![uci]);
        }
    }
    groups
}

fn is_square_pair(s: &str) -> bool {
    let b = s.as_bytes();
    let square = |i: usize| matches!(b[i], b'a'..=b'h') && matches!(b[i + 1], b'1'..=b'8');
    (b.len() == 4 || (b.len() == 5 && matches!(b[4], b'q' | b'r' | b'b' | b'n' | b'k')))
        && square(0)
        && square(2)
}

/// Reads SAN in any case, forgiving a missing `=` and dashes: the likely readings, and the
/// bishop reading of a leading `b` (a b-pawn is likelier), if there is one.
fn read_san(text: &str) -> (Vec<Wanted>, Option<Wanted>) {
    let text: String = text.chars().filter(|c| *c != '-').collect();
    let mut chars = text.chars();
    let Some(first) = chars.next() else {
        return (Vec::new(), None);
    };
    // Squares, capture marks and the promotion piece are read in lower case, then the
    // promotion piece is written as SAN wants it: e8q, exd8Q, e8=q, E8=Q become e8=Q.
    let mut rest: String = chars.as_str().to_ascii_lowercase();
    let bytes = rest.as_bytes();
    if let Some(&last) = bytes.last()
        && matches!(last, b'q' | b'r' | b'b' | b'n' | b'k')
        && bytes.len() >= 2
    {
        let before = bytes[bytes.len() - 2];
        if before.is_ascii_digit() || before == b'=' {
            rest.pop();
            if rest.ends_with('=') {
                rest.pop();
            }
            rest.push('=');
            rest.push(char::from(last.to_ascii_uppercase()));
        }
    }
    let piece = |letter: char| format!("{}{rest}", letter.to_ascii_uppercase());
    let pawn = format!("{}{rest}", first.to_ascii_lowercase());
    let (likely, bishop) = match first {
        'K' | 'Q' | 'R' | 'N' | 'k' | 'q' | 'r' | 'n' => (vec![piece(first)], None),
        'B' if !text.bytes().any(|b| b.is_ascii_lowercase()) => (vec![pawn], Some(piece('B'))),
        'B' => (vec![piece('B')], None),
        'b' => (vec![pawn], Some(piece('B'))),
        _ => (vec![pawn], None),
    };
    let likely = likely.iter().filter_map(|t| san(t)).collect();
    (likely, bishop.and_then(|t| san(&t)))
}

/// Parses one spelling as SAN.
fn san(text: &str) -> Option<Wanted> {
    match San::from_ascii(text.as_bytes()) {
        Ok(San::Normal {
            role,
            file,
            rank,
            to,
            promotion,
            ..
        }) => Some(Wanted::San {
            role,
            file,
            rank,
            to,
            promotion,
        }),
        Ok(San::Castle(side)) => Some(Wanted::Castle(side)),
        _ => None,
    }
}

/// Decides whether a legal move is what the player asked for (capture marks are not required).
fn fits(wanted: &Wanted, m: Move) -> bool {
    match *wanted {
        Wanted::Castle(side) => m.castling_side() == Some(side),
        Wanted::Uci(uci) => uci == UciMove::from_standard(m) || uci == UciMove::from_chess960(m),
        Wanted::San {
            role,
            file,
            rank,
            to,
            promotion,
        } => {
            let Some(from) = m.from() else { return false };
            if m.role() != role || m.to() != to || m.promotion() != promotion || m.is_castle() {
                return false;
            }
            let rank_ok = rank.is_none_or(|r| r == from.rank());
            if role == Role::Pawn && m.is_capture() {
                // A pawn capture must name the file it comes from: exd5, not d5.
                rank_ok && file == Some(from.file())
            } else {
                rank_ok && file.is_none_or(|f| f == from.file())
            }
        }
    }
}

/// Returns the square the player wanted to reach, if the reading names one.
fn target(wanted: &Wanted) -> Option<Square> {
    match *wanted {
        Wanted::Castle(_) => None,
        Wanted::Uci(uci) => match uci {
            UciMove::Normal { to, .. } | UciMove::Put { to, .. } => Some(to),
            UciMove::Null => None,
        },
        Wanted::San { to, .. } => Some(to),
    }
}

//! Reading chess moves as players type them (SAN or UCI, leniently) and saying why one fails.

use shakmaty::san::{San, SanPlus};
use shakmaty::uci::UciMove;
use shakmaty::{CastlingSide, Chess, File, Move, Position, Rank, Role, Square, attacks};

/// How many example moves an error offers.
const EXAMPLES: usize = 5;

pub use crate::rules::notation::ParseError;

/// What the player asked for, once the text is read.
enum Wanted {
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
pub fn parse(pos: &Chess, text: &str) -> Result<Move, ParseError> {
    let input = crate::rules::shown(text);
    let readings = read(text);
    let Some(first) = readings.first() else {
        return Err(ParseError::Unreadable {
            input,
            what: "a chess move",
            hint: "type it in SAN like Nf3, exd5, O-O or e8=Q, or as squares like e2e4",
            examples: examples(pos, None, EXAMPLES),
        });
    };
    let legal = pos.legal_moves();
    for wanted in &readings {
        let matching: Vec<Move> = legal.iter().copied().filter(|m| fits(wanted, *m)).collect();
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
    // Explain with the most likely reading, unless it names a piece the player does not have.
    let lacks = |w: &&Wanted| matches!(w, Wanted::San { role, .. } if !pos.our(*role).any());
    let wanted = if lacks(&first) {
        readings.iter().find(|w| !lacks(w)).unwrap_or(first)
    } else {
        first
    };
    Err(ParseError::Illegal {
        reason: reason(pos, wanted),
        examples: examples(pos, target(wanted), EXAMPLES),
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

/// Parses lenient notation into what the player may want, most likely first; empty if it is not notation.
fn read(text: &str) -> Vec<Wanted> {
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
        "OO" => return vec![Wanted::Castle(CastlingSide::KingSide)],
        "OOO" => return vec![Wanted::Castle(CastlingSide::QueenSide)],
        _ => {}
    }
    // Squares only (UCI or long algebraic without a piece): e2e4, e2-e4, e7xe8q, e7e8=Q.
    let plain: String = squeezed
        .chars()
        .filter(|c| !matches!(c, '-' | 'x' | 'X' | '=' | ':'))
        .collect::<String>()
        .to_ascii_lowercase();
    let mut readings = read_san(&squeezed);
    if is_square_pair(&plain)
        && let Ok(uci) = UciMove::from_ascii(plain.as_bytes())
    {
        // "B4g3" is a bishop move in SAN before it is squares; "b4g3" or "E2E4" are squares first.
        if squeezed.starts_with('B') {
            readings.push(Wanted::Uci(uci));
        } else {
            readings.insert(0, Wanted::Uci(uci));
        }
    }
    readings
}

fn is_square_pair(s: &str) -> bool {
    let b = s.as_bytes();
    let square = |i: usize| matches!(b[i], b'a'..=b'h') && matches!(b[i + 1], b'1'..=b'8');
    (b.len() == 4 || (b.len() == 5 && matches!(b[4], b'q' | b'r' | b'b' | b'n')))
        && square(0)
        && square(2)
}

/// Reads SAN, forgiving lowercase piece letters, a missing `=` and dashes.
fn read_san(text: &str) -> Vec<Wanted> {
    let mut s: String = text.chars().filter(|c| *c != '-').collect();
    // A promotion piece written without '=' or in lowercase: e8q, exd8Q, e8=q.
    let bytes = s.as_bytes();
    if let Some(&last) = bytes.last()
        && matches!(last.to_ascii_lowercase(), b'q' | b'r' | b'b' | b'n')
        && bytes.len() >= 3
    {
        let before = bytes[bytes.len() - 2];
        if before.is_ascii_digit() || before == b'=' {
            s.pop();
            if s.ends_with('=') {
                s.pop();
            }
            s.push('=');
            s.push(char::from(last.to_ascii_uppercase()));
        }
    }
    let mut tries = vec![s.clone()];
    // A lowercase piece letter: nf3, kxe2; 'b' is a pawn file first, a bishop second.
    if let Some(first) = s.chars().next()
        && matches!(first, 'k' | 'q' | 'r' | 'n' | 'b')
    {
        let upper = format!("{}{}", first.to_ascii_uppercase(), &s[1..]);
        if first == 'b' {
            tries.push(upper);
        } else {
            tries.insert(0, upper);
        }
    }
    tries
        .iter()
        .filter_map(|t| match San::from_ascii(t.as_bytes()) {
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
        })
        .collect()
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

/// Explains in words why no legal move fits.
fn reason(pos: &Chess, wanted: &Wanted) -> String {
    let us = pos.turn();
    let board = pos.board();
    match *wanted {
        Wanted::Castle(side) => {
            let name = match side {
                CastlingSide::KingSide => "kingside",
                CastlingSide::QueenSide => "queenside",
            };
            if !pos.castles().has(us, side) {
                format!("you can no longer castle {name}")
            } else if pos.is_check() {
                "you cannot castle while in check".to_string()
            } else if (pos.castles().path(us, side) & board.occupied()).any() {
                format!("pieces stand between your king and rook on the {name}")
            } else {
                "your king would pass through or land on an attacked square".to_string()
            }
        }
        Wanted::Uci(UciMove::Normal {
            from,
            to,
            promotion,
        }) => match board.piece_at(from) {
            None => format!("there is no piece on {from}"),
            Some(p) if p.color != us => format!("the piece on {from} is not yours"),
            Some(p) => {
                if p.role == Role::Pawn
                    && matches!(to.rank(), Rank::First | Rank::Eighth)
                    && promotion.is_none()
                {
                    return format!("say what the pawn becomes, e.g. {from}{to}q");
                }
                why_not(pos, p.role, Some(from), to)
            }
        },
        Wanted::Uci(_) => "that is not a chess move".to_string(),
        Wanted::San {
            role,
            file,
            rank,
            to,
            promotion,
        } => {
            if role == Role::Pawn
                && promotion.is_none()
                && matches!(to.rank(), Rank::First | Rank::Eighth)
            {
                return format!("say what the pawn becomes, e.g. {to}=Q");
            }
            if role != Role::Pawn && promotion.is_some() {
                return "only pawns promote".to_string();
            }
            let from = match (file, rank) {
                (Some(f), Some(r)) => Some(Square::from_coords(f, r)),
                _ => None,
            };
            why_not(pos, role, from, to)
        }
    }
}

/// Explains why no `role` of the mover (from `from`, if given) can go to `to`.
fn why_not(pos: &Chess, role: Role, from: Option<Square>, to: Square) -> String {
    let us = pos.turn();
    let board = pos.board();
    let name = role_name(role);
    let ours = pos.our(role);
    if ours.is_empty() {
        return format!("you have no {name}");
    }
    if board.color_at(to) == Some(us) {
        return format!("your own piece stands on {to}");
    }
    let occupied = board.occupied();
    let reaches = ours
        .into_iter()
        .filter(|sq| from.is_none_or(|f| f == *sq))
        .any(|sq| {
            if role == Role::Pawn {
                pawn_reaches(pos, sq, to)
            } else {
                attacks::attacks(sq, role.of(us), occupied).contains(to)
            }
        });
    if !reaches {
        return match from {
            Some(f) => format!("the {name} on {f} cannot move to {to}"),
            None => format!("none of your {}s can reach {to}", name),
        };
    }
    if role == Role::King {
        "your king would be in check there".to_string()
    } else if pos.is_check() {
        "your king is in check, and that move does not get it out".to_string()
    } else {
        "it would leave your king in check".to_string()
    }
}

fn pawn_reaches(pos: &Chess, from: Square, to: Square) -> bool {
    let us = pos.turn();
    let board = pos.board();
    if attacks::pawn_attacks(us, from).contains(to) {
        return board.color_at(to) == Some(!us) || pos.maybe_ep_square() == Some(to);
    }
    let step = |sq: Square| sq.offset(if us.is_white() { 8 } else { -8 });
    let Some(one) = step(from) else { return false };
    if board.piece_at(one).is_some() {
        return false;
    }
    if one == to {
        return true;
    }
    let home = if us.is_white() {
        Rank::Second
    } else {
        Rank::Seventh
    };
    from.rank() == home && step(one) == Some(to) && board.piece_at(to).is_none()
}

fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}

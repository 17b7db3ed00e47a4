//! Saying truly why no legal move fits what a player typed: no piece of theirs there can
//! reach the square, there is nothing to capture, a pawn cannot become a king, the king would
//! be left in check...

use shakmaty::uci::UciMove;
use shakmaty::{Bitboard, CastlingSide, Chess, Color, File, Position, Rank, Role, Square, attacks};

use super::notation::Wanted;

/// Explains in words why no legal move fits `wanted`.
pub(super) fn reason(pos: &Chess, wanted: &Wanted) -> String {
    let us = pos.turn();
    let board = pos.board();
    match *wanted {
        Wanted::Castle(side) => castling(pos, side),
        Wanted::Uci(UciMove::Normal {
            from,
            to,
            promotion,
        }) => match board.piece_at(from) {
            None => format!("there is no piece on {from}"),
            Some(p) if p.color != us => format!("the piece on {from} is not yours"),
            Some(p) => {
                let hint = format!("{from}{to}q");
                if let Some(why) = promotion_fault(us, p.role, to, promotion, &hint) {
                    return why;
                }
                why_not(
                    pos,
                    p.role,
                    Bitboard::from_square(from),
                    from.file() != to.file(),
                    to,
                )
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
            let hint = match file {
                Some(f) if role == Role::Pawn && f != to.file() => format!("{f}x{to}=Q"),
                _ => format!("{to}=Q"),
            };
            if let Some(why) = promotion_fault(us, role, to, promotion, &hint) {
                return why;
            }
            let ours = pos.our(role);
            if ours.is_empty() {
                return format!("you have no {}", role_name(role));
            }
            let from = ours
                & file.map_or(Bitboard::FULL, Bitboard::from_file)
                & rank.map_or(Bitboard::FULL, Bitboard::from_rank);
            if from.is_empty() {
                return format!("you have no {} {}", role_name(role), place(file, rank));
            }
            let sideways = role == Role::Pawn && file.is_some_and(|f| f != to.file());
            why_not(pos, role, from, sideways, to)
        }
    }
}

/// Says what is wrong with a promotion (asked for or missing), if anything.
fn promotion_fault(
    us: Color,
    role: Role,
    to: Square,
    promotion: Option<Role>,
    hint: &str,
) -> Option<String> {
    let last = us.relative_rank(Rank::Eighth);
    match (role, promotion) {
        (Role::Pawn, Some(Role::King)) => Some("a pawn cannot become a king".into()),
        (Role::Pawn, Some(Role::Pawn)) => Some("a pawn must become a piece".into()),
        (Role::Pawn, Some(_)) if to.rank() != last => Some(format!(
            "a pawn is promoted only on reaching the {} rank",
            rank_word(last)
        )),
        (Role::Pawn, None) if to.rank() == last => {
            Some(format!("say what the pawn becomes, e.g. {hint}"))
        }
        (Role::Pawn, _) | (_, None) => None,
        (_, Some(_)) => Some("only pawns are promoted".into()),
    }
}

/// Explains why none of the mover's `role` pieces on `from` can go to `to`; `sideways` marks
/// a pawn asked to capture (it changes file).
fn why_not(pos: &Chess, role: Role, from: Bitboard, sideways: bool, to: Square) -> String {
    let us = pos.turn();
    let board = pos.board();
    let name = role_name(role);
    if board.color_at(to) == Some(us) {
        return format!("your own piece stands on {to}");
    }
    let single = from.single_square();
    let subject = match single {
        Some(sq) => format!("your {name} on {sq}"),
        None => format!("none of your {name}s"),
    };
    let reaching: Vec<Square> = from
        .into_iter()
        .filter(|sq| reaches(pos, role, *sq, to))
        .collect();
    if reaching.is_empty() {
        if role == Role::Pawn {
            return pawn_fault(pos, from, sideways, to, &subject);
        }
        // A piece that would reach `to` on an empty board is blocked on the way.
        let open: Vec<Square> = from
            .into_iter()
            .filter(|sq| attacks::attacks(*sq, role.of(us), Bitboard::EMPTY).contains(to))
            .collect();
        return match (open.as_slice(), single) {
            ([sq], _) => format!("your {name} on {sq} is blocked on the way to {to}"),
            ([_, ..], _) => format!("your {name}s are blocked on the way to {to}"),
            ([], Some(_)) => format!("{subject} cannot reach {to}"),
            ([], None) => format!("{subject} can reach {to}"),
        };
    }
    if role == Role::King {
        format!("your king would be in check on {to}")
    } else if pos.is_check() {
        "your king is in check, and that move does not get it out".to_string()
    } else if let [sq] = reaching.as_slice() {
        format!("your {name} on {sq} is pinned: moving it would leave your king in check")
    } else {
        "it would leave your king in check".to_string()
    }
}

/// Explains why no pawn on `from` can go to `to`.
fn pawn_fault(pos: &Chess, from: Bitboard, sideways: bool, to: Square, subject: &str) -> String {
    let us = pos.turn();
    let attackers = from
        .into_iter()
        .any(|sq| attacks::pawn_attacks(us, sq).contains(to));
    if attackers && pos.board().color_at(to).is_none() {
        return format!("there is nothing to capture on {to}");
    }
    if !sideways && pos.board().color_at(to) == Some(!us) && pushes(pos, from, to) {
        return format!("a pawn captures only diagonally, and {to} is taken");
    }
    if subject.starts_with("none") {
        format!("{subject} can reach {to}")
    } else {
        format!("{subject} cannot reach {to}")
    }
}

/// Tells whether a pawn on `from` would reach `to` going straight ahead if `to` were empty.
fn pushes(pos: &Chess, from: Bitboard, to: Square) -> bool {
    let us = pos.turn();
    let step = |sq: Square| sq.offset(if us.is_white() { 8 } else { -8 });
    from.into_iter().any(|sq| {
        let Some(one) = step(sq) else { return false };
        one == to
            || (sq.rank() == us.relative_rank(Rank::Second)
                && pos.board().piece_at(one).is_none()
                && step(one) == Some(to))
    })
}

/// Tells whether the mover's `role` on `from` could go to `to`, the king's safety aside.
fn reaches(pos: &Chess, role: Role, from: Square, to: Square) -> bool {
    let us = pos.turn();
    let board = pos.board();
    if role != Role::Pawn {
        return attacks::attacks(from, role.of(us), board.occupied()).contains(to);
    }
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
    from.rank() == us.relative_rank(Rank::Second)
        && step(one) == Some(to)
        && board.piece_at(to).is_none()
}

/// Explains why castling to `side` is not legal.
fn castling(pos: &Chess, side: CastlingSide) -> String {
    let us = pos.turn();
    let name = match side {
        CastlingSide::KingSide => "kingside",
        CastlingSide::QueenSide => "queenside",
    };
    if !pos.castles().has(us, side) {
        format!("you can no longer castle {name}")
    } else if pos.is_check() {
        "you cannot castle while in check".to_string()
    } else if (pos.castles().path(us, side) & pos.board().occupied()).any() {
        format!("pieces stand between your king and rook on the {name}")
    } else {
        "your king would pass through or land on an attacked square".to_string()
    }
}

/// Names where a SAN move said its piece stands: `on the b-file`, `on rank 1`, `on b1`.
fn place(file: Option<File>, rank: Option<Rank>) -> String {
    match (file, rank) {
        (Some(f), Some(r)) => format!("on {}", Square::from_coords(f, r)),
        (Some(f), None) => format!("on the {}-file", f.char()),
        (None, Some(r)) => format!("on rank {}", r.char()),
        (None, None) => String::new(),
    }
}

fn rank_word(rank: Rank) -> &'static str {
    match rank {
        Rank::First => "first",
        _ => "eighth",
    }
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

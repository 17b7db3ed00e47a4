//! The position string, PDN FEN (`B:W21,22,K30:B1,2,K9`): the side to move, then White's and
//! Black's pieces, kings marked `K`.

use super::board::{BLACK, Position, WHITE};
use super::{on_king_row, seat_name};
use crate::rules::{Seat, shown};

/// The longest PDN FEN read: 24 pieces with ranges and kings fit easily.
const LONGEST_FEN: usize = 200;

/// Writes a position as PDN FEN: the side to move, then White's and Black's pieces.
pub(super) fn fen(pos: &Position) -> String {
    let side = |s: Seat| {
        let mut words = Vec::new();
        for b in 0..32u8 {
            let bit = 1u32 << b;
            if pos.men[s] & bit != 0 {
                words.push((b + 1).to_string());
            } else if pos.kings[s] & bit != 0 {
                words.push(format!("K{}", b + 1));
            }
        }
        words.join(",")
    };
    format!(
        "{}:W{}:B{}",
        if pos.turn == BLACK { 'B' } else { 'W' },
        side(WHITE),
        side(BLACK)
    )
}

/// Reads PDN FEN: `B` or `W` to move, then `W` and `B` piece lists (either order, either may
/// be missing), squares with `K` for kings and ranges like `1-12`, an optional final `.`.
pub(super) fn read_fen(text: &str) -> Result<Position, String> {
    if text.len() > LONGEST_FEN {
        return Err(format!(
            "a PDN FEN is at most {LONGEST_FEN} characters, like `B:W21-32:B1-12`"
        ));
    }
    let t: String = text
        .trim()
        .trim_end_matches('.')
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '"')
        .collect::<String>()
        .to_ascii_uppercase();
    let mut fields = t.split(':');
    let turn = match fields.next() {
        Some("B") => BLACK,
        Some("W") => WHITE,
        _ => {
            return Err(
                "a PDN FEN starts with the side to move, B or W, like `B:W21-32:B1-12`".into(),
            );
        }
    };
    let mut pos = Position {
        men: [0, 0],
        kings: [0, 0],
        turn,
    };
    let mut seen = [false; 2];
    for field in fields {
        let side = match field.as_bytes().first() {
            Some(b'B') => BLACK,
            Some(b'W') => WHITE,
            _ => {
                return Err(format!(
                    "{} is not a piece list: it starts with W or B",
                    shown(field)
                ));
            }
        };
        if std::mem::replace(&mut seen[side], true) {
            return Err(format!("{}'s pieces are listed twice", seat_name(side)));
        }
        for item in field[1..].split(',').filter(|w| !w.is_empty()) {
            place(&mut pos, side, item)?;
        }
        if pos.pieces(side).count_ones() > 12 {
            return Err(format!("{} has more than twelve pieces", seat_name(side)));
        }
    }
    Ok(pos)
}

/// Places the pieces of one item of `side`'s list in `pos`: a square or a range of squares
/// (`13`, `1-12`), kings with a leading `K`.
fn place(pos: &mut Position, side: Seat, item: &str) -> Result<(), String> {
    let (king, squares) = match item.strip_prefix('K') {
        Some(rest) => (true, rest),
        None => (false, item),
    };
    let number = |w: &str| match w.parse::<u8>() {
        Ok(s) if (1..=32).contains(&s) => Ok(s - 1),
        _ => Err(format!("{} is not a square from 1 to 32", shown(w))),
    };
    let (lo, hi) = match squares.split_once('-') {
        Some((a, b)) => (number(a)?, number(b)?),
        None => (number(squares)?, number(squares)?),
    };
    if lo > hi {
        return Err(format!("the range {} runs backwards", shown(item)));
    }
    for b in lo..=hi {
        let bit = 1u32 << b;
        if pos.occupied() & bit != 0 {
            return Err(format!("square {} is given twice", b + 1));
        }
        if king {
            pos.kings[side] |= bit;
        } else if on_king_row(side, b) {
            return Err(format!(
                "a {} man on {} would have been crowned: write K{}",
                seat_name(side),
                b + 1,
                b + 1
            ));
        } else {
            pos.men[side] |= bit;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_reads_and_writes() {
        let start = read_fen("B:W21-32:B1-12").unwrap();
        assert_eq!(start, Position::START);
        let text = fen(&start);
        assert_eq!(read_fen(&text).unwrap(), start);
        assert!(read_fen("B:W29:B5").is_ok(), "a white man on 29 is fine");
        assert!(read_fen("B:W1:B5").is_err(), "a white man on 1 is a king");
    }
}

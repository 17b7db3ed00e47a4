//! gnubg position IDs: 14 base64 characters holding both sides' checkers.
//!
//! The 80-bit key is written as run lengths, 25 per side (the points 1–24 and the bar): a one
//! for each checker and a zero to end the point, least significant bit first. gnubg 1.07 puts
//! the side **not** on roll first, then the side on roll (its manual says the opposite; the
//! program is what players paste from, so we follow the program).

use super::board::{CHECKERS, Side, View};

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Why text is not a gnubg position ID.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionIdError {
    #[error("a gnubg position ID is 14 characters of A–Z, a–z, 0–9, + and /")]
    Format,
    #[error("that position ID does not describe a board")]
    Board,
    #[error("that position ID gives a side more than 15 checkers")]
    TooMany,
}

/// Returns the position ID of `view`, the player on roll being `view.me`.
pub fn encode(view: &View) -> String {
    let mut key = [0u8; 10];
    let mut bit = 0usize;
    for side in [&view.opp, &view.me] {
        for n in side {
            for _ in 0..*n {
                key[bit / 8] |= 1 << (bit % 8);
                bit += 1;
            }
            bit += 1;
        }
    }
    let mut out = String::with_capacity(14);
    for chunk in key.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let sextets = [
            b[0] >> 2,
            ((b[0] & 3) << 4) | (b[1] >> 4),
            ((b[1] & 15) << 2) | (b[2] >> 6),
            b[2] & 63,
        ];
        let keep = chunk.len() + 1;
        for s in &sextets[..keep] {
            out.push(char::from(ALPHABET[usize::from(*s)]));
        }
    }
    out
}

/// Reads a position ID into the view of the player on roll.
///
/// # Errors
/// Fails when the text is not 14 base64 characters, its bits do not end both sides, or a side
/// has more than 15 checkers.
pub fn decode(text: &str) -> Result<View, PositionIdError> {
    let text = text.trim();
    if text.len() != 14 {
        return Err(PositionIdError::Format);
    }
    let mut sextets = [0u8; 16];
    for (i, c) in text.bytes().enumerate() {
        let v = ALPHABET
            .iter()
            .position(|a| *a == c)
            .ok_or(PositionIdError::Format)?;
        sextets[i] = v as u8;
    }
    let mut key = [0u8; 12];
    for (i, q) in sextets.chunks(4).enumerate() {
        key[3 * i] = (q[0] << 2) | (q[1] >> 4);
        key[3 * i + 1] = (q[1] << 4) | (q[2] >> 2);
        key[3 * i + 2] = (q[2] << 6) | q[3];
    }
    let mut sides: [Side; 2] = [[0; 25]; 2];
    let mut bit = 0usize;
    for side in &mut sides {
        for point in side.iter_mut() {
            loop {
                if bit >= 80 {
                    return Err(PositionIdError::Board);
                }
                let one = key[bit / 8] >> (bit % 8) & 1 == 1;
                bit += 1;
                if !one {
                    break;
                }
                *point += 1;
                if *point > CHECKERS {
                    return Err(PositionIdError::TooMany);
                }
            }
        }
        if side.iter().map(|n| u32::from(*n)).sum::<u32>() > u32::from(CHECKERS) {
            return Err(PositionIdError::TooMany);
        }
    }
    let [opp, me] = sides;
    Ok(View { me, opp })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::backgammon::board::START;

    #[test]
    fn the_opening_position_is_4hpwatdgc_abma() {
        let view = View {
            me: START,
            opp: START,
        };
        assert_eq!(encode(&view), "4HPwATDgc/ABMA");
        assert_eq!(decode("4HPwATDgc/ABMA"), Ok(view));
    }

    #[test]
    fn the_side_not_on_roll_comes_first() {
        let view = decode("4P8DABgAEAAAAA").unwrap();
        assert_eq!(view.me[12], 1);
        assert_eq!(view.opp[5], 13);
        assert_eq!(view.opp[22], 2);
        assert_eq!(encode(&view), "4P8DABgAEAAAAA");
    }

    #[test]
    fn damaged_ids_are_errors() {
        for bad in [
            "",
            "4HPwATDgc/ABM",
            "4HPwATDgc/AB!A",
            "//////////////",
            "ÄHPwATDgc/ABM",
        ] {
            assert!(decode(bad).is_err(), "{bad}");
        }
    }
}

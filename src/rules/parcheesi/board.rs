//! The cross-and-circle board: 68 track spaces, 12 safety spaces, four 7-space home paths.
//!
//! A pawn's place is one number, its *progress*: 0 in START, 1 on its ENTER space, 64 on the
//! track space where it turns off (63 steps past ENTER), 65–71 up its home path, 72 HOME.
//! So a move of `n` spaces adds `n`, and HOME needs an exact count (rules-facts §4: 71 steps
//! from ENTER to HOME, HOME counting as a space).

use serde::{Deserialize, Serialize};

use super::Seat;

/// Spaces on the shared track (4 arms of 17).
pub const TRACK: u8 = 68;
/// Track spaces between one colour's ENTER space and the next.
pub const ARM: u8 = 17;
/// Progress of a pawn waiting in START.
pub const START: u8 = 0;
/// Progress of a pawn on its ENTER space.
pub const ENTER: u8 = 1;
/// Progress on the last track space before the home path.
pub const TURN_OFF: u8 = 64;
/// Progress of a pawn that reached HOME.
pub const HOME: u8 = 72;
/// Spaces on a home path.
pub const HOME_PATH: u8 = 7;

/// Where a pawn stands, in board terms (for renderers and messages).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "at", content = "space", rename_all = "snake_case")]
pub enum Place {
    /// Waiting in its START circle.
    Start,
    /// On the shared track, 0–67; Red's ENTER space is 0 and play runs upwards.
    Track(u8),
    /// On its own home path, 1 (first) to 7 (last before HOME).
    HomePath(u8),
    /// HOME.
    Home,
}

/// Returns the track space of `colour`'s ENTER space: Red 0, Blue 17, Yellow 34, Green 51.
pub fn entry_space(colour: Seat) -> u8 {
    (colour as u8 % 4) * ARM
}

/// Returns the track space `colour` turns off from into its home path (5 behind its ENTER).
pub fn turn_off_space(colour: Seat) -> u8 {
    (entry_space(colour) + TRACK - 5) % TRACK
}

/// Tells whether a track space is a safety space: each arm's ENTER space, the space 7
/// past it, and the next colour's turn-off space 12 past it (rules-facts §4).
pub fn is_safety(space: u8) -> bool {
    matches!(space % ARM, 0 | 7 | 12)
}

/// Returns the place of a pawn of `colour` with `progress`.
pub fn place(colour: Seat, progress: u8) -> Place {
    match progress {
        START => Place::Start,
        ENTER..=TURN_OFF => Place::Track(track_space(colour, progress)),
        HOME => Place::Home,
        p => Place::HomePath(p.min(HOME - 1) - TURN_OFF),
    }
}

/// Returns the track space of a pawn of `colour` at `progress` (1 to 64).
pub fn track_space(colour: Seat, progress: u8) -> u8 {
    (entry_space(colour) + progress - 1) % TRACK
}

/// Who stands on each track space: an owner and a count, built from the pawns.
#[derive(Clone, Copy, Debug)]
pub struct Board {
    owner: [u8; TRACK as usize],
    count: [u8; TRACK as usize],
}

impl Board {
    /// Builds the occupancy of the track from every seat's pawns.
    pub fn of(pawns: &[[u8; 4]]) -> Board {
        let mut board = Board {
            owner: [0; TRACK as usize],
            count: [0; TRACK as usize],
        };
        for (seat, set) in pawns.iter().enumerate() {
            for &p in set {
                if (ENTER..=TURN_OFF).contains(&p) {
                    let s = track_space(seat, p) as usize;
                    board.owner[s] = seat as u8;
                    board.count[s] += 1;
                }
            }
        }
        board
    }

    /// Returns the owner and number of pawns on a track space (count 0 when empty).
    pub fn at(&self, space: u8) -> (Seat, u8) {
        let s = space as usize;
        (self.owner[s] as Seat, self.count[s])
    }
}

/// Counts `colour`'s pawns with exactly `progress`.
pub fn own_count(pawns: &[u8; 4], progress: u8) -> u8 {
    pawns.iter().filter(|&&p| p == progress).count() as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn twelve_safety_spaces_on_the_track() {
        assert_eq!((0..TRACK).filter(|&s| is_safety(s)).count(), 12);
        for colour in 0..4 {
            assert!(is_safety(entry_space(colour)));
            assert!(is_safety(turn_off_space(colour)));
        }
    }

    #[test]
    fn a_pawn_turns_off_five_spaces_behind_its_entry_and_needs_71_steps_home() {
        for colour in 0..4 {
            assert_eq!(
                place(colour, TURN_OFF),
                Place::Track(turn_off_space(colour))
            );
            assert_eq!(place(colour, TURN_OFF + 1), Place::HomePath(1));
            assert_eq!(place(colour, TURN_OFF + HOME_PATH), Place::HomePath(7));
        }
        assert_eq!(HOME - ENTER, 71);
    }
}

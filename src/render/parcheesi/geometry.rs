//! Where things sit on the 720-px cross: every track and home-path space, the START corners
//! and the HOME triangles, in board pixels (origin at the board's top-left corner).
//!
//! The board is drawn with Red at the bottom and play running counterclockwise, as on the
//! Winning Moves sheet: each colour's START corner is to its player's right, so Red's is the
//! bottom-right one, Blue's the top-right, Yellow's the top-left and Green's the bottom-left.
//! Each arm is 3 spaces wide and 8 long; its outer columns and its tip are track (17 spaces),
//! the middle column is the home path of the colour sitting at that arm.

use crate::rules::parcheesi::{Place, TRACK};

/// Side of the board in pixels.
pub const BOARD: f32 = 720.0;
/// Width of a space across its arm.
pub const ACROSS: f32 = 48.0;
/// Length of a space along its arm.
pub const ALONG: f32 = 35.0;
/// Half the side of the central HOME square (three spaces across).
pub const HALF: f32 = 1.5 * ACROSS;
/// The parchment left around the arms' tips.
pub const MARGIN: f32 = BOARD / 2.0 - HALF - 8.0 * ALONG;
/// Side of a START corner.
pub const CORNER: f32 = BOARD / 2.0 - HALF - MARGIN;
/// The board's centre.
pub const CENTRE: (f32, f32) = (BOARD / 2.0, BOARD / 2.0);

/// A rectangle on the board: centre and size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cell {
    pub centre: (f32, f32),
    pub size: (f32, f32),
}

impl Cell {
    /// Returns the top-left corner, width and height.
    pub fn rect(&self) -> (f32, f32, f32, f32) {
        let (w, h) = self.size;
        (self.centre.0 - w / 2.0, self.centre.1 - h / 2.0, w, h)
    }

    /// Returns the offset between two pawns sharing this space: across the arm.
    pub fn pair_offset(&self) -> (f32, f32) {
        let d = PAIR_GAP / 2.0;
        if self.size.0 > self.size.1 {
            (d, 0.0)
        } else {
            (0.0, d)
        }
    }
}

/// Distance between the centres of two pawns sharing a space.
pub const PAIR_GAP: f32 = 22.0;

/// Turns an offset from the centre, given for the bottom arm, a quarter turn
/// counterclockwise (on screen) `arm` times: bottom → right → top → left.
pub fn rotate((dx, dy): (f32, f32), arm: usize) -> (f32, f32) {
    let (mut x, mut y) = (dx, dy);
    for _ in 0..arm % 4 {
        (x, y) = (y, -x);
    }
    (x, y)
}

fn at((dx, dy): (f32, f32)) -> (f32, f32) {
    (CENTRE.0 + dx, CENTRE.1 + dy)
}

/// Returns the space in column `col` (0 left, 1 middle, 2 right, seen from the arm's
/// player) and row `row` (1 next to HOME … 8 at the tip) of arm `arm`.
pub fn arm_cell(arm: usize, col: u8, row: u8) -> Cell {
    let dx = (f32::from(col) - 1.0) * ACROSS;
    let dy = HALF + ALONG * (f32::from(row) - 0.5);
    let size = if arm.is_multiple_of(2) {
        (ACROSS, ALONG)
    } else {
        (ALONG, ACROSS)
    };
    Cell {
        centre: at(rotate((dx, dy), arm)),
        size,
    }
}

/// Returns the arm, column and row of track space `space` (0–67).
///
/// Counting from each tip (the turn-off space 5 behind an ENTER space): the tip, then the
/// 8 spaces of the right column running inwards, then the next arm's left column outwards.
pub fn track_spot(space: u8) -> (usize, u8, u8) {
    let shifted = (u32::from(space % TRACK) + 5) % u32::from(TRACK);
    let (arm, i) = ((shifted / 17) as usize, (shifted % 17) as u8);
    match i {
        0 => (arm, 1, 8),
        1..=8 => (arm, 2, 9 - i),
        _ => ((arm + 1) % 4, 0, i - 8),
    }
}

/// Returns the track space's rectangle.
pub fn track_cell(space: u8) -> Cell {
    let (arm, col, row) = track_spot(space);
    arm_cell(arm, col, row)
}

/// Returns the rectangle of home-path space `step` (1 first … 7 last) of `seat`.
pub fn home_path_cell(seat: usize, step: u8) -> Cell {
    arm_cell(seat, 1, 8 - step.clamp(1, 7))
}

/// Returns the top-left corner of `seat`'s START corner (a square of side [`CORNER`]).
pub fn corner_origin(seat: usize) -> (f32, f32) {
    let (cx, cy) = at(rotate((HALF + CORNER / 2.0, HALF + CORNER / 2.0), seat));
    (cx - CORNER / 2.0, cy - CORNER / 2.0)
}

/// Centre of the START circle inside a corner, from the corner's top-left.
pub const START_CIRCLE: (f32, f32) = (CORNER / 2.0, 120.0);
/// Radius of the START circle.
pub const START_RADIUS: f32 = 74.0;
/// Distance of the pawn slots from the START circle's centre, on each axis.
const SLOT: f32 = 28.0;
/// Top of the dice row inside a corner.
pub const DICE_TOP: f32 = 211.0;

/// Returns where pawn `pawn` (0–3) of `seat` waits in START: A B over C D.
pub fn start_slot(seat: usize, pawn: u8) -> (f32, f32) {
    let (ox, oy) = corner_origin(seat);
    let dx = if pawn.is_multiple_of(2) { -SLOT } else { SLOT };
    let dy = if pawn < 2 { -SLOT } else { SLOT };
    (ox + START_CIRCLE.0 + dx, oy + START_CIRCLE.1 + dy)
}

/// Returns where pawn `pawn` of `seat` stands in HOME: a row along its triangle's base,
/// A to D from left to right or top to bottom on screen.
pub fn home_slot(seat: usize, pawn: u8) -> (f32, f32) {
    // Turning the bottom row to the right or top arm reverses it on screen.
    let i = if matches!(seat % 4, 1 | 2) {
        3 - pawn.min(3)
    } else {
        pawn.min(3)
    };
    let dx = (f32::from(i) - 1.5) * 24.0;
    at(rotate((dx, HALF - 15.0), seat))
}

/// Returns the three corners of `seat`'s HOME triangle: the centre and its base's ends.
pub fn home_triangle(seat: usize) -> [(f32, f32); 3] {
    [
        CENTRE,
        at(rotate((-HALF, HALF), seat)),
        at(rotate((HALF, HALF), seat)),
    ]
}

/// Returns the rectangle of a place that is a single space (track or home path), if it is one.
pub fn place_cell(seat: usize, place: Place) -> Option<Cell> {
    match place {
        Place::Track(space) => Some(track_cell(space)),
        Place::HomePath(step) => Some(home_path_cell(seat, step)),
        Place::Start | Place::Home => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::parcheesi::{entry_space, is_safety, turn_off_space};

    #[test]
    fn red_enters_on_the_right_column_of_the_bottom_arm_and_runs_upwards() {
        assert_eq!(track_spot(entry_space(0)), (0, 2, 4));
        let a = track_cell(0).centre;
        let b = track_cell(1).centre;
        assert_eq!(a.0, b.0);
        assert!(b.1 < a.1, "space 1 is above space 0");
        assert_eq!(track_spot(turn_off_space(0)), (0, 1, 8));
    }

    #[test]
    fn every_track_space_has_its_own_rectangle_next_to_the_previous_one() {
        let mut seen = Vec::new();
        for s in 0..TRACK {
            let c = track_cell(s);
            assert!(!seen.contains(&c.centre), "space {s} overlaps another");
            seen.push(c.centre);
            let n = track_cell((s + 1) % TRACK).centre;
            let d = (n.0 - c.centre.0).abs() + (n.1 - c.centre.1).abs();
            // Neighbours along an arm are ALONG apart; around a corner or the tip, ACROSS or a diagonal.
            assert!(d <= ACROSS + ALONG, "space {s} to {}: {d}", s + 1);
        }
    }

    #[test]
    fn safety_spaces_sit_symmetrically_on_each_arm() {
        for arm in 0..4 {
            let spots: Vec<(u8, u8)> = (0..TRACK)
                .filter(|&s| is_safety(s))
                .map(track_spot)
                .filter(|&(a, _, _)| a == arm)
                .map(|(_, c, r)| (c, r))
                .collect();
            assert_eq!(spots.len(), 3);
            for spot in [(0, 4), (1, 8), (2, 4)] {
                assert!(spots.contains(&spot), "arm {arm}: {spots:?}");
            }
        }
    }

    #[test]
    fn start_corners_sit_to_each_players_right() {
        let (near, far) = (MARGIN, BOARD - CORNER - MARGIN);
        assert_eq!(corner_origin(0), (far, far));
        assert_eq!(corner_origin(1), (far, near));
        assert_eq!(corner_origin(2), (near, near));
        assert_eq!(corner_origin(3), (near, far));
    }
}

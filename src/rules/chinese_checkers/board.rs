//! The star: holes in cube coordinates, their neighbours along the lines, the six corners,
//! and the names players type (row letter from the top, then the place in the row from the
//! left, as printed on the picture).

use std::sync::LazyLock;

/// Which star the game is played on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Size {
    /// Corner triangles of side 3: 6 pegs each, 73 holes (rule sheet 000).
    Six,
    /// Corner triangles of side 4: 10 pegs each, 121 holes (the classic board).
    Ten,
}

impl Size {
    /// Returns the side of a corner triangle.
    pub fn side(self) -> i8 {
        match self {
            Size::Six => 3,
            Size::Ten => 4,
        }
    }

    /// Returns the pegs each player has (the holes of a corner).
    pub fn pegs(self) -> usize {
        match self {
            Size::Six => 6,
            Size::Ten => 10,
        }
    }

    /// Returns the star's geometry, built once per size.
    pub fn star(self) -> &'static Star {
        static SIX: LazyLock<Star> = LazyLock::new(|| Star::new(3));
        static TEN: LazyLock<Star> = LazyLock::new(|| Star::new(4));
        match self {
            Size::Six => &SIX,
            Size::Ten => &TEN,
        }
    }
}

/// The six directions along the lines, as (q, r) steps: right, down-right, down-left, left,
/// up-left, up-right.
pub const DIRECTIONS: [(i8, i8); 6] = [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)];

/// A hole's index in [`Star::holes`] (row by row from the top, left to right).
pub type Hole = u8;

/// The geometry of one star.
#[derive(Debug)]
pub struct Star {
    /// Triangle side n.
    pub n: i8,
    /// Each hole's axial coordinates (q, r); r grows downwards, row r is r + 2n from the top.
    pub holes: Vec<(i8, i8)>,
    /// Each hole's neighbour in each of [`DIRECTIONS`], if on the board.
    pub neighbours: Vec<[Option<Hole>; 6]>,
    /// The holes of each row, top to bottom, left to right.
    pub rows: Vec<Vec<Hole>>,
    /// Each hole's (row, place in row), both from 0.
    pub place: Vec<(u8, u8)>,
    /// The holes of each corner, clockwise from the top (see [`corner_of`](Self::corner_of)).
    pub corners: [Vec<Hole>; 6],
    /// The corner each hole belongs to, or `None` for the central hexagon.
    pub corner: Vec<Option<u8>>,
    /// The far tip of each corner.
    pub tips: [Hole; 6],
}

impl Star {
    fn new(n: i8) -> Star {
        let inside = |q: i8, r: i8| {
            let s = -q - r;
            (q >= -n && r >= -n && s >= -n) || (q <= n && r <= n && s <= n)
        };
        let mut holes = Vec::new();
        let mut rows = Vec::new();
        let mut place = Vec::new();
        for r in -2 * n..=2 * n {
            let mut row = Vec::new();
            for q in -2 * n..=2 * n {
                if inside(q, r) {
                    place.push(((r + 2 * n) as u8, row.len() as u8));
                    row.push(holes.len() as Hole);
                    holes.push((q, r));
                }
            }
            rows.push(row);
        }
        let find = |q: i8, r: i8| holes.iter().position(|&h| h == (q, r)).map(|i| i as Hole);
        let neighbours = holes
            .iter()
            .map(|&(q, r)| DIRECTIONS.map(|(dq, dr)| find(q + dq, r + dr)))
            .collect();
        let corner: Vec<Option<u8>> = holes.iter().map(|&(q, r)| corner_at(n, q, r)).collect();
        let corners = std::array::from_fn(|k| {
            (0..holes.len())
                .filter(|&h| corner[h] == Some(k as u8))
                .map(|h| h as Hole)
                .collect()
        });
        let tips = std::array::from_fn(|k| {
            (0..holes.len())
                .filter(|&h| corner[h] == Some(k as u8))
                .max_by_key(|&h| distance_from_centre(holes[h]))
                .map_or(0, |h| h as Hole)
        });
        Star {
            n,
            holes,
            neighbours,
            rows,
            place,
            corners,
            corner,
            tips,
        }
    }

    /// Returns how many holes the star has.
    pub fn len(&self) -> usize {
        self.holes.len()
    }

    /// Returns whether the star has no holes (never).
    pub fn is_empty(&self) -> bool {
        self.holes.is_empty()
    }

    /// Returns the number of steps between two holes along the lines.
    pub fn distance(&self, a: Hole, b: Hole) -> u32 {
        let (q1, r1) = self.holes[usize::from(a)];
        let (q2, r2) = self.holes[usize::from(b)];
        let (dq, dr) = (i32::from(q1 - q2), i32::from(r1 - r2));
        ((dq.abs() + dr.abs() + (dq + dr).abs()) / 2) as u32
    }

    /// Returns the hole `a` jumps to over its neighbour in `direction`, if both are on the
    /// board: (the hole jumped over, the landing hole).
    pub fn jump(&self, a: Hole, direction: usize) -> Option<(Hole, Hole)> {
        let over = self.neighbours[usize::from(a)][direction]?;
        let to = self.neighbours[usize::from(over)][direction]?;
        Some((over, to))
    }

    /// Returns the hole jumped over from `a` to `b`, if `b` is two steps away in a line.
    pub fn jumped_over(&self, a: Hole, b: Hole) -> Option<Hole> {
        (0..6).find_map(|d| match self.jump(a, d) {
            Some((over, to)) if to == b => Some(over),
            _ => None,
        })
    }

    /// Returns whether two holes are neighbours.
    pub fn adjacent(&self, a: Hole, b: Hole) -> bool {
        self.neighbours[usize::from(a)].contains(&Some(b))
    }

    /// Returns the name players type for a hole, e.g. `c3`.
    pub fn name(&self, hole: Hole) -> String {
        let (row, at) = self.place[usize::from(hole)];
        format!("{}{}", char::from(b'a' + row), at + 1)
    }

    /// Returns the row letter and place of a hole name, if the star has it.
    pub fn lookup(&self, row: u8, at: usize) -> Option<Hole> {
        let row = self.rows.get(usize::from(row.checked_sub(b'a')?))?;
        row.get(at.checked_sub(1)?).copied()
    }
}

fn distance_from_centre((q, r): (i8, i8)) -> i8 {
    (q.abs() + r.abs() + (q + r).abs()) / 2
}

/// Returns the corner of (q, r) on a star of side n, clockwise from the top: 0 top,
/// 1 upper right, 2 lower right, 3 bottom, 4 lower left, 5 upper left.
fn corner_at(n: i8, q: i8, r: i8) -> Option<u8> {
    let s = -q - r;
    if r < -n {
        Some(0)
    } else if q > n {
        Some(1)
    } else if s < -n {
        Some(2)
    } else if r > n {
        Some(3)
    } else if q < -n {
        Some(4)
    } else if s > n {
        Some(5)
    } else {
        None
    }
}

/// Returns the corner opposite `corner`.
pub fn opposite(corner: u8) -> u8 {
    (corner + 3) % 6
}

/// Returns the starting corner of each seat for a number of players, seats in clockwise order
/// (play passes to the left, which is clockwise seen from above): 2 face each other, 3 take
/// alternate corners, 4 take two opposite pairs, 5 leave one corner empty, 6 fill the star.
pub fn home_corners(players: usize) -> &'static [u8] {
    match players {
        2 => &[3, 0],
        3 => &[3, 5, 1],
        4 => &[3, 5, 0, 2],
        5 => &[3, 4, 5, 0, 1],
        _ => &[3, 4, 5, 0, 1, 2],
    }
}

//! The star's geometry (rules-facts section 6): 6n(n+1)+1 holes, corners of n(n+1)/2 holes,
//! six directions along the lines, neighbours symmetric, names that read back.

use tabula::rules::chinese_checkers::{DIRECTIONS, Size, home_corners, opposite};

#[test]
fn the_six_peg_star_has_73_holes_and_corners_of_6() {
    let star = Size::Six.star();
    assert_eq!(star.len(), 73);
    for corner in &star.corners {
        assert_eq!(corner.len(), 6);
    }
    let lengths: Vec<usize> = star.rows.iter().map(Vec::len).collect();
    assert_eq!(lengths, [1, 2, 3, 10, 9, 8, 7, 8, 9, 10, 3, 2, 1]);
}

#[test]
fn the_ten_peg_star_has_121_holes_and_corners_of_10() {
    let star = Size::Ten.star();
    assert_eq!(star.len(), 121);
    for corner in &star.corners {
        assert_eq!(corner.len(), 10);
    }
    let lengths: Vec<usize> = star.rows.iter().map(Vec::len).collect();
    assert_eq!(
        lengths,
        [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1]
    );
    // The central hexagon: 3n(n+1)+1 = 61 holes outside every corner.
    assert_eq!(star.corner.iter().filter(|c| c.is_none()).count(), 61);
}

#[test]
fn neighbours_are_symmetric_along_the_six_directions() {
    for size in [Size::Six, Size::Ten] {
        let star = size.star();
        assert_eq!(DIRECTIONS.len(), 6);
        for (h, nbs) in star.neighbours.iter().enumerate() {
            for (d, nb) in nbs.iter().enumerate() {
                if let Some(nb) = nb {
                    // The opposite direction leads back.
                    assert_eq!(
                        star.neighbours[usize::from(*nb)][(d + 3) % 6],
                        Some(h as u8),
                        "{} -> {}",
                        star.name(h as u8),
                        star.name(*nb)
                    );
                    assert_eq!(star.distance(h as u8, *nb), 1);
                }
            }
            let count = nbs.iter().flatten().count();
            assert!((2..=6).contains(&count), "a hole has 2 to 6 neighbours");
        }
        // Interior holes of the hexagon have all six.
        let full = star
            .neighbours
            .iter()
            .filter(|n| n.iter().all(Option::is_some))
            .count();
        assert!(full > star.len() / 2);
    }
}

#[test]
fn corners_face_their_opposites_through_the_centre() {
    for size in [Size::Six, Size::Ten] {
        let star = size.star();
        for k in 0..6u8 {
            let (tip, far) = (
                star.tips[usize::from(k)],
                star.tips[usize::from(opposite(k))],
            );
            assert_eq!(star.distance(tip, far), 4 * star.n as u32);
        }
    }
}

#[test]
fn hole_names_read_back_and_run_row_by_row_from_the_top() {
    for size in [Size::Six, Size::Ten] {
        let star = size.star();
        for h in 0..star.len() as u8 {
            let name = star.name(h);
            let (row, at) = name.split_at(1);
            assert_eq!(star.lookup(row.as_bytes()[0], at.parse().unwrap()), Some(h));
        }
        assert_eq!(star.name(0), "a1");
    }
}

#[test]
fn two_players_face_each_other_and_three_take_alternate_corners() {
    assert_eq!(opposite(home_corners(2)[0]), home_corners(2)[1]);
    let three = home_corners(3);
    for (i, &a) in three.iter().enumerate() {
        for &b in &three[i + 1..] {
            assert_eq!(
                (i32::from(a) - i32::from(b)).rem_euclid(2),
                0,
                "alternate corners"
            );
        }
    }
    let four = home_corners(4);
    assert_eq!(opposite(four[0]), four[2]);
    assert_eq!(opposite(four[1]), four[3]);
    let six = home_corners(6);
    for s in 0..6 {
        assert_eq!(opposite(six[s]), six[(s + 3) % 6]);
    }
}

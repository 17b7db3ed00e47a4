//! Scoring a Parcheesi position for one seat: how far its pawns have come, what the
//! opponents have lost, and (at the careful level) its blockades and what the opponents'
//! next throws put at risk, counted over the 36 throws of each opponent.

use crate::rules::Seat;
use crate::rules::parcheesi::{
    DoublesParts, ENTER, HOME, ParcheesiRules, START, TRACK, TURN_OFF, entry_space, is_safety,
    track_space,
};

/// What entering is worth beyond the one space it counts: a pawn in START still needs a five.
const ENTERED: f64 = 12.0;
/// A pawn on its home path can no longer be captured.
const HOME_PATH: f64 = 6.0;
/// A pawn HOME, beyond its 72 steps.
const AT_HOME: f64 = 8.0;
/// How much an opponent's progress counts against ours (a capture costs its victim all of it).
const OPPONENT: f64 = 0.4;
/// A blockade on the track, and each opponent pawn it holds up within a throw behind it.
const BLOCKADE: f64 = 2.0;
const HELD_UP: f64 = 1.5;
/// How many spaces behind a blockade an opponent pawn counts as held up.
const HOLD_RANGE: u8 = 12;
/// How much a lone opponent pawn we can hit next throw counts for us (a share of its value).
const THREAT: f64 = 0.5;
/// What an extra roll (taken instead of a capture bonus) is worth: about a throw's spaces.
const EXTRA_ROLL: f64 = 8.0;
/// A finished game, far above any position's score.
const WON: f64 = 10_000.0;

/// What the scoring looks at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Depth {
    /// Progress and the opponents' losses only.
    Simple,
    /// Also blockades, and the risk from and to the opponents' next throws.
    Full,
}

/// A position as the scoring sees it: every seat's pawns and who still plays.
pub struct Position<'a> {
    pub rules: &'a ParcheesiRules,
    pub pawns: &'a [[u8; 4]],
    pub live: &'a [bool],
}

/// Who stands on each track space: an owner and a count.
struct Occupancy {
    owner: [u8; TRACK as usize],
    count: [u8; TRACK as usize],
}

impl Occupancy {
    fn of(pawns: &[[u8; 4]]) -> Occupancy {
        let mut occ = Occupancy {
            owner: [0; TRACK as usize],
            count: [0; TRACK as usize],
        };
        for (seat, set) in pawns.iter().enumerate() {
            for &p in set {
                if (ENTER..=TURN_OFF).contains(&p) {
                    let s = usize::from(track_space(seat, p));
                    occ.owner[s] = seat as u8;
                    occ.count[s] += 1;
                }
            }
        }
        occ
    }

    fn at(&self, space: u8) -> (Seat, u8) {
        let s = usize::from(space);
        (Seat::from(self.owner[s]), self.count[s])
    }
}

/// What every seat's next throw can do: who stands where, and the throws with which each
/// seat captures something (and so earns a capture bonus to spend).
struct Reach {
    occ: Occupancy,
    captures: Vec<u64>,
}

impl Reach {
    fn of(pos: &Position) -> Reach {
        let occ = Occupancy::of(pos.pawns);
        let captures = (0..pos.pawns.len())
            .map(|o| {
                if pos.live[o] {
                    capture_throws(pos, &occ, o)
                } else {
                    0
                }
            })
            .collect();
        Reach { occ, captures }
    }
}

/// Returns what a pawn with `progress` is worth: its steps, and more once it has entered,
/// is past capture on its home path, or is HOME.
pub fn pawn_value(progress: u8) -> f64 {
    match progress {
        START => 0.0,
        ENTER..=TURN_OFF => ENTERED + f64::from(progress),
        HOME => ENTERED + f64::from(HOME) + HOME_PATH + AT_HOME,
        p => ENTERED + f64::from(p) + HOME_PATH,
    }
}

/// Returns what a seat's pawns are worth, ignoring risk.
pub fn seat_value(pawns: &[u8; 4]) -> f64 {
    pawns.iter().map(|&p| pawn_value(p)).sum()
}

/// Scores the position for `seat`: higher is better.
pub fn score(pos: &Position, seat: Seat, depth: Depth) -> f64 {
    if pos.pawns[seat].iter().all(|&p| p == HOME) {
        return WON;
    }
    let mut total = seat_value(&pos.pawns[seat]);
    for o in opponents(pos, seat) {
        total -= OPPONENT * seat_value(&pos.pawns[o]);
    }
    if depth == Depth::Full {
        let reach = Reach::of(pos);
        total += blockades(pos, &reach.occ, seat);
        let bonus = f64::from(pos.rules.capture_bonus);
        total -= danger(pos, &reach, seat);
        for o in opponents(pos, seat) {
            for &p in &pos.pawns[o] {
                let chance = threat(pos, &reach, seat, o, p);
                total += THREAT * chance * (OPPONENT * pawn_value(p) + bonus);
            }
        }
    }
    total
}

/// Returns what the opponents' next throws are expected to take from the seat: each pawn's
/// chance of capture times its worth and the bonus the captor earns.
fn danger(pos: &Position, reach: &Reach, seat: Seat) -> f64 {
    let bonus = f64::from(pos.rules.capture_bonus);
    pos.pawns[seat]
        .iter()
        .map(|&p| hit_chance(pos, reach, seat, p) * (pawn_value(p) + OPPONENT * bonus))
        .sum()
}

/// Returns what `again` extra rolls are worth.
pub fn again_value(again: u8) -> f64 {
    EXTRA_ROLL * f64::from(again)
}

/// Returns the highest chance, over the seat's pawns, that one is captured before its next
/// turn (for the line of why).
pub fn worst_risk(pos: &Position, seat: Seat) -> f64 {
    let reach = Reach::of(pos);
    pos.pawns[seat]
        .iter()
        .map(|&p| hit_chance(pos, &reach, seat, p))
        .fold(0.0, f64::max)
}

fn opponents<'a>(pos: &'a Position, seat: Seat) -> impl Iterator<Item = Seat> + 'a {
    (0..pos.pawns.len()).filter(move |&o| o != seat && pos.live[o])
}

/// Scores the seat's blockades: each holds up the opponent pawns within a throw behind it.
fn blockades(pos: &Position, occ: &Occupancy, seat: Seat) -> f64 {
    let mut total = 0.0;
    let own = &pos.pawns[seat];
    for (i, &p) in own.iter().enumerate() {
        if !(ENTER..=TURN_OFF).contains(&p) || !own[i + 1..].contains(&p) {
            continue;
        }
        total += BLOCKADE;
        let space = track_space(seat, p);
        for back in 1..=HOLD_RANGE {
            let (owner, n) = occ.at((space + TRACK - back) % TRACK);
            if n > 0 && owner != seat && pos.live[owner] {
                total += HELD_UP * f64::from(n);
            }
        }
    }
    total
}

/// Returns the chance that some opponent captures `seat`'s pawn at `progress` with its next
/// throw (each opponent throws once; the chances combine as independent).
fn hit_chance(pos: &Position, reach: &Reach, seat: Seat, progress: u8) -> f64 {
    if !(ENTER..=TURN_OFF).contains(&progress) {
        return 0.0;
    }
    let space = track_space(seat, progress);
    if reach.occ.at(space).1 >= 2 {
        return 0.0;
    }
    let mut safe = 1.0;
    for o in opponents(pos, seat) {
        safe *= 1.0 - attack(pos, reach, o, space);
    }
    1.0 - safe
}

/// Returns the chance that `seat` captures opponent `o`'s pawn at `progress` on its next throw.
fn threat(pos: &Position, reach: &Reach, seat: Seat, o: Seat, progress: u8) -> f64 {
    if !(ENTER..=TURN_OFF).contains(&progress) {
        return 0.0;
    }
    let space = track_space(o, progress);
    if reach.occ.at(space).1 >= 2 {
        return 0.0;
    }
    attack(pos, reach, seat, space)
}

/// Returns the chance that seat `o`'s next throw lets one of its pawns land on track space
/// `space` (where a lone pawn of another colour stands).
fn attack(pos: &Position, reach: &Reach, o: Seat, space: u8) -> f64 {
    let mut throws = hit_throws(pos, &reach.occ, o, space);
    let bonus = pos.rules.capture_bonus;
    if bonus > 0 && throws != ALL_THROWS && reach.captures[o] != 0 {
        // A capture elsewhere earns a bonus one of its pawns `bonus` behind may spend here.
        if let Some(target) = progress_on(o, space) {
            let behind = pos.pawns[o].iter().any(|&q| {
                (ENTER..target).contains(&q)
                    && target - q == bonus
                    && !blocked(pos, &reach.occ, o, q, target)
            });
            if behind {
                throws |= reach.captures[o];
            }
        }
    }
    f64::from(throws.count_ones()) / 36.0
}

/// All 36 throws as bits: throw (a, b) is bit 6(a - 1) + (b - 1).
const ALL_THROWS: u64 = (1 << 36) - 1;

/// Returns the throws (as bits) with which seat `o` lands a pawn on track space `space`: by
/// entering on it (any five), by moving a pawn on the track the whole distance with one
/// die, both, or a doubles bonus's parts, or by entering with one die and moving the new
/// pawn the other.
fn hit_throws(pos: &Position, occ: &Occupancy, o: Seat, space: u8) -> u64 {
    let rules = pos.rules;
    let pawns = &pos.pawns[o];
    let waiting = pawns.contains(&START);
    let may_enter = waiting && occ.at(entry_space(o)).1 < 2;
    let by_entering = may_enter && space == entry_space(o);
    if rules.safety_spaces && is_safety(space) && !by_entering {
        return 0;
    }
    let mut distances: u32 = 0;
    // The other die's count when a pawn just entered can walk here with it.
    let mut walk: Option<u8> = None;
    if let Some(target) = progress_on(o, space) {
        for &q in pawns {
            if (ENTER..target).contains(&q) && target - q <= 30 && !blocked(pos, occ, o, q, target)
            {
                distances |= 1 << (target - q);
            }
        }
        if may_enter && (2..=7).contains(&target) && !blocked(pos, occ, o, ENTER, target) {
            walk = Some(target - ENTER);
        }
    }
    if distances == 0 && !by_entering && walk.is_none() {
        return 0;
    }
    let bonus_doubles = !waiting || rules.doubles_parts_with_pawns_in_start;
    let mut hits = 0;
    for a in 1..=6u8 {
        for b in 1..=6u8 {
            let five = a == 5 || b == 5 || a + b == 5;
            let walks = walk.is_some_and(|w| (a == 5 && b == w) || (b == 5 && a == w));
            if (by_entering && five) || walks || reach(rules, a, b, bonus_doubles) & distances != 0
            {
                hits |= 1u64 << (6 * (a - 1) + (b - 1));
            }
        }
    }
    hits
}

/// Returns the progress seat `o` has on track space `space`, if the space is on its way.
fn progress_on(o: Seat, space: u8) -> Option<u8> {
    let target = (space + TRACK - entry_space(o)) % TRACK + 1;
    (target <= TURN_OFF).then_some(target)
}

/// Returns whether a blockade stands between seat `o`'s progress `from` and `to`.
fn blocked(pos: &Position, occ: &Occupancy, o: Seat, from: u8, to: u8) -> bool {
    (from + 1..to).any(|r| {
        let (owner, n) = occ.at(track_space(o, r));
        n == 2 && (owner != o || pos.rules.blockade_blocks_own)
    })
}

/// Returns the throws (as bits) with which seat `o` captures some lone pawn of another colour.
fn capture_throws(pos: &Position, occ: &Occupancy, o: Seat) -> u64 {
    let mut throws = 0;
    for (s, set) in pos.pawns.iter().enumerate() {
        if s == o || !pos.live[s] {
            continue;
        }
        for &p in set {
            if (ENTER..=TURN_OFF).contains(&p) {
                let space = track_space(s, p);
                if occ.at(space).1 == 1 {
                    throws |= hit_throws(pos, occ, o, space);
                }
            }
        }
    }
    throws
}

/// Returns the distances (as bits) one pawn can move with the throw `a`, `b`: either die or
/// both, or the sums of a doubles bonus's parts.
fn reach(rules: &ParcheesiRules, a: u8, b: u8, bonus_doubles: bool) -> u32 {
    let bit = |d: u8| 1u32 << d;
    if a != b || !bonus_doubles {
        return bit(a) | bit(b) | bit(a + b);
    }
    match rules.doubles_parts {
        DoublesParts::TopsAndBottoms => {
            let c = 7 - a;
            let mut mask = 0;
            for i in 0..=2u8 {
                for j in 0..=2u8 {
                    if i + j > 0 {
                        mask |= bit(i * a + j * c);
                    }
                }
            }
            mask
        }
        DoublesParts::FourOfDie => (1..=4u8).fold(0, |m, k| m | bit(k * a)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::parcheesi::Ruleset;

    #[test]
    fn a_lone_pawn_one_to_six_spaces_ahead_of_an_opponent_is_at_risk_and_a_blockade_is_not() {
        let rules = Ruleset::Pahrcheesi.rules();
        let live = [true, true];
        // Blue's pawn on Red's progress 20 (track 19) stands 4 spaces behind Red's pawn at 24.
        let blue = (19 + TRACK - entry_space(1)) % TRACK + 1;
        let pawns = [[24, 0, 0, 0], [blue, 0, 0, 0]];
        let pos = Position {
            rules: &rules,
            pawns: &pawns,
            live: &live,
        };
        let risk = worst_risk(&pos, 0);
        // A 4 on either die (11 throws), 1+3, 3+1 and 2+2; and since Red stands 6 past Blue's
        // ENTER space (track 17), 5-6 and 6-5, entering a pawn and moving it 6: 16 of 36.
        assert!((risk - 16.0 / 36.0).abs() < 1e-9, "{risk}");
        let pawns = [[24, 24, 0, 0], [blue, 0, 0, 0]];
        let pos = Position {
            pawns: &pawns,
            ..pos
        };
        assert_eq!(worst_risk(&pos, 0), 0.0);
    }

    #[test]
    fn a_pawn_on_a_safety_space_is_safe_except_on_an_opponents_enter_space() {
        let rules = Ruleset::Parcheesi.rules();
        let live = [true, true];
        // Red's progress 8 is track 7, a safety space; Blue's pawn stands 3 behind it.
        let blue = (4 + TRACK - entry_space(1)) % TRACK + 1;
        let pawns = [[8, 0, 0, 0], [blue, 0, 0, 0]];
        let pos = Position {
            rules: &rules,
            pawns: &pawns,
            live: &live,
        };
        assert_eq!(worst_risk(&pos, 0), 0.0);
        // Red's progress 18 is Blue's ENTER space (track 17): Blue enters on any five.
        let pawns = [[18, 0, 0, 0], [HOME, HOME, HOME, START]];
        let pos = Position {
            pawns: &pawns,
            ..pos
        };
        let risk = worst_risk(&pos, 0);
        assert!((risk - 15.0 / 36.0).abs() < 1e-9, "{risk}");
    }

    /// Red's progress on track space `space`.
    fn red_on(space: u8) -> u8 {
        space + 1
    }

    /// Seat `seat`'s progress on track space `space`.
    fn progress(seat: Seat, space: u8) -> u8 {
        (space + TRACK - entry_space(seat)) % TRACK + 1
    }

    #[test]
    fn a_pawn_a_die_past_an_opponents_enter_space_is_at_risk_from_a_pawn_entering_with_a_five() {
        let rules = Ruleset::Pahrcheesi.rules();
        let live = [true, true];
        // Red stands 3 past Blue's ENTER space (track 17); Blue has every pawn in START and
        // reaches Red only by entering with a 5 and moving the new pawn 3: 5-3 and 3-5.
        let pawns = [[red_on(entry_space(1) + 3), 0, 0, 0], [0; 4]];
        let pos = Position {
            rules: &rules,
            pawns: &pawns,
            live: &live,
        };
        let risk = worst_risk(&pos, 0);
        assert!((risk - 2.0 / 36.0).abs() < 1e-9, "{risk}");
    }

    #[test]
    fn a_pawn_a_capture_bonus_ahead_of_an_opponent_is_at_risk_when_that_opponent_can_capture() {
        let rules = Ruleset::Pahrcheesi.rules();
        let live = [true; 4];
        // Blue's pawn A stands 20 behind Red's lone pawn (track 26 and 46), out of any throw's
        // reach; Blue's pawn B stands 4 behind Yellow's lone pawn (track 66 and 2). Whenever
        // Blue captures Yellow, its 20 bonus takes A onto Red.
        let pawns = [
            [red_on(46), HOME, HOME, HOME],
            [progress(1, 26), progress(1, 66), HOME, HOME],
            [progress(2, 2), HOME, HOME, HOME],
            [HOME; 4],
        ];
        let pos = Position {
            rules: &rules,
            pawns: &pawns,
            live: &live,
        };
        let red = worst_risk(&pos, 0);
        let yellow = worst_risk(&pos, 2);
        assert!(red > 0.0, "{red}");
        assert!((red - yellow).abs() < 1e-9, "{red} {yellow}");
        // One space further back, Blue's pawn A is 21 behind: no bonus reaches Red.
        let pawns = [
            pawns[0],
            [progress(1, 25), progress(1, 66), HOME, HOME],
            pawns[2],
            pawns[3],
        ];
        let pos = Position {
            pawns: &pawns,
            ..pos
        };
        assert_eq!(worst_risk(&pos, 0), 0.0);
    }
}

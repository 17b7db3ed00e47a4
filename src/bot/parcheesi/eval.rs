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
        let occ = Occupancy::of(pos.pawns);
        total += blockades(pos, &occ, seat);
        let bonus = f64::from(pos.rules.capture_bonus);
        total -= danger(pos, &occ, seat);
        for o in opponents(pos, seat) {
            for &p in &pos.pawns[o] {
                let chance = threat(pos, &occ, seat, o, p);
                total += THREAT * chance * (OPPONENT * pawn_value(p) + bonus);
            }
        }
    }
    total
}

/// Returns what the opponents' next throws are expected to take from the seat: each pawn's
/// chance of capture times its worth and the bonus the captor earns.
fn danger(pos: &Position, occ: &Occupancy, seat: Seat) -> f64 {
    let bonus = f64::from(pos.rules.capture_bonus);
    pos.pawns[seat]
        .iter()
        .map(|&p| hit_chance(pos, occ, seat, p) * (pawn_value(p) + OPPONENT * bonus))
        .sum()
}

/// Returns what `again` extra rolls are worth.
pub fn again_value(again: u8) -> f64 {
    EXTRA_ROLL * f64::from(again)
}

/// Returns the highest chance, over the seat's pawns, that one is captured before its next
/// turn (for the line of why).
pub fn worst_risk(pos: &Position, seat: Seat) -> f64 {
    let occ = Occupancy::of(pos.pawns);
    pos.pawns[seat]
        .iter()
        .map(|&p| hit_chance(pos, &occ, seat, p))
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
fn hit_chance(pos: &Position, occ: &Occupancy, seat: Seat, progress: u8) -> f64 {
    if !(ENTER..=TURN_OFF).contains(&progress) {
        return 0.0;
    }
    let space = track_space(seat, progress);
    if occ.at(space).1 >= 2 {
        return 0.0;
    }
    let mut safe = 1.0;
    for o in opponents(pos, seat) {
        safe *= 1.0 - attack(pos, occ, o, space);
    }
    1.0 - safe
}

/// Returns the chance that `seat` captures opponent `o`'s pawn at `progress` on its next throw.
fn threat(pos: &Position, occ: &Occupancy, seat: Seat, o: Seat, progress: u8) -> f64 {
    if !(ENTER..=TURN_OFF).contains(&progress) {
        return 0.0;
    }
    let space = track_space(o, progress);
    if occ.at(space).1 >= 2 {
        return 0.0;
    }
    attack(pos, occ, seat, space)
}

/// Returns the chance that seat `o`'s next throw lets one of its pawns land on track space
/// `space` (where a lone pawn of another colour stands): by entering on its ENTER space, or by
/// moving a pawn the whole distance with one die, both, or a doubles bonus's parts.
fn attack(pos: &Position, occ: &Occupancy, o: Seat, space: u8) -> f64 {
    let rules = pos.rules;
    let pawns = &pos.pawns[o];
    let waiting = pawns.contains(&START);
    let by_entering = waiting && space == entry_space(o);
    if rules.safety_spaces && is_safety(space) && !by_entering {
        return 0.0;
    }
    // The progress `o` has on `space`, if that space is on its way.
    let target = (space + TRACK - entry_space(o)) % TRACK + 1;
    let mut distances: u32 = 0;
    if target <= TURN_OFF {
        for &q in pawns {
            if !(ENTER..target).contains(&q) || target - q > 30 {
                continue;
            }
            let blocked = (q + 1..target).any(|r| {
                let (owner, n) = occ.at(track_space(o, r));
                n == 2 && (owner != o || rules.blockade_blocks_own)
            });
            if !blocked {
                distances |= 1 << (target - q);
            }
        }
    }
    if distances == 0 && !by_entering {
        return 0.0;
    }
    let bonus_doubles = !waiting || rules.doubles_parts_with_pawns_in_start;
    let mut hits = 0;
    for a in 1..=6u8 {
        for b in 1..=6u8 {
            let five = a == 5 || b == 5 || a + b == 5;
            if (by_entering && five) || reach(rules, a, b, bonus_doubles) & distances != 0 {
                hits += 1;
            }
        }
    }
    f64::from(hits) / 36.0
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
        // A 4 on either die (11 throws), 1+3, 3+1 and 2+2: 14 of 36.
        assert!((risk - 14.0 / 36.0).abs() < 1e-9, "{risk}");
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
}

//! Cube decisions by cubeful equity, Janowski's model (as GNU Backgammon uses it at 0-ply): the
//! bot's own chances to win and to win or lose a gammon (gammons include backgammons) before
//! the roll are turned into the equity of a dead cube and of a perfectly live one; the cubeful
//! equity is the mix of the two by the cube's efficiency (0.68 in contact, 0.6 to 0.7 in races by
//! the doubler's pip count, as gnubg has it). The chances come from a quick look (2-ply at the
//! top level, 1-ply below it, the static evaluation at levels 2 and 3; level 3 reads the trained
//! networks' chances for the cube while its chequer play stays on the hand-tuned evaluation),
//! and at levels 4 and 5, when the quick look puts the decision near its other side, from a
//! cubeless rollout ([`super::rollout`]). Whoever owns the cube sets the live cube's equity, and
//! the decision compares the three outcomes:
//!
//! - no double: the equity with the cube where it is;
//! - double, take: twice the equity with the opponent owning the cube;
//! - double, pass: one point.
//!
//! The bot doubles when the lesser of taking and passing beats not doubling; it plays on for
//! the gammon ("too good") when not doubling beats a pass; it takes when taking loses less than
//! passing. Match scores are not weighed: a match game is decided as a money game (the Crawford
//! game is left to the rules, which forbid doubling).

use std::collections::VecDeque;
use std::sync::Mutex;

use super::eval::{Evaluator, Probs, is_contact, pips};
use super::rollout::{self, Rolled, Settings};
use super::search::Search;
use crate::bot::{Budget, Pick};
use crate::rules::Seat;
use crate::rules::backgammon::{BackgammonGame, BackgammonMove, View};

/// The cube efficiency with contact.
const CONTACT_EFFICIENCY: f32 = 0.68;
/// How close (in cubeful equity, units of the cube) the quick look must put a decision to its
/// other side for levels 4 and 5 to roll the position out: the quick look's chances were 4 to
/// 8 points off gnubg's in issue 31's positions, about 0.1 to 0.3 of cubeful equity.
const ROLLOUT_WINDOW: f32 = 0.25;
/// How many times a move's node allowance a rollout may take. Cube decisions this close are
/// rare (a few a game), and a rollout of 36 trials costs about 18,000 evaluations played to
/// the bear-off database, so at a move's 100,000 this allows about 2,000 trials (the cubeless
/// equity to about ±0.03); on Discord the deadlines of a move bind first.
const ROLLOUT_NODES: u64 = 10;
/// The most blocks of 36 trials a rollout plays.
const ROLLOUT_BLOCKS: u32 = 100;

/// Who owns the cube, from the side on roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Owner {
    Centred,
    Mine,
    Theirs,
}

/// The cubeful equities of the three cube actions for the side on roll, in units of the cube's
/// present value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Equities {
    pub no_double: f32,
    pub double_take: f32,
    pub double_pass: f32,
}

impl Equities {
    /// Returns whether doubling is right: the opponent's best answer beats not doubling.
    pub fn double(&self) -> bool {
        self.double_take.min(self.double_pass) > self.no_double
    }

    /// Returns whether the opponent should take a double.
    pub fn take(&self) -> bool {
        self.double_take <= self.double_pass
    }

    /// Names the proper action the way gnubg does.
    pub fn action(&self, owner: Owner) -> &'static str {
        let re = owner == Owner::Mine;
        match (
            self.double(),
            self.take(),
            self.no_double > self.double_pass,
        ) {
            (true, true, _) if re => "Redouble, take",
            (true, true, _) => "Double, take",
            (true, false, _) if re => "Redouble, pass",
            (true, false, _) => "Double, pass",
            (false, false, true) if re => "Too good to redouble, pass",
            (false, false, true) => "Too good to double, pass",
            (false, true, _) | (false, false, false) if re => "No redouble, take",
            (false, _, _) => "No double, take",
        }
    }
}

/// Returns the cube efficiency of the position: how live the cube is.
fn efficiency(view: &View) -> f32 {
    if is_contact(view) {
        CONTACT_EFFICIENCY
    } else {
        (0.55 + 0.00125 * pips(&view.me) as f32).clamp(0.6, 0.7)
    }
}

/// Returns the cubeful equity of the side on roll with chances `probs`, the cube where `owner`
/// says and as live as `x`, in units of the cube's value.
pub fn cubeful(probs: &Probs, owner: Owner, x: f32) -> f32 {
    let p = probs.win.clamp(1e-6, 1.0 - 1e-6);
    // What a win and a loss are worth on average.
    let w = 1.0 + probs.gammon_win.max(0.0) / p;
    let l = 1.0 + probs.gammon_loss.max(0.0) / (1.0 - p);
    let dead = p * w - (1.0 - p) * l;
    // With a live cube the opponent's take point and the cash point, where the opponent drops.
    let take_point = (l - 0.5) / (w + l + 0.5);
    let cash_point = (l + 1.0) / (w + l + 0.5);
    // The live cube's equity runs straight between those points (-1 and +1) and the game's ends.
    let below_take = || -l + (l - 1.0) * p / take_point;
    let above_cash = || 1.0 + (w - 1.0) * (p - cash_point) / (1.0 - cash_point);
    let live = match owner {
        Owner::Mine | Owner::Centred if p >= cash_point => above_cash(),
        Owner::Mine => -l + (1.0 + l) * p / cash_point,
        _ if p < take_point => below_take(),
        Owner::Centred => -1.0 + 2.0 * (p - take_point) / (cash_point - take_point),
        Owner::Theirs => -1.0 + (w + 1.0) * (p - take_point) / (1.0 - take_point),
    };
    dead * (1.0 - x) + live * x
}

/// Returns the equities of the cube actions for the side on roll in `view` with `probs`.
pub fn equities(view: &View, probs: &Probs, owner: Owner) -> Equities {
    let x = efficiency(view);
    Equities {
        no_double: cubeful(probs, owner, x),
        double_take: 2.0 * cubeful(probs, Owner::Theirs, x),
        double_pass: 1.0,
    }
}

/// Returns the chances of the side on roll in `view`, before its roll, as `level` looks at
/// them for the cube, and how they were found: first the quick look ([`quick_look`]); at levels
/// 4 and 5, when that puts the decision (the cube where `owner` says) within [`ROLLOUT_WINDOW`]
/// of going the other way, a rollout ([`rollout`]) with [`ROLLOUT_NODES`] times the node
/// allowance (a move's deadlines stay), the quick look standing when not one block of trials
/// fits.
fn chances(view: &View, level: usize, owner: Owner, budget: &Budget) -> (Probs, String) {
    let (quick, plies) = quick_look(view, level, budget);
    let quickly = (quick, format!("at {plies}-ply"));
    if level < 4 || !close(&equities(view, &quick, owner)) {
        return quickly;
    }
    match rolled_out(view, budget) {
        Some(r) => (
            r.probs,
            format!(
                "by a rollout of {} games (the doubler's cubeless equity {:+.3} ± {:.3})",
                r.trials,
                r.probs.equity(true),
                r.error
            ),
        ),
        None => quickly,
    }
}

/// The rollouts made lately, by position and node allowance: the doubler's offer and the
/// taker's answer (and the levels that roll out alike) read the same one.
static ROLLED: Mutex<VecDeque<(View, Option<u64>, Rolled)>> = Mutex::new(VecDeque::new());
/// How many rollouts [`ROLLED`] keeps.
const ROLLED_KEPT: usize = 32;

/// Returns the rollout of `view` for the cube (played to the bear-off database, seeded by the
/// position) within [`ROLLOUT_NODES`] times `budget`'s node allowance, made once for a position
/// and allowance; `None` when not one block of trials fits.
fn rolled_out(view: &View, budget: &Budget) -> Option<Rolled> {
    let more = budget.with_more_nodes(ROLLOUT_NODES);
    let key = (*view, more.node_limit());
    let kept = |rolled: &VecDeque<(View, Option<u64>, Rolled)>| {
        rolled
            .iter()
            .find(|(v, n, _)| (*v, *n) == key)
            .map(|(_, _, r)| *r)
    };
    if let Some(r) = kept(&ROLLED.lock().unwrap_or_else(|p| p.into_inner())) {
        return Some(r);
    }
    let mut search = Search::new(&more, true, Evaluator::Net);
    let settings = Settings {
        blocks: ROLLOUT_BLOCKS,
        horizon: None,
        race: false,
        reduce: false,
        seed: rollout::seed_of(view),
    };
    let r = rollout::rollout(&mut search, view, &settings)?;
    let mut rolled = ROLLED.lock().unwrap_or_else(|p| p.into_inner());
    if kept(&rolled).is_none() {
        if rolled.len() == ROLLED_KEPT {
            rolled.pop_front();
        }
        rolled.push_back((key.0, key.1, r));
    }
    Some(r)
}

/// Returns whether a decision with cubeful equities `e` is within [`ROLLOUT_WINDOW`] of going
/// the other way: doubling against not doubling, or taking against passing.
fn close(e: &Equities) -> bool {
    (e.double_take.min(e.double_pass) - e.no_double).abs() < ROLLOUT_WINDOW
        || (e.double_take - e.double_pass).abs() < ROLLOUT_WINDOW
}

/// Returns the chances of the side on roll in `view`, before its roll, at a glance: 2-ply at
/// level 5, 1-ply at level 4, the static evaluation below (the trained networks' from level 3
/// up, the hand-tuned one at level 2); a deeper look cut short by the budget gives way to the
/// one below it.
fn quick_look(view: &View, level: usize, budget: &Budget) -> (Probs, u32) {
    let evaluator = cube_evaluator(level);
    let mut search = Search::new(budget, true, evaluator);
    let deepest = match level {
        5.. => 2,
        4 => 1,
        _ => 0,
    };
    let mut found = None;
    for plies in 0..=deepest {
        match search.probs_before_roll(view, plies) {
            Some(p) => found = Some((p, plies)),
            None => break,
        }
    }
    found.unwrap_or_else(|| (evaluator.probs(view), 0))
}

/// The static evaluation a level's cube decisions read: the trained networks from level 3 up
/// (the hand-tuned evaluation's chances cost level 3 82 mEMG per close decision by gnubg), the
/// hand-tuned one at level 2.
fn cube_evaluator(level: usize) -> Evaluator {
    if level >= 3 {
        Evaluator::Net
    } else {
        Evaluator::Hand
    }
}

/// Returns who owns the cube of `game`, from `seat`.
fn owner(game: &BackgammonGame, seat: Seat) -> Owner {
    match game.cube().owner {
        None => Owner::Centred,
        Some(o) if o == seat => Owner::Mine,
        Some(_) => Owner::Theirs,
    }
}

/// Returns `double` when `seat`, about to roll, should double at `level`.
pub fn offer(
    game: &BackgammonGame,
    seat: Seat,
    level: usize,
    budget: &Budget,
) -> Option<Pick<BackgammonMove>> {
    if !game.may_double(seat) {
        return None;
    }
    let view = game.board().view(seat);
    let owner = owner(game, seat);
    let (probs, how) = chances(&view, level, owner, budget);
    let e = equities(&view, &probs, owner);
    e.double().then(|| Pick {
        r#move: BackgammonMove::Double,
        why: format!(
            "{}: wins {:.0}% (gammons {:.0}%, loses one {:.0}%) {how}; cubeful equity {:+.3} doubled and taken, {:+.3} not doubled",
            e.action(owner),
            probs.win * 100.0,
            probs.gammon_win * 100.0,
            probs.gammon_loss * 100.0,
            e.double_take,
            e.no_double,
        ),
    })
}

/// Returns `take` or `drop` for `seat`, doubled by its opponent.
pub fn answer(
    game: &BackgammonGame,
    seat: Seat,
    level: usize,
    budget: &Budget,
) -> Pick<BackgammonMove> {
    let doubler = game.board().view(1 - seat);
    // The doubler's equities; taking gives this seat the cube.
    let owner = owner(game, 1 - seat);
    let (probs, how) = chances(&doubler, level, owner, budget);
    let e = equities(&doubler, &probs, owner);
    let take = -e.double_take;
    let seen = format!(
        "{} for the doubler; wins {:.0}% (gammons {:.0}%, loses one {:.0}%) {how}",
        e.action(owner),
        (1.0 - probs.win) * 100.0,
        probs.gammon_loss * 100.0,
        probs.gammon_win * 100.0
    );
    if e.take() {
        Pick {
            r#move: BackgammonMove::Take,
            why: format!("takes: {seen}; cubeful equity {take:+.3} taken, -1 dropped"),
        }
    } else {
        Pick {
            r#move: BackgammonMove::Drop,
            why: format!("drops: {seen}; cubeful equity {take:+.3} taken, -1 dropped"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Returns the equities of White on roll in gnubg's position `id` with gnubg's 2-ply
    /// chances (win, gammon, lose a gammon; issue 31's positions, see `tests/backgammon/cube.rs`).
    fn with_gnubgs_chances(id: &str, chances: [f32; 3], owner: Owner) -> Equities {
        let game = BackgammonGame::from_position_id(id).expect("gnubg IDs load");
        let probs = Probs {
            win: chances[0],
            gammon_win: chances[1],
            gammon_loss: chances[2],
        };
        equities(&game.board().view(0), &probs, owner)
    }

    #[test]
    fn with_gnubgs_chances_a_centred_cube_at_62_percent_is_no_double_take_as_gnubg_says() {
        let e = with_gnubgs_chances("zD7gGEDNeRgkBA", [0.624, 0.251, 0.100], Owner::Centred);
        assert_eq!(e.action(Owner::Centred), "No double, take", "{e:?}");
        // gnubg 2-ply: no double +0.576, double, take +0.543.
        assert!((e.double_take - 0.543).abs() < 0.02, "{e:?}");
    }

    #[test]
    fn with_gnubgs_chances_an_owned_cube_at_65_percent_is_no_redouble_take_as_gnubg_says() {
        let e = with_gnubgs_chances("s9kGDED33gAEAg", [0.647, 0.144, 0.057], Owner::Mine);
        assert_eq!(e.action(Owner::Mine), "No redouble, take", "{e:?}");
        // gnubg 2-ply: no double +0.593, double, take +0.521.
        assert!((e.no_double - 0.593).abs() < 0.02, "{e:?}");
        assert!((e.double_take - 0.521).abs() < 0.02, "{e:?}");
    }

    #[test]
    fn with_gnubgs_chances_a_gammonish_blitz_is_a_pass_and_playing_on_is_as_good_as_cashing() {
        let e = with_gnubgs_chances("bG8GEGDbZhABNA", [0.704, 0.472, 0.095], Owner::Mine);
        assert!(!e.take(), "{e:?}");
        // gnubg 2-ply: too good by 0.001 (no double +1.001, take +1.407); at 0, 1 and 3 plies
        // gnubg redoubles instead, by 0.018, 0.061 and 0.010.
        assert!((e.no_double - e.double_pass).abs() < 0.03, "{e:?}");
        assert!((e.double_take - 1.407).abs() < 0.05, "{e:?}");
    }
}

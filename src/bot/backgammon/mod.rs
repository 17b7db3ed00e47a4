//! The backgammon bot: a random level, a hand-tuned evaluation (bear-off database, race formula,
//! contact features) at 0-ply with noise and without, then our trained networks at
//! 0-ply and at 1-ply over the best candidates. Cube decisions ([`cube`]) turn the chances of
//! the trained networks (from level 3 up; the hand-tuned evaluation's at level 2), looked at
//! deeper (2-ply at the top level, and at levels 4 and 5 a cubeless [`rollout`] when the
//! decision is close), into cubeful equities by Janowski's model.

mod bearoff;
mod cube;
mod eval;
pub mod net;
mod rollout;
mod search;
pub mod train;

use rand::Rng as _;
use rand::rngs::StdRng;

use super::random::{RANDOM, pick};
use super::{Brain, Budget, Level, Pick};
use crate::rules::Seat;
use crate::rules::backgammon::{BackgammonGame, BackgammonMove, Phase, Play, View, legal_plays};
use eval::{in_play, pips};
use search::Search;

pub use bearoff::{Home, distribution as bear_off_distribution, mean_rolls as bear_off_rolls};
pub use eval::{Evaluator, Probs, evaluate};
pub use net::Nets;
pub use rollout::{Rolled, Settings as RolloutSettings};

/// Rolls out `view` (the side on roll, before its roll) as `settings` say within `budget`, on
/// the trained networks; returns what it found and the evaluations it took.
pub fn roll_out(view: &View, settings: &RolloutSettings, budget: &Budget) -> Option<(Rolled, u64)> {
    let mut search = Search::new(budget, true, Evaluator::Net);
    let rolled = rollout::rollout(&mut search, view, settings)?;
    Some((rolled, search.nodes))
}

/// Returns the chances of the side on roll in `view` before its roll, looked at `plies` deep
/// on the trained networks (as the cube's quick look does), and the evaluations it took.
pub fn chances_before_roll(view: &View, plies: u32, budget: &Budget) -> Option<(Probs, u64)> {
    let mut search = Search::new(budget, true, Evaluator::Net);
    let probs = search.probs_before_roll(view, plies)?;
    Some((probs, search.nodes))
}

/// How many plays the 1-ply level looks at, at most, and how far (in 0-ply equity) below the best.
const CANDIDATES: usize = 8;
const MARGIN: f32 = 0.2;
/// How much noise (standard deviation, in equity) level 2 adds to each play's score.
const NOISE: f32 = 0.12;
/// How much of a candidate's 0-ply equity the 1-ply level blends into its 1-ply equity: an
/// evaluation looked at from the side on roll and from the side that just played leans
/// differently (the odd-even effect), and the blend evens that out.
const ZERO_PLY_SHARE: f32 = 0.5;

impl Brain for BackgammonGame {
    const LEVELS: &'static [Level] = &[
        Level {
            measured: "gnubg: 221 mEMG a move (chequer play 312), 10 self-play money games (2026-11-26)",
            ..RANDOM
        },
        Level {
            name: "beginner",
            about: "0-ply on hand-tuned features, with noise added to every play's score (it misjudges close plays)",
            measured: "gnubg: 94.7 mEMG a move (chequer play 90.4), 30 games; beat level 1 in 199 of 200 (2026-11-26)",
        },
        Level {
            name: "casual",
            about: "0-ply on hand-tuned features: the play whose position evaluates best (contact features, race formula, bear-off database); cube on the trained networks' chances",
            measured: "gnubg 2-ply, cubeless, gammons counted: 32.3 mEMG a move (4,848 plays); cube 19.3 per close decision (661; 18 errors of 0.16+); 140 games (2026-11-28); beat level 2 in 78% of 200",
        },
        Level {
            name: "club",
            about: "0-ply on our trained networks (contact and race, taught by self-play) and the bear-off database",
            measured: "gnubg 2-ply, cubeless, gammons counted: 10.4 mEMG a move (3,747 plays, 110 games); cube 7.5 per close decision (131 in 30 games; 1 error of 0.16+) (2026-11-28); beat level 3 in 64% of 200",
        },
        Level {
            name: "expert",
            about: "1-ply on our trained networks: the best 0-ply candidates, each averaged over the opponent's 21 rolls and best replies, blended half and half with its 0-ply equity",
            measured: "gnubg 2-ply, cubeless, gammons counted: 7.5 mEMG a move (3,231 plays, 100 games); cube 4.9 per close decision (194 in 40 games; 1 error of 0.16+) (2026-11-28); beat level 4 in 52% of 200",
        },
    ];

    /// Plays the dice, doubles before a roll when the evaluation says so, and answers a double.
    fn choose(
        &self,
        seat: Seat,
        level: usize,
        budget: &Budget,
        rng: &mut StdRng,
    ) -> Option<Pick<BackgammonMove>> {
        let level = super::clamp_level::<BackgammonGame>(level);
        match self.phase() {
            Phase::Roll { seat: due } if due == seat && level > 1 => {
                cube::offer(self, seat, level, budget)
            }
            Phase::Doubled { seat: by } if by != seat && level > 1 => {
                Some(cube::answer(self, seat, level, budget))
            }
            Phase::Move { seat: due, dice } if due == seat && level > 1 => {
                play(self, seat, dice, level, budget, rng)
            }
            _ => pick(self, seat, rng),
        }
    }
}

/// Picks a play of `dice` at `level` (2 and up).
fn play(
    game: &BackgammonGame,
    seat: Seat,
    dice: [u8; 2],
    level: usize,
    budget: &Budget,
    rng: &mut StdRng,
) -> Option<Pick<BackgammonMove>> {
    let view = game.board().view(seat);
    let plays = legal_plays(&view, (dice[0], dice[1]));
    let gammons = game.rules().cube;
    let mut search = Search::new(budget, gammons, evaluator(level));
    let (chosen, how) = match plays.len() {
        0 => return None,
        1 => (0, "the only legal play".to_string()),
        _ => match level {
            2 => {
                let scored = search.zero_ply(&plays);
                let noisy = scored
                    .iter()
                    .map(|(i, e)| (*i, e + NOISE * gaussian(rng)))
                    .max_by(|a, b| a.1.total_cmp(&b.1))?;
                let e = scored.iter().find(|s| s.0 == noisy.0).map_or(0.0, |s| s.1);
                (noisy.0, format!("0-ply equity {e:+.2} (with noise)"))
            }
            3 | 4 => {
                let (i, e) = *search.zero_ply(&plays).first()?;
                (i, format!("0-ply equity {e:+.2}"))
            }
            _ => one_ply(&mut search, &plays)?,
        },
    };
    let p = &plays[chosen];
    let probs = search.probs_after(&p.result);
    let why = format!(
        "{}; {how}, wins {:.0}%, pips {} v {}",
        describe(&view, &p.result),
        probs.win * 100.0,
        pips(&p.result.me),
        pips(&p.result.opp)
    );
    Some(Pick {
        r#move: BackgammonMove::Play(p.steps.clone()),
        why,
    })
}

/// Ranks at 0-ply, then looks 1 ply deeper at the best candidates while the budget lasts.
fn one_ply(search: &mut Search<'_>, plays: &[Play]) -> Option<(usize, String)> {
    let scored = search.zero_ply(plays);
    let (top, top_e) = *scored.first()?;
    let mut best: Option<(usize, f32)> = None;
    for (i, e) in scored.iter().take(CANDIDATES) {
        if *e < top_e - MARGIN || (best.is_some() && search.soft_done()) {
            break;
        }
        let Some(deep) = search.one_ply(&plays[*i].result) else {
            break;
        };
        let deep = ZERO_PLY_SHARE * e + (1.0 - ZERO_PLY_SHARE) * deep;
        if best.is_none_or(|b| deep > b.1) {
            best = Some((*i, deep));
        }
    }
    Some(match best {
        Some((i, e)) => (i, format!("1-ply equity {e:+.2}")),
        None => (top, format!("0-ply equity {top_e:+.2} (no time for 1-ply)")),
    })
}

/// Describes what a play does: enters, hits, makes points, bears off, leaves blots.
fn describe(before: &View, after: &View) -> String {
    let mut parts = Vec::new();
    if after.me[24] < before.me[24] {
        parts.push("enters".to_string());
    }
    match after.opp[24].saturating_sub(before.opp[24]) {
        0 => {}
        1 => parts.push("hits".into()),
        n => parts.push(format!("hits {n}")),
    }
    let made: Vec<String> = (1..=24)
        .filter(|p| before.me[p - 1] < 2 && after.me[p - 1] >= 2)
        .map(|p| format!("the {p}-point"))
        .collect();
    if !made.is_empty() {
        parts.push(format!("makes {}", made.join(" and ")));
    }
    let off = in_play(&before.me) - in_play(&after.me);
    if off > 0 {
        parts.push(format!("bears off {off}"));
    }
    let blots = (1..=24).filter(|p| after.me[p - 1] == 1).count();
    if eval::is_contact(after) {
        parts.push(match blots {
            0 => "leaves no blot".into(),
            1 => "leaves a blot".into(),
            n => format!("leaves {n} blots"),
        });
    }
    if parts.is_empty() {
        "runs".into()
    } else {
        parts.join(", ")
    }
}

/// A standard normal draw (Box–Muller).
fn gaussian(rng: &mut StdRng) -> f32 {
    let u: f32 = rng.random_range(f32::EPSILON..1.0);
    let v: f32 = rng.random();
    (-2.0 * u.ln()).sqrt() * (std::f32::consts::TAU * v).cos()
}

/// The static evaluation a level searches with: hand-tuned up to level 3, trained above.
pub(crate) fn evaluator(level: usize) -> Evaluator {
    if level <= 3 {
        Evaluator::Hand
    } else {
        Evaluator::Net
    }
}

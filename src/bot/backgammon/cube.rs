//! Cube decisions from the cubeless money equity (gammons counted) of the side on roll, by
//! simple thresholds: double from +0.36 (about 68% to win without gammons, where a live cube's
//! doubling window opens) up to +1.0 (above it the position is too good: playing on for the
//! gammon wins more than the point a drop gives); take down to -0.54 (a take loses twice the
//! cubeless equity, a drop one point, and owning the cube is worth a little more, so the take
//! point sits below the dead cube's -0.5). Match scores are not weighed: the same
//! thresholds apply in a match (the Crawford game is left to the rules, which forbid doubling).

use super::search::Search;
use crate::bot::{Budget, Pick};
use crate::rules::Seat;
use crate::rules::backgammon::{BackgammonGame, BackgammonMove};

/// The least equity the bot doubles at.
pub const DOUBLE_FROM: f32 = 0.36;
/// Above this equity the bot plays on rather than double.
pub const TOO_GOOD: f32 = 1.0;
/// The least equity the bot takes at.
pub const TAKE_FROM: f32 = -0.54;

/// Returns `double` when `seat`, about to roll, should double at `level` (1-ply looks at level 5).
pub fn offer(
    game: &BackgammonGame,
    seat: Seat,
    level: usize,
    budget: &Budget,
) -> Option<Pick<BackgammonMove>> {
    if !game.may_double(seat) {
        return None;
    }
    let mut search = Search::new(budget, true, super::evaluator(level));
    let equity = search.before_roll(&game.board().view(seat), level >= 5);
    (DOUBLE_FROM..=TOO_GOOD).contains(&equity).then(|| Pick {
        r#move: BackgammonMove::Double,
        why: format!(
            "doubles: cubeless equity {equity:+.2} is within the window {DOUBLE_FROM:+.2} to {TOO_GOOD:+.2}"
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
    let mut search = Search::new(budget, true, super::evaluator(level));
    let doubler = game.board().view(1 - seat);
    let equity = -search.before_roll(&doubler, level >= 5);
    if equity >= TAKE_FROM {
        Pick {
            r#move: BackgammonMove::Take,
            why: format!("takes: cubeless equity {equity:+.2}, above {TAKE_FROM:+.2}"),
        }
    } else {
        Pick {
            r#move: BackgammonMove::Drop,
            why: format!("drops: cubeless equity {equity:+.2}, below {TAKE_FROM:+.2}"),
        }
    }
}

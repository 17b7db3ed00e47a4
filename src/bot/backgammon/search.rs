//! Looking ahead: 0-ply scores each play by the static evaluation of the position it leaves;
//! 1-ply averages a play over the opponent's 21 rolls, the opponent answering each with its
//! best 0-ply play. Every static evaluation is one node of the [`Budget`].

use super::eval::{Evaluator, Probs, ROLLS21, borne_off, in_play};
use crate::bot::Budget;
use crate::rules::backgammon::{Play, View, legal_plays};

/// How often (in nodes) the hard deadline is checked.
const CHECK_EVERY: u64 = 64;

/// One search: its budget, the nodes spent, and whether gammons count.
pub struct Search<'a> {
    budget: &'a Budget,
    pub nodes: u64,
    pub stopped: bool,
    gammons: bool,
    evaluator: Evaluator,
}

impl<'a> Search<'a> {
    /// Starts a search within `budget` by `evaluator`; `gammons` says whether gammons score double.
    pub fn new(budget: &'a Budget, gammons: bool, evaluator: Evaluator) -> Self {
        Search {
            budget,
            nodes: 0,
            stopped: false,
            gammons,
            evaluator,
        }
    }

    /// Returns whether a new iteration (a candidate's 1-ply look) should not start.
    pub fn soft_done(&self) -> bool {
        self.stopped || self.budget.soft_done(self.nodes)
    }

    fn tick(&mut self) {
        self.nodes += 1;
        if self.nodes.is_multiple_of(CHECK_EVERY) && self.budget.hard_done(self.nodes) {
            self.stopped = true;
        }
    }

    /// Returns the chances, for the side that just played, of the position its play left.
    pub fn probs_after(&mut self, result: &View) -> Probs {
        self.tick();
        if in_play(&result.me) == 0 {
            return borne_off(result);
        }
        self.evaluator.probs(&result.flipped()).flipped()
    }

    /// Returns the equity, for the side that just played, of the position its play left.
    pub fn after_play(&mut self, result: &View) -> f32 {
        self.probs_after(result).equity(self.gammons)
    }

    /// Scores plays at 0-ply, best first; at the hard limit it keeps those scored so far.
    pub fn zero_ply(&mut self, plays: &[Play]) -> Vec<(usize, f32)> {
        let mut scored = Vec::with_capacity(plays.len());
        for (i, p) in plays.iter().enumerate() {
            if self.stopped && !scored.is_empty() {
                break;
            }
            scored.push((i, self.after_play(&p.result)));
        }
        scored.sort_by(|a, b| b.1.total_cmp(&a.1));
        scored
    }

    /// Returns the equity for the side that played to `result`, averaged over the opponent's
    /// 21 rolls, each answered by the opponent's best 0-ply play; `None` if stopped midway.
    pub fn one_ply(&mut self, result: &View) -> Option<f32> {
        if in_play(&result.me) == 0 {
            return Some(self.after_play(result));
        }
        let theirs = result.flipped();
        let mut total = 0.0;
        for (a, b, w) in ROLLS21 {
            let replies = legal_plays(&theirs, (a, b));
            let mine = if replies.is_empty() {
                // The opponent cannot move: the player is on roll again in the same position.
                self.tick();
                self.evaluator.probs(result).equity(self.gammons)
            } else {
                let best = replies
                    .iter()
                    .map(|r| self.after_play(&r.result))
                    .fold(f32::NEG_INFINITY, f32::max);
                -best
            };
            if self.stopped {
                return None;
            }
            total += w * mine;
        }
        Some(total / 36.0)
    }

    /// Returns the play of `plays` (at least one) whose position evaluates best at 0-ply: the
    /// chances it leaves the mover, and its index.
    pub fn best_play(&mut self, plays: &[Play]) -> Option<(Probs, usize)> {
        let mut best: Option<(f32, Probs, usize)> = None;
        for (i, p) in plays.iter().enumerate() {
            let probs = self.probs_after(&p.result);
            let e = probs.equity(self.gammons);
            if best.is_none_or(|b| e > b.0) {
                best = Some((e, probs, i));
            }
        }
        best.map(|(_, probs, i)| (probs, i))
    }

    /// Returns the chances of the side on roll in `view` before it rolls, looked at `plies`
    /// deep: 0 the static evaluation; 1 the average over its 21 rolls of the position its best
    /// 0-ply play leaves; each ply more looks at that position from the other side's roll the
    /// same way, one ply less deep. `None` if stopped midway.
    pub fn probs_before_roll(&mut self, view: &View, plies: u32) -> Option<Probs> {
        if plies == 0 {
            self.tick();
            return (!self.stopped).then(|| self.evaluator.probs(view));
        }
        let mut total = [0.0f32; 3];
        for (a, b, w) in ROLLS21 {
            let plays = legal_plays(view, (a, b));
            let probs = if plays.is_empty() {
                // No play: the other side is on roll in the same position.
                self.probs_before_roll(&view.flipped(), plies - 1)?
                    .flipped()
            } else {
                let (probs, i) = self.best_play(&plays)?;
                let result = &plays[i].result;
                if plies == 1 || in_play(&result.me) == 0 {
                    probs
                } else {
                    self.probs_before_roll(&result.flipped(), plies - 1)?
                        .flipped()
                }
            };
            if self.stopped {
                return None;
            }
            total[0] += w * probs.win;
            total[1] += w * probs.gammon_win;
            total[2] += w * probs.gammon_loss;
        }
        Some(Probs {
            win: total[0] / 36.0,
            gammon_win: total[1] / 36.0,
            gammon_loss: total[2] / 36.0,
        })
    }
}

//! How long a brain may think: a soft deadline (finish what is under way and answer), a hard
//! one (answer now), an optional node limit (for repeatable tests and benchmarks), and a
//! cancellation flag the process raises at shutdown.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The limits of one search.
#[derive(Clone, Debug)]
pub struct Budget {
    soft: Instant,
    hard: Instant,
    nodes: Option<u64>,
    soft_nodes: Option<u64>,
    cancel: Arc<AtomicBool>,
}

/// How long before the hard limit a search stops, so that its answer (unwinding, the line of
/// why) is ready by the limit and not a few milliseconds after it.
const ANSWER_MARGIN: Duration = Duration::from_millis(50);

impl Budget {
    /// Gives a search `soft` to finish its current iteration and answers by `hard` at most,
    /// from now: the search itself stops `ANSWER_MARGIN` before `hard` (never before `soft`).
    pub fn timed(soft: Duration, hard: Duration) -> Budget {
        let now = Instant::now();
        Budget {
            soft: now + soft,
            hard: now + hard.saturating_sub(ANSWER_MARGIN).max(soft),
            nodes: None,
            soft_nodes: None,
            cancel: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Gives a search at most `nodes` positions and no deadline, so its answer is repeatable.
    pub fn nodes(nodes: u64) -> Budget {
        let far = Duration::from_secs(24 * 3600);
        Budget {
            nodes: Some(nodes),
            ..Budget::timed(far, far)
        }
    }

    /// Counts a timed budget in positions searched instead of seconds: no new iteration after
    /// `soft` nodes, an answer at `hard`. A bench gives a level its time this way (its speed
    /// times its seconds), so the strength it measures does not depend on the machine's load.
    pub fn node_counts(soft: u64, hard: u64) -> Budget {
        Budget {
            soft_nodes: Some(soft.min(hard)),
            ..Budget::nodes(hard)
        }
    }

    /// Returns this budget with its node counts `factor` times as large, its deadlines and
    /// cancellation the same: for a rare decision (a cube decision near the doubling window)
    /// that may look further than a move within the same time.
    pub fn with_more_nodes(&self, factor: u64) -> Budget {
        Budget {
            nodes: self.nodes.map(|n| n.saturating_mul(factor)),
            soft_nodes: self.soft_nodes.map(|n| n.saturating_mul(factor)),
            ..self.clone()
        }
    }

    /// Stops the search when `cancel` is raised (e.g. at shutdown).
    pub fn cancelled_by(mut self, cancel: Arc<AtomicBool>) -> Budget {
        self.cancel = cancel;
        self
    }

    /// Returns the node limit, if any.
    pub fn node_limit(&self) -> Option<u64> {
        self.nodes
    }

    /// Returns whether a search should not start another iteration (`searched` nodes so far).
    pub fn soft_done(&self, searched: u64) -> bool {
        self.stopped(searched)
            || self.soft_nodes.is_some_and(|n| searched >= n)
            || Instant::now() >= self.soft
    }

    /// Returns whether a search must answer at once (`searched` nodes so far).
    pub fn hard_done(&self, searched: u64) -> bool {
        self.stopped(searched) || Instant::now() >= self.hard
    }

    fn stopped(&self, searched: u64) -> bool {
        self.cancel.load(Ordering::Relaxed) || self.nodes.is_some_and(|n| searched >= n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_search_stops_a_margin_before_its_hard_limit_but_never_before_the_soft_one() {
        let before = Instant::now();
        let budget = Budget::timed(Duration::from_secs(2), Duration::from_secs(3));
        assert!(budget.hard <= Instant::now() + Duration::from_secs(3) - ANSWER_MARGIN);
        assert!(budget.hard >= before + Duration::from_secs(3) - ANSWER_MARGIN);
        let tight = Budget::timed(Duration::from_secs(2), Duration::from_millis(2_010));
        assert_eq!(tight.hard, tight.soft);
    }

    #[test]
    fn a_budget_in_node_counts_stops_iterating_at_the_soft_count_and_answers_at_the_hard_one() {
        let budget = Budget::node_counts(1_000, 1_500);
        assert!(!budget.soft_done(999));
        assert!(budget.soft_done(1_000));
        assert!(!budget.hard_done(1_499));
        assert!(budget.hard_done(1_500));
        assert_eq!(budget.node_limit(), Some(1_500));
    }

    #[test]
    fn a_budget_with_more_nodes_keeps_its_deadlines_and_cancellation() {
        let cancel = Arc::new(AtomicBool::new(false));
        let budget = Budget::node_counts(1_000, 1_500).cancelled_by(Arc::clone(&cancel));
        let more = budget.with_more_nodes(10);
        assert!(!more.soft_done(9_999));
        assert!(more.soft_done(10_000));
        assert!(!more.hard_done(14_999));
        assert!(more.hard_done(15_000));
        assert_eq!((more.soft, more.hard), (budget.soft, budget.hard));
        cancel.store(true, Ordering::Relaxed);
        assert!(more.hard_done(0));
    }
}

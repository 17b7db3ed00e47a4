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
    cancel: Arc<AtomicBool>,
}

impl Budget {
    /// Gives a search `soft` to finish its current iteration and `hard` at most, from now.
    pub fn timed(soft: Duration, hard: Duration) -> Budget {
        let now = Instant::now();
        Budget {
            soft: now + soft,
            hard: now + hard.max(soft),
            nodes: None,
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
        self.stopped(searched) || Instant::now() >= self.soft
    }

    /// Returns whether a search must answer at once (`searched` nodes so far).
    pub fn hard_done(&self, searched: u64) -> bool {
        self.stopped(searched) || Instant::now() >= self.hard
    }

    fn stopped(&self, searched: u64) -> bool {
        self.cancel.load(Ordering::Relaxed) || self.nodes.is_some_and(|n| searched >= n)
    }
}

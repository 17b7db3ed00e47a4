//! The way in for work that must finish before the process stops: every interaction, plain-text
//! move and bot turn passes the gate, and a stop first closes it (new work is turned away
//! with a one-line answer), then waits until the work inside has finished, so a move that was
//! stored is also announced, and nothing is cut off half way.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use tokio::sync::Notify;

/// What a closed gate answers the person whose interaction it turns away.
pub const STOPPING: &str = "tabula is restarting; nothing was played. Try again in a few seconds.";

/// Counts the work under way and refuses new work once closed.
#[derive(Debug, Default)]
pub struct Gate {
    closed: AtomicBool,
    inside: AtomicUsize,
    idle: Notify,
}

/// A piece of work inside the gate; the gate counts it until it is dropped.
#[must_use = "the work is counted only while the pass is held"]
pub struct Pass(Arc<Gate>);

impl Gate {
    /// Lets a piece of work in (`Ok`), or, once the gate is closed, only as far as turning
    /// the person away (`Err`): both are counted, so a stop also waits for that answer.
    pub fn enter(self: &Arc<Gate>) -> Result<Pass, Pass> {
        // Counted first, then checked: a stop that closes the gate between the two still
        // waits for this work.
        self.inside.fetch_add(1, Ordering::SeqCst);
        let pass = Pass(Arc::clone(self));
        if self.closed.load(Ordering::SeqCst) {
            return Err(pass);
        }
        Ok(pass)
    }

    /// Closes the gate and waits up to `patience` for the work inside to finish; returns how
    /// many pieces of work were still inside when it gave up (0 when all finished).
    pub async fn close(&self, patience: Duration) -> usize {
        self.closed.store(true, Ordering::SeqCst);
        let waited = tokio::time::timeout(patience, async {
            loop {
                let idle = self.idle.notified();
                if self.inside.load(Ordering::SeqCst) == 0 {
                    return;
                }
                idle.await;
            }
        })
        .await;
        match waited {
            Ok(()) => 0,
            Err(_) => self.inside.load(Ordering::SeqCst),
        }
    }
}

impl Drop for Pass {
    fn drop(&mut self) {
        if self.0.inside.fetch_sub(1, Ordering::SeqCst) == 1 {
            self.0.idle.notify_waiters();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_closed_gate_waits_for_the_work_inside_and_turns_new_work_away() {
        let gate = Arc::new(Gate::default());
        let inside = gate.enter().ok().expect("an open gate lets work in");
        let closing = {
            let gate = Arc::clone(&gate);
            tokio::spawn(async move { gate.close(Duration::from_secs(5)).await })
        };
        // Once the stop has closed the gate, new work is turned away.
        while gate.enter().is_ok() {
            tokio::task::yield_now().await;
        }
        assert!(!closing.is_finished(), "the stop waits for the work inside");
        drop(inside);
        assert_eq!(closing.await.unwrap(), 0, "all work finished");
    }

    #[tokio::test]
    async fn a_close_gives_up_after_its_patience_and_says_how_much_was_left() {
        let gate = Arc::new(Gate::default());
        let _stuck = gate.enter().ok().unwrap();
        assert_eq!(gate.close(Duration::from_millis(20)).await, 1);
    }
}

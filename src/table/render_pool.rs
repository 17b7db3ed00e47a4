//! The bounded pool pictures are drawn on: at most a few CPU-bound renders run at once (one
//! per core by default), each on tokio's blocking threads, so a burst of turns queues here
//! instead of filling every core and thread and starving the runtime (the gateway's
//! heartbeats, the database's answers).

use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::Semaphore;

use super::metrics::{Gauge, Metrics};

/// A semaphore around `spawn_blocking`: the number of renders running at once, and of those
/// the web view's.
#[derive(Debug)]
pub(crate) struct RenderPool {
    permits: Arc<Semaphore>,
    /// The web view's drawings take at most half the slots (one at least), so a crowd asking
    /// for pictures never makes a turn's board wait for all of them.
    site: Arc<Semaphore>,
    size: usize,
}

/// Why a render on the pool gave no result.
#[derive(Debug, thiserror::Error)]
pub(crate) enum PoolError {
    /// The blocking task panicked or was cancelled.
    #[error("the render task failed: {0}")]
    Join(#[from] tokio::task::JoinError),
    /// The pool was closed (never done while the table lives).
    #[error("the render pool is closed")]
    Closed,
}

impl RenderPool {
    /// Makes a pool running at most `size` renders at once (at least one).
    pub(crate) fn new(size: usize) -> RenderPool {
        let size = size.max(1);
        RenderPool {
            permits: Arc::new(Semaphore::new(size)),
            site: Arc::new(Semaphore::new((size / 2).max(1))),
            size,
        }
    }

    /// Makes a pool with one render thread per core the process may use.
    pub(crate) fn per_core() -> RenderPool {
        RenderPool::new(std::thread::available_parallelism().map_or(2, usize::from))
    }

    /// How many renders may run at once.
    pub(crate) fn size(&self) -> usize {
        self.size
    }

    /// Runs `work` on a blocking thread once a slot is free; returns its result and the time
    /// it ran (not counting the wait). A caller that stops waiting leaves the work to finish
    /// in its slot, so the bound holds.
    pub(crate) async fn run<T, F>(
        &self,
        metrics: &Metrics,
        work: F,
    ) -> Result<(T, Duration), PoolError>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        let permit = {
            let _waiting = metrics.hold(Gauge::RendersWaiting);
            Arc::clone(&self.permits)
                .acquire_owned()
                .await
                .map_err(|_| PoolError::Closed)?
        };
        let _running = metrics.hold(Gauge::RendersRunning);
        let done = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            let started = Instant::now();
            let out = work();
            (out, started.elapsed())
        })
        .await?;
        metrics.render_took(done.1);
        Ok(done)
    }

    /// Runs the web view's `work` as [`run`](Self::run) does, once one of the site's slots (half
    /// the pool) is free as well.
    pub(crate) async fn run_for_site<T, F>(
        &self,
        metrics: &Metrics,
        work: F,
    ) -> Result<(T, Duration), PoolError>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        let site = Arc::clone(&self.site)
            .acquire_owned()
            .await
            .map_err(|_| PoolError::Closed)?;
        self.run(metrics, move || {
            let _site = site;
            work()
        })
        .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_sites_drawings_take_half_the_slots_and_leave_the_rest_to_the_bot() {
        let pool = Arc::new(RenderPool::new(4));
        let metrics = Arc::new(Metrics::default());
        // Three drawings for the site that run until released: two get slots, one waits.
        let release = Arc::new(AtomicBool::new(false));
        let started = Arc::new(AtomicUsize::new(0));
        let site: Vec<_> = (0..3)
            .map(|_| {
                let (pool, metrics) = (Arc::clone(&pool), Arc::clone(&metrics));
                let (release, started) = (Arc::clone(&release), Arc::clone(&started));
                tokio::spawn(async move {
                    pool.run_for_site(&metrics, move || {
                        started.fetch_add(1, Ordering::SeqCst);
                        while !release.load(Ordering::SeqCst) {
                            std::thread::sleep(Duration::from_millis(1));
                        }
                    })
                    .await
                    .expect("the drawing runs")
                })
            })
            .collect();
        while started.load(Ordering::SeqCst) < 2 {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        // The bot's renders run while the site holds its two slots (the limit only guards
        // against a hang: a render left without a slot would wait for ever).
        for _ in 0..2 {
            let bot = pool.run(&metrics, || ());
            tokio::time::timeout(Duration::from_secs(30), bot)
                .await
                .expect("the bot's render finds a free slot")
                .expect("the render runs");
        }
        assert_eq!(
            started.load(Ordering::SeqCst),
            2,
            "the third drawing waits for one of the site's two slots"
        );
        release.store(true, Ordering::SeqCst);
        for task in site {
            task.await.expect("the task ends");
        }
        assert_eq!(started.load(Ordering::SeqCst), 3);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn no_more_renders_run_at_once_than_the_pool_has_slots() {
        let pool = Arc::new(RenderPool::new(2));
        let metrics = Arc::new(Metrics::default());
        let now = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let mut tasks = Vec::new();
        for _ in 0..12 {
            let (pool, metrics) = (Arc::clone(&pool), Arc::clone(&metrics));
            let (now, most) = (Arc::clone(&now), Arc::clone(&most));
            tasks.push(tokio::spawn(async move {
                pool.run(&metrics, move || {
                    let inside = now.fetch_add(1, Ordering::SeqCst) + 1;
                    most.fetch_max(inside, Ordering::SeqCst);
                    std::thread::sleep(Duration::from_millis(5));
                    now.fetch_sub(1, Ordering::SeqCst);
                })
                .await
                .expect("the render runs")
            }));
        }
        for task in tasks {
            task.await.expect("the task ends");
        }
        assert!(
            most.load(Ordering::SeqCst) <= 2,
            "two slots, at most two at once"
        );
        let after = metrics.snapshot();
        assert_eq!((after.renders_waiting, after.renders_running), (0, 0));
    }
}

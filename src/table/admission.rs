//! The bound on commands in flight in one process: a frontend asks [`Table::admit`] before it
//! starts a person's command, and beyond the bound the person is told at once that nothing was
//! played, instead of the work piling up until every answer is late (and memory grows).

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::gauge::Gauge;

use super::{Reply, Table};

/// What a person reads when their command was turned away because the process is full.
pub const BUSY: &str =
    "tabula is busy right now, so nothing was played; try again in a few seconds.";

/// The default bound on commands in flight per process (`TABULA_MAX_IN_FLIGHT`).
pub const MAX_IN_FLIGHT: usize = 64;

/// Counts the commands in flight against their bound; shared by every clone of a table.
#[derive(Debug)]
pub(crate) struct Admission {
    limit: usize,
    inside: AtomicUsize,
    /// `tabula_in_flight`, kept equal to `inside`.
    gauge: Gauge,
    /// `tabula_refused_busy_total`.
    refused: Counter,
}

impl Admission {
    pub(crate) fn new(limit: usize, gauge: Gauge, refused: Counter) -> Admission {
        Admission {
            limit: limit.max(1),
            inside: AtomicUsize::new(0),
            gauge,
            refused,
        }
    }
}

/// A command let in: it counts against the bound until this is dropped.
#[must_use = "the command counts as in flight only while this is held"]
#[derive(Debug)]
pub struct InFlight(Arc<Admission>);

impl Drop for InFlight {
    fn drop(&mut self) {
        self.0.inside.fetch_sub(1, Ordering::AcqRel);
        self.0.gauge.dec();
    }
}

/// A command turned away because the bound was reached; nothing of it ran.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Busy;

impl Busy {
    /// The private one-line answer that says so.
    pub fn reply(self) -> Reply {
        Reply::private(BUSY)
    }
}

impl Table {
    /// Lets at most `limit` (at least one) commands be in flight at once in this process;
    /// [`MAX_IN_FLIGHT`] by default.
    #[must_use]
    pub fn with_max_in_flight(mut self, limit: usize) -> Table {
        self.admission = Arc::new(self.metrics.admission(limit));
        self
    }

    /// The bound on commands in flight.
    pub fn max_in_flight(&self) -> usize {
        self.admission.limit
    }

    /// Lets one command in while fewer than the bound are in flight, counting it until the
    /// returned guard is dropped.
    ///
    /// # Errors
    /// [`Busy`] when the bound is reached (counted in `tabula_refused_busy_total`): the
    /// command must not run, and the person is answered [`Busy::reply`].
    pub fn admit(&self) -> Result<InFlight, Busy> {
        let admission = &self.admission;
        let taken = admission
            .inside
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                (n < admission.limit).then_some(n + 1)
            });
        match taken {
            Ok(_) => {
                admission.gauge.inc();
                Ok(InFlight(Arc::clone(admission)))
            }
            Err(_) => {
                admission.refused.inc();
                Err(Busy)
            }
        }
    }
}

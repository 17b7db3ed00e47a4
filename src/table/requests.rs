//! The requests a frontend makes to its chat service (Discord), counted by what they were made
//! for (a command's name, a button, a bot turn, a reminder...) and by how each one ended: read
//! by `/status` as requests per turn, and scraped from `/metrics` as
//! `tabula_discord_requests_total{kind, outcome}`. Discord allows about 50 requests a second
//! per bot token, so these counts, not the CPU, set how many turns a bot can carry.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::sync::{Arc, Mutex};

use prometheus_client::encoding::{EncodeLabelSet, EncodeLabelValue, LabelValueEncoder};
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;

/// How one request ended.
#[derive(Clone, Copy, Debug, Hash, PartialEq, Eq, PartialOrd, Ord)]
pub enum Outcome {
    /// The service took it.
    Ok,
    /// It failed and is sent again (a server error, a lost connection, a rate limit).
    Retried,
    /// It failed for good (a refusal, or the last try).
    Failed,
}

impl Outcome {
    /// Every outcome, in the order [`Tally`] keeps them.
    pub const ALL: [Outcome; 3] = [Outcome::Ok, Outcome::Retried, Outcome::Failed];

    /// Returns the outcome's label value.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Ok => "ok",
            Outcome::Retried => "retried",
            Outcome::Failed => "failed",
        }
    }
}

impl EncodeLabelValue for Outcome {
    fn encode(&self, encoder: &mut LabelValueEncoder) -> Result<(), std::fmt::Error> {
        encoder.write_str(self.name())
    }
}

/// The labels of one counter of requests.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub(crate) struct Labels {
    kind: String,
    outcome: Outcome,
}

/// The requests of one kind, by outcome.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub ok: u64,
    pub retried: u64,
    pub failed: u64,
}

impl Tally {
    /// Returns every request sent, whatever its outcome.
    pub fn total(&self) -> u64 {
        self.ok + self.retried + self.failed
    }
}

/// The process's requests to its chat service; clones count in the same counters.
#[derive(Clone, Debug, Default)]
pub struct Requests {
    family: Family<Labels, Counter>,
    /// The kinds counted so far, since a family cannot list its members.
    kinds: Arc<Mutex<BTreeSet<String>>>,
}

impl Requests {
    /// Counts one request of `kind` that ended as `outcome`.
    pub fn count(&self, kind: &str, outcome: Outcome) {
        let labels = Labels {
            kind: kind.to_owned(),
            outcome,
        };
        self.family.get_or_create(&labels).inc();
        let mut kinds = self.kinds.lock().unwrap_or_else(|p| p.into_inner());
        if !kinds.contains(kind) {
            kinds.insert(kind.to_owned());
        }
    }

    /// Returns the requests counted so far, by kind.
    pub fn by_kind(&self) -> BTreeMap<String, Tally> {
        let kinds = self.kinds.lock().unwrap_or_else(|p| p.into_inner()).clone();
        kinds
            .into_iter()
            .map(|kind| {
                let [ok, retried, failed] = Outcome::ALL.map(|outcome| {
                    let labels = Labels {
                        kind: kind.clone(),
                        outcome,
                    };
                    self.family.get(&labels).map_or(0, |c| c.get())
                });
                (
                    kind,
                    Tally {
                        ok,
                        retried,
                        failed,
                    },
                )
            })
            .collect()
    }

    /// Returns every request counted so far.
    pub fn total(&self) -> u64 {
        self.by_kind().values().map(Tally::total).sum()
    }

    /// The counters, for the metrics registry.
    pub(crate) fn family(&self) -> Family<Labels, Counter> {
        self.family.clone()
    }
}

/// Words the requests by kind, most first: `move 20, bot turn 20 (1 retried)`.
pub fn by_kind_text(by_kind: &BTreeMap<String, Tally>) -> String {
    let mut kinds: Vec<(&String, &Tally)> = by_kind.iter().collect();
    kinds.sort_by(|a, b| b.1.total().cmp(&a.1.total()).then(a.0.cmp(b.0)));
    let mut text = String::new();
    for (i, (kind, tally)) in kinds.into_iter().enumerate() {
        if i > 0 {
            text.push_str(", ");
        }
        let _ = write!(text, "{kind} {}", tally.total());
        let troubles: Vec<String> = [(tally.retried, "retried"), (tally.failed, "failed")]
            .into_iter()
            .filter(|(n, _)| *n > 0)
            .map(|(n, what)| format!("{n} {what}"))
            .collect();
        if !troubles.is_empty() {
            let _ = write!(text, " ({})", troubles.join(", "));
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_are_tallied_by_kind_and_outcome() {
        let requests = Requests::default();
        let also = requests.clone();
        requests.count("move", Outcome::Ok);
        also.count("move", Outcome::Retried);
        requests.count("move", Outcome::Ok);
        requests.count("bot turn", Outcome::Failed);
        let by_kind = requests.by_kind();
        assert_eq!(
            by_kind["move"],
            Tally {
                ok: 2,
                retried: 1,
                failed: 0
            }
        );
        assert_eq!(by_kind["bot turn"].total(), 1);
        assert_eq!(requests.total(), 4);
        assert_eq!(
            by_kind_text(&by_kind),
            "move 3 (1 retried), bot turn 1 (1 failed)"
        );
    }
}

//! The open loop (`--rate N`): turns are offered at a fixed rate whether or not the earlier ones
//! are answered, as people's clicks arrive. Each offered turn asks the table to be let in (the
//! bound on commands in flight the bot applies to every interaction): let in, its player reads
//! the board, picks a move and sends it; turned away, it is answered "busy" at once. Every
//! offered turn's answer is kept for the audit.

use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::SeedableRng as _;
use rand::rngs::StdRng;

use super::ms;
use super::players::{Players, Tally};
use super::report::quantile;

/// What one command sent as a turn came to.
pub enum Answered {
    /// Stored: the game's log has the action at `seq`.
    Played(Played),
    /// Answered privately (or, typed, not played): nothing was stored.
    Refused,
    /// No turn was sent (the game had ended and was replaced, or could not be read).
    Skipped,
}

/// A turn the table answered as played.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Played {
    pub game: i64,
    pub seq: i64,
    pub user: String,
}

/// What one offered turn came to.
enum Outcome {
    Played(Played),
    /// Turned away by the bound on commands in flight; nothing ran.
    Busy,
    /// Answered privately (a move that lost a race, or a typed move not played).
    Refused,
}

/// An offered turn's answer and how long it took, from its arrival to its answer.
struct Offered {
    outcome: Outcome,
    took: Duration,
}

/// Every offered turn's answer, and the turns' own tallies.
pub struct OpenRun {
    pub tallies: Vec<Tally>,
    offered: usize,
    answers: Vec<Offered>,
    /// The most commands in flight the table allowed.
    bound: usize,
    /// From the first offer to the last.
    offering: Duration,
    rate: f64,
}

/// Offers `turns` turns at `rate` a second and waits for every answer.
pub async fn paced(players: &Arc<Players>, rate: f64, turns: usize) -> OpenRun {
    let mut tick = tokio::time::interval(Duration::from_secs_f64(1.0 / rate.max(1.0)));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Burst);
    let mut tasks = Vec::with_capacity(turns);
    let first = Instant::now();
    for n in 0..turns {
        tick.tick().await;
        let players = Arc::clone(players);
        tasks.push(tokio::spawn(async move {
            let arrived = Instant::now();
            let Ok(_in_flight) = players.table().admit() else {
                let took = arrived.elapsed();
                return (
                    Tally::default(),
                    Offered {
                        outcome: Outcome::Busy,
                        took,
                    },
                );
            };
            let mut rng = StdRng::seed_from_u64(players.seed() ^ n as u64);
            let mut tally = Tally::default();
            loop {
                let i = players.take_channel().await;
                let answered = players.turn_answered(i, &mut rng, &mut tally).await;
                players.release(i);
                let outcome = match answered {
                    Answered::Skipped => continue,
                    Answered::Played(played) => Outcome::Played(played),
                    Answered::Refused => Outcome::Refused,
                };
                let took = arrived.elapsed();
                return (tally, Offered { outcome, took });
            }
        }));
    }
    let mut run = OpenRun {
        tallies: Vec::with_capacity(turns),
        offered: turns,
        answers: Vec::with_capacity(turns),
        bound: players.table().max_in_flight(),
        offering: first.elapsed(),
        rate,
    };
    for task in tasks {
        match task.await {
            Ok((tally, offered)) => {
                run.tallies.push(tally);
                run.answers.push(offered);
            }
            // Offered and never answered: counted as lost below.
            Err(e) => eprintln!("an offered turn's task failed: {e}"),
        }
    }
    run
}

impl OpenRun {
    /// The turns answered as played.
    pub fn played(&self) -> Vec<Played> {
        self.answers
            .iter()
            .filter_map(|a| match &a.outcome {
                Outcome::Played(p) => Some(p.clone()),
                _ => None,
            })
            .collect()
    }

    /// Prints what was offered and how it was answered, with throughput and latencies;
    /// returns the p99 of the turns played, from arrival to answer.
    pub fn report(&self, wall: Duration) -> Duration {
        let count = |f: fn(&Outcome) -> bool| self.answers.iter().filter(|a| f(&a.outcome)).count();
        let played = count(|o| matches!(o, Outcome::Played(_)));
        let busy = count(|o| matches!(o, Outcome::Busy));
        let refused = count(|o| matches!(o, Outcome::Refused));
        let answered = self.answers.len();
        println!(
            "open loop at {:.0} turns/s offered, at most {} in flight: offered {}, answered {} \
             ({played} played, {busy} refused busy, {refused} refused by the game), lost {} \
             (offered and never answered)",
            self.rate,
            self.bound,
            self.offered,
            answered,
            self.offered - answered,
        );
        println!(
            "throughput: {:.0} turns played/s over {:.1} s (until the last answer); offered at \
             {:.0}/s in fact (over the {:.1} s of offering)",
            played as f64 / wall.as_secs_f64(),
            wall.as_secs_f64(),
            self.offered as f64 / self.offering.as_secs_f64().max(1e-9),
            self.offering.as_secs_f64(),
        );
        let mut played_p99 = Duration::ZERO;
        for (what, keep) in [
            (
                "played",
                (|o: &Outcome| matches!(o, Outcome::Played(_))) as fn(&Outcome) -> bool,
            ),
            ("refused busy", |o: &Outcome| matches!(o, Outcome::Busy)),
            ("every answer", |_: &Outcome| true),
        ] {
            let mut took: Vec<Duration> = self
                .answers
                .iter()
                .filter(|a| keep(&a.outcome))
                .map(|a| a.took)
                .collect();
            took.sort_unstable();
            println!(
                "from arrival to answer, {what} ({}): p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
                took.len(),
                ms(quantile(&took, 0.5)),
                ms(quantile(&took, 0.99)),
                ms(quantile(&took, 1.0)),
            );
            if what == "played" {
                played_p99 = quantile(&took, 0.99);
            }
        }
        played_p99
    }
}

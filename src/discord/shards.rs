//! Discord's shards: all that Discord recommends by default (autosharding), or a range of them
//! split among processes (`TABULA_SHARDS=0-3/8`): each process opens the
//! gateway for its own range of shards, and Discord sends each guild's events to exactly one
//! shard, `(guild_id >> 22) % total`, so every interaction reaches one process only. What runs
//! on a timer (reminders, claims, bot turns) is claimed in the database, so any number of
//! processes may share one PostgreSQL.

use std::fmt;
use std::str::FromStr;

use poise::serenity_prelude as serenity;

/// The most shards a setting may name (Discord's largest bots run a few thousand).
const MOST_SHARDS: u32 = 65_536;

/// The shards one process runs: `first` to `last` (inclusive) out of `total`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shards {
    pub first: u32,
    pub last: u32,
    pub total: u32,
}

/// Why a `TABULA_SHARDS` value was refused, in one line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{0:?} is not a shard range: write `2/8` (shard 2 of 8) or `0-3/8` (shards 0 to 3 of 8); shards count from 0"
)]
pub struct BadShards(String);

impl FromStr for Shards {
    type Err = BadShards;

    /// Reads `id/total` or `first-last/total`.
    fn from_str(text: &str) -> Result<Shards, BadShards> {
        let bad = || BadShards(text.to_string());
        let number = |s: &str| s.trim().parse::<u32>().map_err(|_| bad());
        let (range, total) = text.split_once('/').ok_or_else(bad)?;
        let (first, last) = match range.split_once('-') {
            Some((first, last)) => (number(first)?, number(last)?),
            None => (number(range)?, number(range)?),
        };
        let total = number(total)?;
        if total == 0 || total > MOST_SHARDS || first > last || last >= total {
            return Err(bad());
        }
        Ok(Shards { first, last, total })
    }
}

impl fmt::Display for Shards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.first == self.last {
            write!(f, "{}/{}", self.first, self.total)
        } else {
            write!(f, "{}-{}/{}", self.first, self.last, self.total)
        }
    }
}

impl Shards {
    /// Returns the shard Discord sends a guild's events to, out of `total`.
    pub fn of_guild(guild: u64, total: u32) -> u32 {
        // Discord's rule: the snowflake's timestamp bits, modulo the shard count.
        ((guild >> 22) % u64::from(total.max(1))) as u32
    }
}

/// Opens the gateway for `shards`, or, when `None`, for every shard Discord recommends
/// (`GET /gateway/bot`: one for a small bot, more as it grows, since Discord closes a lone
/// shard with 4011 past 2,500 servers), and runs until the client stops.
///
/// # Errors
/// As serenity's `Client::start_autosharded` and `Client::start_shard_range`.
pub(super) async fn run(
    client: &mut serenity::Client,
    shards: Option<Shards>,
) -> Result<(), serenity::Error> {
    match shards {
        None => client.start_autosharded().await,
        Some(s) => {
            tracing::info!(shards = %s, "running a range of Discord's shards");
            // serenity's range includes its end: `start_shard_range(4..7, 10)` runs 4 to 7.
            client.start_shard_range(s.first..s.last, s.total).await
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_shard_or_a_range_out_of_a_total_reads_and_prints_back() {
        for (text, first, last, total) in [("2/8", 2, 2, 8), ("0-3/8", 0, 3, 8), ("0/1", 0, 0, 1)] {
            let shards: Shards = text.parse().unwrap();
            assert_eq!(shards, Shards { first, last, total });
            assert_eq!(shards.to_string(), text);
        }
        assert_eq!(
            " 1 - 2 / 4".parse(),
            Ok(Shards {
                first: 1,
                last: 2,
                total: 4
            })
        );
    }

    #[test]
    fn ranges_outside_the_total_or_backwards_are_refused_with_an_example() {
        for text in [
            "8/8", "3-2/8", "0/0", "2", "a/8", "0-3", "-1/4", "1/70000", "",
        ] {
            let err = text.parse::<Shards>().unwrap_err().to_string();
            assert!(err.contains("`0-3/8`"), "{text}: {err}");
        }
    }

    #[test]
    fn a_guild_goes_to_the_shard_of_its_timestamp_bits() {
        // The low 22 bits (worker, process, increment) do not count; the timestamp does.
        assert_eq!(Shards::of_guild(41_771_983_423_143_937, 1), 0);
        assert_eq!(Shards::of_guild(41_771_983_423_143_937, 2), 0);
        assert_eq!(Shards::of_guild(41_771_983_423_143_937 + (1 << 22), 2), 1);
        assert_eq!(Shards::of_guild(41_771_983_423_143_937 + (1 << 21), 2), 0);
        assert_eq!(Shards::of_guild(900_000_000_000_000_100, 2), 1);
    }
}

//! The plain data the store reads and writes.

use std::fmt;
use std::str::FromStr;

/// Where a game is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Waiting for players to join.
    Lobby,
    /// Being played.
    Active,
    /// Ended with a result.
    Finished,
    /// Abandoned before a result.
    Aborted,
}

impl Status {
    /// Returns the spelling stored in the `games.status` column.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Lobby => "lobby",
            Status::Active => "active",
            Status::Finished => "finished",
            Status::Aborted => "aborted",
        }
    }

    /// Returns true for lobby and active games, the ones that occupy their channel.
    pub fn is_open(self) -> bool {
        matches!(self, Status::Lobby | Status::Active)
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Reports a status string that is not one of the four known spellings.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown game status {0:?}")]
pub struct UnknownStatus(pub String);

impl FromStr for Status {
    type Err = UnknownStatus;

    /// Parses the exact stored spelling (`lobby`, `active`, `finished`, `aborted`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "lobby" => Ok(Status::Lobby),
            "active" => Ok(Status::Active),
            "finished" => Ok(Status::Finished),
            "aborted" => Ok(Status::Aborted),
            other => Err(UnknownStatus(other.to_owned())),
        }
    }
}

/// Mirrors one row of the `games` table.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRow {
    pub id: i64,
    pub guild: String,
    pub channel: String,
    pub kind: String,
    /// The rule options as JSON.
    pub ruleset: String,
    pub status: Status,
    /// Counts committed changes; a [`Change`] computed from this row carries it as `expected_seq`.
    pub seq: i64,
    /// The state snapshot as JSON.
    pub state: String,
    /// The outcome as JSON, once there is one.
    pub result: Option<String>,
    pub created_by: String,
    pub max_seats: i64,
    /// Unix seconds.
    pub created_at: i64,
    /// Unix seconds.
    pub updated_at: i64,
    /// The per-move time limit in days, if the game has one.
    pub move_days: Option<i64>,
    /// When the player to move runs out of time (unix seconds), in a game with a limit.
    pub deadline_at: Option<i64>,
    /// When the player to move is next reminded (unix seconds), if they will be.
    pub next_reminder_at: Option<i64>,
}

/// Describes one seat at a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRow {
    pub seat: i64,
    pub user_id: String,
    pub name: String,
    /// False for an invited player's reserved seat that has not been taken yet.
    pub joined: bool,
}

impl SeatRow {
    /// The user id of the bot at `level` numbered `n` (`bot:<level>:<n>`): no Discord
    /// snowflake or console name has a colon, so it is never a person's. The lobby numbers a
    /// table's bots of one level from 1, each the first number free there; ids stored by
    /// earlier versions (numbered by seat or by count) read the same, as only the level is
    /// ever read back.
    pub fn bot_id(level: usize, n: usize) -> String {
        format!("bot:{level}:{n}")
    }

    /// Returns the bot's level when this seat is the bot's (see [`SeatRow::bot_id`]).
    pub fn bot_level(&self) -> Option<usize> {
        bot_level_of(&self.user_id)
    }
}

/// Returns the level of a bot's user id (`bot:<level>:<n>`), or `None` for a person's.
pub fn bot_level_of(user_id: &str) -> Option<usize> {
    let rest = user_id.strip_prefix("bot:")?;
    let (level, n) = rest.split_once(':')?;
    n.parse::<usize>().ok()?;
    level.parse::<usize>().ok().filter(|l| *l >= 1)
}

/// Describes one entry of a game's action log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoggedAction {
    pub seq: i64,
    pub user_id: String,
    /// The action as JSON.
    pub action: String,
    /// The action as the player wrote it (or as the game's notation prints it).
    pub notation: String,
    /// Unix seconds.
    pub at: i64,
}

/// Describes a game to create, with its initial seats.
#[derive(Clone, Debug)]
pub struct NewGame {
    pub guild: String,
    pub channel: String,
    pub kind: String,
    pub ruleset: String,
    pub status: Status,
    pub state: String,
    pub created_by: String,
    pub max_seats: i64,
    pub seats: Vec<SeatRow>,
    /// The per-move time limit in days, or `None` for none.
    pub move_days: Option<i64>,
    /// Seconds into each turn before the player to move is reminded; 0 for none (but the
    /// one when a quarter of a time limit is left).
    pub remind_after: i64,
}

/// Describes an action to append to the log.
#[derive(Clone, Debug)]
pub struct NewLog {
    pub user_id: String,
    pub action: String,
    pub notation: String,
}

/// Describes one atomic step of a game, computed from the row whose seq was `expected_seq`.
#[derive(Clone, Debug)]
pub struct Change {
    pub game: i64,
    pub expected_seq: i64,
    pub status: Status,
    pub state: String,
    pub result: Option<String>,
    /// Replaces all seats when `Some`.
    pub seats: Option<Vec<SeatRow>>,
    /// Appends this action at `expected_seq + 1` when `Some`.
    pub log: Option<NewLog>,
}

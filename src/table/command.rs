//! What a frontend sends the table and what it gets back, free of any transport's types.

pub use super::record::Attachment;

/// A person as a frontend knows them: a stable id (a Discord snowflake, a console name) and a display name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct User {
    pub id: String,
    pub name: String,
}

impl User {
    /// Makes a user whose id is their name, as the console does.
    pub fn named(name: &str) -> User {
        User {
            id: name.to_string(),
            name: name.to_string(),
        }
    }
}

/// Where a command comes from and who sends it.
#[derive(Clone, Debug)]
pub struct Ctx {
    pub guild: String,
    pub channel: String,
    pub user: User,
    /// True when the frontend knows the user may manage this channel (they may abort any game).
    pub admin: bool,
}

/// The answer to a draw offer, the offer itself, or a claim the game's rules allow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawCommand {
    Offer,
    Accept,
    Decline,
    Claim,
}

/// A button or menu choice on an earlier message, bound to the game state it was made from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Press {
    /// The game the message belongs to.
    pub game: i64,
    /// The game's `seq` when the message was made.
    pub seq: i64,
    /// The command the button stands for, as in [`Choice::command`] (`roll`, `resign confirm`…),
    /// or `move` for the move menu.
    pub command: String,
    /// The option picked from a select menu, if this is one.
    pub selected: Option<String>,
}

/// Everything a player can ask the table for.
#[derive(Clone, Debug)]
pub enum Command {
    /// Opens a table for a game, inviting the named opponents.
    Play {
        game: String,
        ruleset: Option<String>,
        opponents: Vec<User>,
        /// A time limit per move in days (1 to 14), or none.
        days: Option<i64>,
        /// Fills every seat left empty with the bot at this level (1 = weakest).
        bot: Option<usize>,
        /// How many seats the table has (the game's most when not given); with `bot`, how
        /// many of them the bot fills.
        players: Option<usize>,
    },
    /// Seats the bot at a level in the channel's open table (its opener or an admin).
    InviteBot { level: usize },
    /// Lists a game's bot levels, how each plays and how strong it measured (the channel's
    /// game when none is named), and the bot's policies.
    Bot { game: Option<String> },
    /// Asks the bot for the best move now, with one line of why: in a game with a bot seat,
    /// or, in a finished game, at any position of it (after `ply` logged actions).
    Hint { ply: Option<usize> },
    /// Claims the win from a player who let their time for a move run out.
    Claim,
    /// Takes a seat at the channel's open table.
    Join,
    /// Gives up a seat at a table that has not started.
    Leave,
    /// Starts the game with the players seated so far.
    Start,
    /// Plays a move typed in the game's notation.
    Move { text: String },
    /// Rolls dice: an expression such as `2d6+1`, or nothing for the game's own roll.
    Roll { expr: Option<String> },
    /// Shows the board.
    Board,
    /// Gives up the game; unless confirmed, the table asks first (a button confirms).
    Resign { confirmed: bool },
    /// Offers, accepts, declines or claims a draw.
    Draw(DrawCommand),
    /// Ends the game with no result.
    Abort,
    /// Shows the rules of a game (the channel's game when none is named).
    Rules { game: Option<String> },
    /// Lists the commands.
    Help,
    /// A button or menu choice on an earlier message.
    Press(Press),
    /// Writes a game's record in its standard notation as a file: the game with this id in
    /// the server, or the channel's open or most recent game.
    Export { game: Option<i64> },
    /// Draws a game as an animated picture, one frame per turn (same choice of game).
    Replay { game: Option<i64> },
    /// Shows a game's ratings on this server, best first (the channel's game when none is
    /// named), a page of ten at a time.
    Leaderboard {
        game: Option<String>,
        page: Option<usize>,
    },
    /// Lists the caller's unfinished games on this server.
    MyGames,
    /// Opens a new table for the players of a finished game (the channel's last game when
    /// none is named), seats turned one place so colours swap.
    Rematch { game: Option<i64> },
    /// Shows a player's ratings, records and recent results on this server (the caller's
    /// when nobody is named).
    Stats { user: Option<User> },
    /// Shows the server's settings, or changes the given ones (channel admins only).
    Settings(SettingsChange),
    /// Turns the server's web pages on or off, hides the caller there, unlists a game.
    Web(super::WebCommand),
    /// Pauses the caller's clocks in all their games on the server for `days` (0 ends the
    /// vacation under way).
    Vacation { days: i64 },
    /// Shows or changes where the caller's reminders go (`dm` or `channel`) and their quiet
    /// hours (`22-07`, `off`) in their time zone (`+01:00`).
    Notify {
        via: Option<String>,
        quiet: Option<String>,
        tz: Option<String>,
    },
    /// Deletes what tabula keeps about the caller on every server (settings, vacations,
    /// ratings) and names them "a former player" in past games; unless confirmed, says what
    /// it would do.
    ForgetMe { confirmed: bool },
}

/// The settings `/settings` changes; `None` leaves one as it is.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SettingsChange {
    /// The time limit per move for tables opened without `days:`, in days (0 for none).
    pub days: Option<i64>,
    /// Hours into a turn before the player to move is reminded (0 for no such reminder).
    pub remind_hours: Option<i64>,
    /// Days a table may wait to be started before it is closed.
    pub lobby_days: Option<i64>,
    /// Hours after a passed deadline before the game is claimed by itself (0 for never).
    pub grace_hours: Option<i64>,
    /// Days of vacation each player may take per year (0 for none).
    pub vacation_days: Option<i64>,
    /// Whether games against the bot are rated.
    pub rate_bots: Option<bool>,
}

impl SettingsChange {
    /// Returns true when nothing is to change (the command only shows the settings).
    pub fn is_empty(&self) -> bool {
        *self == SettingsChange::default()
    }
}

/// A follow-up a frontend may offer as a button: a label and the command text it stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    pub label: String,
    pub command: String,
}

/// Names the game state a reply was made from, so a frontend can tell stale buttons.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameRef {
    pub id: i64,
    pub seq: i64,
    /// True once the game is finished or aborted.
    pub closed: bool,
}

/// What the table answers: text (Discord markdown; mentions written `<@user id>`), an
/// optional board picture, the users to ping, and choices to offer as buttons.
#[derive(Clone, Debug, Default)]
pub struct Reply {
    pub text: String,
    pub image: Option<Vec<u8>>,
    pub ping: Vec<String>,
    pub choices: Vec<Choice>,
    /// True for errors and other answers meant only for the person who asked.
    pub private: bool,
    pub game: Option<GameRef>,
    /// Every legal move of the player to move, when few enough for a select menu (at most 25).
    pub menu: Vec<String>,
    /// Files to attach: a game's record, a replay.
    pub files: Vec<Attachment>,
}

impl Reply {
    /// Makes a public text reply.
    pub fn text(text: impl Into<String>) -> Reply {
        Reply {
            text: text.into(),
            ..Reply::default()
        }
    }

    /// Makes a private reply (an error, or information only the asker needs).
    pub fn private(text: impl Into<String>) -> Reply {
        Reply {
            text: text.into(),
            private: true,
            ..Reply::default()
        }
    }
}

/// Writes a mention of a user in reply text; the bot's seat is named in bold instead (it
/// is no Discord user, and nobody is to be pinged for it).
pub fn mention(user_id: &str) -> String {
    match crate::store::bot_level_of(user_id) {
        Some(level) => format!("**{}**", bot_name(level)),
        None => format!("<@{user_id}>"),
    }
}

/// The name of the bot at a level, as seats and lines show it.
pub fn bot_name(level: usize) -> String {
    format!("tabula bot (level {level})")
}

//! Everything that can refuse a command, and the one place that turns it into words for a player.

use crate::rules::{ParseError, PlayError, SetupError, UnknownGame};
use crate::store::StoreError;

use super::command::Reply;
use super::dice::DiceError;

/// What a player reads when something failed on our side (never their fault, nothing changed).
pub const OUR_FAULT: &str =
    "Something went wrong on our side; nothing was changed. Please try again.";

/// Why the table refused a command; the game is unchanged whenever one is returned.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    #[error("There is no game in this channel. Start one with `/play`.")]
    NoGame,
    #[error(
        "This channel already has a {kind} game (#{id}). Finish it or `/abort` it first, or play in another channel."
    )]
    ChannelBusy { kind: String, id: i64 },
    #[error("{0}")]
    UnknownGame(#[from] UnknownGame),
    #[error("{0}")]
    Setup(#[from] SetupError),
    #[error("You are not playing in this game.")]
    NotSeated,
    #[error("You are already seated at this table.")]
    AlreadySeated,
    #[error("The table is full.")]
    TableFull,
    #[error("That seat is reserved for the invited players.")]
    Reserved,
    #[error("The game has already started; use `/resign` to leave it.")]
    AlreadyStarted,
    #[error("The game has not started yet: waiting for players to `/join`.")]
    NotStarted,
    #[error("Only {who} can {what}.")]
    NotAllowed {
        who: &'static str,
        what: &'static str,
    },
    #[error("{0}")]
    BadOpponents(String),
    #[error("At least {min} players must be seated to start; {seated} are.")]
    NotEnoughPlayers { min: usize, seated: usize },
    #[error("{}", match .0 { Some(game) => format!("{game} has no dice. To roll for fun, give dice like `/roll 2d6`."), None => "There is no dice game here. To roll for fun, give dice like `/roll 2d6`.".to_string() })]
    NoDiceHere(Option<&'static str>),
    #[error("You have rolled already: play your move.")]
    MoveFirst,
    #[error("It is {}'s turn.", super::names::markdown_safe(.0))]
    NotYourTurn(String),
    #[error("It is your turn to roll first: `/roll`, then your move.")]
    RollFirst,
    #[error("{0}")]
    Rules(#[from] PlayError),
    #[error("{0}")]
    Dice(#[from] DiceError),
    #[error("The {0} contains a NUL character, which cannot be stored.")]
    BadText(&'static str),
    #[error("The game moved on before your action landed. Look at the board and try again.")]
    Conflict,
    #[error(
        "This game's saved state is damaged (game #{id}); one of its players or a channel admin can `/abort` it. ({detail})"
    )]
    Corrupt { id: i64, detail: String },
    #[error(
        "You have left this game; only the players still in it (or a channel admin) can abort it."
    )]
    LeftTheGame,
    #[error(
        "You may open at most {0} game threads at a time on this server; finish or `/abort` one first, or `/play` here without `thread`."
    )]
    TooManyThreads(usize),
    #[error(
        "The game database cannot take changes: {0}. Nothing was changed, and trying again will not help; please tell the bot's operator."
    )]
    Unavailable(&'static str),
    #[error("That game no longer exists.")]
    GameGone,
    #[error("Name a game, e.g. `/leaderboard chess`: there is no game in this channel.")]
    NameAGame,
    #[error("Game #{0} was called off before any move; there is nothing to show.")]
    NeverStarted(i64),
    #[error("A time limit is 1 to 14 days per move (or 0 for none), not {0}.")]
    BadDays(i64),
    #[error("{0}")]
    BadSetting(String),
    #[error(
        "Game #{id} was never started within {days} day{} of opening, so it is closed and this channel is free: `/play` to open a new table.", if *.days == 1 { "" } else { "s" }
    )]
    LobbyExpired { id: i64, days: i64 },
    #[error("This game has no time limit, so there is nothing to claim.")]
    NoTimeLimit,
    #[error("It is your own turn; a claim is against a player who let their time run out.")]
    ClaimOwnTurn,
    #[error("{name} still has time, until <t:{at}:f> (<t:{at}:R>).", name = super::names::markdown_safe(.0), at = .1)]
    StillTime(String, i64),
    #[error("Game #{0} is not finished; a rematch follows a finished game.")]
    NotFinished(i64),
    #[error("There is no game #{0} in this server.")]
    NoSuchGame(i64),
    #[error("No game has been played in this channel yet; name one with `game:` (its number).")]
    NoGameYet,
    #[error("The replay would be {0} MB, over Discord's upload limit; `/export` the game instead.")]
    TooBig(usize),
    #[error("Game #{0} is over; these buttons no longer do anything.")]
    ButtonsOver(i64),
    #[error("That button belongs to a game in another channel.")]
    OtherChannel,
    #[error("This button is from another version of me; use the slash commands.")]
    UnknownButton,
    #[error("Choose a move from the menu.")]
    ChooseMove,
    #[error("The bot is to move; its move comes as soon as it has thought (a few seconds).")]
    BotToMove,
    #[error("{kind} has bot levels 1 to {max}; `/bot {name}` lists them.")]
    NoSuchLevel {
        kind: &'static str,
        name: &'static str,
        max: usize,
    },
    #[error("A table is for {min} to {max} players in {kind}, not {asked}.")]
    BadPlayers {
        kind: &'static str,
        min: usize,
        max: usize,
        asked: usize,
    },
    #[error("With `players:{0}` there is no seat left for the bot.")]
    NoSeatForBot(usize),
    #[error(
        "Hints are for games with a bot seat and for finished games, never for a rated game between people."
    )]
    NoHintHere,
    #[error("Game #{id} has {last} logged actions; ask for a position from 0 to {last}.")]
    NoSuchPly { id: i64, last: usize },
    #[error("The bot has nothing to suggest here: {0}.")]
    NothingToHint(&'static str),
    #[error("This server's pages are for its members: sign in with Discord to see them.")]
    SignInFirst,
    #[error("{}", OUR_FAULT)]
    Internal(#[source] anyhow::Error),
}

impl From<ParseError> for TableError {
    fn from(e: ParseError) -> Self {
        TableError::Rules(e.into())
    }
}

impl From<StoreError> for TableError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::Conflict => TableError::Conflict,
            StoreError::NotFound => TableError::NoGame,
            StoreError::Corrupt(detail) => TableError::Corrupt { id: 0, detail },
            StoreError::NulInText(field) => TableError::BadText(field),
            // Another process held the database past `busy_timeout`: for the player, their
            // command lost a race, which "the game moved on" says without database words.
            busy if busy.is_busy() => {
                tracing::warn!(error = %busy, "the database stayed locked; the command was refused");
                TableError::Conflict
            }
            other => match other.permanent() {
                Some(why) => TableError::Unavailable(why),
                None => TableError::Internal(other.into()),
            },
        }
    }
}

impl TableError {
    /// True for failures that are no fault of the person asking (the database, a bug), as
    /// counted in the process's errors.
    pub fn is_our_fault(&self) -> bool {
        matches!(
            self,
            TableError::Internal(_) | TableError::Unavailable(_) | TableError::Corrupt { .. }
        )
    }

    /// Turns the error into the private reply a player reads, with legal examples where they help.
    pub fn reply(&self) -> Reply {
        match self {
            TableError::Internal(e) => tracing::error!(error = ?e, "command failed"),
            TableError::Unavailable(why) => tracing::error!(why, "the database refuses changes"),
            _ => {}
        }
        let mut text = self.to_string();
        if let TableError::Rules(e) = self {
            let examples = e.examples();
            if !examples.is_empty()
                && !matches!(e, PlayError::Notation(ParseError::Ambiguous { .. }))
            {
                text.push_str(&format!("\nLegal moves include: {}", examples.join(", ")));
            }
        }
        Reply::private(text)
    }
}

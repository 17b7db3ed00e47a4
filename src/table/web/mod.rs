//! The web view's side of the table: `/web` (a server's pages on or off, a player hidden, a
//! game unlisted), and the read-only queries the pages are built from. Every query answers
//! `None` for anything a page may not show (an unknown id, a server whose web view is off, a
//! hidden player), so the web side cannot tell them apart and answers them alike.

mod archive;
mod downloads;
mod drawn;
mod live;
mod members;
mod pages;
mod privacy;
mod settings;
mod sparkline;

pub use crate::store::Visibility;
pub use archive::{ARCHIVE_PAGE, ArchiveQuery, ArchiveView};
pub(super) use drawn::{DRAWN_BYTES, Drawn};
pub(super) use live::Moves;
pub use live::Watch;
pub(super) use members::Membership;
pub use members::{MEMBERSHIP_TTL, Members, Viewer};
pub use sparkline::Sparkline;

/// How hidden players are named on every page.
pub const ANONYMOUS: &str = "Anonymous";

/// Games the server page lists in each of its two lists.
pub(super) const SERVER_GAMES: usize = 20;
/// Lines on a leaderboard page.
pub const BOARD_PAGE: usize = 25;
/// Games a player's page lists.
pub(super) const PLAYER_GAMES: usize = 20;
/// The highest page number a leaderboard answers (beyond it, nothing is listed anyway).
pub(super) const MAX_PAGE: usize = 10_000;

/// What `/web` asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WebCommand {
    /// Says whether this server's pages are on and where they are.
    Status,
    /// Turns this server's pages on (Manage Server).
    Enable { visibility: Visibility },
    /// Turns this server's pages off (Manage Server): every page answers "not found" at once.
    Disable,
    /// Shows the caller as "Anonymous" on every page of this server, with no page of their own.
    HideMe,
    /// Undoes `HideMe`.
    ShowMe,
    /// Leaves the channel's game (open or most recent) out of every list; its page stays
    /// reachable by its link. A seated player or a channel admin.
    Unlist,
}

/// A name as a page shows it, with the player's page when they have one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebName {
    pub name: String,
    /// The public id of the player's page: none for hidden players and the bot.
    pub page: Option<String>,
}

/// One game in a list.
#[derive(Clone, Debug)]
pub struct GameLine {
    pub id: String,
    pub title: &'static str,
    pub players: Vec<WebName>,
    /// `alice to move`, `bob won by checkmate`, `drawn by agreement`, `aborted`.
    pub state: String,
    /// Unix seconds of the last change.
    pub updated_at: i64,
}

/// The server page.
#[derive(Clone, Debug)]
pub struct ServerView {
    pub id: String,
    pub playing: Vec<GameLine>,
    pub recent: Vec<GameLine>,
    /// The games with a leaderboard: (name in URLs, title).
    pub boards: Vec<(String, &'static str)>,
}

/// One line of a leaderboard or of a player's ratings.
#[derive(Clone, Debug)]
pub struct BoardLine {
    pub rank: usize,
    pub name: WebName,
    pub kind: &'static str,
    pub title: &'static str,
    /// `1623`.
    pub rating: String,
    /// `54`.
    pub deviation: String,
    pub provisional: bool,
    pub games: i64,
    pub wins: i64,
    pub losses: i64,
    pub draws: i64,
    /// When the player's last rated game of the kind finished (leaderboards only).
    pub last_played: Option<WebTime>,
}

/// A moment as a page prints it: machine-readable for `<time datetime>`, and in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebTime {
    /// `2027-01-15T08:00:00Z`.
    pub datetime: String,
    /// `today`, `yesterday`, `3 days ago` within a week (days counted in UTC, as every date
    /// on the site is), else the date: `2027-01-15`.
    pub words: String,
}

impl WebTime {
    /// Says when `at` was, seen at `now` (both unix seconds).
    pub fn at(at: i64, now: i64) -> WebTime {
        let Some(time) = chrono::DateTime::from_timestamp(at, 0) else {
            return WebTime {
                datetime: String::new(),
                words: "?".to_string(),
            };
        };
        let days = now.div_euclid(DAY) - at.div_euclid(DAY);
        let words = match days {
            0 => "today".to_string(),
            1 => "yesterday".to_string(),
            2..=6 => format!("{days} days ago"),
            _ => time.format("%Y-%m-%d").to_string(),
        };
        WebTime {
            datetime: time.format("%Y-%m-%dT%H:%M:%SZ").to_string(),
            words,
        }
    }
}

const DAY: i64 = 86_400;

/// A page of a game's leaderboard.
#[derive(Clone, Debug)]
pub struct BoardView {
    pub server: String,
    pub kind: &'static str,
    pub title: &'static str,
    pub page: usize,
    pub lines: Vec<BoardLine>,
    /// True when a next page has lines.
    pub more: bool,
}

/// A player's page.
#[derive(Clone, Debug)]
pub struct PlayerView {
    pub server: String,
    /// The player's public id.
    pub id: String,
    pub name: String,
    pub ratings: Vec<BoardLine>,
    /// Each game's rating history with two or more rated games.
    pub history: Vec<Sparkline>,
    pub games: Vec<GameLine>,
}

/// One logged action of a game as its page lists it.
#[derive(Clone, Debug)]
pub struct PlyLine {
    /// 1 for the first action; the position after it is `/g/{id}/{ply}`.
    pub ply: usize,
    pub who: String,
    pub text: String,
}

/// A game's page at one ply.
#[derive(Clone, Debug)]
pub struct GameView {
    pub server: String,
    pub id: String,
    pub kind: &'static str,
    pub title: &'static str,
    /// Each seat's side (`White`) and player.
    pub players: Vec<(&'static str, WebName)>,
    pub plies: Vec<PlyLine>,
    /// The ply shown (0 is the start), at most `last`.
    pub ply: usize,
    pub last: usize,
    /// How the game stands now (not at the ply shown).
    pub state: String,
    pub finished: bool,
    /// When the player to move runs out of time (unix seconds).
    pub deadline_at: Option<i64>,
    pub started_at: i64,
    /// The position shown in the game's text notation, for the picture's alt text.
    pub position: Option<String>,
    /// The record's files: each one's extension (`pgn`, `pdn`, `txt`, `mat`) and what the
    /// format is called.
    pub records: Vec<(&'static str, &'static str)>,
    /// The move number at the ply shown, counted as the game counts them: a new one each
    /// time the first seat starts a turn (chess's `23.` when White is to play).
    pub round: usize,
}

/// A file a page offers for download.
#[derive(Clone, Debug)]
pub struct WebFile {
    pub name: String,
    pub content_type: &'static str,
    pub bytes: Vec<u8>,
}

//! What to type next in a channel, read from the database (the only truth after a crash): a
//! `/play` when the channel is free, a `/join` while a seat waits, `/roll` when the dice are
//! due, else a legal move picked at random; and what the command is meant to log.

use rand::Rng;
use rand::rngs::StdRng;
use tabula::rules::{Action, Game, Seat, Turn};
use tabula::store::{Status, Store};

/// The guild every console command is in.
pub const GUILD: &str = "console";

/// The game kinds the tests play: chess, checkers, and two dice games.
pub const KINDS: [&str; 4] = ["chess", "checkers", "backgammon", "parcheesi"];

/// What a command should log when it lands.
#[derive(Clone, Debug)]
pub enum Intent {
    /// Opens a table (nothing logged).
    Open,
    /// Takes a seat or starts the table (nothing logged).
    Join,
    /// Logs `action` (a roll's dice are unknown beforehand: only its seat is checked) by
    /// `user` in `game`.
    Act {
        game: i64,
        user: String,
        action: Action,
    },
}

/// A command line and what it is meant to do.
#[derive(Clone, Debug)]
pub struct Next {
    pub line: String,
    pub intent: Intent,
}

/// Reads channel `channel`'s open game from `store` and returns a command that the player
/// whose turn it is would type, as `@user` lines in `#channel`; a free channel gets a new
/// `kind` table for `players`.
///
/// # Panics
/// When the stored game cannot be read.
pub async fn next(
    store: &Store,
    channel: &str,
    kind: &str,
    players: [&str; 2],
    rng: &mut StdRng,
) -> Next {
    let say = |user: &str, text: &str| format!("#{channel} @{user} {text}");
    let Some(row) = store.open_game(GUILD, channel).await.expect("open game") else {
        return Next {
            line: say(players[0], &format!("/play {kind} @{}", players[1])),
            intent: Intent::Open,
        };
    };
    let seats = store.seats(row.id).await.expect("seats");
    if row.status == Status::Lobby {
        // An invited seat is taken; a table with seats to spare is started by its opener.
        let line = match seats.iter().find(|s| !s.joined) {
            Some(waiting) => say(&waiting.user_id, "/join"),
            None => say(&row.created_by, "/start"),
        };
        return Next {
            line,
            intent: Intent::Join,
        };
    }
    let game: Game = serde_json::from_str(&row.state).expect("the stored state loads");
    let user = |seat: Seat| {
        seats
            .iter()
            .find(|s| s.seat == seat as i64)
            .expect("a seated player")
            .user_id
            .clone()
    };
    let (text, user, action) = match game.turn() {
        Turn::Roll(seat) => (
            "/roll".to_string(),
            user(seat),
            Action::Roll {
                seat,
                dice: Vec::new(),
            },
        ),
        Turn::Move(seat) => {
            let moves = game.legal_moves();
            assert!(!moves.is_empty(), "game {} has a turn but no move", row.id);
            let m = moves[rng.random_range(0..moves.len())].clone();
            (
                game.format(&m),
                user(seat),
                Action::Play { seat, r#move: m },
            )
        }
        Turn::Over(_) => panic!("game {} is over but still {}", row.id, row.status),
    };
    Next {
        line: say(&user, &text),
        intent: Intent::Act {
            game: row.id,
            user,
            action,
        },
    }
}

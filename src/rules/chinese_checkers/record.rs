//! The stored shape of a Chinese checkers game, checked field by field when it is loaded.

use serde::{Deserialize, Serialize};

use super::{ChineseCheckersGame, Hole, Ruleset};
use crate::rules::Seat;

/// Every field of a game, unchecked: what JSON holds. The board is one character per hole,
/// row by row from the top: `.` for an empty hole, `1`-`6` for a seat's peg.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Record {
    pub(super) ruleset: String,
    pub(super) players: usize,
    pub(super) board: String,
    pub(super) to_move: Seat,
    #[serde(default)]
    pub(super) finished: Vec<Seat>,
    #[serde(default)]
    pub(super) resigned: Vec<Seat>,
    #[serde(default)]
    pub(super) last: Option<(Seat, Vec<Hole>)>,
    #[serde(default)]
    pub(super) passed: Vec<Seat>,
    pub(super) best: Vec<u32>,
    pub(super) since_progress: u32,
}

impl From<ChineseCheckersGame> for Record {
    fn from(g: ChineseCheckersGame) -> Record {
        Record {
            ruleset: g.rules.name(),
            players: g.players,
            board: g
                .cells
                .iter()
                .map(|c| match c {
                    Some(s) => char::from(b'1' + *s as u8),
                    None => '.',
                })
                .collect(),
            to_move: g.to_move,
            finished: g.finished,
            resigned: g.resigned,
            last: g.last,
            passed: g.passed,
            best: g.best,
            since_progress: g.since_progress,
        }
    }
}

fn distinct_seats(seats: &[Seat], players: usize) -> bool {
    seats.iter().all(|&s| s < players)
        && seats
            .iter()
            .enumerate()
            .all(|(i, s)| !seats[..i].contains(s))
}

impl TryFrom<Record> for ChineseCheckersGame {
    type Error = String;

    fn try_from(r: Record) -> Result<Self, String> {
        let rules = Ruleset::parse(&r.ruleset).ok_or("unknown ruleset")?;
        if !(2..=6).contains(&r.players) {
            return Err("Chinese checkers is for 2 to 6 players".into());
        }
        if rules.partners && r.players != 4 && r.players != 6 {
            return Err("partners play with 4 or 6 players".into());
        }
        let star = rules.size.star();
        let cells = read_board(&r.board, r.players)?;
        if cells.len() != star.len() {
            return Err(format!("the board has {} holes", star.len()));
        }
        if !distinct_seats(&r.finished, r.players)
            || !distinct_seats(&r.resigned, r.players)
            || !distinct_seats(&r.passed, r.players)
        {
            return Err("a list of seats names a seat twice or one not playing".into());
        }
        if r.to_move >= r.players || r.best.len() != r.players {
            return Err("the seats do not match the players".into());
        }
        let mut game = ChineseCheckersGame {
            rules,
            players: r.players,
            cells,
            to_move: r.to_move,
            finished: r.finished,
            resigned: r.resigned,
            last: None,
            passed: r.passed,
            best: r.best,
            since_progress: r.since_progress,
        };
        game.check_seats()?;
        if game.since_progress > game.progress_limit() {
            return Err("more moves without progress than the limit".into());
        }
        if let Some((seat, path)) = r.last {
            if !game.fits_last(seat, &path) {
                return Err("the last move does not fit the board".into());
            }
            game.last = Some((seat, path));
        }
        if game.ended().is_none()
            && game.is_stuck()
            && (0..game.players).any(|s| game.takes_turns(s) && !game.moves_of(s).is_empty())
        {
            return Err("the seat to move cannot move".into());
        }
        Ok(game)
    }
}

/// Reads the board, one character per hole: `.` for an empty hole, `1`-`6` for the peg of a
/// seat among the `players`.
fn read_board(board: &str, players: usize) -> Result<Vec<Option<Seat>>, String> {
    board
        .chars()
        .map(|c| match c {
            '.' => Ok(None),
            '1'..='6' => {
                let seat = usize::from(c as u8 - b'1');
                if seat < players {
                    Ok(Some(seat))
                } else {
                    Err(format!("the board has a peg of seat {}", seat + 1))
                }
            }
            _ => Err("the board is one of . or 1-6 per hole".to_string()),
        })
        .collect()
}

impl ChineseCheckersGame {
    /// Checks each seat against the board: its pegs, whether it is home, its partner's
    /// resignation and its best distance; and that only `places` goes on after a first winner.
    fn check_seats(&self) -> Result<(), String> {
        let rules = self.rules;
        for seat in 0..self.players {
            let pegs = self.cells.iter().filter(|c| **c == Some(seat)).count();
            let resigned = self.resigned.contains(&seat);
            if pegs != if resigned { 0 } else { rules.size.pegs() } {
                return Err(format!("seat {} has {pegs} pegs", seat + 1));
            }
            // With `places` a player home stays home after the opponent's pegs that counted
            // for them leave their corner.
            let home = self.is_home(seat);
            let listed = self.finished.contains(&seat);
            if home && !listed || listed && !home && !rules.places {
                return Err("the players home do not match the board".into());
            }
            if let Some(p) = self.partner(seat)
                && resigned != self.resigned.contains(&p)
            {
                return Err("partners resign together".into());
            }
            if !resigned && self.best[seat] > self.distance(seat) {
                return Err("a player's best distance is above their distance".into());
            }
        }
        let mut teams_home: Vec<Seat> = self
            .finished
            .iter()
            .filter(|&&s| self.team_home(s))
            .map(|&s| self.team(s)[0])
            .collect();
        teams_home.sort_unstable();
        teams_home.dedup();
        if !rules.places && teams_home.len() > 1 {
            return Err("the game ended at its first winner".into());
        }
        Ok(())
    }

    /// Tells whether `path`, the last move of `seat`, fits the board: distinct holes on the
    /// star, ending on a peg, one step or a chain of jumps.
    fn fits_last(&self, seat: Seat, path: &[Hole]) -> bool {
        let star = self.rules.size.star();
        seat < self.players
            && path.len() >= 2
            && path.len() <= star.len()
            && path.iter().all(|&h| usize::from(h) < star.len())
            && distinct_holes(path)
            && self.cells[usize::from(path[path.len() - 1])].is_some()
            && (path.len() == 2 && star.adjacent(path[0], path[1])
                || path
                    .windows(2)
                    .all(|w| star.jumped_over(w[0], w[1]).is_some()))
    }
}

fn distinct_holes(path: &[Hole]) -> bool {
    path.iter().enumerate().all(|(i, h)| !path[..i].contains(h))
}

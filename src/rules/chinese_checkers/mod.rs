//! Chinese checkers on a star of corner triangles of side 3 (6 pegs, 73 holes, rule sheet 000)
//! or 4 (10 pegs, 121 holes, the classic board), for 2 to 6 players.
//!
//! A move is a step to an adjacent empty hole, or a chain of single jumps, each over one
//! adjacent peg of any colour in a line into the empty hole beyond, stopping wherever the
//! player likes; a chain never revisits a hole. Play passes to the left (clockwise).
//!
//! **The anti-spoiling rule** (sheet 000: "a player cannot remain in his or her original
//! starting point in order to prevent an opponent from finishing"), made precise so that it
//! can never leave a player unable to finish: pegs an opponent keeps in their own starting
//! corner, which is the player's target, count as filling the holes they hold. A player is
//! home when every hole of the target holds either one of their pegs or a peg of the
//! corner's owner (an opponent, not a partner) still in that starting corner, and at least
//! one hole holds their own. Staying home to block therefore never stops anybody; a boxed-in
//! peg that cannot leave stops nobody either.
//!
//! **Partners** (ruleset option, 4 or 6 players): partners sit opposite; a player whose pegs
//! are all home moves the partner's pegs on their turn; a team wins when both are home.
//!
//! **The end**: by default the game ends when the first player (or team) is home; with the
//! `places` option the others play on until one player or team is left. So that every game
//! ends, it is drawn when 20 rounds (20 moves for each player at the table) pass without any
//! player bringing their pegs nearer their target than ever before (the sum of each peg's
//! distance to the target's far tip reaching a new low). A player with no legal move passes.

mod board;
mod contract;
mod notation;
mod position;
mod record;

use serde::{Deserialize, Serialize};

pub use board::{DIRECTIONS, Hole, Size, Star, home_corners, opposite};

use super::{
    DrawReason, Info, LoadError, Outcome, ParseError, PlayError, RecordFormat, Rules, Seat,
    SetupError, Turn, WinReason,
};

/// The colours in seat order.
pub const COLOURS: [&str; 6] = ["Red", "Green", "Yellow", "Blue", "Purple", "Orange"];

/// How many rounds without progress draw a game.
pub const ROUNDS_WITHOUT_PROGRESS: u32 = 20;

/// The rules summary `/rules` shows.
pub const RULES: &str = "**Chinese Checkers** (rule sheet 000): move all your pegs across the star to the \
corner directly opposite.\n\
- **Boards**: `6-peg` (73 holes, the sheet's game, default) or `10-peg` (121 holes, the classic). 2 to 6 players: \
2 face each other, 3 take alternate corners, 4 two opposite pairs.\n\
- **Moving**: step to an adjacent empty hole along a line, or jump over one adjacent peg (any colour) into the \
empty hole beyond; jumps may be chained in any direction, stopping where you like, never revisiting a hole. \
Play passes to the left (clockwise).\n\
- **Notation**: holes are named by row letter from the top and place from the left, as printed on the \
picture: `c3-d4` steps, `c3-e5-g5` is a chain (any separators), `c3-g5` takes any chain there, and just `g5` \
works when only one peg can reach it.\n\
- **No spoiling**: pegs an opponent keeps in their own starting corner (your target) cannot stop you: \
you are home when every hole of your target holds one of your pegs or one of those pegs still in their owner's \
starting corner.\n\
- **Partners** (`partners`, 4 or 6 players): partners sit opposite; once home, you move your partner's pegs; \
a team wins when both are home.\n\
- **End**: the first player (or team) home wins; with `places` the others play on for places. A game is drawn \
after 20 rounds in which nobody gets nearer their target than before. A player with no move passes.";

/// One move: the hole the peg leaves, then each hole it lands in (one for a step, one per
/// jump for a chain).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ChineseMove {
    pub path: Vec<Hole>,
}

impl ChineseMove {
    /// Returns the hole the peg leaves.
    pub fn from(&self) -> Hole {
        self.path.first().copied().unwrap_or(0)
    }

    /// Returns the hole the peg ends in.
    pub fn to(&self) -> Hole {
        self.path.last().copied().unwrap_or(0)
    }
}

/// The ruleset: the board and the options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ruleset {
    pub size: Size,
    pub partners: bool,
    pub places: bool,
}

impl Ruleset {
    /// Reads a ruleset name such as `10-peg partners places`.
    pub fn parse(text: &str) -> Option<Ruleset> {
        let lower = text.trim().to_ascii_lowercase();
        let mut words = lower
            .split(|c: char| c.is_whitespace() || c == '+' || c == ',')
            .filter(|w| !w.is_empty());
        let size = match words.next()? {
            "6-peg" | "6" | "six" => Size::Six,
            "10-peg" | "10" | "ten" | "classic" => Size::Ten,
            _ => return None,
        };
        let mut rules = Ruleset {
            size,
            partners: false,
            places: false,
        };
        for word in words {
            match word {
                "partners" if !rules.partners => rules.partners = true,
                "places" if !rules.places => rules.places = true,
                _ => return None,
            }
        }
        Some(rules)
    }

    /// Returns the ruleset's name.
    pub fn name(self) -> String {
        let mut name = String::from(match self.size {
            Size::Six => "6-peg",
            Size::Ten => "10-peg",
        });
        if self.partners {
            name.push_str(" partners");
        }
        if self.places {
            name.push_str(" places");
        }
        name
    }
}

/// A game of Chinese checkers: the pegs, whose turn it is, and how far everybody has come.
///
/// Built only through [`Rules::new`] or deserialization, which validates every field.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "record::Record", into = "record::Record")]
pub struct ChineseCheckersGame {
    rules: Ruleset,
    players: usize,
    /// The owner of the peg in each hole.
    cells: Vec<Option<Seat>>,
    to_move: Seat,
    /// Players with every peg home, in the order they got there.
    finished: Vec<Seat>,
    resigned: Vec<Seat>,
    /// The last move's path and the seat that played it.
    last: Option<(Seat, Vec<Hole>)>,
    /// Seats that passed for want of a move after the last move.
    passed: Vec<Seat>,
    /// Each player's lowest total distance to target so far.
    best: Vec<u32>,
    /// Moves since anybody reached a new lowest distance.
    since_progress: u32,
}

impl ChineseCheckersGame {
    /// Returns the ruleset.
    pub fn ruleset(&self) -> Ruleset {
        self.rules
    }

    /// Returns the star's geometry.
    pub fn star(&self) -> &'static Star {
        self.rules.size.star()
    }

    /// Returns how many players sit at the table.
    pub fn players(&self) -> usize {
        self.players
    }

    /// Returns the owner of the peg in each hole.
    pub fn cells(&self) -> &[Option<Seat>] {
        &self.cells
    }

    /// Returns the last move's seat and path.
    pub fn last(&self) -> Option<(Seat, &[Hole])> {
        self.last.as_ref().map(|(s, p)| (*s, p.as_slice()))
    }

    /// Returns the players home, in order.
    pub fn finished(&self) -> &[Seat] {
        &self.finished
    }

    /// Returns whether the seat has resigned.
    pub fn has_resigned(&self, seat: Seat) -> bool {
        self.resigned.contains(&seat)
    }

    /// Returns the moves since anybody last came nearer their target than ever before.
    pub fn since_progress(&self) -> u32 {
        self.since_progress
    }

    /// Returns how many moves without progress draw the game.
    pub fn progress_limit(&self) -> u32 {
        ROUNDS_WITHOUT_PROGRESS * self.players as u32
    }

    /// Returns the starting corner of a seat.
    pub fn home(&self, seat: Seat) -> u8 {
        home_corners(self.players)[seat]
    }

    /// Returns the target corner of a seat.
    pub fn target(&self, seat: Seat) -> u8 {
        opposite(self.home(seat))
    }

    /// Returns the seat's partner, in a partners game.
    pub fn partner(&self, seat: Seat) -> Option<Seat> {
        self.rules
            .partners
            .then(|| (seat + self.players / 2) % self.players)
    }

    /// Returns the seats of the seat's team (itself, and its partner if any).
    pub fn team(&self, seat: Seat) -> Vec<Seat> {
        let mut team = vec![seat];
        team.extend(self.partner(seat));
        team.sort_unstable();
        team
    }

    /// Returns whether the seat is home: its target counts as filled (see [`fills_target`]).
    pub fn is_home(&self, seat: Seat) -> bool {
        !self.resigned.contains(&seat) && fills_target(self.rules, self.players, &self.cells, seat)
    }

    /// Returns the holes of the seat's target held by pegs of the corner's owner (an
    /// opponent) still in their starting corner: holes that count as filled for the seat.
    pub fn home_bound(&self, seat: Seat) -> Vec<Hole> {
        home_bound(self.rules, self.players, &self.cells, seat)
    }

    fn team_home(&self, seat: Seat) -> bool {
        self.team(seat).iter().all(|&s| self.finished.contains(&s))
    }

    /// Returns the seat whose pegs `seat` moves: its own, or its partner's once it is home.
    pub fn pegs_moved_by(&self, seat: Seat) -> Seat {
        match self.partner(seat) {
            Some(p) if self.finished.contains(&seat) => p,
            _ => seat,
        }
    }

    /// Returns the sum over the seat's pegs of their distance to the far tip of its target.
    pub fn distance(&self, seat: Seat) -> u32 {
        let star = self.star();
        let tip = star.tips[usize::from(self.target(seat))];
        self.cells
            .iter()
            .enumerate()
            .filter(|(_, c)| **c == Some(seat))
            .map(|(h, _)| star.distance(h as Hole, tip))
            .sum()
    }

    fn takes_turns(&self, seat: Seat) -> bool {
        !self.resigned.contains(&seat) && !self.team_home(seat)
    }

    /// Returns the teams still playing (not resigned, not all home), by their first seat.
    fn teams_playing(&self) -> Vec<Seat> {
        let mut teams: Vec<Seat> = (0..self.players)
            .filter(|&s| self.takes_turns(s))
            .map(|s| self.team(s)[0])
            .collect();
        teams.dedup();
        teams.sort_unstable();
        teams.dedup();
        teams
    }

    /// Returns the winning seat once a team is home: the first of it to get home.
    fn first_home(&self) -> Option<Seat> {
        self.finished.iter().copied().find(|&s| self.team_home(s))
    }

    /// Returns how the game ended by a win, resignations or the no-progress draw, if it has.
    fn ended(&self) -> Option<Outcome> {
        let playing = self.teams_playing();
        if let Some(winner) = self.first_home()
            && (!self.rules.places || playing.len() <= 1)
        {
            return Some(Outcome::Win {
                winner,
                reason: WinReason::Goal,
            });
        }
        if playing.len() == 1 && self.first_home().is_none() {
            return Some(Outcome::Win {
                winner: playing[0],
                reason: WinReason::Resignation,
            });
        }
        if playing.is_empty() {
            // Only reachable if every seat resigned, which resign refuses; a draw keeps
            // every loaded state well defined.
            return Some(Outcome::Draw {
                reason: DrawReason::Stalemate,
            });
        }
        if self.since_progress >= self.progress_limit() {
            return Some(Outcome::Draw {
                reason: DrawReason::NoProgress,
            });
        }
        None
    }

    /// Returns how the game ended, if it has: [`Self::ended`], or a draw when nobody can move.
    pub fn outcome(&self) -> Option<Outcome> {
        self.ended().or_else(|| {
            // The seat to move is the first from the last mover on with a move: if it has
            // none, nobody has.
            self.is_stuck().then_some(Outcome::Draw {
                reason: DrawReason::Stalemate,
            })
        })
    }

    fn is_stuck(&self) -> bool {
        !self.takes_turns(self.to_move) || self.moves_of(self.to_move).is_empty()
    }

    /// Returns every hole the peg in `from` can reach, each once, with a path to it: the
    /// adjacent empty holes, then the landings of chains of jumps (shortest chain first).
    pub fn reach(&self, from: Hole) -> Vec<Vec<Hole>> {
        let star = self.star();
        let empty = |h: Hole| h != from && self.cells[usize::from(h)].is_none();
        let mut found: Vec<Vec<Hole>> = star.neighbours[usize::from(from)]
            .iter()
            .flatten()
            .filter(|&&h| empty(h))
            .map(|&h| vec![from, h])
            .collect();
        let mut seen = vec![false; star.len()];
        seen[usize::from(from)] = true;
        let mut queue = std::collections::VecDeque::from([vec![from]]);
        while let Some(path) = queue.pop_front() {
            let at = *path.last().unwrap_or(&from);
            for d in 0..6 {
                let Some((over, to)) = star.jump(at, d) else {
                    continue;
                };
                let occupied = over != from && self.cells[usize::from(over)].is_some();
                if occupied && empty(to) && !seen[usize::from(to)] {
                    seen[usize::from(to)] = true;
                    let mut next = path.clone();
                    next.push(to);
                    if !found.iter().any(|p| p.last() == Some(&to)) {
                        found.push(next.clone());
                    }
                    queue.push_back(next);
                }
            }
        }
        found
    }

    /// Returns every step and chain of the owner's pegs, before the anti-spoiling rule.
    fn unrestricted(&self, owner: Seat) -> Vec<ChineseMove> {
        (0..self.cells.len())
            .filter(|&h| self.cells[h] == Some(owner))
            .flat_map(|h| self.reach(h as Hole))
            .map(|path| ChineseMove { path })
            .collect()
    }

    /// Returns the legal moves of the pegs `seat` moves, ignoring whose turn it is.
    fn moves_of(&self, seat: Seat) -> Vec<ChineseMove> {
        let mut moves = self.unrestricted(self.pegs_moved_by(seat));
        moves.sort_by_key(|m| (m.from(), m.to()));
        moves
    }

    /// Checks a path for the pegs `seat` moves and returns the reason it is not legal.
    fn check(&self, seat: Seat, path: &[Hole]) -> Result<(), String> {
        let star = self.star();
        let owner = self.pegs_moved_by(seat);
        let name = |h: Hole| star.name(h);
        let (&from, rest) = path
            .split_first()
            .ok_or_else(|| "a move names at least two holes".to_string())?;
        if rest.is_empty() {
            return Err("a move names at least two holes".into());
        }
        if let Some(&h) = path.iter().find(|&&h| usize::from(h) >= star.len()) {
            return Err(format!("there is no hole {h}"));
        }
        match self.cells[usize::from(from)] {
            None => return Err(format!("there is no peg on {}", name(from))),
            Some(o) if o != owner => {
                return Err(format!(
                    "the peg on {} is {}'s; you move {} pegs",
                    name(from),
                    COLOURS[o],
                    COLOURS[owner]
                ));
            }
            Some(_) => {}
        }
        for (i, &h) in path.iter().enumerate() {
            if path[..i].contains(&h) {
                return Err(format!("a chain may not come back to {}", name(h)));
            }
            if i > 0 && self.cells[usize::from(h)].is_some() {
                return Err(format!("{} is taken", name(h)));
            }
        }
        let step = rest.len() == 1 && star.adjacent(from, rest[0]);
        if !step {
            for pair in path.windows(2) {
                let over = star.jumped_over(pair[0], pair[1]).ok_or_else(|| {
                    format!(
                        "{} to {} is neither a step to a neighbour nor a jump over one hole in a line",
                        name(pair[0]),
                        name(pair[1])
                    )
                })?;
                if over == from || self.cells[usize::from(over)].is_none() {
                    return Err(format!(
                        "jumping from {} to {} needs a peg on {}",
                        name(pair[0]),
                        name(pair[1]),
                        name(over)
                    ));
                }
            }
        }
        Ok(())
    }

    /// Returns the next seat to move after `seat`, and the seats passed over for want of a
    /// move.
    fn next_after(&self, seat: Seat) -> (Seat, Vec<Seat>) {
        let mut passed = Vec::new();
        for k in 1..=self.players {
            let s = (seat + k) % self.players;
            if !self.takes_turns(s) {
                continue;
            }
            if self.moves_of(s).is_empty() {
                passed.push(s);
                continue;
            }
            return (s, passed);
        }
        (seat, passed)
    }

    /// Returns the seats passed over for want of a move after the last move.
    pub fn passed(&self) -> &[Seat] {
        &self.passed
    }
}

/// Returns the holes of the seat's target held by pegs of its owner still in their starting
/// corner, when the owner is an opponent (partners never block each other this way).
fn home_bound(rules: Ruleset, players: usize, cells: &[Option<Seat>], seat: Seat) -> Vec<Hole> {
    let corners = home_corners(players);
    let target = opposite(corners[seat]);
    let Some(owner) = corners.iter().position(|&c| c == target) else {
        return Vec::new();
    };
    let partner = rules.partners && owner == (seat + players / 2) % players;
    if owner == seat || partner {
        return Vec::new();
    }
    rules.size.star().corners[usize::from(target)]
        .iter()
        .copied()
        .filter(|&h| cells[usize::from(h)] == Some(owner))
        .collect()
}

/// Returns whether the seat's target counts as filled: every hole holds one of the seat's
/// pegs or is [`home_bound`], and at least one holds the seat's own.
fn fills_target(rules: Ruleset, players: usize, cells: &[Option<Seat>], seat: Seat) -> bool {
    let target = opposite(home_corners(players)[seat]);
    let bound = home_bound(rules, players, cells, seat);
    let holes = &rules.size.star().corners[usize::from(target)];
    let own = holes
        .iter()
        .filter(|&&h| cells[usize::from(h)] == Some(seat))
        .count();
    own > 0 && own + bound.len() == holes.len()
}

fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

//! Taking a seat at a lobby: the one step by which a person joins, an invited person's seat is
//! reserved, and the bot sits down, whether by `/play`, `/join` or `/invite`.
//!
//! A newcomer takes the first free seat number (a seat left by someone who went is filled
//! again), and the bot at a level is `bot:<level>:<n>` with `n` the first number no bot of that
//! level has at the table. Ids stored by earlier versions (numbered by seat or by count) are
//! only read, never renumbered: everything that reads a bot's id reads its level alone.

use crate::store::{GameRow, SeatRow};

use super::command::{Reply, User, bot_name};
use super::lobby::{choice, game_ref};
use super::names::clean_name;
use super::{Table, TableError};

/// Who sits down.
#[derive(Clone, Copy, Debug)]
pub(super) enum Sitter<'a> {
    /// A person: `joined` false reserves the seat for an invited person who has not come yet.
    Person { user: &'a User, joined: bool },
    /// The bot at a level (already checked against the game's levels).
    Bot(usize),
}

impl Table {
    /// Seats `who` at the lobby `row` with its `seats` and stores it: a table then full of
    /// seated players starts; otherwise the answer is `said` (worded from the seat taken, e.g.
    /// `<@bob> joined`) with the game and how many seats are taken.
    pub(super) async fn take_seat(
        &self,
        row: GameRow,
        mut seats: Vec<SeatRow>,
        who: Sitter<'_>,
        said: impl FnOnce(&SeatRow) -> String,
    ) -> Result<Reply, TableError> {
        let max = usize::try_from(row.max_seats).unwrap_or(0);
        let taken = sit(&mut seats, max, who)?;
        if seats.len() == max && seats.iter().all(|s| s.joined) {
            return self.begin(row, seats).await;
        }
        let row = self.reseat(&row, seats.clone()).await?;
        Ok(Reply {
            text: format!(
                "{} game #{} ({} of {} seats taken).",
                said(&taken),
                row.id,
                seats.iter().filter(|s| s.joined).count(),
                row.max_seats
            ),
            game: Some(game_ref(&row)),
            choices: vec![choice("Join", "join")],
            ..Reply::default()
        })
    }
}

/// Seats `who` at a lobby of `max` seats (`seats` kept in seat order): a person invited
/// earlier takes their reserved seat; anyone else the first free seat, while one is left.
/// Returns the seat taken.
///
/// # Errors
/// [`TableError::AlreadySeated`] for a person seated already; [`TableError::Reserved`] when
/// the seats left are reserved for invited people; [`TableError::TableFull`] otherwise when
/// no seat is left.
pub(super) fn sit(
    seats: &mut Vec<SeatRow>,
    max: usize,
    who: Sitter<'_>,
) -> Result<SeatRow, TableError> {
    seats.sort_by_key(|s| s.seat);
    if let Sitter::Person { user, joined } = who
        && let Some(mine) = seats.iter_mut().find(|s| s.user_id == user.id)
    {
        if mine.joined {
            return Err(TableError::AlreadySeated);
        }
        if joined {
            mine.joined = true;
            mine.name = clean_name(&user.name);
        }
        return Ok(mine.clone());
    }
    if seats.len() >= max {
        return Err(if seats.iter().any(|s| !s.joined) {
            TableError::Reserved
        } else {
            TableError::TableFull
        });
    }
    let seat = first_free_seat(seats);
    let row = match who {
        Sitter::Person { user, joined } => SeatRow {
            seat,
            user_id: user.id.clone(),
            name: clean_name(&user.name),
            joined,
        },
        Sitter::Bot(level) => SeatRow {
            seat,
            user_id: SeatRow::bot_id(level, first_free_number(seats, level)),
            name: bot_name(level),
            joined: true,
        },
    };
    let at = seats.partition_point(|s| s.seat < seat);
    seats.insert(at, row.clone());
    Ok(row)
}

/// The lowest seat number nobody holds.
fn first_free_seat(seats: &[SeatRow]) -> i64 {
    (0..)
        .find(|n| !seats.iter().any(|s| s.seat == *n))
        .unwrap_or_default()
}

/// The lowest number from 1 that no bot at `level` holds at the table, whatever scheme gave
/// the ids there.
fn first_free_number(seats: &[SeatRow], level: usize) -> usize {
    (1..)
        .find(|n| {
            let id = SeatRow::bot_id(level, *n);
            !seats.iter().any(|s| s.user_id == id)
        })
        .unwrap_or(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn person(id: &str) -> User {
        User::named(id)
    }

    /// Seats a person, as `/play`, `/invite` and `/join` do.
    fn sit_person(
        seats: &mut Vec<SeatRow>,
        max: usize,
        user: &User,
        joined: bool,
    ) -> Result<SeatRow, TableError> {
        sit(seats, max, Sitter::Person { user, joined })
    }

    fn ids(seats: &[SeatRow]) -> Vec<(i64, &str)> {
        seats.iter().map(|s| (s.seat, s.user_id.as_str())).collect()
    }

    #[test]
    fn two_bots_of_one_level_get_the_first_free_numbers() {
        let alice = person("alice");
        let mut seats = Vec::new();
        sit_person(&mut seats, 4, &alice, true).unwrap();
        for _ in 0..2 {
            sit(&mut seats, 4, Sitter::Bot(2)).unwrap();
        }
        sit(&mut seats, 4, Sitter::Bot(3)).unwrap();
        assert_eq!(
            ids(&seats),
            [(0, "alice"), (1, "bot:2:1"), (2, "bot:2:2"), (3, "bot:3:1")]
        );
    }

    #[test]
    fn a_bot_takes_the_number_an_old_id_left_free_and_never_repeats_one() {
        // Seat-numbered ids as `/play` gave them: bob invited to seat 1, bots at 2 and 3.
        let row = |seat: i64, id: &str| SeatRow {
            seat,
            user_id: id.into(),
            name: id.into(),
            joined: true,
        };
        let mut seats = vec![row(0, "alice"), row(2, "bot:1:2"), row(3, "bot:1:3")];
        let taken = sit(&mut seats, 4, Sitter::Bot(1)).unwrap();
        assert_eq!((taken.seat, taken.user_id.as_str()), (1, "bot:1:1"));
        let mut seats = vec![row(0, "alice"), row(1, "bot:1:1"), row(2, "bot:1:3")];
        let taken = sit(&mut seats, 4, Sitter::Bot(1)).unwrap();
        assert_eq!((taken.seat, taken.user_id.as_str()), (3, "bot:1:2"));
    }

    #[test]
    fn a_person_joining_after_a_bot_gets_the_first_free_seat() {
        let (alice, carol) = (person("alice"), person("carol"));
        let mut seats = Vec::new();
        sit_person(&mut seats, 4, &alice, true).unwrap();
        sit(&mut seats, 4, Sitter::Bot(1)).unwrap();
        // Someone at seat 2 left; seat 3 is still held.
        seats.push(SeatRow {
            seat: 3,
            user_id: "dave".into(),
            name: "dave".into(),
            joined: true,
        });
        let taken = sit_person(&mut seats, 4, &carol, true).unwrap();
        assert_eq!(taken.seat, 2);
        assert_eq!(
            ids(&seats),
            [(0, "alice"), (1, "bot:1:1"), (2, "carol"), (3, "dave")],
            "kept in seat order, which is the order a game starts in"
        );
    }

    #[test]
    fn an_invited_person_takes_their_reserved_seat_and_a_full_table_refuses() {
        let (alice, bob, carol) = (person("alice"), person("bob"), person("carol"));
        let mut seats = Vec::new();
        sit_person(&mut seats, 2, &alice, true).unwrap();
        sit_person(&mut seats, 2, &bob, false).unwrap();
        let refused = sit_person(&mut seats, 2, &carol, true);
        assert!(matches!(refused, Err(TableError::Reserved)), "{refused:?}");
        assert!(matches!(
            sit(&mut seats, 2, Sitter::Bot(1)),
            Err(TableError::Reserved)
        ));
        let taken = sit_person(&mut seats, 2, &bob, true).unwrap();
        assert_eq!((taken.seat, taken.joined), (1, true));
        assert!(matches!(
            sit_person(&mut seats, 2, &bob, true),
            Err(TableError::AlreadySeated)
        ));
        assert!(matches!(
            sit_person(&mut seats, 2, &carol, true),
            Err(TableError::TableFull)
        ));
    }
}

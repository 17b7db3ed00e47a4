//! The Jellyfish `.mat` match file, the plain-text record GNU Backgammon, eXtreme Gammon and
//! BGBlitz import: a header line with the match length (0 for a money game), then each game
//! with the score before it and one numbered line per pair of turns, White's left.
//!
//! The layout follows what gnubg's importer reads: a line splits into columns where its
//! second `NN:` roll starts, or else at the first double space past column 15. gnubg 1.07
//! looks for that double space even past the end of a shorter line, in what is left of the
//! line before it (a stray `Doubles` there is read again), so every line is padded past
//! Black's column with spaces.

use std::fmt::Write as _;

use super::{BackgammonGame, BackgammonMove, Phase};
use crate::rules::{PlayError, Rules, Seat};

/// How wide White's column is, so Black's column starts well past column 15.
const COLUMN: usize = 30;

/// The longest name gnubg keeps (its buffer holds 31 bytes and the end).
const NAME_BYTES: usize = 31;

/// One logged action of a backgammon game, as the match file reads it.
#[derive(Clone, Copy, Debug)]
pub enum MatEvent<'a> {
    /// The dice `seat` threw (for the opening roll, White's die then Black's).
    Roll { seat: Seat, dice: &'a [u8] },
    /// A play of the dice or a cube action.
    Move {
        seat: Seat,
        r#move: &'a BackgammonMove,
    },
    /// `seat` gave up (by `/resign`, or on time).
    Resign { seat: Seat },
}

/// One game of the file: the score before it, its turns by seat, and who won what.
#[derive(Debug, Default)]
struct GameText {
    score: [u32; 2],
    turns: Vec<(Seat, String)>,
    won: Option<(Seat, u32)>,
}

/// Writes a match file of the games played from `start` (a new game or match) through
/// `events`, the seats named `names` (White first) and `comments` written as `; [Key "value"]`
/// lines on top.
///
/// A single game without the cube is a match to 1 point, a money game a match to 0 points.
///
/// # Errors
/// Fails when an event does not apply in turn (the log does not replay).
pub fn write_mat(
    start: &BackgammonGame,
    names: [&str; 2],
    comments: &[(&str, &str)],
    events: &[MatEvent<'_>],
) -> Result<String, PlayError> {
    let rules = start.rules();
    let games = replay(start, events)?;
    let mut out = String::new();
    for (key, value) in comments {
        let _ = writeln!(out, "; [{key} \"{}\"]", comment_value(value));
    }
    if !comments.is_empty() {
        out.push('\n');
    }
    let length = match rules.match_length {
        Some(n) => n,
        None if rules.cube => 0,
        None => 1,
    };
    let _ = writeln!(out, " {length} point match");
    let names = names.map(name);
    for (n, game) in games.iter().enumerate() {
        let _ = writeln!(out, "\n Game {}", n + 1);
        let left = format!(" {} : {}", names[0], game.score[0]);
        let _ = writeln!(
            out,
            "{left:<w$}{} : {}",
            names[1],
            game.score[1],
            w = COLUMN + 5
        );
        write_turns(&mut out, &game.turns);
        if let Some((winner, points)) = game.won {
            let s = if points == 1 { "" } else { "s" };
            let pad = if winner == 0 { 5 } else { COLUMN + 5 };
            padded(&mut out, format!("{:pad$}Wins {points} point{s}", ""));
        }
    }
    Ok(out)
}

/// Replays the events from the start and collects each game's turns as the file writes them.
fn replay(start: &BackgammonGame, events: &[MatEvent<'_>]) -> Result<Vec<GameText>, PlayError> {
    let rules = start.rules();
    let mut game = start.clone();
    let mut games = vec![GameText {
        score: start.score(),
        ..GameText::default()
    }];
    for event in events {
        let current = games.len() - 1;
        let next = match *event {
            MatEvent::Roll { seat, dice } => {
                let next = game.roll(seat, dice)?;
                // A roll nothing can be played with passes the turn: the file shows it bare.
                if let (Phase::Roll { .. }, Some(last)) = (game.phase(), next.last_play())
                    && last.steps.is_empty()
                    && !matches!(next.phase(), Phase::Move { .. })
                {
                    games[current]
                        .turns
                        .push((last.seat, format!("{}:", roll(last.dice))));
                }
                next
            }
            MatEvent::Move { seat, r#move } => {
                let text = match (r#move, game.rolled()) {
                    (BackgammonMove::Play(_), Some(dice)) => {
                        format!("{}: {}", roll(dice), game.format(r#move))
                    }
                    (BackgammonMove::Double, _) => {
                        format!("Doubles => {}", game.cube().value.saturating_mul(2))
                    }
                    (BackgammonMove::Take, _) => "Takes".to_string(),
                    (BackgammonMove::Drop, _) => "Drops".to_string(),
                    (BackgammonMove::Play(_), None) => return Err(PlayError::RollFirst),
                };
                let next = game.apply(seat, r#move)?;
                games[current].turns.push((seat, text));
                next
            }
            MatEvent::Resign { seat } => game.resign(seat)?,
        };
        if let Some(result) = next.games().get(game.games().len()) {
            let points = if rules.cube { result.points } else { 1 };
            games[current].won = Some((result.winner, points));
            if next.outcome().is_none() {
                games.push(GameText {
                    score: next.score(),
                    ..GameText::default()
                });
            }
        }
        game = next;
    }
    if games
        .last()
        .is_some_and(|g| g.turns.is_empty() && g.won.is_none())
        && games.len() > 1
    {
        games.pop();
    }
    Ok(games)
}

/// Writes the numbered lines: White's turn starts a line, Black's fills its right column
/// (or starts a line of its own when Black moves first).
fn write_turns(out: &mut String, turns: &[(Seat, String)]) {
    let mut lines: Vec<[String; 2]> = Vec::new();
    for (seat, text) in turns {
        match lines.last_mut() {
            Some(line) if *seat == 1 && line[1].is_empty() => line[1] = text.clone(),
            _ => {
                let mut line = [String::new(), String::new()];
                line[*seat & 1] = text.clone();
                lines.push(line);
            }
        }
    }
    for (n, [white, black]) in lines.iter().enumerate() {
        let line = format!("{:>3}) {white}", n + 1);
        let width = (COLUMN + 5).max(line.len() + 2);
        padded(out, format!("{line:<width$}{black}"));
    }
}

/// Ends a line padded with spaces past Black's column, so it always holds a double space
/// past column 15 (see the module's note).
fn padded(out: &mut String, line: String) {
    let width = (COLUMN + 7).max(line.len() + 2);
    let _ = writeln!(out, "{line:<width$}");
}

/// Writes dice as the file does, the higher first: `64`.
fn roll(dice: [u8; 2]) -> String {
    format!("{}{}", dice[0].max(dice[1]), dice[0].min(dice[1]))
}

/// A player's name as the score line can carry it: one line, no `:` (which ends the name) or
/// `,` (where gnubg reads a rating), at most 31 bytes, never empty.
fn name(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        let c = if c.is_control() || matches!(c, ':' | ',') {
            ' '
        } else {
            c
        };
        if out.len() + c.len_utf8() > NAME_BYTES {
            break;
        }
        out.push(c);
    }
    let out = out.split_whitespace().collect::<Vec<_>>().join(" ");
    if out.is_empty() {
        "Player".to_string()
    } else {
        out
    }
}

/// A comment's value on one line with its quotes escaped.
fn comment_value(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect::<String>()
        .replace('"', "'")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::backgammon::{BackgammonRules, Step};

    #[test]
    fn names_lose_colons_commas_and_control_characters_and_fit_gnubgs_buffer() {
        assert_eq!(name("a:b,c\nd"), "a b c d");
        assert_eq!(name("   "), "Player");
        assert_eq!(name(&"é".repeat(40)).len(), 30);
    }

    #[test]
    fn a_single_game_is_a_match_to_one_point_with_white_on_the_left() {
        let steps = vec![Step { from: 8, to: 5 }, Step { from: 6, to: 5 }];
        let m = BackgammonMove::Play(steps);
        let events = [
            MatEvent::Roll {
                seat: 0,
                dice: &[3, 1],
            },
            MatEvent::Move {
                seat: 0,
                r#move: &m,
            },
        ];
        let text = write_mat(
            &BackgammonGame::new(BackgammonRules::standard()),
            ["ann", "bo"],
            &[],
            &events,
        )
        .unwrap();
        let score = format!("{:<35}bo : 0", " ann : 0");
        assert_eq!(
            text,
            format!(
                " 1 point match\n\n Game 1\n{score}\n{:37}\n",
                "  1) 31: 8/5 6/5"
            )
        );
    }

    #[test]
    fn black_opening_leaves_whites_column_empty_and_a_money_game_is_a_zero_point_match() {
        let m = BackgammonMove::Play(vec![Step { from: 8, to: 5 }, Step { from: 6, to: 5 }]);
        let events = [
            MatEvent::Roll {
                seat: 0,
                dice: &[1, 3],
            },
            MatEvent::Move {
                seat: 1,
                r#move: &m,
            },
            MatEvent::Resign { seat: 0 },
        ];
        let text = write_mat(
            &BackgammonGame::new(BackgammonRules::money()),
            ["ann", "bo"],
            &[],
            &events,
        )
        .unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], " 0 point match");
        assert_eq!(lines[4], format!("  1) {:30}31: 8/5 6/5  ", ""));
        assert_eq!(lines[5], format!("{:35}Wins 1 point  ", ""));
    }

    #[test]
    fn an_event_out_of_turn_is_an_error_not_a_file() {
        let events = [MatEvent::Move {
            seat: 0,
            r#move: &BackgammonMove::Take,
        }];
        assert!(
            write_mat(
                &BackgammonGame::new(BackgammonRules::money()),
                ["a", "b"],
                &[],
                &events
            )
            .is_err()
        );
    }
}

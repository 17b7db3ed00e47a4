//! The position string, Chinese checkers' FEN: what `state` shows and `load` reads, short
//! enough to paste into a chat.
//!
//! `<board> <to move> <players> [partners] [places] [<quiet moves>]`, for example the 6-peg
//! start for two, `G/GG/GGG/10/9/8/7/8/9/10/RRR/RR/R R 2 0`:
//! - the board row by row from the top (row `a` first), rows split by `/`; in a row each peg
//!   is its colour's initial (`R`ed, `G`reen, `Y`ellow, `B`lue, `P`urple, `O`range, the
//!   seats in order) and a number counts empty holes side by side (a `.` is one empty hole);
//!   13 rows are the 6-peg star, 17 the 10-peg one;
//! - the colour to move, then how many players sit at the table;
//! - the options, as in the ruleset's name;
//! - the moves since anybody last came nearer their target than ever before (the draw
//!   counter, like FEN's halfmove clock), 0 when left out.
//!
//! A seat without pegs has resigned. The string does not say in which order players got
//! home (they are taken in seat order) nor each player's best distance so far (taken as the
//! current one), as FEN leaves out the moves that led to a position.

use super::record::Record;
use super::{COLOURS, ChineseCheckersGame, Hole, Ruleset, Size, home_corners, opposite};
use crate::rules::Seat;

/// The longest string read: a 10-peg board spelled with a `.` per hole, and more.
const MAX_LEN: usize = 400;

/// Writes the game's position string.
pub fn write(game: &ChineseCheckersGame) -> String {
    let star = game.star();
    let rows: Vec<String> = star
        .rows
        .iter()
        .map(|row| {
            let mut out = String::new();
            let mut empty = 0;
            for &h in row {
                match game.cells[usize::from(h)] {
                    Some(seat) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push(initial(seat));
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            out
        })
        .collect();
    let mut words = vec![
        rows.join("/"),
        initial(game.to_move).to_string(),
        game.players.to_string(),
    ];
    if game.rules.partners {
        words.push("partners".into());
    }
    if game.rules.places {
        words.push("places".into());
    }
    words.push(game.since_progress.to_string());
    words.join(" ")
}

/// Reads a position string into a checked game.
///
/// # Errors
/// Says what in the text is not a position string, or why the position is not a game (a
/// seat with the wrong number of pegs, partners not both resigned, the seat to move stuck).
pub fn read(text: &str) -> Result<ChineseCheckersGame, String> {
    if text.len() > MAX_LEN {
        return Err("that is too long for a Chinese checkers position".into());
    }
    let mut words = text.split_whitespace();
    let board = words.next().ok_or(
        "a Chinese checkers position is the board row by row, the colour to move and the \
         number of players, e.g. `G/GG/GGG/10/9/8/7/8/9/10/RRR/RR/R R 2`",
    )?;
    let to_move = words
        .next()
        .and_then(seat_of)
        .ok_or("after the board comes the colour to move: R, G, Y, B, P or O")?;
    let players: usize = words
        .next()
        .and_then(|w| w.parse().ok())
        .filter(|p| (2..=6).contains(p))
        .ok_or("after the colour to move comes the number of players, 2 to 6")?;
    let (mut partners, mut places, mut quiet) = (false, false, None);
    for word in words {
        match word.to_ascii_lowercase().as_str() {
            "partners" if !partners && quiet.is_none() => partners = true,
            "places" if !places && quiet.is_none() => places = true,
            n if quiet.is_none() && n.bytes().all(|b| b.is_ascii_digit()) => {
                quiet = Some(
                    n.parse::<u32>()
                        .map_err(|_| "the count of quiet moves is too large")?,
                );
            }
            _ => {
                return Err(format!(
                    "{} is not an option: after the players come `partners`, `places`, then \
                     the count of quiet moves",
                    crate::rules::shown(word)
                ));
            }
        }
    }
    let (size, cells) = cells(board)?;
    let rules = Ruleset {
        size,
        partners,
        places,
    };
    let mut record = Record {
        ruleset: rules.name(),
        players,
        board: cells
            .iter()
            .map(|c| c.map_or('.', |s| char::from(b'1' + s as u8)))
            .collect(),
        to_move,
        finished: Vec::new(),
        resigned: (0..players)
            .filter(|&s| !cells.contains(&Some(s)))
            .collect(),
        last: None,
        passed: Vec::new(),
        best: vec![0; players],
        since_progress: quiet.unwrap_or(0),
    };
    if let Some(seat) = cells.iter().flatten().find(|&&s| s >= players) {
        return Err(format!(
            "the board has {} pegs but only {players} players sit at the table",
            COLOURS[*seat]
        ));
    }
    // Who is home and each player's best distance so far come from the board.
    let star = size.star();
    for (seat, &home) in home_corners(players).iter().enumerate() {
        let target = opposite(home);
        let tip = star.tips[usize::from(target)];
        let pegs = (0..star.len()).filter(|&h| cells[h] == Some(seat));
        record.best[seat] = pegs.map(|h| star.distance(h as Hole, tip)).sum();
        if super::fills_target(rules, players, &cells, seat) {
            record.finished.push(seat);
        }
    }
    ChineseCheckersGame::try_from(record)
}

/// Reads the board field: the star's size and the owner of each hole.
fn cells(board: &str) -> Result<(Size, Vec<Option<Seat>>), String> {
    let rows: Vec<&str> = board.split('/').collect();
    let size = match rows.len() {
        13 => Size::Six,
        17 => Size::Ten,
        n => {
            return Err(format!(
                "the board has {n} rows: the 6-peg star has 13 (split by `/`), the 10-peg one 17"
            ));
        }
    };
    let star = size.star();
    let mut cells = Vec::with_capacity(star.len());
    for (i, (text, holes)) in rows.iter().zip(&star.rows).enumerate() {
        let name = char::from(b'a' + i as u8);
        let start = cells.len();
        let mut run = String::new();
        let flush = |run: &mut String, cells: &mut Vec<Option<Seat>>| -> Result<(), String> {
            if !run.is_empty() {
                let n: usize = run
                    .parse()
                    .ok()
                    .filter(|&n| n > 0 && n <= holes.len())
                    .ok_or_else(|| format!("row {name} has no run of {run} holes"))?;
                cells.extend(std::iter::repeat_n(None, n));
                run.clear();
            }
            Ok(())
        };
        for c in text.chars() {
            if c.is_ascii_digit() {
                run.push(c);
                continue;
            }
            flush(&mut run, &mut cells)?;
            if c == '.' {
                cells.push(None);
            } else {
                let seat = seat_of(&c.to_string()).ok_or_else(|| {
                    format!(
                        "row {name}: {} is neither a colour's initial nor a count",
                        crate::rules::shown(&c.to_string())
                    )
                })?;
                cells.push(Some(seat));
            }
            if cells.len() - start > holes.len() {
                break;
            }
        }
        flush(&mut run, &mut cells)?;
        if cells.len() - start != holes.len() {
            return Err(format!(
                "row {name} has {} holes; the text gives it {}",
                holes.len(),
                cells.len() - start
            ));
        }
    }
    Ok((size, cells))
}

/// Returns the initial of a seat's colour.
fn initial(seat: Seat) -> char {
    COLOURS[seat % COLOURS.len()].as_bytes()[0] as char
}

/// Reads a colour's initial (or name), in any case.
fn seat_of(word: &str) -> Option<Seat> {
    COLOURS
        .iter()
        .position(|c| word.eq_ignore_ascii_case(&c[..1]) || word.eq_ignore_ascii_case(c))
}

//! Reading plays as players type them (`24/18 13/11`, `bar/22*`, `8/4(2)`, `13/7/1`) and
//! writing them the way gnubg does.

use std::collections::HashMap;

use super::board::{BAR, OFF, View};
use super::moves::{Play, Step, dice_list};

pub use crate::rules::notation::ParseError;

/// A play as typed: checker paths from one point to another, and the points marked as hits.
#[derive(Debug, Default)]
struct Typed {
    segments: Vec<(u8, u8)>,
    /// The points marked with `*`.
    marked: Vec<u8>,
}

/// A token of typed notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Token {
    Point(u8),
    Slash,
    Star,
    Count(u8),
}

/// Writes a point: `bar`, `off` or its number.
pub fn point_name(p: u8) -> String {
    match p {
        BAR => "bar".into(),
        OFF => "off".into(),
        _ => p.to_string(),
    }
}

/// Formats the steps of a play of `view` exactly as gnubg does: highest source first, one
/// checker's steps joined (`13/7/1` shows as `13/1` unless there was a blot on 7), repeats as
/// `(2)`, and a `*` on the first move (in that order) landing on each point that held a blot.
pub fn format_play(view: &View, steps: &[Step]) -> String {
    let blot = |p: u8| (1..=24).contains(&p) && view.opp[24 - usize::from(p)] == 1;
    let mut order: Vec<Step> = steps.to_vec();
    order.sort_by_key(|s| std::cmp::Reverse((s.from, s.to)));
    let mut used = vec![false; order.len()];
    let mut groups: Vec<(Vec<u8>, String, usize)> = Vec::new();
    let mut marked: Vec<u8> = Vec::new();
    for i in 0..order.len() {
        if used[i] {
            continue;
        }
        used[i] = true;
        let mut path = vec![order[i].from, order[i].to];
        while let Some(j) = (0..order.len()).find(|&j| {
            let end = path[path.len() - 1];
            !used[j] && end != OFF && order[j].from == end
        }) {
            used[j] = true;
            path.push(order[j].to);
        }
        let last = path.len() - 1;
        let shown: Vec<u8> = path
            .iter()
            .enumerate()
            .filter(|(k, p)| *k == 0 || *k == last || blot(**p))
            .map(|(_, p)| *p)
            .collect();
        if let Some(group) = groups.iter_mut().find(|g| g.0 == shown) {
            group.2 += 1;
            continue;
        }
        let mut text = point_name(shown[0]);
        for p in &shown[1..] {
            text.push('/');
            text.push_str(&point_name(*p));
            if blot(*p) && !marked.contains(p) {
                marked.push(*p);
                text.push('*');
            }
        }
        groups.push((shown, text, 1));
    }
    groups
        .into_iter()
        .map(|(_, s, n)| if n > 1 { format!("{s}({n})") } else { s })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Splits typed text into tokens; `None` when something in it is not notation.
fn tokens(text: &str) -> Option<Vec<Token>> {
    let lower = text.trim().to_ascii_lowercase();
    if lower.is_empty() || lower.len() > 120 || !lower.is_ascii() {
        return None;
    }
    let b = lower.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let rest = &lower[i..];
        if c.is_ascii_digit() {
            let end = b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
            let n: u8 = rest[..end].parse().ok()?;
            out.push(Token::Point(n));
            i += end;
        } else if rest.starts_with("bar") {
            out.push(Token::Point(BAR));
            i += 3;
        } else if rest.starts_with("off") {
            out.push(Token::Point(OFF));
            i += 3;
        } else if c == b'(' {
            let close = rest.find(')')?;
            let n: u8 = rest[1..close].trim().trim_start_matches('x').parse().ok()?;
            out.push(Token::Count(n));
            i += close + 1;
        } else {
            match c {
                b'/' | b'-' => out.push(Token::Slash),
                b'*' => out.push(Token::Star),
                b' ' | b',' | b';' | b'\t' => {}
                b'b' => out.push(Token::Point(BAR)),
                b'o' => out.push(Token::Point(OFF)),
                _ => return None,
            }
            i += 1;
        }
    }
    Some(out)
}

/// Reads tokens into checker paths; `Err(reason)` when the shape is wrong for backgammon.
fn read(text: &str) -> Option<Result<Typed, String>> {
    let tokens = tokens(text)?;
    let mut typed = Typed::default();
    let mut i = 0;
    while i < tokens.len() {
        let Token::Point(first) = tokens[i] else {
            return None;
        };
        let mut path = vec![first];
        let mut marks: Vec<u8> = Vec::new();
        let mut count = 1u8;
        i += 1;
        while i < tokens.len() {
            match tokens[i] {
                Token::Slash => match tokens.get(i + 1) {
                    Some(Token::Point(p)) => {
                        path.push(*p);
                        i += 2;
                    }
                    _ => return None,
                },
                Token::Star => {
                    marks.push(path[path.len() - 1]);
                    i += 1;
                }
                Token::Count(n) => {
                    count = n;
                    i += 1;
                }
                Token::Point(_) => break,
            }
        }
        if path.len() < 2 {
            return None;
        }
        if !(1..=4).contains(&count) {
            return Some(Err("a checker path can be repeated at most 4 times".into()));
        }
        if path[0] == OFF || path[1..].contains(&BAR) || path.iter().any(|p| *p > BAR) {
            return Some(Err(
                "points run from 1 to 24, with bar as a start and off as an end".into(),
            ));
        }
        if path.windows(2).any(|w| w[1] >= w[0]) || path[..path.len() - 1].contains(&OFF) {
            return Some(Err(
                "checkers move from higher to lower points (your 24 toward your 1, then off)"
                    .into(),
            ));
        }
        for _ in 0..count {
            typed.segments.extend(path.windows(2).map(|w| (w[0], w[1])));
        }
        typed.marked.extend(marks);
    }
    if typed.segments.len() > 4 * 6 {
        return Some(Err("that is more checker moves than any roll allows".into()));
    }
    Some(Ok(typed))
}

/// Finds every position the typed paths can reach with the dice, with the hits made.
fn reach(
    view: &View,
    dice: &mut Vec<u8>,
    segs: &mut Vec<(u8, u8)>,
    hits: usize,
    out: &mut Vec<(View, usize)>,
) {
    if segs.is_empty() {
        out.push((*view, hits));
        return;
    }
    for di in 0..dice.len() {
        if dice[..di].contains(&dice[di]) {
            continue;
        }
        for si in 0..segs.len() {
            if segs[..si].contains(&segs[si]) {
                continue;
            }
            let (cur, goal) = segs[si];
            let d = dice[di];
            let Some(to) = view.target(cur, d) else {
                continue;
            };
            if to < goal || (to == OFF && goal != OFF) {
                continue;
            }
            let mut next = *view;
            let hit = next.step(cur, to);
            let die = dice.remove(di);
            if to == goal {
                segs.remove(si);
            } else {
                segs[si].0 = to;
            }
            reach(&next, dice, segs, hits + usize::from(hit), out);
            if to == goal {
                segs.insert(si, (cur, goal));
            } else {
                segs[si].0 = cur;
            }
            dice.insert(di, die);
        }
    }
}

/// What reading a play against the legal plays found.
pub enum Reading {
    /// The index of the legal play meant.
    Found(usize),
    /// The text is not notation.
    Unreadable,
    /// The text is notation but not legal, for this reason.
    Illegal(String),
    /// The text fits these legal plays.
    Ambiguous(Vec<usize>),
}

/// Reads `text` as one of `plays`, the legal plays of `view` with `dice`.
pub fn read_play(view: &View, dice: (u8, u8), plays: &[Play], text: &str) -> Reading {
    let typed = match read(text) {
        None => return Reading::Unreadable,
        Some(Err(reason)) => return Reading::Illegal(reason),
        Some(Ok(typed)) => typed,
    };
    let mut reached = Vec::new();
    let mut all_dice = dice_list(dice);
    let mut segs = typed.segments.clone();
    if segs.len() <= all_dice.len() * 6 {
        reach(view, &mut all_dice, &mut segs, 0, &mut reached);
    }
    let legal: HashMap<View, usize> = plays
        .iter()
        .enumerate()
        .map(|(i, p)| (p.result, i))
        .collect();
    let mut found: Vec<(usize, usize)> = Vec::new();
    for (result, hits) in &reached {
        if let Some(&i) = legal.get(result)
            && !found.iter().any(|(j, _)| *j == i)
        {
            found.push((i, *hits));
        }
    }
    let mut marked = typed.marked.clone();
    marked.sort_unstable();
    marked.dedup();
    let marks = marked.len();
    if found.len() > 1 {
        let marked: Vec<(usize, usize)> =
            found.iter().copied().filter(|(_, h)| *h == marks).collect();
        if !marked.is_empty() {
            found = marked;
        }
    }
    if found.len() > 1 && marks == 0 {
        let fewest = found.iter().map(|(_, h)| *h).min().unwrap_or(0);
        found.retain(|(_, h)| *h == fewest);
    }
    match found.as_slice() {
        [(i, _)] => Reading::Found(*i),
        [] => Reading::Illegal(reason(view, dice, plays, &typed, !reached.is_empty())),
        many => Reading::Ambiguous(many.iter().map(|(i, _)| *i).collect()),
    }
}

/// Explains why a readable play is not legal.
fn reason(view: &View, dice: (u8, u8), plays: &[Play], typed: &Typed, reachable: bool) -> String {
    let roll = format!("{}-{}", dice.0, dice.1);
    if plays.is_empty() {
        return format!("nothing can be played with {roll}");
    }
    let must = plays.iter().map(|p| p.steps.len()).max().unwrap_or(0);
    if reachable {
        let single_larger = must == 1 && dice.0 != dice.1;
        return if single_larger {
            let larger = dice.0.max(dice.1);
            format!("only one die can be played, so it must be the larger one: play the {larger}")
        } else if must == 2 && dice.0 != dice.1 {
            "you must play both dice when you can".into()
        } else {
            format!("you must play as many dice as you can: {must} here")
        };
    }
    for &(from, _) in &typed.segments {
        if view.me[usize::from(from) - 1] == 0 && !typed.segments.iter().any(|s| s.1 == from) {
            return if from == BAR {
                "you have no checker on the bar".into()
            } else {
                format!("you have no checker on your {from}-point")
            };
        }
    }
    if view.me[24] > 0 && !typed.segments.iter().any(|s| s.0 == BAR) {
        return "you have a checker on the bar: it must enter first".into();
    }
    for &(from, to) in &typed.segments {
        if to != OFF && view.blocked(to) {
            return format!("your {to}-point is blocked (the opponent holds it)");
        }
        if to == OFF && !view.all_home() {
            return "you can bear off only when all your checkers are in your home board".into();
        }
        let distance = from - to;
        let sums = reachable_distances(dice);
        if to != OFF && !sums.contains(&distance) {
            return format!(
                "{} moves {distance} pips, which {roll} cannot make",
                point_path(from, to)
            );
        }
    }
    format!("that is not one of the plays {roll} allows here")
}

fn point_path(from: u8, to: u8) -> String {
    format!("{}/{}", point_name(from), point_name(to))
}

/// Returns the distances one checker can move with the dice.
fn reachable_distances(dice: (u8, u8)) -> Vec<u8> {
    if dice.0 == dice.1 {
        (1..=4).map(|k| k * dice.0).collect()
    } else {
        vec![dice.0, dice.1, dice.0 + dice.1]
    }
}

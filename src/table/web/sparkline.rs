//! A player's rating history drawn as a sparkline: a polyline's points in a small box, and
//! the same history in words (its range), for the player page's inline SVG.

use crate::rating::System;
use crate::rules::GameKind;
use crate::store::RatingPoint;

/// The sparkline's box, in SVG user units; `templates/player.html` draws it at this size in
/// CSS pixels.
const WIDTH: f64 = 160.0;
const HEIGHT: f64 = 36.0;
/// How far the line keeps from the box's edges, so its stroke is never cut.
const INSET: f64 = 2.0;

/// How many of a player's latest rated games a sparkline shows, per game.
pub(super) const HISTORY_GAMES: usize = 50;

/// One game's rating history on a player page.
#[derive(Clone, Debug, PartialEq)]
pub struct Sparkline {
    pub kind: &'static str,
    pub title: &'static str,
    /// The polyline's points, `x,y x,y …`, in a 160×36 box.
    pub points: String,
    /// The history in words: games, first and last rating, lowest and highest.
    pub words: String,
}

/// Draws each game's history that has at least two points, in the order given (grouped by
/// game kind, oldest first within one).
pub(super) fn sparklines(history: &[RatingPoint]) -> Vec<Sparkline> {
    let mut out = Vec::new();
    let mut rest = history;
    while let Some(first) = rest.first() {
        let n = rest.iter().take_while(|p| p.kind == first.kind).count();
        let (run, tail) = rest.split_at(n);
        rest = tail;
        let Ok(kind) = first.kind.parse::<GameKind>() else {
            continue;
        };
        let values: Vec<f64> = run.iter().map(|p| p.rating).collect();
        if let Some(points) = points(&values) {
            out.push(Sparkline {
                kind: kind.name(),
                title: kind.title(),
                points,
                words: words(kind, &values),
            });
        }
    }
    out
}

/// Places the values left to right, the highest at the top; `None` for fewer than two.
fn points(values: &[f64]) -> Option<String> {
    if values.len() < 2 || values.iter().any(|v| !v.is_finite()) {
        return None;
    }
    let low = values.iter().copied().fold(f64::INFINITY, f64::min);
    let high = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let step = (WIDTH - 2.0 * INSET) / (values.len() - 1) as f64;
    let y = |v: f64| {
        if high > low {
            INSET + (high - v) / (high - low) * (HEIGHT - 2.0 * INSET)
        } else {
            HEIGHT / 2.0
        }
    };
    let points: Vec<String> = values
        .iter()
        .enumerate()
        .map(|(i, v)| format!("{:.1},{:.1}", INSET + i as f64 * step, y(*v)))
        .collect();
    Some(points.join(" "))
}

/// Says the history as the rating is shown elsewhere, e.g. "Chess rating over the last 12
/// rated games: 1500 at first, 1620 now; lowest 1480, highest 1650."
fn words(kind: GameKind, values: &[f64]) -> String {
    let system = System::of(kind);
    let low = values.iter().copied().fold(f64::INFINITY, f64::min);
    let high = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    format!(
        "{} rating over the last {} rated games: {} at first, {} now; lowest {}, highest {}.",
        kind.title(),
        values.len(),
        system.show(values[0]),
        system.show(values[values.len() - 1]),
        system.show(low),
        system.show(high)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(kind: &str, game: i64, rating: f64) -> RatingPoint {
        RatingPoint {
            kind: kind.into(),
            game,
            at: game,
            rating,
            deviation: 50.0,
        }
    }

    #[test]
    fn the_highest_rating_is_drawn_at_the_top_and_the_lowest_at_the_bottom() {
        let p = points(&[1500.0, 1700.0, 1400.0]).unwrap();
        assert_eq!(p, "2.0,23.3 80.0,2.0 158.0,34.0");
    }

    #[test]
    fn a_flat_history_is_a_level_line_and_one_game_draws_nothing() {
        assert_eq!(points(&[1500.0, 1500.0]).unwrap(), "2.0,18.0 158.0,18.0");
        assert_eq!(points(&[1500.0]), None);
    }

    #[test]
    fn each_game_kind_gets_its_own_line_with_its_range_in_words() {
        let history = [
            point("backgammon", 3, 1500.0),
            point("chess", 1, 1500.0),
            point("chess", 2, 1662.3),
            point("chess", 4, 1480.0),
        ];
        let lines = sparklines(&history);
        assert_eq!(lines.len(), 1, "one backgammon game draws no line");
        assert_eq!(lines[0].kind, "chess");
        let system = System::of(GameKind::Chess);
        assert_eq!(
            lines[0].words,
            format!(
                "Chess rating over the last 3 rated games: {} at first, {} now; lowest {}, highest {}.",
                system.show(1500.0),
                system.show(1480.0),
                system.show(1480.0),
                system.show(1662.3)
            )
        );
    }
}

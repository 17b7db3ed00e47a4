//! The player strip above the board (four cells: colour, name, status) and the status line.

use super::{STRIP, WIDTH};
use crate::render::View;
use crate::render::kit::{Canvas, Face, Ink, Kit, TagSize, Tone, clean};
use crate::rules::parcheesi::{HOME, ParcheesiGame, Phase};
use crate::rules::{Outcome, Rules, Seat, Turn, WinReason};

/// Tags in the strip and on the board: a little smaller than the chess bars'.
const SMALL_TAG: TagSize = TagSize {
    px: 13.0,
    height: 24.0,
    pad: 10.0,
};

/// Returns the seat the table waits for, if any.
pub fn seat_to_act(game: &ParcheesiGame) -> Option<Seat> {
    match game.turn() {
        Turn::Roll(s) | Turn::Move(s) => Some(s),
        Turn::Over(_) => None,
    }
}

/// The "to roll" pill in a corner.
const PILL: TagSize = TagSize {
    px: 15.0,
    height: 30.0,
    pad: 14.0,
};

/// Draws a green pill centred on (`x`, `y`), e.g. "to roll" in a corner.
pub fn pill(kit: &Kit, canvas: &mut Canvas, (x, y): (f32, f32), text: &str) {
    let w = kit.text_width(Face::Bold, PILL.px, text) + 2.0 * PILL.pad;
    kit.tag(canvas, (x + w / 2.0, y), PILL, text, Tone::Go);
}

/// Returns the display name of a seat: the player's name, or the colour when blank.
fn name_of(view: &View, seat: Seat) -> String {
    let colour = ParcheesiGame::colour(seat);
    match view.players.get(seat).map(|n| clean(n)) {
        Some(n) if !n.is_empty() && !n.eq_ignore_ascii_case(colour) => format!("{n} ({colour})"),
        _ => colour.to_string(),
    }
}

/// Draws the strip: one cell per seat in two rows, Red and Blue above Yellow and Green.
pub fn draw(kit: &Kit, canvas: &mut Canvas, game: &ParcheesiGame, view: &View, strong: &[Ink; 4]) {
    let (bar, band) = kit.bar_and_band();
    canvas.fill_rect(0, 0, WIDTH, STRIP, bar);
    let (cell_w, cell_h) = (WIDTH / 2, STRIP / 2);
    canvas.fill_rect(cell_w - 1, 0, 2, STRIP, band);
    canvas.fill_rect(0, cell_h - 1, WIDTH, 2, band);
    let outcome = game.outcome();
    let acting = seat_to_act(game);
    for (seat, &disc) in strong.iter().enumerate() {
        let x = (seat as u32 % 2) * cell_w;
        let y = (seat as u32 / 2) * cell_h;
        let mid = y as f32 + cell_h as f32 / 2.0;
        let left = x as f32;
        let playing = seat < game.players();
        let resigned = playing && game.has_resigned(seat);
        if playing && !resigned {
            kit.fill_circle(canvas, (left + 24.0, mid), 10.0, disc);
        } else {
            kit.stroke_circle(canvas, (left + 24.0, mid), 9.0, 2.0, kit.text_ink(true));
        }
        // Tags from the right edge inwards.
        let mut right = left + cell_w as f32 - 10.0;
        let mut tags: Vec<(&str, Tone)> = Vec::new();
        match outcome {
            Some(Outcome::Win { winner, .. }) if winner == seat => tags.push(("winner", Tone::Go)),
            _ if resigned => tags.push(("resigned", Tone::Quiet)),
            _ if acting == Some(seat) => {
                let text = if matches!(game.turn(), Turn::Move(_)) {
                    "to move"
                } else {
                    "to roll"
                };
                tags.push((text, Tone::Go));
            }
            _ => {}
        }
        for (text, tone) in tags {
            right = kit.tag(canvas, (right, mid), SMALL_TAG, text, tone) - 8.0;
        }
        let home = game
            .progress(seat)
            .map_or(0, |p| p.iter().filter(|&&v| v == HOME).count());
        let base = Kit::centred_baseline(y as f32, cell_h as f32, 17.0);
        if playing && !resigned && home > 0 {
            let text = format!("{home} home");
            let w = kit.text_width(Face::Regular, 14.0, &text);
            right -= w;
            kit.draw_text(
                canvas,
                Face::Regular,
                14.0,
                (right.round(), base),
                &text,
                kit.text_ink(true),
            );
            right -= 10.0;
        }
        let name_x = left + 44.0;
        let room = (right - name_x - 4.0).max(30.0);
        if !playing {
            let text = "empty seat";
            kit.draw_text(
                canvas,
                Face::Regular,
                16.0,
                (name_x, base),
                text,
                kit.text_ink(true),
            );
            continue;
        }
        let name = kit.fit(Face::Bold, 17.0, &name_of(view, seat), room);
        let ink = kit.text_ink(resigned);
        kit.draw_text(canvas, Face::Bold, 17.0, (name_x, base), &name, ink);
    }
}

/// Returns the default caption: whose turn it is and what they play, or how the game ended.
pub fn status(game: &ParcheesiGame, view: &View) -> String {
    match game.phase() {
        Phase::Over { outcome } => match outcome {
            Outcome::Win {
                winner,
                reason: WinReason::Resignation,
            } => format!("{} wins: everyone else resigned", name_of(view, *winner)),
            Outcome::Win { winner, .. } => {
                format!("{} wins with all four pawns HOME", name_of(view, *winner))
            }
            Outcome::Draw { .. } => "The game is drawn".to_string(),
        },
        Phase::Opening { .. } => {
            let seat = seat_to_act(game).unwrap_or(0);
            format!(
                "Opening roll: {} to roll for who starts",
                name_of(view, seat)
            )
        }
        Phase::Roll { seat, .. } => format!("{} to roll", name_of(view, *seat)),
        Phase::Move { seat, roll, .. } => {
            let who = name_of(view, *seat);
            let mut owed = Vec::new();
            let rules = game.rules();
            for _ in 0..roll.capture {
                owed.push(format!("the {}-space capture bonus", rules.capture_bonus));
            }
            for _ in 0..roll.home {
                owed.push(format!("the {}-space home bonus", rules.home_bonus));
            }
            if !roll.bonus_phase && !roll.left.is_empty() {
                let values: Vec<String> = roll.left.iter().map(u8::to_string).collect();
                owed.insert(0, values.join(", "));
            }
            let [a, b] = roll.dice;
            if owed.is_empty() {
                format!("{who} rolled {a} and {b}")
            } else {
                format!("{who} rolled {a} and {b} · to play {}", owed.join(" and "))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;
    use crate::rules::parcheesi::{Ruleset, Setup};

    #[test]
    fn status_names_the_player_and_what_is_left_to_play() {
        let setup = Setup {
            ruleset: Ruleset::Parcheesi,
            pawns: vec![[10, 20, 0, 0], [0; 4]],
            to_roll: 0,
            doubles: 0,
        };
        let game = ParcheesiGame::from_setup(&setup).expect("valid");
        let view = View {
            players: vec!["alice".into(), "bob".into()],
            caption: None,
            perspective: None,
        };
        assert_eq!(status(&game, &view), "alice (Red) to roll");
        let rolled = game.roll(0, &[4, 3]).expect("rolls");
        assert_eq!(
            status(&rolled, &view),
            "alice (Red) rolled 4 and 3 · to play 4, 3"
        );
        assert_eq!(
            status(&rolled, &View::default()),
            "Red rolled 4 and 3 · to play 4, 3"
        );
    }
}

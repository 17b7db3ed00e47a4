//! What a render draws over the static board: pawns where they stand (pairs side by side,
//! a blockade joined by a bar), the latest roll's moves, and the dice.

use super::geometry::{
    self, CORNER, Cell, DICE_TOP, corner_origin, home_slot, place_cell, start_slot,
};
use super::{DIE, HOMED, Inks, PAIRED, PAWN, STRIP, screen, strip};
use crate::render::kit::{Canvas, DieInks, Face, Kit};
use crate::rules::Rules;
use crate::rules::parcheesi::{Moved, ParcheesiGame, Phase, Place, TRACK, pawn_letter};

/// Draws one pawn: outline, colour, letter; ringed when the latest roll moved it.
fn pawn(
    kit: &Kit,
    canvas: &mut Canvas,
    inks: &Inks,
    at: (f32, f32),
    r: f32,
    who: (usize, u8),
    ringed: bool,
) {
    let (seat, letter) = who;
    let at = screen(at);
    if ringed {
        kit.stroke_circle(canvas, at, r + 4.2, 2.6, inks.hilite);
    }
    kit.fill_circle(canvas, at, r + 1.6, inks.outline);
    kit.fill_circle(canvas, at, r, inks.strong[seat % 4]);
    let text = pawn_letter(letter).to_ascii_uppercase().to_string();
    let px = (r * 1.2).round();
    let ink = if seat % 4 == 2 {
        inks.outline
    } else {
        inks.white
    };
    let w = kit.text_width(Face::Bold, px, &text);
    let base = at.1 + Kit::cap_height(px) / 2.0;
    kit.draw_text(
        canvas,
        Face::Bold,
        px,
        (at.0 - w / 2.0, base.round()),
        &text,
        ink,
    );
}

/// Marks where a moved pawn came from: a pale, thinly outlined copy of it.
pub fn ghost(kit: &Kit, canvas: &mut Canvas, inks: &Inks, m: &Moved) {
    let at = match m.from {
        Place::Start => start_slot(m.seat, m.pawn),
        Place::Home => return,
        from => match place_cell(m.seat, from) {
            Some(cell) => cell.centre,
            None => return,
        },
    };
    let at = screen(at);
    let seat = m.seat % 4;
    let r = PAWN - 1.0;
    kit.fill_circle(canvas, at, r, inks.tint[seat]);
    kit.stroke_circle(canvas, at, r, 1.6, inks.strong[seat]);
    let text = pawn_letter(m.pawn).to_ascii_uppercase().to_string();
    let px = 15.0;
    let w = kit.text_width(Face::Bold, px, &text);
    let base = (at.1 + Kit::cap_height(px) / 2.0).round();
    kit.draw_text(
        canvas,
        Face::Bold,
        px,
        (at.0 - w / 2.0, base),
        &text,
        inks.deep[seat],
    );
}

/// Draws every pawn where it stands: in START slots, on spaces (pairs side by side, a
/// blockade joined by a bar), and in HOME.
pub fn pawns(kit: &Kit, canvas: &mut Canvas, inks: &Inks, game: &ParcheesiGame, moved: &[Moved]) {
    let ringed = |seat: usize, p: u8| moved.iter().any(|m| m.seat == seat && m.pawn == p);
    // Who stands on each track space, and on each seat's home-path spaces.
    let mut track: Vec<Vec<(usize, u8)>> = vec![Vec::new(); TRACK as usize];
    let mut paths: Vec<Vec<Vec<(usize, u8)>>> = vec![vec![Vec::new(); 8]; 4];
    for (seat, path) in paths.iter_mut().enumerate().take(game.players()) {
        if game.has_resigned(seat) {
            continue;
        }
        let Some(places) = game.places(seat) else {
            continue;
        };
        for (i, place) in places.into_iter().enumerate() {
            let p = i as u8;
            match place {
                Place::Start => pawn(
                    kit,
                    canvas,
                    inks,
                    start_slot(seat, p),
                    PAWN,
                    (seat, p),
                    ringed(seat, p),
                ),
                Place::Home => pawn(
                    kit,
                    canvas,
                    inks,
                    home_slot(seat, p),
                    HOMED,
                    (seat, p),
                    ringed(seat, p),
                ),
                Place::Track(s) => track[usize::from(s % TRACK)].push((seat, p)),
                Place::HomePath(step) => path[usize::from(step.min(7))].push((seat, p)),
            }
        }
    }
    for (space, here) in track.iter().enumerate() {
        if !here.is_empty() {
            space_pawns(
                kit,
                canvas,
                inks,
                geometry::track_cell(space as u8),
                here,
                &ringed,
            );
        }
    }
    for (seat, steps) in paths.iter().enumerate() {
        for (step, here) in steps.iter().enumerate() {
            if !here.is_empty() {
                let cell = geometry::home_path_cell(seat, step as u8);
                space_pawns(kit, canvas, inks, cell, here, &ringed);
            }
        }
    }
}

/// Draws the pawns on one space: one in the middle, two side by side across the arm.
fn space_pawns(
    kit: &Kit,
    canvas: &mut Canvas,
    inks: &Inks,
    cell: Cell,
    here: &[(usize, u8)],
    ringed: &dyn Fn(usize, u8) -> bool,
) {
    let (cx, cy) = cell.centre;
    match here {
        [one] => pawn(
            kit,
            canvas,
            inks,
            (cx, cy),
            PAWN,
            *one,
            ringed(one.0, one.1),
        ),
        [a, b, ..] => {
            let (dx, dy) = cell.pair_offset();
            if a.0 == b.0 {
                // A blockade: a dark bar holding the pair together.
                let reach = PAIRED + 2.2;
                let (w, h) = (2.0 * (dx + reach), 2.0 * (dy + reach));
                let (x, y) = screen((cx - w / 2.0, cy - h / 2.0));
                kit.fill_round_rect(canvas, (x, y, w, h), reach, inks.outline);
            }
            let pair = if a.1 <= b.1 { [a, b] } else { [b, a] };
            let spots = [(cx - dx, cy - dy), (cx + dx, cy + dy)];
            for (who, at) in pair.into_iter().zip(spots) {
                pawn(kit, canvas, inks, at, PAIRED, *who, ringed(who.0, who.1));
            }
        }
        [] => {}
    }
}

/// Draws the dice: the roll being played in the mover's corner (dice already used dimmed),
/// or the latest throw, dimmed, in its thrower's corner; and "to roll" where a roll is due.
pub fn dice(kit: &Kit, canvas: &mut Canvas, inks: &Inks, game: &ParcheesiGame) {
    let to_roll = match game.phase() {
        Phase::Roll { seat, .. } => Some(*seat),
        Phase::Opening { .. } => game.turn().seat(),
        _ => None,
    };
    let shown: Option<(usize, [u8; 2], [bool; 2])> = match game.phase() {
        Phase::Move { seat, roll, .. } => {
            let mut left = roll.left.clone();
            let used = roll.dice.map(|d| {
                if roll.parts.len() == 2 {
                    match left.iter().position(|&v| v == d) {
                        Some(i) => {
                            left.swap_remove(i);
                            false
                        }
                        None => true,
                    }
                } else {
                    roll.left.is_empty()
                }
            });
            Some((*seat, roll.dice, used))
        }
        Phase::Opening { .. } => game.last_throw().map(|(s, d)| (s, d, [false; 2])),
        _ => game.last_throw().map(|(s, d)| (s, d, [true; 2])),
    };
    if let Some((seat, values, used)) = shown
        && Some(seat) != to_roll
    {
        let (ox, oy) = corner_origin(seat);
        let mid = ox + CORNER / 2.0;
        for (i, (&v, &u)) in values.iter().zip(&used).enumerate() {
            let x = if i == 0 { mid - 6.0 - DIE } else { mid + 6.0 };
            die(kit, canvas, inks, screen((x, oy + DICE_TOP)), v, u);
        }
    }
    if let Some(seat) = to_roll {
        let (ox, oy) = corner_origin(seat);
        let again = game.last_throw().is_some_and(|(s, _)| s == seat)
            && matches!(game.phase(), Phase::Roll { .. });
        let text = if again { "roll again" } else { "to roll" };
        strip::pill(
            kit,
            canvas,
            (ox + CORNER / 2.0, oy + DICE_TOP + DIE / 2.0 + STRIP as f32),
            text,
        );
    }
}

/// Draws one die at (`x`, `y`), its top-left corner; a die already played is greyed.
fn die(kit: &Kit, canvas: &mut Canvas, inks: &Inks, at: (f32, f32), value: u8, used: bool) {
    let (face, pip) = if used {
        (inks.used[0], inks.used[1])
    } else {
        (inks.ivory, inks.outline)
    };
    let edge = inks.outline;
    kit.die(canvas, at, DIE, value, DieInks { edge, face, pip });
}

//! Player strips and dice: one seat's line (disc, name, side, notes, dice, tags) drawn as a
//! bar across the picture or as a cell of a grid of seats, and die faces with their pips.

use super::{Canvas, Face, Ink, Kit, TAG, TagSize, Tone};
use crate::rules::{Outcome, Seat, WinReason};

/// Tags in a grid of seats: a little smaller than the full-width bars'.
pub const SMALL_TAG: TagSize = TagSize {
    px: 13.0,
    height: 24.0,
    pad: 10.0,
};

/// How a player line is laid out: a bar across a two-player board, or a cell of a grid.
#[derive(Clone, Copy, Debug)]
pub struct LineSize {
    /// Pixel size of the name (bold).
    pub name_px: f32,
    /// Pixel size of the side's name and the notes (regular, muted).
    pub side_px: f32,
    /// The size of the tags.
    pub tag: TagSize,
    /// Distance of the disc's centre from the line's left edge.
    pub disc_x: f32,
    /// Radius of the disc.
    pub disc_r: f32,
    /// Distance of the name from the line's left edge.
    pub name_x: f32,
    /// Space kept free at the line's right end.
    pub right: f32,
}

/// A full-width player bar (chess, checkers, backgammon).
pub const BAR_LINE: LineSize = LineSize {
    name_px: 22.0,
    side_px: 16.0,
    tag: TAG,
    disc_x: 30.0,
    disc_r: 11.0,
    name_x: 54.0,
    right: 16.0,
};

/// One cell of a grid of seats (Parcheesi, Snakes & Ladders, Chinese checkers).
pub const CELL_LINE: LineSize = LineSize {
    name_px: 17.0,
    side_px: 14.0,
    tag: SMALL_TAG,
    disc_x: 24.0,
    disc_r: 11.0,
    name_x: 44.0,
    right: 10.0,
};

/// The disc at the start of a player line that shows the side's colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Disc {
    /// The light side (White): a disc in the text colour.
    #[default]
    Light,
    /// The dark side (Black): a dark disc in a grey ring.
    Dark,
    /// A side's own colour, with an optional rim in another ink.
    Colour { fill: Ink, rim: Option<Ink> },
    /// Nobody plays the seat any more (resigned) or yet (empty): an open ring.
    Hollow,
}

/// The inks a die is drawn with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DieInks {
    /// The outline around the face.
    pub edge: Ink,
    /// The face.
    pub face: Ink,
    /// The pips.
    pub pip: Ink,
}

/// One line in a player strip: who plays, with which colour, and what to say about them.
#[derive(Clone, Debug, Default)]
pub struct PlayerLine<'a> {
    /// The display name (cleaned and shortened to fit when drawn; blank shows the side).
    pub name: &'a str,
    /// The side's name shown after the player's name, e.g. `White`.
    pub side: &'a str,
    /// The disc before the name.
    pub disc: Disc,
    /// Whether the name is drawn muted (a player who resigned, an empty seat).
    pub dimmed: bool,
    /// Muted words before the dice and tags, e.g. `on 12` or `2 home`; may be empty.
    pub note: String,
    /// Dice shown before the tags (the latest throw), with their inks.
    pub dice: Option<(Vec<u8>, DieInks)>,
    /// Tags drawn at the right end, left to right, e.g. `("to move", Tone::Go)`.
    pub tags: Vec<(&'a str, Tone)>,
}

impl PlayerLine<'_> {
    /// Returns the line of a seat nobody sits in: an open ring and `empty seat`, muted.
    pub fn empty_seat() -> PlayerLine<'static> {
        PlayerLine {
            side: "empty seat",
            disc: Disc::Hollow,
            dimmed: true,
            ..PlayerLine::default()
        }
    }
}

/// Returns the tags of a seat's bar in a two-player game without dice: when it is over,
/// `winner`, the loser's word for how the other won (`lost_by`, else `lost`) or `draw`; while
/// it goes on, `offers a draw` for the seat that offers one and `to move` for the mover.
pub fn duel_tags(
    outcome: Option<Outcome>,
    seat: Seat,
    lost_by: fn(WinReason) -> Option<&'static str>,
    offer: Option<Seat>,
    to_move: Seat,
) -> Vec<(&'static str, Tone)> {
    match outcome {
        Some(Outcome::Win { winner, .. }) if winner == seat => vec![("winner", Tone::Go)],
        Some(Outcome::Win { reason, .. }) => vec![(lost_by(reason).unwrap_or("lost"), Tone::Quiet)],
        Some(Outcome::Draw { .. }) => vec![("draw", Tone::Quiet)],
        None => {
            let offers = (offer == Some(seat)).then_some(("offers a draw", Tone::Warn));
            let moves = (to_move == seat).then_some(("to move", Tone::Go));
            offers.into_iter().chain(moves).collect()
        }
    }
}

/// Where the pips of a die face sit, as fractions of the face's side from its top-left
/// corner; a value outside 1–6 shows six.
pub fn pips(value: u8) -> &'static [(f32, f32)] {
    const LO: f32 = 0.25;
    const MID: f32 = 0.5;
    const HI: f32 = 0.75;
    match value {
        1 => &[(MID, MID)],
        2 => &[(LO, HI), (HI, LO)],
        3 => &[(LO, HI), (MID, MID), (HI, LO)],
        4 => &[(LO, LO), (HI, LO), (LO, HI), (HI, HI)],
        5 => &[(LO, LO), (HI, LO), (MID, MID), (LO, HI), (HI, HI)],
        _ => &[(LO, LO), (HI, LO), (LO, MID), (HI, MID), (LO, HI), (HI, HI)],
    }
}

/// Side of a die drawn in a cell of a grid of seats.
const CELL_DIE: f32 = 24.0;

impl Kit {
    /// Draws a die of side `side` with its face's top-left corner at (`x`, `y`): a rounded
    /// face in an outline, and its pips.
    pub fn die(
        &self,
        canvas: &mut Canvas,
        (x, y): (f32, f32),
        side: f32,
        value: u8,
        inks: DieInks,
    ) {
        let border = (side / 16.0).max(1.5);
        let radius = side * 0.2;
        let outer = (
            x - border,
            y - border,
            side + 2.0 * border,
            side + 2.0 * border,
        );
        self.fill_round_rect(canvas, outer, radius + border, inks.edge);
        self.fill_round_rect(canvas, (x, y, side, side), radius, inks.face);
        for &(px, py) in pips(value) {
            let at = (x + px * side, y + py * side);
            self.fill_circle(canvas, at, side * 0.09, inks.pip);
        }
    }

    /// Draws a player bar across the canvas: disc, name, side and tags.
    pub fn player_bar(&self, canvas: &mut Canvas, top: u32, height: u32, line: &PlayerLine) {
        let area = (0, top, canvas.width, height);
        canvas.fill_rect(area.0, area.1, area.2, area.3, self.bar);
        self.player_line(canvas, area, line, BAR_LINE);
    }

    /// Draws a grid of seats `columns` wide from `top`, each cell `height` high, filled row
    /// by row with `lines` and parted by thin lines in the band's colour.
    pub fn seat_grid(
        &self,
        canvas: &mut Canvas,
        (top, height): (u32, u32),
        columns: u32,
        lines: &[PlayerLine],
    ) {
        let columns = columns.max(1);
        let rows = (lines.len() as u32).div_ceil(columns).max(1);
        let width = canvas.width / columns;
        canvas.fill_rect(0, top, canvas.width, rows * height, self.bar);
        for c in 1..columns {
            canvas.fill_rect(c * width - 1, top, 2, rows * height, self.band);
        }
        for r in 1..rows {
            canvas.fill_rect(0, top + r * height - 1, canvas.width, 2, self.band);
        }
        for (i, line) in lines.iter().enumerate() {
            let (c, r) = (i as u32 % columns, i as u32 / columns);
            let area = (c * width, top + r * height, width, height);
            self.player_line(canvas, area, line, CELL_LINE);
        }
    }

    /// Draws one player line in `area` (x, y, width, height) over the bar colour.
    fn player_line(
        &self,
        canvas: &mut Canvas,
        (x, y, w, h): (u32, u32, u32, u32),
        line: &PlayerLine,
        size: LineSize,
    ) {
        let (left, top) = (x as f32, y as f32);
        let mid = top + h as f32 / 2.0;
        self.disc(canvas, (left + size.disc_x, mid), size.disc_r, line.disc);
        // Tags, dice and the note, right-aligned, laid out from the right edge inwards.
        let mut right = left + w as f32 - size.right;
        for &(text, tone) in line.tags.iter().rev() {
            right = self.tag(canvas, (right, mid), size.tag, text, tone) - 8.0;
        }
        if let Some((dice, inks)) = &line.dice {
            for &d in dice.iter().rev() {
                right -= CELL_DIE + 2.0;
                self.die(canvas, (right, mid - CELL_DIE / 2.0), CELL_DIE, d, *inks);
                right -= 5.0;
            }
            right -= 4.0;
        }
        let base = Self::centred_baseline(top, h as f32, size.name_px);
        let muted = self.text_ink(true);
        if !line.note.is_empty() {
            right -= self.text_width(Face::Regular, size.side_px, &line.note);
            let at = (right.round(), base);
            self.draw_text(canvas, Face::Regular, size.side_px, at, &line.note, muted);
            right -= 10.0;
        }
        // The name, then the side in muted text; a blank name (or one that is just the side's
        // name, or has nothing the font can draw) shows the side alone.
        let name_x = left + size.name_x;
        let side_w = self.text_width(Face::Regular, size.side_px, line.side) + 10.0;
        let room = (right - 12.0 - name_x - side_w).max(40.0);
        let mut name = self.fit(Face::Bold, size.name_px, line.name, room);
        let mut side = line.side;
        if name.is_empty() || name.eq_ignore_ascii_case(side) {
            name = side.to_string();
            side = "";
        }
        let ink = self.text_ink(line.dimmed);
        let end = self.draw_text(canvas, Face::Bold, size.name_px, (name_x, base), &name, ink);
        if !side.is_empty() {
            let at = (end + 8.0, base);
            self.draw_text(canvas, Face::Regular, size.side_px, at, side, muted);
        }
    }

    /// Draws a player's disc centred on `at`.
    fn disc(&self, canvas: &mut Canvas, at: (f32, f32), r: f32, disc: Disc) {
        let ui = &self.inks;
        match disc {
            Disc::Light => self.fill_circle(canvas, at, r, ui.text),
            Disc::Dark => {
                self.fill_circle(canvas, at, r, ui.ring);
                self.fill_circle(canvas, at, r - 1.5, ui.dark_disc);
            }
            Disc::Colour { fill, rim: None } => self.fill_circle(canvas, at, r, fill),
            Disc::Colour {
                fill,
                rim: Some(rim),
            } => {
                self.fill_circle(canvas, at, r, rim);
                self.fill_circle(canvas, at, r - 1.5, fill);
            }
            Disc::Hollow => self.stroke_circle(canvas, at, r - 2.0, 2.0, ui.muted),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_die_face_shows_as_many_pips_as_its_value() {
        for value in 1..=6u8 {
            assert_eq!(pips(value).len(), usize::from(value));
            assert!(
                pips(value)
                    .iter()
                    .all(|&(x, y)| (0.0..1.0).contains(&x) && (0.0..1.0).contains(&y))
            );
        }
    }

    #[test]
    fn die_faces_are_symmetric_through_their_centre() {
        // Every face is symmetric through its centre, as real dice are.
        for value in 1..=6u8 {
            let spots = pips(value);
            for &(x, y) in spots {
                assert!(
                    spots
                        .iter()
                        .any(|&(u, v)| (u - (1.0 - x)).abs() < 1e-6 && (v - (1.0 - y)).abs() < 1e-6),
                    "face {value} is not symmetric"
                );
            }
        }
    }

    #[test]
    fn a_duel_bar_tags_the_winner_the_losers_reason_and_the_mover() {
        use crate::rules::DrawReason;
        let lost_by = |r: WinReason| (r == WinReason::Resignation).then_some("resigned");
        let won = Some(Outcome::Win {
            winner: 0,
            reason: WinReason::Resignation,
        });
        assert_eq!(duel_tags(won, 0, lost_by, None, 0), [("winner", Tone::Go)]);
        assert_eq!(
            duel_tags(won, 1, lost_by, None, 0),
            [("resigned", Tone::Quiet)]
        );
        let timed = Some(Outcome::Win {
            winner: 0,
            reason: WinReason::Goal,
        });
        assert_eq!(
            duel_tags(timed, 1, lost_by, None, 0),
            [("lost", Tone::Quiet)]
        );
        let drawn = Some(Outcome::Draw {
            reason: DrawReason::Agreement,
        });
        assert_eq!(
            duel_tags(drawn, 1, lost_by, Some(1), 1),
            [("draw", Tone::Quiet)]
        );
        assert_eq!(
            duel_tags(None, 1, lost_by, Some(1), 1),
            [("offers a draw", Tone::Warn), ("to move", Tone::Go)]
        );
        assert!(duel_tags(None, 0, lost_by, Some(1), 1).is_empty());
    }

    #[test]
    fn a_seat_grid_parts_its_cells_and_draws_each_line_in_its_own_cell() {
        let kit = crate::render::kit::KitBuilder::new().build();
        let (bar, band) = kit.bar_and_band();
        let mut canvas = Canvas::new(400, 100, 0);
        let lines = [
            PlayerLine {
                name: "alice",
                side: "Red",
                ..PlayerLine::default()
            },
            PlayerLine {
                name: "bob",
                side: "Blue",
                ..PlayerLine::default()
            },
            PlayerLine::empty_seat(),
        ];
        kit.seat_grid(&mut canvas, (10, 40), 2, &lines);
        let at = |x: u32, y: u32| canvas.pixels[(y * canvas.width + x) as usize];
        // Above the grid nothing is drawn; the parting lines are in the band's colour.
        assert_eq!(at(5, 5), 0);
        assert_eq!(at(200, 20), band);
        assert_eq!(at(100, 49), band);
        // The fourth cell, with no line, is plain bar; every drawn cell has its disc.
        assert!((200..400).all(|x| (50..90).all(|y| at(x, y) == bar || at(x, y) == band)));
        for (cx, cy) in [(24, 30), (224, 30), (24, 70)] {
            let ring = (cx - 9..=cx + 9).any(|x| at(x, cy) != bar);
            assert!(ring, "no disc at ({cx}, {cy})");
        }
    }
}

//! The test-only tic-tac-toe picture: a grid with X and O drawn as letters, and the caption
//! band every game has. It exists to show how small a painter can be.

use super::View;
use super::kit::{BAND, Canvas, Face, Ink, Kit, KitBuilder, Rgb};
use crate::rules::toy::TicTacToe;
use crate::rules::{Rules, Turn};

const CELL: u32 = 100;
const BAND_H: u32 = 44;
const PAPER: Rgb = Rgb::hex(0xf4efe4);
const LINE: Rgb = Rgb::hex(0x3b3a36);

/// The kit and the empty grid.
pub struct Painter {
    kit: Kit,
    grid: Canvas,
    mark: Ink,
}

impl super::Painted for TicTacToe {
    type Painter = Painter;
}

impl super::Painter for Painter {
    type Game = TicTacToe;

    const SIZE: (u32, u32) = (3 * CELL, 3 * CELL + BAND_H);

    fn new() -> Painter {
        let mut builder = KitBuilder::new();
        builder.palette.exact(PAPER);
        builder.palette.exact(LINE);
        builder.palette.exact(BAND);
        let mark = builder.palette.ink(LINE, &[PAPER]);
        let kit = builder.build();
        let mut grid = Canvas::new(3 * CELL, 3 * CELL, kit.palette.index(PAPER));
        let line = kit.palette.index(LINE);
        for i in 1..3 {
            grid.fill_rect(i * CELL - 2, 0, 4, 3 * CELL, line);
            grid.fill_rect(0, i * CELL - 2, 3 * CELL, 4, line);
        }
        Painter { kit, grid, mark }
    }

    fn kit(&self) -> &Kit {
        &self.kit
    }

    fn draw(&self, game: &TicTacToe, view: &View) -> Canvas {
        let (w, h) = Self::SIZE;
        let mut canvas = Canvas::new(w, h, 0);
        canvas.blit(0, 0, &self.grid);
        for (cell, owner) in game.cells().iter().enumerate() {
            let Some(seat) = owner else { continue };
            let (x, y) = ((cell as u32 % 3) * CELL, (cell as u32 / 3) * CELL);
            let letter = if *seat == 0 { "X" } else { "O" };
            let at = (x as f32 + 30.0, y as f32 + 72.0);
            self.kit
                .draw_text(&mut canvas, Face::Bold, 60.0, at, letter, self.mark);
        }
        let caption = view.caption_or(|| match game.turn() {
            Turn::Move(seat) | Turn::Roll(seat) => format!("{} to move", ["X", "O"][seat % 2]),
            Turn::Over(outcome) => game.describe(outcome),
        });
        self.kit
            .caption_band(&mut canvas, 3 * CELL, BAND_H, &caption);
        canvas
    }
}

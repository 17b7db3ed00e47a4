//! The share card: a 1200×630 picture for link unfurls (OpenGraph), the board as the game's
//! painter draws it on the left and a few lines of text on the right, in the colours of the
//! board's player bars so the two read as one picture. The board is scaled smoothly, so the
//! card is true colour, not the kit's palette: its words are drawn with `imageproc` in the
//! kit's one font.

use std::io::Cursor;

use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::imageops::{self, FilterType as Resize};
use image::{ImageEncoder as _, Rgb, RgbImage};
use imageproc::drawing::{draw_filled_rect_mut, draw_text_mut};
use imageproc::rect::Rect;

use super::kit::{BAR, Face, MUTED, TEXT, fit, font};
use super::{RenderError, Renderer, View};
use crate::rules::Game;

/// The card's size: what link previews show large (1.91:1).
pub const CARD: (u32, u32) = (1200, 630);

const MARGIN: u32 = 40;
const ACCENT: Rgb<u8> = Rgb([0x5b, 0x8d, 0xe8]);

fn rgb(c: super::palette::Rgb) -> Rgb<u8> {
    Rgb([c.0, c.1, c.2])
}

impl Renderer {
    /// Draws the share card of a position: the board (sides named as `view` names them) and
    /// `lines` beside it, the first large (`Chess`), the others smaller (`Move 23`, `Black
    /// to play`); lines that do not fit are shortened with an ellipsis.
    ///
    /// CPU-bound (some milliseconds); call it from a blocking thread in async code.
    ///
    /// # Errors
    /// Fails only if PNG encoding fails.
    pub fn share_card(
        &self,
        game: &Game,
        view: &View,
        lines: &[String],
    ) -> Result<Vec<u8>, RenderError> {
        let (kit, canvas) = self.draw(game, view);
        let palette = kit.palette.bytes();
        let board = RgbImage::from_fn(canvas.width, canvas.height, |x, y| {
            let i = usize::from(canvas.pixels[(y * canvas.width + x) as usize]) * 3;
            Rgb([
                palette.get(i).copied().unwrap_or(0),
                palette.get(i + 1).copied().unwrap_or(0),
                palette.get(i + 2).copied().unwrap_or(0),
            ])
        });
        let (width, height) = CARD;
        // The board fills the card's height; a board too tall is scaled down smoothly.
        let board = if board.height() > height {
            let w =
                (u64::from(board.width()) * u64::from(height) / u64::from(board.height())) as u32;
            imageops::resize(&board, w.max(1), height, Resize::Triangle)
        } else {
            board
        };
        let mut card = RgbImage::from_pixel(width, height, rgb(BAR));
        let top = (height - board.height()) / 2;
        imageops::replace(&mut card, &board, 0, i64::from(top));
        let left = board.width() + MARGIN;
        let room = width.saturating_sub(left + MARGIN);
        draw_filled_rect_mut(
            &mut card,
            Rect::at(left as i32, MARGIN as i32).of_size(8, 56),
            ACCENT,
        );
        let mut y = MARGIN as i32 + 4;
        for (i, line) in lines.iter().enumerate() {
            let (size, face) = if i == 0 {
                (48.0, Face::Bold)
            } else {
                (32.0, Face::Regular)
            };
            let x = left as i32 + if i == 0 { 24 } else { 0 };
            let text = fit(face, size, line, room.saturating_sub(24) as f32);
            draw_text_mut(&mut card, rgb(TEXT), x, y, size, font(face), &text);
            y += if i == 0 { 96 } else { 52 };
        }
        draw_text_mut(
            &mut card,
            rgb(MUTED),
            left as i32,
            (height - MARGIN - 34) as i32,
            30.0,
            font(Face::Bold),
            "tabula",
        );
        let mut png = Vec::with_capacity(96 * 1024);
        PngEncoder::new_with_quality(
            &mut Cursor::new(&mut png),
            CompressionType::Fast,
            FilterType::Sub,
        )
        .write_image(card.as_raw(), width, height, image::ExtendedColorType::Rgb8)?;
        Ok(png)
    }
}

//! The leaderboard card: a ranked table drawn with `imageproc` on an `image` buffer, in the
//! colours of Discord's dark theme so it sits well in a channel.

use std::io::Cursor;
use std::sync::OnceLock;

use ab_glyph::{FontRef, PxScale};
use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ImageEncoder as _, Rgb, RgbImage};
use imageproc::drawing::{draw_filled_rect_mut, draw_text_mut, text_size};
use imageproc::rect::Rect;

use super::RenderError;

static REGULAR_TTF: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
static BOLD_TTF: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");

const WIDTH: u32 = 720;
const MARGIN: i32 = 24;
const TITLE_HEIGHT: u32 = 64;
const HEADER_HEIGHT: u32 = 30;
const ROW_HEIGHT: u32 = 38;
const FOOTER_HEIGHT: u32 = 46;
/// The most rows a card holds.
pub const MAX_ROWS: usize = 25;

const BACKGROUND: Rgb<u8> = Rgb([0x2b, 0x2d, 0x31]);
const STRIPE: Rgb<u8> = Rgb([0x31, 0x33, 0x38]);
const HIGHLIGHT: Rgb<u8> = Rgb([0x3f, 0x44, 0x73]);
const TEXT: Rgb<u8> = Rgb([0xf2, 0xf3, 0xf5]);
const DIM: Rgb<u8> = Rgb([0xb5, 0xba, 0xc1]);
const ACCENT: Rgb<u8> = Rgb([0x58, 0x65, 0xf2]);
const MEDALS: [Rgb<u8>; 3] = [
    Rgb([0xf0, 0xb2, 0x32]),
    Rgb([0xc0, 0xc7, 0xcf]),
    Rgb([0xcd, 0x7f, 0x32]),
];

/// Column left edges: rank, player, rating, games, record.
const COLUMNS: [i32; 5] = [MARGIN, 84, 400, 540, 610];

/// One line of the card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardLine {
    pub rank: usize,
    pub name: String,
    /// The rating as shown, e.g. `1623 ± 54`.
    pub rating: String,
    pub games: i64,
    /// Wins-losses-draws, e.g. `12-3-1`.
    pub record: String,
    /// Marked `?` and dimmed: too few games for the rating to mean much.
    pub provisional: bool,
    /// The caller's own line, highlighted.
    pub me: bool,
}

pub(super) struct Fonts {
    pub(super) regular: FontRef<'static>,
    pub(super) bold: FontRef<'static>,
}

pub(super) fn fonts() -> &'static Fonts {
    static FONTS: OnceLock<Fonts> = OnceLock::new();
    FONTS.get_or_init(|| Fonts {
        regular: FontRef::try_from_slice(REGULAR_TTF).expect("embedded DejaVuSans.ttf is broken"),
        bold: FontRef::try_from_slice(BOLD_TTF).expect("embedded DejaVuSans-Bold.ttf is broken"),
    })
}

/// Draws a leaderboard card as PNG: a title, up to [`MAX_ROWS`] lines, and an optional footer
/// line (the caller's own rank when it is not on the page).
///
/// # Errors
/// Fails only if PNG encoding fails.
pub fn leaderboard(
    title: &str,
    lines: &[CardLine],
    footer: Option<&str>,
) -> Result<Vec<u8>, RenderError> {
    let lines = &lines[..lines.len().min(MAX_ROWS)];
    let rows = u32::try_from(lines.len().max(1)).unwrap_or(1);
    let height = TITLE_HEIGHT
        + HEADER_HEIGHT
        + rows * ROW_HEIGHT
        + if footer.is_some() { FOOTER_HEIGHT } else { 12 };
    let mut img = RgbImage::from_pixel(WIDTH, height, BACKGROUND);
    let f = fonts();
    draw_filled_rect_mut(&mut img, Rect::at(0, 0).of_size(WIDTH, 6), ACCENT);
    let title = fit(&f.bold, 26.0, &clean(title), WIDTH - 2 * MARGIN as u32);
    draw_text_mut(&mut img, TEXT, MARGIN, 20, 26.0, &f.bold, &title);

    let header_top = TITLE_HEIGHT as i32;
    for (text, x) in ["#", "Player", "Rating", "Games", "W-L-D"]
        .iter()
        .zip(COLUMNS)
    {
        draw_text_mut(&mut img, DIM, x, header_top + 6, 15.0, &f.bold, text);
    }
    let top = header_top + HEADER_HEIGHT as i32;
    if lines.is_empty() {
        draw_text_mut(
            &mut img,
            DIM,
            MARGIN,
            top + 9,
            18.0,
            &f.regular,
            "No rated games yet.",
        );
    }
    for (i, line) in lines.iter().enumerate() {
        let y = top + (i as i32) * ROW_HEIGHT as i32;
        let band = if line.me {
            Some(HIGHLIGHT)
        } else if i % 2 == 1 {
            Some(STRIPE)
        } else {
            None
        };
        if let Some(colour) = band {
            draw_filled_rect_mut(
                &mut img,
                Rect::at(MARGIN / 2, y).of_size(WIDTH - MARGIN as u32, ROW_HEIGHT),
                colour,
            );
        }
        let text_colour = if line.provisional { DIM } else { TEXT };
        let rank_colour = match line.rank {
            r @ 1..=3 if !line.provisional => MEDALS[r - 1],
            _ => text_colour,
        };
        let baseline = y + 9;
        draw_text_mut(
            &mut img,
            rank_colour,
            COLUMNS[0],
            baseline,
            19.0,
            &f.bold,
            &line.rank.to_string(),
        );
        let name = fit(
            &f.regular,
            19.0,
            &clean(&line.name),
            (COLUMNS[2] - COLUMNS[1] - 16) as u32,
        );
        draw_text_mut(
            &mut img,
            text_colour,
            COLUMNS[1],
            baseline,
            19.0,
            &f.regular,
            &name,
        );
        let rating = if line.provisional {
            format!("{}?", line.rating)
        } else {
            line.rating.clone()
        };
        let cells = [
            (2, rating, &f.bold),
            (3, line.games.to_string(), &f.regular),
            (4, line.record.clone(), &f.regular),
        ];
        for (column, text, font) in cells {
            draw_text_mut(
                &mut img,
                text_colour,
                COLUMNS[column],
                baseline,
                19.0,
                font,
                &text,
            );
        }
    }
    if let Some(footer) = footer {
        let y = top + (rows * ROW_HEIGHT) as i32 + 12;
        let footer = fit(&f.regular, 17.0, &clean(footer), WIDTH - 2 * MARGIN as u32);
        draw_text_mut(&mut img, DIM, MARGIN, y, 17.0, &f.regular, &footer);
    }
    let mut png = Vec::with_capacity(64 * 1024);
    PngEncoder::new_with_quality(
        &mut Cursor::new(&mut png),
        CompressionType::Fast,
        FilterType::Sub,
    )
    .write_image(img.as_raw(), WIDTH, height, image::ExtendedColorType::Rgb8)?;
    Ok(png)
}

/// Text on one line without control characters.
pub(super) fn clean(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// Shortens text with an ellipsis until it fits `width` pixels.
pub(super) fn fit(font: &FontRef<'_>, size: f32, text: &str, width: u32) -> String {
    let scale = PxScale::from(size);
    if text_size(scale, font, text).0 <= width {
        return text.to_string();
    }
    let mut chars: Vec<char> = text.chars().collect();
    while !chars.is_empty() {
        chars.pop();
        let candidate: String = chars.iter().collect::<String>() + "…";
        if text_size(scale, font, &candidate).0 <= width {
            return candidate;
        }
    }
    "…".to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(rank: usize, name: &str) -> CardLine {
        CardLine {
            rank,
            name: name.into(),
            rating: "1500 ± 350".into(),
            games: 3,
            record: "2-1-0".into(),
            provisional: rank > 2,
            me: rank == 2,
        }
    }

    #[test]
    fn a_card_is_a_png_whose_height_follows_its_rows() {
        let png = leaderboard(
            "Chess",
            &[line(1, "alice"), line(2, "bob")],
            Some("You: 2nd"),
        )
        .expect("encodes");
        let img = image::load_from_memory(&png).expect("decodes").to_rgb8();
        assert_eq!(img.width(), WIDTH);
        assert_eq!(
            img.height(),
            TITLE_HEIGHT + HEADER_HEIGHT + 2 * ROW_HEIGHT + FOOTER_HEIGHT
        );
    }

    #[test]
    fn long_and_hostile_names_are_cut_to_their_column() {
        let f = fonts();
        let name = fit(&f.regular, 19.0, &clean(&"W\u{0}".repeat(200)), 300);
        assert!(name.ends_with('…'));
        assert!(text_size(PxScale::from(19.0), &f.regular, &name).0 <= 300);
        let many: Vec<CardLine> = (1..=40).map(|r| line(r, "🦀 \u{202e}x")).collect();
        assert!(leaderboard(&"T".repeat(500), &many, None).is_ok());
    }
}

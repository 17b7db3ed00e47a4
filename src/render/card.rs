//! The leaderboard card: a ranked table drawn with the kit (the one palette, font and PNG
//! encoder every picture uses), in the colours of Discord's dark theme so it sits well in a
//! channel.

use std::sync::OnceLock;

use super::RenderError;
use super::kit::{Canvas, Face, Ink, Kit, KitBuilder, Rgb};

const WIDTH: u32 = 720;
const MARGIN: u32 = 24;
const TITLE_HEIGHT: u32 = 64;
const HEADER_HEIGHT: u32 = 30;
const ROW_HEIGHT: u32 = 38;
const FOOTER_HEIGHT: u32 = 46;
/// The most rows a card holds.
pub const MAX_ROWS: usize = 25;

const BACKGROUND: Rgb = Rgb::hex(0x2b2d31);
const STRIPE: Rgb = Rgb::hex(0x313338);
const HIGHLIGHT: Rgb = Rgb::hex(0x3f4473);
const TEXT: Rgb = Rgb::hex(0xf2f3f5);
const DIM: Rgb = Rgb::hex(0xb5bac1);
const ACCENT: Rgb = Rgb::hex(0x5865f2);
const MEDALS: [Rgb; 3] = [Rgb::hex(0xf0b232), Rgb::hex(0xc0c7cf), Rgb::hex(0xcd7f32)];

/// Column left edges: rank, player, rating, games, record.
const COLUMNS: [f32; 5] = [24.0, 84.0, 400.0, 540.0, 610.0];

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

/// The card's kit and the palette entries and inks it draws with, made once.
struct Theme {
    kit: Kit,
    background: u8,
    stripe: u8,
    highlight: u8,
    accent: u8,
    text: Ink,
    dim: Ink,
    medals: [Ink; 3],
}

fn theme() -> &'static Theme {
    static THEME: OnceLock<Theme> = OnceLock::new();
    THEME.get_or_init(|| {
        let mut b = KitBuilder::new();
        let p = &mut b.palette;
        let papers = [BACKGROUND, STRIPE, HIGHLIGHT];
        p.exact(ACCENT);
        let text = p.ink(TEXT, &papers);
        let dim = p.ink(DIM, &papers);
        let medals = MEDALS.map(|m| p.ink(m, &papers));
        let kit = b.build();
        Theme {
            background: kit.palette.index(BACKGROUND),
            stripe: kit.palette.index(STRIPE),
            highlight: kit.palette.index(HIGHLIGHT),
            accent: kit.palette.index(ACCENT),
            kit,
            text,
            dim,
            medals,
        }
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
    let t = theme();
    let mut canvas = Canvas::new(WIDTH, height, t.background);
    t.heading(&mut canvas, title);
    let top = TITLE_HEIGHT + HEADER_HEIGHT;
    if lines.is_empty() {
        let base = Kit::centred_baseline(top as f32, ROW_HEIGHT as f32, 18.0);
        let at = (COLUMNS[0], base);
        let empty = "No rated games yet.";
        t.kit
            .draw_text(&mut canvas, Face::Regular, 18.0, at, empty, t.dim);
    }
    for (i, line) in lines.iter().enumerate() {
        t.row(&mut canvas, top + i as u32 * ROW_HEIGHT, line, i % 2 == 1);
    }
    if let Some(footer) = footer {
        let y = top + rows * ROW_HEIGHT + 12;
        let base = Kit::centred_baseline(y as f32, 22.0, 17.0);
        let text = t
            .kit
            .fit(Face::Regular, 17.0, footer, (WIDTH - 2 * MARGIN) as f32);
        let at = (COLUMNS[0], base);
        t.kit
            .draw_text(&mut canvas, Face::Regular, 17.0, at, &text, t.dim);
    }
    Ok(t.kit.encode(&canvas)?)
}

impl Theme {
    /// Draws the accent line, the title and the column headings.
    fn heading(&self, canvas: &mut Canvas, title: &str) {
        canvas.fill_rect(0, 0, WIDTH, 6, self.accent);
        let title = self
            .kit
            .fit(Face::Bold, 26.0, title, (WIDTH - 2 * MARGIN) as f32);
        let base = Kit::centred_baseline(6.0, TITLE_HEIGHT as f32 - 6.0, 26.0);
        let at = (COLUMNS[0], base);
        self.kit
            .draw_text(canvas, Face::Bold, 26.0, at, &title, self.text);
        let base = Kit::centred_baseline(TITLE_HEIGHT as f32, HEADER_HEIGHT as f32, 15.0);
        let headings = ["#", "Player", "Rating", "Games", "W-L-D"];
        for (text, x) in headings.iter().zip(COLUMNS) {
            self.kit
                .draw_text(canvas, Face::Bold, 15.0, (x, base), text, self.dim);
        }
    }

    /// Draws one ranked line from `y`: its band (the caller's own, or every other row
    /// striped), the rank (a medal colour for the top three), name, rating, games and record.
    fn row(&self, canvas: &mut Canvas, y: u32, line: &CardLine, striped: bool) {
        let band = if line.me {
            Some(self.highlight)
        } else {
            striped.then_some(self.stripe)
        };
        if let Some(band) = band {
            canvas.fill_rect(MARGIN / 2, y, WIDTH - MARGIN, ROW_HEIGHT, band);
        }
        let ink = if line.provisional {
            self.dim
        } else {
            self.text
        };
        let rank_ink = match line.rank {
            r @ 1..=3 if !line.provisional => self.medals[r - 1],
            _ => ink,
        };
        let base = Kit::centred_baseline(y as f32, ROW_HEIGHT as f32, 19.0);
        let kit = &self.kit;
        let rank = line.rank.to_string();
        kit.draw_text(
            canvas,
            Face::Bold,
            19.0,
            (COLUMNS[0], base),
            &rank,
            rank_ink,
        );
        let room = COLUMNS[2] - COLUMNS[1] - 16.0;
        let name = kit.fit(Face::Regular, 19.0, &line.name, room);
        kit.draw_text(canvas, Face::Regular, 19.0, (COLUMNS[1], base), &name, ink);
        let rating = if line.provisional {
            format!("{}?", line.rating)
        } else {
            line.rating.clone()
        };
        let cells = [
            (2, rating, Face::Bold),
            (3, line.games.to_string(), Face::Regular),
            (4, line.record.clone(), Face::Regular),
        ];
        for (column, text, face) in cells {
            kit.draw_text(canvas, face, 19.0, (COLUMNS[column], base), &text, ink);
        }
    }
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

    fn decode(png: &[u8]) -> image::RgbImage {
        image::load_from_memory(png).expect("decodes").to_rgb8()
    }

    #[test]
    fn a_card_is_a_png_whose_height_follows_its_rows() {
        let png = leaderboard(
            "Chess",
            &[line(1, "alice"), line(2, "bob")],
            Some("You: 2nd"),
        )
        .expect("encodes");
        let img = decode(&png);
        assert_eq!(img.width(), WIDTH);
        assert_eq!(
            img.height(),
            TITLE_HEIGHT + HEADER_HEIGHT + 2 * ROW_HEIGHT + FOOTER_HEIGHT
        );
    }

    #[test]
    fn a_card_is_drawn_in_the_kits_indexed_palette() {
        let png = leaderboard("Chess", &[line(1, "alice")], None).expect("encodes");
        let decoder = png::Decoder::new(std::io::Cursor::new(png));
        let reader = decoder.read_info().expect("reads");
        assert_eq!(reader.info().color_type, png::ColorType::Indexed);
    }

    #[test]
    fn the_top_three_ranks_wear_medal_colours_and_the_callers_row_is_highlighted() {
        let png = leaderboard("Chess", &[line(1, "alice"), line(2, "bob")], None).expect("png");
        let img = decode(&png);
        let colours_in = |y0: u32| -> Vec<Rgb> {
            (y0..y0 + ROW_HEIGHT)
                .flat_map(|y| (0..WIDTH).map(move |x| (x, y)))
                .map(|(x, y)| {
                    let p = img.get_pixel(x, y).0;
                    Rgb(p[0], p[1], p[2])
                })
                .collect()
        };
        let top = TITLE_HEIGHT + HEADER_HEIGHT;
        assert!(colours_in(top).contains(&MEDALS[0]), "rank 1 is not gold");
        assert!(colours_in(top + ROW_HEIGHT).contains(&MEDALS[1]));
        assert!(colours_in(top + ROW_HEIGHT).contains(&HIGHLIGHT));
        assert!(!colours_in(top).contains(&HIGHLIGHT));
    }

    #[test]
    fn long_and_hostile_names_are_cut_to_their_column() {
        let kit = &theme().kit;
        let name = kit.fit(Face::Regular, 19.0, &"W\u{0}".repeat(200), 300.0);
        assert!(name.ends_with('…'));
        assert!(kit.text_width(Face::Regular, 19.0, &name) <= 300.0);
        let many: Vec<CardLine> = (1..=40).map(|r| line(r, "🦀 \u{202e}x")).collect();
        assert!(leaderboard(&"T".repeat(500), &many, None).is_ok());
    }
}

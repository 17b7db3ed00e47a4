//! The shared drawing kit every game's renderer uses: the palette, an indexed canvas, fonts,
//! anti-aliased text and shapes drawn straight in palette indices, player strips, dice, the
//! caption band, and PNG encoding.

use std::sync::OnceLock;

use ab_glyph::{Font, FontRef, PxScale, ScaleFont, point};

pub use super::palette::{Ink, LEVELS, Palette, PaletteBuilder, Rgb};

mod shapes;
mod strip;

pub use strip::{DieInks, Disc, PlayerLine, duel_tags, pips};

static REGULAR_TTF: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
static BOLD_TTF: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");

/// Cap height of DejaVu Sans as a fraction of the pixel scale (ascent − descent).
const CAP_HEIGHT: f32 = 0.626;

/// Background of the player bars.
pub const BAR: Rgb = Rgb::hex(0x262421);
/// Background of the caption band.
pub const BAND: Rgb = Rgb::hex(0x1b1a17);
/// Main text colour on the bars and band.
pub const TEXT: Rgb = Rgb::hex(0xf1efec);
/// Secondary text colour on the bars and band.
pub const MUTED: Rgb = Rgb::hex(0x9d978f);
/// Fill of a [`Tone::Go`] tag.
const GO: Rgb = Rgb::hex(0x5f8f24);
/// Fill of a [`Tone::Warn`] tag.
const WARN: Rgb = Rgb::hex(0xb8741a);
/// Fill of a [`Tone::Quiet`] tag.
const QUIET: Rgb = Rgb::hex(0x4f4b46);
/// Ring around a player's colour disc.
const RING: Rgb = Rgb::hex(0x8b857e);
/// Fill of a dark player's colour disc.
const DARK_DISC: Rgb = Rgb::hex(0x111110);

/// The size of a status tag: text size, pill height and side padding.
#[derive(Clone, Copy, Debug)]
pub struct TagSize {
    pub px: f32,
    pub height: f32,
    pub pad: f32,
}

/// The tag size of the full-width player bars.
pub const TAG: TagSize = TagSize {
    px: 15.0,
    height: 28.0,
    pad: 13.0,
};

/// A glyph style: DejaVu Sans regular or bold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Face {
    Regular,
    Bold,
}

/// How a status tag in a player bar is coloured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    /// Calls for action or celebrates: green (to move, winner).
    Go,
    /// Asks for attention: amber (a draw offer).
    Warn,
    /// States a fact: grey (draw, lost).
    Quiet,
}

/// An indexed picture: one palette index per pixel, row by row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Canvas {
    pub width: u32,
    pub height: u32,
    pub pixels: Vec<u8>,
}

impl Canvas {
    /// Makes a canvas filled with one palette entry.
    pub fn new(width: u32, height: u32, fill: u8) -> Canvas {
        Canvas {
            width,
            height,
            pixels: vec![fill; width as usize * height as usize],
        }
    }

    fn offset(&self, x: i32, y: i32) -> Option<usize> {
        let (x, y) = (u32::try_from(x).ok()?, u32::try_from(y).ok()?);
        (x < self.width && y < self.height).then(|| (y * self.width + x) as usize)
    }

    /// Fills a rectangle with one palette entry, clipped to the canvas.
    pub fn fill_rect(&mut self, x: u32, y: u32, w: u32, h: u32, index: u8) {
        let x1 = (x + w).min(self.width) as usize;
        for row in y..(y + h).min(self.height) {
            let start = (row * self.width) as usize;
            if let Some(span) = self.pixels.get_mut(start + x as usize..start + x1) {
                span.fill(index);
            }
        }
    }

    /// Renumbers every pixel through `map` (after the palette was reordered).
    pub fn remap(&mut self, map: &[u8; 256]) {
        for p in &mut self.pixels {
            *p = map[usize::from(*p)];
        }
    }

    /// Copies `tile` with its top-left corner at (`x`, `y`), clipped to the canvas.
    pub fn blit(&mut self, x: u32, y: u32, tile: &Canvas) {
        if x >= self.width || y >= self.height {
            return;
        }
        let w = tile.width.min(self.width.saturating_sub(x)) as usize;
        for row in 0..tile.height.min(self.height.saturating_sub(y)) {
            let src = (row * tile.width) as usize;
            let dst = ((y + row) * self.width + x) as usize;
            self.pixels[dst..dst + w].copy_from_slice(&tile.pixels[src..src + w]);
        }
    }
}

/// The palette, fonts and user-interface inks, shared by every game's renderer.
pub struct Kit {
    pub palette: Palette,
    inks: UiInks,
    bar: u8,
    band: u8,
}

struct UiInks {
    text: Ink,
    muted: Ink,
    go: Ink,
    warn: Ink,
    quiet: Ink,
    ring: Ink,
    dark_disc: Ink,
}

/// Collects colours from the kit and every game theme, then builds the [`Kit`].
pub struct KitBuilder {
    pub palette: PaletteBuilder,
    inks: UiInks,
}

impl Default for KitBuilder {
    fn default() -> Self {
        Self::new()
    }
}

impl KitBuilder {
    /// Starts a builder with the user-interface colours registered.
    pub fn new() -> KitBuilder {
        let mut p = PaletteBuilder::default();
        let inks = UiInks {
            text: p.ink(TEXT, &[BAR, BAND, GO, WARN, QUIET]),
            muted: p.ink(MUTED, &[BAR, BAND]),
            go: p.ink(GO, &[BAR]),
            warn: p.ink(WARN, &[BAR]),
            quiet: p.ink(QUIET, &[BAR]),
            ring: p.ink(RING, &[BAR]),
            dark_disc: p.ink(DARK_DISC, &[RING]),
        };
        KitBuilder { palette: p, inks }
    }

    /// Builds the palette.
    pub fn build(self) -> Kit {
        let palette = self.palette.build();
        Kit {
            bar: palette.index(BAR),
            band: palette.index(BAND),
            palette,
            inks: self.inks,
        }
    }
}

impl Kit {
    /// Renumbers the palette so colours touching in `samples` get nearby indices (smaller
    /// PNGs); returns the old-to-new index map for pictures already drawn, such as tiles.
    pub fn reorder(&mut self, samples: &[&Canvas]) -> [u8; 256] {
        let samples: Vec<(&[u8], usize)> = samples
            .iter()
            .map(|c| (c.pixels.as_slice(), c.width as usize))
            .collect();
        let map = self.palette.reorder(&samples);
        self.bar = map[usize::from(self.bar)];
        self.band = map[usize::from(self.band)];
        map
    }

    /// Paints `ink` at (`x`, `y`) with `coverage` (0..=1) over whatever is there.
    #[inline]
    pub fn blend(&self, canvas: &mut Canvas, x: i32, y: i32, ink: Ink, coverage: f32) {
        let level = (coverage.clamp(0.0, 1.0) * LEVELS as f32 + 0.5) as usize;
        if level == 0 {
            return;
        }
        if let Some(i) = canvas.offset(x, y) {
            canvas.pixels[i] = self.palette.blend(ink, canvas.pixels[i], level);
        }
    }

    /// Returns the advance width of `text` in pixels at pixel size `px`.
    pub fn text_width(&self, face: Face, px: f32, text: &str) -> f32 {
        text_width(face, px, text)
    }

    /// Draws `text` with its baseline starting at (`x`, `baseline`); returns the x where it ends.
    pub fn draw_text(
        &self,
        canvas: &mut Canvas,
        face: Face,
        px: f32,
        (x, baseline): (f32, f32),
        text: &str,
        ink: Ink,
    ) -> f32 {
        let font = font(face);
        let scaled = font.as_scaled(PxScale::from(px));
        let mut caret = x;
        let mut prev = None;
        for c in text.chars() {
            let id = scaled.glyph_id(c);
            if let Some(p) = prev {
                caret += scaled.kern(p, id);
            }
            let glyph = id.with_scale_and_position(px, point(caret, baseline));
            if let Some(outline) = font.outline_glyph(glyph) {
                let b = outline.px_bounds();
                let (ox, oy) = (b.min.x as i32, b.min.y as i32);
                outline.draw(|gx, gy, cov| {
                    self.blend(canvas, ox + gx as i32, oy + gy as i32, ink, cov);
                });
            }
            caret += scaled.h_advance(id);
            prev = Some(id);
        }
        caret
    }

    /// Returns `text` cleaned for drawing and shortened with an ellipsis to fit `max_width`
    /// (see [`fit`]).
    pub fn fit(&self, face: Face, px: f32, text: &str, max_width: f32) -> String {
        fit(face, px, text, max_width)
    }

    /// Paints the area where `distance` (a signed distance in pixels, negative inside) is inside.
    fn fill_shape(
        &self,
        canvas: &mut Canvas,
        (x0, y0, x1, y1): (f32, f32, f32, f32),
        ink: Ink,
        distance: impl Fn(f32, f32) -> f32,
    ) {
        for y in (y0.floor() as i32)..(y1.ceil() as i32) {
            for x in (x0.floor() as i32)..(x1.ceil() as i32) {
                let d = distance(x as f32 + 0.5, y as f32 + 0.5);
                self.blend(canvas, x, y, ink, 0.5 - d);
            }
        }
    }

    /// Fills an anti-aliased disc centred on (`cx`, `cy`).
    pub fn fill_circle(&self, canvas: &mut Canvas, (cx, cy): (f32, f32), r: f32, ink: Ink) {
        let bounds = (cx - r - 1.0, cy - r - 1.0, cx + r + 1.0, cy + r + 1.0);
        self.fill_shape(canvas, bounds, ink, |x, y| {
            ((x - cx).powi(2) + (y - cy).powi(2)).sqrt() - r
        });
    }

    /// Fills an anti-aliased rectangle with corners rounded to radius `r`.
    pub fn fill_round_rect(
        &self,
        canvas: &mut Canvas,
        (x, y, w, h): (f32, f32, f32, f32),
        r: f32,
        ink: Ink,
    ) {
        self.fill_shape(
            canvas,
            (x - 1.0, y - 1.0, x + w + 1.0, y + h + 1.0),
            ink,
            round_rect_distance((x, y, w, h), r),
        );
    }

    /// Draws a pill-shaped status tag ending at `right`, centred on `mid`; returns its left x.
    pub fn tag(
        &self,
        canvas: &mut Canvas,
        (right, mid): (f32, f32),
        size: TagSize,
        text: &str,
        tone: Tone,
    ) -> f32 {
        let TagSize { px, height, pad } = size;
        let ui = &self.inks;
        let w = self.text_width(Face::Bold, px, text) + 2.0 * pad;
        let x = (right - w).round();
        let y = (mid - height / 2.0).round();
        let ink = match tone {
            Tone::Go => ui.go,
            Tone::Warn => ui.warn,
            Tone::Quiet => ui.quiet,
        };
        self.fill_round_rect(canvas, (x, y, w.round(), height), height / 2.0, ink);
        let base = Self::centred_baseline(y, height, px);
        self.draw_text(canvas, Face::Bold, px, (x + pad, base), text, ui.text);
        x
    }

    /// Returns the ink for user-interface text on the bars and band: main or muted.
    pub fn text_ink(&self, muted: bool) -> Ink {
        if muted {
            self.inks.muted
        } else {
            self.inks.text
        }
    }

    /// Returns the palette entries of the player-bar and caption-band backgrounds.
    pub fn bar_and_band(&self) -> (u8, u8) {
        (self.bar, self.band)
    }

    /// Returns the height of capital letters and digits at pixel size `px`.
    pub fn cap_height(px: f32) -> f32 {
        px * CAP_HEIGHT
    }

    /// Returns the baseline that centres capital letters of size `px` in a band.
    pub fn centred_baseline(top: f32, height: f32, px: f32) -> f32 {
        (top + (height + Self::cap_height(px)) / 2.0).round()
    }

    /// Draws a band across the canvas with one centred line of text, shortened to fit.
    pub fn caption_band(&self, canvas: &mut Canvas, top: u32, height: u32, text: &str) {
        canvas.fill_rect(0, top, canvas.width, height, self.band);
        let px = 19.0;
        let line = self.fit(Face::Regular, px, text, canvas.width as f32 - 32.0);
        let w = self.text_width(Face::Regular, px, &line);
        let x = ((canvas.width as f32 - w) / 2.0).round();
        let base = Self::centred_baseline(top as f32, height as f32, px);
        self.draw_text(canvas, Face::Regular, px, (x, base), &line, self.inks.text);
    }

    /// Encodes the canvas as an 8-bit indexed PNG with the kit's palette.
    ///
    /// # Errors
    /// Fails only if the PNG encoder rejects the image (e.g. a zero-sized canvas).
    pub fn encode(&self, canvas: &Canvas) -> Result<Vec<u8>, png::EncodingError> {
        let mut out = Vec::with_capacity(48 * 1024);
        let palette = self.palette.bytes();
        let mut encoder = png::Encoder::new(&mut out, canvas.width, canvas.height);
        encoder.set_color(png::ColorType::Indexed);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_palette(palette);
        // fdeflate needs a filter on indexed data: without one the file balloons (see the notes).
        encoder.set_compression(png::Compression::Fast);
        encoder.set_filter(png::Filter::Paeth);
        let mut writer = encoder.write_header()?;
        writer.write_image_data(&canvas.pixels)?;
        writer.finish()?;
        Ok(out)
    }
}

/// Returns the embedded font of `face` (DejaVu Sans), loaded once: the one font every
/// picture is drawn with.
///
/// # Panics
/// Panics when an embedded font is broken, which the test suite rules out.
pub fn font(face: Face) -> &'static FontRef<'static> {
    static FONTS: OnceLock<[FontRef<'static>; 2]> = OnceLock::new();
    let [regular, bold] = FONTS.get_or_init(|| {
        [
            FontRef::try_from_slice(REGULAR_TTF).expect("embedded DejaVuSans.ttf is broken"),
            FontRef::try_from_slice(BOLD_TTF).expect("embedded DejaVuSans-Bold.ttf is broken"),
        ]
    });
    match face {
        Face::Regular => regular,
        Face::Bold => bold,
    }
}

/// Returns the advance width of `text` in pixels at pixel size `px`.
pub fn text_width(face: Face, px: f32, text: &str) -> f32 {
    let font = font(face).as_scaled(PxScale::from(px));
    let mut width = 0.0;
    let mut prev = None;
    for c in text.chars() {
        let id = font.glyph_id(c);
        if let Some(p) = prev {
            width += font.kern(p, id);
        }
        width += font.h_advance(id);
        prev = Some(id);
    }
    width
}

/// Returns `text` cleaned for drawing and shortened with an ellipsis to fit `max_width`.
///
/// Characters the font has no glyph for (most emoji, CJK) are left out rather than
/// drawn as boxes; the result may therefore be empty.
pub fn fit(face: Face, px: f32, text: &str, max_width: f32) -> String {
    let font = font(face);
    let drawable: String = text
        .chars()
        .filter(|&c| font.glyph_id(c).0 != 0 || c.is_whitespace())
        .collect();
    let text = clean(&drawable);
    if text_width(face, px, &text) <= max_width {
        return text;
    }
    let mut chars: Vec<char> = text.chars().collect();
    let ellipsis = text_width(face, px, "…");
    // Measure once and drop characters from the end until the rest fits.
    let mut width = text_width(face, px, &text);
    while width + ellipsis > max_width {
        let Some(c) = chars.pop() else { break };
        width -= text_width(face, px, c.encode_utf8(&mut [0; 4]));
    }
    loop {
        while chars.last().is_some_and(|c| c.is_whitespace()) {
            chars.pop();
        }
        let mut out: String = chars.iter().collect();
        out.push('…');
        // Kerning makes the running sum approximate: check the real width.
        if chars.is_empty() || text_width(face, px, &out) <= max_width {
            return out;
        }
        chars.pop();
    }
}

/// Returns `text` without control and invisible formatting characters, spaces collapsed.
pub fn clean(text: &str) -> String {
    let invisible = |c: char| {
        c.is_control()
            || matches!(c as u32,
                0x200B..=0x200F | 0x202A..=0x202E | 0x2060..=0x206F | 0xFE00..=0xFE0F
                | 0xFEFF | 0x1F3FB..=0x1F3FF | 0xE0000..=0xE01EF)
    };
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_whitespace() {
            if !out.is_empty() && !out.ends_with(' ') {
                out.push(' ');
            }
        } else if !invisible(c) {
            out.push(c);
        }
    }
    out.truncate(out.trim_end().len());
    out
}

/// Returns the signed distance to a rectangle with corners rounded to radius `r` (negative inside).
fn round_rect_distance((x, y, w, h): (f32, f32, f32, f32), r: f32) -> impl Fn(f32, f32) -> f32 {
    let (cx, cy, hx, hy) = (x + w / 2.0, y + h / 2.0, w / 2.0 - r, h / 2.0 - r);
    move |px, py| {
        let qx = (px - cx).abs() - hx;
        let qy = (py - cy).abs() - hy;
        let outside = (qx.max(0.0).powi(2) + qy.max(0.0).powi(2)).sqrt();
        outside + qx.max(qy).min(0.0) - r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clean_drops_controls_and_joiners() {
        assert_eq!(clean("  al\u{7}ice\n\tbob  "), "alice bob");
        assert_eq!(clean("a\u{200d}b\u{fe0f}"), "ab");
        assert_eq!(clean("plain name"), "plain name");
    }

    #[test]
    fn fit_shortens_with_an_ellipsis() {
        let kit = KitBuilder::new().build();
        let long = "w".repeat(200);
        let fitted = kit.fit(Face::Bold, 22.0, &long, 300.0);
        assert!(fitted.ends_with('…'));
        assert!(kit.text_width(Face::Bold, 22.0, &fitted) <= 300.0);
        assert_eq!(kit.fit(Face::Bold, 22.0, "bob", 300.0), "bob");
    }
}

//! The one fixed palette every picture is drawn in, built once at start-up.
//!
//! Flat colours and text ramps get exact entries; the rest (anti-aliased sprite edges,
//! gradients) is quantized by a weighted median cut. Inks carry a blend table so text and
//! shapes can be anti-aliased over any palette entry without new colours per render.

use std::collections::HashMap;

mod order;

/// An opaque sRGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// Builds a colour from `0xRRGGBB`.
    pub const fn hex(v: u32) -> Rgb {
        Rgb((v >> 16) as u8, (v >> 8) as u8, v as u8)
    }

    /// Returns `self` painted over `paper` with opacity `alpha` (0..=1), in sRGB like browsers do.
    pub fn over(self, paper: Rgb, alpha: f32) -> Rgb {
        let mix =
            |a: u8, b: u8| (f32::from(a) * alpha + f32::from(b) * (1.0 - alpha)).round() as u8;
        Rgb(
            mix(self.0, paper.0),
            mix(self.1, paper.1),
            mix(self.2, paper.2),
        )
    }

    fn distance(self, other: Rgb) -> u32 {
        let d = |a: u8, b: u8| (i32::from(a) - i32::from(b)).pow(2) as u32;
        // Weights roughly follow the eye's sensitivity to red, green and blue.
        3 * d(self.0, other.0) + 4 * d(self.1, other.1) + 2 * d(self.2, other.2)
    }
}

/// Intermediate steps reserved between an ink and a paper colour it is drawn on.
const RAMP_STEPS: u8 = 6;
/// Coverage levels an ink's blend table distinguishes (0 = untouched, LEVELS = solid).
pub const LEVELS: usize = 16;
/// The most entries an indexed PNG palette holds.
const MAX_COLORS: usize = 256;

/// A colour registered for anti-aliased drawing; valid for the palette built from its builder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ink(usize);

/// Collects the colours a palette must hold before it is built.
#[derive(Default)]
pub struct PaletteBuilder {
    exact: Vec<Rgb>,
    inks: Vec<Rgb>,
    samples: HashMap<Rgb, u64>,
}

impl PaletteBuilder {
    /// Reserves an exact entry for a flat colour.
    pub fn exact(&mut self, c: Rgb) {
        if !self.exact.contains(&c) {
            self.exact.push(c);
        }
    }

    /// Registers `ink` for anti-aliased drawing over each of `papers`, with exact ramp entries.
    pub fn ink(&mut self, ink: Rgb, papers: &[Rgb]) -> Ink {
        self.exact(ink);
        for &paper in papers {
            self.exact(paper);
            for step in 1..=RAMP_STEPS {
                let alpha = f32::from(step) / f32::from(RAMP_STEPS + 1);
                self.exact(ink.over(paper, alpha));
            }
        }
        match self.inks.iter().position(|&c| c == ink) {
            Some(i) => Ink(i),
            None => {
                self.inks.push(ink);
                Ink(self.inks.len() - 1)
            }
        }
    }

    /// Adds pixels of pre-drawn art (sprites, tiles) whose colours the palette should approximate.
    pub fn sample(&mut self, pixels: impl IntoIterator<Item = Rgb>) {
        for p in pixels {
            *self.samples.entry(p).or_insert(0) += 1;
        }
    }

    /// Builds the palette: exact entries first, then the samples quantized into what is left.
    ///
    /// # Panics
    /// Panics when the exact entries alone exceed 256 colours, a mistake in a theme's code.
    pub fn build(self) -> Palette {
        assert!(
            self.exact.len() <= MAX_COLORS,
            "too many exact palette entries: {}",
            self.exact.len()
        );
        let mut colors = self.exact.clone();
        let mut samples: Vec<(Rgb, u64)> = self
            .samples
            .into_iter()
            .filter(|(c, _)| !colors.contains(c))
            .collect();
        samples.sort_unstable();
        colors.extend(median_cut(samples, MAX_COLORS - colors.len()));
        let mut palette = Palette {
            colors,
            blend: Vec::new(),
        };
        palette.blend = palette.blend_tables(&self.inks);
        palette
    }
}

/// Reduces weighted colours to at most `budget` representatives by weighted median cut.
fn median_cut(samples: Vec<(Rgb, u64)>, budget: usize) -> Vec<Rgb> {
    if samples.len() <= budget {
        return samples.into_iter().map(|(c, _)| c).collect();
    }
    if budget == 0 {
        return Vec::new();
    }
    let mut boxes = vec![samples];
    while boxes.len() < budget {
        // Split the box whose colours spread the most, weighted by how often they occur.
        let Some((i, _)) = boxes
            .iter()
            .enumerate()
            .filter(|(_, b)| b.len() > 1)
            .max_by_key(|(_, b)| spread(b))
        else {
            break;
        };
        let mut b = boxes.swap_remove(i);
        let axis = longest_axis(&b);
        b.sort_unstable_by_key(|(c, _)| (channel(*c, axis), *c));
        let total: u64 = b.iter().map(|(_, w)| w).sum();
        let mut acc = 0;
        let mut cut = 1;
        for (k, (_, w)) in b.iter().enumerate() {
            acc += w;
            if acc * 2 >= total {
                cut = (k + 1).clamp(1, b.len() - 1);
                break;
            }
        }
        let rest = b.split_off(cut);
        boxes.push(b);
        boxes.push(rest);
    }
    boxes.iter().map(|b| mean(b)).collect()
}

fn channel(c: Rgb, axis: usize) -> u8 {
    match axis {
        0 => c.0,
        1 => c.1,
        _ => c.2,
    }
}

fn range(b: &[(Rgb, u64)], axis: usize) -> u8 {
    let values = b.iter().map(|(c, _)| channel(*c, axis));
    let (lo, hi) = values.fold((255, 0), |(lo, hi), v| (v.min(lo), v.max(hi)));
    hi.saturating_sub(lo)
}

fn longest_axis(b: &[(Rgb, u64)]) -> usize {
    (0..3).max_by_key(|&a| range(b, a)).unwrap_or(0)
}

fn spread(b: &[(Rgb, u64)]) -> u64 {
    let weight: u64 = b.iter().map(|(_, w)| w).sum();
    let r = u64::from(range(b, longest_axis(b)));
    // The square root of the weight keeps rare colours (a glow, a thin edge) from starving.
    r * r * (weight as f64).sqrt() as u64
}

fn mean(b: &[(Rgb, u64)]) -> Rgb {
    let total: u64 = b.iter().map(|(_, w)| w).sum::<u64>().max(1);
    let avg = |f: fn(Rgb) -> u8| {
        let sum: u64 = b.iter().map(|(c, w)| u64::from(f(*c)) * w).sum();
        ((sum + total / 2) / total) as u8
    };
    Rgb(avg(|c| c.0), avg(|c| c.1), avg(|c| c.2))
}

/// A fixed palette of at most 256 colours, with blend tables for its inks.
pub struct Palette {
    colors: Vec<Rgb>,
    /// For each ink: for each palette entry: for each coverage level, the entry to paint.
    blend: Vec<u8>,
}

impl Palette {
    /// Returns the index of the entry nearest to `c` (exact for reserved colours).
    pub fn index(&self, c: Rgb) -> u8 {
        let mut best = (u32::MAX, 0);
        for (i, &p) in self.colors.iter().enumerate() {
            let d = p.distance(c);
            if d < best.0 {
                best = (d, i);
                if d == 0 {
                    break;
                }
            }
        }
        best.1 as u8
    }

    /// Returns a function mapping colours to indices that remembers what it has seen.
    pub fn indexer(&self) -> impl FnMut(Rgb) -> u8 + '_ {
        let mut seen: HashMap<Rgb, u8> = HashMap::new();
        move |c| *seen.entry(c).or_insert_with(|| self.index(c))
    }

    /// Returns the colour of entry `i`.
    #[cfg(test)]
    pub fn color(&self, i: u8) -> Rgb {
        self.colors
            .get(usize::from(i))
            .copied()
            .unwrap_or(Rgb(0, 0, 0))
    }

    /// Returns the number of entries.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.colors.len()
    }

    /// Returns the entries as `RGBRGB…` bytes, as a PNG `PLTE` chunk wants them.
    pub fn bytes(&self) -> Vec<u8> {
        self.colors.iter().flat_map(|c| [c.0, c.1, c.2]).collect()
    }

    /// Returns the entry to paint for `ink` at coverage `level` (0..=LEVELS) over entry `under`.
    #[inline]
    pub fn blend(&self, ink: Ink, under: u8, level: usize) -> u8 {
        self.blend[(ink.0 * MAX_COLORS + usize::from(under)) * (LEVELS + 1) + level]
    }

    /// Renumbers the entries so colours that touch in `samples` get nearby indices, and
    /// returns the map from old to new index for pictures already drawn.
    ///
    /// PNG filters predict a pixel from its neighbours' *indices*, and the fast deflate
    /// codes small differences in few bits, so this makes the files about a fifth smaller.
    /// `samples` are `(pixels, width)` pairs in this palette's indices.
    pub fn reorder(&mut self, samples: &[(&[u8], usize)]) -> [u8; MAX_COLORS] {
        let order = order::arrange(&self.colors, samples);
        let mut map = [0u8; MAX_COLORS];
        for (new, &old) in order.iter().enumerate() {
            map[old] = new as u8;
        }
        self.colors = order.iter().map(|&old| self.colors[old]).collect();
        let row = LEVELS + 1;
        let mut blend = vec![0; self.blend.len()];
        for (ink, table) in self.blend.chunks_exact(MAX_COLORS * row).enumerate() {
            // Rows past the last entry are never looked up: canvases hold only real entries.
            for (under, levels) in table.chunks_exact(row).take(self.colors.len()).enumerate() {
                let at = (ink * MAX_COLORS + usize::from(map[under])) * row;
                for (slot, &old) in blend[at..at + row].iter_mut().zip(levels) {
                    *slot = map[usize::from(old)];
                }
            }
        }
        self.blend = blend;
        map
    }

    fn blend_tables(&self, inks: &[Rgb]) -> Vec<u8> {
        let mut table = vec![0; inks.len() * MAX_COLORS * (LEVELS + 1)];
        let mut index = self.indexer();
        for (k, &ink) in inks.iter().enumerate() {
            for under in 0..MAX_COLORS {
                let paper = self.colors.get(under).copied().unwrap_or(Rgb(0, 0, 0));
                for level in 0..=LEVELS {
                    let alpha = level as f32 / LEVELS as f32;
                    table[(k * MAX_COLORS + under) * (LEVELS + 1) + level] =
                        index(ink.over(paper, alpha));
                }
            }
        }
        table
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_entries_stay_exact_and_samples_fit_the_budget() {
        let mut b = PaletteBuilder::default();
        b.exact(Rgb::hex(0xf0d9b5));
        let ink = b.ink(Rgb::hex(0x202020), &[Rgb::hex(0xf0d9b5)]);
        b.sample((0..=255u8).flat_map(|r| (0..=255u8).step_by(15).map(move |g| Rgb(r, g, 7))));
        let p = b.build();
        assert_eq!(p.len(), 256);
        assert_eq!(p.color(p.index(Rgb::hex(0xf0d9b5))), Rgb::hex(0xf0d9b5));
        let paper = p.index(Rgb::hex(0xf0d9b5));
        assert_eq!(p.blend(ink, paper, 0), paper);
        assert_eq!(p.color(p.blend(ink, paper, LEVELS)), Rgb::hex(0x202020));
    }
}

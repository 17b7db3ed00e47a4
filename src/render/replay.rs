//! Animated replays: one GIF frame per turn, drawn by the game's painter in its own palette.
//!
//! Every frame uses the painter's palette as the GIF's one global palette, so nothing is
//! quantized again (`image`'s own `GifEncoder` would re-quantize every frame with NeuQuant
//! and give each its own palette: slower by two orders of magnitude, and larger). After the
//! first frame only the rows that changed are written, as rectangles; a turn's last rectangle
//! carries the turn's delay. The frames are encoded with the `gif` crate that `image` uses.

use super::kit::{Canvas, Kit};

/// Rows this close together are written as one rectangle (fewer block headers).
const MERGE_GAP: u32 = 24;

/// Writes `frames` (canvases of one size, drawn in `kit`'s palette) as a looping GIF, showing
/// each for `delay_ms` and the last for `last_ms`.
///
/// # Errors
/// Fails when the canvases are too big for GIF (over 65,535 pixels a side) or differ in size.
pub fn encode(
    kit: &Kit,
    frames: &[Canvas],
    delay_ms: u32,
    last_ms: u32,
) -> Result<Vec<u8>, gif::EncodingError> {
    let Some(first) = frames.first() else {
        return Ok(Vec::new());
    };
    let side = |v: u32| {
        u16::try_from(v).map_err(|_| {
            gif::EncodingError::from(std::io::Error::other("a replay frame is too large"))
        })
    };
    let (width, height) = (side(first.width)?, side(first.height)?);
    let mut palette = kit.palette.bytes();
    // GIF palettes hold a power of two entries; pad with black.
    let entries = (palette.len() / 3).max(2).next_power_of_two();
    palette.resize(entries * 3, 0);
    let mut out = Vec::with_capacity(256 * 1024);
    {
        let mut encoder = gif::Encoder::new(&mut out, width, height, &palette)?;
        encoder.set_repeat(gif::Repeat::Infinite)?;
        let mut previous: Option<&Canvas> = None;
        for (i, canvas) in frames.iter().enumerate() {
            if canvas.width != first.width || canvas.height != first.height {
                return Err(std::io::Error::other("replay frames differ in size").into());
            }
            let delay = if i + 1 == frames.len() {
                last_ms
            } else {
                delay_ms
            };
            let rects = match previous {
                None => vec![(0, 0, canvas.width, canvas.height)],
                Some(before) => changed(before, canvas),
            };
            let count = rects.len();
            for (n, (x, y, w, h)) in rects.into_iter().enumerate() {
                let mut frame = gif::Frame {
                    left: side(x)?,
                    top: side(y)?,
                    width: side(w)?,
                    height: side(h)?,
                    buffer: crop(canvas, x, y, w, h).into(),
                    dispose: gif::DisposalMethod::Keep,
                    ..gif::Frame::default()
                };
                if n + 1 == count {
                    frame.delay = u16::try_from(delay / 10).unwrap_or(u16::MAX);
                }
                encoder.write_frame(&frame)?;
            }
            previous = Some(canvas);
        }
    }
    Ok(out)
}

/// Returns the rectangles (x, y, width, height) that cover every pixel that changed, one per
/// band of nearby changed rows; a 1×1 rectangle when nothing changed.
fn changed(before: &Canvas, after: &Canvas) -> Vec<(u32, u32, u32, u32)> {
    let width = after.width as usize;
    let row_span = |y: u32| {
        let start = y as usize * width;
        let (a, b) = (
            &before.pixels[start..start + width],
            &after.pixels[start..start + width],
        );
        let first = a.iter().zip(b).position(|(p, q)| p != q)?;
        let last = a.iter().zip(b).rposition(|(p, q)| p != q)?;
        Some((first as u32, last as u32))
    };
    let mut rects: Vec<(u32, u32, u32, u32)> = Vec::new();
    let mut band: Option<(u32, u32, u32, u32)> = None; // top, bottom, left, right
    for y in 0..after.height {
        let Some((left, right)) = row_span(y) else {
            continue;
        };
        band = match band {
            Some((top, bottom, l, r)) if y <= bottom + MERGE_GAP => {
                Some((top, y, l.min(left), r.max(right)))
            }
            Some((top, bottom, l, r)) => {
                rects.push((l, top, r - l + 1, bottom - top + 1));
                Some((y, y, left, right))
            }
            None => Some((y, y, left, right)),
        };
    }
    if let Some((top, bottom, l, r)) = band {
        rects.push((l, top, r - l + 1, bottom - top + 1));
    }
    if rects.is_empty() {
        rects.push((0, 0, 1, 1));
    }
    rects
}

/// Copies a rectangle of the canvas's palette indices.
fn crop(canvas: &Canvas, x: u32, y: u32, w: u32, h: u32) -> Vec<u8> {
    let mut out = Vec::with_capacity((w * h) as usize);
    for row in y..y + h {
        let start = (row * canvas.width + x) as usize;
        out.extend_from_slice(&canvas.pixels[start..start + w as usize]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn canvas(pixels: &[u8], width: u32) -> Canvas {
        Canvas {
            width,
            height: pixels.len() as u32 / width,
            pixels: pixels.to_vec(),
        }
    }

    #[test]
    fn only_the_changed_rows_are_written_in_bands() {
        let mut before = vec![0u8; 100 * 100];
        let a = canvas(&before, 100);
        before[5 * 100 + 10] = 1;
        before[6 * 100 + 20] = 1;
        before[90 * 100 + 50] = 2;
        let b = canvas(&before, 100);
        assert_eq!(changed(&a, &b), vec![(10, 5, 11, 2), (50, 90, 1, 1)]);
        assert_eq!(changed(&b, &b), vec![(0, 0, 1, 1)]);
    }
}

//! Stroked outlines (rings, framed rectangles), drawn anti-aliased in palette indices.

use super::{Canvas, Ink, Kit};

impl Kit {
    /// Strokes an anti-aliased circle of radius `r` (the middle of the line) `width` wide.
    pub fn stroke_circle(
        &self,
        canvas: &mut Canvas,
        (cx, cy): (f32, f32),
        r: f32,
        width: f32,
        ink: Ink,
    ) {
        let reach = r + width / 2.0 + 1.0;
        let bounds = (cx - reach, cy - reach, cx + reach, cy + reach);
        self.fill_shape(canvas, bounds, ink, |x, y| {
            (((x - cx).powi(2) + (y - cy).powi(2)).sqrt() - r).abs() - width / 2.0
        });
    }

    /// Strokes an anti-aliased rectangle with rounded corners, `width` wide inside its edge.
    pub fn stroke_round_rect(
        &self,
        canvas: &mut Canvas,
        (x, y, w, h): (f32, f32, f32, f32),
        r: f32,
        width: f32,
        ink: Ink,
    ) {
        let (cx, cy, hx, hy) = (x + w / 2.0, y + h / 2.0, w / 2.0 - r, h / 2.0 - r);
        self.fill_shape(
            canvas,
            (x - 1.0, y - 1.0, x + w + 1.0, y + h + 1.0),
            ink,
            |px, py| {
                let qx = (px - cx).abs() - hx;
                let qy = (py - cy).abs() - hy;
                let outside = (qx.max(0.0).powi(2) + qy.max(0.0).powi(2)).sqrt();
                let d = outside + qx.max(qy).min(0.0) - r;
                // Inside the edge by `width`: distance to the band [-width, 0].
                (d + width / 2.0).abs() - width / 2.0
            },
        );
    }
}

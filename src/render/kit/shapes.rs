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
        let edge = super::round_rect_distance((x, y, w, h), r);
        self.fill_shape(
            canvas,
            (x - 1.0, y - 1.0, x + w + 1.0, y + h + 1.0),
            ink,
            // Inside the edge by `width`: distance to the band [-width, 0].
            |px, py| (edge(px, py) + width / 2.0).abs() - width / 2.0,
        );
    }
}

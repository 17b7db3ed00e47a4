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

impl Kit {
    /// Strokes an anti-aliased straight line from `a` to `b`, `width` wide with round ends.
    pub fn stroke_line(
        &self,
        canvas: &mut Canvas,
        a: (f32, f32),
        b: (f32, f32),
        width: f32,
        ink: Ink,
    ) {
        let reach = width / 2.0 + 1.0;
        let bounds = (
            a.0.min(b.0) - reach,
            a.1.min(b.1) - reach,
            a.0.max(b.0) + reach,
            a.1.max(b.1) + reach,
        );
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len2 = (dx * dx + dy * dy).max(f32::EPSILON);
        self.fill_shape(canvas, bounds, ink, |x, y| {
            let t = (((x - a.0) * dx + (y - a.1) * dy) / len2).clamp(0.0, 1.0);
            let (px, py) = (a.0 + t * dx - x, a.1 + t * dy - y);
            (px * px + py * py).sqrt() - width / 2.0
        });
    }
}

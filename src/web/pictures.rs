//! A game's pictures at a ply, the board and its share card: the same bytes for ever, so
//! they are cached as immutable and a browser that has one is answered `304` without drawing.

use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::table::{Table, TableError, Viewer};

use super::pages::answer;
use super::site::not_found;

/// A board picture: the same bytes for ever at one ply, so it is cached as immutable and its
/// tag is known before drawing (a repeat visit costs no drawing at all).
pub(super) async fn picture(
    table: &Table,
    viewer: &Viewer,
    id: &str,
    ply: usize,
    headers: &HeaderMap,
) -> Response {
    let etag = format!("\"{}-{ply}-{}\"", id, env!("CARGO_PKG_VERSION"));
    let draw = table.web_board(id, ply, viewer);
    cached_png(table, viewer, (id, ply), headers, etag, draw).await
}

/// A share card (`og:image`): like a board picture, the same bytes for ever at one ply.
pub(super) async fn card(
    table: &Table,
    viewer: &Viewer,
    id: &str,
    ply: usize,
    headers: &HeaderMap,
) -> Response {
    let etag = format!("\"{}-{ply}-card-{}\"", id, env!("CARGO_PKG_VERSION"));
    let draw = table.web_card(id, ply, viewer);
    cached_png(table, viewer, (id, ply), headers, etag, draw).await
}

/// Answers a picture known by its tag: `304` to a browser that has it (no drawing at all),
/// else the drawing `draw` makes.
async fn cached_png(
    table: &Table,
    viewer: &Viewer,
    (id, ply): (&str, usize),
    headers: &HeaderMap,
    etag: String,
    draw: impl std::future::Future<Output = Result<Option<Vec<u8>>, TableError>>,
) -> Response {
    let cached = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag || t.trim() == "*"));
    if cached {
        return answer(viewer, table.web_plies(id, viewer).await, |last| {
            if ply <= last {
                (
                    StatusCode::NOT_MODIFIED,
                    [
                        (header::ETAG, etag.as_str()),
                        (header::CACHE_CONTROL, IMMUTABLE),
                    ],
                )
                    .into_response()
            } else {
                not_found()
            }
        });
    }
    answer(viewer, draw.await, |png| {
        (
            [
                (header::CONTENT_TYPE, "image/png"),
                (header::ETAG, etag.as_str()),
                (header::CACHE_CONTROL, IMMUTABLE),
            ],
            png,
        )
            .into_response()
    })
}

const IMMUTABLE: &str = "public, max-age=31536000, immutable";

//! How long listing every legal play takes for the doubles roll with the widest choice we know.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use tabula::rules::backgammon::BackgammonGame;

/// A position with many spread checkers; with 1-1 it has the most plays of those we tried.
const WIDE: &str = "Dkog1SOAWQVaOQ 2-2";

fn legal_plays(c: &mut Criterion) {
    let game = BackgammonGame::from_position_id(WIDE).unwrap();
    let count = game.legal_moves().len();
    c.bench_function(
        &format!("backgammon legal plays, {WIDE} ({count} plays)"),
        |b| b.iter(|| black_box(&game).legal_moves()),
    );
}

criterion_group!(benches, legal_plays);
criterion_main!(benches);

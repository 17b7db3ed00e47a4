//! How long listing every legal play takes for the doubles roll with the widest choice we know.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use tabula::rules::Rules;
use tabula::rules::backgammon::BackgammonGame;

/// Fifteen single checkers on the 9- to 23-points with 4-4: 1,882 plays (gnubg lists as many),
/// the widest doubles roll we found among constructed positions and 3,000 random games (1,380).
const WIDE: &str = "/38AAAAAVVVVFQ 4-4";

fn legal_plays(c: &mut Criterion) {
    let game = BackgammonGame::from_position_id(WIDE).unwrap();
    let count = game.legal(0).len();
    c.bench_function(
        &format!("backgammon legal plays, {WIDE} ({count} plays)"),
        |b| b.iter(|| black_box(&game).legal(0)),
    );
}

criterion_group!(benches, legal_plays);
criterion_main!(benches);

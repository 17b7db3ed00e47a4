//! Legal whole-turn options of a doublets-bonus roll with four pawns out.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use tabula::rules::parcheesi::{ParcheesiGame, Ruleset, Setup};
use tabula::rules::{Action, Game};

fn doublets_bonus(c: &mut Criterion) {
    let setup = Setup {
        ruleset: Ruleset::Parcheesi,
        pawns: vec![[11, 21, 31, 41], [0; 4]],
        to_roll: 0,
        doubles: 0,
    };
    let game = Game::Parcheesi(ParcheesiGame::from_setup(&setup).expect("valid"));
    let game = game
        .apply(&Action::Roll {
            seat: 0,
            dice: vec![6, 6],
        })
        .expect("roll");
    assert!(game.legal_moves().len() > 25);
    c.bench_function("parcheesi legal options, 6-6 bonus, four pawns out", |b| {
        b.iter(|| black_box(&game).legal_moves())
    });
}

criterion_group!(benches, doublets_bonus);
criterion_main!(benches);

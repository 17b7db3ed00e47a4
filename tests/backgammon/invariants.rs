//! What every backgammon position keeps, checked after every action of random games and
//! matches (played by the conformance suite's driver): fifteen checkers a side between the
//! board, the bar and off, and a checker borne off stays off for the rest of its game.

use proptest::prelude::*;
use tabula::rules::backgammon::BackgammonGame;
use tabula::rules::{Game, GameKind};

use crate::conformance::playout::{Playing, playout};

/// The offered rulesets, and a one-game match (Crawford from the start).
const RULESETS: [&str; 4] = ["standard", "cube", "match:3", "match:1"];

fn bg(game: &Game) -> &BackgammonGame {
    match game {
        Game::Backgammon(g) => g,
        _ => panic!("not backgammon"),
    }
}

/// Checks that each side has 15 checkers between the board, the bar and off.
fn conserved(game: &Game) {
    let board = bg(game).board();
    for seat in 0..2 {
        let placed: u32 = (1..=25).map(|p| u32::from(board.checkers(seat, p))).sum();
        assert_eq!(placed + u32::from(board.off(seat)), 15, "seat {seat}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn fifteen_checkers_a_side_and_borne_off_checkers_stay_off(seed in any::<u64>()) {
        let ruleset = RULESETS[(seed % 4) as usize];
        let _playing = Playing(format!("{ruleset}, seed {seed}"));
        let start = Game::new(GameKind::Backgammon, ruleset, 2).unwrap();
        let mut before = (0, [0, 0]);
        let mut check = |game: &Game| {
            conserved(game);
            let g = bg(game);
            let now = (g.games().len(), [g.board().off(0), g.board().off(1)]);
            if now.0 == before.0 {
                for seat in 0..2 {
                    assert!(now.1[seat] >= before.1[seat], "borne-off checkers stay off");
                }
            }
            before = now;
        };
        let end = playout(&start, seed, &mut check).end;
        prop_assert!(end.outcome().is_some());
    }
}

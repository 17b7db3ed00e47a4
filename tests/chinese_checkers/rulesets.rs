//! The rulesets `/play` accepts beyond those it lists, `partners` and `places` together, played
//! as the conformance suite plays the listed ones: random games end and replay from their log.

use tabula::rules::{Game, GameKind};

use crate::conformance::playout::{Playing, playout};

#[test]
fn partners_and_places_together_end_and_replay_for_four_and_six() {
    for ruleset in ["6-peg partners places", "10-peg partners places"] {
        for players in [4, 6] {
            for seed in 0..20 {
                let _playing = Playing(format!("{ruleset} for {players}, seed {seed}"));
                let start = Game::new(GameKind::ChineseCheckers, ruleset, players).expect("starts");
                let played = playout(&start, seed, &mut |_| {});
                assert!(played.end.outcome().is_some(), "the game ends by the rules");
                let replay = played
                    .log
                    .iter()
                    .fold(start, |g, a| g.apply(a).expect("the log replays"));
                assert_eq!(replay, played.end);
            }
        }
    }
}

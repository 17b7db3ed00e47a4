//! Property: 1,000 random games per ruleset (and per board) all end with a winner, never
//! panic, keep every token on a square nobody else holds, and their action log replays to
//! the same game through JSON.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tabula::rules::{Action, Game, GameKind, Turn};

use super::snakes;

/// Far more rolls than any of these games takes (the longest are a few hundred).
const CAP: usize = 20_000;

fn play(ruleset: &str, players: usize, rng: &mut StdRng) -> (Game, usize) {
    let mut game = Game::new(GameKind::Snakes, ruleset, players).expect("new");
    let mut actions = 0;
    loop {
        let seat = match game.turn() {
            Turn::Over(_) => return (game, actions),
            Turn::Roll(s) | Turn::Move(s) => s,
        };
        let legal = game.legal(seat);
        let action = if !legal.is_empty() && rng.random_bool(0.5) {
            Action::Play {
                seat,
                r#move: legal[0].clone(),
            }
        } else if rng.random_bool(0.0005) {
            Action::Resign { seat }
        } else {
            let count = game.dice().expect("dice").count;
            Action::Roll {
                seat,
                dice: (0..count).map(|_| rng.random_range(1..=6)).collect(),
            }
        };
        game = game.apply(&action).expect("a legal action is accepted");
        actions += 1;
        let g = snakes(&game);
        for (a, &sa) in g.squares().iter().enumerate() {
            for (b, &sb) in g.squares().iter().enumerate() {
                if a < b && !g.resigned()[a] && !g.resigned()[b] {
                    assert!(sa != sb || sa == g.rules().start, "{a} and {b} share {sa}");
                }
            }
        }
        assert!(actions < CAP, "{ruleset}: no end after {CAP} actions");
    }
}

#[test]
fn a_thousand_random_games_per_ruleset_end() {
    let mut rng = StdRng::seed_from_u64(11);
    for ruleset in [
        "two-dice",
        "one-die",
        "two-dice-95",
        "two-dice+rosetta",
        "one-die+classic-48+start-0",
        "two-dice-95+rosetta+start-0",
    ] {
        let mut longest = 0;
        for n in 0..1000 {
            let players = 2 + n % 3;
            let (game, actions) = play(ruleset, players, &mut rng);
            assert!(game.outcome().is_some());
            longest = longest.max(actions);
            if n % 97 == 0 {
                let json = serde_json::to_string(&game).unwrap();
                assert_eq!(serde_json::from_str::<Game>(&json).unwrap(), game);
            }
        }
        eprintln!("{ruleset}: longest of 1,000 games {longest} actions");
    }
}

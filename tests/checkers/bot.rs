//! The checkers bot: the strongest level beats the random level in seeded games, under every
//! ruleset (the huffing answers are part of its search).

use rand::SeedableRng;
use rand::rngs::StdRng;
use tabula::bot::{Budget, choose, levels};
use tabula::rules::{Action, Game, GameKind, Outcome, Turn};

/// Plays one game, the strong level as `strong`'s seat, and returns the outcome.
fn bot_game(ruleset: &str, strong: usize, seed: u64) -> Outcome {
    let top = levels(GameKind::Checkers).len();
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = Game::new(GameKind::Checkers, ruleset, 2).unwrap();
    loop {
        let seat = match game.turn() {
            Turn::Over(outcome) => return outcome,
            Turn::Move(seat) => seat,
            Turn::Roll(_) => unreachable!("checkers has no dice"),
        };
        let level = if seat == strong { top } else { 1 };
        let pick = choose(&game, seat, level, &Budget::nodes(1_500), &mut rng)
            .expect("a move while the game goes on");
        game = game
            .apply(&Action::Play {
                seat,
                r#move: pick.r#move,
            })
            .expect("the bot plays legal moves");
    }
}

#[test]
fn the_strongest_level_beats_random_in_20_seeded_games() {
    let mut wins = 0;
    for (n, ruleset) in ["forced", "huff-000", "huff-004"]
        .iter()
        .cycle()
        .take(20)
        .enumerate()
    {
        let strong = n % 2;
        match bot_game(ruleset, strong, 100 + n as u64) {
            Outcome::Win { winner, .. } if winner == strong => wins += 1,
            Outcome::Win { .. } => panic!("game {n} ({ruleset}) lost to random"),
            Outcome::Draw { .. } => {}
        }
    }
    assert!(wins >= 18, "{wins} wins of 20");
}

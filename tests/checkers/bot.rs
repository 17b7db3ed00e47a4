//! The checkers bot: the strongest level beats the random level in seeded games, under every
//! ruleset (the huffing answers are part of its search), and the levels come in order.

use rand::SeedableRng;
use rand::rngs::StdRng;
use tabula::bot::{Budget, choose, levels};
use tabula::rules::{Action, Game, GameKind, Outcome, Turn};

/// Plays one game, the strong level as `strong`'s seat, and returns the outcome.
fn bot_game(ruleset: &str, strong: usize, seed: u64) -> Outcome {
    let top = levels(GameKind::Checkers).len();
    let mut seats = [1; 2];
    seats[strong] = top;
    match_game(ruleset, seats, seed, 0)
}

/// Plays one game with `seats[seat]`'s level in each seat, the first `opening` plies at
/// random (so two searching levels, which play alike every time, meet in varied positions).
fn match_game(ruleset: &str, seats: [usize; 2], seed: u64, opening: usize) -> Outcome {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut plies = 0;
    let mut game = Game::new(GameKind::Checkers, ruleset, 2).unwrap();
    loop {
        let seat = match game.turn() {
            Turn::Over(outcome) => return outcome,
            Turn::Move(seat) => seat,
            Turn::Roll(_) => unreachable!("checkers has no dice"),
        };
        let level = if plies < opening { 1 } else { seats[seat] };
        plies += 1;
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

#[test]
fn each_level_scores_more_than_the_level_below_over_12_seeded_games() {
    for level in 2..=levels(GameKind::Checkers).len() {
        let (mut won, mut lost) = (0, 0);
        for n in 0..12u64 {
            let ruleset = ["forced", "huff-000", "huff-004"][n as usize % 3];
            let seat = n as usize % 2;
            let mut seats = [level - 1; 2];
            seats[seat] = level;
            match match_game(ruleset, seats, 300 + n, 4) {
                Outcome::Win { winner, .. } if winner == seat => won += 1,
                Outcome::Win { .. } => lost += 1,
                Outcome::Draw { .. } => {}
            }
        }
        assert!(won > lost, "level {level}: won {won}, lost {lost}");
    }
}

//! Seeded three-player games of each ruleset, played at the console table to the end: every
//! turn writes a board picture and says what the roll did in words, the game ends with a
//! winner, and the stored log replays to the stored snapshot.

use crate::support::table::TestTable;
use tabula::render::Renderer;
use tabula::rules::{Game, GameKind, Outcome, Turn};
use tabula::store::Status;

/// More actions than any of these games needs.
const CAP: usize = 5000;

async fn play_out(ruleset: &str, seed: u64) {
    let t = TestTable::seeded(seed).await;
    t.line(&format!("@alice /play snakes {ruleset} @bob @carol"))
        .await;
    for who in ["bob", "carol"] {
        t.line(&format!("@{who} /join")).await;
    }
    let id = 1;
    if t.store.game(id).await.expect("game 1").status == Status::Lobby {
        t.line("@alice /start").await;
    }
    let seats = t.store.seats(id).await.expect("seats");
    let user = |seat: usize| {
        seats
            .iter()
            .find(|s| s.seat as usize == seat)
            .map(|s| s.user_id.clone())
            .expect("a seated player")
    };
    let (mut actions, mut ladders, mut one_die) = (0, 0, 0);
    loop {
        let game = t.game(id).await;
        let line = match game.turn() {
            Turn::Over(_) => break,
            // In two-dice-95 a player on 97 or above takes the one die.
            Turn::Roll(seat) if !game.legal(seat).is_empty() && actions % 2 == 0 => {
                one_die += 1;
                format!("@{} /move one die", user(seat))
            }
            Turn::Roll(seat) | Turn::Move(seat) => format!("@{} /roll", user(seat)),
        };
        let said = t.line(&line).await;
        assert!(said.contains("board: "), "{line}: no board in {said}");
        assert!(!said.starts_with('!'), "{line}: refused: {said}");
        ladders += usize::from(said.contains("up the ladder"));
        actions += 1;
        assert!(actions < CAP, "{ruleset}: no end after {CAP} actions");
    }
    eprintln!(
        "{ruleset} (seed {seed}): {actions} actions, {ladders} ladders, {one_die} one-die choices"
    );
    assert!(
        ladders > 0,
        "a whole game without a ladder climbed is unlikely"
    );
    let row = t.store.game(id).await.expect("game 1");
    assert_eq!(row.status, Status::Finished, "{ruleset}");
    let boards: Vec<_> = t
        .boards()
        .into_iter()
        .filter(|p| p.to_string_lossy().contains("game1-"))
        .collect();
    assert!(
        boards.len() >= actions,
        "{} boards for {actions} actions",
        boards.len()
    );
    for path in boards.iter().step_by(11) {
        let img = image::open(path).expect("a PNG board");
        assert_eq!(
            (img.width(), img.height()),
            Renderer::size(GameKind::Snakes)
        );
    }
    let fresh = Game::new(GameKind::Snakes, ruleset, 3).expect("new game");
    let end = t.assert_log_replays(id, fresh).await;
    assert!(
        matches!(end.outcome(), Some(Outcome::Win { .. })),
        "{ruleset}"
    );
}

#[tokio::test]
async fn a_seeded_two_dice_game_plays_to_the_end() {
    play_out("two-dice", 1).await;
}

#[tokio::test]
async fn a_seeded_one_die_game_plays_to_the_end() {
    play_out("one-die", 2).await;
}

#[tokio::test]
async fn a_seeded_two_dice_95_game_plays_to_the_end() {
    play_out("two-dice-95", 3).await;
}

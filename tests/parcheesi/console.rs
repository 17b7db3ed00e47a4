//! Seeded four-player games of each Parcheesi ruleset, played at the console table to the
//! end: every turn writes a board picture, the game ends with a winner, and the stored log
//! replays to the stored snapshot.
//!
//! The script is deterministic: the table rolls with a seeded generator, and the player to
//! move always plays the first legal option the stored state lists.

use crate::support::table::TestTable;
use tabula::render::Renderer;
use tabula::rules::{Game, GameKind, Outcome, Turn};
use tabula::store::Status;

/// More actions than any of these games needs (they take a few hundred).
const CAP: usize = 3000;

async fn play_out(ruleset: &str, seed: u64) {
    let t = TestTable::seeded(seed).await;
    t.line(&format!(
        "@alice /play parcheesi {ruleset} @bob @carol @dave"
    ))
    .await;
    for who in ["bob", "carol", "dave"] {
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
    let mut actions = 0;
    loop {
        let game = t.game(id).await;
        let line = match game.turn() {
            Turn::Over(_) => break,
            Turn::Roll(seat) => format!("@{} /roll", user(seat)),
            Turn::Move(seat) => {
                let first = game.legal(seat).into_iter().next().expect("an option");
                format!("@{} /move {}", user(seat), game.format(&first))
            }
        };
        let said = t.line(&line).await;
        assert!(said.contains("board: "), "{line}: no board in {said}");
        assert!(!said.starts_with('!'), "{line}: refused: {said}");
        actions += 1;
        assert!(actions < CAP, "{ruleset}: no end after {CAP} actions");
    }

    eprintln!("{ruleset} (seed {seed}): {actions} actions");
    let row = t.store.game(id).await.expect("game 1");
    assert_eq!(row.status, Status::Finished, "{ruleset}");
    // One board per action, each a PNG of the Parcheesi size.
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
    for path in boards.iter().step_by(7) {
        let img = image::open(path).expect("a PNG board");
        assert_eq!(
            (img.width(), img.height()),
            Renderer::size(GameKind::Parcheesi)
        );
    }
    assert!(
        t.store.log(id).await.expect("log").len() >= actions,
        "every action is logged"
    );
    let fresh = Game::new(GameKind::Parcheesi, ruleset, 4).expect("new game");
    let end = t.assert_log_replays(id, fresh).await;
    assert!(
        matches!(end.outcome(), Some(Outcome::Win { .. })),
        "{ruleset}: {:?}",
        end.outcome()
    );
}

#[tokio::test]
async fn a_seeded_parcheesi_game_plays_to_the_end() {
    play_out("parcheesi", 1).await;
}

#[tokio::test]
async fn a_seeded_pahrcheesi_game_plays_to_the_end() {
    play_out("pahrcheesi", 2).await;
}

#[tokio::test]
async fn a_seeded_pachesi_game_plays_to_the_end() {
    play_out("pachesi", 3).await;
}

#[tokio::test]
async fn a_seeded_pachisi_game_plays_to_the_end() {
    play_out("pachisi", 4).await;
}

//! Seeded four-player games of each Parcheesi ruleset, played at the console table to the
//! end: every turn writes a board picture, the game ends with a winner, and the stored log
//! replays to the stored snapshot.
//!
//! The script is deterministic: the table rolls with a seeded generator, and the player to
//! move always plays the first legal option the stored state lists.

mod support;

use std::sync::Arc;

use rand::SeedableRng;
use rand::rngs::StdRng;
use tabula::console::{ConsoleOptions, run_line};
use tabula::render::{PARCHEESI_SIZE, Renderer};
use tabula::rules::{Game, GameKind, Outcome, Turn};
use tabula::store::{Status, Store};
use tabula::table::Table;

/// More actions than any of these games needs (they take a few hundred).
const CAP: usize = 3000;

async fn play_out(ruleset: &str, seed: u64) {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::connect(&support::db::sqlite_url(&dir))
        .await
        .expect("sqlite store");
    let rng = StdRng::seed_from_u64(seed);
    let table = Table::with_rng(store.clone(), Arc::new(Renderer::new()), rng);
    let options = ConsoleOptions {
        boards: dir.path().join("boards"),
        ..ConsoleOptions::default()
    };
    let mut out = Vec::new();
    let say = |line: String| {
        let (table, options) = (&table, &options);
        async move {
            let mut out = Vec::new();
            run_line(table, options, &line, &mut out)
                .await
                .expect("console I/O");
            String::from_utf8(out).expect("console prints UTF-8")
        }
    };
    out.push(
        say(format!(
            "@alice /play parcheesi {ruleset} @bob @carol @dave"
        ))
        .await,
    );
    for who in ["bob", "carol", "dave"] {
        out.push(say(format!("@{who} /join")).await);
    }
    let id = 1;
    if store.game(id).await.expect("game 1").status == Status::Lobby {
        out.push(say("@alice /start".to_string()).await);
    }
    let seats = store.seats(id).await.expect("seats");
    let user = |seat: usize| {
        seats
            .iter()
            .find(|s| s.seat as usize == seat)
            .map(|s| s.user_id.clone())
            .expect("a seated player")
    };
    let mut actions = 0;
    loop {
        let row = store.game(id).await.expect("game 1");
        let game: Game = serde_json::from_str(&row.state).expect("stored state");
        let line = match game.turn() {
            Turn::Over(_) => break,
            Turn::Roll(seat) => format!("@{} /roll", user(seat)),
            Turn::Move(seat) => {
                let first = game.legal_moves().into_iter().next().expect("an option");
                format!("@{} /move {}", user(seat), game.format(&first))
            }
        };
        let said = say(line.clone()).await;
        assert!(said.contains("board: "), "{line}: no board in {said}");
        assert!(!said.starts_with('!'), "{line}: refused: {said}");
        actions += 1;
        assert!(actions < CAP, "{ruleset}: no end after {CAP} actions");
    }

    eprintln!("{ruleset} (seed {seed}): {actions} actions");
    let row = store.game(id).await.expect("game 1");
    assert_eq!(row.status, Status::Finished, "{ruleset}");
    let end: Game = serde_json::from_str(&row.state).expect("stored state");
    assert!(
        matches!(end.outcome(), Some(Outcome::Win { .. })),
        "{ruleset}: {:?}",
        end.outcome()
    );
    // One board per action, each a PNG of the Parcheesi size.
    let boards: Vec<_> = std::fs::read_dir(&options.boards)
        .expect("boards folder")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.to_string_lossy().contains("game1-"))
        .collect();
    assert!(
        boards.len() >= actions,
        "{} boards for {actions} actions",
        boards.len()
    );
    for path in boards.iter().step_by(7) {
        let img = image::open(path).expect("a PNG board");
        assert_eq!((img.width(), img.height()), PARCHEESI_SIZE);
    }
    // The log replays from a fresh game to the stored snapshot.
    let mut replay = Game::new(GameKind::Parcheesi, ruleset, 4).expect("new game");
    let log = store.log(id).await.expect("log");
    assert!(log.len() >= actions, "every action is logged");
    for entry in &log {
        let action = serde_json::from_str(&entry.action).expect("logged action");
        replay = replay.apply(&action).expect("the log replays");
    }
    assert_eq!(replay, end, "{ruleset}: the log replays to the snapshot");
    store.close().await;
    drop(out);
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

//! Two chess moves racing for the same game, on SQLite and PostgreSQL: exactly one lands each
//! round, the other is told the game moved on, and the log replays to the stored snapshot.

use std::sync::Arc;

use crate::support::db::both_backends;
use crate::support::table::{ctx, play};
use tabula::rules::{Action, Game, GameKind, Turn};
use tabula::store::{Change, NewGame, NewLog, SeatRow, Status, Store, StoreError};
use tabula::table::{Command, DrawCommand, Table};
use tokio::sync::Barrier;

const ROUNDS: usize = 100;

fn seat(n: i64, name: &str) -> SeatRow {
    SeatRow {
        seat: n,
        user_id: name.into(),
        name: name.into(),
        joined: true,
    }
}

/// Opens an active chess game directly in the store.
async fn open_game(store: &Store, channel: &str) -> i64 {
    let game = Game::new(GameKind::Chess, "standard", 2).unwrap();
    let (row, _) = store
        .create_game(NewGame {
            guild: "race".into(),
            channel: channel.into(),
            kind: "chess".into(),
            ruleset: "\"standard\"".into(),
            status: Status::Active,
            state: serde_json::to_string(&game).unwrap(),
            created_by: "alice".into(),
            max_seats: 2,
            seats: vec![seat(0, "alice"), seat(1, "bob")],
            move_days: None,
            remind_after: 86_400,
        })
        .await
        .unwrap();
    row.id
}

/// Computes a move from the stored row and commits it, like the table does.
async fn try_move(
    store: Store,
    id: i64,
    pick: usize,
    barrier: Arc<Barrier>,
) -> Result<(), StoreError> {
    let row = store.game(id).await?;
    let game: Game = serde_json::from_str(&row.state).unwrap();
    let Turn::Move(seat) = game.turn() else {
        panic!("game over in the race")
    };
    let moves = game.legal_moves();
    let m = moves[(pick * 7 + row.seq as usize) % moves.len()].clone();
    let action = Action::Play {
        seat,
        r#move: m.clone(),
    };
    let next = game.apply(&action).unwrap();
    // Both racers hold the same seq before either commits.
    barrier.wait().await;
    store
        .commit(Change {
            game: id,
            expected_seq: row.seq,
            status: if next.outcome().is_some() {
                Status::Finished
            } else {
                Status::Active
            },
            state: serde_json::to_string(&next).unwrap(),
            result: None,
            seats: None,
            log: Some(NewLog {
                user_id: if seat == 0 { "alice" } else { "bob" }.into(),
                action: serde_json::to_string(&action).unwrap(),
                notation: game.format(&m),
            }),
        })
        .await
        .map(|_| ())
}

async fn race_rounds(store: Store) {
    let mut id = open_game(&store, "race-0").await;
    let mut games = 1;
    for round in 0..ROUNDS {
        if store.game(id).await.unwrap().status != Status::Active {
            games += 1;
            id = open_game(&store, &format!("race-{games}")).await;
        }
        let barrier = Arc::new(Barrier::new(2));
        let a = tokio::spawn(try_move(store.clone(), id, 0, Arc::clone(&barrier)));
        let b = tokio::spawn(try_move(store.clone(), id, 1, barrier));
        let results = [a.await.unwrap(), b.await.unwrap()];
        let landed = results.iter().filter(|r| r.is_ok()).count();
        assert_eq!(landed, 1, "round {round}: {results:?}");
        let lost = results.into_iter().find_map(Result::err).unwrap();
        assert!(
            matches!(lost, StoreError::Conflict),
            "round {round}: {lost:?}"
        );
        assert!(lost.to_string().contains("moved on"), "{lost}");
    }
    // Every game's log replays to its stored snapshot.
    for channel in 0..games {
        let row = store
            .open_game("race", &format!("race-{channel}"))
            .await
            .unwrap();
        let id = match row {
            Some(row) => row.id,
            None => continue,
        };
        let row = store.game(id).await.unwrap();
        let mut game = Game::new(GameKind::Chess, "standard", 2).unwrap();
        let log = store.log(id).await.unwrap();
        assert_eq!(log.len() as i64, row.seq);
        for (i, entry) in log.iter().enumerate() {
            assert_eq!(entry.seq, i as i64 + 1);
            game = game
                .apply(&serde_json::from_str(&entry.action).unwrap())
                .unwrap();
        }
        assert_eq!(game, serde_json::from_str::<Game>(&row.state).unwrap());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn racing_moves_land_once_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    race_rounds(
        Store::connect(&crate::support::db::sqlite_url(&dir))
            .await
            .unwrap(),
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn racing_moves_land_once_on_postgres() {
    let Some(url) = crate::support::db::postgres_url().await else {
        return;
    };
    race_rounds(Store::connect(&url).await.unwrap()).await;
}

/// Through the whole table: two moves by the player to move, sent at once.
async fn table_race(store: Store) {
    let table = Table::new(store.clone(), crate::support::render::shared());
    table.handle(&ctx("alice"), play("chess", &["bob"])).await;
    table.handle(&ctx("bob"), Command::Join).await;
    let pairs = [("e4", "d4"), ("e5", "d5"), ("Nf3", "Nc3"), ("Nc6", "Nf6")];
    for (round, (first, second)) in pairs.iter().enumerate() {
        let user = if round % 2 == 0 { "alice" } else { "bob" };
        let (t1, t2) = (table.clone(), table.clone());
        let (c1, c2) = (ctx(user), ctx(user));
        let (m1, m2) = (first.to_string(), second.to_string());
        let a = tokio::spawn(async move { t1.handle(&c1, Command::Move { text: m1 }).await });
        let b = tokio::spawn(async move { t2.handle(&c2, Command::Move { text: m2 }).await });
        let replies = [a.await.unwrap(), b.await.unwrap()];
        let landed = replies.iter().filter(|r| !r.private).count();
        assert_eq!(
            landed,
            1,
            "{:?}",
            replies.iter().map(|r| &r.text).collect::<Vec<_>>()
        );
        let refused = replies.iter().find(|r| r.private).unwrap();
        assert!(
            refused.text.contains("moved on")
                || refused.text.contains("turn")
                || refused.text.contains("not legal"),
            "{}",
            refused.text
        );
    }
    let row = store.open_game("g", "c").await.unwrap().unwrap();
    assert_eq!(store.log(row.id).await.unwrap().len(), pairs.len());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn racing_table_moves_land_once_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    table_race(
        Store::connect(&crate::support::db::sqlite_url(&dir))
            .await
            .unwrap(),
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn racing_table_moves_land_once_on_postgres() {
    let Some(url) = crate::support::db::postgres_url().await else {
        return;
    };
    table_race(Store::connect(&url).await.unwrap()).await;
}

both_backends!(
    a_typed_move_read_before_the_game_moved_on_is_read_again_and_played,
    |store: Store, _url: String| async move {
        let table = Table::new(store.clone(), crate::support::render::shared());
        table.handle(&ctx("alice"), play("chess", &["bob"])).await;
        table.handle(&ctx("bob"), Command::Join).await;
        let typed = table.read_move(&ctx("alice"), "e4").await;
        let typed = typed.expect("e4 reads as alice's move");
        // Meanwhile alice offers a draw: the game moves on, and she is still to move.
        let offered = table
            .handle(&ctx("alice"), Command::Draw(DrawCommand::Offer))
            .await;
        assert!(!offered.private, "{}", offered.text);
        let played = table.play_typed(&ctx("alice"), typed).await;
        assert!(!played.private, "{}", played.text);
        let id = store.open_game("g", "c").await.unwrap().unwrap().id;
        let log = store.log(id).await.unwrap();
        let notations: Vec<&str> = log.iter().map(|l| l.notation.as_str()).collect();
        assert_eq!(notations, ["draw offered", "e4"]);
    }
);

both_backends!(
    a_typed_move_read_before_the_game_ended_is_refused_and_changes_nothing,
    |store: Store, _url: String| async move {
        let table = Table::new(store.clone(), crate::support::render::shared());
        table.handle(&ctx("alice"), play("chess", &["bob"])).await;
        table.handle(&ctx("bob"), Command::Join).await;
        let typed = table.read_move(&ctx("alice"), "e4").await;
        let typed = typed.expect("e4 reads as alice's move");
        let before = store.open_game("g", "c").await.unwrap().unwrap().seq;
        let resigned = table
            .handle(&ctx("bob"), Command::Resign { confirmed: true })
            .await;
        assert!(!resigned.private, "{}", resigned.text);
        let refused = table.play_typed(&ctx("alice"), typed).await;
        assert!(refused.private, "{}", refused.text);
        let row = store.latest_game("g", "c").await.unwrap().unwrap();
        assert_eq!((row.status, row.seq), (Status::Finished, before + 1));
        let log = store.log(row.id).await.unwrap();
        let notations: Vec<&str> = log.iter().map(|l| l.notation.as_str()).collect();
        assert_eq!(notations, ["resign"]);
    }
);

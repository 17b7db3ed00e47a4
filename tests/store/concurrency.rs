//! Racing writers: the database, not the code, decides who wins.

use std::sync::Arc;

use tabula::store::{Change, NewLog, Status, Store, StoreError};
use tokio::sync::Barrier;

use super::{new_game, set_status};
use crate::support::db::both_backends;

both_backends!(
    concurrent_creates_in_one_channel_let_exactly_one_through,
    |store: Store, _url| async move {
        for round in 0..20 {
            let channel = format!("c{round}");
            let barrier = Arc::new(Barrier::new(2));
            let tasks: Vec<_> = (0..2)
                .map(|_| {
                    let (store, barrier) = (store.clone(), barrier.clone());
                    let new = new_game("g", &channel, Status::Lobby);
                    tokio::spawn(async move {
                        barrier.wait().await;
                        store.create_game(new).await
                    })
                })
                .collect();
            let mut created = 0;
            for task in tasks {
                match task.await.unwrap() {
                    Ok(_) => created += 1,
                    Err(StoreError::ChannelBusy) => {}
                    Err(other) => panic!("round {round}: unexpected {other:?}"),
                }
            }
            assert_eq!(created, 1, "round {round}");
        }
    }
);

both_backends!(
    racing_commits_on_one_seq_land_exactly_once_each_round,
    |store: Store, _url| async move {
        const ROUNDS: i64 = 100;
        let (game, _) = store
            .create_game(new_game("g", "race", Status::Active))
            .await
            .unwrap();
        let mut landed: Vec<String> = Vec::new();

        for round in 0..ROUNDS {
            let current = store.game(game.id).await.unwrap();
            assert_eq!(current.seq, round);
            let barrier = Arc::new(Barrier::new(2));
            let tasks: Vec<_> = ["red", "blue"]
                .into_iter()
                .map(|player| {
                    let (store, barrier) = (store.clone(), barrier.clone());
                    let action = format!("{player}-{round}");
                    let mut actions = landed.clone();
                    actions.push(action.clone());
                    let change = Change {
                        game: game.id,
                        expected_seq: current.seq,
                        status: Status::Active,
                        state: serde_json::to_string(&actions).unwrap(),
                        result: None,
                        seats: None,
                        log: Some(NewLog {
                            user_id: player.to_owned(),
                            action: serde_json::to_string(&action).unwrap(),
                            notation: action.clone(),
                        }),
                    };
                    tokio::spawn(async move {
                        barrier.wait().await;
                        (action, store.commit(change).await)
                    })
                })
                .collect();

            let mut winners = Vec::new();
            for task in tasks {
                match task.await.unwrap() {
                    (action, Ok(row)) => {
                        assert_eq!(row.seq, round + 1);
                        winners.push(action);
                    }
                    (_, Err(StoreError::Conflict)) => {}
                    (_, Err(other)) => panic!("round {round}: expected Conflict, got {other:?}"),
                }
            }
            assert_eq!(winners.len(), 1, "round {round}: {winners:?}");
            landed.append(&mut winners);
        }

        let log = store.log(game.id).await.unwrap();
        let seqs: Vec<i64> = log.iter().map(|l| l.seq).collect();
        assert_eq!(seqs, (1..=ROUNDS).collect::<Vec<_>>());
        let replayed: Vec<String> = log
            .iter()
            .map(|l| serde_json::from_str(&l.action).unwrap())
            .collect();
        assert_eq!(replayed, landed);
        let last = store.game(game.id).await.unwrap();
        assert_eq!(last.seq, ROUNDS);
        assert_eq!(last.state, serde_json::to_string(&replayed).unwrap());
        for entry in &log {
            assert!(entry.notation.starts_with(&entry.user_id), "{entry:?}");
        }
    }
);

both_backends!(
    two_processes_claiming_due_reminders_send_each_exactly_once,
    |store: Store, url: String| async move {
        use std::sync::atomic::{AtomicI64, Ordering};
        const GAMES: usize = 200;
        let clock = Arc::new(AtomicI64::new(1_800_000_000));
        let time = Arc::clone(&clock);
        let store = store.with_clock(Arc::new(move || time.load(Ordering::SeqCst)));
        for i in 0..GAMES {
            let (game, _) = store
                .create_game(new_game("g", &format!("r{i}"), Status::Active))
                .await
                .unwrap();
            // Committing an active turn schedules its first reminder a day on.
            store
                .commit(set_status(&game, Status::Active))
                .await
                .unwrap();
        }
        assert!(
            store.claim_reminders(GAMES).await.unwrap().is_empty(),
            "none due yet"
        );
        clock.store(1_800_000_000 + 86_400, Ordering::SeqCst);
        // A second process: its own pool on the same database, the same clock.
        let time = Arc::clone(&clock);
        let other = Store::connect(&url)
            .await
            .unwrap()
            .with_clock(Arc::new(move || time.load(Ordering::SeqCst)));
        let barrier = Arc::new(Barrier::new(2));
        let tasks: Vec<_> = [store.clone(), other.clone()]
            .into_iter()
            .map(|s| {
                let barrier = barrier.clone();
                tokio::spawn(async move {
                    barrier.wait().await;
                    let mut sent = Vec::new();
                    loop {
                        let batch = s.claim_reminders(17).await.unwrap();
                        if batch.is_empty() {
                            break;
                        }
                        for row in batch {
                            sent.push(row.id);
                            s.reminder_sent(&row, None).await.unwrap();
                        }
                    }
                    sent
                })
            })
            .collect();
        let mut sent: Vec<i64> = Vec::new();
        for task in tasks {
            sent.extend(task.await.unwrap());
        }
        sent.sort_unstable();
        let before = sent.len();
        sent.dedup();
        assert_eq!(before, sent.len(), "a reminder was sent twice");
        assert_eq!(sent.len(), GAMES, "every reminder was sent");
        // A claim that is never acknowledged (a crash mid-send) is claimed again after its lease.
        let (game, _) = store
            .create_game(new_game("g", "crash", Status::Active))
            .await
            .unwrap();
        store
            .commit(set_status(&game, Status::Active))
            .await
            .unwrap();
        clock.fetch_add(86_400, Ordering::SeqCst);
        assert_eq!(store.claim_reminders(10).await.unwrap().len(), 1);
        assert!(
            other.claim_reminders(10).await.unwrap().is_empty(),
            "leased"
        );
        clock.fetch_add(tabula::store::LEASE_SECONDS, Ordering::SeqCst);
        assert_eq!(
            other.claim_reminders(10).await.unwrap().len(),
            1,
            "sent again"
        );
        other.close().await;
    }
);

both_backends!(
    a_turn_whose_log_seq_is_taken_changes_nothing_and_the_next_turn_lands,
    |store: Store, url: String| async move {
        use sqlx::{AnyConnection, Connection as _};
        let (game, _) = store
            .create_game(new_game("g", "c", Status::Active))
            .await
            .unwrap();
        let turn = |expected_seq: i64, state: &str| Change {
            game: game.id,
            expected_seq,
            status: Status::Active,
            state: state.into(),
            result: None,
            seats: None,
            log: Some(NewLog {
                user_id: "alice".into(),
                action: "{}".into(),
                notation: state.into(),
            }),
        };
        // A log row already at the seq the turn would take (as a half-done write by a broken
        // tool could leave): the turn's one-step commit fails as a whole.
        let mut raw = AnyConnection::connect(&url).await.unwrap();
        sqlx::query(
            "INSERT INTO moves (game, seq, user_id, action, notation, at) \
             VALUES ($1, 1, 'mallory', '{}', 'stray', 0)",
        )
        .bind(game.id)
        .execute(&mut raw)
        .await
        .unwrap();
        for _ in 0..3 {
            let refused = store.commit(turn(0, "first")).await;
            assert!(matches!(refused, Err(StoreError::Conflict)), "{refused:?}");
            let row = store.game(game.id).await.unwrap();
            assert_eq!((row.seq, row.state.as_str()), (0, game.state.as_str()));
        }
        sqlx::query("DELETE FROM moves WHERE game = $1")
            .bind(game.id)
            .execute(&mut raw)
            .await
            .unwrap();
        raw.close().await.unwrap();
        // Nothing was left half-open: the next turns land, each with its log row.
        let first = store.commit(turn(0, "first")).await.unwrap();
        let second = store.commit(turn(1, "second")).await.unwrap();
        assert_eq!((first.seq, second.seq), (1, 2));
        let log = store.log(game.id).await.unwrap();
        let notations: Vec<&str> = log.iter().map(|l| l.notation.as_str()).collect();
        assert_eq!(notations, ["first", "second"]);
    }
);

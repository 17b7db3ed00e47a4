//! The store against SQLite and PostgreSQL: schema, the one-open-game-per-channel rule,
//! optimistic concurrency, and text that must come back byte for byte.

mod concurrency;
mod text;
mod trips;
mod writer;

use crate::support::db::both_backends;
use sqlx::{AnyConnection, Connection};
use tabula::store::{
    Backend, Change, GameRow, NewGame, NewLog, SeatRow, Status, Store, StoreError,
};

fn seat(seat: i64, user_id: &str, joined: bool) -> SeatRow {
    SeatRow {
        seat,
        user_id: user_id.to_owned(),
        name: format!("{user_id}'s name"),
        joined,
    }
}

fn new_game(guild: &str, channel: &str, status: Status) -> NewGame {
    NewGame {
        guild: guild.to_owned(),
        channel: channel.to_owned(),
        kind: "chess".to_owned(),
        ruleset: r#"{"variant":"standard"}"#.to_owned(),
        status,
        state: r#"{"fen":"start"}"#.to_owned(),
        created_by: "u1".to_owned(),
        max_seats: 2,
        seats: vec![seat(1, "u1", true), seat(0, "u2", false)],
        move_days: None,
        remind_after: 86_400,
    }
}

/// A change that keeps everything but moves the game to `status`.
fn set_status(game: &GameRow, status: Status) -> Change {
    Change {
        game: game.id,
        expected_seq: game.seq,
        status,
        state: game.state.clone(),
        result: game.result.clone(),
        seats: None,
        log: None,
    }
}

fn log_entry(user_id: &str, action: &str) -> NewLog {
    NewLog {
        user_id: user_id.to_owned(),
        action: action.to_owned(),
        notation: action.to_owned(),
    }
}

both_backends!(
    migrations_are_idempotent,
    |store: Store, url: String| async move {
        store.migrate().await.unwrap();
        store.migrate().await.unwrap();
        let again = Store::connect(&url).await.unwrap();
        assert_eq!(again.backend(), store.backend());
        let (game, _) = again
            .create_game(new_game("g", "c", Status::Lobby))
            .await
            .unwrap();
        assert_eq!(store.game(game.id).await.unwrap(), game);
        again.close().await;
    }
);

both_backends!(
    backend_matches_url_and_sqlite_files_use_wal,
    |store: Store, url: String| async move {
        let expected = if url.starts_with("sqlite:") {
            Backend::Sqlite
        } else {
            Backend::Postgres
        };
        assert_eq!(store.backend(), expected);
        if store.backend() == Backend::Sqlite {
            // journal_mode is stored in the file, so a fresh connection sees what the store set.
            let mut raw = AnyConnection::connect(&url).await.unwrap();
            let mode: String = sqlx::query_scalar("PRAGMA journal_mode")
                .fetch_one(&mut raw)
                .await
                .unwrap();
            assert_eq!(mode, "wal");
            raw.close().await.unwrap();
        }
    }
);

both_backends!(
    created_game_reads_back_with_ordered_seats,
    |store: Store, _url| async move {
        let (game, seats) = store
            .create_game(new_game("g", "c", Status::Lobby))
            .await
            .unwrap();
        assert!(game.id > 0);
        assert_eq!(
            (
                game.guild.as_str(),
                game.channel.as_str(),
                game.kind.as_str()
            ),
            ("g", "c", "chess")
        );
        assert_eq!(game.ruleset, r#"{"variant":"standard"}"#);
        assert_eq!(game.status, Status::Lobby);
        assert_eq!(game.seq, 0);
        assert_eq!(game.state, r#"{"fen":"start"}"#);
        assert_eq!(game.result, None);
        assert_eq!(game.created_by, "u1");
        assert_eq!(game.max_seats, 2);
        assert!(game.created_at > 1_600_000_000);
        assert_eq!(game.updated_at, game.created_at);

        let expected_seats = vec![seat(0, "u2", false), seat(1, "u1", true)];
        assert_eq!(seats, expected_seats);
        assert_eq!(store.seats(game.id).await.unwrap(), expected_seats);
        assert_eq!(store.game(game.id).await.unwrap(), game);
        assert_eq!(store.open_game("g", "c").await.unwrap(), Some(game.clone()));
        assert_eq!(store.open_game("g", "other").await.unwrap(), None);
        assert!(store.log(game.id).await.unwrap().is_empty());
    }
);

both_backends!(
    second_open_game_in_a_channel_is_channel_busy_until_the_first_ends,
    |store: Store, _url| async move {
        let (first, _) = store
            .create_game(new_game("g", "c", Status::Lobby))
            .await
            .unwrap();
        let busy = store.create_game(new_game("g", "c", Status::Active)).await;
        assert!(matches!(busy, Err(StoreError::ChannelBusy)), "{busy:?}");
        let busy = store.create_game(new_game("g", "c", Status::Lobby)).await;
        assert!(matches!(busy, Err(StoreError::ChannelBusy)), "{busy:?}");
        assert_eq!(
            store.open_game("g", "c").await.unwrap(),
            Some(first.clone())
        );

        let first = store
            .commit(set_status(&first, Status::Active))
            .await
            .unwrap();
        let first = store
            .commit(set_status(&first, Status::Finished))
            .await
            .unwrap();
        assert_eq!(store.open_game("g", "c").await.unwrap(), None);
        let (second, _) = store
            .create_game(new_game("g", "c", Status::Lobby))
            .await
            .unwrap();
        assert_eq!(
            store.open_game("g", "c").await.unwrap(),
            Some(second.clone())
        );

        // Reopening the finished game while the second is open is refused the same way.
        let reopen = store.commit(set_status(&first, Status::Active)).await;
        assert!(matches!(reopen, Err(StoreError::ChannelBusy)), "{reopen:?}");
        assert_eq!(store.game(first.id).await.unwrap(), first);

        store
            .commit(set_status(&second, Status::Aborted))
            .await
            .unwrap();
        let (third, _) = store
            .create_game(new_game("g", "c", Status::Active))
            .await
            .unwrap();
        assert_eq!(store.open_game("g", "c").await.unwrap(), Some(third));
    }
);

both_backends!(
    finished_games_do_not_occupy_the_channel,
    |store: Store, _url| async move {
        store
            .create_game(new_game("g", "c", Status::Finished))
            .await
            .unwrap();
        store
            .create_game(new_game("g", "c", Status::Aborted))
            .await
            .unwrap();
        store
            .create_game(new_game("g", "c", Status::Lobby))
            .await
            .unwrap();
        store
            .create_game(new_game("g", "c", Status::Finished))
            .await
            .unwrap();
    }
);

both_backends!(
    other_channels_and_guilds_are_unaffected_by_a_busy_channel,
    |store: Store, _url| async move {
        let (a, _) = store
            .create_game(new_game("g", "c", Status::Active))
            .await
            .unwrap();
        let (b, _) = store
            .create_game(new_game("g", "d", Status::Active))
            .await
            .unwrap();
        let (c, _) = store
            .create_game(new_game("h", "c", Status::Lobby))
            .await
            .unwrap();
        assert_eq!(store.open_game("g", "c").await.unwrap(), Some(a));
        assert_eq!(store.open_game("g", "d").await.unwrap(), Some(b));
        assert_eq!(store.open_game("h", "c").await.unwrap(), Some(c));
    }
);

both_backends!(
    commit_bumps_seq_appends_log_in_order_and_replaces_seats,
    |store: Store, _url| async move {
        let (game, _) = store
            .create_game(new_game("g", "c", Status::Lobby))
            .await
            .unwrap();

        // Seats change without a log row: the seq still moves.
        let joined = vec![seat(0, "u2", true), seat(1, "u1", true)];
        let game = store
            .commit(Change {
                seats: Some(joined.clone()),
                ..set_status(&game, Status::Active)
            })
            .await
            .unwrap();
        assert_eq!((game.seq, game.status), (1, Status::Active));
        assert_eq!(store.seats(game.id).await.unwrap(), joined);

        let mut game = game;
        for (i, mv) in ["e4", "e5", "Nf3"].into_iter().enumerate() {
            let user = if i % 2 == 0 { "u2" } else { "u1" };
            game = store
                .commit(Change {
                    state: format!("after {mv}"),
                    log: Some(log_entry(user, &format!("{{\"san\":\"{mv}\"}}"))),
                    ..set_status(&game, Status::Active)
                })
                .await
                .unwrap();
            assert_eq!(game.state, format!("after {mv}"));
        }
        assert_eq!(game.seq, 4);

        let swapped = vec![
            seat(0, "u3", true),
            seat(1, "u1", true),
            seat(2, "u4", false),
        ];
        let game = store
            .commit(Change {
                result: Some(r#"{"winner":0}"#.to_owned()),
                seats: Some(swapped.clone()),
                log: Some(log_entry("u2", "resign")),
                ..set_status(&game, Status::Finished)
            })
            .await
            .unwrap();
        assert_eq!(game.seq, 5);
        assert_eq!(game.status, Status::Finished);
        assert_eq!(game.result.as_deref(), Some(r#"{"winner":0}"#));
        assert!(game.updated_at >= game.created_at);
        assert_eq!(store.game(game.id).await.unwrap(), game);
        assert_eq!(store.seats(game.id).await.unwrap(), swapped);

        let log = store.log(game.id).await.unwrap();
        let seqs: Vec<i64> = log.iter().map(|l| l.seq).collect();
        assert_eq!(seqs, [2, 3, 4, 5]);
        let actions: Vec<&str> = log.iter().map(|l| l.notation.as_str()).collect();
        assert_eq!(
            actions,
            [
                r#"{"san":"e4"}"#,
                r#"{"san":"e5"}"#,
                r#"{"san":"Nf3"}"#,
                "resign"
            ]
        );
        assert_eq!(log[0].user_id, "u2");
        assert!(log.iter().all(|l| l.at >= game.created_at));
    }
);

both_backends!(
    stale_expected_seq_is_conflict_and_changes_nothing,
    |store: Store, _url| async move {
        let (game, _) = store
            .create_game(new_game("g", "c", Status::Active))
            .await
            .unwrap();
        let game = store
            .commit(Change {
                state: "one".to_owned(),
                log: Some(log_entry("u1", "a")),
                ..set_status(&game, Status::Active)
            })
            .await
            .unwrap();
        let before = (
            store.game(game.id).await.unwrap(),
            store.seats(game.id).await.unwrap(),
            store.log(game.id).await.unwrap(),
        );

        for stale in [0, game.seq + 1, -1] {
            let outcome = store
                .commit(Change {
                    game: game.id,
                    expected_seq: stale,
                    status: Status::Finished,
                    state: "tampered".to_owned(),
                    result: Some("tampered".to_owned()),
                    seats: Some(vec![seat(0, "intruder", true)]),
                    log: Some(log_entry("intruder", "tampered")),
                })
                .await;
            assert!(
                matches!(outcome, Err(StoreError::Conflict)),
                "seq {stale}: {outcome:?}"
            );
            let after = (
                store.game(game.id).await.unwrap(),
                store.seats(game.id).await.unwrap(),
                store.log(game.id).await.unwrap(),
            );
            assert_eq!(after, before);
        }
    }
);

both_backends!(missing_game_is_not_found, |store: Store, _url| async move {
    let outcome = store
        .commit(Change {
            game: 4242,
            expected_seq: 0,
            status: Status::Active,
            state: "{}".to_owned(),
            result: None,
            seats: Some(vec![seat(0, "u1", true)]),
            log: Some(log_entry("u1", "a")),
        })
        .await;
    assert!(matches!(outcome, Err(StoreError::NotFound)), "{outcome:?}");
    assert!(matches!(store.game(4242).await, Err(StoreError::NotFound)));
    assert!(store.seats(4242).await.unwrap().is_empty());
    assert!(store.log(4242).await.unwrap().is_empty());
});

#[test]
fn status_strings_round_trip_and_unknown_ones_are_errors() {
    for status in [
        Status::Lobby,
        Status::Active,
        Status::Finished,
        Status::Aborted,
    ] {
        assert_eq!(status.as_str().parse::<Status>(), Ok(status));
        assert_eq!(
            status.is_open(),
            matches!(status, Status::Lobby | Status::Active)
        );
    }
    for damaged in ["", "paused", "LOBBY", " active", "finished\0", "🎲"] {
        let err = damaged.parse::<Status>().unwrap_err();
        assert!(err.to_string().contains("unknown game status"), "{err}");
    }
}

both_backends!(
    damaged_status_or_seat_flag_reads_as_corrupt,
    |store: Store, url: String| async move {
        let (game, _) = store
            .create_game(new_game("g", "c", Status::Active))
            .await
            .unwrap();

        // Get past the CHECK constraints the way a broken tool or manual edit could.
        let mut raw = AnyConnection::connect(&url).await.unwrap();
        let bypass: &[&'static str] = match store.backend() {
            Backend::Sqlite => &["PRAGMA ignore_check_constraints = ON"],
            Backend::Postgres => &[
                "ALTER TABLE games DROP CONSTRAINT games_status_known",
                "ALTER TABLE seats DROP CONSTRAINT seats_joined_flag",
            ],
        };
        for sql in bypass {
            sqlx::query(*sql).execute(&mut raw).await.unwrap();
        }
        sqlx::query("UPDATE games SET status = 'paused' WHERE id = $1")
            .bind(game.id)
            .execute(&mut raw)
            .await
            .unwrap();
        sqlx::query("UPDATE seats SET joined = 7 WHERE game = $1")
            .bind(game.id)
            .execute(&mut raw)
            .await
            .unwrap();
        raw.close().await.unwrap();

        match store.game(game.id).await {
            Err(StoreError::Corrupt(why)) => assert!(why.contains("paused"), "{why}"),
            other => panic!("expected Corrupt, got {other:?}"),
        }
        let seats = store.seats(game.id).await;
        assert!(matches!(seats, Err(StoreError::Corrupt(_))), "{seats:?}");
    }
);

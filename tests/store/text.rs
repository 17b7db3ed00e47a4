//! Text columns: hostile strings come back byte for byte, NUL is refused on both backends.

use tabula::store::{Change, NewGame, NewLog, SeatRow, Status, Store, StoreError};

use super::{log_entry, new_game, seat, set_status};
use crate::support::db::both_backends;

/// Strings that have broken SQL layers, encoders or terminals before. NUL is tested apart.
fn hostile_strings() -> Vec<String> {
    let controls: String = (1u8..0x20).chain([0x7f]).map(char::from).collect();
    vec![
        String::new(),
        "x".repeat(10 * 1024),
        "🎲♟️👨‍👩‍👧‍👦 e4!? ½-½".to_owned(),
        controls,
        "'; DROP TABLE games; --".to_owned(),
        r#"" OR 1=1; -- \' \\ \n $1 ? %s {}"#.to_owned(),
        "\u{202e}rtl\u{200b}\u{feff}\u{fffd}\u{10ffff}".to_owned(),
        " \t\r\n leading and trailing space \r\n".to_owned(),
    ]
}

both_backends!(
    hostile_text_round_trips_byte_identical,
    |store: Store, _url| async move {
        for (i, text) in hostile_strings().into_iter().enumerate() {
            // The empty guild of case 0 is a legal key too; the index keeps cases apart.
            let guild = format!("{text}{i}");
            let new = NewGame {
                guild: guild.clone(),
                channel: text.clone(),
                kind: text.clone(),
                ruleset: text.clone(),
                status: Status::Lobby,
                state: text.clone(),
                created_by: text.clone(),
                max_seats: 2,
                seats: vec![SeatRow {
                    seat: 0,
                    user_id: text.clone(),
                    name: text.clone(),
                    joined: true,
                }],
                move_days: None,
                remind_after: 86_400,
            };
            let (game, seats) = store.create_game(new).await.unwrap();
            for value in [
                &game.channel,
                &game.kind,
                &game.ruleset,
                &game.state,
                &game.created_by,
            ] {
                assert_eq!(value.as_bytes(), text.as_bytes(), "case {i}");
            }
            assert_eq!(game.guild, guild);
            assert_eq!(
                (seats[0].user_id.as_str(), seats[0].name.as_str()),
                (text.as_str(), text.as_str())
            );

            let changed = store
                .commit(Change {
                    result: Some(text.clone()),
                    seats: Some(vec![SeatRow {
                        seat: 1,
                        user_id: text.clone(),
                        name: text.clone(),
                        joined: false,
                    }]),
                    log: Some(NewLog {
                        user_id: text.clone(),
                        action: text.clone(),
                        notation: text.clone(),
                    }),
                    ..set_status(&game, Status::Active)
                })
                .await
                .unwrap();
            let stored = store.game(game.id).await.unwrap();
            assert_eq!(stored, changed);
            assert_eq!(
                stored.result.as_deref().map(str::as_bytes),
                Some(text.as_bytes())
            );
            assert_eq!(stored.state.as_bytes(), text.as_bytes());
            assert_eq!(store.open_game(&guild, &text).await.unwrap(), Some(stored));
            let seats = store.seats(game.id).await.unwrap();
            assert_eq!(seats.len(), 1);
            assert_eq!(seats[0].user_id.as_bytes(), text.as_bytes());
            assert_eq!(seats[0].name.as_bytes(), text.as_bytes());
            let log = store.log(game.id).await.unwrap();
            assert_eq!(log.len(), 1);
            for value in [&log[0].user_id, &log[0].action, &log[0].notation] {
                assert_eq!(value.as_bytes(), text.as_bytes(), "case {i}");
            }
        }
        assert_eq!(
            store
                .open_game("'; DROP TABLE games; --", "x")
                .await
                .unwrap(),
            None
        );
    }
);

both_backends!(
    nul_in_text_is_refused_on_both_backends_and_changes_nothing,
    |store: Store, _url| async move {
        let nul = "a\0b";
        let mutations: Vec<fn(&mut NewGame)> = vec![
            |g| g.guild = "a\0b".to_owned(),
            |g| g.channel = "a\0b".to_owned(),
            |g| g.kind = "a\0b".to_owned(),
            |g| g.ruleset = "a\0b".to_owned(),
            |g| g.state = "a\0b".to_owned(),
            |g| g.created_by = "a\0b".to_owned(),
            |g| g.seats[0].user_id = "a\0b".to_owned(),
            |g| g.seats[0].name = "a\0b".to_owned(),
        ];
        for mutate in mutations {
            let mut new = new_game("g", "c", Status::Lobby);
            mutate(&mut new);
            let outcome = store.create_game(new).await;
            match outcome {
                Err(err @ StoreError::NulInText(_)) => assert!(err.to_string().contains("NUL")),
                other => panic!("expected NulInText, got {other:?}"),
            }
        }
        assert_eq!(store.open_game("g", "c").await.unwrap(), None);
        assert_eq!(store.open_game(nul, nul).await.unwrap(), None);

        let (game, _) = store
            .create_game(new_game("g", "c", Status::Active))
            .await
            .unwrap();
        let changes = [
            Change {
                state: nul.to_owned(),
                ..set_status(&game, Status::Active)
            },
            Change {
                result: Some(nul.to_owned()),
                ..set_status(&game, Status::Active)
            },
            Change {
                seats: Some(vec![seat(0, nul, true)]),
                ..set_status(&game, Status::Active)
            },
            Change {
                log: Some(log_entry("u1", nul)),
                ..set_status(&game, Status::Active)
            },
            Change {
                log: Some(NewLog {
                    notation: nul.to_owned(),
                    ..log_entry("u1", "a")
                }),
                ..set_status(&game, Status::Active)
            },
            Change {
                log: Some(log_entry(nul, "a")),
                ..set_status(&game, Status::Active)
            },
        ];
        for change in changes {
            let outcome = store.commit(change).await;
            assert!(
                matches!(outcome, Err(StoreError::NulInText(_))),
                "{outcome:?}"
            );
        }
        assert_eq!(store.game(game.id).await.unwrap(), game);
        assert!(store.log(game.id).await.unwrap().is_empty());
    }
);

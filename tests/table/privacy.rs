//! Data on request and on leaving (issue 29 items 7 and 8), on SQLite and PostgreSQL:
//! `/forget-me` deletes a player's choices and ratings and leaves past games whole under
//! "a former player"; a server that removed the bot has its unfinished games closed at once
//! and its data deleted after 30 days unless the bot came back; a named time zone is kept.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use crate::support::db::both_backends;
use crate::support::table::{ctx, play};
use tabula::store::{
    FORMER_PLAYER, KEEP_AFTER_LEAVING, Status, Store, StoreError, Visibility, Zone,
};
use tabula::table::{Command, Ctx, Table};

const T0: i64 = 1_800_000_000;

/// A table over `store` whose clock the test moves.
fn clocked(store: &Store) -> (Table, Arc<AtomicI64>) {
    let clock = Arc::new(AtomicI64::new(T0));
    let time = Arc::clone(&clock);
    let store = store.with_clock(Arc::new(move || time.load(Ordering::SeqCst)));
    (Table::new(store, crate::support::render::shared()), clock)
}

fn in_channel(user: &str, channel: &str) -> Ctx {
    Ctx {
        channel: channel.into(),
        ..ctx(user)
    }
}

/// Opens a chess table in `channel` (alice invites bob) and starts it; returns its number.
async fn chess(table: &Table, store: &Store, channel: &str) -> i64 {
    let open = table
        .handle(&in_channel("alice", channel), play("chess", &["bob"]))
        .await;
    assert!(!open.private, "{}", open.text);
    let join = table
        .handle(&in_channel("bob", channel), Command::Join)
        .await;
    assert!(!join.private, "{}", join.text);
    store.open_game("g", channel).await.unwrap().unwrap().id
}

both_backends!(
    forget_me_deletes_choices_and_ratings_and_leaves_past_games_to_a_former_player,
    |store: Store, _url: String| async move {
        let (table, _clock) = clocked(&store);
        let quiet = Command::Notify {
            via: Some("dm".into()),
            quiet: Some("22-07".into()),
            tz: Some("Europe/Paris".into()),
        };
        let set = table.handle(&ctx("alice"), quiet).await;
        assert!(set.text.contains("Europe/Paris"), "{}", set.text);
        let kept = store.player_settings("g", "alice").await.unwrap();
        assert_eq!(
            kept.quiet.unwrap().zone,
            Zone::named("Europe/Paris").unwrap()
        );

        let id = chess(&table, &store, "c").await;
        let moved = table
            .handle(&ctx("alice"), Command::Move { text: "e4".into() })
            .await;
        assert!(!moved.private, "{}", moved.text);
        let resigned = table
            .handle(&ctx("bob"), Command::Resign { confirmed: true })
            .await;
        assert!(!resigned.private, "{}", resigned.text);
        assert_eq!(store.standings_of("g", "alice", 0).await.unwrap().len(), 1);

        // Sitting at an unfinished game, anywhere, is refused first.
        chess(&table, &store, "other").await;
        let refused = table
            .handle(&ctx("alice"), Command::ForgetMe { confirmed: true })
            .await;
        assert!(
            refused.private && refused.text.contains("unfinished"),
            "{}",
            refused.text
        );
        assert!(
            store
                .player_settings("g", "alice")
                .await
                .unwrap()
                .quiet
                .is_some()
        );
        let other = in_channel("bob", "other");
        let ended = table
            .handle(&other, Command::Resign { confirmed: true })
            .await;
        assert!(!ended.private, "{}", ended.text);

        let asked = table
            .handle(&ctx("alice"), Command::ForgetMe { confirmed: false })
            .await;
        assert!(
            asked.private && asked.text.contains("confirm:True"),
            "{}",
            asked.text
        );
        assert!(
            store
                .player_settings("g", "alice")
                .await
                .unwrap()
                .quiet
                .is_some()
        );
        let done = table
            .handle(&ctx("alice"), Command::ForgetMe { confirmed: true })
            .await;
        assert!(
            done.private && done.text.contains("forgot you"),
            "{}",
            done.text
        );

        assert_eq!(
            store.player_settings("g", "alice").await.unwrap(),
            Default::default()
        );
        assert!(
            store
                .standings_of("g", "alice", 0)
                .await
                .unwrap()
                .is_empty()
        );
        assert_eq!(store.standings_of("g", "bob", 0).await.unwrap().len(), 1);
        let seats = store.seats(id).await.unwrap();
        let former: Vec<_> = seats.iter().filter(|s| s.name == FORMER_PLAYER).collect();
        assert_eq!(former.len(), 1, "{seats:?}");
        assert!(seats.iter().all(|s| s.user_id != "alice"), "{seats:?}");
        let log = store.log(id).await.unwrap();
        assert_eq!(log.len(), 2, "the moves stay: {log:?}");
        assert!(log.iter().all(|a| a.user_id != "alice"), "{log:?}");
        let row = store.game(id).await.unwrap();
        assert!(!row.created_by.contains("alice") && !row.result.unwrap().contains("\"alice\""));
        // The game still replays and exports, for bob as for anyone.
        let export = table
            .handle(&ctx("bob"), Command::Export { game: Some(id) })
            .await;
        assert!(
            !export.private && !export.files.is_empty(),
            "{}",
            export.text
        );
        let replay = table
            .handle(&ctx("bob"), Command::Replay { game: Some(id) })
            .await;
        assert!(!replay.private, "{}", replay.text);
    }
);

both_backends!(
    a_server_that_removed_the_bot_has_its_games_closed_and_its_data_deleted_after_30_days,
    |store: Store, _url: String| async move {
        let (table, clock) = clocked(&store);
        let id = chess(&table, &store, "c").await;
        let lobby = table
            .handle(&in_channel("carol", "lobby"), play("chess", &["dave"]))
            .await;
        assert!(!lobby.private, "{}", lobby.text);
        let elsewhere = Ctx {
            guild: "h".into(),
            ..ctx("erin")
        };
        assert!(
            !table
                .handle(&elsewhere, play("chess", &["frank"]))
                .await
                .private
        );

        assert_eq!(
            table.guild_removed("g").await,
            2,
            "both unfinished games close"
        );
        assert_eq!(store.game(id).await.unwrap().status, Status::Aborted);
        assert!(
            store.open_game("h", "c").await.unwrap().is_some(),
            "other servers stay"
        );

        // Kept for 30 days; the bot coming back keeps it for good.
        clock.store(T0 + KEEP_AFTER_LEAVING - 1, Ordering::SeqCst);
        assert_eq!(table.delete_departed().await, 0);
        table.guild_present("g").await;
        clock.store(T0 + 2 * KEEP_AFTER_LEAVING, Ordering::SeqCst);
        assert_eq!(table.delete_departed().await, 0);
        assert!(store.game(id).await.is_ok());

        // Removed again, and this time for 30 days: everything of the server goes.
        assert_eq!(table.guild_removed("g").await, 0);
        clock.store(T0 + 3 * KEEP_AFTER_LEAVING, Ordering::SeqCst);
        assert_eq!(table.delete_departed().await, 1);
        assert!(matches!(store.game(id).await, Err(StoreError::NotFound)));
        assert!(store.latest_game("g", "lobby").await.unwrap().is_none());
        assert!(
            store
                .standings_of("g", "alice", 0)
                .await
                .unwrap()
                .is_empty()
        );
        assert!(store.open_game("h", "c").await.unwrap().is_some());
        assert_eq!(table.delete_departed().await, 0);
    }
);

both_backends!(
    forget_me_and_a_departed_server_leave_no_web_page_behind,
    |store: Store, _url: String| async move {
        let (table, clock) = clocked(&store);
        let id = chess(&table, &store, "c").await;
        let server = store
            .set_web_visibility("g", Visibility::Public)
            .await
            .unwrap();
        let game = store.web_game(id).await.unwrap();
        store.set_web_unlisted(id, true).await.unwrap();
        store.set_web_hidden("g", "alice", true).await.unwrap();
        let alice = store.web_player("g", "alice").await.unwrap();
        let bob = store.web_player("g", "bob").await.unwrap();
        assert!(alice.hidden);
        let resigned = table
            .handle(&ctx("bob"), Command::Resign { confirmed: true })
            .await;
        assert!(!resigned.private, "{}", resigned.text);

        // `/forget-me`: her public id and her hidden mark go; bob's page stays.
        let done = table
            .handle(&ctx("alice"), Command::ForgetMe { confirmed: true })
            .await;
        assert!(done.text.contains("forgot you"), "{}", done.text);
        let by_id = store.web_player_by_id(&alice.public_id).await.unwrap();
        assert_eq!(by_id, None);
        assert_eq!(
            store.web_player_by_id(&bob.public_id).await.unwrap(),
            Some(bob.clone())
        );
        assert!(
            store
                .web_game_by_id(&game.public_id)
                .await
                .unwrap()
                .is_some()
        );

        // A server gone for 30 days: its page, its players' and its games' go with it.
        assert_eq!(table.guild_removed("g").await, 0);
        clock.store(T0 + KEEP_AFTER_LEAVING, Ordering::SeqCst);
        assert_eq!(table.delete_departed().await, 1);
        assert_eq!(
            store.web_server_by_id(&server.public_id).await.unwrap(),
            None
        );
        assert_eq!(store.web_player_by_id(&bob.public_id).await.unwrap(), None);
        assert!(
            store
                .web_game_by_id(&game.public_id)
                .await
                .unwrap()
                .is_none()
        );
        assert_eq!(store.web_server("g").await.unwrap(), None);
    }
);

both_backends!(
    rating_history_is_kept_per_rated_game_and_goes_with_forget_me_and_a_departed_server,
    |store: Store, _url: String| async move {
        let (table, clock) = clocked(&store);
        for (n, loser) in ["bob", "alice", "bob"].into_iter().enumerate() {
            let channel = format!("h{n}");
            chess(&table, &store, &channel).await;
            clock.fetch_add(60, Ordering::SeqCst);
            let resigned = table
                .handle(
                    &in_channel(loser, &channel),
                    Command::Resign { confirmed: true },
                )
                .await;
            assert!(!resigned.private, "{}", resigned.text);
        }
        let alice = store.rating_history("g", "alice", 50).await.unwrap();
        assert_eq!(alice.len(), 3, "one point per rated game: {alice:?}");
        assert!(alice.iter().all(|p| p.kind == "chess"));
        assert!(
            alice
                .windows(2)
                .all(|w| w[0].game < w[1].game && w[0].at < w[1].at)
        );
        assert!(alice[0].rating > 1500.0 && alice[1].rating < alice[0].rating);
        let now = store.standings_of("g", "alice", 0).await.unwrap();
        assert_eq!(
            alice[2].rating, now[0].rating.rating,
            "the last point is her rating"
        );
        assert_eq!(alice[2].deviation, now[0].rating.deviation);
        let latest = store.rating_history("g", "alice", 2).await.unwrap();
        assert_eq!(
            latest,
            alice[1..],
            "the latest games when fewer are asked for"
        );

        // `/forget-me`: her history goes with her ratings; bob's stays.
        let done = table
            .handle(&ctx("alice"), Command::ForgetMe { confirmed: true })
            .await;
        assert!(done.text.contains("forgot you"), "{}", done.text);
        assert!(
            store
                .rating_history("g", "alice", 50)
                .await
                .unwrap()
                .is_empty()
        );
        assert_eq!(store.rating_history("g", "bob", 50).await.unwrap().len(), 3);

        // A server gone for 30 days: its players' history goes with its data.
        assert_eq!(table.guild_removed("g").await, 0);
        clock.store(T0 + 2 * KEEP_AFTER_LEAVING, Ordering::SeqCst);
        assert_eq!(table.delete_departed().await, 1);
        assert!(
            store
                .rating_history("g", "bob", 50)
                .await
                .unwrap()
                .is_empty()
        );
    }
);

//! Hostile text in every command option gets a clear one-line error and changes nothing.

use crate::support::table::{TestTable, ctx, play};
use tabula::store::Store;
use tabula::table::{Command, Ctx, Reply, User};

fn hostile() -> Vec<String> {
    vec![
        String::new(),
        "   ".into(),
        "x".repeat(10_000),
        "e4\u{0}\u{7}\u{1b}[31m\r\n".into(),
        "'; DROP TABLE games; --".into(),
        "\" OR 1=1 --".into(),
        "♟️🎲🐍 e4".into(),
        "\u{202e}4e".into(),
        "<@everyone> @here".into(),
    ]
}

/// Everything stored about the channel's game, to compare before and after.
async fn snapshot(store: &Store) -> String {
    match store.open_game("g", "c").await.expect("query") {
        None => "no game".into(),
        Some(row) => format!(
            "{row:?} {:?} {:?}",
            store.seats(row.id).await.expect("seats"),
            store.log(row.id).await.expect("log")
        ),
    }
}

fn assert_clear_error(reply: &Reply, what: &str) {
    assert!(reply.private, "{what}: not an error: {}", reply.text);
    assert!(reply.image.is_none(), "{what}");
    let first_line = reply.text.lines().next().unwrap_or_default();
    assert!(
        !first_line.is_empty() && first_line.len() < 300,
        "{what}: {first_line}"
    );
    assert!(reply.text.len() < 600, "{what}: {} bytes", reply.text.len());
    assert!(
        !reply.text.contains('\u{0}') && !reply.text.contains('\u{1b}'),
        "{what}: {:?}",
        reply.text
    );
    assert!(
        !reply.text.contains("Error") && !reply.text.contains("{ "),
        "{what}: looks like a Debug dump: {}",
        reply.text
    );
}

#[tokio::test]
async fn hostile_text_in_every_option_is_refused_and_changes_nothing() {
    let TestTable {
        table,
        store,
        dir: _dir,
        ..
    } = TestTable::new().await;
    for text in hostile() {
        let before = snapshot(&store).await;
        let reply = table
            .handle(
                &ctx("alice"),
                Command::Play {
                    game: text.clone(),
                    ruleset: None,
                    opponents: vec![],
                    days: None,
                    bot: None,
                    players: None,
                },
            )
            .await;
        assert_clear_error(&reply, "play game");
        let reply = table
            .handle(
                &ctx("alice"),
                Command::Play {
                    game: "chess".into(),
                    ruleset: Some(text.clone()),
                    opponents: vec![],
                    days: None,
                    bot: None,
                    players: None,
                },
            )
            .await;
        if !text.trim().is_empty() {
            assert_clear_error(&reply, "play ruleset");
        }
        if !reply.private {
            // A blank ruleset means the default, so that table opened; close it again.
            table.handle(&ctx("alice"), Command::Abort).await;
        }
        assert_eq!(
            snapshot(&store).await,
            before,
            "play changed nothing for {text:?}"
        );
        let reply = table
            .handle(
                &ctx("alice"),
                Command::Rules {
                    game: Some(text.clone()),
                },
            )
            .await;
        if !text.trim().is_empty() {
            assert_clear_error(&reply, "rules");
        }
        let reply = table
            .handle(
                &ctx("alice"),
                Command::Roll {
                    expr: Some(text.clone()),
                },
            )
            .await;
        if !text.trim().is_empty() {
            assert_clear_error(&reply, "roll");
        }
    }

    // Now with a game going: moves, and more rolls.
    table.handle(&ctx("alice"), play("chess", &["bob"])).await;
    assert!(!table.handle(&ctx("bob"), Command::Join).await.private);
    for text in hostile() {
        let before = snapshot(&store).await;
        for user in ["alice", "bob", "mallory"] {
            let reply = table
                .handle(&ctx(user), Command::Move { text: text.clone() })
                .await;
            assert_clear_error(&reply, "move");
        }
        let reply = table
            .handle(
                &ctx("alice"),
                Command::Roll {
                    expr: Some(text.clone()),
                },
            )
            .await;
        assert!(reply.private || text.trim().is_empty(), "roll {text:?}");
        assert_eq!(
            snapshot(&store).await,
            before,
            "move changed nothing for {text:?}"
        );
    }
}

#[tokio::test]
async fn hostile_player_names_are_cleaned_not_trusted() {
    let TestTable {
        table,
        store,
        dir: _dir,
        ..
    } = TestTable::new().await;
    let evil = User {
        id: "'; DROP TABLE seats; --".into(),
        name: format!("\u{1b}[2J{}\u{0}", "🐍".repeat(500)),
    };
    let reply = table
        .handle(
            &ctx("alice"),
            Command::Play {
                game: "chess".into(),
                ruleset: None,
                opponents: vec![evil.clone()],
                days: None,
                bot: None,
                players: None,
            },
        )
        .await;
    assert!(!reply.private, "{}", reply.text);
    let evil_ctx = Ctx {
        user: evil.clone(),
        ..ctx("x")
    };
    let reply = table.handle(&evil_ctx, Command::Join).await;
    assert!(!reply.private, "{}", reply.text);
    assert!(reply.image.is_some(), "the game started with a board");
    let row = store.open_game("g", "c").await.unwrap().unwrap();
    let seats = store.seats(row.id).await.unwrap();
    assert_eq!(seats[1].user_id, evil.id, "ids are stored exactly");
    assert!(seats[1].name.chars().count() <= 32 && !seats[1].name.contains('\u{1b}'));
    let reply = table
        .handle(&ctx("alice"), Command::Move { text: "e4".into() })
        .await;
    assert!(!reply.private, "{}", reply.text);
}

#[tokio::test]
async fn inviting_yourself_or_too_many_players_is_refused() {
    let TestTable {
        table,
        store,
        dir: _dir,
        ..
    } = TestTable::new().await;
    let reply = table.handle(&ctx("alice"), play("chess", &["alice"])).await;
    assert_clear_error(&reply, "self invite");
    let reply = table
        .handle(&ctx("alice"), play("chess", &["bob", "carol"]))
        .await;
    assert_clear_error(&reply, "three players");
    assert_eq!(snapshot(&store).await, "no game");
}

#[tokio::test]
async fn a_nul_in_an_id_is_refused_in_words() {
    let TestTable {
        table,
        store,
        dir: _dir,
        ..
    } = TestTable::new().await;
    let nul = Ctx {
        user: User {
            id: "a\u{0}b".into(),
            name: "nul".into(),
        },
        ..ctx("x")
    };
    let reply = table.handle(&nul, play("chess", &[])).await;
    assert_clear_error(&reply, "nul id");
    assert!(reply.text.contains("NUL"), "{}", reply.text);
    assert_eq!(snapshot(&store).await, "no game");
}

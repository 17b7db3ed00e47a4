//! Ratings, leaderboards and stats: every finished game rates its players in the same
//! transaction that records the result, by the `skillratings` crate's own formulas.

use crate::support::table::{TestTable, ctx, play};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};
use tabula::rating::PROVISIONAL_GAMES;
use tabula::table::{Command, Reply, User};

/// Opens a chess game between `white` and `black` and has `loser` resign it.
async fn resigned(t: &TestTable, white: &str, black: &str, loser: &str) -> Reply {
    let reply = t.say(white, play("chess", &[black])).await;
    assert!(!reply.private, "{}", reply.text);
    t.say(black, Command::Join).await;
    let reply = t.say(loser, Command::Resign { confirmed: true }).await;
    assert!(!reply.private, "{}", reply.text);
    reply
}

async fn glicko_of(t: &TestTable, user: &str) -> Glicko2Rating {
    let standings = t
        .store
        .standings_of("g", user, PROVISIONAL_GAMES)
        .await
        .unwrap();
    let s = standings.iter().find(|s| s.kind == "chess").expect("rated");
    Glicko2Rating {
        rating: s.rating.rating,
        deviation: s.rating.deviation,
        volatility: s.rating.volatility,
    }
}

#[tokio::test]
async fn a_scripted_series_rates_exactly_as_skillratings_glicko2() {
    let t = TestTable::new().await;
    let series = [
        ("alice", "bob", "bob"),
        ("bob", "alice", "bob"),
        ("alice", "carol", "alice"),
        ("carol", "bob", "carol"),
        ("alice", "bob", "alice"),
    ];
    let mut expected = std::collections::HashMap::new();
    for (white, black, loser) in series {
        resigned(&t, white, black, loser).await;
        let w = *expected.entry(white).or_insert_with(Glicko2Rating::new);
        let b = *expected.entry(black).or_insert_with(Glicko2Rating::new);
        let outcome = if loser == black {
            Outcomes::WIN
        } else {
            Outcomes::LOSS
        };
        let (w2, b2) = glicko2(&w, &b, &outcome, &Glicko2Config::new());
        expected.insert(white, w2);
        expected.insert(black, b2);
    }
    for (user, want) in expected {
        let got = glicko_of(&t, user).await;
        assert!(
            (got.rating - want.rating).abs() < 1e-9,
            "{user}: {got:?} vs {want:?}"
        );
        assert!((got.deviation - want.deviation).abs() < 1e-9, "{user}");
        assert!((got.volatility - want.volatility).abs() < 1e-12, "{user}");
    }
}

#[tokio::test]
async fn the_final_message_shows_each_players_rating_change() {
    let t = TestTable::new().await;
    let reply = resigned(&t, "alice", "bob", "bob").await;
    assert!(
        reply
            .text
            .contains("Ratings: <@alice> 1500 → 1662? (+162), <@bob> 1500 → 1338? (−162)."),
        "{}",
        reply.text
    );
}

#[tokio::test]
async fn an_agreed_draw_counts_a_draw_for_both() {
    let t = TestTable::new().await;
    t.chess().await;
    t.say("alice", Command::Draw(tabula::table::DrawCommand::Offer))
        .await;
    let reply = t
        .say("bob", Command::Draw(tabula::table::DrawCommand::Accept))
        .await;
    assert!(reply.text.contains("Ratings:"), "{}", reply.text);
    let standings = t
        .store
        .standings_of("g", "bob", PROVISIONAL_GAMES)
        .await
        .unwrap();
    assert_eq!(standings[0].rating.draws, 1);
    assert!((standings[0].rating.rating - 1500.0).abs() < 1e-9);
}

#[tokio::test]
async fn aborted_games_change_no_rating() {
    let t = TestTable::new().await;
    t.chess().await;
    t.say("alice", Command::Move { text: "e4".into() }).await;
    t.say("alice", Command::Abort).await;
    let reply = t.say("bob", Command::Abort).await;
    assert!(reply.text.contains("No result"), "{}", reply.text);
    assert!(
        t.store
            .standings_of("g", "alice", PROVISIONAL_GAMES)
            .await
            .unwrap()
            .is_empty()
    );
    let board = t
        .say(
            "alice",
            Command::Leaderboard {
                game: Some("chess".into()),
                page: None,
            },
        )
        .await;
    assert!(board.text.contains("No rated games yet"), "{}", board.text);
}

#[tokio::test]
async fn ratings_belong_to_one_server() {
    let t = TestTable::new().await;
    resigned(&t, "alice", "bob", "bob").await;
    let elsewhere = tabula::table::Ctx {
        guild: "h".into(),
        ..ctx("alice")
    };
    let reply = t
        .table
        .handle(&elsewhere, Command::Stats { user: None })
        .await;
    assert!(reply.text.contains("No rated games yet"), "{}", reply.text);
}

#[tokio::test]
async fn the_leaderboard_ranks_established_players_before_provisional_ones() {
    let t = TestTable::new().await;
    // alice and bob play enough games to be established; carol wins once and stays provisional.
    for i in 0..PROVISIONAL_GAMES {
        let loser = if i % 2 == 0 { "bob" } else { "alice" };
        resigned(&t, "alice", "bob", loser).await;
    }
    resigned(&t, "carol", "dave", "dave").await;
    let reply = t
        .say(
            "carol",
            Command::Leaderboard {
                game: Some("chess".into()),
                page: None,
            },
        )
        .await;
    assert!(!reply.private, "{}", reply.text);
    let lines: Vec<&str> = reply.text.lines().skip(1).collect();
    assert!(lines[0].starts_with("1. alice "), "{}", reply.text);
    assert!(lines[1].starts_with("2. bob "), "{}", reply.text);
    assert!(
        lines[2].starts_with("3. carol ") && lines[2].contains("?"),
        "{}",
        reply.text
    );
    assert!(lines[3].starts_with("4. dave "), "{}", reply.text);
    assert!(reply.text.contains("provisional"), "{}", reply.text);
    let png = reply.image.expect("a card");
    let card = image::load_from_memory(&png).expect("the card is a PNG");
    assert_eq!(card.width(), 720);
    let page2 = t
        .say(
            "carol",
            Command::Leaderboard {
                game: Some("chess".into()),
                page: Some(2),
            },
        )
        .await;
    assert!(
        page2.text.contains("No players on this page"),
        "{}",
        page2.text
    );
    assert!(page2.text.contains("You: #3 · carol"), "{}", page2.text);
}

#[tokio::test]
async fn the_leaderboard_without_a_game_uses_the_channels_game_or_asks() {
    let t = TestTable::new().await;
    let reply = t
        .say(
            "alice",
            Command::Leaderboard {
                game: None,
                page: None,
            },
        )
        .await;
    assert!(
        reply.private && reply.text.contains("Name a game"),
        "{}",
        reply.text
    );
    t.chess().await;
    let reply = t
        .say(
            "alice",
            Command::Leaderboard {
                game: None,
                page: None,
            },
        )
        .await;
    assert!(
        reply.text.starts_with("**Chess leaderboard**"),
        "{}",
        reply.text
    );
    let reply = t
        .say(
            "alice",
            Command::Leaderboard {
                game: Some("go".into()),
                page: None,
            },
        )
        .await;
    assert!(reply.private, "{}", reply.text);
}

#[tokio::test]
async fn stats_show_each_games_rating_record_and_recent_results() {
    let t = TestTable::new().await;
    resigned(&t, "alice", "bob", "bob").await;
    resigned(&t, "bob", "alice", "alice").await;
    let reply = t
        .say(
            "carol",
            Command::Stats {
                user: Some(User::named("alice")),
            },
        )
        .await;
    assert!(
        reply.text.starts_with("**alice** on this server"),
        "{}",
        reply.text
    );
    assert!(reply.text.contains("Chess: #"), "{}", reply.text);
    assert!(reply.text.contains("2 games · 1-1-0"), "{}", reply.text);
    assert!(
        reply.text.contains("· lost Chess game #2"),
        "{}",
        reply.text
    );
    assert!(reply.text.contains("· won Chess game #1"), "{}", reply.text);
}

#[tokio::test]
async fn the_console_has_leaderboard_and_stats() {
    let t = TestTable::new().await;
    let out = t
        .script("@alice /play chess @bob\n@bob /join\n@bob /resign\n@alice /leaderboard chess\n@alice /stats @bob")
        .await;
    assert!(out.contains("Chess leaderboard"), "{out}");
    assert!(out.contains("1. alice"), "{out}");
    assert!(out.contains("bob on this server"), "{out}");
    assert!(
        t.line("@alice /leaderboard chess 0")
            .await
            .contains("Pages start at 1")
    );
}

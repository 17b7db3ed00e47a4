//! The bot in a seat, spoken to through the console and the table's commands.

use serde_json::json;
use tabula::engine::Engine;
use tabula::rules::{Game, GameKind, Turn};
use tabula::store::Status;
use tabula::table::Command;

use crate::support::table::{TestTable, ctx};

/// Opens a table for alice against the bot: `/play game bot:level`, with `players` seats.
fn play_bot(game: &str, level: usize, players: Option<usize>) -> Command {
    Command::Play {
        game: game.into(),
        ruleset: None,
        opponents: vec![],
        days: None,
        bot: Some(level),
        players,
    }
}

/// The channel's open game and its state.
async fn open(t: &TestTable) -> (i64, Game, Status) {
    // Console lines speak in the console's channel, commands in "g"/"c".
    let row = match t
        .store
        .latest_game("console", "console")
        .await
        .expect("store")
    {
        Some(row) => row,
        None => t
            .store
            .latest_game("g", "c")
            .await
            .expect("store")
            .expect("a game"),
    };
    let game: Game = serde_json::from_str(&row.state).expect("state loads");
    (row.id, game, row.status)
}

/// Plays alice's side through console lines (the first legal move, or a roll) until the game
/// is over or `turns` lines were typed; returns everything the console printed.
async fn play_out(t: &TestTable, turns: usize) -> String {
    let mut printed = String::new();
    for _ in 0..turns {
        let (_, game, status) = open(t).await;
        if status != Status::Active {
            break;
        }
        let line = match game.turn() {
            Turn::Roll(0) => "@alice /roll".to_string(),
            Turn::Move(0) => {
                let moves = game.legal(0);
                format!("@alice /move {}", game.format(&moves[0]))
            }
            other => panic!("the bot left its turn unplayed: {other:?}"),
        };
        printed += &t.line(&line).await;
    }
    printed
}

#[tokio::test]
async fn play_with_bot_fills_the_other_seat_and_the_game_starts_at_once() {
    let t = TestTable::seeded(1).await;
    let out = t.line("@alice /play chess bot:1").await;
    assert!(out.contains("tabula bot (level 1)"), "{out}");
    assert!(out.contains("begins"), "{out}");
    let (id, _, status) = open(&t).await;
    assert_eq!(status, Status::Active);
    let seats = t.store.seats(id).await.expect("seats");
    assert_eq!(seats.len(), 2);
    assert_eq!(seats[0].user_id, "alice");
    assert_eq!(seats[1].bot_level(), Some(1));
}

#[tokio::test]
async fn the_bots_move_appears_as_its_own_lines_after_the_persons_with_its_board() {
    let t = TestTable::seeded(2).await;
    t.line("@alice /play chess bot:1").await;
    let out = t.line("@alice e4").await;
    let mine = out.find("@alice played e4").expect(&out);
    let bots = out.find("tabula bot (level 1) played").expect(&out);
    assert!(mine < bots, "{out}");
    assert!(out.contains("@alice, your move"), "{out}");
    let (id, _, _) = open(&t).await;
    let log = t.store.log(id).await.expect("log");
    assert_eq!(log.len(), 2);
    assert_eq!(log[1].user_id, "bot:1:1");
    // Two boards: after alice's move and after the bot's.
    assert_eq!(t.boards().len(), 3, "{:?}", t.boards());
    t.assert_log_replays(id, Game::new(GameKind::Chess, "standard", 2).unwrap())
        .await;
}

#[tokio::test]
async fn a_chess_game_against_the_bot_is_played_to_its_end_and_is_unrated() {
    let t = TestTable::seeded(3).await;
    t.line("@alice /play chess bot:1").await;
    play_out(&t, 2_000).await;
    let (id, game, status) = open(&t).await;
    assert_eq!(status, Status::Finished, "{:?}", game.turn());
    assert!(matches!(game.turn(), Turn::Over(_)));
    t.assert_log_replays(id, Game::new(GameKind::Chess, "standard", 2).unwrap())
        .await;
    let board = t
        .say(
            "alice",
            Command::Leaderboard {
                game: Some("chess".into()),
                page: None,
            },
        )
        .await;
    assert!(!board.text.contains("bot"), "{}", board.text);
    assert!(!board.text.contains("alice"), "{}", board.text);
}

#[tokio::test]
async fn a_server_that_rates_bot_games_rates_the_person_and_never_lists_the_bot() {
    let t = TestTable::seeded(3).await;
    let admin = tabula::table::Ctx {
        admin: true,
        ..ctx("alice")
    };
    let on = t
        .table
        .handle(
            &admin,
            Command::Settings(tabula::table::SettingsChange {
                rate_bots: Some(true),
                ..Default::default()
            }),
        )
        .await;
    assert!(on.text.contains("`rate_bots`"), "{}", on.text);
    assert!(on.text.contains(": on"), "{}", on.text);
    t.say("alice", play_bot("chess", 1, None)).await;
    let (id, _, _) = open(&t).await;
    t.say("alice", Command::Resign { confirmed: true }).await;
    assert_eq!(t.store.game(id).await.unwrap().status, Status::Finished);
    let board = t
        .say(
            "alice",
            Command::Leaderboard {
                game: Some("chess".into()),
                page: None,
            },
        )
        .await;
    assert!(
        board.text.contains("alice"),
        "alice is rated: {}",
        board.text
    );
    assert!(!board.text.contains("bot"), "{}", board.text);
    let stats = t.say("alice", Command::Stats { user: None }).await;
    assert!(stats.text.contains("Chess: #1"), "{}", stats.text);
    assert!(
        stats.text.contains("Chess level 1 (random): 0-1-0"),
        "{}",
        stats.text
    );
}

#[tokio::test]
async fn stats_show_the_record_against_each_bot_level_even_when_unrated() {
    let t = TestTable::seeded(5).await;
    for _ in 0..2 {
        t.say("alice", play_bot("chess", 1, None)).await;
        t.say("alice", Command::Resign { confirmed: true }).await;
    }
    let stats = t.say("alice", Command::Stats { user: None }).await;
    assert!(stats.text.contains("No rated games yet"), "{}", stats.text);
    assert!(
        stats
            .text
            .contains("Against the bot:\n· Chess level 1 (random): 0-2-0"),
        "{}",
        stats.text
    );
}

#[tokio::test]
async fn a_backgammon_game_against_the_bot_is_played_to_its_end() {
    let t = TestTable::seeded(4).await;
    t.line("@alice /play backgammon bot:1").await;
    let out = play_out(&t, 3_000).await;
    let (id, game, status) = open(&t).await;
    assert_eq!(status, Status::Finished, "{:?}", game.turn());
    assert!(out.contains("tabula bot (level 1) rolled"), "{out}");
    let fresh = Game::new(GameKind::Backgammon, GameKind::Backgammon.rulesets()[0], 2).unwrap();
    t.assert_log_replays(id, fresh).await;
}

#[tokio::test]
async fn parcheesi_with_three_bots_is_played_to_its_end() {
    let t = TestTable::seeded(5).await;
    let out = t.line("@alice /play parcheesi bot:1").await;
    assert!(out.contains("3 bots at level 1"), "{out}");
    let (id, _, _) = open(&t).await;
    let seats = t.store.seats(id).await.expect("seats");
    assert_eq!(seats.len(), 4);
    assert_eq!(seats.iter().filter(|s| s.bot_level() == Some(1)).count(), 3);
    play_out(&t, 3_000).await;
    let (id, game, status) = open(&t).await;
    assert_eq!(status, Status::Finished, "{:?}", game.turn());
    let fresh = Game::new(GameKind::Parcheesi, GameKind::Parcheesi.rulesets()[0], 4).unwrap();
    t.assert_log_replays(id, fresh).await;
}

#[tokio::test]
async fn players_limits_how_many_seats_the_bot_fills() {
    let t = TestTable::seeded(6).await;
    let reply = t.say("alice", play_bot("parcheesi", 1, Some(2))).await;
    assert!(!reply.private, "{}", reply.text);
    let (id, game, status) = open(&t).await;
    assert_eq!(status, Status::Active);
    assert_eq!(t.store.seats(id).await.unwrap().len(), 2);
    assert!(matches!(game.turn(), Turn::Roll(0)));
    let too_many = t.say("bob", play_bot("chess", 1, Some(3))).await;
    assert!(too_many.private);
}

#[tokio::test]
async fn a_level_the_game_has_not_is_refused_with_the_levels_there_are() {
    let t = TestTable::new().await;
    let reply = t.say("alice", play_bot("chess", 9, None)).await;
    assert!(reply.private);
    assert!(reply.text.contains("levels 1 to"), "{}", reply.text);
    assert!(t.store.latest_game("g", "c").await.unwrap().is_none());
}

#[tokio::test]
async fn invite_seats_the_bot_in_a_lobby_and_the_table_starts_when_full() {
    let t = TestTable::seeded(7).await;
    let reply = t
        .say("alice", crate::support::table::play("chess", &[]))
        .await;
    assert!(!reply.private, "{}", reply.text);
    let stranger = t.say("bob", Command::InviteBot { level: 1 }).await;
    assert!(
        stranger.private,
        "only the opener invites: {}",
        stranger.text
    );
    let reply = t.say("alice", Command::InviteBot { level: 1 }).await;
    assert!(!reply.private, "{}", reply.text);
    let (id, _, status) = open(&t).await;
    assert_eq!(status, Status::Active, "{}", reply.text);
    assert_eq!(t.store.seats(id).await.unwrap()[1].bot_level(), Some(1));
}

#[tokio::test]
async fn bot_lists_the_levels_and_states_the_resign_policy() {
    let t = TestTable::new().await;
    let reply = t
        .say(
            "alice",
            Command::Bot {
                game: Some("chess".into()),
            },
        )
        .await;
    assert!(reply.text.contains("1. **random**"), "{}", reply.text);
    assert!(reply.text.contains("never resigns"), "{}", reply.text);
    let none = t.say("alice", Command::Bot { game: None }).await;
    assert!(
        none.private && none.text.contains("Name a game"),
        "{}",
        none.text
    );
}

#[tokio::test]
async fn hint_answers_in_a_game_against_the_bot_but_never_between_people() {
    let t = TestTable::seeded(8).await;
    t.chess().await;
    let refused = t.say("alice", Command::Hint { ply: None }).await;
    assert!(
        refused.private && refused.text.contains("never for a rated game"),
        "{}",
        refused.text
    );
    t.say("alice", Command::Abort).await;

    let t = TestTable::seeded(9).await;
    t.say("alice", play_bot("chess", 1, None)).await;
    let hint = t.say("alice", Command::Hint { ply: None }).await;
    assert!(hint.private);
    // The hint comes from the strongest level, whatever level the bot plays at.
    let levels = tabula::bot::levels(GameKind::Chess);
    let top = format!(
        "Hint (level {}, {}): **",
        levels.len(),
        levels[levels.len() - 1].name
    );
    assert!(hint.text.starts_with(&top), "{}", hint.text);
    // The hint's move is one alice may play.
    let shown = hint.text.split("**").nth(1).expect("a move in bold");
    let reply = t.say("alice", Command::Move { text: shown.into() }).await;
    assert!(
        reply.text.contains(&format!("played **{shown}**")),
        "{}",
        reply.text
    );
}

#[tokio::test]
async fn hint_after_a_finished_game_works_on_any_position_of_it() {
    let t = TestTable::seeded(10).await;
    t.chess().await;
    t.say("alice", Command::Move { text: "e4".into() }).await;
    t.say("bob", Command::Resign { confirmed: true }).await;
    let at_start = t.say("bob", Command::Hint { ply: Some(0) }).await;
    assert!(
        at_start.text.contains("after 0 actions"),
        "{}",
        at_start.text
    );
    let after_e4 = t.say("bob", Command::Hint { ply: Some(1) }).await;
    assert!(
        after_e4.text.contains("after 1 action (level"),
        "{}",
        after_e4.text
    );
    let beyond = t.say("bob", Command::Hint { ply: Some(7) }).await;
    assert!(
        beyond.private && beyond.text.contains("from 0 to"),
        "{}",
        beyond.text
    );
}

#[test]
fn the_engine_says_the_bots_move_without_playing_it() {
    let mut engine = Engine::default();
    engine.answer(r#"{"cmd":"new","game":"chess"}"#);
    let answer = engine.answer(r#"{"cmd":"bot","level":1,"ms":50,"seed":3}"#);
    assert_eq!(answer["ok"], json!(true), "{answer}");
    let m = answer["move"].as_str().expect("a move").to_string();
    let state = engine.answer(r#"{"cmd":"state"}"#);
    assert_eq!(state["turn"]["seat"], json!(0), "not played");
    let played = engine.answer(&json!({"cmd":"play","move":m}).to_string());
    assert_eq!(played["ok"], json!(true), "{played}");
    let bad = engine.answer(r#"{"cmd":"bot","level":0}"#);
    assert_eq!(bad["ok"], json!(false));
    // A dice game waiting for its roll: the bot answers for dice already rolled.
    engine.answer(r#"{"cmd":"new","game":"parcheesi"}"#);
    let before_roll = engine.answer(r#"{"cmd":"bot"}"#);
    assert_eq!(before_roll["ok"], json!(false), "{before_roll}");
}

#[tokio::test]
async fn the_bot_declines_a_draw_offer_at_the_random_level() {
    let t = TestTable::seeded(11).await;
    t.line("@alice /play chess bot:1").await;
    let out = t.line("@alice /draw offer").await;
    assert!(out.contains("declined the draw offer"), "{out}");
    let (_, game, status) = open(&t).await;
    assert_eq!(status, Status::Active);
    assert_eq!(game.draw_offer(), None);
    let _ = ctx("alice");
}

//! Taking seats: one step for `/play`, `/join` and `/invite`, the bot numbered `bot:<level>:<n>`
//! with the first free `n`, and tables stored with the ids earlier versions gave (numbered by
//! seat by `/play`, by count by `/invite`) playing on exactly as before.

use tabula::rules::{Game, GameKind, Turn};
use tabula::store::{GameRow, NewGame, SeatRow, Standing, Status};
use tabula::table::{Command, SettingsChange};

use crate::support::table::TestTable;

/// The console's guild and channel, where `t.line` speaks.
const CONSOLE: &str = "console";

/// A seat as the lobby stored it: a bot's named after its level.
fn row(seat: i64, user_id: &str, joined: bool) -> SeatRow {
    let seat = SeatRow {
        seat,
        user_id: user_id.into(),
        name: user_id.into(),
        joined,
    };
    match seat.bot_level() {
        Some(level) => SeatRow {
            name: format!("tabula bot (level {level})"),
            ..seat
        },
        None => seat,
    }
}

/// Stores a lobby of `kind` (its first ruleset, `seats.len()` seats) in the console's
/// channel, opened by alice, exactly as an earlier version left it; returns its id.
async fn stored_lobby(t: &TestTable, kind: GameKind, seats: Vec<SeatRow>) -> i64 {
    let ruleset = kind.rulesets()[0];
    let state = Game::new(kind, ruleset, seats.len()).expect("a game");
    let (row, _) = t
        .store
        .create_game(NewGame {
            guild: CONSOLE.into(),
            channel: CONSOLE.into(),
            kind: kind.name().into(),
            ruleset: serde_json::to_string(ruleset).unwrap(),
            status: Status::Lobby,
            state: serde_json::to_string(&state).unwrap(),
            created_by: "alice".into(),
            max_seats: seats.len() as i64,
            seats,
            move_days: None,
            remind_after: 0,
        })
        .await
        .expect("the lobby is stored");
    row.id
}

async fn latest(t: &TestTable) -> (GameRow, Game) {
    let row = t
        .store
        .latest_game(CONSOLE, CONSOLE)
        .await
        .expect("store")
        .expect("a game");
    let game = serde_json::from_str(&row.state).expect("the state loads");
    (row, game)
}

/// Plays every person's turn through console lines (the first legal move, or a roll) until
/// the game is over or `lines` lines were typed; a bot's turn must have been played by then.
async fn play_out(t: &TestTable, lines: usize) -> (GameRow, Game) {
    for _ in 0..lines {
        let (row, game) = latest(t).await;
        if row.status != Status::Active {
            return (row, game);
        }
        let seats = t.store.seats(row.id).await.expect("seats");
        let (Turn::Move(seat) | Turn::Roll(seat)) = game.turn() else {
            panic!("an active game that is over: {:?}", game.turn());
        };
        let who = &seats[seat].user_id;
        assert!(
            seats[seat].bot_level().is_none(),
            "the bot {who} left its turn unplayed: {:?}",
            game.turn()
        );
        let line = match game.turn() {
            Turn::Roll(_) => format!("@{who} /roll"),
            _ => format!("@{who} /move {}", game.format(&game.legal(seat)[0])),
        };
        t.line(&line).await;
    }
    latest(t).await
}

/// The user ids that acted in a game's log, each once, in order of first action.
async fn actors(t: &TestTable, id: i64) -> Vec<String> {
    let mut seen: Vec<String> = Vec::new();
    for logged in t.store.log(id).await.expect("the log") {
        if !seen.contains(&logged.user_id) {
            seen.push(logged.user_id);
        }
    }
    seen
}

#[tokio::test]
async fn a_table_stored_with_a_bot_id_the_lobby_no_longer_gives_starts_and_plays_to_its_end() {
    let t = TestTable::seeded(21).await;
    // `/play parcheesi @bob bot:1` numbered its bots by seat: bob's seat reserved, the bots
    // `bot:1:2` and `bot:1:3`; the lobby now gives `bot:1:1` and `bot:1:2`.
    let seats = vec![
        row(0, "alice", true),
        row(1, "bob", false),
        row(2, "bot:1:2", true),
        row(3, "bot:1:3", true),
    ];
    let id = stored_lobby(&t, GameKind::Parcheesi, seats).await;
    let out = t.line("@bob /join").await;
    assert!(out.contains("begins"), "{out}");
    let (row, game) = play_out(&t, 4_000).await;
    assert_eq!(row.id, id);
    assert_eq!(row.status, Status::Finished, "{:?}", game.turn());
    let mut acted = actors(&t, id).await;
    acted.sort();
    assert_eq!(acted, ["alice", "bob", "bot:1:2", "bot:1:3"]);
    let fresh = Game::new(GameKind::Parcheesi, GameKind::Parcheesi.rulesets()[0], 4).unwrap();
    t.assert_log_replays(id, fresh).await;
    let export = t.line("@alice /export").await;
    let file = export
        .lines()
        .find_map(|l| l.trim().strip_prefix("file: "))
        .unwrap_or_else(|| panic!("a record file: {export}"));
    let record = std::fs::read_to_string(file).expect("the record");
    assert!(record.contains("tabula bot (level 1)"), "{record}");
    let stats = t.line("@alice /stats").await;
    assert!(
        stats.contains("Parcheesi level 1"),
        "counted against the bot's level: {stats}"
    );
}

/// Plays a seeded chess game of alice (Black) against the bot at level 1 (White) with the
/// bot's id `bot_id`, on a server that rates bot games, and returns the moves and alice's
/// standings.
async fn rated_game_against(bot_id: &str) -> (Vec<String>, Vec<Standing>) {
    let t = TestTable::seeded(22).await;
    let admin = tabula::table::Ctx {
        guild: CONSOLE.into(),
        channel: CONSOLE.into(),
        admin: true,
        ..crate::support::table::ctx("alice")
    };
    let settings = SettingsChange {
        rate_bots: Some(true),
        ..SettingsChange::default()
    };
    let on = t.table.handle(&admin, Command::Settings(settings)).await;
    assert!(!on.private, "{}", on.text);
    let seats = vec![row(0, bot_id, true), row(1, "alice", true)];
    let id = stored_lobby(&t, GameKind::Chess, seats).await;
    let out = t.line("@alice /start").await;
    assert!(out.contains("begins"), "{out}");
    let (row, game) = play_out(&t, 2_000).await;
    assert_eq!(row.status, Status::Finished, "{:?}", game.turn());
    assert_eq!(actors(&t, id).await, [bot_id, "alice"]);
    t.assert_log_replays(id, Game::new(GameKind::Chess, "standard", 2).unwrap())
        .await;
    let moves = t
        .store
        .log(id)
        .await
        .unwrap()
        .into_iter()
        .map(|a| a.notation)
        .collect();
    let board = t.line("@alice /leaderboard chess").await;
    assert!(board.contains("alice"), "alice is rated: {board}");
    assert!(!board.contains("bot"), "the bot is never listed: {board}");
    let alice = t
        .store
        .standings_of(CONSOLE, "alice", 1)
        .await
        .expect("alice's standings");
    (moves, alice)
}

#[tokio::test]
async fn a_game_with_a_bot_id_numbered_the_old_way_plays_and_rates_as_one_numbered_the_new_way() {
    // `bot:1:2` is what `/invite` gave the second bot of a table, or `/play` a bot in seat 2;
    // `bot:1:1` is what the lobby gives a table's first bot at level 1.
    let (old_moves, old_rating) = rated_game_against("bot:1:2").await;
    let (new_moves, new_rating) = rated_game_against("bot:1:1").await;
    assert_eq!(old_moves, new_moves, "the same seeded game");
    assert_eq!(old_rating, new_rating, "rated alike");
}

#[tokio::test]
async fn two_bots_of_one_level_get_different_ids_and_both_play() {
    let t = TestTable::seeded(23).await;
    let out = t.line("@alice /play parcheesi players:3").await;
    assert!(out.contains("(game #"), "{out}");
    let first = t.line("@alice /invite bot:1").await;
    assert!(first.contains("invited tabula bot (level 1)"), "{first}");
    let second = t.line("@alice /invite bot:1").await;
    assert!(second.contains("begins"), "the table is full: {second}");
    let (row, _) = latest(&t).await;
    let seats = t.store.seats(row.id).await.unwrap();
    let ids: Vec<&str> = seats.iter().map(|s| s.user_id.as_str()).collect();
    assert_eq!(ids, ["alice", "bot:1:1", "bot:1:2"]);
    play_out(&t, 60).await;
    let acted = actors(&t, row.id).await;
    for bot in ["bot:1:1", "bot:1:2"] {
        assert!(acted.iter().any(|a| a == bot), "{bot} played: {acted:?}");
    }
}

#[tokio::test]
async fn play_numbers_its_bots_from_one_whatever_seats_they_take() {
    let t = TestTable::seeded(24).await;
    let out = t.line("@alice /play parcheesi @bob bot:2").await;
    assert!(out.contains("against 2 bots at level 2"), "{out}");
    let (row, _) = latest(&t).await;
    let seats = t.store.seats(row.id).await.unwrap();
    let ids: Vec<(i64, &str)> = seats.iter().map(|s| (s.seat, s.user_id.as_str())).collect();
    assert_eq!(
        ids,
        [(0, "alice"), (1, "bob"), (2, "bot:2:1"), (3, "bot:2:2")]
    );
}

#[tokio::test]
async fn a_person_joining_after_a_bot_gets_the_first_free_seat() {
    let t = TestTable::seeded(25).await;
    t.line("@alice /play parcheesi").await;
    t.line("@carol /join").await;
    t.line("@dave /join").await;
    t.line("@carol /leave").await;
    let invited = t.line("@alice /invite bot:1").await;
    assert!(invited.contains("3 of 4 seats taken"), "{invited}");
    let (row, _) = latest(&t).await;
    let seats = t.store.seats(row.id).await.unwrap();
    let ids: Vec<(i64, &str)> = seats.iter().map(|s| (s.seat, s.user_id.as_str())).collect();
    assert_eq!(
        ids,
        [(0, "alice"), (1, "bot:1:1"), (2, "dave")],
        "the bot took carol's seat"
    );
    let erin = t.line("@erin /join").await;
    assert!(erin.contains("begins"), "{erin}");
    let seats = t.store.seats(row.id).await.unwrap();
    let ids: Vec<(i64, &str)> = seats.iter().map(|s| (s.seat, s.user_id.as_str())).collect();
    assert_eq!(
        ids,
        [(0, "alice"), (1, "bot:1:1"), (2, "dave"), (3, "erin")]
    );
    // And a seat left free before the bot came is the next person's.
    let t = TestTable::seeded(26).await;
    t.line("@alice /play parcheesi").await;
    t.line("@carol /join").await;
    t.line("@dave /join").await;
    t.line("@carol /leave").await;
    t.line("@erin /join").await;
    let (row, _) = latest(&t).await;
    let seats = t.store.seats(row.id).await.unwrap();
    assert_eq!(seats[1].user_id, "erin", "{seats:?}");
}

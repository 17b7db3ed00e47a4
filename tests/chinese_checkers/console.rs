//! Seeded games at the table, played to the end as players would type them (each move the
//! greedy bot's choice, typed in the game's notation), with a board after every move; the log
//! replays to the snapshot, and the export's position string after each move loads as the
//! game at that move. Two and three players on the 6-peg star, six on the 10-peg star; and
//! move autocomplete for the hole typed so far.

use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::support::table::{TestTable, ctx, play};
use tabula::bot::Budget;
use tabula::rules::{Action, Game, GameKind, Turn};
use tabula::store::Status;
use tabula::table::Command;

const NAMES: [&str; 6] = ["alice", "bob", "carol", "dave", "erin", "frank"];

async fn seeded_game(ruleset: &str, players: usize, seed: u64) {
    let t = TestTable::seeded(seed).await;
    let mut open = play("chinese_checkers", &NAMES[1..players]);
    if let Command::Play { ruleset: r, .. } = &mut open {
        *r = Some(ruleset.to_string());
    }
    let reply = t.say("alice", open).await;
    assert!(!reply.private, "{}", reply.text);
    for name in &NAMES[1..players] {
        let reply = t.say(name, Command::Join).await;
        assert!(!reply.private, "{}", reply.text);
    }
    if t.store.game(1).await.unwrap().status == Status::Lobby {
        // A table for fewer than six waits for its creator to start it.
        let reply = t.say("alice", Command::Start).await;
        assert!(!reply.private, "{}", reply.text);
    }
    let seats = t.store.seats(1).await.unwrap();
    assert_eq!(seats.len(), players);
    let mut rng = StdRng::seed_from_u64(seed);
    let budget = Budget::nodes(2_000);
    let mut moves = 0;
    loop {
        let game = t.game(1).await;
        let Turn::Move(seat) = game.turn() else {
            break;
        };
        let pick = tabula::bot::choose(&game, seat, 2, &budget, &mut rng).expect("a move");
        let text = game.format(&pick.r#move);
        let who = &seats[seat].user_id;
        let reply = t.say(who, Command::Move { text: text.clone() }).await;
        assert!(!reply.private, "{who} {text}: {}", reply.text);
        assert!(reply.image.is_some(), "a board after {text}");
        moves += 1;
        assert!(moves < 5_000, "the game ends");
    }
    let fresh = Game::new(GameKind::ChineseCheckers, ruleset, players).unwrap();
    let last = t.assert_log_replays(1, fresh.clone()).await;
    assert!(last.outcome().is_some(), "the game is over");
    // The export: each move, then the position string after it, which loads as that game.
    let reply = t.say("alice", Command::Export { game: None }).await;
    let [file] = reply.files.as_slice() else {
        panic!("one file: {}", reply.text);
    };
    let record = String::from_utf8(file.bytes.clone()).unwrap();
    let start = fresh.position().unwrap();
    assert!(
        record.contains(&format!("Start position: {start}")),
        "{record}"
    );
    let mut game = fresh;
    let mut read = 0;
    for line in record.lines().filter(|l| l.ends_with(']')) {
        let (head, position) = line.trim_end_matches(']').rsplit_once("  [").unwrap();
        let text = head.rsplit(": ").next().unwrap();
        let Turn::Move(seat) = game.turn() else {
            panic!("a move after the end: {line}")
        };
        let m = game.parse(seat, text).unwrap();
        game = game.apply(&Action::Play { seat, r#move: m }).unwrap();
        assert_eq!(game.position().as_deref(), Some(position), "{line}");
        let loaded = Game::from_position(GameKind::ChineseCheckers, position).unwrap();
        assert_eq!(loaded.turn(), game.turn(), "{line}");
        assert_eq!(loaded.legal_moves(), game.legal_moves(), "{line}");
        read += 1;
    }
    assert_eq!(read, moves, "a position string after every move");
}

#[tokio::test]
async fn a_seeded_two_player_six_peg_game_plays_to_the_end() {
    seeded_game("6-peg", 2, 11).await;
}

#[tokio::test]
async fn a_seeded_three_player_six_peg_game_plays_to_the_end() {
    seeded_game("6-peg", 3, 12).await;
}

#[tokio::test]
async fn a_seeded_six_player_ten_peg_game_plays_to_the_end() {
    seeded_game("10-peg", 6, 13).await;
}

#[tokio::test]
async fn move_autocomplete_lists_the_legal_moves_of_the_hole_typed_so_far() {
    let t = TestTable::seeded(5).await;
    let reply = t.say("alice", play("chinese_checkers", &["bob"])).await;
    assert!(!reply.private, "{}", reply.text);
    let reply = t.say("bob", Command::Join).await;
    assert!(!reply.private, "{}", reply.text);
    if t.store.game(1).await.unwrap().status == Status::Lobby {
        t.say("alice", Command::Start).await;
    }
    let game = t.game(1).await;
    let all: Vec<String> = game.legal_moves().iter().map(|m| game.format(m)).collect();
    let alice = ctx("alice");
    assert_eq!(t.table.legal_moves(&alice, "").await, all);
    // Red starts at the bottom: the peg on k1 can only step up into row j.
    let from_k1 = t.table.legal_moves(&alice, "K1 ").await;
    assert!(!from_k1.is_empty());
    assert!(from_k1.iter().all(|m| m.starts_with("k1-")), "{from_k1:?}");
    assert_eq!(
        t.table.legal_moves(&alice, "k1-j").await,
        from_k1,
        "every move from k1 lands on row j"
    );
    assert!(t.table.legal_moves(&ctx("bob"), "").await.is_empty());
}

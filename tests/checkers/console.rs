//! Seeded games at the console table, one per ruleset, played to the end with a board per
//! turn; the log replays to the snapshot, and the PDN export reads back move by move.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::support::table::{TestTable, play};
use tabula::rules::checkers::CheckersGame;
use tabula::rules::{Game, GameKind, Rules, Turn};
use tabula::table::Command;

async fn seeded_game(ruleset: &str, seed: u64) {
    let t = TestTable::seeded(seed).await;
    let mut open = play("checkers", &["bob"]);
    if let Command::Play { ruleset: r, .. } = &mut open {
        *r = Some(ruleset.to_string());
    }
    let reply = t.say("alice", open).await;
    assert!(!reply.private, "{}", reply.text);
    let reply = t.say("bob", Command::Join).await;
    assert!(!reply.private, "{}", reply.text);
    let mut rng = StdRng::seed_from_u64(seed);
    let mut turns = 0;
    let mut answered = false;
    loop {
        let game = t.game(1).await;
        let Turn::Move(seat) = game.turn() else {
            break;
        };
        let moves = game.legal(seat);
        // Answer a failure to capture now and then with huff or undo, to play them through the table.
        let m = moves
            .iter()
            .find(|m| {
                let text = game.format(m);
                text.starts_with("huff") || text == "undo"
            })
            .filter(|_| rng.random_bool(0.7))
            .cloned()
            .unwrap_or_else(|| moves[rng.random_range(0..moves.len())].clone());
        let text = game.format(&m);
        answered |= !text.starts_with(char::is_numeric);
        let who = if seat == 0 { "alice" } else { "bob" };
        let reply = t.say(who, Command::Move { text: text.clone() }).await;
        assert!(!reply.private, "{text}: {}", reply.text);
        turns += 1;
        assert!(turns < 3_000, "the game ends");
    }
    let fresh = Game::new(GameKind::Checkers, ruleset, 2).unwrap();
    let last = t.assert_log_replays(1, fresh).await;
    assert!(last.outcome().is_some());
    if ruleset != "forced" {
        assert!(
            answered,
            "seed {seed} met a failure to capture in {ruleset}"
        );
    }
    // The PDN export: tags, then every move, read back by a fresh game one by one.
    let reply = t.say("carol", Command::Export { game: None }).await;
    let [file] = reply.files.as_slice() else {
        panic!("one file: {}", reply.text);
    };
    assert_eq!(file.name, "tabula-1.pdn");
    let pdn = String::from_utf8(file.bytes.clone()).unwrap();
    assert!(pdn.contains("[GameType \"21\"]"), "{pdn}");
    assert!(pdn.contains("[Black \"alice\"]"), "{pdn}");
    let movetext = pdn.split("\n\n").nth(1).expect("movetext");
    let mut g = CheckersGame::new(ruleset, 2).unwrap();
    for token in movetext.split_whitespace() {
        if token.ends_with('.') || ["2-0", "0-2", "1-1", "*"].contains(&token) {
            continue;
        }
        let seat = g.seat_to_move();
        let m = g
            .parse(seat, token)
            .unwrap_or_else(|e| panic!("{token}: {e}"));
        g = g.apply(seat, &m).unwrap_or_else(|e| panic!("{token}: {e}"));
    }
    let Game::Checkers(stored) = last else {
        panic!("a checkers game")
    };
    assert_eq!(
        g.fen(),
        stored.fen(),
        "the export reads back to the final position"
    );
}

#[tokio::test]
async fn a_seeded_forced_capture_game_plays_to_the_end_at_the_console() {
    seeded_game("forced", 3).await;
}

#[tokio::test]
async fn a_seeded_huff_000_game_plays_to_the_end_at_the_console() {
    seeded_game("huff-000", 4).await;
}

#[tokio::test]
async fn a_seeded_huff_004_game_plays_to_the_end_at_the_console() {
    seeded_game("huff-004", 5).await;
}

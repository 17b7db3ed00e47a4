//! Tic-tac-toe's brain: win now if possible, else block, else the random level's move. The
//! test-only game's end-to-end tests live here too (through the table, console and engine),
//! so the toy touches no more files than a real game does.

use rand::rngs::StdRng;

use super::{Brain, Budget, Level, Pick, random};
use crate::rules::toy::TicTacToe;
use crate::rules::{Rules, Seat};

impl Brain for TicTacToe {
    const LEVELS: &'static [Level] = &[
        random::RANDOM,
        Level {
            name: "careful",
            about: "wins at once when it can, else blocks a line",
            measured: "",
        },
    ];

    fn choose(
        &self,
        seat: Seat,
        level: usize,
        _budget: &Budget,
        rng: &mut StdRng,
    ) -> Option<Pick<u8>> {
        if level >= 2 {
            let moves = self.legal(seat);
            let wins = |by: Seat, m: &u8| self.with_cell(usize::from(*m), by).winner() == Some(by);
            for (why, by) in [("completes a line", seat), ("blocks a line", 1 - seat)] {
                if let Some(m) = moves.iter().find(|m| wins(by, m)) {
                    return Some(Pick {
                        r#move: *m,
                        why: why.into(),
                    });
                }
            }
        }
        random::pick(self, seat, rng)
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;

    #[test]
    fn the_careful_level_completes_a_line_and_blocks_one() {
        let game = TicTacToe::from_position("XX.OO....").unwrap();
        let mut rng = StdRng::seed_from_u64(1);
        let budget = Budget::nodes(1);
        let win = game.choose(0, 2, &budget, &mut rng).unwrap();
        assert_eq!((win.r#move, win.why.as_str()), (2, "completes a line"));
        let block = TicTacToe::from_position("XX.O.....").unwrap();
        let pick = block.choose(1, 2, &budget, &mut rng).unwrap();
        assert_eq!((pick.r#move, pick.why.as_str()), (2, "blocks a line"));
    }
}

/// The toy added through the contract alone (`docs/adding-a-game.md`), played end to end.
#[cfg(test)]
mod end_to_end {
    use std::sync::Arc;

    use crate::console::{ConsoleOptions, run_line};
    use crate::engine::Engine;
    use crate::render::{Renderer, View};
    use crate::rules::{Game, GameKind, Outcome, WinReason};
    use crate::store::{Status, Store};
    use crate::table::{Command, Ctx, Table, User};

    async fn table(dir: &tempfile::TempDir) -> (Table, Store) {
        let url = format!("sqlite://{}", dir.path().join("toy.db").display());
        let store = Store::connect(&url).await.expect("store");
        (Table::new(store.clone(), Arc::new(Renderer::new())), store)
    }

    fn ctx(user: &str) -> Ctx {
        Ctx {
            guild: "g".into(),
            channel: "c".into(),
            user: User::named(user),
            admin: false,
        }
    }

    #[tokio::test]
    async fn tic_tac_toe_plays_through_the_table_with_a_picture_each_turn() {
        let dir = tempfile::tempdir().unwrap();
        let (table, store) = table(&dir).await;
        let play = Command::Play {
            game: "tic_tac_toe".into(),
            ruleset: None,
            opponents: vec![User::named("bob")],
            days: None,
            bot: None,
            players: None,
        };
        assert!(!table.handle(&ctx("alice"), play).await.private);
        let started = table.handle(&ctx("bob"), Command::Join).await;
        assert!(started.text.contains("Tic-tac-toe"), "{}", started.text);
        let refused = table
            .handle(&ctx("alice"), Command::Move { text: "d4".into() })
            .await;
        assert!(
            refused.private && refused.text.contains("a1 to c3"),
            "{}",
            refused.text
        );
        for (who, cell) in [
            ("alice", "b2"),
            ("bob", "a1"),
            ("alice", "a3"),
            ("bob", "c3"),
        ] {
            let reply = table
                .handle(&ctx(who), Command::Move { text: cell.into() })
                .await;
            assert!(!reply.private, "{}", reply.text);
            let png = reply.image.expect("a board each turn");
            assert_eq!(&png[1..4], b"PNG");
        }
        let last = table
            .handle(&ctx("alice"), Command::Move { text: "c1".into() })
            .await;
        assert!(
            last.text.contains("wins by three in a row"),
            "{}",
            last.text
        );
        let row = store.game(1).await.unwrap();
        assert_eq!(row.status, Status::Finished);
        let game: Game = serde_json::from_str(&row.state).unwrap();
        assert_eq!(
            game.outcome(),
            Some(Outcome::Win {
                winner: 0,
                reason: WinReason::Goal
            })
        );
    }

    #[tokio::test]
    async fn tic_tac_toe_plays_at_the_console() {
        let dir = tempfile::tempdir().unwrap();
        let (table, _store) = table(&dir).await;
        let options = ConsoleOptions {
            boards: dir.path().join("boards"),
            ..ConsoleOptions::default()
        };
        let mut out = Vec::new();
        let script = "@alice /play tic_tac_toe @bob\n@bob /join\n@alice b2\n@bob a1\n@alice a3\n@bob c3\n@alice c1";
        for line in script.lines() {
            assert!(run_line(&table, &options, line, &mut out).await.unwrap());
        }
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("@alice (X) wins"), "{text}");
        assert_eq!(
            std::fs::read_dir(dir.path().join("boards"))
                .unwrap()
                .count(),
            6
        );
    }

    #[test]
    fn tic_tac_toe_plays_through_the_engine() {
        let mut engine = Engine::default();
        let reply = engine.answer(r#"{"cmd":"new","game":"tic_tac_toe"}"#);
        assert_eq!(reply["ok"], true, "{reply}");
        let legal = engine.answer(r#"{"cmd":"legal"}"#);
        assert_eq!(legal["moves"].as_array().map(Vec::len), Some(9));
        let loaded = engine.answer(r#"{"cmd":"load","game":"tic_tac_toe","position":"XX.OO...."}"#);
        assert_eq!(loaded["turn"]["seat"], 0, "{loaded}");
        let won = engine.answer(r#"{"cmd":"play","move":"c3"}"#);
        assert_eq!(won["turn"]["outcome"]["winner"], 0, "{won}");
        assert_eq!(won["position"], "XXXOO....");
        let path = std::env::temp_dir().join(format!("tabula-toy-{}.png", std::process::id()));
        let request = serde_json::json!({ "cmd": "render", "path": path });
        let rendered = engine.answer(&request.to_string());
        assert_eq!(rendered["ok"], true, "{rendered}");
        let _ = std::fs::remove_file(path);
    }

    #[test]
    fn tic_tac_toe_is_drawn_at_its_painter_size() {
        let game = Game::new(GameKind::TicTacToe, "standard", 2).unwrap();
        let png = Renderer::new().png(&game, &View::default()).unwrap();
        let header = &png[16..24];
        let size = (
            u32::from_be_bytes(header[..4].try_into().unwrap()),
            u32::from_be_bytes(header[4..].try_into().unwrap()),
        );
        assert_eq!(size, Renderer::size(GameKind::TicTacToe));
    }
}

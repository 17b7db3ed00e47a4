//! What the registry promises every game beyond its rules: a stored name that is its own, a
//! picture of the size the renderer announces whose caption band is never blank, a `/rules`
//! text that fits one Discord message, and a bot that plays a whole game at the console.

use tabula::render::{Renderer, View};
use tabula::rules::{Action, Game, GameKind, Turn};
use tabula::store::Status;
use tabula::table::Command;

use super::playout::{Playing, playout};
use super::setups;
use crate::support::table::TestTable;

/// Discord's limit on a message's length, in characters.
const MESSAGE: usize = 2000;

#[test]
fn every_game_is_stored_under_the_name_players_type() {
    for setup in setups() {
        let game = setup.start();
        let name = setup.kind.name();
        let state = serde_json::to_value(&game).expect("a game saves");
        assert_eq!(state["game"], name, "{setup:?}: the state's tag");
        assert_eq!(serde_json::to_value(setup.kind).unwrap(), name);
        assert_eq!(name.parse::<GameKind>(), Ok(setup.kind));
        let played = playout(&game, 7, &mut |_| {});
        for action in &played.log {
            if let Action::Play { r#move, .. } = action {
                let stored = serde_json::to_value(r#move).expect("a move saves");
                assert!(
                    stored.get(name).is_some(),
                    "{setup:?}: a move saved as {stored}"
                );
            }
        }
        assert_eq!(serde_json::to_value(&played.end).unwrap()["game"], name);
    }
}

#[test]
fn every_picture_is_the_size_the_renderer_announces() {
    let renderer = Renderer::new();
    for setup in setups() {
        let start = setup.start();
        let end = playout(&start, 11, &mut |_| {}).end;
        let view = View {
            players: vec!["a player with a long name".into(); setup.players],
            caption: Some("a caption".into()),
            perspective: None,
        };
        for game in [&start, &end] {
            for view in [&View::default(), &view] {
                let png = renderer.png(game, view).expect("a game renders");
                assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "{setup:?}: a PNG");
                let width = u32::from_be_bytes(png[16..20].try_into().unwrap());
                let height = u32::from_be_bytes(png[20..24].try_into().unwrap());
                assert_eq!(
                    (width, height),
                    Renderer::size(setup.kind),
                    "{setup:?}: the picture's size"
                );
            }
        }
    }
}

#[test]
fn a_blank_caption_shows_what_no_caption_shows() {
    let renderer = Renderer::new();
    for setup in setups() {
        let game = playout(&setup.start(), 13, &mut |_| {}).end;
        let none = renderer.png(&game, &View::default()).expect("renders");
        for blank in ["", "   "] {
            let view = View {
                caption: Some(blank.into()),
                ..View::default()
            };
            let shown = renderer.png(&game, &view).expect("renders");
            assert!(
                shown == none,
                "{setup:?}: the caption {blank:?} left the band empty"
            );
        }
    }
}

#[tokio::test]
async fn every_rules_text_fits_one_discord_message() {
    let t = TestTable::new().await;
    for choice in GameKind::choices() {
        let reply = t
            .say(
                "alice",
                Command::Rules {
                    game: Some(choice.name.into()),
                },
            )
            .await;
        let n = reply.text.chars().count();
        assert!(n <= MESSAGE, "/rules {} is {n} characters", choice.name);
        assert!(reply.text.contains(choice.kind.title()), "{}", reply.text);
    }
}

#[tokio::test]
async fn every_bot_level_list_fits_one_discord_message_and_shows_each_measured_elo() {
    let t = TestTable::new().await;
    for &kind in GameKind::ALL {
        let reply = t
            .say(
                "alice",
                Command::Bot {
                    game: Some(kind.name().into()),
                },
            )
            .await;
        let n = reply.text.chars().count();
        assert!(n <= MESSAGE, "/bot {} is {n} characters", kind.name());
        for level in 1..=tabula::bot::levels(kind).len() {
            if let Some(elo) = tabula::bot::elo(kind, level) {
                let line = reply
                    .text
                    .lines()
                    .find(|l| l.starts_with(&format!("{level}. ")))
                    .unwrap_or_else(|| panic!("/bot {} lists level {level}", kind.name()));
                assert!(line.contains(&elo.to_string()), "{line}");
                assert!(
                    line.contains(&format!("({} games against", elo.games)),
                    "{line}"
                );
            }
        }
    }
}

#[tokio::test]
async fn every_game_is_played_to_its_end_against_the_bot_at_the_console() {
    for (i, &kind) in GameKind::ALL.iter().enumerate() {
        let _playing = Playing(format!("{kind} against the bot"));
        let t = TestTable::seeded(i as u64).await;
        let out = t.line(&format!("@alice /play {} bot:1", kind.name())).await;
        assert!(out.contains("begins"), "{out}");
        let row = t
            .store
            .latest_game("console", "console")
            .await
            .expect("the store")
            .expect("a game");
        for _ in 0..5_000 {
            let game = t.game(row.id).await;
            let line = match game.turn() {
                Turn::Over(_) => break,
                Turn::Roll(0) => "@alice /roll".to_string(),
                Turn::Move(0) => format!("@alice /move {}", game.format(&game.legal(0)[0])),
                other => panic!("the bot left its turn unplayed: {other:?}"),
            };
            t.line(&line).await;
        }
        let row = t.store.game(row.id).await.expect("the game");
        assert_eq!(row.status, Status::Finished, "the game ended");
        let seats = t.store.seats(row.id).await.expect("the seats").len();
        let fresh = Game::new(kind, kind.rulesets()[0], seats).expect("the same start");
        let end = t.assert_log_replays(row.id, fresh).await;
        assert!(end.outcome().is_some());
    }
}

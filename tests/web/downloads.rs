//! Downloads other programs read: the chess PGN read back by pgn-reader move by move (with
//! the standard `Termination` values), the backgammon `.mat` imported by GNU Backgammon
//! position by position, and the JSON move log of every game.

use std::ops::ControlFlow;

use axum::http::StatusCode;
use pgn_reader::{RawTag, Reader, SanPlus, Skip, Visitor};
use shakmaty::{Chess, Position};

use tabula::rules::{Action, Game, Turn};
use tabula::table::{Command, WebCommand};

use super::{GUILD, Web, alice, bob};
use crate::backgammon::gnubg::gnubg_here;
use crate::backgammon::mat::{expected, gnubg_reads};

/// What pgn-reader found in a game: its tags and its mainline moves, in order.
#[derive(Debug, Default)]
struct Read {
    tags: Vec<(String, String)>,
    moves: Vec<SanPlus>,
}

impl Read {
    fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

struct Collect;

impl Visitor for Collect {
    type Tags = Read;
    type Movetext = Read;
    type Output = Read;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(Read::default())
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        tags.tags.push((
            String::from_utf8_lossy(name).into_owned(),
            value.decode_utf8_lossy().into_owned(),
        ));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue(tags)
    }

    fn begin_variation(
        &mut self,
        _movetext: &mut Self::Movetext,
    ) -> ControlFlow<Self::Output, Skip> {
        ControlFlow::Continue(Skip(true))
    }

    fn san(&mut self, movetext: &mut Self::Movetext, san: SanPlus) -> ControlFlow<Self::Output> {
        movetext.moves.push(san);
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, movetext: Self::Movetext) -> Self::Output {
        movetext
    }
}

/// Reads the one game of a PGN file with pgn-reader.
fn read_pgn(bytes: &[u8]) -> Read {
    let mut reader = Reader::new(bytes);
    reader
        .read_game(&mut Collect)
        .expect("the PGN reads")
        .expect("the PGN holds a game")
}

async fn game_id(web: &Web, channel: &str) -> String {
    let row = web
        .t
        .store
        .latest_game(GUILD, channel)
        .await
        .unwrap()
        .expect("a game in the channel");
    web.t.store.web_game(row.id).await.unwrap().public_id
}

#[tokio::test]
async fn the_chess_pgn_reads_back_in_pgn_reader_move_by_move_as_the_log_has_it() {
    let web = Web::new().await;
    web.seed().await;
    web.enable().await;
    let id = game_id(&web, "c").await;
    let got = web.get(&format!("/g/{id}/record.pgn")).await;
    assert_eq!(got.status, StatusCode::OK);
    assert!(
        got.header("content-type")
            .starts_with("application/x-chess-pgn")
    );
    assert!(
        got.header("content-disposition")
            .starts_with("attachment; filename=\""),
        "{}",
        got.header("content-disposition")
    );
    let read = read_pgn(&got.body);
    assert_eq!(read.tag("White"), Some("alice"));
    assert_eq!(read.tag("Black"), Some("bob"));
    assert_eq!(read.tag("Result"), Some("0-1"));
    assert_eq!(read.tag("Termination"), Some("normal"));
    let logged: Vec<String> = web
        .t
        .store
        .log(
            web.t
                .store
                .latest_game(GUILD, "c")
                .await
                .unwrap()
                .unwrap()
                .id,
        )
        .await
        .unwrap()
        .into_iter()
        .map(|l| l.notation)
        .collect();
    assert_eq!(read.moves.len(), logged.len());
    let mut pos = Chess::default();
    for (san, ours) in read.moves.iter().zip(&logged) {
        let m = san
            .san
            .to_move(&pos)
            .expect("each move is legal where it is played");
        assert_eq!(san.to_string(), *ours, "the same move as our log");
        pos = pos.play(m).expect("it plays");
    }
    assert!(pos.is_checkmate(), "the game ends in mate");
}

#[tokio::test]
async fn a_game_lost_on_time_is_a_time_forfeit_in_the_pgn() {
    let web = Web::new().await;
    web.seed().await;
    web.enable().await;
    let id = game_id(&web, "c3").await;
    let read = read_pgn(&web.get(&format!("/g/{id}/record.pgn")).await.body);
    assert_eq!(read.tag("Termination"), Some("time forfeit"));
    assert_eq!(read.tag("Result"), Some("1-0"));
    assert_eq!(read.moves.len(), 1, "d4, then time ran out");
    // A game still being played is unterminated.
    let live = game_id(&web, "c2").await;
    let read = read_pgn(&web.get(&format!("/g/{live}/record.pgn")).await.body);
    assert_eq!(read.tag("Termination"), Some("unterminated"));
    assert_eq!(read.tag("Result"), Some("*"));
}

#[tokio::test]
async fn every_game_has_a_json_move_log_with_its_players_and_plies() {
    let web = Web::new().await;
    web.seed().await;
    web.enable().await;
    let id = game_id(&web, "c").await;
    let got = web.get(&format!("/g/{id}/log.json")).await;
    assert_eq!(got.status, StatusCode::OK);
    assert_eq!(got.header("content-type"), "application/json");
    let log: serde_json::Value = serde_json::from_slice(&got.body).expect("JSON");
    assert_eq!(log["game"], "chess");
    assert_eq!(log["id"], id.as_str());
    assert_eq!(log["players"][0]["name"], "alice");
    assert_eq!(log["players"][1]["side"], "Black");
    let notations: Vec<&str> = log["actions"]
        .as_array()
        .expect("actions")
        .iter()
        .map(|a| a["notation"].as_str().expect("notation"))
        .collect();
    assert_eq!(notations, ["f3", "e5", "g4", "Qh4#"]);
    assert_eq!(log["outcome"]["result"], "win");
    assert_eq!(log["outcome"]["winner"], 1);
}

/// Opens a backgammon game in `channel`, alice (White) against bob, and plays `actions`
/// logged actions, each the first legal move, then bob resigns. Returns the game's row id.
async fn backgammon(web: &Web, channel: &str, actions: usize) -> i64 {
    let open = web
        .say(
            &alice(),
            channel,
            Command::Play {
                game: "backgammon".into(),
                ruleset: None,
                opponents: vec![bob()],
                days: None,
                bot: None,
                players: None,
            },
        )
        .await;
    assert!(!open.private, "{}", open.text);
    let joined = web.say(&bob(), channel, Command::Join).await;
    assert!(!joined.private, "{}", joined.text);
    let id = web
        .t
        .store
        .latest_game(GUILD, channel)
        .await
        .unwrap()
        .expect("the game")
        .id;
    while web.t.store.log(id).await.unwrap().len() < actions {
        let row = web.t.store.game(id).await.unwrap();
        let game: Game = serde_json::from_str(&row.state).unwrap();
        let who = |seat: usize| if seat == 0 { alice() } else { bob() };
        let reply = match game.turn() {
            Turn::Roll(s) => {
                web.say(&who(s), channel, Command::Roll { expr: None })
                    .await
            }
            Turn::Move(s) => {
                let m = game.legal(s).into_iter().next().expect("a legal move");
                let text = game.format(&m);
                web.say(&who(s), channel, Command::Move { text }).await
            }
            Turn::Over(_) => break,
        };
        assert!(!reply.private, "{}", reply.text);
    }
    let resigned = web
        .say(&bob(), channel, Command::Resign { confirmed: true })
        .await;
    assert!(!resigned.private, "{}", resigned.text);
    id
}

/// The `.mat` a game page offers, as text.
async fn mat(web: &Web, id: &str) -> String {
    let got = web.get(&format!("/g/{id}/record.mat")).await;
    assert_eq!(got.status, StatusCode::OK);
    assert_eq!(got.header("content-type"), "text/plain; charset=utf-8");
    assert!(
        got.header("content-disposition")
            .ends_with(&format!("tabula-{id}.mat\"")),
        "{}",
        got.header("content-disposition")
    );
    String::from_utf8(got.body.clone()).expect("UTF-8")
}

/// Issue 28: a backgammon game page offers the Jellyfish `.mat`, and GNU Backgammon imports
/// it with every position, the resignation and the result as ours.
#[tokio::test]
async fn the_backgammon_mat_download_imports_into_gnubg_with_every_position_as_ours() {
    let web = Web::new().await;
    web.enable().await;
    let row = backgammon(&web, "bg", 60).await;
    let id = web.t.store.web_game(row).await.unwrap().public_id;
    let page = web.get(&format!("/g/{id}")).await.text();
    for link in ["record.mat", "record.txt", "log.json"] {
        assert!(page.contains(&format!("/g/{id}/{link}")), "no {link} link");
    }
    let text = mat(&web, &id).await;
    assert!(text.contains("\n 1 point match\n"), "{text}");
    assert!(text.contains(" alice : 0 "), "{text}");
    // Chess has no match file: the same 404 as any unknown part.
    web.chess("c", &alice(), &bob(), None).await;
    let chess = game_id(&web, "c").await;
    assert_eq!(
        web.get(&format!("/g/{chess}/record.mat")).await.status,
        StatusCode::NOT_FOUND
    );
    if !gnubg_here("the .mat download check") {
        return;
    }
    let log: Vec<Action> = web
        .t
        .store
        .log(row)
        .await
        .unwrap()
        .iter()
        .map(|l| serde_json::from_str(&l.action).expect("a logged action"))
        .collect();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.mat");
    std::fs::write(&path, &text).unwrap();
    let theirs = gnubg_reads(&[path]).remove(0);
    let ours = expected("standard", &log);
    assert!(ours.iter().filter(|l| l.starts_with("move ")).count() >= 20);
    assert_eq!(ours.last().map(String::as_str), Some("won X 1"), "{ours:?}");
    assert_eq!(theirs, ours, "{text}");
}

/// Issue 28: the `.mat` names players as every page does: a player who chose `/web hide-me`
/// is "Anonymous", one who chose `/forget-me` "a former player".
#[tokio::test]
async fn a_hidden_or_forgotten_player_is_anonymous_or_a_former_player_in_the_mat() {
    let web = Web::new().await;
    web.enable().await;
    let row = backgammon(&web, "bg", 8).await;
    let id = web.t.store.web_game(row).await.unwrap().public_id;
    let shown = mat(&web, &id).await;
    assert!(
        shown.contains(" alice : 0 ") && shown.contains(" bob : 0"),
        "{shown}"
    );

    let hidden = web
        .say(&alice(), "bg", Command::Web(WebCommand::HideMe))
        .await;
    assert!(hidden.private, "{}", hidden.text);
    let text = mat(&web, &id).await;
    assert!(text.contains(" Anonymous : 0 "), "{text}");
    assert!(!text.to_lowercase().contains("alice"), "{text}");

    let forgot = web
        .say(&bob(), "bg", Command::ForgetMe { confirmed: true })
        .await;
    assert!(!forgot.text.is_empty());
    let text = mat(&web, &id).await;
    assert!(text.contains(" a former player : 0"), "{text}");
    assert!(!text.contains("bob"), "{text}");
    // The moves are the same file's moves: only the names changed.
    let moves = |t: &str| {
        t.lines()
            .skip_while(|l| !l.starts_with("  1)"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(moves(&text), moves(&shown));
}

//! Scripted games at the console table: each ends with the right result, every turn writes a
//! board picture, and a game survives quitting and restarting.

use std::path::Path;

use crate::support::table::TestTable;
use tabula::store::Status;

fn assert_png(path: &Path) {
    let bytes = std::fs::read(path).expect("board file");
    let image = image::load_from_memory(&bytes).expect("board is a PNG");
    assert!(
        image.width() >= 512 && image.height() >= 512,
        "{}",
        path.display()
    );
}

const OPEN: &str = "@alice /play chess @bob\n@bob /join\n";

async fn finished(console: &TestTable) -> (Status, String) {
    let row = console.store.game(1).await.expect("game 1");
    (row.status, row.result.unwrap_or_default())
}

#[tokio::test]
async fn fools_mate_ends_in_checkmate_with_a_board_per_turn() {
    let console = TestTable::new().await;
    let out = console
        .script(&format!(
            "{OPEN}@alice /move f3\n@bob /move e5\n@alice g4\n@bob Qh4#\n"
        ))
        .await;
    assert!(out.contains("@bob (Black) wins by checkmate"), "{out}");
    let (status, result) = finished(&console).await;
    assert_eq!(status, Status::Finished);
    assert!(result.contains("checkmate"), "{result}");
    let boards = console.boards();
    assert_eq!(
        boards.len(),
        5,
        "the start and each of four moves: {boards:?}"
    );
    boards.iter().for_each(|b| assert_png(b));
    assert_eq!(out.matches("board: ").count(), 5, "{out}");
}

#[tokio::test]
async fn loyds_ten_move_stalemate_is_drawn() {
    let console = TestTable::new().await;
    let moves = [
        "e3", "a5", "Qh5", "Ra6", "Qxa5", "h5", "h4", "Rah6", "Qxc7", "f6", "Qxd7+", "Kf7", "Qxb7",
        "Qd3", "Qxb8", "Qh7", "Qxc8", "Kg6", "Qe6",
    ];
    let script: String = moves
        .iter()
        .enumerate()
        .map(|(i, m)| format!("@{} /move {m}\n", if i % 2 == 0 { "alice" } else { "bob" }))
        .collect();
    let out = console.script(&format!("{OPEN}{script}")).await;
    assert!(out.contains("drawn by stalemate"), "{out}");
    assert_eq!(finished(&console).await.0, Status::Finished);
    assert_eq!(console.boards().len(), moves.len() + 1);
}

/// Sheet 004: a position "repeated three time concurrently with the same player about to move"
/// may be declared a draw: the table says so (and offers a Claim draw button, see the Discord
/// tests) and `/draw claim` ends the game; until then play goes on.
#[tokio::test]
async fn a_threefold_repetition_may_be_claimed_with_draw_claim() {
    let console = TestTable::new().await;
    let shuffle = "@alice Nf3\n@bob Nf6\n@alice Ng1\n@bob Ng8\n";
    let out = console.script(&format!("{OPEN}{shuffle}{shuffle}")).await;
    assert!(
        out.contains("A draw may be claimed now: `/draw claim`"),
        "{out}"
    );
    assert!(
        !out.contains("Game over"),
        "a threefold repetition is no draw by itself: {out}"
    );
    assert_eq!(finished(&console).await.0, Status::Active);
    let out = console.script("@bob /draw claim\n").await;
    assert!(out.contains("@bob claims a draw"), "{out}");
    assert!(out.contains("drawn by threefold repetition"), "{out}");
    assert_eq!(finished(&console).await.0, Status::Finished);
}

/// FIDE 9.6.1: the fifth occurrence of a position draws the game with nobody claiming.
#[tokio::test]
async fn a_fivefold_repetition_is_drawn_by_itself() {
    let console = TestTable::new().await;
    let shuffle = "@alice Nf3\n@bob Nf6\n@alice Ng1\n@bob Ng8\n";
    let out = console
        .script(&format!("{OPEN}{shuffle}{shuffle}{shuffle}{shuffle}"))
        .await;
    assert!(out.contains("drawn by fivefold repetition"), "{out}");
    assert_eq!(finished(&console).await.0, Status::Finished);
}

#[tokio::test]
async fn a_resignation_ends_the_game_for_the_opponent() {
    let console = TestTable::new().await;
    let out = console
        .script(&format!("{OPEN}@alice e4\n@bob /resign\n"))
        .await;
    assert!(out.contains("@bob resigned"), "{out}");
    assert!(out.contains("@alice (White) wins by resignation"), "{out}");
    let (status, result) = finished(&console).await;
    assert_eq!(status, Status::Finished);
    assert!(result.contains("resignation"));
}

#[tokio::test]
async fn a_draw_by_agreement_needs_the_opponent_to_accept() {
    let console = TestTable::new().await;
    let out = console
        .script(&format!(
            "{OPEN}@alice e4\n@bob /draw offer\n@bob /draw accept\n@alice /draw decline\n@bob /draw offer\n@alice /draw accept\n"
        ))
        .await;
    assert!(
        out.contains("no draw offer") || out.contains("there is no draw offer"),
        "{out}"
    );
    assert!(out.contains("@alice declined the draw offer"), "{out}");
    assert!(out.contains("drawn by agreement"), "{out}");
    assert_eq!(finished(&console).await.0, Status::Finished);
}

#[tokio::test]
async fn quitting_and_restarting_continues_the_same_game() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().to_path_buf();
    let first = TestTable::open(dir, None).await;
    first.script(&format!("{OPEN}@alice e4\n@bob e5\n")).await;
    let dir = first.close().await;

    let second = TestTable::open(dir, None).await;
    assert_eq!(second.options.boards, path.join("boards"));
    let out = second.script("@alice Nf3\n@bob /board\n").await;
    assert!(out.contains("played Nf3"), "{out}");
    let row = second
        .store
        .open_game("console", "console")
        .await
        .unwrap()
        .expect("still open");
    assert_eq!(row.id, 1);
    assert!(row.state.contains("g1f3"), "{}", row.state);
}

#[tokio::test]
async fn players_act_only_in_their_seat_and_turn() {
    let console = TestTable::new().await;
    let out = console
        .script(&format!(
            "@alice /move e4\n{OPEN}@bob e5\n@carol e4\n@carol /join\n@alice /join\n@bob /abort\n@alice /start\n"
        ))
        .await;
    for expected in [
        "There is no game in this channel",
        "It is alice's turn",
        "You are not playing in this game",
        "The game has already started",
        "asks to abort game #1",
    ] {
        assert!(out.contains(expected), "missing {expected:?} in {out}");
    }
    let log = console.store.log(1).await.unwrap();
    assert!(
        log.is_empty(),
        "no refused command reached the log: {log:?}"
    );
}

//! Backgammon played end to end at the table through console lines, with seeded dice: every
//! turn posts a board, the game's notices reach the players, the cube is offered, taken and
//! dropped, and the stored log replays to the stored snapshot.

use crate::support::table::TestTable;
use tabula::render::Renderer;
use tabula::rules::backgammon::{BackgammonGame, Phase};
use tabula::rules::{Game, GameKind, Turn};
use tabula::store::Status;

/// Most lines a game may take before the test gives up on it.
const MAX_LINES: usize = 3000;

fn bg(game: &Game) -> &BackgammonGame {
    match game {
        Game::Backgammon(g) => g,
        other => panic!("not backgammon: {:?}", other.kind()),
    }
}

/// The players by seat: alice opened the table, so she sits at seat 0 (White).
const NAMES: [&str; 2] = ["alice", "bob"];

/// When the players use the cube: White doubles on its third roll, Black takes and later
/// redoubles, and White drops.
#[derive(Default)]
struct CubePlan {
    white_rolls: usize,
    doubles: usize,
}

impl CubePlan {
    /// Returns the cube action to take now, if any.
    fn action(&mut self, game: &BackgammonGame) -> Option<&'static str> {
        match game.phase() {
            Phase::Roll { seat: 0 } if game.may_double(0) && self.doubles == 0 => {
                self.white_rolls += 1;
                (self.white_rolls == 3).then(|| {
                    self.doubles += 1;
                    "double"
                })
            }
            Phase::Roll { seat: 1 } if game.may_double(1) && self.doubles == 1 => {
                self.doubles += 1;
                Some("double")
            }
            Phase::Doubled { .. } if self.doubles == 1 => Some("take"),
            Phase::Doubled { .. } => Some("drop"),
            _ => None,
        }
    }
}

/// Plays a whole game from `/play` to its end; returns everything the console printed and
/// the number of lines that should each have posted a board.
async fn play_out(
    console: &TestTable,
    ruleset: &str,
    mut cube: Option<CubePlan>,
) -> (String, usize) {
    let mut out = console
        .line(&format!("@alice /play backgammon {ruleset} @bob"))
        .await;
    out += &console.line("@bob /join").await;
    for n in 0..MAX_LINES {
        let game = console.game(1).await;
        let line = match game.turn() {
            // The join posted the first board, and each of the `n` lines so far one more.
            Turn::Over(_) => return (out, n + 1),
            Turn::Roll(seat) => match cube.as_mut().and_then(|c| c.action(bg(&game))) {
                Some(action) => format!("@{} /move {action}", NAMES[seat]),
                None => format!("@{} /roll", NAMES[seat]),
            },
            Turn::Move(seat) => match cube.as_mut().and_then(|c| c.action(bg(&game))) {
                Some(action) => format!("@{} {action}", NAMES[seat]),
                None => {
                    let moves = game.legal_moves();
                    let first = moves.first().expect("a move is due, so one is legal");
                    format!("@{} /move {}", NAMES[seat], game.format(first))
                }
            },
        };
        // Now and then someone asks for the board again (written over the last turn's file).
        if n % 25 == 7 {
            let board = console.line("@bob /board").await;
            assert!(board.contains("board: "), "{board}");
        }
        let reply = console.line(&line).await;
        assert!(
            !reply.starts_with('!'),
            "line {n}: {line} was refused: {reply}"
        );
        assert!(reply.contains("board: "), "{line} posted no board: {reply}");
        out += &reply;
    }
    panic!("the game did not end within {MAX_LINES} lines:\n{out}");
}

/// Checks the boards, the finished row, and that the log replays to the snapshot.
async fn check_end(console: &TestTable, ruleset: &str, boards: usize) -> Game {
    let files = console.boards();
    assert_eq!(files.len(), boards, "one board per game line");
    for file in &files {
        let bytes = std::fs::read(file).expect("board file");
        let img = image::load_from_memory(&bytes).expect("board is a PNG");
        assert_eq!(
            (img.width(), img.height()),
            Renderer::size(GameKind::Backgammon),
            "{}",
            file.display()
        );
    }
    let row = console.store.game(1).await.expect("game 1");
    assert_eq!(row.status, Status::Finished);
    assert!(row.result.is_some());
    let fresh = Game::new(GameKind::Backgammon, ruleset, 2).expect("ruleset exists");
    console.assert_log_replays(1, fresh).await
}

#[tokio::test]
async fn a_seeded_game_plays_to_the_end_with_a_board_per_turn_and_its_notices() {
    // Seed 25 gives a tied opening roll and a turn lost to a closed board.
    let console = TestTable::seeded(25).await;
    let (out, boards) = play_out(&console, "standard", None).await;
    assert!(out.contains("Backgammon begins"), "{out}");
    assert!(
        out.contains("Opening roll: White rolls for both sides, one die each"),
        "the opening notice says who throws: {out}"
    );
    assert!(
        out.contains("White's die") && out.contains("starts with"),
        "the opening result: {out}"
    );
    assert!(out.contains("roll again"), "a tied opening roll: {out}");
    assert!(
        out.contains("@alice rolled the opening dice, one for each side: ")
            && out.contains(" for White, "),
        "the opening roll names one die per side: {out}"
    );
    assert!(out.contains("cannot move with"), "a lost turn: {out}");
    assert!(out.contains("wins"), "{out}");
    let game = check_end(&console, "standard", boards).await;
    assert!(matches!(game.turn(), Turn::Over(_)));
}

#[tokio::test]
async fn a_money_game_doubles_takes_redoubles_and_drops() {
    let console = TestTable::seeded(5).await;
    let (out, boards) = play_out(&console, "cube", Some(CubePlan::default())).await;
    assert!(out.contains("White doubles to 2"), "{out}");
    assert!(out.contains("Black takes; the cube is at 2"), "{out}");
    assert!(out.contains("Black doubles to 4"), "{out}");
    assert!(out.contains("double dropped"), "{out}");
    let game = check_end(&console, "cube", boards).await;
    let g = bg(&game);
    assert_eq!(g.score(), [0, 2], "Black wins the cube's 2 points");
}

#[tokio::test]
async fn the_opening_roll_waits_for_white_and_a_roll_cannot_be_repeated() {
    let console = TestTable::seeded(3).await;
    console.line("@alice /play backgammon @bob").await;
    console.line("@bob /join").await;
    let early = console.line("@bob /roll").await;
    assert!(
        early.starts_with('!'),
        "Black cannot roll for the opening: {early}"
    );
    let early = console.line("@alice 13/7").await;
    assert!(
        early.starts_with('!'),
        "no move before the opening roll: {early}"
    );
    let rolled = console.line("@alice /roll").await;
    assert!(rolled.contains("board: "), "{rolled}");
    let game = console.game(1).await;
    if let Turn::Move(seat) = game.turn() {
        let again = console.line(&format!("@{} /roll", NAMES[seat])).await;
        assert!(
            again.starts_with('!'),
            "the dice are already rolled: {again}"
        );
    }
}

/// Issue 13 item 13: the words match what the table does. A roll while a double waits says
/// the double must be answered (not "you have rolled already"), and a double by the player
/// without the cube says whose cube it is (not "it is your turn to roll").
#[tokio::test]
async fn the_cube_and_a_pending_double_are_explained_in_their_own_words() {
    let console = TestTable::seeded(11).await;
    console.line("@alice /play backgammon cube @bob").await;
    console.line("@bob /join").await;
    // White throws the opening dice until they differ.
    while matches!(console.game(1).await.turn(), Turn::Roll(0)) {
        console.line("@alice /roll").await;
    }
    // The starter plays; the other seat is then to roll and may double.
    let game = console.game(1).await;
    let Turn::Move(starter) = game.turn() else {
        panic!("the opening roll starts someone: {:?}", game.turn());
    };
    let first = game.format(&game.legal_moves()[0]);
    let out = console
        .line(&format!("@{} /move {first}", NAMES[starter]))
        .await;
    assert!(!out.starts_with('!'), "{out}");
    let (doubler, taker) = (NAMES[1 - starter], NAMES[starter]);
    let out = console.line(&format!("@{doubler} /move double")).await;
    assert!(out.contains("doubles to 2"), "{out}");
    let early = console.line(&format!("@{taker} /roll")).await;
    assert!(early.starts_with('!'), "{early}");
    assert!(
        early.contains("has doubled to 2") && early.contains("must take or drop first"),
        "a roll with a double pending: {early}"
    );
    assert!(!early.contains("rolled already"), "{early}");
    let out = console.line(&format!("@{taker} /move take")).await;
    assert!(out.contains("takes; the cube is at 2"), "{out}");
    // The doubler is on roll again, but the cube is now on the taker's side.
    let again = console.line(&format!("@{doubler} /move double")).await;
    assert!(again.starts_with('!'), "{again}");
    let owner = ["White", "Black"][starter];
    assert!(
        again.contains(&format!(
            "the cube is on {owner}'s side: only {owner} may double"
        )),
        "a double without the cube: {again}"
    );
    assert!(!again.contains("turn to roll"), "{again}");
    // A play before rolling still says to roll first.
    let play = console.line(&format!("@{doubler} /move 13/7")).await;
    assert!(play.contains("It is your turn to roll first"), "{play}");
}

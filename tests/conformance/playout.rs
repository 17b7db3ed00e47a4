//! Random games played to their end through the contract: every action the player to act may
//! take (a move, sometimes only its first word; a roll; now and then a resignation or a draw
//! offer, answer or claim), each move read back from its own notation, the state saved and
//! loaded on the way. The suite runs them over every setup; a game's own tests run them with
//! their invariants.

use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use tabula::rules::{Action, Game, Turn};

use super::setups;

/// More actions than any game takes; reaching it means the game does not end.
const CAP: usize = 50_000;

/// Random games per setup (ruleset and number of seats).
const GAMES: u64 = 12;

/// A random game: where it started, where it ended, and every action between.
pub struct Playout {
    pub start: Game,
    pub end: Game,
    pub log: Vec<Action>,
}

/// Names the game being played in the output of a test that panics while it is alive.
pub struct Playing(pub String);

impl Drop for Playing {
    fn drop(&mut self) {
        if std::thread::panicking() {
            eprintln!("while playing {}", self.0);
        }
    }
}

/// Plays a random game from `start` with the generator seeded by `seed` to its end, calling
/// `check` with the game after every action.
///
/// # Panics
/// Panics when a move does not read back from its notation, a legal action is refused, a
/// state does not load back as itself, or the game has not ended after [`CAP`] actions.
pub fn playout(start: &Game, seed: u64, check: &mut dyn FnMut(&Game)) -> Playout {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = start.clone();
    let mut log = Vec::new();
    for step in 0..CAP {
        let Some(action) = next_action(&game, &mut rng) else {
            return Playout {
                start: start.clone(),
                end: game,
                log,
            };
        };
        game = game
            .apply(&action)
            .unwrap_or_else(|e| panic!("{action:?} was legal but is refused: {e}"));
        check(&game);
        if step % 16 == 0 {
            let saved = serde_json::to_string(&game).expect("a game saves");
            let loaded: Game = serde_json::from_str(&saved).expect("a saved game loads");
            assert_eq!(loaded, game, "a saved game loads as itself");
        }
        log.push(action);
    }
    panic!("seed {seed}: no end after {CAP} actions");
}

/// Returns an action the seat to act may take, or `None` once the game is over.
fn next_action(game: &Game, rng: &mut StdRng) -> Option<Action> {
    let seat = game.turn().seat()?;
    if rng.random_bool(0.001) {
        return Some(Action::Resign { seat });
    }
    // Draw offers, answers and claims, where the game has them: kept only if accepted.
    let talk = match rng.random_range(0..300) {
        0 => Some(Action::OfferDraw { seat }),
        1..=2 if game.draw_offer().is_some_and(|s| s != seat) => Some(Action::AcceptDraw { seat }),
        3..=4 if game.draw_offer().is_some() => Some(Action::DeclineDraw { seat }),
        _ if game.may_claim_draw(seat) && rng.random_bool(0.3) => Some(Action::ClaimDraw { seat }),
        _ => None,
    };
    if let Some(action) = talk.filter(|a| game.apply(a).is_ok()) {
        return Some(action);
    }
    let moves = game.legal(seat);
    let roll = match game.turn() {
        Turn::Roll(_) => moves.is_empty() || rng.random_bool(0.97),
        _ => false,
    };
    if roll {
        let dice = game.dice().expect("a game that waits for a roll has dice");
        let dice = (0..dice.count)
            .map(|_| rng.random_range(1..=dice.faces))
            .collect();
        return Some(Action::Roll { seat, dice });
    }
    let m = moves
        .choose(rng)
        .unwrap_or_else(|| panic!("{:?} waits for seat {seat}, who has no move", game.turn()))
        .clone();
    let text = game.format(&m);
    assert_eq!(
        game.parse(seat, &text).as_ref(),
        Ok(&m),
        "{text} reads back"
    );
    // Sometimes only the first word, as a player typing a move part by part would.
    let first = text.split_whitespace().next().unwrap_or_default();
    let m = match game.parse(seat, first) {
        Ok(part) if first != text && rng.random_bool(0.3) => part,
        _ => m,
    };
    Some(Action::Play { seat, r#move: m })
}

/// Replays a log from the start, through JSON as the store keeps it.
fn replay(start: &Game, log: &[Action]) -> Game {
    let stored = serde_json::to_string(log).expect("a log saves");
    let log: Vec<Action> = serde_json::from_str(&stored).expect("a saved log loads");
    log.iter().fold(start.clone(), |game, action| {
        game.apply(action)
            .unwrap_or_else(|e| panic!("{action:?} replays: {e}"))
    })
}

/// Seeds the `n`th game of setup `i` apart from every other.
fn seed(i: usize, n: u64) -> u64 {
    (i as u64) << 32 | n
}

#[test]
fn every_game_in_every_ruleset_ends_and_replays_to_its_snapshot() {
    for (i, setup) in setups().iter().enumerate() {
        for n in 0..GAMES {
            let _playing = Playing(format!("{setup:?}, seed {}", seed(i, n)));
            let start = setup.start();
            let p = playout(&start, seed(i, n), &mut |_| {});
            assert!(p.end.outcome().is_some(), "the game ended");
            assert!(p.end.legal_moves().is_empty(), "an ended game has no moves");
            assert_eq!(replay(&p.start, &p.log), p.end, "the log replays");
        }
    }
}

#[test]
fn every_legal_move_reads_back_from_its_notation() {
    for (i, setup) in setups().iter().enumerate() {
        let _playing = Playing(format!("{setup:?}"));
        let mut positions = 0;
        let mut reads_back = |game: &Game| {
            let Some(seat) = game.turn().seat() else {
                return;
            };
            positions += 1;
            for m in game.legal(seat) {
                let text = game.format(&m);
                assert_eq!(game.parse(seat, &text), Ok(m), "{text} reads back");
            }
        };
        playout(&setup.start(), seed(i, 1 << 20), &mut reads_back);
        assert!(positions > 0, "{setup:?} was played");
    }
}

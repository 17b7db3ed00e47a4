//! GNU Backgammon as the oracle: random games, and for every (position, roll) on the way the
//! set of positions our legal plays reach must equal the set gnubg's `hint` lists.
//!
//! gnubg's notation for each play must read back as that play, and ours must equal it.
//!
//! One gnubg process runs an embedded Python script over all positions at once. gnubg gives
//! each play as text; the script applies it with gnubg's own parser (`parsemove`) and reports
//! the resulting position IDs. Without gnubg the test prints SKIP and passes, unless
//! `TABULA_REQUIRE_GNUBG=1` (CI) makes it fail.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tabula::rules::Rules;
use tabula::rules::backgammon::{BackgammonGame, BackgammonMove, BackgammonRules, Phase};

const GNUBG: &str = "/usr/games/gnubg";

/// Returns whether gnubg can run; prints SKIP (or fails under `TABULA_REQUIRE_GNUBG=1`)
/// when it cannot.
pub(crate) fn gnubg_here(what: &str) -> bool {
    if Path::new(GNUBG).exists() {
        return true;
    }
    let required = std::env::var("TABULA_REQUIRE_GNUBG").is_ok_and(|v| v == "1");
    println!("SKIP: gnubg not installed (apt-get install gnubg) — {what} skipped");
    assert!(!required, "TABULA_REQUIRE_GNUBG=1 but {GNUBG} is missing");
    false
}

/// Runs one gnubg process on the Python `script`, which reads `input` from the file named
/// by `TABULA_GNUBG_IN` and writes its answers to the file named by `TABULA_GNUBG_OUT`.
/// Returns the answers and what gnubg printed; panics with gnubg's stderr when the script
/// wrote nothing.
pub(crate) fn run_gnubg(script: &str, input: &str) -> (String, String) {
    let dir = tempfile::tempdir().unwrap();
    let (input_file, output) = (dir.path().join("in.txt"), dir.path().join("out.txt"));
    let script_file = dir.path().join("script.py");
    std::fs::write(&input_file, input).unwrap();
    std::fs::write(&script_file, script).unwrap();
    let run = Command::new(GNUBG)
        .args(["-t", "-q", "-r", "-p"])
        .arg(&script_file)
        .env("TABULA_GNUBG_IN", &input_file)
        .env("TABULA_GNUBG_OUT", &output)
        .output()
        .expect("gnubg runs");
    let answers = std::fs::read_to_string(&output).unwrap_or_else(|e| {
        panic!(
            "gnubg wrote no answers ({e}); stderr: {}",
            String::from_utf8_lossy(&run.stderr)
        )
    });
    (answers, String::from_utf8_lossy(&run.stdout).into_owned())
}
const SAMPLES: usize = 2_400;

const SCRIPT: &str = r#"
import os
import gnubg

def apply(board, text):
    opp, me = list(board[0]), list(board[1])
    for (src, dst) in gnubg.parsemove(text):
        me[src - 1] -= 1
        if dst > 0:
            me[dst - 1] += 1
            if opp[24 - dst] == 1:
                opp[24 - dst] = 0
                opp[24] += 1
    return gnubg.positionid((me, opp))

for c in ['set display off', 'set player 0 human', 'set player 1 human',
          'set evaluation chequerplay evaluation plies 0', 'new game']:
    gnubg.command(c)
out = open(os.environ['TABULA_GNUBG_OUT'], 'w')
for line in open(os.environ['TABULA_GNUBG_IN']):
    pid, d1, d2 = line.split()
    gnubg.command('set board ' + pid)
    if gnubg.positionid() != pid:
        out.write('%s %s %s ! could not set the board\n' % (pid, d1, d2))
        continue
    gnubg.command('set dice %s %s' % (d1, d2))
    try:
        moves = [m['move'] for m in gnubg.hint(100000)['hint']]
    except Exception:
        moves = []
    board = gnubg.positionfromid(pid)
    pairs = sorted((apply(board, m), m.replace(' ', '_')) for m in moves)
    if len(set(p[0] for p in pairs)) != len(moves):
        out.write('%s %s %s ! %d plays gave fewer positions\n' % (pid, d1, d2, len(moves)))
        continue
    out.write('%s %s %s : %s\n' % (pid, d1, d2, ' '.join('%s=%s' % p for p in pairs)))
out.close()
"#;

/// Returns the game at `id` with White on roll and `dice` rolled.
fn load(id: &str, dice: [u8; 2]) -> BackgammonGame {
    BackgammonGame::from_position_id(&format!("{id} {}-{}", dice[0], dice[1]))
        .expect("our own IDs load")
}

/// Returns the position ID after White plays `m`, Black on roll.
fn after(game: &BackgammonGame, m: &BackgammonMove) -> String {
    let next = game.apply(0, m).expect("legal plays apply");
    next.board().position_id(1)
}

/// Plays random games and returns (position ID on roll, dice) pairs met on the way.
fn sample(count: usize) -> Vec<(String, [u8; 2])> {
    let mut rng = StdRng::seed_from_u64(20_260_704);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut game = BackgammonGame::new(BackgammonRules::standard());
        loop {
            let dice = [rng.random_range(1..=6), rng.random_range(1..=6)];
            game = match game.phase() {
                Phase::Opening => game.roll(0, &dice).unwrap(),
                Phase::Roll { seat } => {
                    out.push((game.board().position_id(seat), dice));
                    game.roll(seat, &dice).unwrap()
                }
                Phase::Move { seat, .. } => {
                    let moves = game.legal(seat);
                    let m = &moves[rng.random_range(0..moves.len())];
                    game.apply(seat, m).unwrap()
                }
                Phase::Doubled { .. } | Phase::Over { .. } => break,
            };
            if out.len() >= count {
                break;
            }
        }
    }
    out
}

#[test]
fn legal_play_sets_match_gnubg_on_random_games() {
    if !gnubg_here("the backgammon oracle test") {
        return;
    }
    let samples = sample(SAMPLES);
    let lines: String = samples
        .iter()
        .map(|(id, d)| format!("{id} {} {}\n", d[0], d[1]))
        .collect();
    let (answers, _) = run_gnubg(SCRIPT, &lines);
    let answers: Vec<&str> = answers.lines().collect();
    assert_eq!(
        answers.len(),
        samples.len(),
        "gnubg answered every position"
    );
    let mut differences = Vec::new();
    let mut misread = Vec::new();
    let mut same_text = 0;
    let mut plays = 0;
    for ((id, dice), answer) in samples.iter().zip(&answers) {
        let (head, ids) = answer
            .split_once(" : ")
            .unwrap_or_else(|| panic!("{answer}"));
        assert_eq!(head, format!("{id} {} {}", dice[0], dice[1]));
        let game = load(id, *dice);
        let theirs: BTreeMap<String, String> = ids
            .split_whitespace()
            .map(|pair| {
                let (result, text) = pair.split_once('=').expect("id=play");
                (result.to_string(), text.replace('_', " "))
            })
            .collect();
        let ours: BTreeMap<String, String> = game
            .legal(0)
            .iter()
            .map(|m| (after(&game, m), game.format(m)))
            .collect();
        plays += ours.len();
        for (result, text) in &theirs {
            // gnubg's own notation must read as the play reaching gnubg's position.
            match game.parse(0, text) {
                Ok(m) if after(&game, &m) == *result => {}
                other => misread.push(format!("{id} {}-{}: {text}: {other:?}", dice[0], dice[1])),
            }
            same_text += usize::from(ours.get(result) == Some(text));
        }
        let mine: BTreeSet<&String> = ours.keys().collect();
        let theirs: BTreeSet<&String> = theirs.keys().collect();
        if mine != theirs {
            differences.push(format!(
                "{id} {}-{}: only ours {:?}, only gnubg {:?}",
                dice[0],
                dice[1],
                mine.difference(&theirs).collect::<Vec<_>>(),
                theirs.difference(&mine).collect::<Vec<_>>()
            ));
        }
    }
    println!(
        "gnubg oracle: {} positions and rolls, {plays} legal plays compared, {} differences; \
         gnubg's text read back {} times wrongly; our notation equals gnubg's for {same_text} plays",
        samples.len(),
        differences.len(),
        misread.len(),
    );
    assert!(
        differences.is_empty(),
        "{} differences, first: {:#?}",
        differences.len(),
        &differences[..differences.len().min(5)]
    );
    assert!(
        misread.is_empty(),
        "{:#?}",
        &misread[..misread.len().min(5)]
    );
    assert_eq!(
        same_text, plays,
        "our notation is gnubg's, character for character"
    );
}

const FINISH_SCRIPT: &str = r#"
import os
import gnubg

for c in ['set display off', 'set automatic game off', 'set automatic roll off',
          'set player 0 human', 'set player 1 human']:
    gnubg.command(c)
out = open(os.environ['TABULA_GNUBG_OUT'], 'w')
for line in open(os.environ['TABULA_GNUBG_IN']):
    pid, d1, d2, play = line.split(None, 3)
    gnubg.command('new game')
    gnubg.command('set board ' + pid)
    gnubg.command('set dice %s %s' % (d1, d2))
    gnubg.command('move ' + play.strip())
    out.write('%s\n' % gnubg.positionid())
out.close()
"#;

/// Issue 13 item 11: the position ID after the last play of a game is the one gnubg shows
/// after that play (the sides swap as after every play), whichever seat won.
#[test]
fn a_finished_games_position_id_is_the_one_gnubg_shows_after_the_last_play() {
    if !gnubg_here("the finished-game IDs check") {
        return;
    }
    // The last play of random games: the position on roll, the dice, the play, and our ID.
    let mut rng = StdRng::seed_from_u64(13_011);
    let mut endings = Vec::new();
    let mut winners = [0; 2];
    while endings.len() < 24 {
        let mut game = BackgammonGame::new(BackgammonRules::standard());
        loop {
            let dice = [rng.random_range(1..=6), rng.random_range(1..=6)];
            game = match game.phase() {
                Phase::Opening => game.roll(0, &dice).unwrap(),
                Phase::Roll { seat } => game.roll(seat, &dice).unwrap(),
                Phase::Move { seat, dice } => {
                    let moves = game.legal(seat);
                    let m = &moves[rng.random_range(0..moves.len())];
                    let next = game.apply(seat, m).unwrap();
                    if next.outcome().is_some() {
                        let on_roll = game.board().position_id(seat);
                        endings.push((on_roll, dice, game.format(m), next.position_id()));
                        winners[seat] += 1;
                    }
                    next
                }
                Phase::Doubled { .. } | Phase::Over { .. } => break,
            };
        }
    }
    assert!(
        winners[0] > 0 && winners[1] > 0,
        "both seats win some: {winners:?}"
    );
    let lines: String = endings
        .iter()
        .map(|(id, d, play, _)| format!("{id} {} {} {play}\n", d[0], d[1]))
        .collect();
    let (answers, _) = run_gnubg(FINISH_SCRIPT, &lines);
    let theirs: Vec<&str> = answers.lines().collect();
    assert_eq!(theirs.len(), endings.len());
    for ((id, dice, play, ours), gnubg) in endings.iter().zip(theirs) {
        assert_eq!(ours, gnubg, "{id} {}-{} {play}", dice[0], dice[1]);
    }
}

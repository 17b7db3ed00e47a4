//! Rule sheet 000 (Chinese Checkers), one test per sentence, from constructed positions; then
//! the rules the sheet leaves open, as `/rules` states them: anti-spoiling (an opponent's pegs
//! kept in their starting corner count as filling your target), partners, places,
//! passing, the no-progress draw.

use serde_json::Value;
use tabula::rules::chinese_checkers::{
    ChineseCheckersGame, ChineseMove, Size, home_corners, opposite,
};
use tabula::rules::{DrawReason, Outcome, PlayError, Rules, Turn, WinReason};

/// Starts a game and relocates pegs (`from`, `to` hole names, any seat's), with `to_move`.
pub fn setup(
    ruleset: &str,
    players: usize,
    moves: &[(&str, &str)],
    to_move: usize,
) -> ChineseCheckersGame {
    let game = ChineseCheckersGame::new(ruleset, players).unwrap();
    let star = game.star();
    let mut state = serde_json::to_value(&game).unwrap();
    let mut board: Vec<char> = state["board"].as_str().unwrap().chars().collect();
    for (from, to) in moves {
        let (f, t) = (hole(star, from), hole(star, to));
        assert_ne!(board[f], '.', "no peg on {from}");
        assert_eq!(board[t], '.', "{to} is taken");
        board.swap(f, t);
    }
    state["board"] = Value::String(board.into_iter().collect());
    state["to_move"] = to_move.into();
    state["best"] = serde_json::json!(vec![0; players]);
    serde_json::from_value(state).unwrap()
}

pub fn hole(star: &tabula::rules::chinese_checkers::Star, name: &str) -> usize {
    let (row, at) = name.split_at(1);
    usize::from(star.lookup(row.as_bytes()[0], at.parse().unwrap()).unwrap())
}

fn play(game: &ChineseCheckersGame, text: &str) -> Result<ChineseCheckersGame, PlayError> {
    let Turn::Move(seat) = game.turn() else {
        return Err(PlayError::GameOver);
    };
    let m = game.parse(seat, text)?;
    game.apply(seat, &m)
}

fn names(game: &ChineseCheckersGame, seat: usize) -> Vec<String> {
    let star = game.star();
    (0..star.len())
        .filter(|&h| game.cells()[h] == Some(seat))
        .map(|h| star.name(h as u8))
        .collect()
}

#[test]
fn object_move_your_pegs_6_each_across_the_board_to_the_star_point_directly_opposite() {
    let game = ChineseCheckersGame::new("6-peg", 2).unwrap();
    for seat in 0..2 {
        assert_eq!(names(&game, seat).len(), 6);
        assert_eq!(game.target(seat), opposite(game.home(seat)));
    }
    // Seat 0 starts at the bottom and heads for the top point.
    assert_eq!(names(&game, 0), ["k1", "k2", "k3", "l1", "l2", "m1"]);
    assert_eq!(names(&game, 1), ["a1", "b1", "b2", "c1", "c2", "c3"]);
}

#[test]
fn set_up_each_player_uses_a_different_colored_set_of_pegs_and_places_them_into_a_point_of_the_star()
 {
    for (size, ruleset) in [(Size::Six, "6-peg"), (Size::Ten, "10-peg")] {
        for players in 2..=6 {
            let game = ChineseCheckersGame::new(ruleset, players).unwrap();
            let star = game.star();
            let mut corners: Vec<u8> = (0..players).map(|s| game.home(s)).collect();
            for seat in 0..players {
                let home = &star.corners[usize::from(game.home(seat))];
                assert!(
                    home.iter()
                        .all(|&h| game.cells()[usize::from(h)] == Some(seat))
                );
                assert_eq!(names(&game, seat).len(), size.pegs());
            }
            corners.sort_unstable();
            corners.dedup();
            assert_eq!(corners.len(), players, "one point of the star each");
        }
    }
}

#[test]
fn choose_a_player_to_start_then_play_continues_to_the_left() {
    // Seats sit clockwise (to the left, seen from above): each next seat's corner is the
    // next occupied corner clockwise.
    for players in 2..=6 {
        let homes = home_corners(players);
        for s in 0..players {
            let (a, b) = (homes[s], homes[(s + 1) % players]);
            let gap = (i32::from(b) - i32::from(a)).rem_euclid(6);
            assert!(gap >= 1);
            for between in 1..gap {
                let corner = ((i32::from(a) + between) % 6) as u8;
                assert!(!homes.contains(&corner), "no seat skipped clockwise");
            }
        }
    }
    let mut game = ChineseCheckersGame::new("10-peg", 3).unwrap();
    for expected in [0, 1, 2, 0, 1] {
        assert_eq!(game.turn(), Turn::Move(expected));
        let m = game.legal(expected)[0].clone();
        game = game.apply(expected, &m).unwrap();
    }
}

#[test]
fn players_can_move_in_any_direction_as_long_as_they_follow_the_direction_of_the_lines() {
    // Red's peg in the centre (g4) steps to each of its six neighbours.
    let game = setup("6-peg", 2, &[("k1", "g4")], 0);
    let star = game.star();
    let centre = hole(star, "g4") as u8;
    for nb in star.neighbours[usize::from(centre)].iter().flatten() {
        let text = format!("g4-{}", star.name(*nb));
        assert!(play(&game, &text).is_ok(), "{text}");
    }
    // Off the lines: g4 to f4 is not a neighbour (f4 lies two steps away, not in a line).
    let off: Vec<String> = (0..star.len() as u8)
        .filter(|&h| star.distance(centre, h) == 2 && star.jumped_over(centre, h).is_none())
        .map(|h| star.name(h))
        .collect();
    assert!(!off.is_empty());
    for to in off {
        assert!(play(&game, &format!("g4-{to}")).is_err(), "g4-{to}");
    }
}

#[test]
fn as_in_checkers_move_only_one_hole_or_jump_only_one_peg() {
    let game = setup("6-peg", 2, &[("k1", "g4"), ("k2", "g5"), ("k3", "g6")], 0);
    // One peg: g4 over g5 to g6 is taken; g5 over g6 to g7 is a jump.
    assert!(play(&game, "g5-g7").is_ok());
    // Two holes along a line with no peg between: no.
    let empty = setup("6-peg", 2, &[("k1", "g4")], 0);
    let err = play(&empty, "g4-g6").unwrap_err().to_string();
    assert!(
        err.contains("needs a peg on g5") || err.contains("no step"),
        "{err}"
    );
    // Jumping two pegs at once (g4 over g5 and g6 to g7): no.
    let err = play(&game, "g4-g7").unwrap_err().to_string();
    assert!(err.contains("not legal"), "{err}");
}

#[test]
fn successive_jumps_are_allowed_wherever_they_can_be_made_in_any_direction() {
    // g4 jumps over g5 to g6, turns, and jumps over h6... build a zig-zag ladder.
    let game = setup("6-peg", 2, &[("k1", "g4"), ("k2", "g5"), ("k3", "f6")], 0);
    let star = game.star();
    // Find chains of two jumps in different directions from g4 in the legal list.
    let from = hole(star, "g4") as u8;
    let chains: Vec<ChineseMove> = game
        .legal(0)
        .into_iter()
        .filter(|m| m.from() == from && m.path.len() >= 3)
        .collect();
    assert!(!chains.is_empty(), "a chain of jumps from g4");
    let chain = &chains[0];
    let text = game.format(chain);
    let after = play(&game, &text).unwrap();
    assert_eq!(after.cells()[usize::from(chain.to())], Some(0));
    // Stopping after the first jump is allowed too.
    let first = format!("{}-{}", star.name(chain.path[0]), star.name(chain.path[1]));
    assert!(play(&game, &first).is_ok());
    // A chain may not come back to a hole it left.
    let back = format!(
        "{}-{}-{}",
        star.name(chain.path[0]),
        star.name(chain.path[1]),
        star.name(chain.path[0])
    );
    let err = play(&game, &back).unwrap_err().to_string();
    assert!(err.contains("come back"), "{err}");
}

#[test]
fn partners_may_be_chosen_and_one_finishing_first_helps_the_unfinished_partner_move_his_pegs() {
    // Four players: seat 0 (bottom) and seat 2 (top) are partners; put seat 0's pegs all but
    // one in the top corner, seat 2's pegs out of it.
    let game = ChineseCheckersGame::new("6-peg partners", 4).unwrap();
    assert_eq!(game.partner(0), Some(2));
    assert_eq!(game.partner(1), Some(3));
    let star = game.star();
    let top: Vec<String> = star.corners[0].iter().map(|&h| star.name(h)).collect();
    let bottom: Vec<String> = star.corners[3].iter().map(|&h| star.name(h)).collect();
    // Move seat 2's top pegs to the hexagon's middle row, and seat 0's into the top but one.
    let spots = ["g1", "g2", "g3", "g5", "g6", "g7"];
    let mut moves: Vec<(&str, &str)> = top.iter().map(String::as_str).zip(spots).collect();
    let near = ["f2", "f3", "f4", "f5", "f6", "f7"];
    for (b, n) in bottom.iter().zip(near) {
        moves.push((b.as_str(), n));
    }
    for (n, t) in near.iter().zip(top.iter()).take(5) {
        moves.push((n, t.as_str()));
    }
    // The last peg of seat 0 waits at f7 next to ... place it one step from the last top hole.
    let last_top = top[5].clone();
    let step = star.neighbours[hole(star, &last_top)]
        .iter()
        .flatten()
        .map(|&h| star.name(h))
        .find(|n| star.corner[hole(star, n)].is_none())
        .unwrap();
    moves.push(("f7", step.as_str()));
    let game = setup("6-peg partners", 4, &moves, 0);
    let after = play(&game, &format!("{step}-{last_top}")).unwrap();
    assert!(after.is_home(0));
    assert_eq!(after.outcome(), None, "the team is not home yet");
    assert!(
        after
            .notice()
            .unwrap()
            .contains("Red now moves Yellow's pegs")
    );
    // Round to seat 0 again: it moves Yellow's (seat 2's) pegs.
    let mut g = after;
    while g.turn() != Turn::Move(0) {
        let Turn::Move(s) = g.turn() else { panic!() };
        let m = g.legal(s)[0].clone();
        g = g.apply(s, &m).unwrap();
    }
    assert_eq!(g.pegs_moved_by(0), 2);
    let m = g.legal(0)[0].clone();
    assert_eq!(g.cells()[usize::from(m.from())], Some(2));
    let err = play(
        &g,
        &format!(
            "{}-{}",
            last_top,
            star.name(
                star.neighbours[hole(star, &last_top)]
                    .iter()
                    .flatten()
                    .next()
                    .copied()
                    .unwrap()
            )
        ),
    );
    assert!(err.is_err(), "Red's own pegs are home and stay still");
}

/// Green (seat 1, top) has taken five pegs out and keeps one on c3; Red has four in the top
/// corner, its fifth one step from c2, Red to move.
fn green_keeps_c3(ruleset: &str, players: usize) -> (ChineseCheckersGame, String) {
    let game = ChineseCheckersGame::new(ruleset, players).unwrap();
    let star = game.star();
    let below_c2 = star.neighbours[hole(star, "c2")]
        .iter()
        .flatten()
        .map(|&h| star.name(h))
        .find(|n| n.starts_with('d'))
        .unwrap();
    let moves = [
        ("a1", "g1"),
        ("b1", "g2"),
        ("b2", "g3"),
        ("c1", "g5"),
        ("c2", "g6"),
        ("k1", "a1"),
        ("k2", "b1"),
        ("k3", "b2"),
        ("l1", "c1"),
        ("l2", below_c2.as_str()),
    ];
    (setup(ruleset, players, &moves, 0), below_c2)
}

#[test]
fn a_player_cannot_remain_in_his_original_starting_point_to_prevent_an_opponent_from_finishing() {
    // The peg Green keeps on c3 counts as filling that hole for Red: Red is home when it
    // fills the other five, and staying home blocks nobody.
    let (game, below_c2) = green_keeps_c3("6-peg", 2);
    assert!(!game.is_home(0), "c2 is still empty");
    assert_eq!(game.home_bound(0).len(), 1);
    let won = play(&game, &format!("{below_c2}-c2")).unwrap();
    assert!(won.is_home(0));
    assert_eq!(won.cells()[hole(won.star(), "c3")], Some(1), "Green stayed");
    assert_eq!(
        won.turn(),
        Turn::Over(Outcome::Win {
            winner: 0,
            reason: WinReason::Goal
        })
    );
    // The position string says so too.
    let again = ChineseCheckersGame::from_position(&won.position().unwrap()).unwrap();
    assert_eq!(again.turn(), won.turn());
}

#[test]
fn the_boxed_in_peg_of_issue_31_cannot_keep_red_from_finishing() {
    // Red holds five holes of its target; the sixth, the tip, holds a Green peg that never
    // left its starting corner and cannot move. Red has won.
    let game = ChineseCheckersGame::from_position("G/RR/RRR/3R6/8G/3G4/4G2/8/4G4/1G8/3/2/1 R 2 40")
        .unwrap();
    assert!(game.is_home(0));
    assert_eq!(
        game.turn(),
        Turn::Over(Outcome::Win {
            winner: 0,
            reason: WinReason::Goal
        })
    );
    // One move earlier (c3 still free, a Red peg on d6 below it): Red fills c3 and wins.
    let before =
        ChineseCheckersGame::from_position("G/RR/RR1/3R1R4/8G/3G4/4G2/8/4G4/1G8/3/2/1 R 2 0")
            .unwrap();
    assert_eq!(before.turn(), Turn::Move(0));
    assert!(!before.is_home(0));
    let c3 = hole(before.star(), "c3") as u8;
    let star = before.star();
    let fill = before
        .legal(0)
        .into_iter()
        .find(|m| m.to() == c3 && star.corner[usize::from(m.from())] != Some(0))
        .unwrap();
    let won = before.apply(0, &fill).unwrap();
    assert!(won.is_home(0), "{}", won.position().unwrap());
    assert!(matches!(
        won.turn(),
        Turn::Over(Outcome::Win { winner: 0, .. })
    ));
}

#[test]
fn a_peg_moved_back_into_its_starting_corner_counts_for_the_opponent_there() {
    // Red fills a1, b1, b2, c1, c2; Green's last peg outside steps back into c3, its own
    // starting corner: Red's target is then full and Red has won, on Green's move.
    let game = ChineseCheckersGame::new("6-peg", 2).unwrap();
    let star = game.star();
    let below_c3 = star.neighbours[hole(star, "c3")]
        .iter()
        .flatten()
        .map(|&h| star.name(h))
        .find(|n| n.starts_with('d'))
        .unwrap();
    let moves = [
        ("a1", "g1"),
        ("b1", "g2"),
        ("b2", "g3"),
        ("c1", "g5"),
        ("c2", "g6"),
        ("c3", below_c3.as_str()),
        ("k1", "a1"),
        ("k2", "b1"),
        ("k3", "b2"),
        ("l1", "c1"),
        ("l2", "c2"),
    ];
    let game = setup("6-peg", 2, &moves, 1);
    assert!(!game.is_home(0));
    let after = play(&game, &format!("{below_c3}-c3")).unwrap();
    assert_eq!(
        after.turn(),
        Turn::Over(Outcome::Win {
            winner: 0,
            reason: WinReason::Goal
        })
    );
}

#[test]
fn a_partners_pegs_left_at_home_do_not_count_for_the_partner() {
    // With partners the top corner is the home of Red's partner: those pegs block Red as
    // any peg would, so partners cannot finish each other early.
    let (plain, below_c2) = green_keeps_c3("6-peg", 4);
    let (partners, _) = green_keeps_c3("6-peg partners", 4);
    for game in [&plain, &partners] {
        assert_eq!(game.home(2), game.target(0), "seat 3 sits opposite Red");
    }
    // Without partners seat 3 is an opponent: its peg on c3 counts for Red.
    let plain_won = play(&plain, &format!("{below_c2}-c2")).unwrap();
    assert!(plain_won.is_home(0));
    let partners_after = play(&partners, &format!("{below_c2}-c2")).unwrap();
    assert!(partners.home_bound(0).is_empty());
    assert!(!partners_after.is_home(0));
    assert_eq!(partners_after.turn(), Turn::Move(1));
}

#[test]
fn winning_the_game_the_player_getting_all_pegs_across_first_wins() {
    let game = ChineseCheckersGame::new("6-peg", 2).unwrap();
    let star = game.star();
    let mut moves = vec![
        ("a1", "g1"),
        ("b1", "g2"),
        ("b2", "g3"),
        ("c1", "g5"),
        ("c2", "g6"),
        ("c3", "g7"),
    ];
    moves.extend([
        ("k1", "a1"),
        ("k2", "b1"),
        ("k3", "b2"),
        ("l1", "c1"),
        ("l2", "c2"),
        ("m1", "d6"),
    ]);
    let game = setup("6-peg", 2, &moves, 0);
    let d5 = hole(star, "d6") as u8;
    assert!(star.neighbours[usize::from(d5)].contains(&Some(hole(star, "c3") as u8)));
    let won = play(&game, "d6-c3").unwrap();
    assert_eq!(
        won.outcome(),
        Some(Outcome::Win {
            winner: 0,
            reason: WinReason::Goal
        })
    );
    assert_eq!(won.legal(1), vec![]);
    assert_eq!(
        won.apply(1, &ChineseMove { path: vec![0, 1] }),
        Err(PlayError::GameOver)
    );
}

#[test]
fn with_places_the_others_play_on_after_the_first_winner() {
    let game = ChineseCheckersGame::new("6-peg places", 3).unwrap();
    let star = game.star();
    // Seat 0 (bottom, corner 3) heads for corner 0 (top), which is empty with 3 players.
    let top: Vec<String> = star.corners[0].iter().map(|&h| star.name(h)).collect();
    let bottom: Vec<String> = star.corners[3].iter().map(|&h| star.name(h)).collect();
    let mut moves: Vec<(&str, &str)> = bottom
        .iter()
        .map(String::as_str)
        .zip(top.iter().map(String::as_str))
        .take(5)
        .collect();
    moves.push((bottom[5].as_str(), "d6"));
    let game = setup("6-peg places", 3, &moves, 0);
    let last = top[5].clone();
    let won = play(&game, &format!("d6-{last}")).unwrap();
    assert_eq!(won.outcome(), None, "places: the others play on");
    assert_eq!(won.finished(), &[0]);
    assert_eq!(won.turn(), Turn::Move(1));
    assert!(won.notice().unwrap().contains("Red is home (1st)"));
    // The first home still wins once the rest resign.
    let over = won.resign(1).unwrap();
    assert_eq!(over.outcome().and_then(Outcome::winner), Some(0));
    // Without places the game ends at once.
    let first = setup("6-peg", 3, &moves, 0);
    let won = play(&first, &format!("d6-{last}")).unwrap();
    assert_eq!(won.outcome().and_then(Outcome::winner), Some(0));
}

#[test]
fn a_game_without_progress_for_20_rounds_is_drawn() {
    let mut game = setup("6-peg", 2, &[("k1", "g4")], 0);
    // best = 0 in the setup, so no move is progress: 40 moves draw a two-player game.
    for _ in 0..40 {
        assert_eq!(game.outcome(), None);
        let Turn::Move(s) = game.turn() else { panic!() };
        let m = game.legal(s)[0].clone();
        game = game.apply(s, &m).unwrap();
    }
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::NoProgress
        })
    );
}

#[test]
fn resigning_with_two_players_gives_the_other_the_game_and_with_more_removes_the_pegs() {
    let game = ChineseCheckersGame::new("10-peg", 2).unwrap();
    let over = game.resign(0).unwrap();
    assert_eq!(
        over.outcome(),
        Some(Outcome::Win {
            winner: 1,
            reason: WinReason::Resignation
        })
    );
    let game = ChineseCheckersGame::new("10-peg", 3).unwrap();
    let on = game.resign(0).unwrap();
    assert_eq!(on.outcome(), None);
    assert_eq!(on.turn(), Turn::Move(1));
    assert!(on.cells().iter().all(|c| *c != Some(0)));
}

#[test]
fn rulesets_name_the_board_and_options_and_refuse_partners_without_pairs() {
    for name in ChineseCheckersGame::INFO.rulesets {
        let players = if name.contains("partners") { 4 } else { 2 };
        assert!(ChineseCheckersGame::new(name, players).is_ok(), "{name}");
    }
    assert_eq!(ChineseCheckersGame::INFO.rulesets[0], "6-peg");
    assert!(ChineseCheckersGame::new("10-peg partners places", 6).is_ok());
    assert!(ChineseCheckersGame::new("6-peg partners", 3).is_err());
    assert!(ChineseCheckersGame::new("8-peg", 2).is_err());
    assert!(ChineseCheckersGame::INFO.rules.len() < 2000);
}

//! Backgammon rules through the `Game` layer: the opening play counts and legality rulings
//! taken from GNU Backgammon (see the shared rules notes §3), one test per sentence of the
//! rule sheet, notation, and cube and match scoring from constructed endings.

use crate::support::game::ToAct;
use tabula::rules::backgammon::{
    BackgammonGame, BackgammonMove, BackgammonRules, Crawford, GameWin, ParseError, Phase, Setup,
};
use tabula::rules::{Action, Game, GameKind, Move, Outcome, PlayError, Turn, WinReason};

/// Builds a position like a board read from the side of the player on roll (`x`, White):
/// `pos!(x 13:1, 25:1; o 2:2)` puts x's checkers on its 13-point and on the bar (25) and two
/// of o's on x's 2-point (o's 23-point); `o 0:n` is o's bar. Everything else is borne off.
macro_rules! pos {
    (x $($xp:literal : $xn:literal),* ; o $($op:literal : $on:literal),*) => {{
        let mut on_roll = [0u8; 25];
        let mut opponent = [0u8; 25];
        $( on_roll[$xp - 1] += $xn; )*
        $( opponent[24 - $op] += $on; )*
        Setup { on_roll, opponent, seat: 0, dice: None }
    }};
}

fn with_dice(mut setup: Setup, dice: [u8; 2]) -> Game {
    setup.dice = Some(dice);
    game_of(setup, BackgammonRules::standard())
}

fn game_of(setup: Setup, rules: BackgammonRules) -> Game {
    Game::Backgammon(BackgammonGame::from_setup(setup, rules).expect("test position is valid"))
}

fn load(id: &str) -> Game {
    Game::Backgammon(BackgammonGame::from_position_id(id).expect("test ID is valid"))
}

fn bg(game: &Game) -> &BackgammonGame {
    match game {
        Game::Backgammon(g) => g,
        _ => panic!("not backgammon"),
    }
}

/// Returns the legal plays in notation, sorted.
fn plays(game: &Game) -> Vec<String> {
    let mut out: Vec<String> = game.legal_moves().iter().map(|m| game.format(m)).collect();
    out.sort();
    out
}

fn play(game: &Game, text: &str) -> Game {
    let seat = match game.turn() {
        Turn::Move(seat) | Turn::Roll(seat) => seat,
        other => panic!("no move due before {text}: {other:?}"),
    };
    let m = game.read(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    game.apply(&Action::Play { seat, r#move: m })
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn roll(game: &Game, dice: [u8; 2]) -> Game {
    let seat = match game.turn() {
        Turn::Roll(seat) => seat,
        other => panic!("no roll due: {other:?}"),
    };
    game.apply(&Action::Roll {
        seat,
        dice: dice.to_vec(),
    })
    .expect("roll is due")
}

fn new_game(ruleset: &str) -> Game {
    Game::new(GameKind::Backgammon, ruleset, 2).expect("ruleset exists")
}

const START_ID: &str = "4HPwATDgc/ABMA";

// ---- gnubg as the oracle (notes §3.2 and §3.3) ----

#[test]
fn opening_position_play_counts_match_gnubg_for_all_21_rolls() {
    let table = [
        ((2, 1), 15),
        ((3, 1), 16),
        ((3, 2), 17),
        ((4, 1), 14),
        ((4, 2), 18),
        ((4, 3), 17),
        ((5, 1), 8),
        ((5, 2), 8),
        ((5, 3), 9),
        ((5, 4), 9),
        ((6, 1), 10),
        ((6, 2), 14),
        ((6, 3), 14),
        ((6, 4), 14),
        ((6, 5), 7),
        ((1, 1), 42),
        ((2, 2), 75),
        ((3, 3), 73),
        ((4, 4), 52),
        ((5, 5), 4),
        ((6, 6), 11),
    ];
    let mut non_doubles = 0;
    for ((a, b), count) in table {
        for dice in [format!("{a}-{b}"), format!("{b}{a}")] {
            let game = load(&format!("{START_ID} {dice}"));
            assert_eq!(game.legal_moves().len(), count, "{dice}");
        }
        if a != b {
            non_doubles += count;
        }
    }
    assert_eq!(non_doubles, 190);
}

#[test]
fn gnubg_three_one_from_the_start_lists_these_sixteen_plays() {
    let mut expected = vec![
        "8/5 6/5",
        "24/23 13/10",
        "24/20",
        "24/23 24/21",
        "13/9",
        "24/21 6/5",
        "13/10 6/5",
        "24/23 6/3",
        "24/23 8/5",
        "24/21 8/7",
        "13/10 8/7",
        "8/4",
        "6/2",
        "6/5 6/3",
        "8/7 6/3",
        "8/7 8/5",
    ];
    expected.sort();
    assert_eq!(plays(&load(&format!("{START_ID} 3-1"))), expected);
}

#[test]
fn when_either_die_alone_is_possible_the_larger_must_be_played() {
    assert_eq!(plays(&load("4P8DABgAEAAAAA 6-5")), ["13/7"]);
}

#[test]
fn both_dice_must_be_played_even_if_only_one_order_allows_it() {
    assert_eq!(plays(&load("4P8DwAAAEAAAAA 6-5")), ["13/2"]);
}

#[test]
fn when_only_the_smaller_die_can_be_played_it_is_played() {
    assert_eq!(plays(&load("4P8AMBgAEAAAAA 6-5")), ["13/8"]);
}

#[test]
fn when_neither_die_can_be_played_the_turn_is_lost() {
    let game = load("4P8A2AAAEAAAAA 6-5");
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.turn(), Turn::Roll(1));
    assert_eq!(
        game.notice().as_deref(),
        Some("White cannot move with 6-5; the turn passes.")
    );
}

#[test]
fn a_checker_on_the_bar_enters_first_even_when_that_decides_the_order() {
    assert_eq!(plays(&load("4P8PAAD+fwAAQA 6-5")), ["bar/14"]);
}

#[test]
fn position_ids_go_out_as_they_came_in() {
    for id in [
        START_ID,
        "4P8DABgAEAAAAA",
        "Dkog1SOAWQVaOQ",
        "4P8PAAD+fwAAQA",
    ] {
        assert_eq!(load(id).position().as_deref(), Some(id));
    }
    assert_eq!(new_game("standard").position().as_deref(), Some(START_ID));
    let black = BackgammonGame::from_position_id("4P8DABgAEAAAAA black 6-5").unwrap();
    assert_eq!(black.position_id(), "4P8DABgAEAAAAA");
    assert_eq!(Game::Backgammon(black).turn(), Turn::Move(1));
    let gnu = BackgammonGame::from_position_id("4HPwATDgc/ABMA:cAkAAAAAAAAA").unwrap();
    assert_eq!(gnu.position_id(), START_ID);
}

#[test]
fn damaged_position_ids_are_refused_with_reasons() {
    for bad in [
        "",
        "hello",
        "4HPwATDgc/ABM!",
        "4HPwATDgc/ABMA 7-1",
        "4HPwATDgc/ABMA purple",
    ] {
        assert!(BackgammonGame::from_position_id(bad).is_err(), "{bad}");
    }
    // Both sides on one point.
    let mut setup = pos!(x 13:1; o 13:1);
    setup.dice = None;
    assert!(BackgammonGame::from_setup(setup, BackgammonRules::standard()).is_err());
}

// ---- the rule sheet, sentence by sentence ----

#[test]
fn each_player_takes_fifteen_pieces_lined_up_as_shown() {
    let game = new_game("standard");
    let board = bg(&game).board();
    for seat in 0..2 {
        let placed: Vec<(u8, u8)> = (1..=25)
            .filter(|p| board.checkers(seat, *p) > 0)
            .map(|p| (p, board.checkers(seat, p)))
            .collect();
        assert_eq!(placed, [(6, 5), (8, 3), (13, 5), (24, 2)]);
        assert_eq!(board.pips(seat), 167);
    }
}

#[test]
fn the_opening_roll_is_one_die_each_and_the_higher_starts_with_both_numbers() {
    let game = new_game("standard");
    assert_eq!(game.dice(), Some(tabula::rules::Dice::TWO_D6));
    assert_eq!(game.turn(), Turn::Roll(0));
    let black_starts = roll(&game, [2, 5]);
    assert_eq!(black_starts.turn(), Turn::Move(1));
    assert_eq!(bg(&black_starts).rolled(), Some([2, 5]));
    assert_eq!(black_starts.legal_moves().len(), 8);
    assert!(
        black_starts
            .notice()
            .unwrap()
            .contains("Black starts with 5-2")
    );
    let white_starts = roll(&game, [6, 1]);
    assert_eq!(white_starts.turn(), Turn::Move(0));
    assert!(plays(&white_starts).contains(&"13/7 8/7".to_string()));
}

#[test]
fn an_opening_tie_rolls_again() {
    let tie = roll(&new_game("standard"), [4, 4]);
    assert_eq!(tie.turn(), Turn::Roll(0));
    assert_eq!(
        tie.notice().as_deref(),
        Some("Both opening dice show 4; roll again.")
    );
    assert_eq!(roll(&tie, [3, 1]).turn(), Turn::Move(0));
}

#[test]
fn each_number_can_be_used_by_a_separate_piece_or_both_by_one() {
    let all = plays(&load(&format!("{START_ID} 3-1")));
    assert!(all.contains(&"24/23 13/10".to_string()), "separate pieces");
    assert!(all.contains(&"24/20".to_string()), "one piece");
}

#[test]
fn doubles_are_played_four_times() {
    let game = load(&format!("{START_ID} 6-6"));
    assert!(plays(&game).contains(&"24/18(2) 13/7(2)".to_string()));
    for m in game.legal_moves() {
        let Move::Backgammon(BackgammonMove::Play(steps)) = m else {
            panic!("a play");
        };
        assert_eq!(steps.len(), 4);
    }
}

#[test]
fn two_or_more_pieces_on_a_point_block_it() {
    // o holds x's 7-point: the 6 from 13 cannot rest there.
    let game = with_dice(pos!(x 13:1, 6:14; o 7:2), [6, 1]);
    assert_eq!(plays(&game), ["13/6"]);
}

#[test]
fn a_block_may_be_passed_over() {
    // o holds x's 10- and 9-points; a 6-5 carries the checker from 13 over them to 2.
    let game = with_dice(pos!(x 13:1; o 10:2, 9:2), [6, 5]);
    assert_eq!(plays(&game), ["13/2"]);
}

#[test]
fn landing_on_a_single_opposing_piece_sends_it_to_the_bar() {
    let game = with_dice(pos!(x 13:1, 6:14; o 9:1, 24:14), [4, 1]);
    let after = play(&game, "13/9* 6/5");
    let board = bg(&after).board();
    assert_eq!(board.checkers(1, 25), 1, "the blot is on the bar");
    assert_eq!(board.checkers(0, 9), 1);
    // Hits may be left unmarked.
    assert_eq!(game.read("13/9 6/5"), game.read("13/9* 6/5"));
}

#[test]
fn a_piece_on_the_bar_must_enter_before_any_other_move() {
    let game = with_dice(pos!(x 25:1, 13:14; o 1:2), [6, 3]);
    assert!(plays(&game).iter().all(|p| p.starts_with("bar/")));
    match game.read("13/7 13/10") {
        Err(ParseError::Illegal { reason, .. }) => {
            assert!(reason.contains("bar"), "{reason}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn entering_is_on_an_open_point_of_the_opponents_inner_table_matching_a_die() {
    // With 6-3 a bar checker enters on x's 19 (the 6) or 22 (the 3), never on a held point.
    let game = with_dice(pos!(x 25:1, 13:14; o 19:2), [6, 3]);
    let all = plays(&game);
    assert!(
        all.iter()
            .all(|p| p.starts_with("bar/") && !p.contains("bar/19")),
        "{all:?}"
    );
    assert!(all.contains(&"bar/22 13/7".to_string()), "{all:?}");
    let closed = with_dice(pos!(x 25:1, 13:14; o 19:2, 22:2), [6, 3]);
    assert!(closed.legal_moves().is_empty());
    assert_eq!(closed.turn(), Turn::Roll(1));
}

#[test]
fn pieces_are_borne_off_only_when_all_are_in_the_inner_table() {
    let game = with_dice(pos!(x 7:1, 3:14; o 24:2), [3, 1]);
    assert!(
        plays(&game).iter().all(|p| p.contains("7/")),
        "{:?}",
        plays(&game)
    );
    assert!(plays(&game).contains(&"7/6 3/off".to_string()));
}

#[test]
fn a_piece_is_borne_off_from_the_point_thrown() {
    let game = with_dice(pos!(x 5:1, 2:1; o 24:2), [5, 2]);
    assert_eq!(plays(&game), ["5/off", "5/off 2/off"]);
}

#[test]
fn a_number_higher_than_the_highest_point_bears_off_the_highest_piece() {
    let game = with_dice(pos!(x 4:1, 2:1; o 24:2), [6, 5]);
    assert_eq!(plays(&game), ["4/off 2/off"]);
}

#[test]
fn a_piece_must_be_moved_forward_if_it_is_possible() {
    // A 5 cannot bear off from the 2-point while the 6-point is occupied: 6/1 must be played.
    let game = with_dice(pos!(x 6:1, 2:1; o 24:2), [5, 1]);
    assert_eq!(plays(&game), ["6/1 2/1", "6/off"]);
}

#[test]
fn the_first_player_to_bear_off_all_pieces_wins() {
    let game = with_dice(pos!(x 1:2; o 24:2), [2, 1]);
    let over = play(&game, "1/off(2)");
    assert_eq!(
        over.turn(),
        Turn::Over(Outcome::Win {
            winner: 0,
            reason: WinReason::BorneOff
        })
    );
    assert!(over.legal_moves().is_empty());
}

// ---- notation ----

#[test]
fn every_legal_play_reads_back_from_its_own_notation() {
    let ids = [
        START_ID,
        "Dkog1SOAWQVaOQ",
        "4P8PAAD+fwAAQA",
        "4P8DABgAEAAAAA",
    ];
    for id in ids {
        for a in 1..=6 {
            for b in 1..=a {
                let Ok(g) = BackgammonGame::from_position_id(&format!("{id} {a}-{b}")) else {
                    continue;
                };
                let game = Game::Backgammon(g);
                for m in game.legal_moves() {
                    let text = game.format(&m);
                    assert_eq!(game.read(&text).as_ref(), Ok(&m), "{id} {a}-{b}: {text}");
                }
            }
        }
    }
}

#[test]
fn lenient_input_reads_order_spacing_chains_counts_and_hits() {
    let game = load(&format!("{START_ID} 6-4"));
    let canonical = |t: &str| game.format(&game.read(t).unwrap_or_else(|e| panic!("{t}: {e}")));
    for typed in [
        "24/18 13/9",
        "13/9 24/18",
        "13/9, 24/18",
        "24-18 13-9",
        " 24 / 18  13/9 ",
    ] {
        assert_eq!(canonical(typed), "24/18 13/9", "{typed}");
    }
    for typed in ["24/14", "24/18/14", "24/20/14", "24/18 18/14"] {
        assert_eq!(canonical(typed), "24/14", "{typed}");
    }
    let doubles = load(&format!("{START_ID} 4-4"));
    let canonical =
        |t: &str| doubles.format(&doubles.read(t).unwrap_or_else(|e| panic!("{t}: {e}")));
    for typed in ["8/4(2) 6/2(2)", "8/4 8/4 6/2 6/2", "6/2(2) 8/4 (2)"] {
        assert_eq!(canonical(typed), "8/4(2) 6/2(2)", "{typed}");
    }
    assert_eq!(canonical("13/5(2)"), "13/5(2)");
    assert_eq!(canonical("13/9/5 13/5"), "13/5(2)");
    // bar and off, spelled out or short.
    let enter = with_dice(pos!(x 25:1, 6:14; o 22:1, 1:2), [3, 1]);
    for typed in [
        "bar/22* 6/5",
        "bar/22 6/5",
        "b/22* 6/5",
        "25/22 6/5",
        "6/5 BAR/22*",
    ] {
        assert_eq!(
            enter.format(&enter.read(typed).unwrap()),
            "bar/22* 6/5",
            "{typed}"
        );
    }
    let home = with_dice(pos!(x 6:2, 5:1; o 24:2), [6, 5]);
    assert_eq!(
        home.format(&home.read("6/off 5/off").unwrap()),
        "6/off 5/off"
    );
    assert_eq!(home.format(&home.read("6/o 5/0").unwrap()), "6/off 5/off");
}

#[test]
fn a_hit_on_the_way_is_shown_and_an_unmarked_path_prefers_no_hit() {
    // o has a blot on x's 7-point: 13/2 with 6-5 may pass through 7 (hitting) or 8.
    let game = with_dice(pos!(x 13:1, 6:14; o 7:1, 24:14), [6, 5]);
    let all = plays(&game);
    assert!(all.contains(&"13/7*/2".to_string()), "{all:?}");
    assert!(all.contains(&"13/2".to_string()), "{all:?}");
    assert_eq!(game.format(&game.read("13/2").unwrap()), "13/2");
    assert_eq!(game.format(&game.read("13/2*").unwrap()), "13/7*/2");
    assert_eq!(game.format(&game.read("13/7*/2").unwrap()), "13/7*/2");
    assert_eq!(game.format(&game.read("13/7/2").unwrap()), "13/7*/2");
}

#[test]
fn unreadable_and_illegal_plays_are_told_apart_with_examples() {
    let game = load(&format!("{START_ID} 3-1"));
    match game.read("knight to f3") {
        Err(e @ ParseError::Unreadable { .. }) => {
            assert_eq!(e.examples().len(), 5);
        }
        other => panic!("{other:?}"),
    }
    let reason = |t: &str| match game.read(t) {
        Err(ParseError::Illegal {
            reason, examples, ..
        }) => {
            assert!(!examples.is_empty());
            reason
        }
        other => panic!("{t}: {other:?}"),
    };
    assert!(reason("24/23").contains("both dice"));
    assert!(reason("20/17 6/5").contains("no checker"));
    assert!(reason("13/6").contains("7 pips"));
    assert!(reason("6/off 6/5").contains("bear off"));
    assert!(reason("6/9").contains("higher to lower"));
}

#[test]
fn strange_input_is_an_error_never_a_panic() {
    let game = load(&format!("{START_ID} 3-1"));
    let long = "24/".repeat(3500);
    for text in [
        "",
        " ",
        "\u{0}\u{7}",
        "🎲🎲",
        "24/18/",
        "/",
        "(2)",
        "8/4(9)",
        "8/4(",
        "99/98",
        "300/1",
        "bar/off",
        "off/bar",
        "0/0",
        "25/25",
        "*",
        "--",
        long.as_str(),
    ] {
        assert!(game.read(text).is_err(), "{text:?}");
    }
}

// ---- cube and match scoring ----

/// A money game where White is to roll with one checker left and Black has borne off none.
fn white_about_to_win(o: Setup, rules: BackgammonRules) -> Game {
    game_of(o, rules)
}

#[test]
fn a_gammon_scores_twice_the_cube() {
    let game = white_about_to_win(pos!(x 1:1; o 12:15), BackgammonRules::money());
    let over = play(&roll(&game, [2, 1]), "1/off");
    assert_eq!(
        over.outcome(),
        Some(Outcome::Win {
            winner: 0,
            reason: WinReason::Gammon
        })
    );
    assert_eq!(bg(&over).score(), [2, 0]);
}

#[test]
fn a_backgammon_scores_three_times_the_cube() {
    // One of o's checkers is still in x's home board (x's 5-point).
    let game = white_about_to_win(pos!(x 1:1; o 12:14, 5:1), BackgammonRules::money());
    let over = play(&roll(&game, [2, 1]), "1/off");
    assert_eq!(
        over.outcome(),
        Some(Outcome::Win {
            winner: 0,
            reason: WinReason::Backgammon
        })
    );
    assert_eq!(bg(&over).score(), [3, 0]);
    // A checker on the bar counts too.
    let bar = white_about_to_win(pos!(x 1:1; o 12:14, 0:1), BackgammonRules::money());
    assert_eq!(bg(&play(&roll(&bar, [2, 1]), "1/off")).score(), [3, 0]);
}

#[test]
fn a_single_game_scores_the_cube_and_a_taken_double_doubles_it() {
    let game = white_about_to_win(pos!(x 1:1; o 12:13), BackgammonRules::money());
    let doubled = play(&game, "double");
    assert_eq!(doubled.turn(), Turn::Move(1));
    assert_eq!(plays(&doubled), ["drop", "take"]);
    let taken = play(&doubled, "take");
    assert_eq!(bg(&taken).cube().value, 2);
    assert_eq!(bg(&taken).cube().owner, Some(1));
    assert_eq!(taken.turn(), Turn::Roll(0));
    let over = play(&roll(&taken, [2, 1]), "1/off");
    assert_eq!(
        over.outcome(),
        Some(Outcome::Win {
            winner: 0,
            reason: WinReason::BorneOff
        })
    );
    assert_eq!(bg(&over).score(), [2, 0]);
    assert_eq!(bg(&over).games()[0].win, GameWin::Single);
}

#[test]
fn a_dropped_double_loses_the_cube_value_before_the_double() {
    let game = white_about_to_win(pos!(x 1:1; o 12:13), BackgammonRules::money());
    let over = play(&play(&game, "double"), "drop");
    assert_eq!(
        over.outcome(),
        Some(Outcome::Win {
            winner: 0,
            reason: WinReason::CubeDropped
        })
    );
    assert_eq!(bg(&over).score(), [1, 0]);
}

#[test]
fn only_the_cube_owner_may_redouble_and_not_after_rolling() {
    let game = white_about_to_win(pos!(x 1:1, 13:1; o 12:13), BackgammonRules::money());
    let taken = play(&play(&game, "double"), "take");
    assert!(
        taken.read("double").is_err(),
        "White no longer owns the cube"
    );
    let rolled = roll(&taken, [6, 5]);
    assert!(rolled.read("double").is_err(), "after the roll");
    let black_turn = play(&rolled, "13/2");
    // Black owns the cube and may redouble to 4.
    let redoubled = play(&black_turn, "double");
    let retaken = play(&redoubled, "take");
    assert_eq!(bg(&retaken).cube().value, 4);
    assert_eq!(bg(&retaken).cube().owner, Some(0));
}

#[test]
fn the_plain_sheet_game_has_no_cube() {
    let game = new_game("standard");
    match game.read("double") {
        Err(ParseError::Illegal { reason, .. }) => {
            assert!(reason.contains("without the doubling cube"), "{reason}");
        }
        other => panic!("{other:?}"),
    }
}

/// Plays one game of a match quickly: the opening roll, then the player to roll next doubles
/// and the starter drops, so the second player to move wins one point.
fn drop_game(game: &Game, opening: [u8; 2]) -> Game {
    let started = roll(game, opening);
    let played = {
        let Turn::Move(seat) = started.turn() else {
            panic!()
        };
        let m = started.legal_moves()[0].clone();
        started.apply(&Action::Play { seat, r#move: m }).unwrap()
    };
    play(&play(&played, "double"), "drop")
}

#[test]
fn a_match_is_played_to_n_points_with_the_crawford_game_free_of_doubling() {
    let game = new_game("match:3");
    // Black starts each time (2 < 5), White doubles and Black drops: White wins 1 point a game.
    let one = drop_game(&game, [2, 5]);
    assert_eq!(bg(&one).score(), [1, 0]);
    assert_eq!(
        one.turn(),
        Turn::Roll(0),
        "the next game starts with an opening roll"
    );
    assert_eq!(bg(&one).crawford(), Crawford::Before);
    let two = drop_game(&one, [2, 5]);
    assert_eq!(bg(&two).score(), [2, 0]);
    assert_eq!(bg(&two).crawford(), Crawford::ThisGame);
    assert!(two.notice().unwrap().contains("Crawford"));
    // In the Crawford game nobody may double.
    let started = roll(&two, [2, 5]);
    let Turn::Move(seat) = started.turn() else {
        panic!()
    };
    let m = started.legal_moves()[0].clone();
    let white_to_roll = started.apply(&Action::Play { seat, r#move: m }).unwrap();
    assert_eq!(white_to_roll.turn(), Turn::Roll(0));
    match white_to_roll.read("double") {
        Err(ParseError::Illegal { reason, .. }) => {
            assert!(reason.contains("Crawford"), "{reason}");
        }
        other => panic!("{other:?}"),
    }
    assert!(white_to_roll.legal_moves().is_empty());
}

#[test]
fn after_the_crawford_game_doubling_returns_and_the_match_ends_at_n() {
    let mut game = new_game("match:3");
    game = drop_game(&game, [2, 5]);
    game = drop_game(&game, [5, 2]); // Black doubles, White drops: 1-1.
    assert_eq!(bg(&game).score(), [1, 1]);
    game = drop_game(&game, [2, 5]); // 2-1: the Crawford game comes next.
    assert_eq!(bg(&game).crawford(), Crawford::ThisGame);
    let resigned = game.apply(&Action::Resign { seat: 0 }).unwrap();
    assert_eq!(
        resigned.outcome(),
        Some(Outcome::Win {
            winner: 1,
            reason: WinReason::Resignation
        })
    );
    // Play the Crawford game out (with dice that let Black, the trailer, win it): the next
    // game allows doubling again.
    let after = (0..8)
        .map(|shift| play_out(&game, shift))
        .find(|g| g.outcome().is_none())
        .expect("some dice let Black win the Crawford game");
    assert_eq!(bg(&after).score()[1], 2, "{:?}", bg(&after).games());
    assert_eq!(bg(&after).crawford(), Crawford::After);
    let started = roll(&after, [2, 5]);
    let Turn::Move(seat) = started.turn() else {
        panic!()
    };
    let m = started.legal_moves()[0].clone();
    let white_to_roll = started.apply(&Action::Play { seat, r#move: m }).unwrap();
    assert_eq!(
        white_to_roll.legal_moves(),
        [Move::Backgammon(BackgammonMove::Double)]
    );
    // Reaching N ends the match.
    let one_point = drop_game(&new_game("match:1"), [2, 5]);
    assert_eq!(
        one_point.outcome(),
        Some(Outcome::Win {
            winner: 0,
            reason: WinReason::MatchWon
        })
    );
}

/// Plays the current game to its end with a fixed cycle of dice and the first legal play.
fn play_out(game: &Game, shift: usize) -> Game {
    let finished = bg(game).games().len();
    let mut game = game.clone();
    let cycle = [
        [2, 5],
        [6, 4],
        [3, 3],
        [5, 1],
        [6, 6],
        [4, 2],
        [2, 1],
        [5, 5],
    ];
    for k in 0.. {
        assert!(k < 2000, "the game should end");
        if bg(&game).games().len() > finished {
            return game;
        }
        game = match game.turn() {
            Turn::Roll(seat) => game
                .apply(&Action::Roll {
                    seat,
                    dice: cycle[(k + shift) % cycle.len()].to_vec(),
                })
                .unwrap(),
            Turn::Move(seat) => {
                let m = game.legal_moves()[0].clone();
                game.apply(&Action::Play { seat, r#move: m }).unwrap()
            }
            Turn::Over(_) => return game,
        };
    }
    unreachable!()
}

#[test]
fn rulesets_standard_cube_and_any_match_length_up_to_25() {
    for ok in [
        "standard", "cube", "match:1", "match:7", "match:25", "match 5", "match-3",
    ] {
        assert!(Game::new(GameKind::Backgammon, ok, 2).is_ok(), "{ok}");
    }
    // Issue 13 item 12: a sign or a second separator is no match length.
    for bad in [
        "match:0",
        "match:26",
        "match:",
        "blitz",
        "match:-1",
        "match::-=25",
        "match:+5",
    ] {
        let err = Game::new(GameKind::Backgammon, bad, 2)
            .unwrap_err()
            .to_string();
        assert!(err.contains("match:N"), "{err}");
    }
    assert!(Game::new(GameKind::Backgammon, "standard", 3).is_err());
    assert_eq!(GameKind::Backgammon.rulesets()[0], "standard");
    assert!(GameKind::Backgammon.rules_text().contains("bar/22*"));
}

// ---- the table's edges ----

#[test]
fn backgammon_has_no_draw_offers() {
    let game = new_game("cube");
    let err = game.apply(&Action::OfferDraw { seat: 0 }).unwrap_err();
    assert!(err.to_string().contains("no draws"), "{err}");
}

#[test]
fn only_the_seat_on_turn_may_roll_or_play() {
    let game = roll(&new_game("standard"), [6, 1]);
    let m = game.legal_moves()[0].clone();
    assert!(matches!(
        game.apply(&Action::Play { seat: 1, r#move: m }),
        Err(PlayError::NotYourTurn)
    ));
    assert!(
        game.apply(&Action::Roll {
            seat: 0,
            dice: vec![1, 2]
        })
        .is_err()
    );
    let next = play(&game, "13/7 8/7");
    assert!(
        next.apply(&Action::Roll {
            seat: 0,
            dice: vec![1, 2]
        })
        .is_err()
    );
    assert!(
        next.apply(&Action::Roll {
            seat: 1,
            dice: vec![1, 7]
        })
        .is_err()
    );
    assert!(
        next.apply(&Action::Roll {
            seat: 1,
            dice: vec![1]
        })
        .is_err()
    );
    assert!(
        next.apply(&Action::Roll {
            seat: 1,
            dice: vec![1, 2]
        })
        .is_ok()
    );
}

#[test]
fn stored_games_are_validated_when_loaded() {
    let game = play(&roll(&new_game("match:5"), [3, 1]), "8/5 6/5");
    let json = serde_json::to_string(&game).unwrap();
    assert_eq!(serde_json::from_str::<Game>(&json).unwrap(), game);
    for (from, to) in [
        ("\"white\":[0,0,0,0,2", "\"white\":[0,0,0,0,9"),
        ("\"value\":1", "\"value\":3"),
        ("\"phase\":\"roll\"", "\"phase\":\"opening\""),
        ("\"score\":[0,0]", "\"score\":[4,0]"),
    ] {
        assert!(json.contains(from), "{from} in {json}");
        let damaged = json.replace(from, to);
        assert!(serde_json::from_str::<Game>(&damaged).is_err(), "{to}");
    }
    assert!(matches!(bg(&game).phase(), Phase::Roll { seat: 1 }));
}

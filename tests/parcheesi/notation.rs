//! Parcheesi notation and storage: lenient reading, canonical writing, friendly errors, no
//! panics on any text, and validated snapshots.

use crate::support::game::ToAct;
use crate::support::parcheesi::*;
use tabula::rules::parcheesi::Ruleset;
use tabula::rules::{Action, Game, GameKind, PlayError};

const R: Ruleset = Ruleset::Parcheesi;

#[test]
fn lenient_input_reads_spaces_commas_and_case() {
    let game = board(R, 2).seat(RED, "10 20 s s").roll([4, 3]);
    let want = game.read("a4 b3").unwrap();
    for typed in [
        "A4 B3",
        "a4,b3",
        "a 4, b 3",
        "a4b3",
        "  a4  b3 ",
        "A4 and B3",
    ] {
        assert_eq!(game.read(typed).as_ref(), Ok(&want), "{typed}");
    }
    assert_eq!(game.format(&game.read("a 7").unwrap()), "a4 a3");
    let entering = board(R, 2).roll([5, 2]);
    for typed in ["enter a2", "ENTER, A2", "e a2"] {
        assert!(legal(&entering, typed), "{typed}");
    }
    assert!(legal(&entering, "enter"), "a part of the turn");
}

#[test]
fn every_legal_option_reads_back_from_its_own_notation() {
    let positions = [
        board(R, 2).seat(RED, "10 20 30 40").roll([6, 6]),
        board(R, 2).seat(RED, "10 s s s").roll([5, 3]),
        board(R, 2).seat(RED, "0 0 10 s").roll([5, 5]),
        board(Ruleset::Pachisi, 2).roll([2, 2]),
        board(Ruleset::Pachesi, 2)
            .seat(RED, "10 20 30 40")
            .roll([1, 1]),
    ];
    for game in positions {
        let moves = game.legal_moves();
        assert!(!moves.is_empty());
        for m in moves {
            let text = game.format(&m);
            assert_eq!(game.read(&text).as_ref(), Ok(&m), "{text}");
        }
    }
}

#[test]
fn a_whole_roll_by_one_pawn_is_ambiguous_when_the_order_changes_the_result() {
    let game = board(R, 2)
        .seat(RED, "10 20 30 40")
        .seat(BLUE, "@23 s s s")
        .roll([3, 4]);
    let err = game.read("b 7").unwrap_err();
    assert!(err.to_string().contains("ambiguous"), "{err}");
    let mut readings = err.examples().to_vec();
    readings.sort();
    assert_eq!(readings, ["b3 b4", "b4 b3"]);
}

#[test]
fn garbage_text_gets_a_friendly_error_and_never_a_panic() {
    let game = board(R, 2).seat(RED, "10 20 s s").roll([4, 3]);
    let long = "a4 ".repeat(3500);
    for text in [
        "",
        "   ",
        "e4",
        "z9",
        "a0",
        "a999",
        "🎲",
        "a\u{0}4",
        "\u{202e}b3",
        &long,
        "4a",
    ] {
        let err = game.read(text).unwrap_err();
        assert!(!err.to_string().is_empty());
        assert!(!err.examples().is_empty() || err.to_string().contains("ambiguous"));
    }
    assert!(refused(&game, "a9").contains("you have 4 and 3 to play, not 9"));
}

#[test]
fn a_move_before_the_roll_or_out_of_turn_is_refused() {
    let game = board(R, 2).seat(RED, "10 s s s").game();
    let early = game.read("a5").unwrap_err().to_string();
    assert!(early.ends_with("roll the dice first"), "{early}");
    let rolled = roll(&game, [6, 3]);
    let m = rolled.read("a6 a3").unwrap();
    let err = rolled
        .apply(&Action::Play {
            seat: BLUE,
            r#move: m,
        })
        .unwrap_err();
    assert_eq!(err, PlayError::NotYourTurn);
    let err = rolled
        .apply(&Action::Roll {
            seat: RED,
            dice: vec![1, 2],
        })
        .unwrap_err();
    assert!(err.to_string().contains("rolled already"));
}

#[test]
fn dice_must_be_two_values_from_one_to_six() {
    let game = board(R, 2).game();
    for dice in [vec![], vec![3], vec![0, 4], vec![7, 1], vec![1, 2, 3]] {
        assert!(game.apply(&Action::Roll { seat: RED, dice }).is_err());
    }
}

#[test]
fn draw_offers_do_not_exist_in_parcheesi() {
    let game = board(R, 2).game();
    let err = game.apply(&Action::OfferDraw { seat: RED }).unwrap_err();
    assert!(err.to_string().contains("Parcheesi has no draws"), "{err}");
}

#[test]
fn the_ruleset_travels_with_the_snapshot() {
    for ruleset in ["parcheesi", "pahrcheesi", "pachesi", "pachisi"] {
        let game = Game::new(GameKind::Parcheesi, ruleset, 4).unwrap();
        let json = serde_json::to_string(&game).unwrap();
        assert!(
            json.contains(&format!("\"ruleset\":\"{ruleset}\"")),
            "{json}"
        );
        let back: Game = serde_json::from_str(&json).unwrap();
        assert_eq!(back, game);
    }
}

#[test]
fn a_damaged_snapshot_is_an_error_not_a_panic() {
    let game = board(R, 2).seat(RED, "10 20 s s").roll([4, 3]);
    let json = serde_json::to_string(&game).unwrap();
    let good: serde_json::Value = serde_json::from_str(&json).unwrap();
    let damaged = [
        json.replace("\"pawns\":[[11,21,0,0]", "\"pawns\":[[11,11,11,0]"),
        json.replace("\"pawns\":[[11,21,0,0]", "\"pawns\":[[99,21,0,0]"),
        json.replace("\"dice\":[4,3]", "\"dice\":[4,9]"),
        json.replace("\"ruleset\":\"parcheesi\"", "\"ruleset\":\"ludo\""),
        json.replace("\"seat\":0", "\"seat\":7"),
        json.replace("\"left\":[4,3]", "\"left\":[6,6]"),
    ];
    for text in damaged {
        assert_ne!(text, json);
        assert!(serde_json::from_str::<Game>(&text).is_err(), "{text}");
    }
    assert!(good.is_object());
}

#[test]
fn the_reply_to_a_roll_lists_every_option_up_to_twenty_five() {
    let game = board(R, 2).seat(RED, "10 20 s s").roll([4, 3]);
    assert_eq!(game.menu_now(25).unwrap().len(), 4);
    let summary = game.summary_now().unwrap();
    assert!(summary.starts_with("Play 4 and 3: "), "{summary}");
    let big = board(R, 2).seat(RED, "10 20 30 40").roll([6, 6]);
    assert!(big.menu_now(25).is_none());
    let summary = big.summary_now().unwrap();
    assert!(
        summary.contains("ways to play 6, 6, 1 and 1; start with"),
        "{summary}"
    );
}

#[test]
fn the_rules_text_names_every_ruleset_and_fits_a_discord_message() {
    let text = GameKind::Parcheesi.rules_text();
    for name in GameKind::Parcheesi.rulesets() {
        assert!(text.contains(&format!("`{name}`")), "{name}");
    }
    assert!(
        text.chars().count() <= 2000,
        "{} characters",
        text.chars().count()
    );
    assert_eq!(GameKind::Parcheesi.seat_name(2), "Yellow");
    assert_eq!(
        Game::new(GameKind::Parcheesi, "pachisi", 2).unwrap().dice(),
        Some(tabula::rules::Dice::TWO_D6)
    );
}

#[test]
fn the_latest_throw_and_the_rolls_moves_are_kept_for_pictures() {
    use tabula::rules::parcheesi::{Moved, Place};
    let rolled = board(R, 2).seat(RED, "10 20 s s").roll([4, 3]);
    let Game::Parcheesi(g) = &rolled else {
        panic!("a Parcheesi game")
    };
    assert_eq!(g.last_throw(), Some((RED, [4, 3])));
    assert!(g.last_moves().is_empty(), "nothing moved yet");
    // Part by part: the roll's moves add up until the next roll is played.
    let m = rolled.read("a4").unwrap();
    let half = rolled
        .apply(&Action::Play {
            seat: RED,
            r#move: m,
        })
        .unwrap();
    let m = half.read("b3").unwrap();
    let done = half
        .apply(&Action::Play {
            seat: RED,
            r#move: m,
        })
        .unwrap();
    let Game::Parcheesi(g) = &done else {
        panic!("a Parcheesi game")
    };
    let moved = |pawn, from, to| Moved {
        seat: RED,
        pawn,
        from: Place::Track(from),
        to: Place::Track(to),
    };
    assert_eq!(g.last_moves(), vec![moved(0, 10, 14), moved(1, 20, 23)]);
    let json = serde_json::to_string(&done).unwrap();
    let back: Game = serde_json::from_str(&json).unwrap();
    assert_eq!(back, done, "kept in the snapshot");
}

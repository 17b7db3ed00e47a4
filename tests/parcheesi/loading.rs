//! What a stored Parcheesi game may hold (issue 13 item 3): a roll being played is re-derived
//! from the pawns at its throw and the parts played since, so bookkeeping that does not fit
//! the pawns (pawns waiting, compulsory entering, blockade pairs, bonuses owed, extra rolls)
//! is refused rather than played.

use serde_json::{Value, json};
use tabula::rules::parcheesi::Ruleset;
use tabula::rules::{Action, Game};

use crate::support::parcheesi::*;

const R: Ruleset = Ruleset::Parcheesi;

fn state(game: &Game) -> Value {
    serde_json::to_value(game).unwrap()
}

fn loads(state: &Value) -> bool {
    serde_json::from_value::<Game>(state.clone()).is_ok()
}

/// Red has a blockade on its 11th space and two pawns in START, and throws 5-3: a pawn must
/// enter, and the pair may not advance together.
fn red_throws_five_three() -> Game {
    board(R, 2).seat(RED, "10 10 s s").roll([5, 3])
}

#[test]
fn a_loaded_roll_must_be_what_the_pawns_at_its_throw_give() {
    let game = red_throws_five_three();
    let good = state(&game);
    assert!(loads(&good));
    let roll = &good["phase"]["roll"];
    assert_eq!(roll["waiting"], 2);
    assert_eq!(roll["must_enter"], true);
    assert_eq!(roll["pairs"], json!([[0, 1, 11]]));
    // The list: each loaded and then played.
    for (field, value) in [
        ("waiting", json!(0)),
        ("must_enter", json!(false)),
        ("pairs", json!([])),
        ("capture", json!(16)),
        ("home", json!(1)),
        ("again", json!(1)),
        ("bonus_phase", json!(true)),
        ("left", json!([5])),
        ("played", json!(["enter"])),
    ] {
        let mut damaged = good.clone();
        damaged["phase"]["roll"][field] = value.clone();
        assert!(!loads(&damaged), "{field} = {value} loaded");
    }
    let mut damaged = good.clone();
    damaged["phase"]["extra"] = json!(64);
    assert!(!loads(&damaged), "64 extra rolls loaded");
    let mut damaged = good.clone();
    damaged["phase"]["doubles"] = json!(1);
    assert!(!loads(&damaged), "a 5-3 counted as doubles");
    let mut damaged = good;
    damaged["thrown"] = json!([1, [5, 3]]);
    assert!(!loads(&damaged), "a roll thrown by the other seat");
}

#[test]
fn a_roll_part_played_is_replayed_from_the_pawns_before_it() {
    let game = play(&red_throws_five_three(), "enter");
    let good = state(&game);
    assert!(loads(&good), "{good}");
    assert_eq!(good["phase"]["roll"]["played"], json!(["enter"]));
    // The pawns before the roll are what the replay starts from.
    let mut damaged = good.clone();
    damaged["before"] = json!([[11, 11, 0, 5], [0, 0, 0, 0]]);
    assert!(!loads(&damaged));
    let mut damaged = good.clone();
    damaged.as_object_mut().unwrap().remove("before");
    assert!(
        !loads(&damaged),
        "a part played with nothing to replay it from"
    );
    let mut damaged = good;
    damaged["phase"]["roll"]["left"] = json!([5]);
    assert!(!loads(&damaged));
}

#[test]
fn a_seat_to_roll_holds_only_the_extra_rolls_its_captures_earned() {
    let state_of = |ruleset: Ruleset, extra: u8| {
        let game = board(ruleset, 2)
            .seat(RED, "10 20 30 40")
            .seat(BLUE, "s 5 6 7")
            .game();
        let mut s = state(&game);
        s["phase"]["extra"] = json!(extra);
        s
    };
    // Only pachesi swaps a capture bonus for a roll; each such roll sent a pawn to START.
    assert!(loads(&state_of(Ruleset::Pachesi, 1)));
    assert!(
        !loads(&state_of(Ruleset::Pachesi, 2)),
        "more rolls than captures"
    );
    assert!(!loads(&state_of(R, 1)), "parcheesi has no extra rolls");
    assert!(!loads(&state_of(R, 64)));
}

/// A seat that resigns while another plays a roll leaves the board when that roll is over,
/// so the roll is played, stored and replayed on the board it was thrown on.
#[test]
fn a_seat_resigning_during_anothers_roll_leaves_when_the_roll_is_over() {
    let game = board(R, 3)
        .seat(RED, "10 20 s s")
        .seat(BLUE, "5 s s s")
        .roll([4, 3]);
    let game = play(&game, "a4");
    let resigned = game.apply(&Action::Resign { seat: BLUE }).unwrap();
    assert_eq!(at(&resigned, BLUE), "5 s s s", "Blue's pawn stays for now");
    let notice = resigned.notice().unwrap();
    assert!(
        notice.contains("leave the board when Red's roll is over"),
        "{notice}"
    );
    let back: Game = serde_json::from_value(state(&resigned)).unwrap();
    assert_eq!(back, resigned);
    let done = play(&resigned, "b3");
    assert_eq!(at(&done, BLUE), "s s s s", "gone once the roll is over");
    assert_eq!(to_roll(&done), YELLOW, "and its turn is skipped");
    let back: Game = serde_json::from_value(state(&done)).unwrap();
    assert_eq!(back, done);
    // Pawns of a seat that resigned may stand only during another seat's roll.
    let mut damaged = state(&done);
    damaged["pawns"][1] = json!([6, 0, 0, 0]);
    assert!(!loads(&damaged));
}

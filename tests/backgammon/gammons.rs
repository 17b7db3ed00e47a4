//! Gammons saved in bear-offs, held to GNU Backgammon 1.07's answers (issue 31): the bot bears a
//! checker off to save the gammon where gnubg does.
//!
//! gnubg's answers were got with `gnubg -t` (2-ply, cubeless, gammons counted): `set board ID`,
//! `set dice`, `hint`. The player on roll in a gnubg position ID is the side our loader seats
//! as White.

use rand::SeedableRng;
use rand::rngs::StdRng;
use tabula::bot::{Brain, Budget};
use tabula::rules::Rules;
use tabula::rules::backgammon::{BackgammonGame, BackgammonMove, BackgammonRules};

/// Returns the position ID White's `m` leaves (Black then on roll).
fn after(game: &BackgammonGame, m: &BackgammonMove) -> String {
    game.apply(0, m).expect("legal").board().position_id(1)
}

/// Checks that at each trained-or-hand level from 3 up the bot plays one of gnubg's plays
/// within 0.05 of its best (`good`, in gnubg's notation) for White on roll in `id` with `dice`.
fn plays_like_gnubg(id: &str, dice: [u8; 2], good: &[&str]) {
    // A money game: gammons count only with the cube in play.
    let game = money_game(&format!("{id} {}-{}", dice[0], dice[1]));
    let good: Vec<String> = good
        .iter()
        .map(|text| after(&game, &game.parse(0, text).expect("gnubg's notation reads")))
        .collect();
    for level in 3..=5 {
        let mut rng = StdRng::seed_from_u64(31);
        let pick = game
            .choose(0, level, &Budget::nodes(100_000), &mut rng)
            .expect("a play");
        assert!(
            good.contains(&after(&game, &pick.r#move)),
            "level {level} played {} ({}) in {id} {}-{}; gnubg: {good:?}",
            game.format(&pick.r#move),
            pick.why,
            dice[0],
            dice[1]
        );
    }
}

// gnubg 2-ply: every play listed saves the gammon (-1.000); every other play is gammoned (-2.000).

#[test]
fn the_bot_bears_a_checker_off_to_save_the_gammon_with_5_2() {
    let good = [
        "5/off 2/off",
        "6/1 2/off",
        "5/off 4/2",
        "5/off 3/1",
        "6/4 5/off",
    ];
    plays_like_gnubg("AgAA7Ls1AAAAAA", [5, 2], &good);
}

#[test]
fn the_bot_bears_a_checker_off_to_save_the_gammon_with_3_4_from_the_7_point() {
    plays_like_gnubg("AwAA+N6sAAAAAA", [3, 4], &["7/off"]);
}

#[test]
fn the_bot_bears_a_checker_off_to_save_the_gammon_with_3_2_after_bringing_the_last_one_home() {
    plays_like_gnubg("AwAAaHc7AQAAAA", [3, 2], &["8/5 2/off", "8/6 3/off"]);
}

#[test]
fn the_bot_bears_a_checker_off_to_save_the_gammon_with_1_3() {
    let good = ["3/off 1/off", "4/off", "3/2 3/off", "3/off 2/1"];
    plays_like_gnubg("AwAA+O4eAAAAAA", [1, 3], &good);
}

#[test]
fn the_bot_bears_a_checker_off_to_save_the_gammon_with_2_5_after_bringing_the_last_one_home() {
    plays_like_gnubg("AQAAvN0OAQAAAA", [2, 5], &["9/4 2/off"]);
}

/// Returns a money game (gammons count) from a gnubg position ID and the dice, White on roll.
fn money_game(id: &str) -> BackgammonGame {
    let game = BackgammonGame::from_position_id(id).expect("gnubg IDs load");
    let mut json = serde_json::to_value(&game).expect("a game is JSON");
    json["rules"] = serde_json::to_value(BackgammonRules::money()).unwrap();
    serde_json::from_value(json).expect("a money game loads")
}

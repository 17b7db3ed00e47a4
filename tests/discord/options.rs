//! Autocomplete for the options that take a name or a number (issue 29 item 6): the rulesets
//! of the game chosen, the bot's levels, and the numbers of the caller's games.

use serde_json::{Value, json};

use super::World;
use crate::support::discord::{FakeUser, game_choice};

/// The `game` option as Discord sends it: the index of the choice.
async fn game(w: &World, name: &str) -> Value {
    let index = w
        .fake
        .wait_for("the command registration", |requests| {
            requests
                .iter()
                .any(|r| r.method == "PUT" && r.path.ends_with("/commands"))
                .then(|| game_choice(requests, name))
        })
        .await;
    json!({"name": "game", "type": 4, "value": index})
}

fn focused(name: &str, kind: u8, typed: &str) -> Value {
    json!({"name": name, "type": kind, "value": typed, "focused": true})
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rulesets_bot_levels_and_game_numbers_are_suggested_as_typed() {
    let w = World::new().await;
    let alice = FakeUser::alice();
    let parcheesi = game(&w, "parcheesi").await;
    let all = w
        .fake
        .autocomplete_with(
            &alice,
            "play",
            json!([parcheesi, focused("ruleset", 3, "")]),
        )
        .await;
    assert_eq!(all, ["parcheesi", "pahrcheesi", "pachesi", "pachisi"]);
    let typed = w
        .fake
        .autocomplete_with(
            &alice,
            "play",
            json!([parcheesi, focused("ruleset", 3, "pach")]),
        )
        .await;
    assert_eq!(typed, ["pachesi", "pachisi"]);
    // An alias offers its own ruleset first.
    let pachisi = game(&w, "pachisi").await;
    let alias = w
        .fake
        .autocomplete_with(&alice, "play", json!([pachisi, focused("ruleset", 3, "")]))
        .await;
    assert_eq!(alias.first().map(String::as_str), Some("pachisi"));

    let chess = game(&w, "chess").await;
    let levels = w
        .fake
        .autocomplete_with(&alice, "play", json!([chess, focused("bot", 4, "")]))
        .await;
    let known = tabula::bot::levels(tabula::rules::GameKind::Chess);
    assert_eq!(levels.len(), known.len(), "{levels:?}");
    for (i, (shown, level)) in levels.iter().zip(known).enumerate() {
        assert!(
            shown.starts_with(&format!("{}: {}", i + 1, level.name)),
            "{shown}"
        );
    }

    // Without a game chosen, `/invite` offers the levels of this channel's open table.
    w.chess().await;
    let invite = w
        .fake
        .autocomplete_with(&alice, "invite", json!([focused("bot", 4, "1")]))
        .await;
    assert!(
        invite.len() == 1 && invite[0].starts_with("1: "),
        "{invite:?}"
    );

    let id = w.game().await.id;
    let numbers = w
        .fake
        .autocomplete_with(&alice, "export", json!([focused("game", 4, "")]))
        .await;
    assert_eq!(numbers, [format!("#{id} Chess, active")]);
    let none = w
        .fake
        .autocomplete_with(
            &alice,
            "replay",
            json!([focused("game", 4, &format!("{id}9"))]),
        )
        .await;
    assert!(none.is_empty(), "{none:?}");
    w.bot.stop().await;
}

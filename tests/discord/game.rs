//! A whole game through slash commands, autocomplete, errors, threads, registration, deferral.

use std::time::Duration;

use serde_json::json;

use super::{World, assert_turn};
use crate::support::discord::{APP_ID, CHANNEL, FakeUser, GUILD};
use tabula::store::Status;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chess_game_is_played_to_mate_through_play_join_and_move() {
    let w = World::new().await;
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());
    let open = w.fake.play(CHANNEL, &alice, "chess", &bob, &[]).await;
    assert!(open.content.contains(&bob.mention()) && open.content.contains("/join"));
    assert_eq!(open.pinged, [bob.id.as_str()]);
    assert!(open.files.is_empty());
    open.button("join");

    let first = w.fake.command(&bob, "join", &[]).await;
    assert!(
        first.content.contains("Chess** begins"),
        "{}",
        first.content
    );
    assert_turn(&first, &alice);

    let moves = ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6"];
    for (i, text) in moves.iter().enumerate() {
        let (mover, next) = if i % 2 == 0 {
            (&alice, &bob)
        } else {
            (&bob, &alice)
        };
        let turn = w.play(mover, text).await;
        assert!(
            turn.content
                .contains(&format!("{} played **{text}**", mover.mention())),
            "{}",
            turn.content
        );
        assert_turn(&turn, next);
    }

    let id = w.game().await.id;
    let mate = w.play(&alice, "Qxf7").await;
    assert!(mate.content.contains("**Qxf7#**"), "{}", mate.content);
    assert!(
        mate.content.contains("wins by checkmate"),
        "{}",
        mate.content
    );
    mate.png();
    assert!(
        mate.buttons
            .iter()
            .all(|b| b.disabled == (b.label != "Rematch")),
        "only the rematch button stays live: {:?}",
        mate.buttons
    );
    assert!(mate.buttons.iter().any(|b| b.label == "Rematch"));
    let mut pinged = mate.pinged.clone();
    pinged.sort();
    assert_eq!(pinged, [alice.id.clone(), bob.id.clone()]);
    let row = w.bot.store.game(id).await.unwrap();
    assert_eq!(row.status, Status::Finished);
    assert_eq!(w.bot.store.log(id).await.unwrap().len(), 7);
    w.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn move_autocomplete_suggests_legal_moves_filtered_by_what_was_typed() {
    let w = World::new().await;
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());
    w.chess().await;
    assert_eq!(
        w.fake.autocomplete(&alice, "move", "text", "").await.len(),
        20
    );
    let mut knights = w.fake.autocomplete(&alice, "move", "text", "N").await;
    knights.sort();
    assert_eq!(knights, ["Na3", "Nc3", "Nf3", "Nh3"]);
    assert!(
        w.fake
            .autocomplete(&bob, "move", "text", "")
            .await
            .is_empty()
    );
    w.play(&alice, "e4").await;
    w.play(&bob, "e5").await;
    // 29 legal moves after 1. e4 e5; Discord takes at most 25.
    assert_eq!(
        w.fake.autocomplete(&alice, "move", "text", "").await.len(),
        25
    );
    assert_eq!(
        w.fake.autocomplete(&alice, "move", "text", "qh").await,
        ["Qh5"]
    );
    w.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn out_of_turn_and_strangers_moves_get_private_errors_and_change_nothing() {
    let w = World::new().await;
    let (alice, bob, carol) = (FakeUser::alice(), FakeUser::bob(), FakeUser::carol());
    w.chess().await;
    let before = w.game().await;
    let early = w.play(&bob, "e5").await;
    assert!(
        early.ephemeral && early.content.contains("turn"),
        "{early:?}"
    );
    let stranger = w.play(&carol, "e4").await;
    assert!(
        stranger.ephemeral && stranger.content.contains("not playing"),
        "{stranger:?}"
    );
    let illegal = w.play(&alice, "e5").await;
    assert!(
        illegal.ephemeral && illegal.content.contains("Legal moves include"),
        "{illegal:?}"
    );
    for answer in [&early, &stranger, &illegal] {
        assert!(answer.files.is_empty() && answer.pinged.is_empty());
    }
    assert_eq!(w.game().await, before, "nothing changed");
    assert!(w.bot.store.log(before.id).await.unwrap().is_empty());

    let nonsense = w.fake.command(&carol, "roll", &[("dice", "hello")]).await;
    assert!(
        nonsense.ephemeral && nonsense.content.contains("2d6"),
        "{nonsense:?}"
    );
    let huge = w.fake.command(&carol, "roll", &[("dice", "1000d6")]).await;
    assert!(
        huge.ephemeral && huge.content.contains("too many"),
        "{huge:?}"
    );
    let dice = w.fake.command(&carol, "roll", &[("dice", "4d6kh3")]).await;
    assert!(
        !dice.ephemeral && dice.content.contains("rolls"),
        "{dice:?}"
    );
    let chess_dice = w.fake.command(&alice, "roll", &[]).await;
    assert!(chess_dice.ephemeral && chess_dice.content.contains("no dice"));
    let help = w.fake.command(&carol, "help", &[]).await;
    assert!(help.ephemeral && help.content.contains("/play"));
    let chess = json!([{"name": "game", "type": 4, "value": 0}]);
    let rules = w
        .fake
        .command_in(CHANNEL, &carol, "rules", chess, &[])
        .await;
    assert!(
        rules.ephemeral && rules.content.contains("SAN"),
        "{rules:?}"
    );
    w.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_with_thread_opens_a_thread_and_the_game_lives_there() {
    let w = World::new().await;
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());
    let thread_option = json!({"name": "thread", "type": 5, "value": true});
    let open = w
        .fake
        .play(CHANNEL, &alice, "chess", &bob, &[thread_option])
        .await;
    assert!(!open.ephemeral && open.content.contains("<#"), "{open:?}");
    let thread: String = open
        .content
        .split("<#")
        .nth(1)
        .and_then(|rest| rest.split('>').next())
        .unwrap()
        .to_string();
    let requests = w.fake.requests();
    let created = requests
        .iter()
        .find(|r| r.method == "POST" && r.path == format!("/api/v10/channels/{CHANNEL}/threads"))
        .expect("a thread was created");
    assert!(
        created.body["name"]
            .as_str()
            .unwrap()
            .contains("alice vs bob")
    );
    let invite = requests
        .iter()
        .find(|r| r.path == format!("/api/v10/channels/{thread}/messages"))
        .expect("the table is announced in the thread");
    assert!(
        invite.body["content"]
            .as_str()
            .unwrap()
            .contains(&bob.mention())
    );

    let first = w
        .fake
        .command_in(&thread, &bob, "join", json!([]), &[])
        .await;
    assert_turn(&first, &alice);
    let options = json!([{"name": "text", "type": 3, "value": "d4"}]);
    let moved = w
        .fake
        .command_in(&thread, &alice, "move", options, &[])
        .await;
    assert_turn(&moved, &bob);
    let elsewhere = w.fake.command(&alice, "board", &[]).await;
    assert!(
        elsewhere.ephemeral && elsewhere.content.contains("no game"),
        "{elsewhere:?}"
    );
    w.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_are_registered_in_the_guild_with_move_autocomplete() {
    let w = World::new().await;
    let path = format!("/api/v10/applications/{APP_ID}/guilds/{GUILD}/commands");
    let body = w
        .fake
        .wait_for("the command registration", |r| {
            r.iter()
                .find(|r| r.method == "PUT" && r.path == path)
                .map(|r| r.body.clone())
        })
        .await;
    let mut names: Vec<&str> = body
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    names.sort();
    let expected = [
        "abort",
        "board",
        "bot",
        "claim",
        "draw",
        "export",
        "forget-me",
        "games",
        "help",
        "hint",
        "invite",
        "join",
        "leaderboard",
        "leave",
        "move",
        "notify",
        "play",
        "rematch",
        "replay",
        "resign",
        "roll",
        "rules",
        "settings",
        "start",
        "stats",
        "status",
        "vacation",
        "web",
    ];
    assert_eq!(names, expected);
    let command = |name: &str| {
        body.as_array()
            .unwrap()
            .iter()
            .find(|c| c["name"] == name)
            .unwrap()
            .clone()
    };
    assert_eq!(command("move")["options"][0]["autocomplete"], true);
    assert_eq!(command("play")["options"][0]["choices"][0]["name"], "chess");
    let option = |command_name: &str, name: &str| {
        command(command_name)["options"]
            .as_array()
            .unwrap()
            .iter()
            .find(|o| o["name"] == name)
            .unwrap()
            .clone()
    };
    for (command_name, name) in [
        ("play", "ruleset"),
        ("play", "bot"),
        ("invite", "bot"),
        ("export", "game"),
        ("replay", "game"),
        ("notify", "tz"),
    ] {
        assert_eq!(
            option(command_name, name)["autocomplete"],
            true,
            "{command_name} {name}"
        );
    }
    w.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_answers_are_deferred_then_filled_in_with_the_right_visibility() {
    let w = World::with(|c| c.defer_after = Duration::ZERO).await;
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());
    let first = w.chess().await;
    assert!(first.deferred, "{first:?}");
    assert_turn(&first, &alice);
    let early = w.play(&bob, "e5").await;
    assert!(early.deferred && early.ephemeral, "{early:?}");
    let help = w.fake.command(&bob, "help", &[]).await;
    assert!(help.deferred && help.ephemeral, "{help:?}");
    w.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_can_be_exported_replayed_and_is_on_the_leaderboard() {
    let w = World::new().await;
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());
    w.fake.play(CHANNEL, &alice, "chess", &bob, &[]).await;
    w.fake.command(&bob, "join", &[]).await;
    for (who, text) in [(&alice, "f3"), (&bob, "e5"), (&alice, "g4")] {
        w.play(who, text).await;
    }
    let mate = w.play(&bob, "Qh4#").await;
    assert!(mate.content.contains("Ratings: "), "{}", mate.content);
    let id = w
        .bot
        .store
        .latest_game(GUILD, CHANNEL)
        .await
        .unwrap()
        .unwrap()
        .id;

    let export = w.fake.command(&alice, "export", &[]).await;
    assert!(!export.ephemeral, "{}", export.content);
    let [file] = export.files.as_slice() else {
        panic!("one file: {}", export.content)
    };
    assert_eq!(file.filename, format!("tabula-{id}.pgn"));
    let pgn = String::from_utf8(file.bytes.clone()).unwrap();
    assert!(pgn.contains("1. f3 e5 2. g4 Qh4# 0-1"), "{pgn}");

    let replay = w
        .fake
        .command_in(
            CHANNEL,
            &bob,
            "replay",
            json!([{"name": "game", "type": 4, "value": id}]),
            &[],
        )
        .await;
    let [gif] = replay.files.as_slice() else {
        panic!("one file: {}", replay.content)
    };
    assert!(gif.bytes.starts_with(b"GIF89a"), "{}", gif.filename);
    assert!(
        gif.bytes.len() < 10 * 1024 * 1024,
        "under Discord's upload limit"
    );

    let chess = json!([{"name": "game", "type": 4, "value": 0}]);
    let board = w
        .fake
        .command_in(CHANNEL, &alice, "leaderboard", chess, &[])
        .await;
    assert!(board.content.contains("1. bob"), "{}", board.content);
    assert!(board.content.contains("2. alice"), "{}", board.content);
    image::load_from_memory(board.png()).expect("the card is a PNG");
    assert!(board.pinged.is_empty(), "a leaderboard pings nobody");

    let stats = w.fake.command(&alice, "stats", &[]).await;
    assert!(stats.content.contains("Chess: #2"), "{}", stats.content);

    let rematch = w.fake.click(&alice, &mate.button("rematch")).await;
    assert!(!rematch.ephemeral, "{}", rematch.content);
    assert!(
        rematch.content.contains("asks for a rematch"),
        "{}",
        rematch.content
    );
    assert_eq!(rematch.pinged, [bob.id.as_str()]);
    w.bot.stop().await;
}

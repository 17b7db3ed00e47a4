//! Opening tables, taking and leaving seats, starting and aborting: who may do what.

use crate::support::table::{TestTable, ctx, play};
use tabula::store::Status;
use tabula::table::{Command, DrawCommand};

#[tokio::test]
async fn invited_players_have_reserved_seats_and_a_full_table_starts_itself() {
    let t = TestTable::new().await;
    let reply = t.say("alice", play("chess", &["bob"])).await;
    assert_eq!(reply.ping, ["bob"], "the invited player is pinged");
    assert!(reply.text.contains("<@bob>"));
    let carol = t.say("carol", Command::Join).await;
    assert!(
        carol.private && carol.text.contains("reserved"),
        "{}",
        carol.text
    );
    let bob = t.say("bob", Command::Join).await;
    assert!(bob.text.contains("Chess** begins"), "{}", bob.text);
    assert!(bob.image.is_some(), "the first board is shown");
    assert_eq!(bob.ping, ["alice"], "White is pinged to move");
    let row = t.store.open_game("g", "c").await.unwrap().unwrap();
    assert_eq!(row.status, Status::Active);
}

#[tokio::test]
async fn an_open_seat_goes_to_whoever_joins_first() {
    let t = TestTable::new().await;
    t.say("alice", play("chess", &[])).await;
    assert!(
        t.say("alice", Command::Join)
            .await
            .text
            .contains("already seated")
    );
    let carol = t.say("carol", Command::Join).await;
    assert!(!carol.private && carol.image.is_some(), "{}", carol.text);
    let dave = t.say("dave", Command::Join).await;
    assert!(dave.private, "{}", dave.text);
}

#[tokio::test]
async fn one_unfinished_game_per_channel() {
    let t = TestTable::new().await;
    t.chess().await;
    let again = t.say("carol", play("chess", &["dave"])).await;
    assert!(
        again.private && again.text.contains("already has a chess game (#1)"),
        "{}",
        again.text
    );
    // Another channel is free.
    let elsewhere = tabula::table::Ctx {
        channel: "other".into(),
        ..ctx("carol")
    };
    let reply = t.table.handle(&elsewhere, play("chess", &["dave"])).await;
    assert!(!reply.private, "{}", reply.text);
    // Once the game ends, the channel is free again.
    t.say("alice", Command::Resign { confirmed: true }).await;
    let reply = t.say("carol", play("chess", &["dave"])).await;
    assert!(!reply.private, "{}", reply.text);
}

#[tokio::test]
async fn leaving_a_lobby_frees_the_seat_and_the_creator_leaving_closes_it() {
    let t = TestTable::new().await;
    t.say("alice", play("chess", &[])).await;
    assert!(
        t.say("bob", Command::Leave)
            .await
            .text
            .contains("not playing")
    );
    // Nobody else is seated yet, so this is the creator leaving.
    let reply = t.say("alice", Command::Leave).await;
    assert!(reply.text.contains("is closed"), "{}", reply.text);
    assert!(t.store.open_game("g", "c").await.unwrap().is_none());
    assert_eq!(t.store.game(1).await.unwrap().status, Status::Aborted);
}

#[tokio::test]
async fn before_any_move_the_creator_or_an_admin_aborts_at_once_and_the_reason_is_kept() {
    let t = TestTable::new().await;
    t.chess().await;
    let carol = t.say("carol", Command::Abort).await;
    assert!(carol.private, "a stranger cannot abort: {}", carol.text);
    let admin = tabula::table::Ctx {
        admin: true,
        ..ctx("mod")
    };
    let reply = t.table.handle(&admin, Command::Abort).await;
    assert!(
        !reply.private && reply.text.contains("No result"),
        "{}",
        reply.text
    );
    let row = t.store.game(1).await.unwrap();
    assert_eq!(row.status, Status::Aborted);
    let why: serde_json::Value = serde_json::from_str(row.result.as_deref().unwrap()).unwrap();
    assert_eq!(why["aborted"]["by"], "mod");
    assert!(
        why["aborted"]["why"]
            .as_str()
            .unwrap()
            .contains("before the first move")
    );

    t.chess().await;
    let reply = t.say("alice", Command::Abort).await;
    assert!(reply.text.contains("aborted game #2"), "{}", reply.text);
}

#[tokio::test]
async fn starting_needs_the_creator_and_enough_players() {
    let t = TestTable::new().await;
    t.say("alice", play("chess", &[])).await;
    assert!(
        t.say("bob", Command::Start)
            .await
            .text
            .contains("Only the player who opened")
    );
    let reply = t.say("alice", Command::Start).await;
    assert!(reply.text.contains("At least 2 players"), "{}", reply.text);
    assert!(
        t.say("alice", Command::Move { text: "e4".into() })
            .await
            .text
            .contains("has not started")
    );
    assert!(
        t.say("alice", Command::Board)
            .await
            .text
            .contains("has not started")
    );
}

#[tokio::test]
async fn a_draw_offer_pings_the_opponent_and_offers_buttons() {
    let t = TestTable::new().await;
    t.chess().await;
    t.say("alice", Command::Move { text: "e4".into() }).await;
    let offer = t.say("bob", Command::Draw(DrawCommand::Offer)).await;
    assert!(
        offer.ping.contains(&"alice".to_string()),
        "{:?}",
        offer.ping
    );
    let labels: Vec<&str> = offer.choices.iter().map(|c| c.label.as_str()).collect();
    assert!(
        labels.contains(&"Accept draw") && labels.contains(&"Decline draw"),
        "{labels:?}"
    );
    let decline = t.say("bob", Command::Draw(DrawCommand::Decline)).await;
    assert!(decline.text.contains("withdrew"), "{}", decline.text);
}

/// Issue 13 item 8: when the rules allow a draw to be claimed (chess: a threefold
/// repetition), the turn message says so and offers a Claim draw button; pressing it claims.
#[tokio::test]
async fn a_draw_the_rules_allow_is_offered_as_a_claim_draw_button() {
    let t = TestTable::new().await;
    t.chess().await;
    let mut last = None;
    for (who, text) in [
        ("alice", "Nf3"),
        ("bob", "Nf6"),
        ("alice", "Ng1"),
        ("bob", "Ng8"),
    ]
    .repeat(2)
    {
        let reply = t.say(who, Command::Move { text: text.into() }).await;
        assert!(!reply.private, "{}", reply.text);
        last = Some(reply);
    }
    let reply = last.unwrap();
    assert!(reply.text.contains("`/draw claim`"), "{}", reply.text);
    let claim = reply
        .choices
        .iter()
        .find(|c| c.label == "Claim draw")
        .unwrap_or_else(|| panic!("{:?}", reply.choices));
    let game = reply.game.expect("game ref");
    let press = tabula::table::Press {
        game: game.id,
        seq: game.seq,
        command: claim.command.clone(),
        selected: None,
    };
    let drawn = t.say("alice", Command::Press(press)).await;
    assert!(
        drawn.text.contains("drawn by threefold repetition"),
        "{}",
        drawn.text
    );
    assert_eq!(t.store.game(1).await.unwrap().status, Status::Finished);
}

#[tokio::test]
async fn turn_replies_carry_the_game_and_seq_for_buttons() {
    let t = TestTable::new().await;
    let start = t.chess().await;
    let first = start.game.expect("game ref");
    let moved = t.say("alice", Command::Move { text: "e4".into() }).await;
    let after = moved.game.expect("game ref");
    assert_eq!((after.id, after.seq), (first.id, first.seq + 1));
    assert!(!after.closed);
    let labels: Vec<&str> = moved.choices.iter().map(|c| c.label.as_str()).collect();
    assert_eq!(labels, ["Board", "Resign"]);
    let resigned = t.say("bob", Command::Resign { confirmed: true }).await;
    assert!(resigned.game.expect("game ref").closed);
    let labels: Vec<&str> = resigned.choices.iter().map(|c| c.label.as_str()).collect();
    assert_eq!(
        labels,
        ["Board", "Rematch"],
        "a finished game offers the board and a rematch"
    );
    assert_eq!(resigned.ping.len(), 2, "both players hear the result");
}

#[tokio::test]
async fn rules_and_help_answer_privately() {
    let t = TestTable::new().await;
    let rules = t
        .say(
            "alice",
            Command::Rules {
                game: Some("Chess".into()),
            },
        )
        .await;
    assert!(
        rules.private && rules.text.contains("SAN"),
        "{}",
        rules.text
    );
    let index = t.say("alice", Command::Rules { game: None }).await;
    assert!(index.text.contains("`chess`"), "{}", index.text);
    let help = t.say("alice", Command::Help).await;
    assert!(help.private && help.text.contains("/play"));
    t.chess().await;
    let rules = t.say("bob", Command::Rules { game: None }).await;
    assert!(
        rules.text.contains("Chess"),
        "the channel's game: {}",
        rules.text
    );
}

#[tokio::test]
async fn dice_expressions_roll_with_the_tables_generator() {
    let t = TestTable::new().await;
    let reply = t
        .say(
            "alice",
            Command::Roll {
                expr: Some("2d6+1".into()),
            },
        )
        .await;
    assert!(
        !reply.private && reply.text.contains("= **"),
        "{}",
        reply.text
    );
    let none = t.say("alice", Command::Roll { expr: None }).await;
    assert!(
        none.private && none.text.contains("/roll 2d6"),
        "{}",
        none.text
    );
    t.chess().await;
    let chess = t.say("alice", Command::Roll { expr: None }).await;
    assert!(chess.text.contains("Chess has no dice"), "{}", chess.text);
}

#[tokio::test]
async fn a_cousins_name_opens_parcheesi_with_that_ruleset() {
    let t = TestTable::new().await;
    let reply = t.say("alice", play("Pachisi", &["bob"])).await;
    assert!(reply.text.contains("Parcheesi"), "{}", reply.text);
    let row = t.store.open_game("g", "c").await.unwrap().unwrap();
    assert_eq!(
        (row.kind.as_str(), row.ruleset.as_str()),
        ("parcheesi", "\"pachisi\"")
    );
    assert!(t.say("carol", play("standard", &[])).await.private);
}

#[tokio::test]
async fn a_finished_game_offers_a_rematch_with_colours_swapped() {
    let t = TestTable::new().await;
    t.chess().await;
    let over = t.say("bob", Command::Resign { confirmed: true }).await;
    assert!(
        over.choices.iter().any(|c| c.command == "rematch"),
        "{:?}",
        over.choices
    );
    let game = over.game.expect("the final message names its game");
    let press = tabula::table::Press {
        game: game.id,
        seq: game.seq,
        command: "rematch".into(),
        selected: None,
    };
    let stranger = t.say("carol", Command::Press(press.clone())).await;
    assert!(stranger.private, "{}", stranger.text);
    let reply = t.say("bob", Command::Press(press)).await;
    assert!(!reply.private, "{}", reply.text);
    assert!(
        reply
            .text
            .contains("asks for a rematch of game #1, colours swapped"),
        "{}",
        reply.text
    );
    assert_eq!(reply.ping, ["alice"]);
    let started = t.say("alice", Command::Join).await;
    assert!(started.text.contains("Chess** begins"), "{}", started.text);
    let seats = t.store.seats(2).await.unwrap();
    assert_eq!(
        (seats[0].user_id.as_str(), seats[1].user_id.as_str()),
        ("bob", "alice"),
        "bob plays White this time"
    );
    let again = t.say("alice", Command::Rematch { game: None }).await;
    assert!(
        again.private && again.text.contains("not finished"),
        "{}",
        again.text
    );
}

#[tokio::test]
async fn a_rematch_needs_a_finished_game_and_a_free_channel() {
    let t = TestTable::new().await;
    let none = t.say("alice", Command::Rematch { game: None }).await;
    assert!(none.private, "{}", none.text);
    t.chess().await;
    t.say("alice", Command::Resign { confirmed: true }).await;
    t.say("carol", play("chess", &["dave"])).await;
    let busy = t.say("alice", Command::Rematch { game: Some(1) }).await;
    assert!(
        busy.private && busy.text.contains("already has"),
        "{}",
        busy.text
    );
    let reply = t.say("bob", Command::Rematch { game: None }).await;
    assert!(
        reply.private && reply.text.contains("not finished"),
        "{}",
        reply.text
    );
}

#[tokio::test]
async fn the_console_asks_for_a_rematch() {
    let t = TestTable::new().await;
    let out = t
        .script("@alice /play chess @bob\n@bob /join\n@bob /resign\n@bob /rematch\n@alice /join")
        .await;
    assert!(out.contains("asks for a rematch"), "{out}");
    assert!(
        out.contains("Chess begins: @bob (White) vs @alice (Black)"),
        "{out}"
    );
}

#[tokio::test]
async fn games_lists_my_unfinished_games_across_channels_with_whose_turn() {
    let t = TestTable::new().await;
    let none = t.say("alice", Command::MyGames).await;
    assert!(
        none.private && none.text.contains("no unfinished games"),
        "{}",
        none.text
    );
    t.chess().await; // game 1 in channel c: alice to move
    let other = tabula::table::Ctx {
        channel: "d".into(),
        ..ctx("carol")
    };
    t.table.handle(&other, play("backgammon", &["alice"])).await; // game 2 in channel d: waiting for alice to join
    let elsewhere = tabula::table::Ctx {
        guild: "h".into(),
        ..ctx("alice")
    };
    t.table.handle(&elsewhere, play("chess", &["bob"])).await; // another server
    let mine = t.say("alice", Command::MyGames).await;
    assert!(mine.private, "only the asker sees their list");
    let lines: Vec<&str> = mine.text.lines().collect();
    assert_eq!(lines.len(), 3, "{}", mine.text);
    assert!(
        lines[1].starts_with("#2 Backgammon in <#d> vs <@carol>: waiting for players"),
        "{}",
        mine.text
    );
    assert!(
        lines[2].starts_with("#1 Chess in <#c> vs <@bob>: **your turn**, last move <t:"),
        "{}",
        mine.text
    );
    t.say("alice", Command::Move { text: "e4".into() }).await;
    let bobs = t.say("bob", Command::MyGames).await;
    assert!(
        bobs.text
            .contains("#1 Chess in <#c> vs <@alice>: **your turn**"),
        "{}",
        bobs.text
    );
    let out = t
        .script("@erin /play chess @frank\n@frank /join\n@frank /games")
        .await;
    assert!(
        out.contains(" UTC"),
        "the console shows times as dates: {out}"
    );
}

//! Playing against the bot over the fake Discord: the bot's move arrives as its own message,
//! with a board picture, after the person's, and pings the person whose turn it is again.

use serde_json::json;

use super::World;
use crate::support::discord::{CHANNEL, FakeUser, game_choice};
use tabula::rules::{Game, Turn};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_chess_bot_2_answers_each_move_with_the_bots_own_message_and_board() {
    let w = World::new().await;
    let alice = FakeUser::alice();
    let choice = w
        .fake
        .wait_for("the command registration", |requests| {
            requests
                .iter()
                .any(|r| r.method == "PUT" && r.path.ends_with("/commands"))
                .then(|| game_choice(requests, "chess"))
        })
        .await;
    let options = json!([
        {"name": "game", "type": 4, "value": choice},
        {"name": "bot", "type": 4, "value": 2},
    ]);
    let open = w
        .fake
        .command_in(CHANNEL, &alice, "play", options, &[])
        .await;
    assert!(!open.ephemeral, "{open:?}");
    assert!(!open.files.is_empty(), "the first board: {open:?}");
    assert!(
        open.pinged.contains(&alice.id),
        "alice moves first: {open:?}"
    );

    for text in ["e4", "d4"] {
        let before = w.fake.requests().len();
        let mine = w.play(&alice, text).await;
        assert!(!mine.ephemeral, "{mine:?}");
        let (channel, reply) = w.fake.posted_after(before).await;
        assert_eq!(channel, CHANNEL);
        assert!(reply.content.contains("played"), "{reply:?}");
        assert!(
            !reply.files.is_empty(),
            "the bot's move comes with a board: {reply:?}"
        );
        assert_eq!(reply.pinged, vec![alice.id.clone()], "{reply:?}");
    }
    w.bot.stop().await;
}

/// Reads the `game` option's index of a game from the bot's own command registration.
async fn choice_of(w: &World, game: &str) -> usize {
    w.fake
        .wait_for("the command registration", |requests| {
            requests
                .iter()
                .any(|r| r.method == "PUT" && r.path.ends_with("/commands"))
                .then(|| game_choice(requests, game))
        })
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn parcheesi_against_three_bots_posts_each_bots_turn_with_a_board_and_pings_the_person() {
    let w = World::new().await;
    let alice = FakeUser::alice();
    let choice = choice_of(&w, "parcheesi").await;
    let options = json!([
        {"name": "game", "type": 4, "value": choice},
        {"name": "bot", "type": 4, "value": 1},
    ]);
    let mut last = w
        .fake
        .command_in(CHANNEL, &alice, "play", options, &[])
        .await;
    assert!(!last.ephemeral, "{last:?}");
    assert_eq!(
        last.content.matches("tabula bot (level 1)").count(),
        3,
        "three bot seats: {}",
        last.content
    );
    let mut bot_turns = 0;
    for _ in 0..80 {
        // Counted before the state is read: a bot's post follows its commit, so any post that
        // makes it alice's turn after this read comes after this count.
        let before = w.fake.requests().len();
        let game: Game = serde_json::from_str(&w.game().await.state).expect("state");
        let acted = match game.turn() {
            Turn::Over(_) => break,
            Turn::Roll(0) => {
                last = w.fake.command(&alice, "roll", &[]).await;
                true
            }
            Turn::Move(0) => {
                let text = game.format(&game.legal_moves()[0]);
                last = w.play(&alice, &text).await;
                true
            }
            // The bots' turn (the opening throws may start with one): wait for them.
            Turn::Roll(_) | Turn::Move(_) => false,
        };
        if acted {
            assert!(!last.ephemeral, "{}", last.content);
            if last.pinged.contains(&alice.id) {
                continue;
            }
        }
        // Each bot's turn arrives as its own new channel message with the board, until one
        // pings alice again (or the game ends).
        let posted = w
            .fake
            .posted_until(before, |a| {
                a.pinged.contains(&alice.id) || a.content.contains("wins")
            })
            .await;
        for (channel, turn) in &posted {
            assert_eq!(channel, CHANNEL);
            assert!(
                turn.content.contains("tabula bot (level 1)"),
                "a bot's turn names the bot: {}",
                turn.content
            );
            assert!(!turn.files.is_empty(), "with a board: {turn:?}");
            assert!(
                turn.pinged.iter().all(|p| p == &alice.id),
                "only the person is ever pinged: {turn:?}"
            );
        }
        bot_turns += posted.len();
        if bot_turns >= 6 {
            break;
        }
    }
    assert!(
        bot_turns >= 6,
        "two rounds of the three bots' turns were posted, saw {bot_turns}"
    );
    w.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hint_over_discord_answers_privately_with_a_move_the_person_may_play() {
    let w = World::new().await;
    let alice = FakeUser::alice();
    let choice = choice_of(&w, "chess").await;
    let options = json!([
        {"name": "game", "type": 4, "value": choice},
        {"name": "bot", "type": 4, "value": 1},
    ]);
    w.fake
        .command_in(CHANNEL, &alice, "play", options, &[])
        .await;
    let hint = w.fake.command(&alice, "hint", &[]).await;
    assert!(hint.ephemeral, "only the asker sees a hint: {hint:?}");
    assert!(
        hint.content.starts_with("Hint (level 5"),
        "{}",
        hint.content
    );
    let shown = hint.content.split("**").nth(1).expect("a move in bold");
    let played = w.play(&alice, shown).await;
    assert!(
        played.content.contains(&format!("played **{shown}**")),
        "{}",
        played.content
    );
    w.bot.stop().await;
}

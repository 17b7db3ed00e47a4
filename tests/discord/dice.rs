//! A dice game through Discord: the Roll button rolls for the player whose roll is awaited,
//! and the legal options arrive as a select menu whose choice is played like `/move`.

use super::World;
use crate::support::discord::{CHANNEL, FakeUser};
use tabula::rules::{Game, Turn};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn parcheesi_is_rolled_with_the_button_and_played_from_the_menu() {
    let w = World::new().await;
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());
    let open = w.fake.play(CHANNEL, &alice, "pachisi", &bob, &[]).await;
    assert!(open.content.contains("Parcheesi"), "{}", open.content);
    w.fake.command(&bob, "join", &[]).await;
    let mut last = w.fake.command(&alice, "start", &[]).await;
    assert!(last.content.contains("begins"), "{}", last.content);
    for _ in 0..60 {
        let row = w.game().await;
        let game: Game = serde_json::from_str(&row.state).expect("state");
        let (seat, rolling) = match game.turn() {
            Turn::Roll(seat) => (seat, true),
            Turn::Move(seat) => (seat, false),
            Turn::Over(_) => break,
        };
        let who = if seat == 0 { &alice } else { &bob };
        if rolling {
            last = w.fake.click(who, &last.button("roll")).await;
            assert!(!last.ephemeral, "{}", last.content);
            assert!(last.content.contains("rolled"), "{}", last.content);
            continue;
        }
        let Some((menu, options)) = last.menu.clone() else {
            // More options than a menu holds: play the first legal one by hand.
            let text = game.format(&game.legal_moves()[0]);
            last = w.play(who, &text).await;
            continue;
        };
        assert!(!options.is_empty() && options.len() <= 25);
        let played = w.fake.select(who, &menu, &options[0]).await;
        assert!(!played.ephemeral, "{}", played.content);
        assert!(played.content.contains("played"), "{}", played.content);
        // A stale menu is refused: the game moved on.
        let stale = w.fake.select(who, &menu, &options[0]).await;
        assert!(
            stale.ephemeral && stale.content.contains("out of date"),
            "{}",
            stale.content
        );
        return;
    }
    panic!("no menu was offered in 60 actions");
}

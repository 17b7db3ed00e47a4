//! Buttons are answered from the database: Board for anyone, Resign with a confirmation, and a
//! private "out of date" answer for clicks on an older turn message.

use super::{World, assert_turn};
use crate::support::discord::{CHANNEL, FakeUser};
use tabula::store::Status;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn board_and_resign_buttons_answer_from_the_database_and_refuse_stale_clicks() {
    let w = World::new().await;
    let (alice, bob, carol) = (FakeUser::alice(), FakeUser::bob(), FakeUser::carol());
    let first = w.chess().await;

    let board = w.fake.click(&carol, &first.button("board")).await;
    assert!(board.ephemeral && board.pinged.is_empty(), "{board:?}");
    board.png();

    let second = w.play(&alice, "e4").await;
    assert_turn(&second, &bob);
    let before = w.game().await;
    let stale = w.fake.click(&alice, &first.button("resign")).await;
    assert!(
        stale.ephemeral && stale.content.contains("out of date"),
        "{stale:?}"
    );
    stale.png();
    let old_board = w.fake.click(&bob, &first.button("board")).await;
    assert!(old_board.ephemeral && !old_board.content.contains("out of date"));
    assert_eq!(w.game().await, before, "clicks changed nothing");

    let ask = w.fake.click(&bob, &second.button("resign")).await;
    assert!(ask.ephemeral && ask.content.contains("really"), "{ask:?}");
    assert_eq!(ask.buttons[0].label, "Yes, resign");
    assert_eq!(w.game().await, before, "asking changed nothing");
    let done = w.fake.click(&bob, &ask.button("resign confirm")).await;
    assert!(
        !done.ephemeral && done.content.contains("resigned"),
        "{done:?}"
    );
    assert!(
        done.buttons
            .iter()
            .all(|b| b.disabled == (b.label != "Rematch")),
        "{:?}",
        done.buttons
    );
    let row = w.bot.store.game(before.id).await.unwrap();
    assert_eq!(row.status, Status::Finished);

    let late = w.fake.click(&alice, &second.button("board")).await;
    assert!(late.ephemeral && late.content.contains("over"), "{late:?}");
    w.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_resign_command_asks_first_and_strangers_cannot_resign() {
    let w = World::new().await;
    let (bob, carol) = (FakeUser::bob(), FakeUser::carol());
    w.chess().await;
    let stranger = w.fake.command(&carol, "resign", &[]).await;
    assert!(
        stranger.ephemeral && stranger.content.contains("not playing"),
        "{stranger:?}"
    );
    let ask = w.fake.command(&bob, "resign", &[]).await;
    assert!(ask.ephemeral && ask.content.contains("really"), "{ask:?}");
    let id = w.game().await.id;
    let done = w.fake.click(&bob, &ask.button("resign confirm")).await;
    assert!(
        !done.ephemeral && done.content.contains("resigned"),
        "{done:?}"
    );
    assert_eq!(w.bot.store.game(id).await.unwrap().status, Status::Finished);
    w.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lobby_join_button_seats_every_later_clicker_while_seats_are_open() {
    let w = World::new().await;
    let (alice, bob, carol, dave) = (
        FakeUser::alice(),
        FakeUser::bob(),
        FakeUser::carol(),
        FakeUser::dave(),
    );
    let open = w.fake.play(CHANNEL, &alice, "parcheesi", &bob, &[]).await;
    let join = open.button("join");
    let bob_in = w.fake.click(&bob, &join).await;
    assert!(bob_in.content.contains("joined"), "{bob_in:?}");
    // The lobby's seq has moved on twice since the button was made; joining is never stale.
    let carol_in = w.fake.click(&carol, &join).await;
    assert!(carol_in.content.contains("joined"), "{carol_in:?}");
    let started = w.fake.click(&dave, &join).await;
    assert!(started.content.contains("begins"), "{started:?}");
    let seats = w.bot.store.seats(w.game().await.id).await.unwrap();
    assert_eq!(seats.len(), 4);
    w.bot.stop().await;
}

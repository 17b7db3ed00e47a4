//! `/status` over the fake Discord: a channel admin sees the process's counters, uptime,
//! version and database privately; anyone else is told it is for admins.

use super::World;
use crate::support::discord::FakeUser;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn status_shows_admins_the_counters_and_refuses_everyone_else() {
    let w = World::new().await;
    let alice = FakeUser::alice();
    let bob = FakeUser::bob();
    w.chess().await;
    let moved = w.play(&alice, "e4").await;
    assert!(!moved.ephemeral, "{moved:?}");
    let wrong = w.play(&bob, "e9").await;
    assert!(wrong.ephemeral, "{wrong:?}");

    let refused = w.fake.command(&alice, "status", &[]).await;
    assert!(refused.ephemeral, "{refused:?}");
    assert!(
        refused.content.contains("Only a member with"),
        "{refused:?}"
    );

    let mut moderator = FakeUser::dave();
    moderator.admin = true;
    let shown = w.fake.command(&moderator, "status", &[]).await;
    assert!(
        shown.ephemeral,
        "the status is for the admin only: {shown:?}"
    );
    for part in [
        concat!("tabula ", env!("CARGO_PKG_VERSION")),
        "on SQLite, up ",
        // The move and the join that started the game (the join's start is no turn).
        "1 turns played, 6 interactions, 0 errors",
        "Bot searches: 0 running, 0 waiting",
        "Reminders due: 0.",
    ] {
        assert!(shown.content.contains(part), "{part:?} missing: {shown:?}");
    }
    w.bot.stop().await;
}

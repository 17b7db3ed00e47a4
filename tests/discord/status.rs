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
    // Every request Discord received so far, but the gateway look-ups serenity makes itself
    // while the client starts.
    let received = w
        .fake
        .requests()
        .iter()
        .filter(|r| !r.path.starts_with("/api/v10/gateway"))
        .count();
    // The fake records a request before the bot reads its answer and counts it.
    let counted = || w.bot.table.metrics().snapshot().discord_requests;
    let deadline = std::time::Instant::now() + crate::support::discord::PATIENCE;
    while counted() < received as u64 && std::time::Instant::now() < deadline {
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
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
    // The bot's own count of its requests to Discord, per turn and by command.
    let requests = format!("Discord: {received} requests ({received}.0 per turn played)");
    assert!(
        shown.content.contains(&requests),
        "{requests:?} missing: {shown:?}"
    );
    for kind in ["play ", "join ", "move ", "status "] {
        let by_kind = shown
            .content
            .lines()
            .find(|l| l.starts_with("Discord requests by kind:"));
        assert!(
            by_kind.is_some_and(|l| l.contains(kind)),
            "{kind:?} missing from the requests by kind: {shown:?}"
        );
    }
    w.bot.stop().await;
}

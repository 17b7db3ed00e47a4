//! Leaving a server (issue 29 item 8): a GUILD_DELETE that is an outage (`unavailable`)
//! changes nothing; one without it means the bot was removed, and the server's unfinished
//! games are closed at once.

use serde_json::json;

use super::{World, settle};
use crate::support::discord::GUILD;
use tabula::store::Status;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn guild_removal_closes_the_servers_games_but_an_outage_does_not() {
    let w = World::new().await;
    w.chess().await;
    let id = w.game().await.id;
    w.fake
        .dispatch("GUILD_DELETE", json!({"id": GUILD, "unavailable": true}));
    settle().await;
    assert_eq!(w.bot.store.game(id).await.unwrap().status, Status::Active);

    w.fake.dispatch("GUILD_DELETE", json!({"id": GUILD}));
    let deadline = std::time::Instant::now() + crate::support::discord::PATIENCE;
    while w.bot.store.game(id).await.unwrap().status != Status::Aborted {
        assert!(
            std::time::Instant::now() < deadline,
            "the game was not closed"
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    w.bot.stop().await;
}

//! `/settings` over the fake Discord: anyone sees them privately, only a member whose
//! interaction carries Manage Channels changes them, and a new table takes the default.

use serde_json::json;

use super::World;
use crate::support::discord::{CHANNEL, FakeUser};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn settings_are_shown_to_anyone_and_changed_by_admins_only() {
    let w = World::new().await;
    let alice = FakeUser::alice();
    let shown = w
        .fake
        .command_in(CHANNEL, &alice, "settings", json!([]), &[])
        .await;
    assert!(shown.ephemeral, "{shown:?}");
    assert!(
        shown.content.contains("This server's settings"),
        "{shown:?}"
    );

    let days = json!([{"name": "days", "type": 4, "value": 3}]);
    let refused = w
        .fake
        .command_in(CHANNEL, &alice, "settings", days.clone(), &[])
        .await;
    assert!(
        refused.ephemeral && refused.content.contains("Only a channel admin"),
        "{refused:?}"
    );

    let mut moderator = FakeUser::dave();
    moderator.admin = true;
    let changed = w
        .fake
        .command_in(CHANNEL, &moderator, "settings", days, &[])
        .await;
    assert!(!changed.ephemeral, "{changed:?}");
    assert!(changed.content.contains("3 days per move"), "{changed:?}");
    assert!(
        changed.pinged.is_empty(),
        "a settings change pings nobody: {changed:?}"
    );

    let open = w
        .fake
        .play(CHANNEL, &alice, "chess", &FakeUser::bob(), &[])
        .await;
    assert!(open.content.contains("with 3 days per move"), "{open:?}");
    w.bot.stop().await;
}

//! The real bot (the same `discord::start` as `tabula bot`) against a fake Discord on
//! 127.0.0.1: every test has its own fake and its own SQLite file, and every wait is bounded.

mod binary;
mod bots;
mod buttons;
mod contract;
mod deadlines;
mod dice;
mod failures;
mod game;
mod layers;
mod limits;
mod ops;
mod options;
mod outage;
mod overload;
// Overdue games stored for the several-process tests, and the reminders the fake saw.
mod overdue;
mod permissions;
mod pings;
mod plain;
mod privacy;
mod reminders;
mod scale;
mod settings;
mod shards;
mod status;
mod threads;
mod transport;

use std::time::Duration;

use crate::support::discord::{Answer, Bot, CHANNEL, FakeDiscord, FakeUser, GUILD};
use tabula::discord::Config;
use tabula::store::GameRow;
use tempfile::TempDir;

/// A fake Discord, a bot connected to it, and the bot's database.
struct World {
    fake: FakeDiscord,
    bot: Bot,
    _dir: TempDir,
}

impl World {
    async fn new() -> World {
        World::with(|_| {}).await
    }

    async fn with(configure: impl FnOnce(&mut Config)) -> World {
        let fake = FakeDiscord::start().await;
        let dir = tempfile::tempdir().expect("temp dir");
        let url = crate::support::db::sqlite_url(&dir);
        let bot = Bot::start(&fake, &url, configure).await;
        World {
            fake,
            bot,
            _dir: dir,
        }
    }

    /// A world whose database answers late by whatever the returned knob says (none at first).
    /// A world whose table's dice and bot choices are seeded by `seed`.
    async fn seeded(seed: u64) -> World {
        let fake = FakeDiscord::start().await;
        let dir = tempfile::tempdir().expect("temp dir");
        let url = crate::support::db::sqlite_url(&dir);
        let bot = Bot::start_seeded(&fake, &url, seed).await;
        World {
            fake,
            bot,
            _dir: dir,
        }
    }

    async fn with_latency() -> (World, tabula::store::Latency) {
        let fake = FakeDiscord::start().await;
        let dir = tempfile::tempdir().expect("temp dir");
        let url = crate::support::db::sqlite_url(&dir);
        let latency = tabula::store::Latency::default();
        let store = tabula::store::Store::connect_with_latency(&url, Some(latency.clone()))
            .await
            .expect("the store connects");
        let bot = Bot::start_on(&fake, store, |_| {}).await;
        let world = World {
            fake,
            bot,
            _dir: dir,
        };
        (world, latency)
    }

    /// Opens a chess table (alice invites bob) and has bob join; returns the first turn message.
    async fn chess(&self) -> Answer {
        let open = self
            .fake
            .play(CHANNEL, &FakeUser::alice(), "chess", &FakeUser::bob(), &[])
            .await;
        assert!(!open.ephemeral, "{open:?}");
        self.fake.command(&FakeUser::bob(), "join", &[]).await
    }

    /// Plays `/move text` as `user`.
    async fn play(&self, user: &FakeUser, text: &str) -> Answer {
        self.fake.command(user, "move", &[("text", text)]).await
    }

    /// Returns the channel's unfinished game.
    async fn game(&self) -> GameRow {
        self.bot
            .store
            .open_game(GUILD, CHANNEL)
            .await
            .expect("the store answers")
            .expect("a game in the channel")
    }
}

/// Checks a turn message: a public board picture of a chess board's size in an embed, the next
/// player mentioned and the only one notified, and live Board and Resign buttons.
fn assert_turn(answer: &Answer, next: &FakeUser) {
    assert!(!answer.ephemeral, "{answer:?}");
    let png = image::load_from_memory(answer.png()).expect("the attachment is a PNG");
    let (w, h) = tabula::render::Renderer::size(tabula::rules::GameKind::Chess);
    assert_eq!((png.width(), png.height()), (w, h));
    assert!(
        answer.content.contains(&next.mention()),
        "{}",
        answer.content
    );
    assert_eq!(
        answer.pinged,
        [next.id.as_str()],
        "only the next player is pinged"
    );
    assert!(answer.parse_nothing, "no @everyone, roles or other users");
    for command in ["board", "resign"] {
        let id = answer.button(command);
        let button = answer.buttons.iter().find(|b| b.custom_id == id).unwrap();
        assert!(!button.disabled, "{button:?}");
    }
}

/// Gives the bot a moment to (not) react to something that should be ignored.
async fn settle() {
    tokio::time::sleep(Duration::from_millis(400)).await;
}

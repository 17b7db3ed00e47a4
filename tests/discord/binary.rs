//! The shipped `tabula` binary as a subprocess with `DISCORD_API_BASE` pointing at the fake:
//! a game is started, the process is killed, and a new process answers the old message's
//! buttons and continues the game.

use std::process::{Child, Command, Stdio};

use super::assert_turn;
use crate::support::discord::{CHANNEL, FakeDiscord, FakeUser, GUILD, PATIENCE};

/// A bot process, killed when dropped so a failing test leaves nothing behind.
struct Process(Child);

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn spawn(fake: &FakeDiscord, dir: &std::path::Path, run: usize) -> Process {
    let log = std::fs::File::create(dir.join(format!("bot-{run}.log"))).unwrap();
    Command::new(env!("CARGO_BIN_EXE_tabula"))
        .arg("bot")
        .current_dir(dir)
        .env("DISCORD_TOKEN", "fake-token")
        .env("DISCORD_API_BASE", fake.base_url())
        .env("TABULA_GUILD_ID", GUILD)
        .env("TABULA_MESSAGE_CONTENT", "1")
        .env(
            "DATABASE_URL",
            format!("sqlite://{}", dir.join("games.db").display()),
        )
        .env("RUST_LOG", "warn,tabula=info")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(log)
        .spawn()
        .map(Process)
        .expect("the tabula binary runs")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_binary_plays_against_the_fake_and_a_new_process_answers_old_buttons() {
    crate::support::discord::bot::init_tracing();
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());

    let first_run = spawn(&fake, dir.path(), 1);
    fake.wait_ready(1).await;
    fake.play(CHANNEL, &alice, "chess", &bob, &[]).await;
    let first = fake.command(&bob, "join", &[]).await;
    assert_turn(&first, &alice);
    let second = fake.command(&alice, "move", &[("text", "e4")]).await;
    assert_turn(&second, &bob);
    drop(first_run);

    let second_run = spawn(&fake, dir.path(), 2);
    let ready = tokio::time::timeout(PATIENCE, async {
        while fake.readies() < 2 {
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    });
    if ready.await.is_err() {
        let log = std::fs::read_to_string(dir.path().join("bot-2.log")).unwrap_or_default();
        let seen: Vec<String> = fake
            .requests()
            .iter()
            .map(|r| format!("{} {} {}", r.method, r.path, r.status))
            .collect();
        panic!(
            "the second bot did not connect; its log:\n{log}\nrequests:\n{}",
            seen.join("\n")
        );
    }
    let board = fake.click(&bob, &second.button("board")).await;
    assert!(board.ephemeral, "{board:?}");
    board.png();
    let stale = fake.click(&bob, &first.button("resign")).await;
    assert!(
        stale.ephemeral && stale.content.contains("out of date"),
        "{stale:?}"
    );
    let third = fake.command(&bob, "move", &[("text", "e5")]).await;
    assert_turn(&third, &alice);
    let n = fake.say(&alice, "Nf3", None);
    let (_, fourth) = fake.posted_after(n).await;
    assert!(
        fourth.content.contains("played **Nf3**"),
        "{}",
        fourth.content
    );
    let ask = fake.click(&bob, &fourth.button("resign")).await;
    let done = fake.click(&bob, &ask.button("resign confirm")).await;
    assert!(done.content.contains("resigned"));
    assert!(
        done.buttons
            .iter()
            .all(|b| b.disabled == (b.label != "Rematch"))
    );
    drop(second_run);
}

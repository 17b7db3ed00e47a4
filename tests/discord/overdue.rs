//! Games whose first reminder is a day overdue, stored for the tests of several bot processes
//! sharing the reminders (`scale.rs`, `shards.rs`), and the count of reminders the fake saw.

use std::collections::HashMap;
use std::sync::Arc;

use tabula::render::Renderer;
use tabula::store::{Change, NewGame, Status, Store};
use tabula::table::{Command as TableCommand, Ctx, Table, User};

use crate::support::discord::Recorded;

/// Reminders posted so far (created channel messages that say so), counted per channel.
pub fn reminders_posted(requests: &[Recorded]) -> HashMap<String, usize> {
    let mut count = HashMap::new();
    for r in requests {
        if r.method != "POST" || !(200..300).contains(&r.status) {
            continue;
        }
        let Some(channel) = r
            .path
            .strip_prefix("/api/v10/channels/")
            .and_then(|p| p.strip_suffix("/messages"))
        else {
            continue;
        };
        if r.body["content"]
            .as_str()
            .is_some_and(|t| t.contains("a reminder"))
        {
            *count.entry(channel.to_string()).or_default() += 1;
        }
    }
    count
}

/// Stores `due` active chess games between alice and bob in channels `first`, `first + 1`, …,
/// game `i` in guild `guild_of(i)`, whose first reminder is a day overdue: the first opened
/// through the table two days ago, the others copied from it straight into the store.
pub async fn seed(url: &str, first: u64, due: u64, guild_of: impl Fn(u64) -> &'static str) {
    let day = 86_400;
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64;
    // Two days ago: each turn's reminder (a day in) is a day overdue.
    let store = Store::connect(url)
        .await
        .expect("the store connects")
        .with_clock(Arc::new(move || now - 2 * day));
    let table = Table::new(store.clone(), Arc::new(Renderer::lazy()));
    let ctx = |user: &str| Ctx {
        guild: guild_of(0).into(),
        channel: first.to_string(),
        user: User::named(user),
        admin: false,
    };
    let play = TableCommand::Play {
        game: "chess".into(),
        ruleset: None,
        opponents: vec![User::named("bob")],
        days: None,
        bot: None,
        players: None,
    };
    assert!(!table.handle(&ctx("alice"), play).await.private);
    assert!(!table.handle(&ctx("bob"), TableCommand::Join).await.private);
    let model = store
        .open_game(guild_of(0), &first.to_string())
        .await
        .expect("the store answers")
        .expect("the first game");
    let seats = store.seats(model.id).await.expect("its seats");
    assert!(model.next_reminder_at.is_some_and(|at| at < now));
    for i in 1..due {
        let (row, _) = store
            .create_game(NewGame {
                guild: guild_of(i).into(),
                channel: (first + i).to_string(),
                kind: model.kind.clone(),
                ruleset: model.ruleset.clone(),
                status: Status::Lobby,
                state: model.state.clone(),
                created_by: model.created_by.clone(),
                max_seats: 2,
                seats: seats.clone(),
                move_days: None,
                remind_after: day,
            })
            .await
            .expect("a game is stored");
        let start = Change {
            game: row.id,
            expected_seq: row.seq,
            status: Status::Active,
            state: row.state.clone(),
            result: None,
            seats: None,
            log: None,
        };
        store.commit(start).await.expect("the game starts");
    }
    store.close().await;
}

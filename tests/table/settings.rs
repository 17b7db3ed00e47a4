//! A server's settings: anyone may read them, only channel admins change them; they give new
//! tables their default time limit and reminder delay, and close tables never started.

use std::sync::atomic::Ordering;

use super::time::{DAY, T0, clocked, timed_chess};
use crate::support::table::{ctx, play};
use tabula::store::Status;
use tabula::table::{Command, Ctx, SettingsChange};

fn admin(user: &str) -> Ctx {
    Ctx {
        admin: true,
        ..ctx(user)
    }
}

fn set(days: Option<i64>, remind_hours: Option<i64>, lobby_days: Option<i64>) -> Command {
    Command::Settings(SettingsChange {
        days,
        remind_hours,
        lobby_days,
        ..SettingsChange::default()
    })
}

#[tokio::test]
async fn anyone_reads_the_settings_and_only_admins_change_them() {
    let (t, _) = clocked().await;
    let shown = t.say("bob", set(None, None, None)).await;
    assert!(shown.private, "{}", shown.text);
    assert!(
        shown
            .text
            .contains("time limit when `/play` names none): none"),
        "{}",
        shown.text
    );
    assert!(
        shown.text.contains("after 24 hours of a turn"),
        "{}",
        shown.text
    );
    assert!(
        shown.text.contains("closed after): 7 days"),
        "{}",
        shown.text
    );

    let refused = t.say("bob", set(Some(3), None, None)).await;
    assert!(refused.private, "{}", refused.text);
    assert!(
        refused.text.contains("Only a channel admin"),
        "{}",
        refused.text
    );
    assert_eq!(t.store.settings("g").await.unwrap(), Default::default());

    let changed = t
        .table
        .handle(&admin("root"), set(Some(3), Some(12), Some(2)))
        .await;
    assert!(!changed.private, "{}", changed.text);
    assert!(changed.text.contains("3 days per move"), "{}", changed.text);
    let stored = t.store.settings("g").await.unwrap();
    assert_eq!(
        (stored.days, stored.remind_hours, stored.lobby_days),
        (Some(3), 12, 2)
    );
    // Another server keeps its own.
    assert_eq!(t.store.settings("other").await.unwrap(), Default::default());
    // The console reads the same options.
    assert!(
        t.line("@alice /settings days=x")
            .await
            .contains("not a whole number")
    );
    assert!(
        t.line("@alice /settings colour=red")
            .await
            .contains("no setting")
    );
}

#[tokio::test]
async fn settings_out_of_range_are_refused_and_change_nothing() {
    let (t, _) = clocked().await;
    for (change, word) in [
        (set(Some(15), None, None), "`days`"),
        (set(Some(-1), None, None), "`days`"),
        (set(None, Some(169), None), "`remind_hours`"),
        (set(None, Some(-2), None), "`remind_hours`"),
        (set(None, None, Some(0)), "`lobby_days`"),
        (set(Some(2), None, Some(31)), "`lobby_days`"),
    ] {
        let reply = t.table.handle(&admin("root"), change).await;
        assert!(reply.private && reply.text.contains(word), "{}", reply.text);
    }
    assert_eq!(t.store.settings("g").await.unwrap(), Default::default());
}

#[tokio::test]
async fn a_damaged_settings_row_falls_back_field_by_field() {
    use tabula::store::Settings;
    assert_eq!(Settings::read("not json").0, Settings::default());
    let (s, dropped) = Settings::read(r#"{"days": 99, "remind_hours": 6, "lobby_days": "x"}"#);
    assert_eq!((s.days, s.remind_hours, s.lobby_days), (None, 6, 7));
    assert_eq!(dropped, vec!["days", "lobby_days"]);
    let (s, dropped) = Settings::read(r#"{"days": 2}"#);
    assert_eq!((s.days, s.remind_hours, dropped.len()), (Some(2), 24, 0));
}

#[tokio::test]
async fn the_servers_default_time_limit_applies_unless_play_names_one() {
    let (t, _) = clocked().await;
    t.table
        .handle(&admin("root"), set(Some(4), None, None))
        .await;
    let open = t.say("alice", play("chess", &["bob"])).await;
    assert!(open.text.contains("with 4 days per move"), "{}", open.text);
    t.say("bob", Command::Join).await;
    let row = t.store.open_game("g", "c").await.unwrap().unwrap();
    assert_eq!(
        (row.move_days, row.deadline_at),
        (Some(4), Some(T0 + 4 * DAY))
    );
    t.say("alice", Command::Resign { confirmed: true }).await;

    // `days:0` asks for no limit even when the server has a default.
    let open = t.say("alice", timed_chess(0)).await;
    assert!(!open.text.contains("per move"), "{}", open.text);
    t.say("bob", Command::Join).await;
    let row = t.store.open_game("g", "c").await.unwrap().unwrap();
    assert_eq!((row.move_days, row.deadline_at), (None, None));
}

#[tokio::test]
async fn the_reminder_comes_after_the_servers_delay_and_not_at_all_when_off() {
    let (t, clock) = clocked().await;
    t.table
        .handle(&admin("root"), set(None, Some(2), None))
        .await;
    t.chess().await;
    clock.store(T0 + 2 * 3_600 - 1, Ordering::SeqCst);
    assert!(t.table.due_reminders(10).await.is_empty());
    clock.store(T0 + 2 * 3_600, Ordering::SeqCst);
    let due = t.table.due_reminders(10).await;
    assert_eq!(due.len(), 1);
    assert!(
        due[0].reply.text.contains("a reminder: it is your turn"),
        "{}",
        due[0].reply.text
    );
    t.table.reminded(&due[0]).await;
    t.say("alice", Command::Resign { confirmed: true }).await;

    // Off: no reminder, however long the turn.
    t.table
        .handle(&admin("root"), set(None, Some(0), None))
        .await;
    let now = T0 + DAY;
    clock.store(now, Ordering::SeqCst);
    t.chess().await;
    clock.store(now + 30 * DAY, Ordering::SeqCst);
    assert!(t.table.due_reminders(10).await.is_empty());
    t.say("alice", Command::Resign { confirmed: true }).await;

    // Off, with a time limit: only the reminder when a quarter of the time is left.
    let now = now + 31 * DAY;
    clock.store(now, Ordering::SeqCst);
    t.say("alice", timed_chess(4)).await;
    t.say("bob", Command::Join).await;
    clock.store(now + 3 * DAY - 1, Ordering::SeqCst);
    assert!(t.table.due_reminders(10).await.is_empty());
    clock.store(now + 3 * DAY, Ordering::SeqCst);
    let due = t.table.due_reminders(10).await;
    assert_eq!(due.len(), 1, "the last-quarter reminder");
    assert!(
        due[0].reply.text.contains("Time to move"),
        "{}",
        due[0].reply.text
    );
}

#[tokio::test]
async fn a_table_never_started_closes_after_the_servers_lobby_days_and_frees_the_channel() {
    let (t, clock) = clocked().await;
    t.table
        .handle(&admin("root"), set(None, None, Some(2)))
        .await;
    let open = t.say("alice", play("chess", &["bob"])).await;
    assert!(
        open.text.contains("not started within 2 days closes"),
        "{}",
        open.text
    );
    let id = t.store.open_game("g", "c").await.unwrap().unwrap().id;

    // Before the time is up the channel stays busy and the table open.
    clock.store(T0 + 2 * DAY - 1, Ordering::SeqCst);
    let busy = t.say("carol", play("chess", &["dave"])).await;
    assert!(
        busy.text.contains("already has a chess game"),
        "{}",
        busy.text
    );
    assert!(t.table.expire_lobbies(10).await.is_empty());

    // After it, the scheduler closes it once, with a notice for the channel.
    clock.store(T0 + 2 * DAY, Ordering::SeqCst);
    let notices = t.table.expire_lobbies(10).await;
    assert_eq!(notices.len(), 1);
    assert_eq!(notices[0].channel, "c");
    assert!(
        notices[0]
            .reply
            .text
            .contains(&format!("Game #{id} was never started within 2 days"))
    );
    assert!(t.table.expire_lobbies(10).await.is_empty(), "closed once");
    assert_eq!(t.store.game(id).await.unwrap().status, Status::Aborted);
    let fresh = t.say("carol", play("chess", &["dave"])).await;
    assert!(
        fresh.text.contains("opened a Chess table"),
        "{}",
        fresh.text
    );
}

#[tokio::test]
async fn an_expired_table_gives_way_to_the_next_play_or_join_without_the_scheduler() {
    let (t, clock) = clocked().await;
    t.say("alice", play("chess", &["bob"])).await;
    let first = t.store.open_game("g", "c").await.unwrap().unwrap().id;
    clock.store(T0 + 7 * DAY, Ordering::SeqCst);
    let late = t.say("bob", Command::Join).await;
    assert!(
        late.text.contains("never started within 7 days"),
        "{}",
        late.text
    );
    assert_eq!(t.store.game(first).await.unwrap().status, Status::Aborted);

    t.say("alice", play("chess", &["bob"])).await;
    let second = t.store.open_game("g", "c").await.unwrap().unwrap().id;
    clock.store(T0 + 14 * DAY, Ordering::SeqCst);
    let next = t.say("carol", play("chess", &["dave"])).await;
    assert!(next.text.contains("opened a Chess table"), "{}", next.text);
    assert_eq!(t.store.game(second).await.unwrap().status, Status::Aborted);

    // A started game never expires, however long it waits.
    t.say("dave", Command::Join).await;
    clock.store(T0 + 60 * DAY, Ordering::SeqCst);
    assert!(t.table.expire_lobbies(10).await.is_empty());
    let board = t.say("carol", Command::Board).await;
    assert!(!board.text.contains("never started"), "{}", board.text);
}

//! Days away, with an injected clock: `/vacation` pauses a player's clocks (capped per year by
//! the server), reminders wait out quiet hours and go by DM when asked, a passed deadline is
//! claimed by itself once the server's grace period is over, and the console's `/tick` runs
//! all of it.

use std::sync::Arc;
use std::sync::atomic::Ordering;

use super::time::{DAY, T0, clocked, timed_chess};
use crate::support::table::{TestTable, ctx, play};
use tabula::store::Status;
use tabula::table::{Command, Ctx, SettingsChange};

const HOUR: i64 = 3_600;

fn admin(user: &str) -> Ctx {
    Ctx {
        admin: true,
        ..ctx(user)
    }
}

fn vacation(days: i64) -> Command {
    Command::Vacation { days }
}

fn notify(via: Option<&str>, quiet: Option<&str>, tz: Option<&str>) -> Command {
    Command::Notify {
        via: via.map(str::to_string),
        quiet: quiet.map(str::to_string),
        tz: tz.map(str::to_string),
    }
}

async fn settings(t: &TestTable, change: SettingsChange) {
    let reply = t
        .table
        .handle(&admin("root"), Command::Settings(change))
        .await;
    assert!(!reply.private, "{}", reply.text);
}

/// The channel's open game: (deadline, next reminder).
async fn clocks(t: &TestTable) -> (Option<i64>, Option<i64>) {
    let row = t.store.open_game("g", "c").await.unwrap().unwrap();
    (row.deadline_at, row.next_reminder_at)
}

#[tokio::test]
async fn a_vacation_pauses_the_deadline_and_reminder_of_the_turn_under_way() {
    let (t, clock) = clocked().await;
    t.say("alice", timed_chess(2)).await;
    t.say("bob", Command::Join).await;
    assert_eq!(clocks(&t).await, (Some(T0 + 2 * DAY), Some(T0 + DAY)));

    clock.store(T0 + HOUR, Ordering::SeqCst);
    let away = t.say("alice", vacation(3)).await;
    assert!(!away.private, "{}", away.text);
    let until = T0 + HOUR + 3 * DAY;
    assert!(
        away.text
            .contains(&format!("<@alice> is on vacation until <t:{until}:f>"))
            && away
                .text
                .contains("their clock waits in 1 game where it is their turn"),
        "{}",
        away.text
    );
    // Both move by the three days away.
    assert_eq!(clocks(&t).await, (Some(T0 + 5 * DAY), Some(T0 + 4 * DAY)));
    let board = t.say("bob", Command::Board).await;
    assert!(
        board
            .text
            .contains(&format!("<@alice> is on vacation until <t:{until}:f>")),
        "{}",
        board.text
    );

    // The old deadline passes: no reminder, no claim.
    clock.store(T0 + 2 * DAY + HOUR, Ordering::SeqCst);
    assert!(t.table.due_reminders(10).await.is_empty());
    let early = t.say("bob", Command::Claim).await;
    assert!(
        early.private && early.text.contains("alice still has time"),
        "{}",
        early.text
    );
    clock.store(T0 + 5 * DAY, Ordering::SeqCst);
    let won = t.say("bob", Command::Claim).await;
    assert!(won.text.contains("<@bob> (Black) wins"), "{}", won.text);
}

#[tokio::test]
async fn a_turn_that_reaches_a_player_on_vacation_waits_until_it_ends() {
    let (t, clock) = clocked().await;
    t.say("alice", timed_chess(2)).await;
    t.say("bob", Command::Join).await;
    let away = t.say("bob", vacation(2)).await;
    assert!(away.text.contains("waits in 0 games"), "{}", away.text);
    clock.store(T0 + HOUR, Ordering::SeqCst);
    t.say("alice", Command::Move { text: "e4".into() }).await;
    // Bob's two days start when his vacation ends, at T0 + 2 days.
    assert_eq!(clocks(&t).await, (Some(T0 + 4 * DAY), Some(T0 + 3 * DAY)));
}

#[tokio::test]
async fn ending_a_vacation_early_restarts_the_clock_and_gives_the_days_back() {
    let (t, clock) = clocked().await;
    settings(
        &t,
        SettingsChange {
            vacation_days: Some(5),
            ..SettingsChange::default()
        },
    )
    .await;
    t.say("alice", timed_chess(2)).await;
    t.say("bob", Command::Join).await;
    t.say("alice", vacation(3)).await;
    assert_eq!(clocks(&t).await.0, Some(T0 + 5 * DAY));

    clock.store(T0 + DAY, Ordering::SeqCst);
    let back = t.say("alice", vacation(0)).await;
    assert!(
        back.text
            .contains("<@alice> is back from vacation: their clock runs again from now in 1 game"),
        "{}",
        back.text
    );
    // One day was away: the two days per move run from now.
    assert_eq!(clocks(&t).await.0, Some(T0 + 3 * DAY));
    let again = t.say("alice", vacation(0)).await;
    assert!(
        again.private && again.text.contains("not on vacation"),
        "{}",
        again.text
    );

    // Five a year, one taken: five more are refused, four are not.
    let refused = t.say("alice", vacation(5)).await;
    assert!(
        refused.private && refused.text.contains("you have 4 left this year"),
        "{}",
        refused.text
    );
    let four = t.say("alice", vacation(4)).await;
    assert!(!four.private, "{}", four.text);
    assert_eq!(clocks(&t).await.0, Some(T0 + 7 * DAY));
    let none_left = t.say("alice", vacation(6)).await;
    assert!(none_left.private, "{}", none_left.text);

    // A new year brings a new allowance.
    clock.store(T0 + 400 * DAY, Ordering::SeqCst);
    let next_year = t.say("alice", vacation(5)).await;
    assert!(!next_year.private, "{}", next_year.text);
}

#[tokio::test]
async fn a_server_without_vacation_days_refuses_them() {
    let (t, _) = clocked().await;
    settings(
        &t,
        SettingsChange {
            vacation_days: Some(0),
            ..SettingsChange::default()
        },
    )
    .await;
    let refused = t.say("alice", vacation(1)).await;
    assert!(
        refused.private && refused.text.contains("allows 0 days"),
        "{}",
        refused.text
    );
}

#[tokio::test]
async fn the_new_settings_show_and_only_admins_change_them() {
    let (t, _) = clocked().await;
    let shown = t
        .say("bob", Command::Settings(SettingsChange::default()))
        .await;
    assert!(
        shown.text.contains("`grace_hours`")
            && shown.text.contains("off (the others `/claim` it)")
            && shown.text.contains("`vacation_days`")
            && shown.text.contains("14 days"),
        "{}",
        shown.text
    );
    let change = SettingsChange {
        grace_hours: Some(12),
        vacation_days: Some(20),
        ..SettingsChange::default()
    };
    let refused = t.say("bob", Command::Settings(change.clone())).await;
    assert!(
        refused.private && refused.text.contains("channel admin"),
        "{}",
        refused.text
    );
    let changed = t
        .table
        .handle(&admin("root"), Command::Settings(change))
        .await;
    assert!(
        changed.text.contains("after 12 hours") && changed.text.contains("20 days"),
        "{}",
        changed.text
    );
    for bad in [
        SettingsChange {
            grace_hours: Some(169),
            ..SettingsChange::default()
        },
        SettingsChange {
            vacation_days: Some(-1),
            ..SettingsChange::default()
        },
    ] {
        let reply = t.table.handle(&admin("root"), Command::Settings(bad)).await;
        assert!(reply.private, "{}", reply.text);
    }
}

#[tokio::test]
async fn a_passed_deadline_is_claimed_by_itself_after_the_grace_period_and_rates() {
    let (t, clock) = clocked().await;
    settings(
        &t,
        SettingsChange {
            grace_hours: Some(12),
            ..SettingsChange::default()
        },
    )
    .await;
    t.say("alice", timed_chess(1)).await;
    t.say("bob", Command::Join).await;
    clock.store(T0 + DAY + 12 * HOUR - 1, Ordering::SeqCst);
    assert!(t.table.claim_overdue(10).await.is_empty());
    clock.store(T0 + DAY + 12 * HOUR, Ordering::SeqCst);
    let claimed = t.table.claim_overdue(10).await;
    assert_eq!(claimed.len(), 1);
    let text = &claimed[0].reply.text;
    assert_eq!(claimed[0].channel, "c");
    assert!(
        text.contains("<@alice> ran out of time for a move 12 hours ago; the game is claimed"),
        "{text}"
    );
    assert!(text.contains("<@bob> (Black) wins"), "{text}");
    assert!(text.contains("Ratings:"), "the claim rates: {text}");
    let row = t.store.game(1).await.unwrap();
    assert_eq!(row.status, Status::Finished);
    let log = t.store.log(1).await.unwrap();
    assert_eq!(
        log.last().unwrap().notation,
        "forfeit on time (claimed by itself)"
    );
    assert!(t.table.claim_overdue(10).await.is_empty(), "claimed once");
}

#[tokio::test]
async fn without_a_grace_period_only_the_players_claim() {
    let (t, clock) = clocked().await;
    t.say("alice", timed_chess(1)).await;
    t.say("bob", Command::Join).await;
    clock.store(T0 + 30 * DAY, Ordering::SeqCst);
    assert!(t.table.claim_overdue(10).await.is_empty());
    let row = t.store.game(1).await.unwrap();
    assert_eq!(row.status, Status::Active);
}

#[tokio::test]
async fn with_three_players_the_late_seat_resigns_by_itself_and_play_goes_on() {
    let (t, clock) = clocked().await;
    settings(
        &t,
        SettingsChange {
            days: Some(1),
            grace_hours: Some(1),
            ..SettingsChange::default()
        },
    )
    .await;
    let open = t.say("alice", play("snakes", &["bob", "carol"])).await;
    assert!(!open.private, "{}", open.text);
    t.say("bob", Command::Join).await;
    t.say("carol", Command::Join).await;
    if t.store.game(1).await.unwrap().status == Status::Lobby {
        t.say("alice", Command::Start).await;
    }
    clock.store(T0 + DAY + HOUR, Ordering::SeqCst);
    let claimed = t.table.claim_overdue(10).await;
    assert_eq!(claimed.len(), 1, "{claimed:?}");
    assert!(
        claimed[0]
            .reply
            .text
            .contains("their seat resigns and play goes on without them"),
        "{}",
        claimed[0].reply.text
    );
    let row = t.store.game(1).await.unwrap();
    assert_eq!(row.status, Status::Active, "two players are left");
}

#[tokio::test]
async fn a_reminder_due_in_quiet_hours_waits_until_they_end_and_comes_once() {
    let (t, clock) = clocked().await;
    // T0 is 08:00 UTC; alice's quiet hours are 22:00 to 09:40 at UTC+01:00.
    let set = t
        .say("alice", notify(None, Some("22-09:40"), Some("+01:00")))
        .await;
    assert!(
        set.private && set.text.contains("quiet hours 22:00 to 09:40 (UTC+01:00)"),
        "{}",
        set.text
    );
    t.say("alice", timed_chess(2)).await;
    t.say("bob", Command::Join).await;
    // A day on it is 09:00 local: quiet for forty minutes more.
    clock.store(T0 + DAY, Ordering::SeqCst);
    assert!(t.table.due_reminders(10).await.is_empty());
    assert_eq!(clocks(&t).await.1, Some(T0 + DAY + 40 * 60));
    clock.store(T0 + DAY + 40 * 60 - 1, Ordering::SeqCst);
    assert!(t.table.due_reminders(10).await.is_empty());
    clock.store(T0 + DAY + 40 * 60, Ordering::SeqCst);
    let due = t.table.due_reminders(10).await;
    assert_eq!(due.len(), 1);
    assert_eq!(due[0].dm, None, "in the channel unless asked");
    t.table.reminded(&due[0]).await;
    assert!(t.table.due_reminders(10).await.is_empty(), "once");
}

#[tokio::test]
async fn a_player_who_chose_dm_is_reminded_by_direct_message_and_never_after_the_move() {
    let (t, clock) = clocked().await;
    let set = t.say("alice", notify(Some("dm"), None, None)).await;
    assert!(set.text.contains("by direct message"), "{}", set.text);
    let bad = t.say("alice", notify(Some("pigeon"), None, None)).await;
    assert!(bad.private && bad.text.contains("`dm`"), "{}", bad.text);
    let lone_tz = t.say("alice", notify(None, None, Some("+02:00"))).await;
    assert!(lone_tz.private && lone_tz.text.contains("goes with quiet hours"));
    t.chess().await;
    clock.store(T0 + DAY, Ordering::SeqCst);
    let due = t.table.due_reminders(10).await;
    assert_eq!(due.len(), 1);
    assert_eq!(due[0].dm.as_deref(), Some("alice"));
    assert!(due[0].reply.text.contains("The game is in <#c>."));
    // The move lands before the reminder is acknowledged: nothing more for alice.
    t.say("alice", Command::Move { text: "e4".into() }).await;
    t.table.reminded(&due[0]).await;
    clock.store(T0 + 2 * DAY, Ordering::SeqCst);
    let next = t.table.due_reminders(10).await;
    assert_eq!(next.len(), 1);
    assert!(
        next[0].reply.text.starts_with("<@bob>"),
        "{}",
        next[0].reply.text
    );
    assert_eq!(next[0].dm, None);
}

#[tokio::test]
async fn console_tick_moves_the_clock_and_runs_what_fell_due() {
    let (mut t, clock) = clocked().await;
    t.options.clock = Some(Arc::clone(&clock));
    t.options.admins = vec!["root".into()];
    let out = t
        .script(
            "@root /settings grace_hours=6\n\
             @alice /play chess @bob days=2\n\
             @bob /join\n\
             @alice /notify dm",
        )
        .await;
    assert!(out.contains("after 6 hours"), "{out}");
    let early = t.line("/tick 23h").await;
    assert!(early.contains("0 reminder(s), 0 claim(s)"), "{early}");
    let day = t.line("/tick 1h").await;
    assert!(
        day.contains("(DM to alice) @alice, a reminder: it is your turn"),
        "{day}"
    );
    assert!(day.contains("1 reminder(s)"), "{day}");
    // The last quarter, at 36 hours.
    let quarter = t.line("/tick 12h").await;
    assert!(quarter.contains("1 reminder(s)"), "{quarter}");
    let late = t.line("/tick 17h59m").await;
    assert!(late.contains("0 reminder(s), 0 claim(s)"), "{late}");
    let claimed = t.line("/tick 1m").await;
    assert!(
        claimed.contains("#console: @alice ran out of time for a move 6 hours ago"),
        "{claimed}"
    );
    assert!(claimed.contains("1 claim(s)"), "{claimed}");
    assert_eq!(clock.load(Ordering::SeqCst), T0 + 2 * DAY + 6 * HOUR);
    assert!(t.line("/tick soon").await.starts_with('!'));
}

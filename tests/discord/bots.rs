//! Playing against the bot over the fake Discord: the bot's move arrives as its own message,
//! with a board picture, after the person's, and pings the person whose turn it is again.

use serde_json::json;

use std::collections::BTreeMap;

use super::World;
use crate::support::discord::{CHANNEL, FakeUser, game_choice};
use tabula::rules::{Game, GameKind, Turn};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_chess_bot_2_answers_each_move_with_the_bots_own_message_and_board() {
    let w = World::new().await;
    let alice = FakeUser::alice();
    let choice = w
        .fake
        .wait_for("the command registration", |requests| {
            requests
                .iter()
                .any(|r| r.method == "PUT" && r.path.ends_with("/commands"))
                .then(|| game_choice(requests, "chess"))
        })
        .await;
    let options = json!([
        {"name": "game", "type": 4, "value": choice},
        {"name": "bot", "type": 4, "value": 2},
    ]);
    let open = w
        .fake
        .command_in(CHANNEL, &alice, "play", options, &[])
        .await;
    assert!(!open.ephemeral, "{open:?}");
    assert!(!open.files.is_empty(), "the first board: {open:?}");
    assert!(
        open.pinged.contains(&alice.id),
        "alice moves first: {open:?}"
    );

    for text in ["e4", "d4"] {
        let before = w.fake.requests().len();
        let mine = w.play(&alice, text).await;
        assert!(!mine.ephemeral, "{mine:?}");
        let (channel, reply) = w.fake.posted_after(before).await;
        assert_eq!(channel, CHANNEL);
        assert!(reply.content.contains("played"), "{reply:?}");
        assert!(
            !reply.files.is_empty(),
            "the bot's move comes with a board: {reply:?}"
        );
        assert_eq!(reply.pinged, vec![alice.id.clone()], "{reply:?}");
    }
    w.bot.stop().await;
}

/// Reads the `game` option's index of a game from the bot's own command registration.
async fn choice_of(w: &World, game: &str) -> usize {
    w.fake
        .wait_for("the command registration", |requests| {
            requests
                .iter()
                .any(|r| r.method == "PUT" && r.path.ends_with("/commands"))
                .then(|| game_choice(requests, game))
        })
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn parcheesi_against_three_bots_posts_each_bots_turn_with_a_board_and_pings_the_person() {
    let w = World::new().await;
    let alice = FakeUser::alice();
    let choice = choice_of(&w, "parcheesi").await;
    let options = json!([
        {"name": "game", "type": 4, "value": choice},
        {"name": "bot", "type": 4, "value": 1},
    ]);
    let mut last = w
        .fake
        .command_in(CHANNEL, &alice, "play", options, &[])
        .await;
    assert!(!last.ephemeral, "{last:?}");
    assert_eq!(
        last.content.matches("tabula bot (level 1)").count(),
        3,
        "three bot seats: {}",
        last.content
    );
    let mut bot_turns = 0;
    for _ in 0..80 {
        // Counted before the state is read: a bot's post follows its commit, so any post that
        // makes it alice's turn after this read comes after this count.
        let before = w.fake.requests().len();
        let game: Game = serde_json::from_str(&w.game().await.state).expect("state");
        let acted = match game.turn() {
            Turn::Over(_) => break,
            Turn::Roll(0) => {
                last = w.fake.command(&alice, "roll", &[]).await;
                true
            }
            Turn::Move(0) => {
                let text = game.format(&game.legal_moves()[0]);
                last = w.play(&alice, &text).await;
                true
            }
            // The bots' turn (the opening throws may start with one): wait for them.
            Turn::Roll(_) | Turn::Move(_) => false,
        };
        if acted {
            assert!(!last.ephemeral, "{}", last.content);
            if last.pinged.contains(&alice.id) {
                continue;
            }
        }
        // Each bot's turn arrives as its own new channel message with the board, until one
        // pings alice again (or the game ends).
        let posted = w
            .fake
            .posted_until(before, |a| {
                a.pinged.contains(&alice.id) || a.content.contains("wins")
            })
            .await;
        for (channel, turn) in &posted {
            assert_eq!(channel, CHANNEL);
            assert!(
                turn.content.contains("tabula bot (level 1)"),
                "a bot's turn names the bot: {}",
                turn.content
            );
            assert!(!turn.files.is_empty(), "with a board: {turn:?}");
            assert!(
                turn.pinged.iter().all(|p| p == &alice.id),
                "only the person is ever pinged: {turn:?}"
            );
        }
        bot_turns += posted.len();
        if bot_turns >= 6 {
            break;
        }
    }
    assert!(
        bot_turns >= 6,
        "two rounds of the three bots' turns were posted, saw {bot_turns}"
    );
    w.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hint_over_discord_answers_privately_with_a_move_the_person_may_play() {
    let w = World::new().await;
    let alice = FakeUser::alice();
    let choice = choice_of(&w, "chess").await;
    let options = json!([
        {"name": "game", "type": 4, "value": choice},
        {"name": "bot", "type": 4, "value": 1},
    ]);
    w.fake
        .command_in(CHANNEL, &alice, "play", options, &[])
        .await;
    let hint = w.fake.command(&alice, "hint", &[]).await;
    assert!(hint.ephemeral, "only the asker sees a hint: {hint:?}");
    assert!(
        hint.content.starts_with("Hint (level 5"),
        "{}",
        hint.content
    );
    let shown = hint.content.split("**").nth(1).expect("a move in bold");
    let played = w.play(&alice, shown).await;
    assert!(
        played.content.contains(&format!("played **{shown}**")),
        "{}",
        played.content
    );
    w.bot.stop().await;
}

/// What a seeded game against the bot cost in Discord requests.
struct Cost {
    /// The requests the fake Discord received, by what they answered (see
    /// [`crate::support::discord::FakeDiscord::requests_by_kind`]).
    received: BTreeMap<String, u64>,
    /// The requests the bot counted itself, by kind (its `tabula_discord_requests_total`).
    counted: BTreeMap<String, u64>,
    /// Alice's commands (each answered by one interaction callback).
    commands: usize,
    /// Of which rolls, a command of their own before a move in dice games.
    rolls: usize,
    /// The bot's turns posted.
    bot_turns: usize,
    /// Turns played: runs of actions by one seat in the game's log.
    turns: usize,
}

impl Cost {
    fn requests(&self) -> u64 {
        self.received.values().sum()
    }

    fn per_turn(&self) -> f64 {
        self.requests() as f64 / self.turns.max(1) as f64
    }
}

/// Plays alice's side of a game of `name` against level-1 bots seeded by `seed` (her first
/// legal move, a roll when she is to roll) until at least `turns` turns were played or the
/// game ended, and counts every request the bot made to the fake Discord meanwhile, as the
/// fake saw them and as the bot counted them.
async fn a_seeded_game_against_the_bot(name: &str, seed: u64, turns: usize) -> Cost {
    let w = World::seeded(seed).await;
    let alice = FakeUser::alice();
    let choice = choice_of(&w, name).await;
    let options = json!([
        {"name": "game", "type": 4, "value": choice},
        {"name": "bot", "type": 4, "value": 1},
    ]);
    let open = w
        .fake
        .command_in(CHANNEL, &alice, "play", options, &[])
        .await;
    assert!(!open.ephemeral, "{open:?}");
    let id = w.game().await.id;
    super::settle().await;
    let start = w.fake.requests().len();
    let counted_before = counted(&w);
    let (mut commands, mut rolls, mut bot_turns) = (0, 0, 0);
    for _ in 0..400 {
        let before = w.fake.requests().len();
        let game: Game =
            serde_json::from_str(&w.bot.store.game(id).await.unwrap().state).expect("state");
        let played = w.bot.store.log(id).await.unwrap();
        if matches!(game.turn(), Turn::Over(_)) || runs(&played) >= turns {
            break;
        }
        let answer = match game.turn() {
            Turn::Roll(0) => {
                rolls += 1;
                Some(w.fake.command(&alice, "roll", &[]).await)
            }
            Turn::Move(0) => match game.legal_moves().first() {
                Some(m) => Some(w.play(&alice, &game.format(m)).await),
                None => None,
            },
            _ => None,
        };
        if let Some(answer) = answer {
            commands += 1;
            assert!(!answer.ephemeral, "{}", answer.content);
            if answer.pinged.contains(&alice.id) {
                continue;
            }
        }
        let posted = w
            .fake
            .posted_until(before, |a| {
                a.pinged.contains(&alice.id) || a.content.contains("wins")
            })
            .await;
        bot_turns += posted.len();
    }
    super::settle().await;
    let received = w.fake.requests_by_kind(start);
    let mut counted_now = counted(&w);
    for (kind, n) in counted_before {
        *counted_now.entry(kind).or_default() -= n;
    }
    counted_now.retain(|_, n| *n > 0);
    let turns = runs(&w.bot.store.log(id).await.unwrap());
    w.bot.stop().await;
    Cost {
        received,
        counted: counted_now,
        commands,
        rolls,
        bot_turns,
        turns,
    }
}

/// The bot's own count of its requests to Discord so far, by kind, every outcome together.
fn counted(w: &World) -> BTreeMap<String, u64> {
    let requests = w.bot.table.metrics().discord_requests().by_kind();
    requests
        .into_iter()
        .map(|(kind, tally)| (kind, tally.total()))
        .collect()
}

/// Counts the turns in a game's log: runs of actions by one player.
fn runs(log: &[tabula::store::LoggedAction]) -> usize {
    log.iter()
        .enumerate()
        .filter(|(i, a)| *i == 0 || log[i - 1].user_id != a.user_id)
        .count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seeded_game_of_each_kind_costs_discord_the_requests_the_bot_counts_one_per_action() {
    let mut table = String::from("| game | turns | requests | per turn |\n");
    for &kind in GameKind::ALL {
        let name = kind.name();
        let cost = a_seeded_game_against_the_bot(name, 7, 20).await;
        println!(
            "{name} against the bot (seed 7): {} requests over {} turns ({} commands of \
             alice, {} of them rolls; {} bot turns): {:.2} requests per turn; received {:?}, \
             counted {:?}",
            cost.requests(),
            cost.turns,
            cost.commands,
            cost.rolls,
            cost.bot_turns,
            cost.per_turn(),
            cost.received,
            cost.counted,
        );
        table.push_str(&format!(
            "| {name} | {} | {} | {:.2} |\n",
            cost.turns,
            cost.requests(),
            cost.per_turn()
        ));
        assert!(cost.turns >= 6, "{name}: a game was played: {}", cost.turns);
        // The bot's count per kind is what Discord received: each command's requests under
        // its name, and the requests made for no interaction (the bot turns' posts) together.
        let mut expected = cost.received.clone();
        let other = expected.remove("other").unwrap_or(0);
        let mut counted = cost.counted.clone();
        assert_eq!(
            counted.remove("bot turn").unwrap_or(0),
            other,
            "{name}: the bot's turns posted, as counted and as received ({:?} vs {:?})",
            cost.counted,
            cost.received
        );
        assert_eq!(
            counted, expected,
            "{name}: each command's requests, as counted and as received"
        );
        // One request per action: each command is one answer, each bot turn one post.
        assert!(
            cost.requests() <= (cost.commands + cost.bot_turns) as u64,
            "{name}: {} requests for {} commands and {} bot turns",
            cost.requests(),
            cost.commands,
            cost.bot_turns
        );
        if cost.rolls == 0 || cost.rolls == cost.commands {
            // A turn is one action here (in Snakes & Ladders the roll is the move), so one
            // request: the aim of at most 1.2 per turn. Where a person rolls and then moves
            // (backgammon, the Parcheesi family), their turn is two commands.
            assert!(
                cost.requests() * 10 <= cost.turns as u64 * 12,
                "{name}: {} requests over {} turns",
                cost.requests(),
                cost.turns
            );
        }
    }
    println!("{table}");
}

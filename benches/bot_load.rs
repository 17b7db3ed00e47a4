//! The bot under load (issue "Play against the bot"): while four games against the strongest
//! bot keep its search pool busy, two people play chess in another channel; prints how long
//! their moves take to answer (p50/p99/max), and how long each bot turn took from the person's
//! move to the bot's reply (which includes waiting for the one search slot). A second part
//! times `bot::choose` at every level of every game on positions from random games, under the
//! production budget (2 s soft, 3 s hard): no answer may take longer than the hard limit.
//!
//! Run with `cargo bench --bench bot_load`; `SECONDS=N` sets the load part's length (default
//! 60), `POSITIONS=N` the positions per level in the second part (default 5).

use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tabula::bot::{self, Budget};
use tabula::render::Renderer;
use tabula::rules::{Action, Game, GameKind, Turn};
use tabula::store::Store;
use tabula::table::{Command, Ctx, Table, User};

fn ctx(channel: &str, user: &str) -> Ctx {
    Ctx {
        guild: "bench".into(),
        channel: channel.into(),
        user: User::named(user),
        admin: false,
    }
}

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn main() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(load(Duration::from_secs(env("SECONDS", 60))));
    budgets(env("POSITIONS", 5) as usize);
}

/// The games the bot plays during the load part, at its strongest level.
const BOT_GAMES: [&str; 4] = ["chess", "checkers", "backgammon", "chinese_checkers"];

async fn load(length: Duration) {
    let dir = tempfile::tempdir().expect("temp dir");
    let url = format!("sqlite://{}", dir.path().join("bench.db").display());
    let store = Store::connect(&url).await.expect("sqlite store");
    let table = Table::new(store.clone(), Arc::new(Renderer::new()));
    let until = Instant::now() + length;
    let mut drivers = Vec::new();
    for (i, game) in BOT_GAMES.iter().enumerate() {
        let table = table.clone();
        let store = store.clone();
        drivers.push(tokio::spawn(async move {
            bot_game(&table, &store, game, &format!("bot-{i}"), until, i as u64).await
        }));
    }
    let people = person_moves(&table, &store, until).await;
    let mut bot_turns = Vec::new();
    for d in drivers {
        bot_turns.extend(d.await.expect("a bot game driver"));
    }
    println!(
        "{} person moves in another channel while 4 games searched at the top level: {}",
        people.len(),
        summary(people)
    );
    println!(
        "{} bot turns, person's move to the bot's reply (one search slot, so up to four queue): {}",
        bot_turns.len(),
        summary(bot_turns)
    );
    store.close().await;
}

/// Plays the person's side of a game against the strongest bot in `channel` (random legal
/// moves, rolling when asked), playing the bot's turns as the frontend does; returns how long
/// each bot turn took.
async fn bot_game(
    table: &Table,
    store: &Store,
    game: &str,
    channel: &str,
    until: Instant,
    seed: u64,
) -> Vec<Duration> {
    let kind: GameKind = game.parse().expect("a game");
    let top = bot::levels(kind).len();
    let mut rng = StdRng::seed_from_u64(seed);
    let mut turns = Vec::new();
    while Instant::now() < until {
        let reply = table
            .handle(
                &ctx(channel, "person"),
                Command::Play {
                    game: game.into(),
                    ruleset: None,
                    opponents: Vec::new(),
                    days: None,
                    bot: Some(top),
                    players: Some(2),
                },
            )
            .await;
        assert!(!reply.private, "{}", reply.text);
        let id = store
            .open_game("bench", channel)
            .await
            .expect("load")
            .expect("the game is open")
            .id;
        while Instant::now() < until {
            let started = Instant::now();
            let mut played = false;
            while let Some(_turn) = table.bot_turn(id).await {
                played = true;
            }
            if played {
                turns.push(started.elapsed());
            }
            let Some(row) = store.open_game("bench", channel).await.expect("load") else {
                break;
            };
            let state: Game = serde_json::from_str(&row.state).expect("state");
            let command = match state.turn() {
                Turn::Over(_) => break,
                Turn::Roll(_) => Command::Roll { expr: None },
                Turn::Move(_) => {
                    let moves = state.legal_moves();
                    Command::Move {
                        text: state.format(&moves[rng.random_range(0..moves.len())]),
                    }
                }
            };
            let reply = table.handle(&ctx(channel, "person"), command).await;
            assert!(!reply.private, "{}", reply.text);
        }
        if store
            .open_game("bench", channel)
            .await
            .expect("load")
            .is_some()
        {
            table.handle(&ctx(channel, "person"), Command::Abort).await;
        }
    }
    turns
}

/// Two people playing chess in their own channel, a move every 20 ms; returns each move's time.
async fn person_moves(table: &Table, store: &Store, until: Instant) -> Vec<Duration> {
    let mut rng = StdRng::seed_from_u64(7);
    let mut samples = Vec::new();
    while Instant::now() < until {
        table
            .handle(
                &ctx("people", "alice"),
                Command::Play {
                    game: "chess".into(),
                    ruleset: None,
                    opponents: vec![User::named("bob")],
                    days: None,
                    bot: None,
                    players: None,
                },
            )
            .await;
        table.handle(&ctx("people", "bob"), Command::Join).await;
        while Instant::now() < until {
            let Some(row) = store.open_game("bench", "people").await.expect("load") else {
                break;
            };
            let game: Game = serde_json::from_str(&row.state).expect("state");
            let Turn::Move(seat) = game.turn() else {
                break;
            };
            let moves = game.legal_moves();
            let text = game.format(&moves[rng.random_range(0..moves.len())]);
            let user = if seat == 0 { "alice" } else { "bob" };
            let started = Instant::now();
            let reply = table
                .handle(&ctx("people", user), Command::Move { text })
                .await;
            samples.push(started.elapsed());
            assert!(!reply.private, "{}", reply.text);
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        if store
            .open_game("bench", "people")
            .await
            .expect("load")
            .is_some()
        {
            table.handle(&ctx("people", "alice"), Command::Abort).await;
        }
    }
    samples
}

/// Times `bot::choose` at each level of each game under the production budget.
fn budgets(positions: usize) {
    for &kind in GameKind::ALL {
        let mut rng = StdRng::seed_from_u64(11);
        let mut worst = vec![Duration::ZERO; bot::levels(kind).len()];
        let mut found = 0;
        // A game whose seats only ever roll (Snakes & Ladders) has no decision to time.
        for _ in 0..positions * 100 {
            if found == positions {
                break;
            }
            let Some(game) = random_position(kind, &mut rng) else {
                continue;
            };
            let Turn::Move(seat) = game.turn() else {
                continue;
            };
            found += 1;
            for (level, worst) in worst.iter_mut().enumerate() {
                let budget = Budget::timed(Duration::from_secs(2), Duration::from_secs(3));
                let started = Instant::now();
                bot::choose(&game, seat, level + 1, &budget, &mut rng);
                *worst = (*worst).max(started.elapsed());
            }
        }
        if found == 0 {
            println!(
                "{}: no decisions to time (its seats only roll)",
                kind.title()
            );
            continue;
        }
        let line: Vec<String> = worst
            .iter()
            .enumerate()
            .map(|(i, d)| format!("level {} {:.0} ms", i + 1, ms(*d)))
            .collect();
        println!(
            "{}: slowest answer over {found} positions: {}",
            kind.title(),
            line.join(", ")
        );
    }
}

/// A position some random plies into a new two-player game of `kind`, its dice rolled.
fn random_position(kind: GameKind, rng: &mut StdRng) -> Option<Game> {
    let mut game = Game::new(kind, kind.rulesets()[0], 2).ok()?;
    let plies = rng.random_range(0..40);
    for ply in 0..=plies {
        let action = match game.turn() {
            Turn::Over(_) => return None,
            Turn::Roll(seat) => {
                let dice = game.dice()?;
                Action::Roll {
                    seat,
                    dice: (0..dice.count)
                        .map(|_| rng.random_range(1..=dice.faces))
                        .collect(),
                }
            }
            Turn::Move(_) if ply == plies => break,
            Turn::Move(seat) => {
                let moves = game.legal_moves();
                Action::Play {
                    seat,
                    r#move: moves[rng.random_range(0..moves.len())].clone(),
                }
            }
        };
        game = game.apply(&action).ok()?;
    }
    Some(game)
}

fn summary(mut samples: Vec<Duration>) -> String {
    if samples.is_empty() {
        return "none".into();
    }
    samples.sort();
    let pct = |p: f64| samples[((samples.len() as f64 - 1.0) * p).round() as usize];
    format!(
        "p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        ms(pct(0.5)),
        ms(pct(0.99)),
        ms(pct(1.0))
    )
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

//! Page requests at a fixed rate (an open loop, as readers arrive whether or not the site kept
//! up): a mix of game pages, ply pages, board pictures, leaderboards, player and server pages
//! of the seeded servers, each timed from the moment it was due to its last byte.

use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{Rng as _, SeedableRng as _};
use sqlx::{AnyConnection, Connection as _, Row as _};

use super::report::{ms, quantile};

/// The kinds of page asked for, and how often (out of 100).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    Game,
    Ply,
    Picture,
    Leaderboard,
    Player,
    Server,
}

impl Class {
    const ALL: [(Class, u32); 6] = [
        (Class::Game, 25),
        (Class::Ply, 20),
        (Class::Picture, 15),
        (Class::Leaderboard, 25),
        (Class::Player, 10),
        (Class::Server, 5),
    ];

    fn name(self) -> &'static str {
        match self {
            Class::Game => "game page /g/{id}",
            Class::Ply => "ply page /g/{id}/{ply}",
            Class::Picture => "board picture /g/{id}/{ply}.png",
            Class::Leaderboard => "leaderboard /s/{id}/leaderboard/{game}",
            Class::Player => "player page /p/{id}",
            Class::Server => "server page /s/{id}",
        }
    }
}

/// Addresses of the seeded servers to ask for, sampled from the database.
pub struct Targets {
    games: Vec<(String, i64)>,
    boards: Vec<(String, String)>,
    players: Vec<String>,
    servers: Vec<String>,
}

/// At most this many of each kind of address are sampled.
const SAMPLE: i64 = 5_000;

impl Targets {
    /// Samples the servers', games' and players' public ids at `url`.
    pub async fn read(url: &str) -> anyhow::Result<Targets> {
        let mut conn = AnyConnection::connect(url).await?;
        let every: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM web_games")
            .fetch_one(&mut conn)
            .await?;
        let step = (every / SAMPLE).max(1);
        let games = sqlx::query(
            "SELECT w.public_id, (SELECT COUNT(*) FROM moves m WHERE m.game = g.id) AS plies \
             FROM web_games w JOIN games g ON g.id = w.game \
             WHERE g.guild LIKE 'srv%' AND g.id % $1 = 0",
        )
        .bind(step)
        .fetch_all(&mut conn)
        .await?
        .iter()
        .map(|r| Ok((r.try_get("public_id")?, r.try_get("plies")?)))
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
        let boards = sqlx::query(
            "SELECT DISTINCT s.public_id, r.kind FROM ratings r \
             JOIN web_servers s ON s.guild = r.guild WHERE r.games > 0 AND r.guild LIKE 'srv%'",
        )
        .fetch_all(&mut conn)
        .await?
        .iter()
        .map(|r| Ok((r.try_get("public_id")?, r.try_get("kind")?)))
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
        let players = sqlx::query_scalar(
            "SELECT p.public_id FROM web_players p WHERE p.hidden = 0 AND p.guild LIKE 'srv%'",
        )
        .fetch_all(&mut conn)
        .await?;
        let servers =
            sqlx::query_scalar("SELECT public_id FROM web_servers WHERE guild LIKE 'srv%'")
                .fetch_all(&mut conn)
                .await?;
        let _ = conn.close().await;
        anyhow::ensure!(
            !games.is_empty() && !boards.is_empty() && !players.is_empty(),
            "the seeded database has no games, leaderboards or players to ask for"
        );
        Ok(Targets {
            games,
            boards,
            players,
            servers,
        })
    }

    /// A random address of a random kind.
    fn pick(&self, rng: &mut StdRng) -> (Class, String) {
        let mut roll = rng.random_range(0..100);
        let class = Class::ALL
            .iter()
            .find(|(_, weight)| {
                let hit = roll < *weight;
                roll = roll.saturating_sub(*weight);
                hit
            })
            .map_or(Class::Game, |(c, _)| *c);
        let one = |n: usize, rng: &mut StdRng| rng.random_range(0..n);
        let (game, plies) = &self.games[one(self.games.len(), rng)];
        let ply = rng.random_range(0..=*plies);
        let path = match class {
            Class::Game => format!("/g/{game}"),
            Class::Ply => format!("/g/{game}/{ply}"),
            Class::Picture => format!("/g/{game}/{ply}.png"),
            Class::Leaderboard => {
                let (server, kind) = &self.boards[one(self.boards.len(), rng)];
                format!("/s/{server}/leaderboard/{kind}")
            }
            Class::Player => format!("/p/{}", self.players[one(self.players.len(), rng)]),
            Class::Server => format!("/s/{}", self.servers[one(self.servers.len(), rng)]),
        };
        (class, path)
    }
}

/// One answered request.
struct Answer {
    class: Class,
    status: u16,
    took: Duration,
}

/// Every answer of a run at a fixed rate.
pub struct PageRun {
    answers: Vec<Answer>,
    failed: usize,
    rate: f64,
    wall: Duration,
}

/// Asks the site at `base` (`http://127.0.0.1:port`) for `count` pages at `rate` a second.
pub async fn paced(
    base: String,
    targets: std::sync::Arc<Targets>,
    rate: f64,
    count: usize,
    seed: u64,
) -> anyhow::Result<PageRun> {
    let client = reqwest::Client::builder()
        .no_proxy()
        .pool_max_idle_per_host(256)
        .timeout(Duration::from_secs(30))
        .build()?;
    let mut rng = StdRng::seed_from_u64(seed);
    let schedule: Vec<(Class, String)> = (0..count).map(|_| targets.pick(&mut rng)).collect();
    let every = Duration::from_secs_f64(1.0 / rate.max(0.1));
    let first = Instant::now();
    let mut tasks = Vec::with_capacity(count);
    for (n, (class, path)) in schedule.into_iter().enumerate() {
        // Due at a fixed time, whether or not earlier requests are done.
        let due = first + every * u32::try_from(n).unwrap_or(u32::MAX);
        tokio::time::sleep_until(due.into()).await;
        let client = client.clone();
        let url = format!("{base}{path}");
        tasks.push(tokio::spawn(async move {
            let response = client.get(url).send().await.ok()?;
            let status = response.status().as_u16();
            response.bytes().await.ok()?;
            Some(Answer {
                class,
                status,
                took: due.elapsed(),
            })
        }));
    }
    let mut run = PageRun {
        answers: Vec::with_capacity(count),
        failed: 0,
        rate,
        wall: Duration::ZERO,
    };
    for task in tasks {
        match task.await {
            Ok(Some(answer)) => run.answers.push(answer),
            _ => run.failed += 1,
        }
    }
    run.wall = first.elapsed();
    Ok(run)
}

impl PageRun {
    /// Prints p50/p99 per kind of page and over all; returns the p99 of game pages and
    /// leaderboards (the acceptance's figure).
    pub fn report(&self) -> Duration {
        let ok = self.answers.iter().filter(|a| a.status == 200).count();
        println!(
            "pages at {:.0}/s offered: {} requests over {:.1} s, {ok} answered 200, {} other \
             statuses, {} failed (no answer)",
            self.rate,
            self.answers.len() + self.failed,
            self.wall.as_secs_f64(),
            self.answers.len() - ok,
            self.failed,
        );
        let line = |what: &str, took: &mut Vec<Duration>| {
            took.sort_unstable();
            println!(
                "  {what} ({}): p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
                took.len(),
                ms(quantile(took, 0.5)),
                ms(quantile(took, 0.99)),
                ms(quantile(took, 1.0)),
            );
        };
        for (class, _) in Class::ALL {
            let mut took: Vec<Duration> = self
                .answers
                .iter()
                .filter(|a| a.class == class)
                .map(|a| a.took)
                .collect();
            line(class.name(), &mut took);
        }
        let mut main: Vec<Duration> = self
            .answers
            .iter()
            .filter(|a| matches!(a.class, Class::Game | Class::Ply | Class::Leaderboard))
            .map(|a| a.took)
            .collect();
        line("game, ply and leaderboard pages", &mut main);
        let mut all: Vec<Duration> = self.answers.iter().map(|a| a.took).collect();
        line("every request", &mut all);
        quantile(&main, 0.99)
    }
}

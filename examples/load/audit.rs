//! The database audit after an open-loop run: every game's stored state is what its log
//! replays to, every turn answered as played is in its game's log under the player who sent
//! it, no answer was given twice for one stored action, and no action was stored during the
//! run without a turn answered as played for it (an action played twice, or played and never
//! answered, would show there).

use std::collections::{HashMap, HashSet};

use sqlx::{AnyPool, Row as _};
use tabula::rules::{Action, Game, GameKind};
use tabula::store::Store;

use super::open::Played;

/// The log entries stored before the timed turns (opening the games).
pub struct Before {
    moves: HashSet<(i64, i64)>,
}

impl Before {
    /// Reads the keys of every log entry in the database at `url`.
    pub async fn read(url: &str) -> anyhow::Result<Before> {
        let pool = AnyPool::connect(url).await?;
        let moves = sqlx::query("SELECT game, seq FROM moves")
            .fetch_all(&pool)
            .await?
            .iter()
            .map(|r| Ok((r.try_get("game")?, r.try_get("seq")?)))
            .collect::<Result<_, sqlx::Error>>()?;
        pool.close().await;
        Ok(Before { moves })
    }
}

/// What the audit found.
pub struct Audit {
    games: usize,
    actions: usize,
    played: usize,
    /// Games whose stored state is not what their log replays to (or whose log does not replay).
    inconsistent: Vec<String>,
    /// Turns answered as played that are not in the log as that player's.
    lost: usize,
    /// Stored actions answered as played more than once.
    twice: usize,
    /// Actions stored during the run with no turn answered as played for them.
    unanswered: usize,
}

/// Audits the database at `url` after a run that answered `played` as played.
pub async fn audit(url: &str, before: &Before, played: &[Played]) -> anyhow::Result<Audit> {
    let pool = AnyPool::connect(url).await?;
    let logged: HashMap<(i64, i64), String> = sqlx::query("SELECT game, seq, user_id FROM moves")
        .fetch_all(&pool)
        .await?
        .iter()
        .map(|r| {
            Ok((
                (r.try_get("game")?, r.try_get("seq")?),
                r.try_get("user_id")?,
            ))
        })
        .collect::<Result<_, sqlx::Error>>()?;
    let ids: Vec<i64> = sqlx::query_scalar("SELECT id FROM games ORDER BY id")
        .fetch_all(&pool)
        .await?;
    pool.close().await;

    let mut answered = HashSet::with_capacity(played.len());
    let (mut lost, mut twice) = (0, 0);
    for p in played {
        if !answered.insert((p.game, p.seq)) {
            twice += 1;
        }
        if logged.get(&(p.game, p.seq)) != Some(&p.user) {
            lost += 1;
        }
    }
    let unanswered = logged
        .keys()
        .filter(|key| !before.moves.contains(key) && !answered.contains(key))
        .count();

    let store = Store::connect(url).await?;
    let mut inconsistent = Vec::new();
    for &id in &ids {
        if let Err(why) = replays(&store, id).await {
            inconsistent.push(format!("game {id}: {why}"));
        }
    }
    store.close().await;
    Ok(Audit {
        games: ids.len(),
        actions: logged.len(),
        played: played.len(),
        inconsistent,
        lost,
        twice,
        unanswered,
    })
}

/// Checks that game `id`'s log replays, from its first position, to its stored state.
async fn replays(store: &Store, id: i64) -> Result<(), String> {
    let row = store.game(id).await.map_err(|e| e.to_string())?;
    let log = store.log(id).await.map_err(|e| e.to_string())?;
    if let Some(last) = log.last()
        && last.seq > row.seq
    {
        return Err(format!(
            "log entry {} beyond the game's seq {}",
            last.seq, row.seq
        ));
    }
    let stored: Game = match serde_json::from_str(&row.state) {
        Ok(game) => game,
        // A table never started keeps no game yet (and no log).
        Err(_) if log.is_empty() => return Ok(()),
        Err(e) => return Err(format!("stored state does not load: {e}")),
    };
    let seats = store.seats(id).await.map_err(|e| e.to_string())?;
    let kind: GameKind = row
        .kind
        .parse()
        .map_err(|_| format!("unknown game {}", row.kind))?;
    let ruleset: String = serde_json::from_str(&row.ruleset).map_err(|e| e.to_string())?;
    let mut game = Game::new(kind, &ruleset, seats.len()).map_err(|e| e.to_string())?;
    for entry in &log {
        let action: Action = serde_json::from_str(&entry.action)
            .map_err(|e| format!("log entry {}: {e}", entry.seq))?;
        game = game
            .apply(&action)
            .map_err(|e| format!("log entry {}: {e}", entry.seq))?;
    }
    if game != stored {
        return Err("the stored state is not what the log replays to".into());
    }
    Ok(())
}

impl Audit {
    /// Prints the audit's findings, one line, then the first inconsistent games.
    pub fn print(&self) {
        let ok = self.inconsistent.is_empty()
            && self.lost == 0
            && self.twice == 0
            && self.unanswered == 0;
        println!(
            "audit {}: {} games, {} logged actions; {} turns answered as played: {} lost (not in \
             the log as their player's), {} answered twice; {} actions stored during the run \
             without a played answer (played twice or unanswered); {} games whose state is not \
             their replayed log",
            if ok { "passed" } else { "FAILED" },
            self.games,
            self.actions,
            self.played,
            self.lost,
            self.twice,
            self.unanswered,
            self.inconsistent.len(),
        );
        for line in self.inconsistent.iter().take(5) {
            println!("  {line}");
        }
    }
}

//! The checks after a storm of kills or races, straight from the database: every game's log
//! has no seq gap and ends at the game's seq, replaying it from the first position gives the
//! stored snapshot (and the stored status), every acknowledged action is in the log as it was
//! sent, and no channel has two unfinished games.

use sqlx::AnyPool;
use tabula::rules::{Action, Game, GameKind};
use tabula::store::{GameRow, LoggedAction, Status, Store};

/// An action whose answer a process printed: it must be in the log, at this seq.
#[derive(Clone, Debug)]
pub struct Ack {
    pub game: i64,
    pub seq: i64,
    pub user: String,
    /// The action sent; a roll's dice are not compared (the process rolled them).
    pub action: Action,
}

/// What the audit found.
#[derive(Debug, Default)]
pub struct Audit {
    pub games: usize,
    pub finished: usize,
    /// Logged actions over all games.
    pub logged: usize,
    /// Every disagreement, one line each; a sound store has none.
    pub mismatches: Vec<String>,
}

/// Checks every game of the database at `url` (through `store`) and every acknowledgement.
pub async fn audit(store: &Store, url: &str, acks: &[Ack]) -> Audit {
    let pool = AnyPool::connect(url).await.expect("the auditor connects");
    let ids: Vec<i64> = sqlx::query_scalar("SELECT id FROM games ORDER BY id")
        .fetch_all(&pool)
        .await
        .expect("game ids");
    let doubled: Vec<(String, String, i64)> = sqlx::query_as(
        "SELECT guild, channel, COUNT(*) FROM games WHERE status IN ('lobby', 'active') \
         GROUP BY guild, channel HAVING COUNT(*) > 1",
    )
    .fetch_all(&pool)
    .await
    .expect("open games per channel");
    pool.close().await;

    let mut audit = Audit::default();
    for (guild, channel, n) in doubled {
        audit
            .mismatches
            .push(format!("{n} unfinished games in channel {guild}/{channel}"));
    }
    let mut logs = std::collections::HashMap::new();
    for id in ids {
        let row = store.game(id).await.expect("a listed game");
        let log = store.log(id).await.expect("its log");
        audit.games += 1;
        audit.finished += usize::from(row.status == Status::Finished);
        audit.logged += log.len();
        if let Err(why) = check_game(store, &row, &log).await {
            audit.mismatches.push(format!("game {id}: {why}"));
        }
        logs.insert(id, log);
    }
    for ack in acks {
        let entry = logs
            .get(&ack.game)
            .and_then(|log| log.iter().find(|e| e.seq == ack.seq));
        if let Err(why) = check_ack(ack, entry) {
            audit
                .mismatches
                .push(format!("game {} seq {}: {why}", ack.game, ack.seq));
        }
    }
    audit
}

/// Checks one game: seqs without gaps up to the game's seq, and the log replays to the
/// stored snapshot and status.
async fn check_game(store: &Store, row: &GameRow, log: &[LoggedAction]) -> Result<(), String> {
    for pair in log.windows(2) {
        if pair[1].seq != pair[0].seq + 1 {
            return Err(format!("seq gap: {} then {}", pair[0].seq, pair[1].seq));
        }
    }
    if let Some(last) = log.last()
        && last.seq != row.seq
    {
        return Err(format!(
            "the log ends at seq {}, the game is at {}",
            last.seq, row.seq
        ));
    }
    if row.status == Status::Lobby {
        return if log.is_empty() {
            Ok(())
        } else {
            Err("a table not started has a log".into())
        };
    }
    let seats = store.seats(row.id).await.map_err(|e| e.to_string())?;
    let kind: GameKind = row.kind.parse().map_err(|e| format!("{e}"))?;
    let ruleset: String = serde_json::from_str(&row.ruleset).map_err(|e| e.to_string())?;
    let mut game = Game::new(kind, &ruleset, seats.len()).map_err(|e| e.to_string())?;
    for entry in log {
        let action: Action = serde_json::from_str(&entry.action)
            .map_err(|e| format!("log entry {} does not read: {e}", entry.seq))?;
        game = game
            .apply(&action)
            .map_err(|e| format!("log entry {} does not apply: {e}", entry.seq))?;
    }
    let snapshot: Game =
        serde_json::from_str(&row.state).map_err(|e| format!("the snapshot does not load: {e}"))?;
    if game != snapshot {
        return Err("the log does not replay to the snapshot".into());
    }
    let over = game.outcome().is_some();
    if over != (row.status == Status::Finished) {
        return Err(format!(
            "status {} but the replayed game is {}",
            row.status,
            if over { "over" } else { "going on" }
        ));
    }
    Ok(())
}

/// Checks that an acknowledged action is the log entry at its seq.
fn check_ack(ack: &Ack, entry: Option<&LoggedAction>) -> Result<(), String> {
    let entry = entry.ok_or("an acknowledged action is not in the log")?;
    if entry.user_id != ack.user {
        return Err(format!("logged by {}, sent by {}", entry.user_id, ack.user));
    }
    let logged: Action = serde_json::from_str(&entry.action).map_err(|e| e.to_string())?;
    let same = match (&ack.action, &logged) {
        (Action::Roll { seat: a, .. }, Action::Roll { seat: b, .. }) => a == b,
        (sent, logged) => sent == logged,
    };
    if same {
        Ok(())
    } else {
        Err(format!("sent {:?}, logged {logged:?}", ack.action))
    }
}

//! SQLite's one writer has a connection of its own: a write waits for other writes only,
//! never for a pooled connection behind the reads queued before it.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use tabula::store::{Change, Latency, Status, Store};

use super::{log_entry, new_game};

/// Reads queued at once: ten times the read connections of a SQLite file.
const READS: usize = 40;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sqlite_write_is_not_queued_behind_many_concurrent_reads() {
    let dir = tempfile::tempdir().unwrap();
    let url = crate::support::db::sqlite_url(&dir);
    let latency = Latency::default();
    let store = Store::connect_with_latency(&url, Some(latency.clone()))
        .await
        .unwrap();
    let (game, _) = store
        .create_game(new_game("g", "w", Status::Active))
        .await
        .unwrap();

    // Every connection handed out is held 100 ms first, so the queued reads take the read
    // connections for about a second in all.
    latency.set(Duration::from_millis(100));
    let done = Arc::new(AtomicUsize::new(0));
    let reads: Vec<_> = (0..READS)
        .map(|_| {
            let (store, done) = (store.clone(), Arc::clone(&done));
            tokio::spawn(async move {
                store.game(game.id).await.unwrap();
                done.fetch_add(1, Ordering::SeqCst);
            })
        })
        .collect();
    // The reads are queued for connections before the write comes.
    tokio::time::sleep(Duration::from_millis(50)).await;
    assert_eq!(done.load(Ordering::SeqCst), 0, "no read is done yet");

    let change = Change {
        game: game.id,
        expected_seq: game.seq,
        status: Status::Active,
        state: game.state.clone(),
        result: None,
        seats: None,
        log: Some(log_entry("u1", "e4")),
    };
    store.commit(change).await.unwrap();
    let waited_for = done.load(Ordering::SeqCst);
    assert!(
        waited_for < READS / 2,
        "the write finished only after {waited_for} of the {READS} reads queued before it"
    );
    for read in reads {
        read.await.unwrap();
    }
    latency.set(Duration::ZERO);
    assert_eq!(store.log(game.id).await.unwrap().len(), 1);
    store.close().await;
}

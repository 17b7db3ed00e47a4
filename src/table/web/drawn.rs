//! Board pictures and share cards the site has drawn, kept for the next request.
//!
//! A ply's picture never changes (the log only grows), and a live game page shows the new ply's
//! picture to every viewer at once: a thousand viewers of one game ask for the same picture
//! within a second of each move. The first request draws it; the others wait for that drawing
//! instead of each making their own, and later requests get the kept bytes. Who may see a
//! picture is still checked on every request, before this cache is asked.

use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex, PoisonError};

use mini_moka::sync::Cache;
use tokio::sync::OnceCell;

use crate::table::TableError;

/// The bytes of pictures kept at most: about a thousand boards.
pub(in crate::table) const DRAWN_BYTES: u64 = 32 * 1024 * 1024;

/// A picture: the game's row id, the ply, and whether it is the share card.
pub(in crate::table) type PictureKey = (i64, usize, bool);

/// A picture's bytes, shared by every request for it.
pub(in crate::table) type Png = Arc<Vec<u8>>;

/// The pictures being drawn now, each with the cell its drawing fills.
type Drawing = HashMap<PictureKey, Arc<OnceCell<Png>>>;

/// Pictures drawn, and those being drawn now.
pub(in crate::table) struct Drawn {
    kept: Cache<PictureKey, Png>,
    drawing: Mutex<Drawing>,
}

impl Drawn {
    /// Keeps at most `bytes` of pictures, the least recently asked for going first.
    pub(in crate::table) fn new(bytes: u64) -> Drawn {
        let kept = Cache::builder()
            .weigher(|_: &PictureKey, png: &Png| u32::try_from(png.len()).unwrap_or(u32::MAX))
            .max_capacity(bytes)
            .build();
        Drawn {
            kept,
            drawing: Mutex::new(HashMap::new()),
        }
    }

    /// The picture `key` when it is kept.
    pub(in crate::table) fn kept(&self, key: &PictureKey) -> Option<Png> {
        self.kept.get(key)
    }

    /// The picture `key`: kept, else drawn by `draw`, once however many ask at the same time.
    ///
    /// # Errors
    /// What `draw` fails with (nothing is kept then, and the next request draws again).
    pub(in crate::table) async fn get_or_draw<F, Fut>(
        &self,
        key: PictureKey,
        draw: F,
    ) -> Result<Png, TableError>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<Vec<u8>, TableError>>,
    {
        if let Some(png) = self.kept.get(&key) {
            return Ok(png);
        }
        let cell = Arc::clone(self.lock().entry(key).or_default());
        let drawn = cell
            .get_or_try_init(|| async { draw().await.map(Arc::new) })
            .await
            .cloned();
        if let Ok(png) = &drawn {
            self.kept.insert(key, Arc::clone(png));
        }
        // Whoever finishes first clears the entry; a request still waiting holds the cell.
        self.lock().remove(&key);
        drawn
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Drawing> {
        self.drawing.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;

    #[tokio::test]
    async fn a_picture_asked_for_by_many_at_once_is_drawn_once_and_kept() {
        let drawn = Arc::new(Drawn::new(DRAWN_BYTES));
        let draws = Arc::new(AtomicUsize::new(0));
        let asks = (0..50).map(|_| {
            let (drawn, draws) = (Arc::clone(&drawn), Arc::clone(&draws));
            tokio::spawn(async move {
                drawn
                    .get_or_draw((7, 3, false), || async move {
                        draws.fetch_add(1, Ordering::SeqCst);
                        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
                        Ok(vec![1, 2, 3])
                    })
                    .await
            })
        });
        for ask in asks.collect::<Vec<_>>() {
            assert_eq!(*ask.await.unwrap().unwrap(), vec![1, 2, 3]);
        }
        let again = drawn
            .get_or_draw((7, 3, false), || async { Ok(vec![9]) })
            .await
            .unwrap();
        assert_eq!(*again, vec![1, 2, 3]);
        assert_eq!(draws.load(Ordering::SeqCst), 1);
    }

    #[tokio::test]
    async fn a_failed_drawing_is_not_kept_and_the_next_request_draws_again() {
        let drawn = Drawn::new(DRAWN_BYTES);
        let failed = drawn
            .get_or_draw((1, 0, true), || async {
                Err(TableError::Internal(anyhow::anyhow!("the painter failed")))
            })
            .await;
        assert!(failed.is_err());
        let png = drawn
            .get_or_draw((1, 0, true), || async { Ok(vec![4]) })
            .await
            .unwrap();
        assert_eq!(*png, vec![4]);
    }

    #[tokio::test]
    async fn the_board_and_the_card_of_one_ply_are_kept_apart() {
        let drawn = Drawn::new(DRAWN_BYTES);
        let board = drawn.get_or_draw((1, 2, false), || async { Ok(vec![1]) });
        assert_eq!(*board.await.unwrap(), vec![1]);
        let card = drawn.get_or_draw((1, 2, true), || async { Ok(vec![2]) });
        assert_eq!(*card.await.unwrap(), vec![2]);
    }
}

//! Who has a game open. A player's WebSocket that presented its seat's token counts for that
//! seat; this process counts its own sockets per seat and writes the count to the store, which
//! shows a seat present while any process has one. Records expire unless renewed, so the sockets
//! of a process that died stop counting within [`PRESENCE_TTL`]; each process renews its own and
//! sweeps lapsed ones every third of that. The views change through the store's events
//! ([`crate::feed`]), the same on every process.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, PoisonError};

use trigonal_store::{random_id, Store, PRESENCE_TTL};

/// This process's sockets per (game, seat).
pub struct Presence {
    store: Arc<dyn Store>,
    /// Names this process's records in the store.
    owner: String,
    counts: Mutex<HashMap<(String, u8), u32>>,
    /// Keys whose count could not be written; written again at the next renewal.
    unwritten: Mutex<HashSet<(String, u8)>>,
    /// Held while a count is written, so the store gets each key's counts in order.
    writing: tokio::sync::Mutex<()>,
}

impl Presence {
    /// Presence kept in `store` for this process.
    pub fn new(store: Arc<dyn Store>) -> Presence {
        Presence {
            store,
            owner: random_id(),
            counts: Mutex::default(),
            unwritten: Mutex::default(),
            writing: tokio::sync::Mutex::new(()),
        }
    }

    /// A socket showing `seat` of `game` opened.
    pub async fn arrive(&self, game: &str, seat: u8) {
        self.change(game, seat, 1).await;
    }

    /// A socket showing `seat` of `game` closed.
    pub async fn leave(&self, game: &str, seat: u8) {
        self.change(game, seat, -1).await;
    }

    async fn change(&self, game: &str, seat: u8, delta: i64) {
        let _writing = self.writing.lock().await;
        let key = (game.to_string(), seat);
        let count = {
            let mut counts = self.counts.lock().unwrap_or_else(PoisonError::into_inner);
            let count = counts.entry(key.clone()).or_insert(0);
            *count = (i64::from(*count) + delta).max(0) as u32;
            let count = *count;
            if count == 0 {
                counts.remove(&key);
            }
            count
        };
        self.write(key, count).await;
    }

    /// Writes `key`'s count, or keeps it for the next renewal when the store cannot be reached.
    async fn write(&self, key: (String, u8), count: u32) {
        let written = self
            .store
            .set_presence(&key.0, key.1, &self.owner, count)
            .await;
        let mut unwritten = self
            .unwritten
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        match written {
            Ok(()) => {
                unwritten.remove(&key);
            }
            Err(e) => {
                tracing::warn!(error = %e, game = %key.0, "presence could not be recorded");
                unwritten.insert(key);
            }
        }
    }

    /// Renews this process's records and drops lapsed ones, every third of their lifetime, until
    /// the task is dropped.
    pub async fn run(self: Arc<Self>) {
        let mut every = tokio::time::interval(PRESENCE_TTL / 3);
        loop {
            every.tick().await;
            let retry: Vec<(String, u8)> = self
                .unwritten
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .iter()
                .cloned()
                .collect();
            for key in retry {
                let _writing = self.writing.lock().await;
                let count = self
                    .counts
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .get(&key)
                    .copied()
                    .unwrap_or(0);
                self.write(key, count).await;
            }
            if let Err(e) = self.store.renew_presence(&self.owner).await {
                tracing::warn!(error = %e, "presence could not be renewed");
            }
        }
    }
}

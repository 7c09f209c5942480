//! The games this process holds in memory, by id ([`Hub`]), each with the lock its changes take
//! and the channel that tells its watchers what changed ([`LiveGame`], through
//! [`crate::wire`]). Idle, unwatched games are dropped and read again from the store when next
//! asked for.

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, PoisonError};

use axum::extract::ws::Utf8Bytes;
use tokio::sync::broadcast;
use trigonal_store::now_ms;

use crate::live::Live;
use crate::wire::{Update, Wire};

/// One game in memory: its state behind an async lock (held across the database commit, so
/// this process's changes to one game are serial), and the channel its watchers listen on.
pub struct LiveGame {
    /// The state.
    pub state: tokio::sync::Mutex<Live>,
    /// Set when another process may have changed the game: compare with the store before
    /// acting.
    pub stale: AtomicBool,
    /// The plies of this process's own commits whose store events have not come back yet: an
    /// event matching one is this process's own change, already in memory.
    own: Mutex<Vec<usize>>,
    updates: broadcast::Sender<Arc<Update>>,
    /// What the watchers were shown, to describe the next change against.
    wire: Mutex<Wire>,
}

impl LiveGame {
    /// Tells every watcher in this process what changed in `live` since they were last told,
    /// or with `redraw` shows them the whole view again (a change not worth describing).
    pub fn publish(&self, live: &Live, redraw: bool) {
        let update = self.wire().publish(live, self.watched(), redraw);
        if let Some(update) = update {
            // No watcher left meanwhile is not an error.
            let _ = self.updates.send(update);
        }
    }

    /// A new watcher of `live` (this game, held locked): what it is sent first (the updates
    /// since version `since` if they are kept, else the whole view), the last update that
    /// covers, and a receiver of the updates after it.
    pub fn subscribe(
        &self,
        live: &Live,
        since: Option<i64>,
    ) -> (Vec<Utf8Bytes>, u64, broadcast::Receiver<Arc<Update>>) {
        // The others first catch up with anything not yet published (a clock's time).
        self.publish(live, false);
        let receiver = self.updates.subscribe();
        let (first, covered) = self.wire().first(live, since);
        (first, covered, receiver)
    }

    /// For a watcher that fell behind: the whole view of `live` (this game, held locked), and
    /// the last update it covers.
    pub fn resync(&self, live: &Live) -> (Vec<Utf8Bytes>, u64) {
        self.publish(live, false);
        self.wire().first(live, None)
    }

    fn wire(&self) -> std::sync::MutexGuard<'_, Wire> {
        self.wire.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// This process is about to commit a change leaving the game at `ply`: its event will come.
    pub fn expect_own(&self, ply: usize) {
        self.own
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(ply);
    }

    /// The change expected at `ply` was not committed (or may not have been): no event of ours.
    pub fn forget_own(&self, ply: usize) {
        let mut own = self.own.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(i) = own.iter().position(|&p| p == ply) {
            own.remove(i);
        }
    }

    /// Whether an event for `ply` is one of this process's own changes (then it is taken off
    /// the list). Events come in commit order and this process commits a change only on the
    /// game's newest version, so an event it takes for its own is its own or an older change it
    /// already has; a later change by anyone else comes after its own event.
    pub fn is_own(&self, ply: usize) -> bool {
        let mut own = self.own.lock().unwrap_or_else(PoisonError::into_inner);
        match own.iter().position(|&p| p == ply) {
            Some(i) => {
                own.remove(i);
                true
            }
            None => false,
        }
    }

    /// Events may have been lost: none is expected any more.
    pub fn forget_all_own(&self) {
        self.own
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clear();
    }

    /// Whether anyone in this process watches the game.
    pub fn watched(&self) -> bool {
        self.updates.receiver_count() > 0
    }
}

/// Every game loaded into memory, by id.
#[derive(Clone, Default)]
pub struct Hub {
    games: Arc<Mutex<HashMap<String, Arc<LiveGame>>>>,
}

impl Hub {
    /// Adds a game; if one with its id is already there, keeps and returns that one.
    pub fn insert(&self, live: Live) -> Arc<LiveGame> {
        let mut games = self.games.lock().unwrap_or_else(PoisonError::into_inner);
        Arc::clone(games.entry(live.id.clone()).or_insert_with(|| {
            Arc::new(LiveGame {
                state: tokio::sync::Mutex::new(live),
                stale: AtomicBool::new(false),
                own: Mutex::new(Vec::new()),
                updates: broadcast::channel(crate::wire::KEPT).0,
                wire: Mutex::default(),
            })
        }))
    }

    /// The game `id`, if it is in memory.
    pub fn get(&self, id: &str) -> Option<Arc<LiveGame>> {
        self.games
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(id)
            .map(Arc::clone)
    }

    /// Every game in memory.
    pub fn all(&self) -> Vec<Arc<LiveGame>> {
        self.games
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .values()
            .map(Arc::clone)
            .collect()
    }

    /// Drops from memory the games nobody uses: untouched for `idle_ms`, watched by nobody and
    /// held by no request or computer move. They are read again from the store when next asked
    /// for. Returns how many were dropped.
    pub fn evict_idle(&self, idle_ms: i64) -> usize {
        let now = now_ms();
        let mut games = self.games.lock().unwrap_or_else(PoisonError::into_inner);
        let before = games.len();
        games.retain(|_, game| {
            // Holding the map's lock, nobody can take a new reference meanwhile.
            if Arc::strong_count(game) > 1 || game.watched() {
                return true;
            }
            let Ok(live) = game.state.try_lock() else {
                return true;
            };
            now - live.updated < idle_ms
        });
        before - games.len()
    }

    /// How many games are in memory.
    pub fn len(&self) -> usize {
        self.games
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::live::tests::row;

    #[test]
    fn only_idle_unwatched_games_are_dropped() {
        let hub = Hub::default();
        let now = now_ms();
        hub.insert(Live::from_row(row("old", now - 60_000, &[])).unwrap());
        hub.insert(Live::from_row(row("new", now, &[])).unwrap());
        let held = hub.insert(Live::from_row(row("held", now - 60_000, &[])).unwrap());
        let watched = hub.insert(Live::from_row(row("watched", now - 60_000, &[])).unwrap());
        let _watcher = {
            let live = watched.state.try_lock().unwrap();
            watched.subscribe(&live, None)
        };
        drop(watched);
        assert_eq!(hub.len(), 4);
        assert_eq!(hub.evict_idle(30_000), 1);
        assert_eq!(hub.len(), 3);
        drop(held);
        assert_eq!(hub.evict_idle(30_000), 1);
        assert_eq!(hub.evict_idle(30_000), 0);
    }
}

//! Games in memory: the position of every game in play, rebuilt from its stored moves, with a
//! channel that pushes each change to its watchers. The database stays the truth: a change is
//! made here only after it is committed there.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use axum::extract::ws::Utf8Bytes;
use tokio::sync::broadcast;
use trigonal_core::{DynGame, Options};

use crate::error::ApiError;
use crate::store::{now_ms, GameRow, MoveRow, SeatKind, SeatRow, Store};
use crate::token::TokenDigest;
use crate::view;

/// How many views a slow watcher may fall behind before it skips to newer ones.
const CHANNEL: usize = 16;

/// The state of one game.
pub struct Live {
    /// The game's id in URLs.
    pub id: String,
    /// The registry id.
    pub game: String,
    /// The options the game was created with, filled in.
    pub options: Options,
    /// The seats.
    pub seats: Vec<SeatRow>,
    /// The moves played.
    pub history: Vec<MoveRow>,
    /// The position after them.
    pub position: Box<dyn DynGame>,
    /// Created, unix milliseconds.
    pub created: i64,
    /// Last changed, unix milliseconds.
    pub updated: i64,
    /// Counts changes, so that a computer move computed for an older state is dropped.
    pub epoch: u64,
    /// The JSON view of the current state.
    pub view: Utf8Bytes,
    /// The epoch for which a computer move is being computed, if any.
    pub ai_epoch: Option<u64>,
}

impl Live {
    /// Rebuilds a game from its stored row, replaying its moves through the registry.
    pub fn from_row(row: GameRow) -> Result<Live, String> {
        let options = Options {
            players: Some(row.players),
            variant: row.variant.clone(),
        };
        let mut position = trigonal_games::new_game(&row.game, &options)
            .map_err(|e| format!("game {}: {e}", row.id))?;
        for (ply, mv) in row.moves.iter().enumerate() {
            position
                .play(&mv.text)
                .map_err(|e| format!("game {}, ply {ply}: {e}", row.id))?;
        }
        let mut live = Live {
            id: row.id,
            game: row.game,
            options: position.options(),
            seats: row.seats,
            history: row.moves,
            position,
            created: row.created,
            updated: row.updated,
            epoch: 0,
            view: Utf8Bytes::from_static(""),
            ai_epoch: None,
        };
        live.view = view::render(&live);
        Ok(live)
    }

    /// Records a change: a new epoch and a fresh view.
    pub fn changed(&mut self) {
        self.epoch += 1;
        self.view = view::render(self);
    }

    /// The seat whose token is `token`.
    pub fn seat_of(&self, token: &str) -> Option<u8> {
        let presented = TokenDigest::of(token);
        self.seats
            .iter()
            .position(|s| s.token_digest.as_ref().is_some_and(|d| d.same(&presented)))
            .map(|i| i as u8)
    }

    /// Whether the game has a computer seat.
    pub fn has_ai(&self) -> bool {
        self.seats.iter().any(|s| s.kind == SeatKind::Ai)
    }

    /// Whether a computer seat is to move.
    pub fn computer_to_move(&self) -> bool {
        self.position
            .to_move()
            .and_then(|s| self.seats.get(s.index()))
            .is_some_and(|s| s.kind == SeatKind::Ai)
    }

    /// Whether undo is possible: a game against the computer with a person's move to take back.
    pub fn can_undo(&self) -> bool {
        self.has_ai()
            && self
                .history
                .iter()
                .any(|m| self.seats[m.seat as usize].token_digest.is_some())
    }

    /// The position after the first `ply` moves.
    pub fn replay(&self, ply: usize) -> Result<Box<dyn DynGame>, String> {
        let mut position = trigonal_games::new_game(&self.game, &self.options)
            .map_err(|e| format!("game {}: {e}", self.id))?;
        for mv in &self.history[..ply] {
            position
                .play(&mv.text)
                .map_err(|e| format!("game {}: {e}", self.id))?;
        }
        Ok(position)
    }
}

/// One game in memory: its state behind an async lock (held across the database commit, so
/// changes to one game are serial), and the channel its watchers listen on.
pub struct LiveGame {
    /// The state.
    pub state: tokio::sync::Mutex<Live>,
    updates: broadcast::Sender<Utf8Bytes>,
}

impl LiveGame {
    /// Pushes the current view of `live` to every watcher.
    pub fn publish(&self, live: &Live) {
        // No watcher is not an error.
        let _ = self.updates.send(live.view.clone());
    }

    /// A receiver of every view published from now on.
    pub fn subscribe(&self) -> broadcast::Receiver<Utf8Bytes> {
        self.updates.subscribe()
    }
}

/// Every game loaded into memory, by id. Games are loaded on first use.
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
                updates: broadcast::channel(CHANNEL).0,
            })
        }))
    }

    /// The game `id`, loaded from the store if it is not in memory; `None` if there is no such
    /// game.
    pub async fn get(&self, store: &Store, id: &str) -> Result<Option<Arc<LiveGame>>, ApiError> {
        if let Some(game) = self
            .games
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(id)
        {
            return Ok(Some(Arc::clone(game)));
        }
        let Some(row) = store.load_game(id).await? else {
            return Ok(None);
        };
        let live = tokio::task::spawn_blocking(move || Live::from_row(row))
            .await
            .map_err(|e| ApiError::Internal(e.to_string()))?
            .map_err(|e| ApiError::Internal(format!("a stored game cannot be replayed: {e}")))?;
        Ok(Some(self.insert(live)))
    }

    /// Drops from memory the games nobody uses: untouched for `idle_ms`, watched by nobody,
    /// held by no request or computer move, and not waiting for the computer. They are loaded
    /// again from the store when next asked for. Returns how many were dropped.
    pub fn evict_idle(&self, idle_ms: i64) -> usize {
        let now = now_ms();
        let mut games = self.games.lock().unwrap_or_else(PoisonError::into_inner);
        let before = games.len();
        games.retain(|_, game| {
            // Holding the map's lock, nobody can take a new reference meanwhile.
            if Arc::strong_count(game) > 1 || game.updates.receiver_count() > 0 {
                return true;
            }
            let Ok(live) = game.state.try_lock() else {
                return true;
            };
            now - live.updated < idle_ms || live.computer_to_move()
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

    /// Like [`Hub::get`], with a 404 for a missing game.
    pub async fn find(&self, store: &Store, id: &str) -> Result<Arc<LiveGame>, ApiError> {
        self.get(store, id)
            .await?
            .ok_or_else(|| ApiError::no_game(id))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn live(id: &str, updated: i64, seats: Vec<SeatRow>) -> Live {
        Live::from_row(GameRow {
            id: id.into(),
            game: "triangoli".into(),
            variant: None,
            players: 2,
            seats,
            moves: Vec::new(),
            to_move: Some(0),
            created: updated,
            updated,
        })
        .unwrap()
    }

    fn seat(kind: SeatKind) -> SeatRow {
        SeatRow {
            kind,
            level: None,
            token_digest: None,
        }
    }

    #[test]
    fn only_idle_unwatched_games_are_dropped() {
        let hub = Hub::default();
        let now = now_ms();
        let human = || vec![seat(SeatKind::Human), seat(SeatKind::Human)];
        hub.insert(live("old", now - 60_000, human()));
        hub.insert(live("new", now, human()));
        let held = hub.insert(live("held", now - 60_000, human()));
        let watched = hub.insert(live("watched", now - 60_000, human()));
        let _watcher = watched.subscribe();
        drop(watched);
        hub.insert(live(
            "computer",
            now - 60_000,
            vec![seat(SeatKind::Ai), seat(SeatKind::Human)],
        ));
        assert_eq!(hub.len(), 5);
        assert_eq!(hub.evict_idle(30_000), 1);
        assert_eq!(hub.len(), 4);
        drop(held);
        assert_eq!(hub.evict_idle(30_000), 1);
        assert_eq!(hub.evict_idle(30_000), 0);
    }
}

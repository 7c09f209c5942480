//! What this process hears from the store about changes made anywhere: a game it watches is
//! refreshed (its watchers see every move, in order), a game it only holds is marked stale (read
//! again before it is next acted on), a change of who has a game open is shown to its watchers,
//! a due computer move wakes its computer, a change of the seeks is shown on the lobby's
//! sockets, and a change of a tournament on its sockets. When events may have been missed (PostgreSQL's listener reconnected, or this process fell behind) every game it
//! holds is treated as changed. This process's own changes come back as events too; those are
//! recognised ([`crate::hub::LiveGame::is_own`]) and cost nothing.

use std::sync::atomic::Ordering;
use std::sync::Arc;

use tokio::sync::broadcast::error::RecvError;
use trigonal_store::StoreEvent;

use crate::change;
use crate::hub::LiveGame;
use crate::state::AppState;

/// Follows the store's events until the store is gone.
pub async fn run(state: AppState) {
    let mut events = state.store.events();
    loop {
        match events.recv().await {
            Ok(StoreEvent::Changed { game, ply }) => {
                if let Some(game) = state.hub.get(&game) {
                    if !game.is_own(ply) {
                        changed(&state, game);
                    }
                }
            }
            Ok(StoreEvent::Presence { game }) => {
                if let Some(game) = state.hub.get(&game) {
                    let state = state.clone();
                    tokio::spawn(async move {
                        if let Err(e) = change::show_presence(&state, &game).await {
                            tracing::warn!(error = %e, "who has a game open could not be read");
                        }
                    });
                }
            }
            Ok(StoreEvent::Seeks) => state.lobby.changed(),
            Ok(StoreEvent::Tournament { id }) => state.director.changed(Some(id)),
            Ok(StoreEvent::JobsDue) => {
                state.computer_due.notify_one();
                state.analysis_due.notify_one();
            }
            Ok(StoreEvent::Resync) | Err(RecvError::Lagged(_)) => {
                tracing::info!(games = state.hub.len(), "re-reading every game in memory");
                for game in state.hub.all() {
                    game.forget_all_own();
                    changed(&state, game);
                }
                state.computer_due.notify_one();
                state.lobby.changed();
                state.director.changed(None);
            }
            Err(RecvError::Closed) => return,
        }
    }
}

fn changed(state: &AppState, game: Arc<LiveGame>) {
    game.stale.store(true, Ordering::Release);
    if game.watched() {
        let state = state.clone();
        tokio::spawn(async move {
            if let Err(e) = change::refresh(&state, &game).await {
                // Still stale: the next event, request or resync tries again.
                game.stale.store(true, Ordering::Release);
                tracing::warn!(error = %e, "a watched game could not be re-read");
            }
        });
    }
}

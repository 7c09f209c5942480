//! Computer seats: when a computer is to move, a task asks `trigonal_ai` for its move on a
//! blocking thread (never on the async runtime) and commits it like anyone's. At most a few
//! searches run at once; the rest wait their turn.

use std::sync::Arc;

use tokio::sync::Semaphore;
use trigonal_ai::Level;
use trigonal_core::DynGame;

use crate::error::ApiError;
use crate::games::commit_move;
use crate::live::{Live, LiveGame};
use crate::store::SeatKind;
use crate::AppState;

/// Runs computer moves, a bounded number at once.
#[derive(Clone)]
pub struct AiRunner {
    permits: Arc<Semaphore>,
}

impl AiRunner {
    /// A runner that searches at most `parallel` positions at once.
    pub fn new(parallel: usize) -> AiRunner {
        AiRunner {
            permits: Arc::new(Semaphore::new(parallel.max(1))),
        }
    }
}

/// The search seed for the move at `ply` of game `id`: the same game replays the same way
/// (within the level's time budget, which bounds how far a search gets).
pub fn seed(id: &str, ply: usize) -> u64 {
    // FNV-1a: stable across builds and platforms.
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in id.bytes().chain((ply as u64).to_le_bytes()) {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

/// If a computer seat is to move in `live` and no move is being computed for this state,
/// starts computing one.
pub fn schedule_if_due(state: &AppState, game: &Arc<LiveGame>, live: &mut Live) {
    let Some(seat) = live.position.to_move() else {
        return;
    };
    let Some(s) = live.seats.get(seat.index()) else {
        return;
    };
    if s.kind != SeatKind::Ai || live.ai_epoch == Some(live.epoch) {
        return;
    }
    let level = s.level.unwrap_or(Level::Medium);
    live.ai_epoch = Some(live.epoch);
    let job = Job {
        state: state.clone(),
        game: Arc::clone(game),
        position: live.position.clone(),
        level,
        seed: seed(&live.id, live.history.len()),
        epoch: live.epoch,
        seat: seat.0,
    };
    let id = live.id.clone();
    tokio::spawn(async move {
        if let Err(e) = job.run().await {
            tracing::error!(game = %id, error = %e, "computer move failed");
        }
    });
}

struct Job {
    state: AppState,
    game: Arc<LiveGame>,
    position: Box<dyn DynGame>,
    level: Level,
    seed: u64,
    epoch: u64,
    seat: u8,
}

impl Job {
    async fn run(self) -> Result<(), ApiError> {
        let _permit = self
            .state
            .ai
            .permits
            .acquire()
            .await
            .map_err(|e| ApiError::Internal(e.to_string()))?;
        if self.game.state.lock().await.epoch != self.epoch {
            return Ok(()); // Undone or changed while waiting: nothing to do.
        }
        let (position, level, seed) = (self.position, self.level, self.seed);
        let chosen =
            tokio::task::spawn_blocking(move || trigonal_ai::choose_move(&*position, level, seed))
                .await
                .map_err(|e| ApiError::Internal(format!("the search panicked: {e}")))?;
        let mut live = self.game.state.lock().await;
        if live.epoch != self.epoch {
            return Ok(()); // The game changed (undo) while the computer thought.
        }
        let Some(text) = chosen else {
            return Err(ApiError::Internal("the computer found no move".into()));
        };
        let mut next = live.position.clone();
        let canonical = next
            .play(&text)
            .map_err(|e| ApiError::Internal(format!("the computer chose {text:?}: {e}")))?;
        tracing::debug!(game = %live.id, mv = %canonical, "computer move");
        commit_move(
            &self.state,
            &self.game,
            &mut live,
            self.seat,
            next,
            canonical,
        )
        .await
    }
}

/// After a start: schedules the computer's move in every stored game where a computer is to move.
pub async fn resume(state: &AppState) -> Result<usize, ApiError> {
    let ids = state.store.games_awaiting_ai().await?;
    for id in &ids {
        if let Some(game) = state.hub.get(&state.store, id).await? {
            let mut live = game.state.lock().await;
            schedule_if_due(state, &game, &mut live);
        }
    }
    Ok(ids.len())
}

#[cfg(test)]
mod tests {
    use super::seed;

    #[test]
    fn seeds_are_stable_and_differ_by_game_and_ply() {
        assert_eq!(seed("abc", 3), seed("abc", 3));
        assert_ne!(seed("abc", 3), seed("abc", 4));
        assert_ne!(seed("abc", 3), seed("abd", 3));
    }
}

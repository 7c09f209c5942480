//! The games held in this process's memory: found, read from the store when absent, and brought
//! up to date when the store has moved on (the copies every step of the change path works on).

use super::*;

/// Makes sure the copy of `game` held in `live` is the store's (one cheap read when it is).
pub async fn make_current(
    state: &AppState,
    game: &Arc<LiveGame>,
    live: &mut Live,
) -> Result<(), ApiError> {
    game.stale.store(false, Ordering::Release);
    catch_up(state, game, live).await.map(drop)
}

/// The game `id` in memory — read from the store if it is not there yet, brought up to date if
/// another process is known to have changed it — or 404 if there is none.
pub async fn find(state: &AppState, id: &str) -> Result<Arc<LiveGame>, ApiError> {
    Ok(find_or_load(state, id).await?.0)
}

/// The game `id` as the store has it now: what every read answers with, so that a read on any
/// process shows every change committed before it, wherever it was made. Costs one read of the
/// store when the copy in memory is current.
pub async fn current(state: &AppState, id: &str) -> Result<Arc<LiveGame>, ApiError> {
    let (game, loaded) = find_or_load(state, id).await?;
    if !loaded {
        let mut live = game.state.lock().await;
        make_current(state, &game, &mut live).await?;
    }
    Ok(game)
}

/// [`find`], and whether the game was just read from the store.
async fn find_or_load(state: &AppState, id: &str) -> Result<(Arc<LiveGame>, bool), ApiError> {
    if let Some(game) = state.hub.get(id) {
        if game.stale.load(Ordering::Acquire) {
            refresh(state, &game).await?;
            return Ok((game, true));
        }
        return Ok((game, false));
    }
    let row = state
        .store
        .load_game(id)
        .await?
        .ok_or_else(|| ApiError::no_game(id))?;
    Ok((adopt(state, row).await?, true))
}

/// Brings a stored game into memory: replays it (off the async threads).
pub async fn adopt(state: &AppState, row: GameRow) -> Result<Arc<LiveGame>, ApiError> {
    let live = tokio::task::spawn_blocking(move || Live::from_row(row))
        .await
        .map_err(|e| ApiError::Internal(e.to_string().into()))?
        .map_err(|e| ApiError::Internal(format!("a stored game cannot be replayed: {e}").into()))?;
    Ok(state.hub.insert(live))
}

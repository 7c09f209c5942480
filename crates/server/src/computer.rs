//! The computer seats of every game, played by whichever process claims them. A computer move
//! that is due is a job in the store ([`trigonal_store::Store::claim_jobs`]); this process claims
//! one whenever it has a search to spare, holds it with a lease it renews while thinking (a
//! process that dies stops renewing, and another takes the job once the lease runs out), thinks
//! on a blocking thread, and plays the move through the change path like anyone's. The store's
//! `(game, ply)` key and the game's version make a second move impossible even if two processes
//! ever think about the same one.
//!
//! A computer seat keeps its search between its moves when this process plays them (tree reuse,
//! Triangoli's endgame memory): players are kept by game and seat, told the moves made since,
//! and rebuilt after a take-back.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use tokio::sync::Semaphore;
use trigonal_ai::{Agent, DynPlayer, Level};
use trigonal_games::dyn_player;
use trigonal_store::{random_id, Claim};

use crate::change::{self, Command};
use crate::error::ApiError;
use crate::state::AppState;

/// How long a claim holds without renewal; a job whose process died is free again within this.
const LEASE: Duration = Duration::from_secs(6);
/// How often a claim is renewed while the computer thinks.
const RENEW: Duration = Duration::from_secs(2);
/// How often the store is asked for due moves when no event said so (leases that ran out).
const POLL: Duration = Duration::from_secs(1);
/// How long a failed job waits before anyone tries it again.
const RETRY: Duration = Duration::from_secs(5);
/// Players kept per search slot (each holds a search tree; the least recently used goes).
const KEPT_PER_SLOT: usize = 8;

/// The search seed for a player created at `ply` of game `id`: the same game replays the same
/// way (within the level's time budget, which bounds how far a search gets).
pub fn seed(id: &str, ply: usize) -> u64 {
    // FNV-1a: stable across builds and platforms.
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in id.bytes().chain((ply as u64).to_le_bytes()) {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

/// A player kept between moves, and the moves it has been told of.
struct Kept {
    player: Box<dyn DynPlayer>,
    seen: Vec<String>,
    used: Instant,
}

impl Kept {
    /// Tells the player the moves played since it last saw the game (its own among them), or
    /// has it forget its search when the game is no longer the one it saw (a take-back).
    fn catch_up(&mut self, history: Vec<String>) {
        if history.starts_with(&self.seen) {
            for mv in &history[self.seen.len()..] {
                self.player.advance(mv);
            }
        } else {
            self.player.forget();
        }
        self.seen = history;
    }
}

/// The players this process keeps, by game and seat.
#[derive(Default)]
struct Players {
    kept: Mutex<HashMap<(String, u8), Kept>>,
}

impl Players {
    fn take(&self, game: &str, seat: u8) -> Option<Kept> {
        self.kept
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(&(game.to_string(), seat))
    }

    fn keep(&self, game: String, seat: u8, kept: Kept, most: usize) {
        let mut all = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        all.insert((game, seat), kept);
        while all.len() > most {
            let oldest = all
                .iter()
                .min_by_key(|(_, k)| k.used)
                .map(|(key, _)| key.clone());
            match oldest {
                Some(key) => all.remove(&key),
                None => break,
            };
        }
    }
}

/// Plays due computer moves, at most `threads` searches at once, until the process ends.
pub async fn run(state: AppState, threads: usize) {
    let owner = random_id();
    let slots = Arc::new(Semaphore::new(threads.max(1)));
    let players = Arc::new(Players::default());
    tracing::info!(searches = threads.max(1), "playing computer seats");
    loop {
        let Ok(slot) = Arc::clone(&slots).acquire_owned().await else {
            return;
        };
        match state.store.claim_jobs(&owner, LEASE, 1).await {
            Ok(mut claims) if !claims.is_empty() => {
                let claim = claims.swap_remove(0);
                let (state, owner, players) = (state.clone(), owner.clone(), Arc::clone(&players));
                tokio::spawn(async move {
                    let running = metrics::gauge!(crate::observe::JOBS_RUNNING);
                    running.increment(1.0);
                    if let Err(e) = play(&state, &owner, &players, &claim, threads).await {
                        tracing::warn!(game = %claim.game, ply = claim.ply, error = %e, "computer move failed; it will be tried again");
                        let _ = state.store.release(&claim, &owner, RETRY).await;
                    }
                    running.decrement(1.0);
                    drop(slot);
                });
            }
            Ok(_) => {
                drop(slot);
                tokio::select! {
                    () = state.computer_due.notified() => {}
                    () = tokio::time::sleep(POLL) => {}
                }
            }
            Err(e) => {
                drop(slot);
                tracing::warn!(error = %e, "cannot claim computer moves");
                tokio::time::sleep(POLL).await;
            }
        }
    }
}

/// Thinks about the claimed move and plays it.
async fn play(
    state: &AppState,
    owner: &str,
    players: &Players,
    claim: &Claim,
    threads: usize,
) -> Result<(), ApiError> {
    let game = change::find(state, &claim.game).await?;
    let (position, history, seat, level, limit) = {
        let mut live = game.state.lock().await;
        change::make_current(state, &game, &mut live).await?;
        let due = live.history.len() == claim.ply && live.computer_due();
        let Some(seat) = live.to_move().filter(|_| due) else {
            return Ok(()); // Changed or ended meanwhile: the job went or moved with that change.
        };
        let level: Level = live.seats[seat as usize]
            .level
            .as_deref()
            .unwrap_or("medium")
            .parse()
            .map_err(|e: trigonal_ai::UnknownLevel| ApiError::Internal(e.to_string().into()))?;
        let history: Vec<String> = live.history.iter().map(|m| m.text.clone()).collect();
        // Within what its clock allows, if it has one running.
        let limit = live
            .table
            .clock
            .as_ref()
            .filter(|c| c.running == Some(seat))
            .map(|c| c.budget(seat, trigonal_store::now_ms(), level.budget()));
        (live.position.clone(), history, seat, level, limit)
    };

    let mut kept = match players.take(&claim.game, seat) {
        Some(kept) => kept,
        None => Kept {
            player: dyn_player(
                position.id(),
                Agent::Ai { level, ms: None },
                seed(&claim.game, claim.ply),
            )
            .map_err(|e| ApiError::Internal(e.to_string().into()))?,
            seen: Vec::new(),
            used: Instant::now(),
        },
    };
    kept.catch_up(history);
    kept.player.limit(limit);

    let searched = metrics::histogram!(crate::observe::SEARCH, "game" => position.id().to_string());
    let search = tokio::task::spawn_blocking(move || {
        let started = Instant::now();
        let thought = kept.player.think(position.as_ref());
        searched.record(started.elapsed().as_secs_f64());
        (kept, thought)
    });
    tokio::pin!(search);
    let mut renew = tokio::time::interval(RENEW);
    renew.tick().await;
    let mut moot = false;
    let (mut kept, thought) = loop {
        tokio::select! {
            done = &mut search => break done.map_err(|e| ApiError::Internal(format!("the search failed: {e}").into()))?,
            _ = renew.tick() => {
                // A lease that cannot be renewed means the job is gone (the game changed), or the
                // store is unreachable; either way the move is checked again when played.
                if !state.store.renew(claim, owner, LEASE).await.unwrap_or(true) {
                    moot = true;
                }
            }
        }
    };
    kept.used = Instant::now();
    players.keep(
        claim.game.clone(),
        seat,
        kept,
        KEPT_PER_SLOT * threads.max(1),
    );
    if moot {
        return Ok(());
    }
    let Some(thought) = thought else {
        return Err(ApiError::Internal("the computer found no move".into()));
    };
    tracing::debug!(game = %claim.game, mv = %thought.best, "computer move");
    let played = change::execute(
        state,
        &claim.game,
        Command::Computer {
            seat,
            owner: owner.to_string(),
            ply: claim.ply,
            mv: thought.best,
        },
    )
    .await;
    match played {
        // Someone else changed the game first (an undo): nothing to do.
        Ok(_) | Err(ApiError::Conflict(_)) => Ok(()),
        Err(e) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use trigonal_ai::Thought;
    use trigonal_core::DynGame;

    /// A player that only notes what it was told.
    #[derive(Clone, Default)]
    struct Notes(Arc<Mutex<Vec<String>>>);

    impl DynPlayer for Notes {
        fn think(&mut self, _: &dyn DynGame) -> Option<Thought<String>> {
            None
        }
        fn advance(&mut self, mv: &str) {
            self.0.lock().unwrap().push(mv.to_string());
        }
        fn forget(&mut self) {
            self.0.lock().unwrap().push("forget".into());
        }
        fn limit(&mut self, _: Option<std::time::Duration>) {}
    }

    fn moves(list: &[&str]) -> Vec<String> {
        list.iter().map(|m| m.to_string()).collect()
    }

    #[test]
    fn a_kept_player_hears_the_moves_since_or_forgets_after_a_take_back() {
        let notes = Notes::default();
        let mut kept = Kept {
            player: Box::new(notes.clone()),
            seen: Vec::new(),
            used: Instant::now(),
        };
        kept.catch_up(moves(&["a", "b"]));
        kept.catch_up(moves(&["a", "b", "c", "d"]));
        // Taken back to "a" and played on otherwise.
        kept.catch_up(moves(&["a", "x"]));
        kept.catch_up(moves(&["a", "x", "y"]));
        assert_eq!(
            *notes.0.lock().unwrap(),
            moves(&["a", "b", "c", "d", "forget", "y"])
        );
    }

    #[test]
    fn the_least_recently_used_player_goes_first() {
        let players = Players::default();
        let start = Instant::now();
        for (i, game) in ["g1", "g2", "g3"].into_iter().enumerate() {
            let kept = Kept {
                player: Box::new(Notes::default()),
                seen: Vec::new(),
                used: start + Duration::from_secs(i as u64),
            };
            players.keep(game.into(), 0, kept, 2);
        }
        assert!(players.take("g1", 0).is_none());
        assert!(players.take("g2", 0).is_some());
        assert!(players.take("g3", 0).is_some());
        assert!(players.take("g3", 1).is_none());
    }

    #[test]
    fn seeds_are_stable_and_differ_by_game_and_ply() {
        assert_eq!(seed("abc", 3), seed("abc", 3));
        assert_ne!(seed("abc", 3), seed("abc", 4));
        assert_ne!(seed("abc", 3), seed("abd", 3));
    }
}

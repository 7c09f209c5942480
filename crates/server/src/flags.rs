//! Clocks that ran out. Each game's deadline is stored with it, so every server process looks
//! for games past theirs a few times a second and flags them through the change path — one
//! process wins each flag, the others find the game already changed. A process started after a
//! deadline passed (while every server was down) flags those games at once.

use std::time::Duration;

use trigonal_store::now_ms;

use crate::change::{self, Command};
use crate::state::AppState;

/// How often deadlines are looked for: a flag falls within this of its deadline.
const EVERY: Duration = Duration::from_millis(250);

/// The most games flagged in one look.
const AT_ONCE: usize = 64;

/// Flags the games whose time ran out, until the task is dropped.
pub async fn run(state: AppState) {
    let mut every = tokio::time::interval(EVERY);
    loop {
        every.tick().await;
        let due = match state.store.due_deadlines(now_ms(), AT_ONCE).await {
            Ok(due) => due,
            Err(e) => {
                tracing::warn!(error = %e, "deadlines could not be read");
                continue;
            }
        };
        for id in due {
            match change::execute(&state, &id, Command::Flag).await {
                Ok(_) => tracing::info!(game = %id, "time ran out"),
                // Another process flagged it, or a move came in time.
                Err(e) => tracing::debug!(game = %id, error = %e, "not flagged"),
            }
        }
    }
}

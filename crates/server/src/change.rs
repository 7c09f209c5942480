//! The one change path. Every change to a game — a person's move, a take-back, a join, a
//! computer's move — goes through [`execute`], always in this order:
//!
//! 1. **check** the command against the game as the store has it (a copy that may be behind is
//!    brought up to date before a refusal is believed, and whenever the store says so);
//! 2. **commit** it to the store, conditional on the version it was checked against — of two
//!    changes checked against one version, exactly one is committed; the other is checked again
//!    against the newer game, and usually refused (409);
//! 3. **update** the copy in memory;
//! 4. **render** its view;
//! 5. **publish** the view to this process's watchers (other processes hear of the change from
//!    the store's events and come through [`refresh`], the same steps 3–5);
//! 6. **schedule** the computer: a computer move made due is a job committed with the change
//!    (step 2); here the process's own computer is woken to claim it.

use std::sync::atomic::Ordering;
use std::sync::Arc;

use axum::extract::ws::Utf8Bytes;
use trigonal_core::{DynGame, MoveError};
use trigonal_store::TokenDigest;
use trigonal_store::{now_ms, Change, Commit, Committed, GameRow, MoveRow, SeatKind, SeatRow};

use crate::error::ApiError;
use crate::live::{Live, LiveGame};
use crate::view;
use crate::AppState;

/// How often a change is checked and committed again when the game keeps changing under it.
const ATTEMPTS: usize = 4;

/// A change someone asks for.
pub enum Command {
    /// A person's move: the holder of `token` plays `mv`, having seen the game at `ply`.
    Move {
        /// The mover's seat token.
        token: String,
        /// The move, in any notation the game reads.
        mv: String,
        /// The ply the mover saw.
        ply: usize,
    },
    /// The holder of `token` takes back their last turn and everything after it (games against
    /// the computer).
    Undo {
        /// The seat token.
        token: String,
    },
    /// Someone takes the open seat `seat`, with a new token of digest `digest`.
    Join {
        /// The seat.
        seat: u8,
        /// The new token's digest.
        digest: TokenDigest,
    },
    /// The computer in `seat` plays `mv`, found for the game at `ply` by the process `owner`.
    Computer {
        /// The computer's seat.
        seat: u8,
        /// The claim owner of the process that thought (it keeps the search).
        owner: String,
        /// The ply it thought about.
        ply: usize,
        /// Its move, canonical.
        mv: String,
    },
}

/// A command checked against a game: what to commit, and the game after it.
struct Plan {
    change: Change,
    /// The position after the change (the same for a join).
    position: Box<dyn DynGame>,
    /// For a join, the seat as it becomes.
    seat: Option<(u8, SeatRow)>,
    at: i64,
}

impl ApiError {
    /// Whether a copy of the game that is behind could be why the request was refused.
    fn may_be_stale(&self) -> bool {
        matches!(
            self,
            ApiError::Forbidden(_) | ApiError::Conflict(_) | ApiError::Unprocessable(_)
        )
    }
}

fn no_seat() -> ApiError {
    ApiError::Forbidden("that token does not belong to a seat of this game".into())
}

/// Step 1: checks `command` against `live`.
fn check(live: &Live, command: &Command) -> Result<Plan, ApiError> {
    let at = now_ms();
    let ply = live.history.len();
    match command {
        Command::Move {
            token,
            mv,
            ply: seen,
        } => {
            let seat = live.seat_of(token).ok_or_else(no_seat)?;
            if *seen != ply {
                return Err(ApiError::Conflict(format!(
                    "the game is at ply {ply}, not {seen}; reload it to see the moves made since"
                )));
            }
            let Some(to_move) = live.position.to_move() else {
                return Err(ApiError::Unprocessable(MoveError::GameOver.to_string()));
            };
            if to_move.0 != seat {
                return Err(ApiError::Forbidden(format!(
                    "it is not your turn: seat {} ({to_move}) is to move, and your token is seat {seat}",
                    to_move.0
                )));
            }
            move_plan(live, seat, mv, at).map_err(|e| ApiError::Unprocessable(e.to_string()))
        }
        Command::Undo { token } => {
            let seat = live.seat_of(token).ok_or_else(no_seat)?;
            if !live.has_ai() {
                return Err(ApiError::Conflict(
                    "undo is only for games against the computer".into(),
                ));
            }
            // A turn is the seat's run of consecutive moves (several in The Triangle Game).
            let Some(last) = live.history.iter().rposition(|m| m.seat == seat) else {
                return Err(ApiError::Conflict("you have no move to take back".into()));
            };
            let from = live.history[..last]
                .iter()
                .rposition(|m| m.seat != seat)
                .map_or(0, |i| i + 1);
            // Another person's acknowledged move is never taken back without their consent,
            // which there is no way yet to ask for: such a take-back is refused.
            if let Some(other) = live.history[from..].iter().find(|m| {
                m.seat != seat
                    && live
                        .seats
                        .get(m.seat as usize)
                        .is_some_and(|s| s.token_digest.is_some())
            }) {
                return Err(ApiError::Conflict(format!(
                    "taking back your last turn would also take back the move of seat {} (a person); \
                     a take-back never removes another person's move",
                    other.seat
                )));
            }
            Ok(Plan {
                change: Change::TakeBack { from },
                position: live.replay(from).map_err(ApiError::Internal)?,
                seat: None,
                at,
            })
        }
        Command::Join { seat, digest } => {
            let open = live
                .seats
                .get(*seat as usize)
                .is_some_and(|s| s.kind == SeatKind::Open && s.token_digest.is_none());
            if !open {
                return Err(ApiError::Conflict(format!(
                    "seat {seat} is not open for joining"
                )));
            }
            if live.position.to_move().is_none() {
                return Err(ApiError::Conflict("the game is over".into()));
            }
            Ok(Plan {
                change: Change::Join {
                    seat: *seat,
                    digest: digest.clone(),
                },
                position: live.position.clone(),
                seat: Some((
                    *seat,
                    SeatRow {
                        kind: SeatKind::Human,
                        level: None,
                        token_digest: Some(digest.clone()),
                    },
                )),
                at,
            })
        }
        Command::Computer {
            seat,
            ply: seen,
            mv,
            ..
        } => {
            let due = live.computer_to_move_in(live.position.as_ref())
                && live.position.to_move().map(|s| s.0) == Some(*seat);
            if *seen != ply || !due {
                return Err(ApiError::Conflict(format!(
                    "the game moved on while the computer thought (it thought at ply {seen}; the game is at ply {ply})"
                )));
            }
            move_plan(live, *seat, mv, at)
                .map_err(|e| ApiError::Internal(format!("the computer chose {mv:?}: {e}")))
        }
    }
}

/// The plan of `seat` playing `mv` (any notation the game reads) in `live`'s position.
fn move_plan(live: &Live, seat: u8, mv: &str, at: i64) -> Result<Plan, MoveError> {
    let mut position = live.position.clone();
    let text = position.play(mv)?;
    Ok(Plan {
        change: Change::Move {
            ply: live.history.len(),
            mv: MoveRow { text, seat, at },
        },
        position,
        seat: None,
        at,
    })
}

/// Carries out `command` on game `id` through every step of the change path; the game's new
/// view.
pub async fn execute(state: &AppState, id: &str, command: Command) -> Result<Utf8Bytes, ApiError> {
    let game = find(state, id).await?;
    let mut live = game.state.lock().await;
    // Whether this copy was compared with the store during this request.
    let mut current = false;
    for _ in 0..ATTEMPTS {
        let plan = match check(&live, &command) {
            Ok(plan) => plan,
            Err(refusal) if !current && refusal.may_be_stale() => {
                current = true;
                if catch_up(state, &game, &mut live).await? {
                    continue;
                }
                return Err(refusal);
            }
            Err(refusal) => return Err(refusal),
        };
        let computer_due = live.computer_to_move_in(plan.position.as_ref());
        let commit = Commit {
            game: live.id.clone(),
            version: live.version,
            change: plan.change.clone(),
            to_move: plan.position.to_move().map(|s| s.0),
            computer_due,
            by: match &command {
                Command::Computer { owner, .. } => Some(owner.clone()),
                _ => None,
            },
            at: plan.at,
        };
        let ply_after = commit.ply_after(live.history.len());
        game.expect_own(ply_after);
        let committed = state.store.commit(commit).await;
        if !matches!(committed, Ok(Committed::Done { .. })) {
            game.forget_own(ply_after);
        }
        match committed? {
            Committed::Done { version } => {
                apply(&mut live, plan, version);
                live.view = view::render(&live);
                game.publish(&live);
                if computer_due {
                    state.computer_due.notify_one();
                }
                return Ok(live.view.clone());
            }
            Committed::Stale => {
                catch_up(state, &game, &mut live).await?;
                current = true;
            }
        }
    }
    Err(ApiError::Conflict(
        "the game kept changing while this request was made; reload it and try again".into(),
    ))
}

/// Step 3: the committed plan into memory.
fn apply(live: &mut Live, plan: Plan, version: i64) {
    match plan.change {
        Change::Move { mv, .. } => live.history.push(mv),
        Change::TakeBack { from } => live.history.truncate(from),
        Change::Join { .. } => {}
    }
    if let Some((seat, row)) = plan.seat {
        live.seats[seat as usize] = row;
    }
    live.position = plan.position;
    live.updated = plan.at;
    live.version = version;
}

/// Steps 3–5 for changes committed elsewhere: brings the copy of `game` up to the store's, if
/// it is behind, rendering and publishing each move it did not have, in order. Returns whether
/// anything changed.
async fn catch_up(
    state: &AppState,
    game: &Arc<LiveGame>,
    live: &mut Live,
) -> Result<bool, ApiError> {
    let Some(row) = state.store.load_game_newer(&live.id, live.version).await? else {
        return Ok(false);
    };
    let stepped = live
        .catch_up(row, |live| {
            live.view = view::render(live);
            game.publish(live);
        })
        .map_err(ApiError::Internal)?;
    // The last step showed the game as it is now; a take-back or a join is shown here.
    if stepped == 0 {
        live.view = view::render(live);
        game.publish(live);
    }
    Ok(true)
}

/// Steps 3–5 for a change another process committed to `game` (a store event): this process's
/// watchers see it.
pub async fn refresh(state: &AppState, game: &Arc<LiveGame>) -> Result<(), ApiError> {
    make_current(state, game, &mut *game.state.lock().await).await
}

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

/// Brings a stored game into memory: replays it (off the async threads) and renders its view.
pub async fn adopt(state: &AppState, row: GameRow) -> Result<Arc<LiveGame>, ApiError> {
    let live = tokio::task::spawn_blocking(move || {
        Live::from_row(row).map(|mut live| {
            live.view = view::render(&live);
            live
        })
    })
    .await
    .map_err(|e| ApiError::Internal(e.to_string()))?
    .map_err(|e| ApiError::Internal(format!("a stored game cannot be replayed: {e}")))?;
    Ok(state.hub.insert(live))
}

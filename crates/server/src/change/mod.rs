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
//!    (step 2); here the process's own computer is woken to claim it; after a move in a game by
//!    correspondence, the player to move is told (mail, push); and when a tournament's game
//!    ends, the tournament's director is woken.

use std::sync::atomic::Ordering;
use std::sync::Arc;

use axum::extract::ws::Utf8Bytes;
use trigonal_core::{DynGame, MoveError};
use trigonal_store::{
    now_ms, random_id, Change, ChatRow, Commit, Committed, Ending, GameRow, MoveRow, RatedResult,
    SeatKind, SeatRow, Table, TakeBackRequest, TokenDigest, CHAT_KEPT,
};

use crate::error::{ApiError, Reason};
use crate::hub::LiveGame;
use crate::live::{self, Live, MoveShown};
use crate::state::AppState;
use crate::view;
use crate::words::Said;

mod chat;
mod decide;
mod endings;
mod memory;
mod moves;
mod rematch;
mod seats;
mod takebacks;

/// How often a change is checked and committed again when the game keeps changing under it.
const ATTEMPTS: usize = 4;

use decide::{check, Checked, Moment, Plan};
pub use decide::{seat_of, Command};
pub use memory::{adopt, current, find, make_current};

/// Carries out `command` on game `id` through every step of the change path; the game's new
/// view.
pub async fn execute(state: &AppState, id: &str, command: Command) -> Result<Utf8Bytes, ApiError> {
    let game = find(state, id).await?;
    let mut live = game.state.lock().await;
    // Whether this copy was compared with the store during this request.
    let mut current = false;
    for _ in 0..ATTEMPTS {
        let plan = match check(&live, &command, &Moment::now()) {
            Ok(Checked::Commit(plan)) => *plan,
            Ok(Checked::Nothing) if !current => {
                current = true;
                if catch_up(state, &game, &mut live).await? {
                    continue;
                }
                return Ok(view::render(&live));
            }
            Ok(Checked::Nothing) => return Ok(view::render(&live)),
            Err(refusal) if !current && refusal.may_be_stale() => {
                current = true;
                if catch_up(state, &game, &mut live).await? {
                    continue;
                }
                return Err(refusal);
            }
            Err(refusal) => return Err(refusal),
        };
        let to_move = live::to_move(&plan.table, plan.position.as_ref());
        let computer_due = match &plan.seat {
            Some((seat, row)) => {
                let mut seats = live.seats.clone();
                seats[*seat as usize] = row.clone();
                live::computer_due(&seats, to_move)
            }
            None => live::computer_due(&live.seats, to_move),
        };
        let commit = Commit {
            game: live.id.clone(),
            version: live.version,
            change: plan.change.clone(),
            to_move,
            deadline: deadline(&plan.table, to_move, plan.at, state.bot_patience),
            table: plan.table.clone(),
            computer_due,
            by: match &command {
                Command::Computer { owner, .. } => Some(owner.clone()),
                _ => None,
            },
            at: plan.at,
            rate: rated_result(&live, &plan, to_move),
        };
        let ply_after = commit.ply_after(live.history.len());
        let committed_deadline = commit.deadline;
        game.expect_own(ply_after);
        let started = std::time::Instant::now();
        let committed = state.store.commit(commit).await;
        metrics::histogram!(crate::observe::COMMIT).record(started.elapsed().as_secs_f64());
        if !matches!(committed, Ok(Committed::Done { .. })) {
            game.forget_own(ply_after);
        }
        match committed? {
            Committed::Done { version } => {
                if let Change::Move { .. } = plan.change {
                    metrics::counter!(crate::observe::MOVES, "game" => live.game.clone())
                        .increment(1);
                }
                let wakes = computer_due
                    || matches!(
                        plan.change,
                        Change::Rematch {
                            computer_due: true,
                            ..
                        }
                    );
                // A take-back is shown whole: the moves it took away are not worth describing.
                let redraw = matches!(plan.change, Change::TakeBack { .. });
                let moved = matches!(plan.change, Change::Move { .. });
                apply(&mut live, plan, version, committed_deadline);
                game.publish(&live, redraw);
                if wakes {
                    state.computer_due.notify_one();
                }
                if live.table.tournament.is_some() && live.to_move().is_none() {
                    // A tournament's table is over: its director records it and pairs on.
                    state.director.wake();
                }
                if moved {
                    tell_the_next(state, &live);
                }
                return Ok(view::render(&live));
            }
            Committed::Stale => {
                catch_up(state, &game, &mut live).await?;
                current = true;
            }
        }
    }
    Err(ApiError::Conflict(Reason::new(
        "changed-meanwhile",
        "the game kept changing while this request was made; reload it and try again",
    )))
}

/// When the time of the seat to move after a change at `at` runs out: its clock's deadline, or
/// in a game without clocks a bot's `patience`.
pub fn deadline(
    table: &Table,
    to_move: Option<u8>,
    at: i64,
    patience: std::time::Duration,
) -> Option<i64> {
    match &table.clock {
        Some(clock) => clock.deadline(),
        None => to_move
            .filter(|&s| live::is_bot(table, s))
            .map(|_| at + patience.as_millis() as i64),
    }
}

/// The result to settle the players' ratings from, when `plan` ends a rated game (committed with
/// the change that ends it, so it is settled exactly once, whatever process ends it).
fn rated_result(live: &Live, plan: &Plan, to_move: Option<u8>) -> Option<RatedResult> {
    if !plan.table.rated || to_move.is_some() || live.to_move().is_none() {
        return None;
    }
    let players = live.seats.len();
    let accounts = live
        .seats
        .iter()
        .map(|s| s.owner.clone())
        .collect::<Option<Vec<String>>>()?;
    let places = places(&plan.table, plan.position.as_ref())?;
    Some(RatedResult {
        pool: (trigonal_games::info(&live.game).ok()?.pool)(players),
        accounts,
        places,
    })
}

/// Each seat's place (1 the best, ties sharing) in a game around `table` in `position`, once it
/// is over: the winners first, then by score where the game keeps one, seats that left last.
pub fn places(table: &Table, position: &dyn DynGame) -> Option<Vec<usize>> {
    let (winners, _) = view::ending(table, position, true)?;
    let out: Vec<bool> = (0..position.players() as u8)
        .map(|s| live::retired(table, s))
        .collect();
    Some(trigonal_ratings::places(
        &winners,
        position.scores().as_deref(),
        &out,
    ))
}

/// Step 6, after a move: in a game by correspondence, the player whose turn it now is, if their
/// seat is their account's, is told by mail ([`crate::mail::your_turn`]) and on their browsers
/// ([`crate::push::notify`]) — off this request's path: the move is answered whatever they do.
fn tell_the_next(state: &AppState, live: &Live) {
    let correspondence = live
        .table
        .clock
        .as_ref()
        .is_some_and(|c| matches!(c.control, trigonal_clock::Control::Correspondence { .. }));
    let Some(seat) = live.to_move().filter(|_| correspondence) else {
        return;
    };
    let Some(account) = live.seats.get(seat as usize).and_then(|s| s.owner.clone()) else {
        return;
    };
    // Who moved, by name — or "your opponent", in the reader's words.
    let by = live
        .history
        .last()
        .and_then(|m| live.table.names.get(m.seat as usize).cloned().flatten());
    let with_by = |said: Said| match &by {
        Some(name) => said.with("by", name),
        None => said.with_words("by", "notice.turn.someone"),
    };
    let name =
        Said::new("notice.turn.title").with_words("game", format!("game.{}.name", live.game));
    crate::push::notify(
        state,
        &account,
        crate::push::Tell {
            title: name.clone(),
            body: with_by(Said::new("notice.turn.body")),
            url: format!("/game/{}", live.id),
            tag: format!("turn/{}", live.id),
        },
    );
    let text =
        with_by(Said::new("mail.turn.text")).with_words("game", format!("game.{}.name", live.game));
    let (state, game) = (state.clone(), live.id.clone());
    tokio::spawn(async move {
        if let Err(e) = crate::mail::your_turn(&state, &account, &game, name, text).await {
            tracing::warn!(error = %e, game = %game, "the mail of a turn could not be queued");
        }
    });
}

/// Step 3: the committed plan into memory (`deadline`, the one committed with it).
fn apply(live: &mut Live, plan: Plan, version: i64, deadline: Option<i64>) {
    match plan.change {
        Change::Move { mv, .. } => {
            // Checked legal on this position when the change was planned.
            let shown = MoveShown::of(live.position.as_ref(), &mv.text).unwrap_or_default();
            live.shown.push(shown);
            live.history.push(mv);
        }
        Change::TakeBack { from } => {
            live.history.truncate(from);
            live.shown.truncate(from);
        }
        Change::Say(message) => {
            live.chat.push(message);
            let over = live.chat.len().saturating_sub(CHAT_KEPT);
            live.chat.drain(..over);
        }
        Change::Join { .. }
        | Change::Key { .. }
        | Change::Own { .. }
        | Change::Claim { .. }
        | Change::Table
        | Change::HandOver { .. }
        | Change::Rematch { .. } => {}
    }
    if let Some((seat, row)) = plan.seat {
        live.seats[seat as usize] = row;
    }
    live.table = plan.table;
    live.deadline = deadline;
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
    let rebuilt = live
        .catch_up(row)
        .map_err(|e| ApiError::Internal(e.into()))?;
    // One change for every move played elsewhere since; a game rebuilt (moves were taken back)
    // is shown whole.
    game.publish(live, rebuilt);
    Ok(true)
}

/// Steps 3–5 for a change another process committed to `game` (a store event): this process's
/// watchers see it.
pub async fn refresh(state: &AppState, game: &Arc<LiveGame>) -> Result<(), ApiError> {
    make_current(state, game, &mut *game.state.lock().await).await
}

/// Shows who has `game` open now, as the store says (after a [`StoreEvent::Presence`]), to its
/// watchers in this process. Presence is not a change of the game: its version stays.
///
/// [`StoreEvent::Presence`]: trigonal_store::StoreEvent::Presence
pub async fn show_presence(state: &AppState, game: &Arc<LiveGame>) -> Result<(), ApiError> {
    let mut live = game.state.lock().await;
    let present = state.store.present(&live.id).await?;
    if present != live.present {
        live.present = present;
        game.publish(&live, false);
    }
    Ok(())
}

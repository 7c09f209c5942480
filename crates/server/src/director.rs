//! The tournaments' director, which every process runs: every [`TICK`] (and at once when one of
//! this process's tournament games ends) it starts the tournaments whose time came (or cancels
//! them, too few having come), records the places of tables whose games ended, pairs the next
//! Swiss round when one is over, seats an arena's free players, and finishes what is done.
//!
//! Several processes direct the same tournaments at once, and any may die half-way: each step
//! is one the store makes exactly once — a round's tables and their games are stored together
//! or not at all, and only by the first to store that round ([`trigonal_store::Tournaments::seat_round`]);
//! a table's places and a status change happen once — so a process that loses a race, or
//! restarts, simply finds the step done, or does it.

use std::collections::HashSet;
use std::time::Duration;

use tokio::sync::{broadcast, Notify};
use trigonal_core::Options;
use trigonal_store::{
    now_ms, RoundTable, SeatKind, SeatRow, Seating, Status, Table, TokenDigest, TournamentRow,
};
use trigonal_tournament::{arena, swiss};

use crate::error::ApiError;
use crate::tournament_rows::{self, active, ends, entrant, finishes, played, unfinished, System};
use crate::words::Said;
use crate::{change, games, state::AppState};

/// How often each process looks at the tournaments that run.
pub const TICK: Duration = Duration::from_secs(2);

/// This process's bells: one rung when a tournament changed anywhere (its sockets read it
/// again), one that wakes the director.
pub struct Director {
    changed: broadcast::Sender<Option<String>>,
    wake: Notify,
}

impl Default for Director {
    fn default() -> Director {
        Director {
            changed: broadcast::channel(256).0,
            wake: Notify::new(),
        }
    }
}

impl Director {
    /// Tournament `id` changed somewhere (`None`: any may have).
    pub fn changed(&self, id: Option<String>) {
        let _ = self.changed.send(id);
    }

    /// Hears of changed tournaments.
    pub fn subscribe(&self) -> broadcast::Receiver<Option<String>> {
        self.changed.subscribe()
    }

    /// A tournament game ended here: direct at once.
    pub fn wake(&self) {
        self.wake.notify_one();
    }
}

/// Directs the tournaments until the task is dropped.
pub async fn run(state: AppState) {
    let mut tick = tokio::time::interval(TICK);
    loop {
        tokio::select! {
            _ = tick.tick() => {}
            () = state.director.wake.notified() => {}
        }
        let listed = match state.store.list_tournaments(now_ms()).await {
            Ok(listed) => listed,
            Err(e) => {
                tracing::warn!(error = %e, "the tournaments could not be read");
                continue;
            }
        };
        for t in listed {
            let done = match t.status {
                Status::Waiting if now_ms() >= t.starts => start(&state, &t, now_ms()).await,
                Status::Running => direct(&state, &t.id).await,
                _ => Ok(()),
            };
            if let Err(e) = done {
                tracing::warn!(error = %e, tournament = %t.id, "a tournament could not be directed");
            }
        }
    }
}

/// Starts tournament `t` at `now` with its first round, or cancels it when too few entered.
pub(crate) async fn start(state: &AppState, t: &TournamentRow, now: i64) -> Result<(), ApiError> {
    if active(t).count() < tournament_rows::least(t) {
        if state
            .store
            .set_tournament_status(&t.id, Status::Waiting, Status::Cancelled, now)
            .await?
        {
            tracing::info!(tournament = %t.id, "tournament cancelled: too few entered");
        }
        return Ok(());
    }
    let tables = first_tables(state, t, 1, now)?;
    if state.store.seat_round(&t.id, 1, tables, Some(now)).await? {
        tracing::info!(tournament = %t.id, "tournament started");
        // Queued before the start is answered (the sending is the mail sender's).
        for e in active(t).filter(|e| e.level.is_none()) {
            crate::push::notify(
                state,
                &e.id,
                crate::push::Tell {
                    title: Said::new("notice.tournament.title").with("tournament", &t.name),
                    body: Said::new("notice.tournament.body"),
                    url: format!("/tournament/{}", t.id),
                    tag: format!("tournament/{}", t.id),
                },
            );
            if let Err(e) = crate::mail::tournament_starts(state, &e.id, &t.id, &t.name).await {
                tracing::warn!(error = %e, "the mail of a tournament's start could not be queued");
            }
        }
    }
    Ok(())
}

/// The tables of round (or wave) `round` of `t` as it stands.
fn first_tables(
    state: &AppState,
    t: &TournamentRow,
    round: u32,
    now: i64,
) -> Result<Vec<Seating>, ApiError> {
    match tournament_rows::system(t)? {
        System::Swiss => swiss_round(state, t, round, now),
        System::Arena => arena_wave(state, t, round, now),
    }
}

/// Records the tables of running tournament `id` that ended, then pairs on or finishes it.
async fn direct(state: &AppState, id: &str) -> Result<(), ApiError> {
    let mut t = tournament_rows::load(state, id).await?;
    let mut recorded = false;
    let open: Vec<RoundTable> = unfinished(&t).cloned().collect();
    for x in open {
        let Some(game) = &x.game_id else { continue };
        if let Some(places) = places(state, game).await? {
            recorded |= state.store.finish_table(id, x.round, x.n, places).await?;
        }
    }
    if recorded {
        t = tournament_rows::load(state, id).await?;
    }
    if t.status != Status::Running {
        return Ok(());
    }
    let now = now_ms();
    let next = t.tables.iter().map(|x| x.round).max().unwrap_or(0) + 1;
    let over = unfinished(&t).next().is_none();
    let finish = match tournament_rows::system(&t)? {
        System::Swiss => {
            if !over {
                return Ok(());
            }
            if next <= t.rounds.unwrap_or(0) && active(&t).count() >= 2 {
                let tables = swiss_round(state, &t, next, now)?;
                if state.store.seat_round(id, next, tables, None).await? {
                    tracing::info!(tournament = %id, round = next, "round paired");
                }
                false
            } else {
                true
            }
        }
        System::Arena => {
            if ends(&t).is_some_and(|end| now < end) {
                let tables = arena_wave(state, &t, next, now)?;
                if !tables.is_empty() && state.store.seat_round(id, next, tables, None).await? {
                    tracing::debug!(tournament = %id, wave = next, "arena players seated");
                }
                false
            } else {
                over
            }
        }
    };
    if finish
        && state
            .store
            .set_tournament_status(id, Status::Running, Status::Finished, now)
            .await?
    {
        tracing::info!(tournament = %id, "tournament finished");
    }
    Ok(())
}

/// The places of game `id` (by seat), once it is over.
async fn places(state: &AppState, id: &str) -> Result<Option<Vec<u8>>, ApiError> {
    let game = change::current(state, id).await?;
    let live = game.state.lock().await;
    if live.to_move().is_some() {
        return Ok(None);
    }
    Ok(change::places(&live.table, live.position.as_ref())
        .map(|p| p.into_iter().map(|n| n as u8).collect()))
}

/// Round `round` of Swiss tournament `t`: its games, and a bye.
fn swiss_round(
    state: &AppState,
    t: &TournamentRow,
    round: u32,
    now: i64,
) -> Result<Vec<Seating>, ApiError> {
    let entrants: Vec<_> = active(t).map(entrant).collect();
    let paired = swiss::pair(&entrants, &played(t));
    let mut tables = Vec::new();
    for p in paired.pairings {
        let n = tables.len() as u32 + 1;
        tables.push(table(state, t, round, n, vec![p.first, p.second], now)?);
    }
    if let Some(bye) = paired.bye {
        let n = tables.len() as u32 + 1;
        let x = RoundTable {
            round,
            n,
            game_id: None,
            seated: vec![bye],
            places: Some(vec![1]),
            started: now,
        };
        tables.push((x, None));
    }
    Ok(tables)
}

/// Wave `round` of arena `t`: its free players seated, the best-ranked first; a table of
/// computers alone is not seated.
fn arena_wave(
    state: &AppState,
    t: &TournamentRow,
    round: u32,
    now: i64,
) -> Result<Vec<Seating>, ApiError> {
    let busy: HashSet<&str> = unfinished(t)
        .flat_map(|x| x.seated.iter().map(String::as_str))
        .collect();
    let free: Vec<arena::Free> = active(t)
        .filter(|e| !busy.contains(e.id.as_str()))
        .map(|e| arena::Free {
            entrant: entrant(e),
            points: arena::score(&finishes(t, &e.id)).0,
            last: t
                .tables
                .iter()
                .rev()
                .find(|x| x.seated.contains(&e.id))
                .map(|x| x.seated.iter().filter(|s| **s != e.id).cloned().collect())
                .unwrap_or_default(),
        })
        .collect();
    let computer = |id: &String| t.entrants.iter().any(|e| &e.id == id && e.level.is_some());
    let mut tables = Vec::new();
    for seated in arena::seat(&free, t.players) {
        if seated.iter().all(computer) {
            continue;
        }
        let n = tables.len() as u32 + 1;
        tables.push(table(state, t, round, n, seated, now)?);
    }
    Ok(tables)
}

/// Table `n` of round `round` of `t`, with `seated` in its seats, and its game.
fn table(
    state: &AppState,
    t: &TournamentRow,
    round: u32,
    n: u32,
    seated: Vec<String>,
    now: i64,
) -> Result<Seating, ApiError> {
    let broken = |e: String| ApiError::Internal(format!("tournament {}: {e}", t.id).into());
    let position = trigonal_games::new_game(
        &t.game,
        &Options {
            players: Some(t.players),
            variant: t.variant.clone(),
        },
    )
    .map_err(|e| broken(e.to_string()))?;
    let control = t
        .clock
        .as_deref()
        .map(serde_json::from_str::<trigonal_clock::Control>)
        .transpose()
        .map_err(|e| broken(format!("its clock: {e}")))?;
    let mut seats = Vec::new();
    let mut names = Vec::new();
    for id in &seated {
        let e = t
            .entrants
            .iter()
            .find(|e| &e.id == id)
            .ok_or_else(|| broken(format!("no entrant {id}")))?;
        match &e.level {
            Some(level) => {
                seats.push(SeatRow {
                    kind: SeatKind::Ai,
                    level: Some(level.clone()),
                    token_digest: None,
                    owner: None,
                    keys: Vec::new(),
                });
                names.push(None);
            }
            // Every person's seat their own: their browsers get tokens for it from their
            // session; the token the row holds is nobody's.
            None => {
                seats.push(SeatRow {
                    kind: SeatKind::Human,
                    level: None,
                    token_digest: Some(TokenDigest::issue().1),
                    owner: Some(e.id.clone()),
                    keys: Vec::new(),
                });
                names.push(Some(e.name.clone()));
            }
        }
    }
    let rated = t.rated && seats.iter().all(|s| s.kind == SeatKind::Human);
    let table = Table {
        accounts: names.clone(),
        names,
        rated,
        tournament: Some(t.id.clone()),
        ..Table::default()
    };
    let game = games::new_row(
        position.as_ref(),
        seats,
        table,
        control,
        now,
        state.bot_patience,
    );
    let x = RoundTable {
        round,
        n,
        game_id: Some(game.id.clone()),
        seated,
        places: None,
        started: now,
    };
    Ok((x, Some(game)))
}

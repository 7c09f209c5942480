//! Analysis of finished games: each position's value for every seat, the computer's best move,
//! and in small Triangoli endgames the solver's exact result. Asked for through the API, it is
//! a job in the store like a computer move: a process with a computer claims it, works through
//! the positions at a fixed budget each and saves after each one — so the page shows progress,
//! and another process goes on where a crashed one stopped. Also the hint: the computer's move
//! for a person playing against it.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use trigonal_ai::{solve, Agent};
use trigonal_core::{DynGame, Seat};
use trigonal_games::dyn_player;
use trigonal_store::random_id;

use crate::change;
use crate::error::ApiError;
use crate::state::AppState;

/// A claimed analysis is held this long after its last save.
const LEASE: Duration = Duration::from_secs(30);

/// How long the hint thinks.
const HINT: Duration = Duration::from_millis(500);

/// How long marking every move of an exactly solved position may take, in an analysis (as many
/// times its time a position: 20 s at the site's 250 ms) and in a hint; beyond it the marks are
/// left out (12 empty triangles can take 5–15 s, 10 under 1 s).
const MARKS_PER_BUDGET: u32 = 80;
const HINT_MARKS: Duration = Duration::from_secs(3);

/// One analysed position.
#[derive(Clone, Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Entry {
    /// Moves played before it.
    pub ply: usize,
    /// Each seat's expected share of the win.
    pub value: Vec<f64>,
    /// The computer's move here (`null` once the game is over).
    pub best: Option<String>,
    /// The scene ids clicked to make `best`, to show it on the board (empty in analyses stored
    /// before they were kept).
    #[serde(default)]
    pub best_clicks: Vec<String>,
    /// The solver's result, where it settles the position.
    pub exact: Option<Exact>,
}

/// A position's exact result, for the seat to move.
#[derive(Clone, Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Exact {
    /// The seat to move.
    pub seat: u8,
    /// `win`, `draw` or `loss`, for that seat with best play.
    pub result: String,
    /// The final margin for that seat in the game's own counts, as its kit names them (Triangoli:
    /// `cylinders` kept and `sectors` won, that seat's minus the other's), as fields of their own.
    #[serde(flatten)]
    pub margin: BTreeMap<String, i32>,
    /// In words (English, for a terminal or a log): `win by 2 cylinders left after scoring`.
    pub text: String,
    /// The margin as a front end says it in its reader's language: a clause of its `words.`
    /// table (`margin.triangoli.cylinders` with `n` 2), as the game's kit gives it (absent in
    /// analyses stored before it was kept).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub words: Option<MarginWords>,
    /// Every legal move with the result it leads to for that seat; `None` when marking them
    /// took too long.
    #[serde(default)]
    pub moves: Option<Vec<MoveResult>>,
}

/// A margin in words for a front end: the clause's key and its counts.
#[derive(Clone, Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct MarginWords {
    /// The key of the front end's sentence, less its `words.`.
    pub key: String,
    /// The counts it names (`n`, which also picks the sentence's plural form).
    #[serde(default)]
    pub values: BTreeMap<String, i64>,
}

impl MarginWords {
    /// The numbers of `clause` (a margin's clause names no seat or move).
    fn of(clause: &trigonal_core::Clause) -> MarginWords {
        MarginWords {
            key: clause.key.clone(),
            values: clause
                .values
                .iter()
                .filter_map(|(name, word)| match word {
                    trigonal_core::Word::Number(n) => Some((name.to_string(), *n)),
                    _ => None,
                })
                .collect(),
        }
    }
}

/// A legal move and the result it leads to with best play, for the seat that plays it.
#[derive(Clone, Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct MoveResult {
    #[serde(rename = "move")]
    pub mv: String,
    /// `win`, `draw` or `loss`.
    pub result: String,
}

/// `GET /api/games/{id}/analysis`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Analysis {
    done: bool,
    progress: [usize; 2],
    plies: Vec<Entry>,
}

/// Starts the analysis of the finished game `id` (nothing new when it was asked for already);
/// how far it is.
pub async fn request(state: &AppState, id: &str) -> Result<Analysis, ApiError> {
    let game = change::current(state, id).await?;
    let total = {
        let live = game.state.lock().await;
        if live.to_move().is_some() {
            return Err(ApiError::Conflict(
                "a game is analysed once it is over".into(),
            ));
        }
        live.history.len() + 1
    };
    if state
        .store
        .request_analysis(id, total, trigonal_store::now_ms())
        .await?
    {
        state.analysis_due.notify_one();
    }
    progress(state, id).await
}

/// How far the analysis of game `id` is; 404 when none was asked for.
pub async fn progress(state: &AppState, id: &str) -> Result<Analysis, ApiError> {
    let row = state.store.load_analysis(id).await?.ok_or_else(|| {
        ApiError::NotFound(
            format!("game {id} has no analysis; ask for one with POST /api/games/{id}/analysis")
                .into(),
        )
    })?;
    let plies: Vec<Entry> = serde_json::from_str(&row.entries)
        .map_err(|e| ApiError::Internal(format!("the stored analysis of {id}: {e}").into()))?;
    Ok(Analysis {
        done: row.done >= row.total,
        progress: [row.done, row.total],
        plies,
    })
}

/// Claims and works through analyses, one at a time, until the task is dropped.
pub async fn run(state: AppState) {
    let owner = random_id();
    loop {
        match state.store.claim_analysis(&owner, LEASE).await {
            Ok(Some((game, done))) => {
                if let Err(e) = analyse(&state, &owner, &game, done).await {
                    tracing::warn!(game = %game, error = %e, "an analysis stopped");
                }
                continue;
            }
            Ok(None) => {}
            Err(e) => tracing::warn!(error = %e, "analyses could not be claimed"),
        }
        tokio::select! {
            () = state.analysis_due.notified() => {}
            () = tokio::time::sleep(Duration::from_secs(5)) => {}
        }
    }
}

/// Analyses game `id` from position `done` on, saving after each position.
async fn analyse(state: &AppState, owner: &str, id: &str, done: usize) -> Result<(), ApiError> {
    let row = state
        .store
        .load_game(id)
        .await?
        .ok_or_else(|| ApiError::no_game(id))?;
    let mut entries: Vec<Entry> = match state.store.load_analysis(id).await? {
        Some(a) => serde_json::from_str(&a.entries).unwrap_or_default(),
        None => return Ok(()),
    };
    entries.truncate(done);
    let options = trigonal_core::Options {
        players: Some(row.players),
        variant: row.variant.clone(),
    };
    let mut position = trigonal_games::new_game(&row.game, &options)
        .map_err(|e| ApiError::Internal(e.to_string().into()))?;
    for mv in &row.moves[..done.min(row.moves.len())] {
        position
            .play(&mv.text)
            .map_err(|e| ApiError::Internal(e.to_string().into()))?;
    }
    for ply in done..=row.moves.len() {
        let at = position.clone_box();
        let budget = state.analysis_budget;
        let entry = tokio::task::spawn_blocking(move || evaluate(at.as_ref(), ply, budget))
            .await
            .map_err(|e| ApiError::Internal(e.to_string().into()))??;
        entries.push(entry);
        let json = serde_json::to_string(&entries).expect("entries serialise");
        if !state
            .store
            .save_analysis(id, owner, json, entries.len(), LEASE)
            .await?
        {
            return Ok(()); // Another process holds it now.
        }
        if let Some(mv) = row.moves.get(ply) {
            position
                .play(&mv.text)
                .map_err(|e| ApiError::Internal(e.to_string().into()))?;
        }
    }
    Ok(())
}

/// The entry of `position`, the position after `ply` moves, thought about for `budget`.
fn evaluate(position: &dyn DynGame, ply: usize, budget: Duration) -> Result<Entry, ApiError> {
    let players = position.players();
    if let Some(outcome) = position.outcome() {
        return Ok(Entry {
            ply,
            value: (0..players)
                .map(|s| outcome.share(Seat(s as u8), players))
                .collect(),
            best: None,
            best_clicks: Vec::new(),
            exact: None,
        });
    }
    let advice = advise(position, ply as u64, budget, budget * MARKS_PER_BUDGET)?;
    let best_clicks = position
        .clicks_of(&advice.best)
        .map_err(|e| ApiError::Internal(format!("the computer's move: {e}").into()))?;
    Ok(Entry {
        ply,
        value: advice.value,
        best: Some(advice.best),
        best_clicks,
        exact: advice.exact,
    })
}

/// What the computer says of a position.
struct Advice {
    best: String,
    value: Vec<f64>,
    exact: Option<Exact>,
}

/// The move and the value of `position` (not over): the solver's, exact, where it settles the
/// position quickly, with every move marked if that takes less than `marks`; else
/// `ai:medium`'s after `budget` (its choices seeded with `seed`).
fn advise(
    position: &dyn DynGame,
    seed: u64,
    budget: Duration,
    marks: Duration,
) -> Result<Advice, ApiError> {
    let quick = trigonal_games::solver(position.id()).and_then(|solver| {
        let solved = solver.quick(position, 1)?;
        Some((solver, solved))
    });
    if let Some((solver, solved)) = quick {
        let moves = solver.move_verdicts(position, &solved, Instant::now().checked_add(marks));
        let mover = solved.seat.index();
        let share = match solved.verdict {
            solve::Verdict::Win => 1.0,
            solve::Verdict::Draw => 0.5,
            solve::Verdict::Loss => 0.0,
        };
        return Ok(Advice {
            best: solved.best.clone(),
            value: (0..position.players())
                .map(|s| if s == mover { share } else { 1.0 - share })
                .collect(),
            exact: Some(exact(&solved, moves)),
        });
    }
    let agent = Agent::Hint {
        ms: Some(budget.as_millis() as u64),
    };
    let mut player = dyn_player(position.id(), agent, seed)
        .map_err(|e| ApiError::Internal(e.to_string().into()))?;
    let thought = player
        .think(position)
        .ok_or_else(|| ApiError::Internal("no move to think about".into()))?;
    Ok(Advice {
        best: thought.best,
        value: thought.shares,
        exact: None,
    })
}

fn exact(solved: &solve::Solved, moves: Option<Vec<(String, solve::Verdict)>>) -> Exact {
    Exact {
        seat: solved.seat.0,
        result: solved.verdict.to_string(),
        margin: solved
            .parts
            .iter()
            .map(|&(name, n)| (name.to_string(), n))
            .collect(),
        text: solved.in_words(),
        words: Some(MarginWords::of(&solved.words)),
        moves: moves.map(|moves| {
            moves
                .into_iter()
                .map(|(mv, verdict)| MoveResult {
                    mv,
                    result: verdict.to_string(),
                })
                .collect()
        }),
    }
}

/// Why a move was wrong (a puzzle's miss): the best answer to it, as the hint finds one, and
/// what that leaves the move's player.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct Refutation {
    /// The move refuted.
    #[serde(rename = "move")]
    pub mv: String,
    /// The best answer to it.
    pub reply: String,
    /// The move's player's expected share of the win after it, in percent.
    pub share: i64,
    /// The solver's result after the move, for the seat to answer, where it settles it.
    pub exact: Option<Exact>,
}

/// The refutation of `mv`, just played by `seat`, in `position` (the position after it); none
/// when it ended the game.
pub fn refute(position: &dyn DynGame, seat: Seat, mv: String) -> Option<Refutation> {
    position.outcome().is_none().then_some(())?;
    let advice = advise(position, 1, HINT, Duration::ZERO).ok()?;
    let share = advice.value.get(seat.index()).copied().unwrap_or(0.0);
    Some(Refutation {
        mv,
        reply: advice.best,
        share: (share * 100.0).round() as i64,
        exact: advice.exact,
    })
}

/// `POST /api/games/{id}/hint`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Hint {
    #[serde(rename = "move")]
    mv: String,
    exact: Option<Exact>,
}

/// The computer's move for the holder of `token`, to move in a game against the computer (a
/// hint is no help a person may get against another person).
pub async fn hint(state: &AppState, id: &str, token: &str) -> Result<Hint, ApiError> {
    let game = change::current(state, id).await?;
    let position = {
        let live = game.state.lock().await;
        let seat = change::seat_of(&live, token)?;
        let people = (0..live.seats.len() as u8)
            .filter(|&s| live.is_person(s))
            .count();
        if people > 1 {
            return Err(ApiError::Conflict(
                "hints are for games against the computer, not between people".into(),
            ));
        }
        if live.to_move() != Some(seat) {
            return Err(ApiError::Conflict("a hint is for your turn".into()));
        }
        live.position.clone()
    };
    let position: Arc<dyn DynGame> = Arc::from(position);
    tokio::task::spawn_blocking(move || {
        advise(position.as_ref(), 1, HINT, HINT_MARKS).map(|advice| Hint {
            mv: advice.best,
            exact: advice.exact,
        })
    })
    .await
    .map_err(|e| ApiError::Internal(e.to_string().into()))?
}

#[cfg(test)]
mod tests {
    use super::*;
    use trigonal_core::Options;

    /// The clicks that show the computer's move on the board are those the legal moves offer
    /// for it, in every game, at the start and a few moves in.
    #[test]
    fn the_best_moves_clicks_are_those_the_legal_moves_give() {
        for id in trigonal_games::ids() {
            let mut position = trigonal_games::new_game(id, &Options::default()).unwrap();
            for ply in 0..3 {
                let entry = evaluate(&*position, ply, Duration::from_millis(50)).unwrap();
                let best = entry.best.expect("a move before the end");
                let offered = position
                    .legal_clicks()
                    .into_iter()
                    .find(|m| m.mv == best)
                    .unwrap_or_else(|| panic!("{id}: {best} is legal"));
                assert_eq!(entry.best_clicks, offered.clicks, "{id}, ply {ply}");
                assert!(!entry.best_clicks.is_empty(), "{id}: {best}");
                position.play(&best).unwrap();
                if position.outcome().is_some() {
                    break;
                }
            }
        }
    }
}

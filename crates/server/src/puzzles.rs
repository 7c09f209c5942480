//! Puzzles (docs/api.md, "Puzzles"): the kits' starter sets loaded into the store at start
//! (once: a puzzle's id comes from its position), the next puzzle for a player — near their
//! puzzle rating, never one they attempted — and the day's; attempts judged on the game's own
//! rules against the puzzle's line, the server playing the other seats' replies, and rated as
//! one Glicko-2 game between player and puzzle; and one's own mistakes, found by an analysis,
//! saved as puzzles for oneself ("train on your mistakes").

use std::collections::hash_map::RandomState;
use std::hash::BuildHasher;

use serde::{Deserialize, Serialize};
use trigonal_ai::puzzle::{Explanation, Puzzle};
use trigonal_core::{clipped, DynGame, Options};
use trigonal_ratings::Rating;
use trigonal_store::{now_ms, Attempted, PuzzleRow, Store, StoreError};

use crate::accounts::SignedIn;
use crate::analysis::{self, Entry, Refutation};
use crate::change;
use crate::error::{ApiError, Reason};
use crate::state::AppState;
use crate::view::{self, PositionView};

/// Stores every kit's starter set (puzzles already stored are left as they are): how many
/// were new. A set that cannot be read is skipped with a warning (the tests read every one).
pub async fn load_sets(store: &dyn Store) -> Result<usize, StoreError> {
    let mut new = 0;
    for game in trigonal_games::GAMES {
        let text = (game.puzzles)();
        if text.is_empty() {
            continue;
        }
        let set = match Puzzle::parse_set(text) {
            Ok(set) => set,
            Err(e) => {
                tracing::warn!(game = game.id, "the starter puzzles cannot be read: {e}");
                continue;
            }
        };
        let now = now_ms();
        let rows = set
            .into_iter()
            .map(|p| PuzzleRow {
                id: p.id(),
                game: p.game,
                players: p.players,
                variant: p.variant,
                record: p.record.split_whitespace().map(str::to_string).collect(),
                solution: p.solution,
                goal: p.goal,
                explanation: serde_json::to_string(&p.explanation).expect("JSON"),
                owner: None,
                origin: None,
                rating: Rating::START,
                created: now,
            })
            .collect();
        new += store.add_puzzles(rows).await?;
    }
    if new > 0 {
        tracing::info!(new, "starter puzzles stored");
    }
    Ok(new)
}

fn no_puzzle(id: &str) -> ApiError {
    ApiError::NotFound(
        Reason::new("no-puzzle", format!("no puzzle with id {:?}", clipped(id)))
            .with("id", clipped(id)),
    )
}

fn unknown_game(game: &str) -> ApiError {
    ApiError::BadRequest(
        Reason::new(
            "unknown-game",
            trigonal_games::UnknownGame(game.to_string()).to_string(),
        )
        .with("game", clipped(game)),
    )
}

/// The puzzle's position: its record replayed from the start of its game.
fn position_of(p: &PuzzleRow) -> Result<Box<dyn DynGame>, ApiError> {
    let options = Options {
        players: Some(p.players),
        variant: p.variant.clone(),
    };
    let damaged =
        |e: String| ApiError::Internal(format!("puzzle {} cannot be set up: {e}", p.id).into());
    let mut position =
        trigonal_games::new_game(&p.game, &options).map_err(|e| damaged(e.to_string()))?;
    for mv in &p.record {
        position.play(mv).map_err(|e| damaged(e.to_string()))?;
    }
    Ok(position)
}

/// A puzzle as a player is given it: everything but the answer.
#[derive(Serialize, utoipa::ToSchema)]
pub struct PuzzleView {
    id: String,
    record: Vec<String>,
    goal: String,
    /// The puzzle's rating, rounded.
    rating: i64,
    /// Rated attempts at it so far.
    attempts: u32,
    /// Whether it is one's own mistake.
    mine: bool,
    /// The day it is the puzzle of (`GET /api/puzzles/daily`).
    #[serde(skip_serializing_if = "Option::is_none")]
    day: Option<String>,
    /// The signed-in player's puzzle rating in the game.
    player: Option<PlayerRating>,
    #[serde(flatten)]
    position: PositionView,
}

#[derive(Serialize, utoipa::ToSchema)]
struct PlayerRating {
    rating: i64,
    deviation: i64,
    attempts: u32,
    /// What the attempt changed, after one.
    #[serde(skip_serializing_if = "Option::is_none")]
    change: Option<i64>,
}

impl PlayerRating {
    fn of(r: &Rating, change: Option<i64>) -> PlayerRating {
        PlayerRating {
            rating: r.rating.round() as i64,
            deviation: r.deviation.round() as i64,
            attempts: r.games,
            change,
        }
    }
}

async fn view_of(
    state: &AppState,
    p: PuzzleRow,
    signed_in: Option<&SignedIn>,
    day: Option<String>,
) -> Result<PuzzleView, ApiError> {
    let position = view::position(&*position_of(&p)?);
    let player = match signed_in {
        Some(s) => Some(PlayerRating::of(
            &state.store.puzzle_rating(&s.account.id, &p.game).await?,
            None,
        )),
        None => None,
    };
    Ok(PuzzleView {
        id: p.id,
        record: p.record,
        goal: p.goal,
        rating: p.rating.rating.round() as i64,
        attempts: p.rating.games,
        mine: p.owner.is_some(),
        day,
        player,
        position,
    })
}

/// A random number: which of the puzzles nearest a rating is given.
fn random() -> u64 {
    RandomState::new().hash_one(now_ms())
}

/// How many puzzles nearest the player's rating the next is drawn from.
const NEAREST: usize = 12;

/// The next puzzle of `game` for the player: one they have not attempted, drawn from those
/// rated nearest their puzzle rating (a visitor's: near 1500, drawn from more); with `mine`,
/// one of their own mistakes not yet solved.
pub async fn next(
    state: &AppState,
    game: &str,
    mine: bool,
    signed_in: Option<&SignedIn>,
) -> Result<PuzzleView, ApiError> {
    let info = trigonal_games::info(game).map_err(|_| unknown_game(game))?;
    let account = signed_in.map(|s| s.account.id.as_str());
    if mine && account.is_none() {
        return Err(ApiError::Unauthorized(Reason::new(
            "not-signed-in",
            "sign in to train on your own mistakes",
        )));
    }
    let near = match account {
        Some(a) => state.store.puzzle_rating(a, info.id).await?.rating,
        None => Rating::START.rating,
    };
    let pool = if account.is_some() {
        NEAREST
    } else {
        4 * NEAREST
    };
    let mut nearest = state
        .store
        .puzzles_near(info.id, account, mine, near, pool)
        .await?;
    if nearest.is_empty() {
        return Err(ApiError::NotFound(
            Reason::new(
                "no-puzzle-left",
                format!("no puzzle of {} is left for you", info.name),
            )
            .with("game", info.id),
        ));
    }
    let chosen = nearest.swap_remove((random() % nearest.len() as u64) as usize);
    view_of(state, chosen, signed_in, None).await
}

/// Puzzle `id`, if the player may see it: one's own mistakes are one's own.
async fn visible(
    state: &AppState,
    id: &str,
    signed_in: Option<&SignedIn>,
) -> Result<PuzzleRow, ApiError> {
    let p = state.store.puzzle(id).await?.ok_or_else(|| no_puzzle(id))?;
    match &p.owner {
        Some(owner) if signed_in.is_none_or(|s| s.account.id != *owner) => Err(no_puzzle(id)),
        _ => Ok(p),
    }
}

/// Puzzle `id`, as a player is given it.
pub async fn one(
    state: &AppState,
    id: &str,
    signed_in: Option<&SignedIn>,
) -> Result<PuzzleView, ApiError> {
    let p = visible(state, id, signed_in).await?;
    view_of(state, p, signed_in, None).await
}

/// The puzzle of the day (UTC) for `game`.
pub async fn daily(
    state: &AppState,
    game: &str,
    signed_in: Option<&SignedIn>,
) -> Result<PuzzleView, ApiError> {
    let info = trigonal_games::info(game).map_err(|_| unknown_game(game))?;
    let day = view::rfc3339(now_ms())[..10].to_string();
    let p = state
        .store
        .daily_puzzle(&day, info.id, random())
        .await?
        .ok_or_else(|| {
            ApiError::NotFound(
                Reason::new("no-puzzle-left", format!("{} has no puzzles", info.name))
                    .with("game", info.id),
            )
        })?;
    view_of(state, p, signed_in, Some(day)).await
}

/// The moves played from the puzzle's position: the player's, with the replies they were
/// given between them.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AttemptRequest {
    moves: Vec<String>,
}

/// What an attempt found.
#[derive(Serialize, utoipa::ToSchema)]
pub struct AttemptReply {
    /// Whether every move of the player's so far is the puzzle's.
    correct: bool,
    /// Whether the attempt is over: a wrong move, or the whole line found.
    done: bool,
    /// The whole line, once the attempt is over (else empty).
    solution: Vec<String>,
    /// The other seats' replies to play now, when the line goes on.
    reply: Vec<String>,
    /// Why the answer is right, once the attempt is over.
    #[schema(schema_with = crate::openapi::explanation_or_null)]
    explanation: Option<Explanation>,
    /// Why the move that missed is wrong: the best answer to it and what it leaves the player
    /// (only after a miss, and none where that move ended the game).
    #[serde(skip_serializing_if = "Option::is_none")]
    refutation: Option<Refutation>,
    /// The puzzle's rating, after the attempt.
    rating: i64,
    /// Whether this attempt was rated (a signed-in player's first at one of everyone's puzzles).
    rated: bool,
    /// The player's puzzle rating after it, when signed in.
    player: Option<PlayerRating>,
    /// The position now: after the player's moves and the replies given.
    #[serde(flatten)]
    position: PositionView,
}

fn line_refused(index: usize, text: String) -> ApiError {
    ApiError::Conflict(Reason::new("puzzle-line", text).with("index", index))
}

/// Judges `req`'s moves in puzzle `id`, and at its end rates the attempt.
pub async fn attempt(
    state: &AppState,
    id: &str,
    req: AttemptRequest,
    signed_in: Option<&SignedIn>,
) -> Result<AttemptReply, ApiError> {
    let p = visible(state, id, signed_in).await?;
    if req.moves.is_empty() {
        return Err(ApiError::BadRequest(
            "give the moves played, at least one".into(),
        ));
    }
    if req.moves.len() > p.solution.len() {
        return Err(line_refused(
            p.solution.len(),
            format!("the puzzle's line has {} moves", p.solution.len()),
        ));
    }
    let mut position = position_of(&p)?;
    let solver = position.to_move();
    let mut correct = true;
    let mut missed = None;
    for (i, text) in req.moves.iter().enumerate() {
        if !correct {
            return Err(line_refused(
                i,
                format!("move {}: the attempt ended before it", i + 1),
            ));
        }
        let mover = position.to_move();
        let played = position.play(text).map_err(|e| {
            ApiError::Unprocessable(
                Reason::new("illegal-move", format!("move {}: {e}", i + 1)).with("index", i),
            )
        })?;
        if played == p.solution[i] {
            continue;
        }
        if mover != solver {
            // A reply other than the one given: the attempt is of another line.
            return Err(line_refused(
                i,
                format!(
                    "move {}: the reply was {}, not {played}",
                    i + 1,
                    p.solution[i]
                ),
            ));
        }
        correct = false;
        missed = Some(played);
    }
    let done = !correct || req.moves.len() == p.solution.len();
    if !done {
        // The replies up to the player's next move.
        let mut replies = Vec::new();
        for mv in &p.solution[req.moves.len()..] {
            if position.to_move() == solver {
                break;
            }
            position
                .play(mv)
                .map_err(|e| ApiError::Internal(format!("puzzle {id}'s line: {e}").into()))?;
            replies.push(mv.clone());
        }
        return Ok(AttemptReply {
            correct,
            done,
            solution: Vec::new(),
            reply: replies,
            explanation: None,
            refutation: None,
            rating: p.rating.rating.round() as i64,
            rated: false,
            player: None,
            position: view::position(&*position),
        });
    }
    let (mut rating, mut rated, mut player) = (p.rating, false, None);
    if let Some(s) = signed_in {
        match state
            .store
            .attempt_puzzle(&s.account.id, id, correct, now_ms())
            .await?
        {
            Attempted::Rated {
                player: (before, after),
                puzzle: (_, now),
            } => {
                rating = now;
                rated = true;
                let change = (after.rating - before.rating).round() as i64;
                player = Some(PlayerRating::of(&after, Some(change)));
            }
            Attempted::Again => {
                let now = state.store.puzzle_rating(&s.account.id, &p.game).await?;
                player = Some(PlayerRating::of(&now, None));
            }
            Attempted::Gone => return Err(no_puzzle(id)),
        }
    }
    let explanation = serde_json::from_str(&p.explanation).ok();
    // A miss: the answer that refutes it, as the analysis finds one (the solver's where it
    // settles the position quickly, else the computer's search for half a second).
    let refutation = match (missed, solver) {
        (Some(mv), Some(seat)) => {
            let at = position.clone_box();
            tokio::task::spawn_blocking(move || analysis::refute(at.as_ref(), seat, mv))
                .await
                .ok()
                .flatten()
        }
        _ => None,
    };
    Ok(AttemptReply {
        correct,
        done,
        solution: p.solution,
        reply: Vec::new(),
        explanation,
        refutation,
        rating: rating.rating.round() as i64,
        rated,
        player,
        position: view::position(&*position),
    })
}

/// A move of a finished game to train on: the number of moves before it.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MistakeRequest {
    game: String,
    ply: usize,
}

/// How much of its mover's share of the win a move must have lost to be a mistake worth a
/// puzzle (what the analysis board marks a mistake or a blunder).
const MISTAKE: f64 = 0.2;

/// Saves the move at `req.ply` of a finished, analysed game as a puzzle for the signed-in
/// player who made it, when the analysis found it a mistake: the position before it, the
/// computer's move the answer. Saving it again gives the same puzzle.
pub async fn save_mistake(
    state: &AppState,
    signed_in: &SignedIn,
    req: MistakeRequest,
) -> Result<(bool, PuzzleView), ApiError> {
    let game = change::current(state, &req.game).await?;
    let (row, origin_seat) = {
        let live = game.state.lock().await;
        let Some(mv) = live.history.get(req.ply) else {
            return Err(ApiError::NotFound(
                Reason::new(
                    "no-such-move",
                    format!("game {} has {} moves", live.id, live.history.len()),
                )
                .with("moves", live.history.len()),
            ));
        };
        let seat = &live.seats[usize::from(mv.seat)];
        if seat.owner.as_deref() != Some(signed_in.account.id.as_str()) {
            return Err(ApiError::Forbidden(Reason::new(
                "not-your-move",
                "only the player who made a move can train on it",
            )));
        }
        let options = live.options.clone();
        let record: Vec<String> = live.history[..req.ply]
            .iter()
            .map(|m| m.text.clone())
            .collect();
        (
            (live.game.clone(), options, record, mv.text.clone()),
            mv.seat,
        )
    };
    let (game_id, options, record, played) = row;
    let analysis = state
        .store
        .load_analysis(&req.game)
        .await?
        .ok_or_else(not_a_mistake)?;
    let entries: Vec<Entry> = serde_json::from_str(&analysis.entries)
        .map_err(|e| ApiError::Internal(format!("the stored analysis: {e}").into()))?;
    let at = |ply: usize| entries.iter().find(|e| e.ply == ply);
    let (Some(before), Some(after)) = (at(req.ply), at(req.ply + 1)) else {
        return Err(not_a_mistake());
    };
    let seat = usize::from(origin_seat);
    let drop = before.value.get(seat).copied().unwrap_or(0.0)
        - after.value.get(seat).copied().unwrap_or(0.0);
    let best = before.best.clone().ok_or_else(not_a_mistake)?;
    if drop < MISTAKE - 1e-9 || best == played {
        return Err(not_a_mistake());
    }
    // One puzzle per move: only its mover may save it.
    let id = format!("m-{}-{}", req.game, req.ply);
    let explanation = Explanation {
        key: "mistake".into(),
        values: [
            ("drop".to_string(), (drop * 100.0).round() as i64),
            ("move".to_string(), req.ply as i64 + 1),
        ]
        .into(),
    };
    let row = PuzzleRow {
        id: id.clone(),
        game: game_id,
        players: options.players.unwrap_or(2),
        variant: options.variant,
        record,
        solution: vec![best],
        goal: "best".into(),
        explanation: serde_json::to_string(&explanation).expect("JSON"),
        owner: Some(signed_in.account.id.clone()),
        origin: Some(req.game.clone()),
        rating: Rating::START,
        created: now_ms(),
    };
    let new = state.store.add_puzzles(vec![row]).await? > 0;
    let stored = state
        .store
        .puzzle(&id)
        .await?
        .ok_or_else(|| no_puzzle(&id))?;
    Ok((new, view_of(state, stored, Some(signed_in), None).await?))
}

fn not_a_mistake() -> ApiError {
    ApiError::Conflict(Reason::new(
        "not-a-mistake",
        "the analysis does not find this move a mistake (or has not reached it yet)",
    ))
}

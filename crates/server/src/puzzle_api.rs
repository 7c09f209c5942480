//! The routes of puzzles: the next one, the day's, one by id, an attempt, and one's own mistake
//! saved (docs/api.md, "Puzzles").

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;

use crate::accounts::SignedIn;
use crate::body::JsonBody;
use crate::error::ApiError;
use crate::limit::MayAttempt;
use crate::puzzles::{self, AttemptReply, AttemptRequest, MistakeRequest, PuzzleView};
use crate::AppState;

/// The routes of puzzles.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/puzzles/next", get(next))
        .route("/api/puzzles/daily", get(daily))
        .route("/api/puzzles/{id}", get(one))
        .route("/api/puzzles/{id}/attempt", post(attempt))
        .route("/api/me/puzzles", post(save_mistake))
}

#[derive(Deserialize)]
struct Which {
    game: String,
    #[serde(default)]
    mine: bool,
}

async fn next(
    State(state): State<AppState>,
    signed_in: Option<SignedIn>,
    Query(which): Query<Which>,
) -> Result<Json<PuzzleView>, ApiError> {
    Ok(Json(
        puzzles::next(&state, &which.game, which.mine, signed_in.as_ref()).await?,
    ))
}

#[derive(Deserialize)]
struct OfGame {
    game: String,
}

async fn daily(
    State(state): State<AppState>,
    signed_in: Option<SignedIn>,
    Query(of): Query<OfGame>,
) -> Result<Json<PuzzleView>, ApiError> {
    Ok(Json(
        puzzles::daily(&state, &of.game, signed_in.as_ref()).await?,
    ))
}

async fn one(
    State(state): State<AppState>,
    signed_in: Option<SignedIn>,
    Path(id): Path<String>,
) -> Result<Json<PuzzleView>, ApiError> {
    Ok(Json(puzzles::one(&state, &id, signed_in.as_ref()).await?))
}

async fn attempt(
    State(state): State<AppState>,
    _: MayAttempt,
    signed_in: Option<SignedIn>,
    Path(id): Path<String>,
    JsonBody(req): JsonBody<AttemptRequest>,
) -> Result<Json<AttemptReply>, ApiError> {
    Ok(Json(
        puzzles::attempt(&state, &id, req, signed_in.as_ref()).await?,
    ))
}

async fn save_mistake(
    State(state): State<AppState>,
    signed_in: SignedIn,
    JsonBody(req): JsonBody<MistakeRequest>,
) -> Result<(StatusCode, Json<PuzzleView>), ApiError> {
    let (new, view) = puzzles::save_mistake(&state, &signed_in, req).await?;
    let status = if new {
        StatusCode::CREATED
    } else {
        StatusCode::OK
    };
    Ok((status, Json(view)))
}

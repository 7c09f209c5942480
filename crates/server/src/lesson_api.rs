//! The routes of lessons: the list, a lesson's steps, a step's moves judged, and an account's
//! finished lessons (docs/api.md, "Lessons").

use axum::extract::{Path, State};
use axum::routing::{get, post};
use axum::{Json, Router};

use crate::accounts::SignedIn;
use crate::body::JsonBody;
use crate::error::ApiError;
use crate::lessons::{self, Finished, LessonView, Listing, Progress, StepReply, StepRequest};
use crate::AppState;

/// The routes of lessons.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/lessons", get(list))
        .route("/api/lessons/{game}/{id}", get(lesson))
        .route("/api/lessons/{game}/{id}/steps/{n}", post(step))
        .route("/api/me/lessons", get(done).post(finish))
}

async fn list() -> Json<Listing> {
    Json(lessons::listing())
}

async fn lesson(Path((game, id)): Path<(String, String)>) -> Result<Json<LessonView>, ApiError> {
    Ok(Json(lessons::lesson(&game, &id)?))
}

async fn step(
    Path((game, id, n)): Path<(String, String, String)>,
    JsonBody(req): JsonBody<StepRequest>,
) -> Result<Json<StepReply>, ApiError> {
    // Replaying a step is the engine's work: off the async threads.
    let reply = tokio::task::spawn_blocking(move || lessons::step(&game, &id, &n, req))
        .await
        .map_err(|e| ApiError::Internal(e.to_string().into()))??;
    Ok(Json(reply))
}

async fn done(
    State(state): State<AppState>,
    signed_in: SignedIn,
) -> Result<Json<Progress>, ApiError> {
    Ok(Json(lessons::done(&state, &signed_in).await?))
}

async fn finish(
    State(state): State<AppState>,
    signed_in: SignedIn,
    JsonBody(req): JsonBody<Finished>,
) -> Result<Json<Progress>, ApiError> {
    Ok(Json(lessons::finish(&state, &signed_in, req).await?))
}

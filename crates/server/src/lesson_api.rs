//! The routes of lessons: the list, a lesson's steps, a step's moves judged, and an account's
//! finished lessons (docs/api.md, "Lessons").

use axum::extract::{Path, State};
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::accounts::SignedIn;
use crate::body::JsonBody;
use crate::error::ApiError;
use crate::lessons::{self, Finished, LessonView, Listing, Progress, StepReply, StepRequest};
use crate::openapi::ErrorBody;
use crate::state::AppState;

/// The routes of lessons.
pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(lesson))
        .routes(routes!(step))
        .routes(routes!(done, finish))
}

/// Every game with lessons, each with its lessons in the order they are taken.
#[utoipa::path(get, path = "/api/lessons", tag = "learning",
    responses((status = 200, description = "The lessons.", body = Listing)))]
async fn list() -> Json<Listing> {
    Json(lessons::listing())
}

/// A lesson: its steps, each a position with the moves "show me" plays.
#[utoipa::path(get, path = "/api/lessons/{game}/{id}", tag = "learning", params(("game" = String, Path, description = "The game."), ("id" = String, Path, description = "The lesson.")),
    responses(
        (status = 200, description = "The lesson.", body = LessonView),
        (status = 404, description = "No such lesson (`no-lesson`).", body = ErrorBody),
    ))]
async fn lesson(Path((game, id)): Path<(String, String)>) -> Result<Json<LessonView>, ApiError> {
    Ok(Json(lessons::lesson(&game, &id)?))
}

/// The learner's moves in a step, judged on the rules: passed, missed or going on, and the
/// position they led to. Nothing is stored.
#[utoipa::path(post, path = "/api/lessons/{game}/{id}/steps/{n}", tag = "learning", request_body = StepRequest,
    params(("game" = String, Path, description = "The game."), ("id" = String, Path, description = "The lesson."), ("n" = String, Path, description = "The step, from 0.")),
    responses(
        (status = 200, description = "The verdict and the position.", body = StepReply),
        (status = 404, description = "No such lesson or step (`no-lesson`, `no-lesson-step`).", body = ErrorBody),
        (status = 409, description = "A move after the step was passed or missed (`step-ended`).", body = ErrorBody),
        (status = 422, description = "A move that is not legal there (`illegal-move`).", body = ErrorBody),
    ))]
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

/// The lessons the signed-in player finished, in the order they were.
#[utoipa::path(get, path = "/api/me/lessons", tag = "learning",
    responses(
        (status = 200, description = "The lessons finished.", body = Progress),
        (status = 401, description = "Not signed in (`not-signed-in`).", body = ErrorBody),
    ))]
async fn done(
    State(state): State<AppState>,
    signed_in: SignedIn,
) -> Result<Json<Progress>, ApiError> {
    Ok(Json(lessons::done(&state, &signed_in).await?))
}

/// A lesson finished by the signed-in player (again: its first time kept).
#[utoipa::path(post, path = "/api/me/lessons", tag = "learning", request_body = Finished,
    responses(
        (status = 200, description = "The lessons finished, with it.", body = Progress),
        (status = 401, description = "Not signed in (`not-signed-in`).", body = ErrorBody),
        (status = 404, description = "No such lesson (`no-lesson`).", body = ErrorBody),
    ))]
async fn finish(
    State(state): State<AppState>,
    signed_in: SignedIn,
    JsonBody(req): JsonBody<Finished>,
) -> Result<Json<Progress>, ApiError> {
    Ok(Json(lessons::finish(&state, &signed_in, req).await?))
}

//! The routes of puzzles: the next one, the day's, one by id, an attempt, and one's own mistake
//! saved (docs/api.md, "Puzzles").

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::Json;
use serde::Deserialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::accounts::SignedIn;
use crate::body::JsonBody;
use crate::error::ApiError;
use crate::limit::MayAttempt;
use crate::openapi::ErrorBody;
use crate::puzzles::{self, AttemptReply, AttemptRequest, MistakeRequest, PuzzleView};
use crate::state::AppState;

/// The routes of puzzles.
pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(next))
        .routes(routes!(daily))
        .routes(routes!(one))
        .routes(routes!(attempt))
        .routes(routes!(save_mistake))
}

#[derive(Deserialize)]
struct Which {
    game: String,
    #[serde(default)]
    mine: bool,
}

/// A puzzle the player has not tried, near their puzzle rating; or one of their own mistakes.
#[utoipa::path(get, path = "/api/puzzles/next", tag = "learning",
    params(("game" = String, Query, description = "The game."), ("mine" = Option<bool>, Query, description = "One of the player's own mistakes.")),
    responses(
        (status = 200, description = "The puzzle (its answer not in it).", body = PuzzleView),
        (status = 400, description = "No game, or an unknown one (`unknown-game`).", body = ErrorBody),
        (status = 401, description = "`mine` and nobody signed in (`not-signed-in`).", body = ErrorBody),
        (status = 404, description = "None left (`no-puzzle-left`).", body = ErrorBody),
    ))]
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

/// The puzzle of the day (UTC) for a game, the same for everyone all day.
#[utoipa::path(get, path = "/api/puzzles/daily", tag = "learning", params(("game" = String, Query, description = "The game.")),
    responses(
        (status = 200, description = "The puzzle.", body = PuzzleView),
        (status = 400, description = "No game, or an unknown one (`unknown-game`).", body = ErrorBody),
        (status = 404, description = "The game has no puzzles (`no-puzzle-left`).", body = ErrorBody),
    ))]
async fn daily(
    State(state): State<AppState>,
    signed_in: Option<SignedIn>,
    Query(of): Query<OfGame>,
) -> Result<Json<PuzzleView>, ApiError> {
    Ok(Json(
        puzzles::daily(&state, &of.game, signed_in.as_ref()).await?,
    ))
}

/// A puzzle by its id.
#[utoipa::path(get, path = "/api/puzzles/{id}", tag = "learning",
    params(("id" = String, Path, description = "The puzzle.")),
    responses(
        (status = 200, description = "The puzzle.", body = PuzzleView),
        (status = 404, description = "No such puzzle, or another's own (`no-puzzle`).", body = ErrorBody),
    ))]
async fn one(
    State(state): State<AppState>,
    signed_in: Option<SignedIn>,
    Path(id): Path<String>,
) -> Result<Json<PuzzleView>, ApiError> {
    Ok(Json(puzzles::one(&state, &id, signed_in.as_ref()).await?))
}

/// The player's moves from the puzzle's position, judged: right so far, solved, or missed.
#[utoipa::path(post, path = "/api/puzzles/{id}/attempt", tag = "learning", request_body = AttemptRequest,
    params(("id" = String, Path, description = "The puzzle.")),
    responses(
        (status = 200, description = "The verdict, the position, and the ratings after it.", body = AttemptReply),
        (status = 400, description = "No moves.", body = ErrorBody),
        (status = 404, description = "No such puzzle (`no-puzzle`).", body = ErrorBody),
        (status = 409, description = "Off the line given (`puzzle-line`).", body = ErrorBody),
        (status = 422, description = "A move that is not legal there (`illegal-move`).", body = ErrorBody),
        (status = 429, description = "Too many attempts from this address (`too-fast`).", body = ErrorBody),
    ))]
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

/// One of the player's own moves that the analysis found a mistake, kept as their puzzle.
#[utoipa::path(post, path = "/api/me/puzzles", tag = "learning", request_body = MistakeRequest,
    responses(
        (status = 201, description = "Kept: the puzzle.", body = PuzzleView),
        (status = 200, description = "Kept before: the puzzle.", body = PuzzleView),
        (status = 401, description = "Not signed in (`not-signed-in`).", body = ErrorBody),
        (status = 403, description = "Not the player's move (`not-your-move`).", body = ErrorBody),
        (status = 404, description = "No such game or move (`no-game`, `no-such-move`).", body = ErrorBody),
        (status = 409, description = "Not a mistake, or not analysed yet (`not-a-mistake`).", body = ErrorBody),
    ))]
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

//! The moderators' routes (docs/api.md, "Reports and moderation"): the reports, actions, and
//! the log. Anyone else signed in is answered `403` `not-moderator`. What each does is in
//! [`crate::moderation`].

use axum::extract::State;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::accounts::SignedIn;
use crate::body::JsonBody;
use crate::error::ApiError;
use crate::moderation::{self, Log, LogLine, NewAction, Reports};
use crate::openapi::ErrorBody;
use crate::state::AppState;

/// The moderators' routes.
pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(reports))
        .routes(routes!(act))
        .routes(routes!(log))
}

/// The reports, open ones first.
#[utoipa::path(get, path = "/api/mod/reports", tag = "moderation",
    responses(
        (status = 200, description = "The reports.", body = Reports),
        (status = 401, description = "Not signed in (`not-signed-in`).", body = ErrorBody),
        (status = 403, description = "Not a moderator (`not-moderator`).", body = ErrorBody),
    ))]
async fn reports(
    State(state): State<AppState>,
    signed_in: SignedIn,
) -> Result<Json<Reports>, ApiError> {
    Ok(Json(moderation::reports(&state, &signed_in).await?))
}

/// A moderator's action on a player, logged.
#[utoipa::path(post, path = "/api/mod/actions", tag = "moderation", request_body = NewAction,
    responses(
        (status = 200, description = "Done: the line it added to the log.", body = LogLine),
        (status = 400, description = "An unknown action, a mute without its minutes, a new name that cannot be one, no reason (`mod-action`, `mod-minutes`, `mod-reason`, `account-name`, `name-refused`).", body = ErrorBody),
        (status = 401, description = "Not signed in (`not-signed-in`).", body = ErrorBody),
        (status = 403, description = "Not a moderator (`not-moderator`).", body = ErrorBody),
        (status = 404, description = "No such player or report (`no-player`, `no-report`).", body = ErrorBody),
        (status = 409, description = "A rename to a name taken (`name-taken`).", body = ErrorBody),
    ))]
async fn act(
    State(state): State<AppState>,
    signed_in: SignedIn,
    JsonBody(req): JsonBody<NewAction>,
) -> Result<Json<LogLine>, ApiError> {
    Ok(Json(moderation::act(&state, &signed_in, req).await?))
}

/// Every action moderators took, the latest first (never changed, only added to).
#[utoipa::path(get, path = "/api/mod/log", tag = "moderation",
    responses(
        (status = 200, description = "The log.", body = Log),
        (status = 401, description = "Not signed in (`not-signed-in`).", body = ErrorBody),
        (status = 403, description = "Not a moderator (`not-moderator`).", body = ErrorBody),
    ))]
async fn log(State(state): State<AppState>, signed_in: SignedIn) -> Result<Json<Log>, ApiError> {
    Ok(Json(moderation::log(&state, &signed_in).await?))
}

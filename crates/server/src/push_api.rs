//! The routes of Web Push: the site's public key, and a browser's subscription kept or dropped
//! (docs/api.md, "Web Push").

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::accounts::SignedIn;
use crate::body::JsonBody;
use crate::error::ApiError;
use crate::openapi::ErrorBody;
use crate::push::{self, PushKey, Subscription, Unsubscribe};
use crate::state::AppState;

/// The routes of Web Push.
pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(key))
        .routes(routes!(subscribe, unsubscribe))
}

/// The site's public key, for browsers to subscribe with (`applicationServerKey`).
#[utoipa::path(get, path = "/api/push/key", tag = "mail",
    responses(
        (status = 200, description = "The key.", body = PushKey),
        (status = 409, description = "This server sends no push notices (`push-off`).", body = ErrorBody),
    ))]
async fn key(State(state): State<AppState>) -> Result<Json<PushKey>, ApiError> {
    Ok(Json(push::key(&state).await?))
}

/// Keeps a browser's push subscription for the signed-in player.
#[utoipa::path(post, path = "/api/me/push", tag = "mail", request_body = Subscription,
    responses(
        (status = 201, description = "Kept."),
        (status = 400, description = "Not a subscription, or an endpoint the server will not reach (`push-subscription`, `push-endpoint`).", body = ErrorBody),
        (status = 401, description = "Not signed in (`not-signed-in`).", body = ErrorBody),
        (status = 409, description = "This server sends no push notices (`push-off`).", body = ErrorBody),
    ))]
async fn subscribe(
    State(state): State<AppState>,
    signed_in: SignedIn,
    JsonBody(req): JsonBody<Subscription>,
) -> Result<StatusCode, ApiError> {
    push::subscribe(&state, &signed_in, req).await?;
    Ok(StatusCode::CREATED)
}

/// Forgets a browser's push subscription.
#[utoipa::path(delete, path = "/api/me/push", tag = "mail", request_body = Unsubscribe,
    responses(
        (status = 204, description = "Forgotten."),
        (status = 401, description = "Not signed in (`not-signed-in`).", body = ErrorBody),
        (status = 404, description = "Not one of the player's subscriptions (`no-push`).", body = ErrorBody),
    ))]
async fn unsubscribe(
    State(state): State<AppState>,
    signed_in: SignedIn,
    JsonBody(req): JsonBody<Unsubscribe>,
) -> Result<StatusCode, ApiError> {
    push::unsubscribe(&state, &signed_in, &req.endpoint).await?;
    Ok(StatusCode::NO_CONTENT)
}

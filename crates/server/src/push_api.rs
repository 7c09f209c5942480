//! The routes of Web Push: the site's public key, and a browser's subscription kept or dropped
//! (docs/api.md, "Web Push").

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};

use crate::accounts::SignedIn;
use crate::body::JsonBody;
use crate::error::ApiError;
use crate::push::{self, PushKey, Subscription, Unsubscribe};
use crate::AppState;

/// The routes of Web Push.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/push/key", get(key))
        .route("/api/me/push", post(subscribe).delete(unsubscribe))
}

async fn key(State(state): State<AppState>) -> Result<Json<PushKey>, ApiError> {
    Ok(Json(push::key(&state).await?))
}

async fn subscribe(
    State(state): State<AppState>,
    signed_in: SignedIn,
    JsonBody(req): JsonBody<Subscription>,
) -> Result<StatusCode, ApiError> {
    push::subscribe(&state, &signed_in, req).await?;
    Ok(StatusCode::CREATED)
}

async fn unsubscribe(
    State(state): State<AppState>,
    signed_in: SignedIn,
    JsonBody(req): JsonBody<Unsubscribe>,
) -> Result<StatusCode, ApiError> {
    push::unsubscribe(&state, &signed_in, &req.endpoint).await?;
    Ok(StatusCode::NO_CONTENT)
}

//! The seeks' HTTP routes and the lobby's socket route: requests read, [`crate::seeks`] and
//! [`crate::lobby`] asked, answers written (docs/api.md, "Seeks").

use std::collections::HashMap;

use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::{delete, get, post};
use axum::{Json, Router};

use crate::accounts::SignedIn;
use crate::body::JsonBody;
use crate::error::ApiError;
use crate::seeks::{self, Accepted, NewSeek, SeekView, Seeks, Viewer};
use crate::{lobby, pairing, socket, AppState};

/// The routes of seeks and the lobby's socket.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/seeks", get(list).post(create))
        .route("/api/seeks/{id}", delete(leave))
        .route("/api/seeks/{id}/accept", post(accept))
        .route("/api/seeks/{id}/computer", post(computer))
        .route("/api/quick", post(quick))
        .route("/api/lobby/ws", get(watch))
}

/// The `game` a request's query asks about, if any.
fn game(query: &HashMap<String, String>) -> Option<String> {
    query.get("game").filter(|g| !g.is_empty()).cloned()
}

async fn list(
    State(state): State<AppState>,
    signed_in: Option<SignedIn>,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Json<Seeks>, ApiError> {
    let mut viewer = Viewer::new(signed_in.as_ref());
    Ok(Json(
        seeks::list(&state, &mut viewer, game(&query).as_deref()).await?,
    ))
}

async fn create(
    State(state): State<AppState>,
    signed_in: SignedIn,
    JsonBody(req): JsonBody<NewSeek>,
) -> Result<(StatusCode, Json<SeekView>), ApiError> {
    let seek = seeks::create(&state, &signed_in, req).await?;
    Ok((StatusCode::CREATED, Json(seek)))
}

async fn accept(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(id): Path<String>,
) -> Result<Json<Accepted>, ApiError> {
    Ok(Json(seeks::accept(&state, &signed_in, &id).await?))
}

async fn quick(
    State(state): State<AppState>,
    signed_in: SignedIn,
    JsonBody(req): JsonBody<pairing::PlayNow>,
) -> Result<Json<Accepted>, ApiError> {
    Ok(Json(pairing::play_now(&state, &signed_in, req).await?))
}

async fn computer(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(id): Path<String>,
) -> Result<Json<Accepted>, ApiError> {
    Ok(Json(pairing::with_computer(&state, &signed_in, &id).await?))
}

async fn leave(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(id): Path<String>,
) -> Result<StatusCode, ApiError> {
    seeks::leave(&state, &signed_in, &id).await?;
    Ok(StatusCode::NO_CONTENT)
}

async fn watch(
    State(state): State<AppState>,
    signed_in: Option<SignedIn>,
    Query(query): Query<HashMap<String, String>>,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let game = game(&query);
    socket::open(state, upgrade, move |state, mut socket| async move {
        let end = lobby::serve(&state, &mut socket, signed_in, game).await;
        (socket, end)
    })
}

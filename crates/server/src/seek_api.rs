//! The seeks' HTTP routes and the lobby's socket route: requests read, [`crate::seeks`] and
//! [`crate::lobby`] asked, answers written (docs/api.md, "Seeks").

use std::collections::HashMap;

use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::accounts::SignedIn;
use crate::body::JsonBody;
use crate::error::ApiError;
use crate::openapi::ErrorBody;
use crate::seeks::{self, Accepted, NewSeek, SeekView, Seeks, Viewer};
use crate::{lobby, pairing, socket, state::AppState};

/// The routes of seeks and the lobby's socket.
pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(leave))
        .routes(routes!(accept))
        .routes(routes!(computer))
        .routes(routes!(quick))
        .routes(routes!(watch))
}

/// The `game` a request's query asks about, if any.
fn game(query: &HashMap<String, String>) -> Option<String> {
    query.get("game").filter(|g| !g.is_empty()).cloned()
}

/// The open seeks the viewer is shown, oldest first.
#[utoipa::path(get, path = "/api/seeks", tag = "seeks",
    params(("game" = Option<String>, Query, description = "Only this game's.")),
    responses((status = 200, description = "The seeks.", body = Seeks)))]
async fn list(
    State(state): State<AppState>,
    signed_in: Option<SignedIn>,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Json<Seeks>, ApiError> {
    let mut viewer = Viewer::new(&state, signed_in.as_ref());
    Ok(Json(
        seeks::list(&state, &mut viewer, game(&query).as_deref()).await?,
    ))
}

/// A seek: a game asked for with whoever comes, the seeker in its first seat.
#[utoipa::path(post, path = "/api/seeks", tag = "seeks", request_body = NewSeek,
    responses(
        (status = 201, description = "The seek.", body = SeekView),
        (status = 400, description = "An unknown game, bad options or clock, a bad range (`unknown-game`, `seek-range`).", body = ErrorBody),
        (status = 401, description = "Not signed in (`not-signed-in`).", body = ErrorBody),
        (status = 409, description = "Three seeks open already (`seek-limit`).", body = ErrorBody),
    ))]
async fn create(
    State(state): State<AppState>,
    signed_in: SignedIn,
    JsonBody(req): JsonBody<NewSeek>,
) -> Result<(StatusCode, Json<SeekView>), ApiError> {
    let seek = seeks::create(&state, &signed_in, req).await?;
    Ok((StatusCode::CREATED, Json(seek)))
}

/// Takes a seat of a seek; the game, when this filled it.
#[utoipa::path(post, path = "/api/seeks/{id}/accept", tag = "seeks",
    params(("id" = String, Path, description = "The seek.")),
    responses(
        (status = 200, description = "Seated: the seek, and the game with the acceptor's seat and token when it started.", body = Accepted),
        (status = 401, description = "Not signed in (`not-signed-in`).", body = ErrorBody),
        (status = 403, description = "A rating outside the seek's range (`seek-out-of-range`).", body = ErrorBody),
        (status = 404, description = "No such open seek (`no-seek`).", body = ErrorBody),
        (status = 409, description = "One's own, joined already, or full (`seek-own`, `seek-joined`, `seek-full`).", body = ErrorBody),
    ))]
async fn accept(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(id): Path<String>,
) -> Result<Json<Accepted>, ApiError> {
    Ok(Json(seeks::accept(&state, &signed_in, &id).await?))
}

/// Play now: seated with someone of a near rating who asked for the same kind of game.
#[utoipa::path(post, path = "/api/quick", tag = "seeks", request_body = pairing::PlayNow,
    responses(
        (status = 200, description = "The quick seek, and the game when it started.", body = Accepted),
        (status = 400, description = "An unknown game, bad options or clock (`unknown-game`).", body = ErrorBody),
        (status = 401, description = "Not signed in (`not-signed-in`).", body = ErrorBody),
        (status = 409, description = "Three seeks open already (`seek-limit`).", body = ErrorBody),
    ))]
async fn quick(
    State(state): State<AppState>,
    signed_in: SignedIn,
    JsonBody(req): JsonBody<pairing::PlayNow>,
) -> Result<Json<Accepted>, ApiError> {
    Ok(Json(pairing::play_now(&state, &signed_in, req).await?))
}

/// Its seeker starts a seek that has waited with the computer in the free seats.
#[utoipa::path(post, path = "/api/seeks/{id}/computer", tag = "seeks",
    params(("id" = String, Path, description = "The seek.")),
    responses(
        (status = 200, description = "Started: the seek and the game.", body = Accepted),
        (status = 401, description = "Not signed in (`not-signed-in`).", body = ErrorBody),
        (status = 404, description = "Not an open seek of the seeker's (`no-seek`).", body = ErrorBody),
        (status = 409, description = "It has not waited long enough (`seek-too-early`).", body = ErrorBody),
    ))]
async fn computer(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(id): Path<String>,
) -> Result<Json<Accepted>, ApiError> {
    Ok(Json(pairing::with_computer(&state, &signed_in, &id).await?))
}

/// The seeker cancels a seek; anyone else who accepted gives their seat back.
#[utoipa::path(delete, path = "/api/seeks/{id}", tag = "seeks",
    params(("id" = String, Path, description = "The seek.")),
    responses(
        (status = 204, description = "Cancelled, or the seat given back."),
        (status = 401, description = "Not signed in (`not-signed-in`).", body = ErrorBody),
        (status = 403, description = "Not in the seek (`not-in-seek`).", body = ErrorBody),
        (status = 404, description = "No such open seek (`no-seek`).", body = ErrorBody),
    ))]
async fn leave(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(id): Path<String>,
) -> Result<StatusCode, ApiError> {
    seeks::leave(&state, &signed_in, &id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The lobby live (WebSocket): the seeks whenever they change, and to a signed-in viewer each game
/// a seek they sit in became. Only from the site's own pages.
#[utoipa::path(get, path = "/api/lobby/ws", tag = "seeks",
    params(("game" = Option<String>, Query, description = "Only this game's seeks.")),
    responses(
        (status = 101, description = "A WebSocket (docs/api.md, \"Seeks\")."),
        (status = 400, description = "Not a WebSocket's request.", body = ErrorBody),
        (status = 403, description = "Opened by another site's page (`cross-origin`).", body = ErrorBody),
    ))]
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

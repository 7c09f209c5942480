//! The tournaments' HTTP routes and their socket: requests read, [`crate::tournaments`] asked,
//! answers written (docs/api.md, "Tournaments"). The socket sends the tournament whenever it
//! changes on any process, and sends each entrant to the games they are seated at.

use std::collections::HashSet;

use axum::body::Bytes;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{close_code, CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::Json;
use serde_json::json;
use tokio::sync::broadcast::error::RecvError;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::accounts::SignedIn;
use crate::body::JsonBody;
use crate::error::ApiError;
use crate::openapi::ErrorBody;
use crate::socket::{self, send, PING};
use crate::tournaments::{self, NewComputer, NewTournament, TournamentView, Tournaments};
use crate::{state::AppState, tournament_rows};

/// The routes of tournaments.
pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(show))
        .routes(routes!(join))
        .routes(routes!(withdraw))
        .routes(routes!(computer))
        .routes(routes!(start))
        .routes(routes!(watch))
}

/// The tournaments waiting or running, and those finished lately.
#[utoipa::path(get, path = "/api/tournaments", tag = "tournaments",
    responses((status = 200, description = "The tournaments.", body = Tournaments)))]
async fn list(
    State(state): State<AppState>,
    signed_in: Option<SignedIn>,
) -> Result<Json<Tournaments>, ApiError> {
    Ok(Json(tournaments::list(&state, signed_in.as_ref()).await?))
}

/// A tournament, made by a signed-in player (its creator).
#[utoipa::path(post, path = "/api/tournaments", tag = "tournaments", request_body = NewTournament,
    responses(
        (status = 201, description = "Made.", body = TournamentView),
        (status = 400, description = "A name, system, game, clock, rounds, length or start that cannot be (`tournament-name`, `tournament-system`, `tournament-clock`, `tournament-rounds`, `tournament-minutes`, `tournament-starts`, `tournament-capacity`, `unknown-game`).", body = ErrorBody),
        (status = 401, description = "Not signed in (`not-signed-in`).", body = ErrorBody),
    ))]
async fn create(
    State(state): State<AppState>,
    signed_in: SignedIn,
    JsonBody(req): JsonBody<NewTournament>,
) -> Result<(StatusCode, Json<TournamentView>), ApiError> {
    let t = tournaments::create(&state, &signed_in, req).await?;
    Ok((StatusCode::CREATED, Json(t)))
}

/// A tournament as its viewer sees it.
#[utoipa::path(get, path = "/api/tournaments/{id}", tag = "tournaments", params(("id" = String, Path, description = "The tournament.")),
    responses(
        (status = 200, description = "The tournament.", body = TournamentView),
        (status = 404, description = "No such tournament (`no-tournament`).", body = ErrorBody),
    ))]
async fn show(
    State(state): State<AppState>,
    signed_in: Option<SignedIn>,
    Path(id): Path<String>,
) -> Result<Json<TournamentView>, ApiError> {
    Ok(Json(
        tournaments::show(&state, signed_in.as_ref(), &id).await?,
    ))
}

/// Enters a tournament.
#[utoipa::path(post, path = "/api/tournaments/{id}/join", tag = "tournaments", params(("id" = String, Path, description = "The tournament.")),
    responses(
        (status = 200, description = "Entered: the tournament.", body = TournamentView),
        (status = 401, description = "Not signed in (`not-signed-in`).", body = ErrorBody),
        (status = 404, description = "No such tournament (`no-tournament`).", body = ErrorBody),
        (status = 409, description = "Entered already, full, started or over (`tournament-joined`, `tournament-full`, `tournament-started`, `tournament-over`).", body = ErrorBody),
    ))]
async fn join(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(id): Path<String>,
) -> Result<Json<TournamentView>, ApiError> {
    Ok(Json(tournaments::join(&state, &signed_in, &id).await?))
}

/// Leaves a tournament: before the start, off the list; after, paired no more.
#[utoipa::path(post, path = "/api/tournaments/{id}/withdraw", tag = "tournaments", params(("id" = String, Path, description = "The tournament.")),
    responses(
        (status = 200, description = "Withdrawn: the tournament.", body = TournamentView),
        (status = 401, description = "Not signed in (`not-signed-in`).", body = ErrorBody),
        (status = 404, description = "No such tournament (`no-tournament`).", body = ErrorBody),
        (status = 409, description = "Not in it, or it is over (`not-in-tournament`, `tournament-over`).", body = ErrorBody),
    ))]
async fn withdraw(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(id): Path<String>,
) -> Result<Json<TournamentView>, ApiError> {
    Ok(Json(tournaments::withdraw(&state, &signed_in, &id).await?))
}

/// Its creator enters the computer at a level.
#[utoipa::path(post, path = "/api/tournaments/{id}/computer", tag = "tournaments", request_body = NewComputer, params(("id" = String, Path, description = "The tournament.")),
    responses(
        (status = 200, description = "Entered: the tournament.", body = TournamentView),
        (status = 400, description = "No such level (`unknown-level`).", body = ErrorBody),
        (status = 401, description = "Not signed in (`not-signed-in`).", body = ErrorBody),
        (status = 403, description = "Not its creator (`not-tournament-creator`).", body = ErrorBody),
        (status = 404, description = "No such tournament (`no-tournament`).", body = ErrorBody),
        (status = 409, description = "Full, started or over (`tournament-full`, `tournament-started`, `tournament-over`).", body = ErrorBody),
    ))]
async fn computer(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(id): Path<String>,
    JsonBody(req): JsonBody<NewComputer>,
) -> Result<Json<TournamentView>, ApiError> {
    Ok(Json(
        tournaments::add_computer(&state, &signed_in, &id, req).await?,
    ))
}

/// Its creator starts a tournament now.
#[utoipa::path(post, path = "/api/tournaments/{id}/start", tag = "tournaments", params(("id" = String, Path, description = "The tournament.")),
    responses(
        (status = 200, description = "Started: the tournament.", body = TournamentView),
        (status = 401, description = "Not signed in (`not-signed-in`).", body = ErrorBody),
        (status = 403, description = "Not its creator (`not-tournament-creator`).", body = ErrorBody),
        (status = 404, description = "No such tournament (`no-tournament`).", body = ErrorBody),
        (status = 409, description = "Started, over, or too few players (`tournament-started`, `tournament-over`, `tournament-too-few`).", body = ErrorBody),
    ))]
async fn start(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(id): Path<String>,
) -> Result<Json<TournamentView>, ApiError> {
    Ok(Json(tournaments::start(&state, &signed_in, &id).await?))
}

/// A tournament live (WebSocket): the tournament whenever it changes, and to each entrant the
/// games they are seated at. Only from the site's own pages.
#[utoipa::path(get, path = "/api/tournaments/{id}/ws", tag = "tournaments", params(("id" = String, Path, description = "The tournament.")),
    responses(
        (status = 101, description = "A WebSocket (docs/api.md, \"Tournaments\")."),
        (status = 400, description = "Not a WebSocket's request.", body = ErrorBody),
        (status = 403, description = "Opened by another site's page (`cross-origin`).", body = ErrorBody),
        (status = 404, description = "No such tournament (`no-tournament`).", body = ErrorBody),
    ))]
async fn watch(
    State(state): State<AppState>,
    signed_in: Option<SignedIn>,
    Path(id): Path<String>,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    // 404 before the upgrade for a tournament that does not exist.
    tournament_rows::load(&state, &id).await?;
    socket::open(state, upgrade, move |state, mut socket| async move {
        let end = follow(&state, &mut socket, signed_in.as_ref(), &id).await;
        (socket, end)
    })
}

/// Serves one tournament socket until it closes or the process restarts; the frame to close
/// it with.
async fn follow(
    state: &AppState,
    socket: &mut WebSocket,
    signed_in: Option<&SignedIn>,
    id: &str,
) -> Option<CloseFrame> {
    let mut changed = state.director.subscribe();
    let mut ping = tokio::time::interval(PING);
    ping.reset();
    let restart = state.lifecycle.streams_must_end();
    tokio::pin!(restart);
    let me = signed_in.map(|s| s.account.id.as_str());
    let mut shown = None;
    let mut sent_to = HashSet::new();
    loop {
        match tournament_rows::load(state, id).await {
            Ok(t) => {
                if let Ok(view) = tournaments::view(&t, me, true) {
                    let text = json!({"type": "tournament", "tournament": view}).to_string();
                    if shown.as_ref() != Some(&text) {
                        let message = Message::Text(text.clone().into());
                        if let Err(close) = send(socket, state.send_patience, message).await {
                            return close;
                        }
                        shown = Some(text);
                    }
                }
                // To each game its entrant is seated at, being played, once.
                if let Some(s) = signed_in {
                    for x in tournament_rows::unfinished(&t) {
                        let (Some(game), Some(seat)) =
                            (&x.game_id, x.seated.iter().position(|e| *e == s.account.id))
                        else {
                            continue;
                        };
                        if !sent_to.insert(game.clone()) {
                            continue;
                        }
                        // The seat's token is not sent: the page asks for it with the session.
                        let text = json!({"type": "started", "tournament": id, "game": game,
                                          "seat": seat})
                        .to_string();
                        let message = Message::Text(text.into());
                        if let Err(close) = send(socket, state.send_patience, message).await {
                            return close;
                        }
                    }
                }
            }
            Err(e) => {
                tracing::warn!(error = %e, tournament = %id, "a tournament could not be read")
            }
        }
        // Until it changes, answering pings meanwhile.
        loop {
            tokio::select! {
                () = &mut restart => {
                    return Some(CloseFrame { code: close_code::RESTART, reason: "service restart".into() });
                }
                _ = ping.tick() => {
                    if let Err(close) = send(socket, state.send_patience, Message::Ping(Bytes::new())).await {
                        return close;
                    }
                }
                heard = changed.recv() => match heard {
                    Ok(Some(changed)) if changed != id => {}
                    Ok(_) | Err(RecvError::Lagged(_)) => break,
                    Err(RecvError::Closed) => return None,
                },
                incoming = socket.recv() => match incoming {
                    // The socket reads nothing: a client's words are ignored.
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return None,
                    Some(Ok(_)) => {}
                },
            }
        }
    }
}

//! The routes of games (docs/api.md, "Create" to "Records"): made, listed, viewed, played and
//! ended, watched live, analysed, downloaded and uploaded. Each handler reads the request and
//! hands it on: a change of a game through [`crate::change`] (one handler shape, [`command`]),
//! the rest to [`crate::games`], [`crate::commands`] and [`crate::analysis`]. The game socket's
//! serving is [`crate::game_socket`].

use std::collections::HashMap;

use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::accounts::SignedIn;
use crate::api::{json, secret};
use crate::body::JsonBody;
use crate::change::{self, Command};
use crate::commands::{
    self, AnswerRequest, ChatEnabledRequest, ChatRequest, JoinRequest, MoveRequest, Rematched,
    TokenRequest,
};
use crate::error::ApiError;
use crate::games::{self, CreateGame, Created, Lobby, SeatToken, UploadRecord, Uploaded};
use crate::limit::MayCreate;
use crate::openapi::ErrorBody;
use crate::view::GameView;
use crate::{analysis, blocks, game_socket, players, socket, state::AppState};

/// The routes of games.
pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(view))
        .routes(routes!(view_at))
        .routes(routes!(game_ratings))
        .routes(routes!(play))
        .routes(routes!(undo))
        .routes(routes!(answer))
        .routes(routes!(resign))
        .routes(routes!(draw))
        .routes(routes!(rematch))
        .routes(routes!(say))
        .routes(routes!(chat_enabled))
        .routes(routes!(join))
        .routes(routes!(analysis, analyse))
        .routes(routes!(hint))
        .routes(routes!(record))
        .routes(routes!(watch))
        .routes(routes!(upload))
}

/// The lobby's games: those with open seats (`open=true`), else every game, newest first.
#[utoipa::path(get, path = "/api/games", tag = "games",
    params(("open" = Option<bool>, Query, description = "Only games with a seat open to anyone.")),
    responses(
        (status = 200, description = "The games.", body = Lobby),
        (status = 400, description = "`open` is neither true nor false.", body = ErrorBody),
    ))]
async fn list(
    State(state): State<AppState>,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Json<Lobby>, ApiError> {
    let open = match query.get("open").map(String::as_str) {
        None | Some("false" | "0" | "") => false,
        Some("true" | "1") => true,
        Some(other) => {
            return Err(ApiError::BadRequest(
                format!("open={other:?}: say open=true or open=false").into(),
            ))
        }
    };
    Ok(Json(games::list(&state, open).await?))
}

/// A new game: its id and a token for each `human` seat (shown once).
#[utoipa::path(post, path = "/api/games", tag = "games", request_body = CreateGame,
    responses(
        (status = 201, description = "Made.", body = Created),
        (status = 400, description = "An unknown game, variant or level, a wrong number of seats, a bad clock (`unknown-game`, `bad-request`, …).", body = ErrorBody),
        (status = 401, description = "A seat for the signed-in player, and nobody is signed in (`not-signed-in`).", body = ErrorBody),
        (status = 404, description = "A bot seat names no bot.", body = ErrorBody),
        (status = 429, description = "Too many new games from this address (`too-fast`).", body = ErrorBody),
    ))]
async fn create(
    _: MayCreate,
    State(state): State<AppState>,
    signed_in: Option<SignedIn>,
    JsonBody(req): JsonBody<CreateGame>,
) -> Result<Response, ApiError> {
    let created = games::create(&state, req, signed_in.as_ref()).await?;
    Ok(secret((StatusCode::CREATED, Json(created)).into_response()))
}

/// The game as it is now: everything a front end needs to draw it and offer its moves.
#[utoipa::path(get, path = "/api/games/{id}", tag = "games",
    params(("id" = String, Path, description = "The game.")),
    responses(
        (status = 200, description = "The view.", body = GameView),
        (status = 404, description = "No such game (`no-game`).", body = ErrorBody),
    ))]
async fn view(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let view = games::view(&state, &id).await?.to_string();
    Ok(json(
        StatusCode::OK,
        blocks::shown(&state, &headers, &id, view).await?,
    ))
}

/// The view of the position after `ply` moves, for the replay.
#[utoipa::path(get, path = "/api/games/{id}/at/{ply}", tag = "games",
    params(("id" = String, Path, description = "The game."), ("ply" = String, Path, description = "A count of moves from the start.")),
    responses(
        (status = 200, description = "The view then.", body = GameView),
        (status = 400, description = "`ply` is not a count, or past the game's last.", body = ErrorBody),
        (status = 404, description = "No such game (`no-game`).", body = ErrorBody),
    ))]
async fn view_at(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path((id, ply)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    let ply: usize = ply.parse().map_err(|_| {
        ApiError::BadRequest(format!("{ply:?} is not a ply (a count of moves)").into())
    })?;
    let view = games::view_at(&state, &id, ply).await?;
    Ok(json(
        StatusCode::OK,
        blocks::shown(&state, &headers, &id, view).await?,
    ))
}

/// What a rated game did to its players' ratings, by seat.
#[utoipa::path(get, path = "/api/games/{id}/ratings", tag = "games",
    params(("id" = String, Path, description = "The game.")),
    responses(
        (status = 200, description = "The changes (none for a game not rated or not settled).", body = players::GameRatings),
        (status = 404, description = "No such game (`no-game`).", body = ErrorBody),
    ))]
async fn game_ratings(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<players::GameRatings>, ApiError> {
    Ok(Json(players::game_ratings(&state, &id).await?))
}

/// Executes `command` on game `id`: its new view, as the viewer of a request with `headers`
/// is shown it (without the chat of people they blocked).
async fn command(
    state: &AppState,
    headers: &HeaderMap,
    id: &str,
    command: Command,
) -> Result<Response, ApiError> {
    let view = change::execute(state, id, command).await?;
    Ok(json(
        StatusCode::OK,
        blocks::shown(state, headers, id, view.to_string()).await?,
    ))
}

/// A move by the seat of `token`, seen at `ply`.
#[utoipa::path(post, path = "/api/games/{id}/moves", tag = "games", request_body = MoveRequest,
    params(("id" = String, Path, description = "The game.")),
    responses(
        (status = 200, description = "Played: the new view.", body = GameView),
        (status = 403, description = "Not a seat's token, not its turn, or out of the game (`not-a-seat`, `not-your-turn`, `out-of-game`).", body = ErrorBody),
        (status = 404, description = "No such game (`no-game`).", body = ErrorBody),
        (status = 409, description = "The game moved on since `ply`, or is over (`moved-on`, `game-over`).", body = ErrorBody),
        (status = 422, description = "Not a legal move here (`illegal-move`).", body = ErrorBody),
    ))]
async fn play(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    JsonBody(req): JsonBody<MoveRequest>,
) -> Result<Response, ApiError> {
    command(&state, &headers, &id, req.command()).await
}

/// Asks to take back the asker's last turn (by consent of the others).
#[utoipa::path(post, path = "/api/games/{id}/undo", tag = "games", request_body = TokenRequest,
    params(("id" = String, Path, description = "The game.")),
    responses(
        (status = 200, description = "Asked (or taken back at once): the new view.", body = GameView),
        (status = 403, description = "Not a seat's token (`not-a-seat`).", body = ErrorBody),
        (status = 404, description = "No such game (`no-game`).", body = ErrorBody),
        (status = 409, description = "Nothing to take back, one pending, or the game is over.", body = ErrorBody),
    ))]
async fn undo(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    JsonBody(req): JsonBody<TokenRequest>,
) -> Result<Response, ApiError> {
    command(&state, &headers, &id, Command::Undo { token: req.token }).await
}

/// Consents to (or refuses) the take-back asked for.
#[utoipa::path(post, path = "/api/games/{id}/undo/answer", tag = "games", request_body = AnswerRequest,
    params(("id" = String, Path, description = "The game.")),
    responses(
        (status = 200, description = "Answered: the new view.", body = GameView),
        (status = 403, description = "Not a seat's token, or not one asked (`not-a-seat`).", body = ErrorBody),
        (status = 404, description = "No such game (`no-game`).", body = ErrorBody),
        (status = 409, description = "No take-back is asked for.", body = ErrorBody),
    ))]
async fn answer(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    JsonBody(req): JsonBody<AnswerRequest>,
) -> Result<Response, ApiError> {
    command(&state, &headers, &id, req.undo_answer()?).await
}

/// The seat of `token` resigns.
#[utoipa::path(post, path = "/api/games/{id}/resign", tag = "games", request_body = TokenRequest,
    params(("id" = String, Path, description = "The game.")),
    responses(
        (status = 200, description = "Resigned: the new view.", body = GameView),
        (status = 403, description = "Not a seat's token (`not-a-seat`).", body = ErrorBody),
        (status = 404, description = "No such game (`no-game`).", body = ErrorBody),
        (status = 409, description = "The game is over, or the seat out of it.", body = ErrorBody),
    ))]
async fn resign(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    JsonBody(req): JsonBody<TokenRequest>,
) -> Result<Response, ApiError> {
    command(&state, &headers, &id, Command::Resign { token: req.token }).await
}

/// Offers a draw, or answers the other seat's offer (two-player games).
#[utoipa::path(post, path = "/api/games/{id}/draw", tag = "games", request_body = AnswerRequest,
    params(("id" = String, Path, description = "The game.")),
    responses(
        (status = 200, description = "Offered or answered: the new view.", body = GameView),
        (status = 403, description = "Not a seat's token (`not-a-seat`).", body = ErrorBody),
        (status = 404, description = "No such game (`no-game`).", body = ErrorBody),
        (status = 409, description = "The game is over, or draws are not offered in it.", body = ErrorBody),
    ))]
async fn draw(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    JsonBody(req): JsonBody<AnswerRequest>,
) -> Result<Response, ApiError> {
    command(&state, &headers, &id, req.draw()).await
}

/// A new game between the same players, seats moved on; the asker's seat and token in it.
#[utoipa::path(post, path = "/api/games/{id}/rematch", tag = "games", request_body = TokenRequest,
    params(("id" = String, Path, description = "The finished game.")),
    responses(
        (status = 200, description = "The rematch, with the asker's seat and token.", body = Rematched),
        (status = 403, description = "Not a seat's token, or two of its players are in a block (`not-a-seat`, `blocked`).", body = ErrorBody),
        (status = 404, description = "No such game (`no-game`).", body = ErrorBody),
        (status = 409, description = "The game is not over.", body = ErrorBody),
    ))]
async fn rematch(
    State(state): State<AppState>,
    Path(id): Path<String>,
    JsonBody(req): JsonBody<TokenRequest>,
) -> Result<Response, ApiError> {
    Ok(secret(
        Json(commands::rematch(&state, &id, req).await?).into_response(),
    ))
}

/// A chat line from a seat.
#[utoipa::path(post, path = "/api/games/{id}/chat", tag = "games", request_body = ChatRequest,
    params(("id" = String, Path, description = "The game.")),
    responses(
        (status = 200, description = "Said: the new view.", body = GameView),
        (status = 400, description = "Empty, too long, or with a control character (`chat-length`, `chat-character`).", body = ErrorBody),
        (status = 403, description = "Not a seat's token, or a moderator muted the seat's player (`not-a-seat`, `muted` with `until`).", body = ErrorBody),
        (status = 404, description = "No such game (`no-game`).", body = ErrorBody),
        (status = 409, description = "The creator turned chat off (`chat-off`).", body = ErrorBody),
    ))]
async fn say(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    JsonBody(req): JsonBody<ChatRequest>,
) -> Result<Response, ApiError> {
    crate::moderation::may_chat(&state, &id, &req.token).await?;
    command(&state, &headers, &id, req.command()?).await
}

/// The creator turns chat on or off.
#[utoipa::path(post, path = "/api/games/{id}/chat/enabled", tag = "games", request_body = ChatEnabledRequest,
    params(("id" = String, Path, description = "The game.")),
    responses(
        (status = 200, description = "Done: the new view.", body = GameView),
        (status = 403, description = "Not the creator's token.", body = ErrorBody),
        (status = 404, description = "No such game (`no-game`).", body = ErrorBody),
    ))]
async fn chat_enabled(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    JsonBody(req): JsonBody<ChatEnabledRequest>,
) -> Result<Response, ApiError> {
    command(&state, &headers, &id, req.command()).await
}

/// Takes an open seat: its token.
#[utoipa::path(post, path = "/api/games/{id}/join", tag = "games", request_body = JoinRequest,
    params(("id" = String, Path, description = "The game.")),
    responses(
        (status = 200, description = "Taken: the seat and its token.", body = SeatToken),
        (status = 400, description = "A name that cannot be one (`name-length`, `name-character`).", body = ErrorBody),
        (status = 401, description = "A rated game's seat, and nobody is signed in (`sign-in-to-join`).", body = ErrorBody),
        (status = 404, description = "No such game (`no-game`).", body = ErrorBody),
        (status = 409, description = "Not an open seat, or the game is over (`seat-not-open`, `game-over`).", body = ErrorBody),
    ))]
async fn join(
    State(state): State<AppState>,
    Path(id): Path<String>,
    signed_in: Option<SignedIn>,
    JsonBody(req): JsonBody<JoinRequest>,
) -> Result<Response, ApiError> {
    Ok(secret(
        Json(commands::join(&state, &id, req, signed_in.as_ref()).await?).into_response(),
    ))
}

/// Asks the computer to analyse a finished game; its progress so far.
#[utoipa::path(post, path = "/api/games/{id}/analysis", tag = "games",
    params(("id" = String, Path, description = "The finished game.")),
    responses(
        (status = 200, description = "Asked (or done): the progress and what is known.", body = analysis::Analysis),
        (status = 404, description = "No such game (`no-game`).", body = ErrorBody),
        (status = 409, description = "The game is not over.", body = ErrorBody),
        (status = 429, description = "Too many asked from this address (`too-fast`).", body = ErrorBody),
    ))]
async fn analyse(
    _: MayCreate,
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<analysis::Analysis>, ApiError> {
    Ok(Json(analysis::request(&state, &id).await?))
}

/// A finished game's analysis as far as it went.
#[utoipa::path(get, path = "/api/games/{id}/analysis", tag = "games",
    params(("id" = String, Path, description = "The game.")),
    responses(
        (status = 200, description = "The progress and what is known.", body = analysis::Analysis),
        (status = 404, description = "No such game (`no-game`).", body = ErrorBody),
    ))]
async fn analysis(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<analysis::Analysis>, ApiError> {
    Ok(Json(analysis::progress(&state, &id).await?))
}

/// The computer's move for the seat of `token` (games against the computer only).
#[utoipa::path(post, path = "/api/games/{id}/hint", tag = "games", request_body = TokenRequest,
    params(("id" = String, Path, description = "The game.")),
    responses(
        (status = 200, description = "The move.", body = analysis::Hint),
        (status = 403, description = "Not a seat's token, or not its turn.", body = ErrorBody),
        (status = 404, description = "No such game (`no-game`).", body = ErrorBody),
        (status = 409, description = "Not a game against the computer, or over.", body = ErrorBody),
        (status = 429, description = "Too many asked from this address (`too-fast`).", body = ErrorBody),
    ))]
async fn hint(
    _: MayCreate,
    State(state): State<AppState>,
    Path(id): Path<String>,
    JsonBody(req): JsonBody<TokenRequest>,
) -> Result<Json<analysis::Hint>, ApiError> {
    Ok(Json(analysis::hint(&state, &id, &req.token).await?))
}

/// The game's record, as a file to download.
#[utoipa::path(get, path = "/api/games/{id}/record", tag = "games",
    params(("id" = String, Path, description = "The game.")),
    responses(
        (status = 200, description = "The record: headers, then the moves in canonical notation.", content_type = "text/plain", body = String),
        (status = 404, description = "No such game (`no-game`).", body = ErrorBody),
    ))]
async fn record(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let (text, file) = games::record(&state, &id).await?;
    let disposition = HeaderValue::from_str(&format!("attachment; filename=\"{file}\""))
        .map_err(|e| ApiError::Internal(e.to_string().into()))?;
    Ok((
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/plain; charset=utf-8"),
            ),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        text,
    )
        .into_response())
}

/// A record, replayed on the rules into a finished game to look at.
#[utoipa::path(post, path = "/api/records", tag = "games", request_body = UploadRecord,
    responses(
        (status = 201, description = "Replayed: the new game.", body = Uploaded),
        (status = 400, description = "No game named, an unknown one, or a clock (`record-no-game`, `unknown-game`).", body = ErrorBody),
        (status = 422, description = "The record is not one of the game's (`record-other-game`, `record-malformed`, `record-illegal`, `record-after-end`).", body = ErrorBody),
        (status = 429, description = "Too many new games from this address (`too-fast`).", body = ErrorBody),
    ))]
async fn upload(
    _: MayCreate,
    State(state): State<AppState>,
    JsonBody(req): JsonBody<UploadRecord>,
) -> Result<Response, ApiError> {
    let uploaded = games::upload(&state, req).await?;
    Ok((StatusCode::CREATED, Json(uploaded)).into_response())
}

/// The game live (WebSocket): the view now, or what a socket that had version `since` missed,
/// then every change; a player's socket that sends its seat's token is shown present and sent
/// its legal moves. Any origin may watch.
#[utoipa::path(get, path = "/api/games/{id}/ws", tag = "games",
    params(
        ("id" = String, Path, description = "The game."),
        ("since" = Option<i64>, Query, description = "The version the socket had."),
    ),
    responses(
        (status = 101, description = "A WebSocket (docs/api.md, \"Live updates\")."),
        (status = 400, description = "Not a WebSocket's request, or `since` not a version.", body = ErrorBody),
        (status = 404, description = "No such game (`no-game`).", body = ErrorBody),
    ))]
async fn watch(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
    Query(query): Query<HashMap<String, String>>,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let since = match query.get("since") {
        None => None,
        Some(text) => Some(text.parse::<i64>().map_err(|_| {
            ApiError::BadRequest(
                format!(
                    "since={:?} is not a version (a whole number)",
                    text.chars().take(40).collect::<String>()
                )
                .into(),
            )
        })?),
    };
    // The chat of the people its viewer blocked is not sent to it.
    let viewer = crate::accounts::SignedIn::of(&headers, &state)
        .await?
        .map(|s| s.account.id);
    let watcher = games::subscribe(&state, &id, since).await?;
    socket::open(state, upgrade, move |state, mut socket| async move {
        // The seats this socket shows present.
        let mut seats = Vec::new();
        let end = game_socket::serve(
            &state,
            &id,
            &mut socket,
            watcher,
            &mut seats,
            viewer.as_deref(),
        )
        .await;
        for seat in seats {
            state.presence.leave(&id, seat).await;
        }
        (socket, end)
    })
}

//! The HTTP face: routes, thin handlers, the JSON body extractor and the WebSocket. What each
//! request does is in [`crate::games`].

use std::collections::HashMap;

use axum::body::Bytes;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{close_code, CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware;
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get, post};
use axum::{Json, Router};
use tokio::sync::broadcast::error::RecvError;
use tower_http::compression::predicate::{DefaultPredicate, NotForContentType, Predicate};
use tower_http::compression::{CompressionLayer, CompressionLevel};
use tower_http::limit::RequestBodyLimitLayer;

use axum_extra::extract::cookie::CookieJar;

use crate::accounts;
use crate::body::{JsonBody, BODY_LIMIT, READ_THROUGH};
use crate::change::{self, Command};
use crate::commands::{
    self, AnswerRequest, ChatEnabledRequest, ChatRequest, JoinRequest, MoveRequest, TokenRequest,
};
use crate::error::{error_response, status_code, ApiError};
use crate::games::{self, CreateGame, UploadRecord};
use crate::limit::MayCreate;
use crate::proxy::Https;
use crate::socket::{self, send, PING};
use crate::{
    edge, health, lesson_api, mail_api, observe, origin, push_api, puzzle_api, seek_api,
    tournament_api, web, AppState,
};
use crate::{meta, players};

/// Every route of the server.
pub fn router(state: AppState) -> Router {
    let metrics = if state.metrics_public {
        get(metrics)
    } else {
        any(no_such_page)
    };
    Router::new()
        .route("/healthz", get(health::healthz))
        .route("/readyz", get(health::readyz))
        .route("/metrics", metrics)
        .route("/api/meta", get(meta))
        .route("/api/games", get(list).post(create))
        .route("/api/games/{id}", get(view))
        .route("/api/games/{id}/at/{ply}", get(view_at))
        .route("/api/games/{id}/ratings", get(game_ratings))
        .route("/api/games/{id}/moves", post(play))
        .route("/api/games/{id}/undo", post(undo))
        .route("/api/games/{id}/undo/answer", post(answer))
        .route("/api/games/{id}/resign", post(resign))
        .route("/api/games/{id}/draw", post(draw))
        .route("/api/games/{id}/rematch", post(rematch))
        .route("/api/games/{id}/chat", post(say))
        .route("/api/games/{id}/chat/enabled", post(chat_enabled))
        .route("/api/games/{id}/join", post(join))
        .route("/api/games/{id}/analysis", get(analysis).post(analyse))
        .route("/api/games/{id}/hint", post(hint))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/ws", get(watch))
        .route("/api/records", post(upload))
        .route("/api/accounts", post(sign_up))
        .route("/api/session", post(sign_in).delete(sign_out))
        .route("/api/me", get(me))
        .route("/api/me/password", post(change_password))
        .route("/api/me/games", get(my_games).post(adopt))
        .route("/api/me/games/{id}", get(my_game))
        .route("/api/players/{name}", get(profile))
        .route("/api/bots", get(bots))
        .route("/api/bot/stream", get(bot_stream))
        .route("/api/leaderboard/{pool}", get(leaderboard))
        .merge(seek_api::routes())
        .merge(mail_api::routes())
        .merge(tournament_api::routes())
        .merge(push_api::routes())
        .merge(lesson_api::routes())
        .merge(puzzle_api::routes())
        .route("/api", any(no_such_api))
        .route("/api/", any(no_such_api))
        .route("/api/{*rest}", any(no_such_api))
        .fallback(web::page)
        .layer(RequestBodyLimitLayer::new(READ_THROUGH))
        .layer(middleware::map_response(json_errors))
        .layer(middleware::map_response(security_headers))
        .layer(middleware::from_fn_with_state(state.clone(), origin::guard))
        .layer(compression())
        .layer(middleware::from_fn_with_state(state.clone(), edge::edge))
        .with_state(state)
}

/// Answers gzipped for clients that accept it: a view of 12 KB goes out in about 2, the front
/// end's scripts in under half their size (docs/scaling.md). Not a bot's stream, whose events
/// must leave as they come, nor anything of 32 bytes or less; the fastest level, since a move's
/// answer is compressed at every move.
fn compression() -> CompressionLayer<impl Predicate> {
    let predicate =
        DefaultPredicate::new().and(NotForContentType::const_new("application/x-ndjson"));
    CompressionLayer::new()
        .no_br()
        .no_deflate()
        .no_zstd()
        .quality(CompressionLevel::Fastest)
        .compress_when(predicate)
}

/// The routes of a private address (`--metrics-addr`): the metrics and the health checks.
pub fn private_router(state: AppState) -> Router {
    Router::new()
        .route("/healthz", get(health::healthz))
        .route("/readyz", get(health::readyz))
        .route("/metrics", get(metrics))
        .fallback(no_such_page)
        .layer(middleware::map_response(json_errors))
        .with_state(state)
}

/// `GET /metrics`: Prometheus's text format, version 0.0.4.
async fn metrics(State(state): State<AppState>) -> Response {
    (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("text/plain; version=0.0.4; charset=utf-8"),
        )],
        observe::render(&state).await,
    )
        .into_response()
}

/// A pre-serialised JSON body.
fn json(status: StatusCode, body: impl Into<Bytes>) -> Response {
    (
        status,
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        )],
        body.into(),
    )
        .into_response()
}

async fn meta() -> Json<&'static meta::Meta> {
    Json(meta::meta())
}

async fn list(
    State(state): State<AppState>,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Json<games::Lobby>, ApiError> {
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

async fn create(
    _: MayCreate,
    State(state): State<AppState>,
    signed_in: Option<accounts::SignedIn>,
    JsonBody(req): JsonBody<CreateGame>,
) -> Result<Response, ApiError> {
    let created = games::create(&state, req, signed_in.as_ref()).await?;
    Ok(secret((StatusCode::CREATED, Json(created)).into_response()))
}

async fn view(State(state): State<AppState>, Path(id): Path<String>) -> Result<Response, ApiError> {
    Ok(json(StatusCode::OK, games::view(&state, &id).await?))
}

async fn game_ratings(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<players::GameRatings>, ApiError> {
    Ok(Json(players::game_ratings(&state, &id).await?))
}

async fn view_at(
    State(state): State<AppState>,
    Path((id, ply)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    let ply: usize = ply.parse().map_err(|_| {
        ApiError::BadRequest(format!("{ply:?} is not a ply (a count of moves)").into())
    })?;
    Ok(json(
        StatusCode::OK,
        games::view_at(&state, &id, ply).await?,
    ))
}

async fn play(
    State(state): State<AppState>,
    Path(id): Path<String>,
    JsonBody(req): JsonBody<MoveRequest>,
) -> Result<Response, ApiError> {
    Ok(json(
        StatusCode::OK,
        change::execute(&state, &id, req.command()).await?,
    ))
}

async fn undo(
    State(state): State<AppState>,
    Path(id): Path<String>,
    JsonBody(req): JsonBody<TokenRequest>,
) -> Result<Response, ApiError> {
    Ok(json(
        StatusCode::OK,
        change::execute(&state, &id, Command::Undo { token: req.token }).await?,
    ))
}

async fn answer(
    State(state): State<AppState>,
    Path(id): Path<String>,
    JsonBody(req): JsonBody<AnswerRequest>,
) -> Result<Response, ApiError> {
    Ok(json(
        StatusCode::OK,
        change::execute(&state, &id, req.undo_answer()?).await?,
    ))
}

async fn resign(
    State(state): State<AppState>,
    Path(id): Path<String>,
    JsonBody(req): JsonBody<TokenRequest>,
) -> Result<Response, ApiError> {
    Ok(json(
        StatusCode::OK,
        change::execute(&state, &id, Command::Resign { token: req.token }).await?,
    ))
}

async fn draw(
    State(state): State<AppState>,
    Path(id): Path<String>,
    JsonBody(req): JsonBody<AnswerRequest>,
) -> Result<Response, ApiError> {
    Ok(json(
        StatusCode::OK,
        change::execute(&state, &id, req.draw()).await?,
    ))
}

async fn rematch(
    State(state): State<AppState>,
    Path(id): Path<String>,
    JsonBody(req): JsonBody<TokenRequest>,
) -> Result<Response, ApiError> {
    Ok(secret(
        Json(commands::rematch(&state, &id, req).await?).into_response(),
    ))
}

async fn sign_up(
    State(state): State<AppState>,
    Https(secure): Https,
    jar: CookieJar,
    JsonBody(req): JsonBody<accounts::Credentials>,
) -> Result<Response, ApiError> {
    let (me, cookie) = accounts::sign_up(&state, req, secure).await?;
    Ok(secret(
        (StatusCode::CREATED, jar.add(cookie), Json(me)).into_response(),
    ))
}

async fn sign_in(
    State(state): State<AppState>,
    accounts::Peer(peer): accounts::Peer,
    Https(secure): Https,
    jar: CookieJar,
    JsonBody(req): JsonBody<accounts::Credentials>,
) -> Result<Response, ApiError> {
    let (me, cookie) = accounts::sign_in(&state, req, peer, secure).await?;
    Ok(secret((jar.add(cookie), Json(me)).into_response()))
}

async fn sign_out(State(state): State<AppState>, jar: CookieJar) -> Result<Response, ApiError> {
    let gone = accounts::sign_out(&state, &jar).await?;
    Ok((StatusCode::NO_CONTENT, jar.remove(gone)).into_response())
}

/// `GET /api/me`: the signed-in account, or 204 for a guest (a guest is no error: every page
/// asks, and a 401 would be a failed request in every guest's console).
async fn me(signed_in: Option<accounts::SignedIn>) -> Response {
    match signed_in {
        Some(signed_in) => secret(Json(signed_in.me()).into_response()),
        None => secret(StatusCode::NO_CONTENT.into_response()),
    }
}

async fn change_password(
    State(state): State<AppState>,
    accounts::Peer(peer): accounts::Peer,
    signed_in: accounts::SignedIn,
    JsonBody(req): JsonBody<accounts::NewPassword>,
) -> Result<Response, ApiError> {
    let me = accounts::change_password(&state, &signed_in, req, peer).await?;
    Ok(secret(Json(me).into_response()))
}

async fn analyse(
    _: MayCreate,
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<crate::analysis::Analysis>, ApiError> {
    Ok(Json(crate::analysis::request(&state, &id).await?))
}

async fn analysis(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<crate::analysis::Analysis>, ApiError> {
    Ok(Json(crate::analysis::progress(&state, &id).await?))
}

async fn hint(
    _: MayCreate,
    State(state): State<AppState>,
    Path(id): Path<String>,
    JsonBody(req): JsonBody<TokenRequest>,
) -> Result<Json<crate::analysis::Hint>, ApiError> {
    Ok(Json(crate::analysis::hint(&state, &id, &req.token).await?))
}

async fn say(
    State(state): State<AppState>,
    Path(id): Path<String>,
    JsonBody(req): JsonBody<ChatRequest>,
) -> Result<Response, ApiError> {
    Ok(json(
        StatusCode::OK,
        change::execute(&state, &id, req.command()?).await?,
    ))
}

async fn chat_enabled(
    State(state): State<AppState>,
    Path(id): Path<String>,
    JsonBody(req): JsonBody<ChatEnabledRequest>,
) -> Result<Response, ApiError> {
    Ok(json(
        StatusCode::OK,
        change::execute(&state, &id, req.command()).await?,
    ))
}

async fn join(
    State(state): State<AppState>,
    Path(id): Path<String>,
    signed_in: Option<accounts::SignedIn>,
    JsonBody(req): JsonBody<JoinRequest>,
) -> Result<Response, ApiError> {
    Ok(secret(
        Json(commands::join(&state, &id, req, signed_in.as_ref()).await?).into_response(),
    ))
}

async fn my_games(
    State(state): State<AppState>,
    signed_in: accounts::SignedIn,
) -> Result<Response, ApiError> {
    let games = players::my_games(&state, &signed_in).await?;
    Ok(secret(Json(json_games(games)).into_response()))
}

async fn my_game(
    State(state): State<AppState>,
    signed_in: accounts::SignedIn,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let game = players::my_game(&state, &signed_in, &id).await?;
    Ok(secret(Json(game).into_response()))
}

async fn adopt(
    State(state): State<AppState>,
    signed_in: accounts::SignedIn,
    JsonBody(req): JsonBody<players::Adopt>,
) -> Result<Response, ApiError> {
    let games = players::adopt(&state, &signed_in, req).await?;
    Ok(secret(Json(json_games(games)).into_response()))
}

async fn bots(State(state): State<AppState>) -> Result<Json<crate::bots::Bots>, ApiError> {
    Ok(Json(crate::bots::list(&state).await?))
}

async fn bot_stream(State(state): State<AppState>, bot: crate::bots::Bot) -> Response {
    crate::bots::stream(state, bot)
}

async fn profile(
    State(state): State<AppState>,
    Path(name): Path<String>,
) -> Result<Json<players::Profile>, ApiError> {
    Ok(Json(players::profile(&state, &name).await?))
}

async fn leaderboard(
    State(state): State<AppState>,
    Path(pool): Path<String>,
) -> Result<Json<players::Leaderboard>, ApiError> {
    Ok(Json(players::leaderboard(&state, &pool).await?))
}

/// `{"games": [...]}`.
fn json_games(games: Vec<players::MyGame>) -> serde_json::Value {
    serde_json::json!({ "games": games })
}

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

async fn upload(
    _: MayCreate,
    State(state): State<AppState>,
    JsonBody(req): JsonBody<UploadRecord>,
) -> Result<Response, ApiError> {
    let uploaded = games::upload(&state, req).await?;
    Ok((StatusCode::CREATED, Json(uploaded)).into_response())
}

/// `GET /api/games/{id}/ws[?since=VERSION]`: the view now (or, for a socket that had version
/// `since`, what it missed) and after every change what changed, to players and spectators; the
/// legal moves to the sockets of the seat to move.
async fn watch(
    State(state): State<AppState>,
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
    let watcher = games::subscribe(&state, &id, since).await?;
    socket::open(state, upgrade, move |state, mut socket| async move {
        // The seats this socket shows present.
        let mut seats = Vec::new();
        let end = serve_watcher(&state, &id, &mut socket, watcher, &mut seats).await;
        for seat in seats {
            state.presence.leave(&id, seat).await;
        }
        (socket, end)
    })
}

/// A message a player's socket sends to be shown present.
#[derive(serde::Deserialize)]
struct Hello {
    token: String,
}

/// Sends a watcher what it is to see first and every later update until it goes; a player's
/// socket that sends its seat's token is shown present (the seats so shown are added to
/// `seats`) and is sent its legal moves when its seat is to move. Returns the frame to close
/// with, if any.
async fn serve_watcher(
    state: &AppState,
    id: &str,
    socket: &mut WebSocket,
    watcher: games::Watcher,
    seats: &mut Vec<u8>,
) -> Option<CloseFrame> {
    let games::Watcher {
        first,
        mut covered,
        mut updates,
    } = watcher;
    for message in first {
        if let Err(close) = send(socket, state.send_patience, Message::Text(message)).await {
            return close;
        }
    }
    // Pings keep idle connections open through proxies and find dead clients.
    let mut ping = tokio::time::interval(PING);
    ping.reset();
    let restart = state.lifecycle.streams_must_end();
    tokio::pin!(restart);
    loop {
        tokio::select! {
            () = &mut restart => {
                // The client reconnects (to another process) and gets what it missed.
                return Some(CloseFrame { code: close_code::RESTART, reason: "service restart".into() });
            }
            _ = ping.tick() => {
                if let Err(close) = send(socket, state.send_patience, Message::Ping(Bytes::new())).await {
                    return close;
                }
            }
            update = updates.recv() => match update {
                Ok(update) => {
                    if update.seq <= covered {
                        continue;
                    }
                    covered = update.seq;
                    if let Err(close) = send(socket, state.send_patience, Message::Text(update.text.clone())).await {
                        return close;
                    }
                    if let Some(seat) = update.mover.filter(|s| seats.contains(s)) {
                        if let Ok(Some(moves)) = games::moves_for(state, id, seat).await {
                            if let Err(close) = send(socket, state.send_patience, Message::Text(moves.clone())).await {
                                return close;
                            }
                        }
                    }
                }
                // Fell behind: the whole view again (each update builds on the one before).
                Err(RecvError::Lagged(_)) => {
                    let Ok((whole, now)) = games::resync(state, id).await else {
                        return None;
                    };
                    covered = now;
                    for message in whole {
                        if let Err(close) = send(socket, state.send_patience, Message::Text(message)).await {
                            return close;
                        }
                    }
                    for &seat in seats.iter() {
                        if let Ok(Some(moves)) = games::moves_for(state, id, seat).await {
                            if let Err(close) = send(socket, state.send_patience, Message::Text(moves)).await {
                                return close;
                            }
                        }
                    }
                }
                Err(RecvError::Closed) => return None,
            },
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Text(text))) => {
                    let reply = match hello(state, id, &text, seats).await {
                        Ok(Some(seat)) => games::moves_for(state, id, seat).await.ok().flatten(),
                        Ok(None) => None,
                        Err(e) => Some(e.body().into()),
                    };
                    if let Some(reply) = reply {
                        if let Err(close) = send(socket, state.send_patience, Message::Text(reply)).await {
                            return close;
                        }
                    }
                }
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => return None,
                // Pings are answered by the library.
                Some(Ok(_)) => {}
            },
        }
    }
}

/// A player's socket says whose seat it shows: `{"token": …}`. The seat, when it is new to
/// this socket.
async fn hello(
    state: &AppState,
    id: &str,
    text: &str,
    seats: &mut Vec<u8>,
) -> Result<Option<u8>, ApiError> {
    let hello: Hello = serde_json::from_str(text).map_err(|_| {
        ApiError::BadRequest(
            "a player's socket sends {\"token\": \"…\"} to be shown present".into(),
        )
    })?;
    let game = crate::change::find(state, id).await?;
    let seat = crate::change::seat_of(&*game.state.lock().await, &hello.token)?;
    if seats.contains(&seat) {
        return Ok(None);
    }
    seats.push(seat);
    state.presence.arrive(id, seat).await;
    Ok(Some(seat))
}

/// The headers every answer carries: only this site's own scripts, styles and images run on its
/// pages (and its own WebSockets are the only connections they make), no page is framed
/// elsewhere, types are not guessed, and no address leaks in a Referer. An answer that says
/// nothing of caching (the API's: seat tokens, sessions, people's games) is kept by no cache.
async fn security_headers(mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers
        .entry(header::CACHE_CONTROL)
        .or_insert(HeaderValue::from_static("no-store"));
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
             connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; \
             frame-ancestors 'none'",
        ),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    response
}

/// An answer carrying a seat token or a session: kept by no cache (said where it is made, though
/// [`security_headers`] would add it).
fn secret(mut response: Response) -> Response {
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

async fn no_such_api() -> ApiError {
    ApiError::NotFound("no such API endpoint".into())
}

async fn no_such_page() -> ApiError {
    ApiError::NotFound("no such page here".into())
}

/// Gives every error response that is not JSON yet (405, 413 from the body limit, a rejected
/// WebSocket upgrade, …) the JSON body `{"error": …}`.
async fn json_errors(response: Response) -> Response {
    let status = response.status();
    if !(status.is_client_error() || status.is_server_error()) {
        return response;
    }
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if is_json {
        return response;
    }
    let (parts, body) = response.into_parts();
    let message = match status {
        StatusCode::PAYLOAD_TOO_LARGE => ApiError::TooLarge { limit: BODY_LIMIT }.to_string(),
        StatusCode::METHOD_NOT_ALLOWED => "that method is not allowed here".to_string(),
        _ => {
            let body = axum::body::to_bytes(body, BODY_LIMIT)
                .await
                .unwrap_or_default();
            let text = String::from_utf8_lossy(&body).trim().to_string();
            if text.is_empty() {
                status
                    .canonical_reason()
                    .unwrap_or("request failed")
                    .to_lowercase()
            } else {
                text
            }
        }
    };
    let mut fixed = error_response(status, &message, status_code(status), &[]);
    // Keep the other headers (`Allow` of a 405, …).
    for (name, value) in &parts.headers {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
            fixed.headers_mut().insert(name.clone(), value.clone());
        }
    }
    fixed
}

//! The routes of accounts and players (docs/api.md, "Accounts and sessions"): signing up, in and
//! out, the signed-in player and their games, profiles, leaderboards, and the bots and their
//! stream. What each does is in [`crate::accounts`], [`crate::players`] and [`crate::bots`].

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use axum_extra::extract::cookie::CookieJar;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::accounts::{self, Credentials, Me, NewPassword, Peer, SignedIn};
use crate::api::secret;
use crate::body::JsonBody;
use crate::error::ApiError;
use crate::openapi::ErrorBody;
use crate::players::{self, Adopt, Leaderboard, MyGame, Profile};
use crate::proxy::Https;
use crate::{bots, state::AppState};

/// The routes of accounts and players.
pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(sign_up))
        .routes(routes!(sign_in, sign_out))
        .routes(routes!(me, delete_me))
        .routes(routes!(change_password))
        .routes(routes!(my_games, adopt))
        .routes(routes!(my_game))
        .routes(routes!(profile))
        .routes(routes!(leaderboard))
        .routes(routes!(list_bots))
        .routes(routes!(bot_stream))
}

/// A new account, signed in (its session cookie set).
#[utoipa::path(post, path = "/api/accounts", tag = "accounts", request_body = Credentials,
    responses(
        (status = 201, description = "Made and signed in; a bot's answer carries its API token, shown once.", body = Me),
        (status = 400, description = "A name or password that cannot be one (`account-name`, `name-refused`, `password-length`).", body = ErrorBody),
        (status = 409, description = "The name is taken, written any way (`name-taken`).", body = ErrorBody),
    ))]
async fn sign_up(
    State(state): State<AppState>,
    Https(secure): Https,
    headers: HeaderMap,
    jar: CookieJar,
    JsonBody(req): JsonBody<Credentials>,
) -> Result<Response, ApiError> {
    let (me, cookie) = accounts::sign_up(&state, req, secure, agent(&headers)).await?;
    Ok(secret(
        (StatusCode::CREATED, jar.add(cookie), Json(me)).into_response(),
    ))
}

/// Signs in (the session cookie set).
#[utoipa::path(post, path = "/api/session", tag = "accounts", request_body = Credentials,
    responses(
        (status = 200, description = "Signed in.", body = Me),
        (status = 401, description = "A wrong name or password (`wrong-credentials`); with two-step sign-in on, no code (`totp-required`) or a wrong one (`wrong-code`).", body = ErrorBody),
        (status = 403, description = "The account was closed by a moderator (`closed`).", body = ErrorBody),
        (status = 429, description = "Too many tries for this account or from this address (`too-fast`).", body = ErrorBody),
    ))]
async fn sign_in(
    State(state): State<AppState>,
    Peer(peer): Peer,
    Https(secure): Https,
    headers: HeaderMap,
    jar: CookieJar,
    JsonBody(req): JsonBody<Credentials>,
) -> Result<Response, ApiError> {
    let (me, cookie) = accounts::sign_in(&state, req, peer, secure, agent(&headers)).await?;
    Ok(secret((jar.add(cookie), Json(me)).into_response()))
}

/// The User-Agent of a request, or nothing.
fn agent(headers: &HeaderMap) -> &str {
    headers
        .get(axum::http::header::USER_AGENT)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
}

/// Signs out: this session ends (the cookie cleared).
#[utoipa::path(delete, path = "/api/session", tag = "accounts",
    responses((status = 204, description = "Signed out (or was not signed in).")))]
async fn sign_out(State(state): State<AppState>, jar: CookieJar) -> Result<Response, ApiError> {
    let gone = accounts::sign_out(&state, &jar).await?;
    Ok((StatusCode::NO_CONTENT, jar.remove(gone)).into_response())
}

/// The signed-in account, or 204 for a guest (a guest is no error: every page asks, and a 401
/// would be a failed request in every guest's console).
#[utoipa::path(get, path = "/api/me", tag = "accounts",
    responses(
        (status = 200, description = "Signed in as this account.", body = Me),
        (status = 204, description = "A guest."),
    ))]
async fn me(signed_in: Option<SignedIn>) -> Response {
    match signed_in {
        Some(signed_in) => secret(Json(signed_in.me()).into_response()),
        None => secret(StatusCode::NO_CONTENT.into_response()),
    }
}

/// Deletes the signed-in player's account, given its password (docs/api.md, "Your data"): its
/// games stay for the others, its seats shown as a deleted player's.
#[utoipa::path(delete, path = "/api/me", tag = "accounts", request_body = crate::leaving::Leave,
    responses(
        (status = 204, description = "Deleted, and signed out."),
        (status = 401, description = "Not signed in, or a wrong password (`not-signed-in`, `wrong-password`).", body = ErrorBody),
        (status = 429, description = "Too many guesses (`too-fast`).", body = ErrorBody),
    ))]
async fn delete_me(
    State(state): State<AppState>,
    Peer(peer): Peer,
    signed_in: SignedIn,
    jar: CookieJar,
    JsonBody(req): JsonBody<crate::leaving::Leave>,
) -> Result<Response, ApiError> {
    crate::leaving::delete(&state, &signed_in, req, peer).await?;
    let gone = axum_extra::extract::cookie::Cookie::build((accounts::COOKIE, ""))
        .path("/")
        .build();
    Ok((StatusCode::NO_CONTENT, jar.remove(gone)).into_response())
}

/// A new password, given the current one; the account's other sessions end.
#[utoipa::path(post, path = "/api/me/password", tag = "accounts", request_body = NewPassword,
    responses(
        (status = 200, description = "Changed.", body = Me),
        (status = 400, description = "A new password that cannot be one (`password-length`).", body = ErrorBody),
        (status = 401, description = "Not signed in, or the current password wrong (`not-signed-in`, `wrong-password`).", body = ErrorBody),
        (status = 429, description = "Too many guesses (`too-fast`).", body = ErrorBody),
    ))]
async fn change_password(
    State(state): State<AppState>,
    Peer(peer): Peer,
    signed_in: SignedIn,
    JsonBody(req): JsonBody<NewPassword>,
) -> Result<Response, ApiError> {
    let me = accounts::change_password(&state, &signed_in, req, peer).await?;
    Ok(secret(Json(me).into_response()))
}

/// `{"games": [...]}`: the signed-in player's games.
#[derive(Serialize, ToSchema)]
struct MyGames {
    games: Vec<MyGame>,
}

/// The signed-in player's games, their turn first, each with a token for their seat in this
/// browser.
#[utoipa::path(get, path = "/api/me/games", tag = "accounts",
    responses(
        (status = 200, description = "The games.", body = MyGames),
        (status = 401, description = "Not signed in (`not-signed-in`).", body = ErrorBody),
    ))]
async fn my_games(
    State(state): State<AppState>,
    signed_in: SignedIn,
) -> Result<Response, ApiError> {
    let games = players::my_games(&state, &signed_in).await?;
    Ok(secret(Json(MyGames { games }).into_response()))
}

/// The signed-in player's seat in one game, with its token for this browser: how a page told of
/// a new game (a seek filled, a tournament round) takes its seat.
#[utoipa::path(get, path = "/api/me/games/{id}", tag = "accounts",
    params(("id" = String, Path, description = "The game.")),
    responses(
        (status = 200, description = "The seat and its token.", body = MyGame),
        (status = 401, description = "Not signed in (`not-signed-in`).", body = ErrorBody),
        (status = 404, description = "No such game, or no seat of the player's in it (`no-game`, `no-seat-of-yours`).", body = ErrorBody),
    ))]
async fn my_game(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let game = players::my_game(&state, &signed_in, &id).await?;
    Ok(secret(Json(game).into_response()))
}

/// The seats this browser played as a guest become the account's; then its games.
#[utoipa::path(post, path = "/api/me/games", tag = "accounts", request_body = Adopt,
    responses(
        (status = 200, description = "Kept: the account's games.", body = MyGames),
        (status = 400, description = "More than 200 games at once.", body = ErrorBody),
        (status = 401, description = "Not signed in (`not-signed-in`).", body = ErrorBody),
        (status = 404, description = "No such game (`no-game`).", body = ErrorBody),
        (status = 409, description = "A seat another account holds.", body = ErrorBody),
    ))]
async fn adopt(
    State(state): State<AppState>,
    signed_in: SignedIn,
    JsonBody(req): JsonBody<Adopt>,
) -> Result<Response, ApiError> {
    let games = players::adopt(&state, &signed_in, req).await?;
    Ok(secret(Json(MyGames { games }).into_response()))
}

/// A player's profile: ratings, recent games, results.
#[utoipa::path(get, path = "/api/players/{name}", tag = "players",
    params(("name" = String, Path, description = "The account's name, written any way.")),
    responses(
        (status = 200, description = "The profile.", body = Profile),
        (status = 404, description = "No such player.", body = ErrorBody),
    ))]
async fn profile(
    State(state): State<AppState>,
    Path(name): Path<String>,
) -> Result<Json<Profile>, ApiError> {
    Ok(Json(players::profile(&state, &name).await?))
}

/// A rating pool's leaderboard.
#[utoipa::path(get, path = "/api/leaderboard/{pool}", tag = "players",
    params(("pool" = String, Path, description = "A pool's id (`GET /api/meta`).")),
    responses(
        (status = 200, description = "The best rated players of the pool.", body = Leaderboard),
        (status = 404, description = "No such pool.", body = ErrorBody),
    ))]
async fn leaderboard(
    State(state): State<AppState>,
    Path(pool): Path<String>,
) -> Result<Json<Leaderboard>, ApiError> {
    Ok(Json(players::leaderboard(&state, &pool).await?))
}

/// The bots, and whether each is online.
#[utoipa::path(get, path = "/api/bots", tag = "players",
    responses((status = 200, description = "The bots.", body = bots::Bots)))]
async fn list_bots(State(state): State<AppState>) -> Result<Json<bots::Bots>, ApiError> {
    Ok(Json(bots::list(&state).await?))
}

/// A bot's stream of events (its API token as `Authorization: Bearer …`): one JSON object a line.
#[utoipa::path(get, path = "/api/bot/stream", tag = "players",
    responses(
        (status = 200, description = "Events, one JSON object a line, as they come (docs/api.md, \"Bots\").", content_type = "application/x-ndjson", body = String),
        (status = 401, description = "No bot's token.", body = ErrorBody),
    ),
    security(("bot_token" = [])))]
async fn bot_stream(State(state): State<AppState>, bot: bots::Bot) -> Response {
    bots::stream(state, bot)
}

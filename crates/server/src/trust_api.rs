//! The routes of trust and safety for everyone (docs/api.md, "Password reset" to "Reports"): a
//! forgotten password, one's sessions, one's data, two-step sign-in, blocks and reports. What
//! each does is in [`crate::reset`], [`crate::sessions`], [`crate::leaving`], [`crate::totp`],
//! [`crate::blocks`] and [`crate::moderation`]; the moderators' own routes are
//! [`crate::mod_api`]'s.

use axum::extract::{Path, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::accounts::{Peer, SignedIn};
use crate::api::secret;
use crate::blocks::{self, Blocked, Blocks, NewBlock};
use crate::body::JsonBody;
use crate::error::ApiError;
use crate::leaving::{self, Export};
use crate::moderation::{self, NewReport, Reported, Standing};
use crate::openapi::ErrorBody;
use crate::reset::{self, Reset, ResetAsked, ResetDone};
use crate::sessions::{self, Sessions};
use crate::state::AppState;
use crate::totp::{self, Confirm, Disable, Enabled, Setup};

/// The routes of trust and safety for everyone.
pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(ask_reset))
        .routes(routes!(use_reset))
        .routes(routes!(list_sessions, end_other_sessions))
        .routes(routes!(end_session))
        .routes(routes!(export))
        .routes(routes!(start_totp, stop_totp))
        .routes(routes!(confirm_totp))
        .routes(routes!(list_blocks, add_block))
        .routes(routes!(remove_block))
        .routes(routes!(add_report))
        .routes(routes!(standing))
}

/// Asks for a link to choose a new password, mailed to the address if an account confirmed it.
/// The answer is the same, and as quick, whoever the address belongs to.
#[utoipa::path(post, path = "/api/password-reset", tag = "accounts", request_body = ResetAsked,
    responses(
        (status = 202, description = "Asked: a link goes to the address if an account confirmed it (and has not had three this hour)."),
        (status = 409, description = "This server sends no mail (`mail-off`).", body = ErrorBody),
        (status = 429, description = "Too many asked from this client address (`too-fast`).", body = ErrorBody),
    ))]
async fn ask_reset(
    State(state): State<AppState>,
    Peer(peer): Peer,
    JsonBody(req): JsonBody<ResetAsked>,
) -> Result<StatusCode, ApiError> {
    if let Some(peer) = peer {
        state.reset_limit.take(peer)?;
    }
    reset::ask(&state, req)?;
    Ok(StatusCode::ACCEPTED)
}

/// Chooses a new password with a mailed link's token: every session of the account ends.
#[utoipa::path(post, path = "/api/password-reset/{token}", tag = "accounts", request_body = ResetDone,
    params(("token" = String, Path, description = "The link's token.")),
    responses(
        (status = 200, description = "Changed: sign in with the new password.", body = Reset),
        (status = 400, description = "A password that cannot be one (`password-length`).", body = ErrorBody),
        (status = 404, description = "Used already, over an hour old, or no such link (`link-not-valid`).", body = ErrorBody),
        (status = 429, description = "Too many tries (`too-fast`).", body = ErrorBody),
    ))]
async fn use_reset(
    State(state): State<AppState>,
    Peer(peer): Peer,
    Path(token): Path<String>,
    JsonBody(req): JsonBody<ResetDone>,
) -> Result<Json<Reset>, ApiError> {
    Ok(Json(reset::reset(&state, &token, req, peer).await?))
}

/// The signed-in player's sessions: where they are signed in.
#[utoipa::path(get, path = "/api/me/sessions", tag = "accounts",
    responses(
        (status = 200, description = "The sessions, the latest used first.", body = Sessions),
        (status = 401, description = "Not signed in (`not-signed-in`).", body = ErrorBody),
    ))]
async fn list_sessions(
    State(state): State<AppState>,
    signed_in: SignedIn,
) -> Result<Response, ApiError> {
    let list = sessions::list(&state, &signed_in).await?;
    Ok(secret(Json(list).into_response()))
}

/// Ends every session of the signed-in player but this one.
#[utoipa::path(delete, path = "/api/me/sessions", tag = "accounts",
    responses(
        (status = 204, description = "Ended."),
        (status = 401, description = "Not signed in (`not-signed-in`).", body = ErrorBody),
    ))]
async fn end_other_sessions(
    State(state): State<AppState>,
    signed_in: SignedIn,
) -> Result<StatusCode, ApiError> {
    sessions::end_others(&state, &signed_in).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Ends one of the signed-in player's sessions.
#[utoipa::path(delete, path = "/api/me/sessions/{id}", tag = "accounts",
    params(("id" = String, Path, description = "The session's id.")),
    responses(
        (status = 204, description = "Ended."),
        (status = 401, description = "Not signed in (`not-signed-in`).", body = ErrorBody),
        (status = 404, description = "No such session of theirs (`no-session`).", body = ErrorBody),
    ))]
async fn end_session(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(id): Path<String>,
) -> Result<StatusCode, ApiError> {
    sessions::end(&state, &signed_in, &id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Everything stored about the signed-in player, as a JSON file to download.
#[utoipa::path(get, path = "/api/me/export", tag = "accounts",
    responses(
        (status = 200, description = "The data (docs/api.md, \"Your data\").", body = Export),
        (status = 401, description = "Not signed in (`not-signed-in`).", body = ErrorBody),
    ))]
async fn export(State(state): State<AppState>, signed_in: SignedIn) -> Result<Response, ApiError> {
    let data = leaving::export(&state, &signed_in).await?;
    let file = format!(
        "attachment; filename=\"trigonal-{}.json\"",
        signed_in.account.name
    );
    let disposition =
        HeaderValue::from_str(&file).map_err(|e| ApiError::Internal(e.to_string().into()))?;
    let mut response = Json(data).into_response();
    response
        .headers_mut()
        .insert(header::CONTENT_DISPOSITION, disposition);
    Ok(secret(response))
}

/// Starts setting up two-step sign-in: a new secret, its URI and its QR code.
#[utoipa::path(post, path = "/api/me/totp", tag = "accounts",
    responses(
        (status = 200, description = "The secret (base32), the otpauth:// URI and its QR code (SVG); on once a code of it is confirmed.", body = Setup),
        (status = 401, description = "Not signed in (`not-signed-in`).", body = ErrorBody),
        (status = 409, description = "It is on already (`totp-on`).", body = ErrorBody),
    ))]
async fn start_totp(
    State(state): State<AppState>,
    signed_in: SignedIn,
) -> Result<Response, ApiError> {
    let setup = totp::setup(&state, &signed_in).await?;
    Ok(secret(Json(setup).into_response()))
}

/// Turns two-step sign-in on with a code of the secret handed out: ten recovery codes, shown
/// once.
#[utoipa::path(post, path = "/api/me/totp/confirm", tag = "accounts", request_body = Confirm,
    responses(
        (status = 200, description = "On: the recovery codes.", body = Enabled),
        (status = 400, description = "A wrong code (`wrong-code`).", body = ErrorBody),
        (status = 401, description = "Not signed in (`not-signed-in`).", body = ErrorBody),
        (status = 409, description = "Nothing is being set up (`totp-not-pending`).", body = ErrorBody),
        (status = 429, description = "Too many guesses (`too-fast`).", body = ErrorBody),
    ))]
async fn confirm_totp(
    State(state): State<AppState>,
    Peer(peer): Peer,
    signed_in: SignedIn,
    JsonBody(req): JsonBody<Confirm>,
) -> Result<Response, ApiError> {
    let enabled = totp::confirm(&state, &signed_in, req, peer).await?;
    Ok(secret(Json(enabled).into_response()))
}

/// Turns two-step sign-in off, given the password and a code.
#[utoipa::path(delete, path = "/api/me/totp", tag = "accounts", request_body = Disable,
    responses(
        (status = 204, description = "Off."),
        (status = 401, description = "Not signed in, or a wrong password or code (`not-signed-in`, `wrong-password`, `wrong-code`).", body = ErrorBody),
        (status = 409, description = "It is not on (`totp-off`).", body = ErrorBody),
        (status = 429, description = "Too many guesses (`too-fast`).", body = ErrorBody),
    ))]
async fn stop_totp(
    State(state): State<AppState>,
    Peer(peer): Peer,
    signed_in: SignedIn,
    JsonBody(req): JsonBody<Disable>,
) -> Result<StatusCode, ApiError> {
    totp::disable(&state, &signed_in, req, peer).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The players the signed-in player blocked.
#[utoipa::path(get, path = "/api/me/blocks", tag = "players",
    responses(
        (status = 200, description = "The blocks, the latest first.", body = Blocks),
        (status = 401, description = "Not signed in (`not-signed-in`).", body = ErrorBody),
    ))]
async fn list_blocks(
    State(state): State<AppState>,
    signed_in: SignedIn,
) -> Result<Json<Blocks>, ApiError> {
    Ok(Json(blocks::list(&state, &signed_in).await?))
}

/// Blocks a player: neither sees the other's seeks nor plays with them, and their chat is not
/// shown to the blocker.
#[utoipa::path(post, path = "/api/me/blocks", tag = "players", request_body = NewBlock,
    responses(
        (status = 201, description = "Blocked (or was already).", body = Blocked),
        (status = 400, description = "Oneself (`block-self`).", body = ErrorBody),
        (status = 401, description = "Not signed in (`not-signed-in`).", body = ErrorBody),
        (status = 404, description = "No such player (`no-player`).", body = ErrorBody),
    ))]
async fn add_block(
    State(state): State<AppState>,
    signed_in: SignedIn,
    JsonBody(req): JsonBody<NewBlock>,
) -> Result<(StatusCode, Json<Blocked>), ApiError> {
    let blocked = blocks::block(&state, &signed_in, req).await?;
    Ok((StatusCode::CREATED, Json(blocked)))
}

/// Unblocks a player.
#[utoipa::path(delete, path = "/api/me/blocks/{name}", tag = "players",
    params(("name" = String, Path, description = "The player's name, written any way.")),
    responses(
        (status = 204, description = "Unblocked."),
        (status = 401, description = "Not signed in (`not-signed-in`).", body = ErrorBody),
        (status = 404, description = "No such player, or not blocked (`no-player`, `not-blocked`).", body = ErrorBody),
    ))]
async fn remove_block(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(name): Path<String>,
) -> Result<StatusCode, ApiError> {
    blocks::unblock(&state, &signed_in, &name).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Reports a player to the moderators.
#[utoipa::path(post, path = "/api/reports", tag = "players", request_body = NewReport,
    responses(
        (status = 201, description = "Reported.", body = Reported),
        (status = 400, description = "An unknown reason, a text too long, or oneself (`report-reason`, `report-text`, `report-self`).", body = ErrorBody),
        (status = 401, description = "Not signed in (`not-signed-in`).", body = ErrorBody),
        (status = 404, description = "No such player or game (`no-player`, `no-game`).", body = ErrorBody),
        (status = 429, description = "Ten reports this hour already (`too-fast`).", body = ErrorBody),
    ))]
async fn add_report(
    State(state): State<AppState>,
    signed_in: SignedIn,
    JsonBody(req): JsonBody<NewReport>,
) -> Result<(StatusCode, Json<Reported>), ApiError> {
    let reported = moderation::report(&state, &signed_in, req).await?;
    Ok((StatusCode::CREATED, Json(reported)))
}

/// What moderators did about the signed-in player: a mute, and recent warnings.
#[utoipa::path(get, path = "/api/me/moderation", tag = "accounts",
    responses(
        (status = 200, description = "Their standing.", body = Standing),
        (status = 401, description = "Not signed in (`not-signed-in`).", body = ErrorBody),
    ))]
async fn standing(
    State(state): State<AppState>,
    signed_in: SignedIn,
) -> Result<Json<Standing>, ApiError> {
    Ok(Json(moderation::standing(&state, &signed_in).await?))
}

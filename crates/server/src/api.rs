//! The HTTP face: every route, merged from the files that own them (`*_api.rs`, one a concern),
//! with the layers every request passes — the edge (who sent it, its id, its metrics), the
//! origin guard, compression, the security headers and JSON errors. The API's routes are
//! registered with their OpenAPI description ([`crate::openapi`]); pages and files are the
//! fallback ([`crate::web`]).

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware;
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get};
use axum::Router;
use tower_http::compression::predicate::{DefaultPredicate, NotForContentType, Predicate};
use tower_http::compression::{CompressionLayer, CompressionLevel};
use tower_http::limit::RequestBodyLimitLayer;
use utoipa_axum::router::OpenApiRouter;

use crate::body::{BODY_LIMIT, READ_THROUGH};
use crate::error::{error_response, status_code, ApiError};
use crate::{
    accounts_api, edge, games_api, health, lesson_api, mail_api, mod_api, observe, origin,
    push_api, puzzle_api, seek_api, site_api, tournament_api, trust_api, web, AppState,
};

/// Every route of the API, each with its OpenAPI description.
pub fn api_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(site_api::routes())
        .merge(games_api::routes())
        .merge(accounts_api::routes())
        .merge(seek_api::routes())
        .merge(mail_api::routes())
        .merge(tournament_api::routes())
        .merge(push_api::routes())
        .merge(lesson_api::routes())
        .merge(puzzle_api::routes())
        .merge(trust_api::routes())
        .merge(mod_api::routes())
}

/// Every route of the server.
pub fn router(state: AppState) -> Router {
    let (api, _) = api_routes().split_for_parts();
    api.route("/api", any(no_such_api))
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

/// `GET /metrics`: Prometheus's text format, version 0.0.4 (on the API's address unless
/// `--metrics-addr` gives it one of its own).
pub(crate) async fn metrics(State(state): State<AppState>) -> Response {
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
pub(crate) fn json(status: StatusCode, body: impl Into<Bytes>) -> Response {
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

/// The headers every answer carries: only this site's own scripts, styles and images run on its
/// pages (and its own WebSockets are the only connections they make), no page is framed
/// elsewhere, types are not guessed, and no address leaks in a Referer. An answer that says
/// nothing of caching (the API's: seat tokens, sessions, people's games) is kept by no cache.
async fn security_headers(mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers
        .entry(header::CACHE_CONTROL)
        .or_insert(HeaderValue::from_static("no-store"));
    // A page that carries a script of its own (the import map) says its policy itself.
    headers
        .entry(header::CONTENT_SECURITY_POLICY)
        .or_insert_with(|| content_security_policy(None));
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

/// The pages' Content-Security-Policy: only this site's own scripts, styles and images, and
/// the one inline script whose SHA-256 (base64) is `inline`, if any.
pub(crate) fn content_security_policy(inline: Option<&str>) -> HeaderValue {
    let inline = inline.map_or(String::new(), |hash| format!(" 'sha256-{hash}'"));
    HeaderValue::from_str(&format!(
        "default-src 'self'; script-src 'self'{inline}; style-src 'self'; img-src 'self' data:; \
         connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; \
         frame-ancestors 'none'"
    ))
    .expect("a policy of visible ASCII")
}

/// An answer carrying a seat token or a session: kept by no cache (said where it is made, though
/// [`security_headers`] would add it).
pub(crate) fn secret(mut response: Response) -> Response {
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
/// WebSocket upgrade, …) the JSON body `{"error": …}` — but for a page meant for people (a mail
/// link's, in HTML), which stays one.
async fn json_errors(response: Response) -> Response {
    let status = response.status();
    if !(status.is_client_error() || status.is_server_error()) {
        return response;
    }
    let kept = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| {
            v.as_bytes().starts_with(b"application/json") || v.as_bytes().starts_with(b"text/html")
        });
    if kept {
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

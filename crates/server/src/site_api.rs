//! The routes about the site itself: what it offers (`GET /api/meta`), this API's description
//! (`GET /api/openapi.json`), and for operators its health, readiness and metrics (docs/api.md,
//! "Operations"). The health checks and the metrics are also served on a private address of
//! their own with `--metrics-addr` ([`crate::api::private_router`]).

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::ApiError;
use crate::openapi::{self, ErrorBody};
use crate::{api, health, meta, state::AppState};

/// The routes about the site.
pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(games_and_levels))
        .routes(routes!(openapi::serve))
        .routes(routes!(healthz))
        .routes(routes!(readyz))
        .routes(routes!(metrics))
}

/// The games, their rating pools, and the computer's levels with their ratings and times.
#[utoipa::path(get, path = "/api/meta", tag = "site",
    responses((status = 200, description = "What the site offers.", body = meta::Meta)))]
async fn games_and_levels() -> Json<&'static meta::Meta> {
    Json(meta::meta())
}

/// Whether the process answers (it asks nothing of the store).
#[utoipa::path(get, path = "/healthz", tag = "site",
    responses((status = 200, description = "`ok`.", content_type = "text/plain", body = String)))]
async fn healthz() -> Response {
    health::healthz().await
}

/// `{"ready": …}`: whether requests should come to this process.
#[derive(Serialize, ToSchema)]
#[allow(dead_code)]
struct Readiness {
    ready: bool,
    /// Why not, when not.
    reason: Option<String>,
}

/// Whether this process should be sent requests: its store answers and it is not shutting down.
#[utoipa::path(get, path = "/readyz", tag = "site",
    responses(
        (status = 200, description = "Ready.", body = Readiness),
        (status = 503, description = "Not ready, and why.", body = Readiness),
    ))]
async fn readyz(state: State<AppState>) -> Response {
    health::readyz(state).await
}

/// The process's metrics in Prometheus's text format, 0.0.4 — here unless `--metrics-addr`
/// serves them on a private address instead.
#[utoipa::path(get, path = "/metrics", tag = "site",
    responses(
        (status = 200, description = "The metrics.", content_type = "text/plain", body = String),
        (status = 404, description = "Served on a private address instead.", body = ErrorBody),
    ))]
async fn metrics(state: State<AppState>) -> Response {
    if state.metrics_public {
        api::metrics(state).await
    } else {
        ApiError::NotFound("no such page here".into()).into_response()
    }
}

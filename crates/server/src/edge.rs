//! The first thing every request meets, after routing: who sent it (the client's address through
//! trusted proxies, [`crate::proxy`]), its id (a trusted proxy's `X-Request-Id`, else a new
//! one) on every log line written while it is served and in the answer's `X-Request-Id`, and its
//! count and time in the metrics, by the route's pattern (never the raw path, which would make
//! a new series per game).

use std::net::SocketAddr;
use std::time::Instant;

use axum::extract::{ConnectInfo, MatchedPath, Request, State};
use axum::http::{HeaderValue, Method};
use axum::middleware::Next;
use axum::response::Response;
use metrics::{counter, histogram};
use tracing::Instrument as _;

use crate::observe::{HTTP_DURATION, HTTP_REQUESTS};
use crate::state::AppState;

/// The header carrying a request's id.
pub const REQUEST_ID: &str = "x-request-id";

/// Works out the request's client and id, serves it inside a span that carries them, and counts
/// it.
pub async fn edge(State(state): State<AppState>, mut request: Request, next: Next) -> Response {
    let start = Instant::now();
    let peer = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|ConnectInfo(a)| a.ip());
    let client = peer.map(|peer| state.proxies.client(peer, request.headers()));
    let id = peer
        .and_then(|peer| state.proxies.request_id(peer, request.headers()))
        .unwrap_or_else(trigonal_store::random_id);
    let shown = client
        .as_ref()
        .map_or_else(|| "-".to_string(), |c| c.addr.to_string());
    if let Some(client) = client {
        request.extensions_mut().insert(client);
    }
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map_or("pages", |p| p.as_str())
        .to_string();
    let method = method_label(request.method());
    let span = tracing::info_span!(
        "request",
        request_id = %id,
        client = %shown,
        method,
        path = %request.uri().path(),
    );
    let mut response = next.run(request).instrument(span.clone()).await;
    let status = response.status();
    let took = start.elapsed();
    span.in_scope(|| {
        tracing::debug!(
            status = status.as_u16(),
            ms = took.as_secs_f64() * 1000.0,
            "answered"
        );
    });
    counter!(HTTP_REQUESTS, "route" => route.clone(), "method" => method, "status" => status.as_str().to_string())
        .increment(1);
    histogram!(HTTP_DURATION, "route" => route).record(took.as_secs_f64());
    if let Ok(value) = HeaderValue::from_str(&id) {
        response.headers_mut().insert(REQUEST_ID, value);
    }
    response
}

/// The method as a label: the standard ones by name, any other as `other` (a client may send
/// any token there).
fn method_label(method: &Method) -> &'static str {
    match *method {
        Method::GET => "GET",
        Method::HEAD => "HEAD",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::DELETE => "DELETE",
        Method::PATCH => "PATCH",
        Method::OPTIONS => "OPTIONS",
        _ => "other",
    }
}

//! [`ApiError`]: every way a request can fail, turned into a status and a JSON body
//! `{"error": "<message>"}` in one place.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;

use trigonal_store::StoreError;

/// Why a request failed. Each variant is one HTTP status; the message is shown to people.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// 401: not signed in, or a wrong name or password.
    #[error("{0}")]
    Unauthorized(String),
    /// 400: the request is not well formed (bad JSON, unknown game or level, wrong seats).
    #[error("{0}")]
    BadRequest(String),
    /// 403: a token that belongs to no seat, or not that seat's turn.
    #[error("{0}")]
    Forbidden(String),
    /// 404: no such game (or page).
    #[error("{0}")]
    NotFound(String),
    /// 405: a method the path does not answer.
    #[error("{0}")]
    MethodNotAllowed(String),
    /// 409: the request does not fit the game's current state (stale ply, seat taken, nothing to
    /// undo).
    #[error("{0}")]
    Conflict(String),
    /// 408: the request body did not arrive in time.
    #[error("{0}")]
    Timeout(String),
    /// 413: the request body is over the limit.
    #[error("the request is too large (the limit is {limit} bytes)")]
    TooLarge {
        /// The limit in bytes.
        limit: usize,
    },
    /// 429: faster than the server allows (new games from one address, chat from one seat).
    #[error("{what}; try again in {retry_after} s")]
    TooManyRequests {
        /// Which limit refused it (a label of the metrics: `games`, `sign-in`, `chat`).
        limit: &'static str,
        /// What was too fast, and the limit.
        what: String,
        /// Seconds until it may be done again.
        retry_after: u64,
    },
    /// 422: a move (or record) the rules refuse, or a finished game.
    #[error("{0}")]
    Unprocessable(String),
    /// 503 when the database cannot be reached (try again shortly), 500 when it failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// 500: anything else that should not happen.
    #[error("{0}")]
    Internal(String),
}

impl ApiError {
    /// The HTTP status of this error.
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::MethodNotAllowed(_) => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::Timeout(_) => StatusCode::REQUEST_TIMEOUT,
            ApiError::TooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Unprocessable(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::Store(StoreError::Unavailable(_)) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Store(_) | ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// The 404 for game `id`.
    pub fn no_game(id: &str) -> ApiError {
        ApiError::NotFound(format!("no game with id {id:?}"))
    }
}

/// The JSON body of every error.
#[derive(serde::Serialize)]
struct ErrorBody<'a> {
    error: &'a str,
}

/// `{"error": message}` with `status`.
pub(crate) fn error_response(status: StatusCode, message: &str) -> Response {
    let mut response = (status, Json(ErrorBody { error: message })).into_response();
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = self.status();
        if status == StatusCode::SERVICE_UNAVAILABLE {
            tracing::warn!(error = %self, "request failed");
            let mut response = error_response(
                status,
                "the database is unavailable; try again in a few seconds",
            );
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(2));
            return response;
        }
        if status.is_server_error() {
            tracing::error!(error = %self, "request failed");
            // Do not show database internals to the client.
            return error_response(status, "internal server error; the server's log says more");
        }
        let mut response = error_response(status, &self.to_string());
        if let ApiError::TooManyRequests {
            retry_after, limit, ..
        } = self
        {
            metrics::counter!(crate::observe::REFUSED, "limit" => limit).increment(1);
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(retry_after));
        }
        response
    }
}

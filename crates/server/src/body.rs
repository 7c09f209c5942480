//! The JSON request body: said to be JSON (`Content-Type: application/json`, else 415 — no HTML
//! form and no "simple" cross-origin request can say so, which is half the CSRF defence:
//! [`crate::origin`]), read up to [`BODY_LIMIT`] within the server's patience, and refused with a
//! JSON error (400, 413, 408) — the one way every route reads a body.

use axum::extract::{FromRequest, Request};
use futures_util::StreamExt as _;
use http_body_util::LengthLimitError;
use serde::de::DeserializeOwned;

use crate::error::{ApiError, Reason};
use crate::state::AppState;

/// The largest request body accepted, in bytes.
pub const BODY_LIMIT: usize = 64 * 1024;

/// A body over [`BODY_LIMIT`] is still read (and thrown away) up to this size before the 413 is
/// sent, so that a client still sending it gets the answer rather than a connection reset
/// (closing a socket with unread data resets it). Larger bodies are refused unread.
pub(crate) const READ_THROUGH: usize = 1024 * 1024;

/// A JSON request body, read up to [`BODY_LIMIT`], refused with a JSON error (415 unless it says
/// it is JSON, 400, or 413 when too large).
pub struct JsonBody<T>(pub T);

/// Whether a `Content-Type` says JSON: `application/json`, with parameters or without.
pub fn says_json(content_type: Option<&axum::http::HeaderValue>) -> bool {
    content_type
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|essence| essence.trim().eq_ignore_ascii_case("application/json"))
}

impl<T: DeserializeOwned> FromRequest<AppState> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &AppState) -> Result<Self, ApiError> {
        if !says_json(req.headers().get(axum::http::header::CONTENT_TYPE)) {
            return Err(ApiError::UnsupportedMediaType(Reason::new(
                "unsupported-media-type",
                "the request body must be JSON, sent as Content-Type: application/json",
            )));
        }
        let limit = state.body_timeout;
        tokio::time::timeout(limit, read_json(req))
            .await
            .unwrap_or(Err(ApiError::Timeout(
                format!(
                    "the request body did not arrive within {} s",
                    limit.as_secs_f64()
                )
                .into(),
            )))
            .map(JsonBody)
    }
}

/// Reads a body of at most [`BODY_LIMIT`] bytes as JSON.
async fn read_json<T: DeserializeOwned>(req: Request) -> Result<T, ApiError> {
    let mut body = req.into_body().into_data_stream();
    let mut bytes = Vec::new();
    let mut read = 0;
    while let Some(chunk) = body.next().await {
        // Past READ_THROUGH the outer limit layer ends the body with an error.
        let chunk = chunk.map_err(|e| {
            let inner = e.into_inner();
            if read > BODY_LIMIT || inner.is::<LengthLimitError>() {
                ApiError::TooLarge { limit: BODY_LIMIT }
            } else {
                ApiError::BadRequest(format!("the request body could not be read: {inner}").into())
            }
        })?;
        read += chunk.len();
        if read <= BODY_LIMIT {
            bytes.extend_from_slice(&chunk);
        }
    }
    if read > BODY_LIMIT {
        return Err(ApiError::TooLarge { limit: BODY_LIMIT });
    }
    serde_json::from_slice(&bytes).map_err(|e| {
        ApiError::BadRequest(format!("the request body is not as expected: {e}").into())
    })
}

#[cfg(test)]
mod tests {
    use super::says_json;
    use axum::http::HeaderValue;

    #[test]
    fn only_json_says_json() {
        let says = |v: &str| says_json(Some(&HeaderValue::from_str(v).unwrap()));
        assert!(says("application/json"));
        assert!(says("Application/JSON; charset=utf-8"));
        for not in [
            "text/plain",
            "application/x-www-form-urlencoded",
            "multipart/form-data; boundary=x",
            "application/jsonp",
            "text/json",
            "",
        ] {
            assert!(!says(not), "{not}");
        }
        assert!(!says_json(None));
    }
}

//! [`ApiError`]: every way a request can fail, turned into a status and a JSON body
//! `{"error": "<message>", "code": "<code>", "params": {…}}` in one place. The message is English,
//! for people using the API; the code is stable ([`CODES`], docs/api.md), so the front end says it
//! in the reader's language, filling in the params the message names.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;

use trigonal_store::StoreError;

/// Why a request was refused: the English text, and where the refusal is one a person meets, a
/// stable code of its own and the values its words name. Text alone (`"…".into()`) takes the
/// code of its kind of error (`conflict`, `bad-request`, …).
#[derive(Clone, Debug, Default)]
pub struct Reason {
    /// One of [`CODES`], or empty for the kind's own.
    pub code: &'static str,
    /// In English.
    pub text: String,
    /// The values the text names, by the names a translation fills in.
    pub params: Vec<(&'static str, serde_json::Value)>,
}

impl Reason {
    /// A refusal with code `code` (one of [`CODES`]) and English `text`.
    pub fn new(code: &'static str, text: impl Into<String>) -> Reason {
        Reason {
            code,
            text: text.into(),
            params: Vec::new(),
        }
    }

    /// The same with the value `value` named `name`.
    pub fn with(mut self, name: &'static str, value: impl Into<serde_json::Value>) -> Reason {
        self.params.push((name, value.into()));
        self
    }
}

impl From<String> for Reason {
    fn from(text: String) -> Reason {
        Reason {
            text,
            ..Reason::default()
        }
    }
}

impl From<&str> for Reason {
    fn from(text: &str) -> Reason {
        Reason::from(text.to_string())
    }
}

impl std::fmt::Display for Reason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

/// Every code an error body may carry: first one for each kind of error, then those of the
/// refusals people meet. A code, once here, keeps its meaning (translations key on it).
pub const CODES: &[&str] = &[
    // Kinds.
    "bad-request",
    "unauthorized",
    "forbidden",
    "not-found",
    "method-not-allowed",
    "conflict",
    "timeout",
    "too-large",
    "too-fast",
    "unprocessable",
    "unsupported-media-type",
    "unavailable",
    "internal",
    // Games.
    "no-game",
    "not-a-seat",
    "game-over",
    "moved-on",
    "not-your-turn",
    "out-of-game",
    "illegal-move",
    "nothing-to-take-back",
    "take-back-pending",
    "seat-not-open",
    "sign-in-to-join",
    "chat-off",
    "changed-meanwhile",
    // Records uploaded to replay.
    "unknown-game",
    "record-no-game",
    "record-other-game",
    "record-malformed",
    "record-illegal",
    "record-after-end",
    // Where requests come from.
    "cross-origin",
    // What people type.
    "name-length",
    "name-character",
    "chat-length",
    "chat-character",
    // Accounts.
    "account-name",
    "password-length",
    "name-taken",
    "wrong-credentials",
    "wrong-password",
    "not-signed-in",
    "no-seat-of-yours",
    "name-refused",
    "closed",
    "no-session",
    // Two-step sign-in.
    "totp-required",
    "wrong-code",
    "totp-on",
    "totp-off",
    "totp-not-pending",
    // Blocks, reports and moderation.
    "no-player",
    "blocked",
    "block-self",
    "not-blocked",
    "report-reason",
    "report-text",
    "report-self",
    "muted",
    "not-moderator",
    "mod-action",
    "mod-minutes",
    "mod-reason",
    "no-report",
    // Seeks.
    "no-seek",
    "seek-own",
    "seek-full",
    "seek-joined",
    "seek-out-of-range",
    "seek-range",
    "seek-limit",
    "not-in-seek",
    "seek-too-early",
    // Mail.
    "mail-off",
    "email-address",
    "unknown-language",
    "link-not-valid",
    // Web Push.
    "push-off",
    "push-subscription",
    "push-endpoint",
    "no-push",
    // Tournaments.
    "no-tournament",
    "tournament-name",
    "tournament-system",
    "tournament-clock",
    "tournament-rounds",
    "tournament-minutes",
    "tournament-starts",
    "tournament-capacity",
    "tournament-joined",
    "tournament-full",
    "tournament-started",
    "tournament-over",
    "tournament-too-few",
    "not-in-tournament",
    "not-tournament-creator",
    "unknown-level",
    // Lessons.
    "no-lesson",
    "no-lesson-step",
    "step-ended",
    // Puzzles.
    "no-puzzle",
    "no-puzzle-left",
    "puzzle-line",
    "no-such-move",
    "not-your-move",
    "not-a-mistake",
];

/// Why a request failed. Each variant is one HTTP status; the message is shown to people.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// 401: not signed in, or a wrong name or password.
    #[error("{0}")]
    Unauthorized(Reason),
    /// 400: the request is not well formed (bad JSON, unknown game or level, wrong seats).
    #[error("{0}")]
    BadRequest(Reason),
    /// 403: a token that belongs to no seat, or not that seat's turn.
    #[error("{0}")]
    Forbidden(Reason),
    /// 404: no such game (or page).
    #[error("{0}")]
    NotFound(Reason),
    /// 405: a method the path does not answer.
    #[error("{0}")]
    MethodNotAllowed(Reason),
    /// 409: the request does not fit the game's current state (stale ply, seat taken, nothing to
    /// undo).
    #[error("{0}")]
    Conflict(Reason),
    /// 408: the request body did not arrive in time.
    #[error("{0}")]
    Timeout(Reason),
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
    Unprocessable(Reason),
    /// 415: a body that does not say it is JSON where JSON is read.
    #[error("{0}")]
    UnsupportedMediaType(Reason),
    /// 503 when the database cannot be reached (try again shortly), 500 when it failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// 500: anything else that should not happen.
    #[error("{0}")]
    Internal(Reason),
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
            ApiError::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiError::Store(StoreError::Unavailable(_)) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Store(_) | ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// The 404 for game `id`.
    pub fn no_game(id: &str) -> ApiError {
        ApiError::NotFound(Reason::new("no-game", format!("no game with id {id:?}")).with("id", id))
    }

    /// The stable code of this error ([`CODES`]) and the values its message names.
    pub fn code(&self) -> (&'static str, Vec<(&'static str, serde_json::Value)>) {
        let (kind, reason) = match self {
            ApiError::BadRequest(r) => ("bad-request", r),
            ApiError::Unauthorized(r) => ("unauthorized", r),
            ApiError::Forbidden(r) => ("forbidden", r),
            ApiError::NotFound(r) => ("not-found", r),
            ApiError::MethodNotAllowed(r) => ("method-not-allowed", r),
            ApiError::Conflict(r) => ("conflict", r),
            ApiError::Timeout(r) => ("timeout", r),
            ApiError::Unprocessable(r) => ("unprocessable", r),
            ApiError::UnsupportedMediaType(r) => ("unsupported-media-type", r),
            ApiError::Internal(r) => ("internal", r),
            ApiError::TooLarge { limit } => return ("too-large", vec![("limit", (*limit).into())]),
            ApiError::TooManyRequests { retry_after, .. } => {
                return ("too-fast", vec![("retry_after", (*retry_after).into())])
            }
            ApiError::Store(StoreError::Unavailable(_)) => return ("unavailable", Vec::new()),
            ApiError::Store(_) => return ("internal", Vec::new()),
        };
        match reason.code {
            "" => (kind, Vec::new()),
            code => (code, reason.params.clone()),
        }
    }
}

/// The JSON body of every error.
#[derive(serde::Serialize)]
struct ErrorBody<'a> {
    error: &'a str,
    code: &'a str,
    #[serde(skip_serializing_if = "serde_json::Map::is_empty")]
    params: serde_json::Map<String, serde_json::Value>,
}

/// `{"error": message, "code": code, "params": {…}}` with `status`.
pub(crate) fn error_response(
    status: StatusCode,
    message: &str,
    code: &str,
    params: &[(&'static str, serde_json::Value)],
) -> Response {
    let body = ErrorBody {
        error: message,
        code,
        params: params
            .iter()
            .map(|(name, value)| (name.to_string(), value.clone()))
            .collect(),
    };
    let mut response = (status, Json(body)).into_response();
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

impl ApiError {
    /// The error body as text, for a WebSocket's answer: `{"error", "code", "params"}` as over
    /// HTTP.
    pub(crate) fn body(&self) -> String {
        let (code, params) = self.code();
        let body = ErrorBody {
            error: &self.to_string(),
            code,
            params: params
                .into_iter()
                .map(|(name, value)| (name.to_string(), value))
                .collect(),
        };
        serde_json::to_string(&body).expect("an error body serialises")
    }
}

/// The code of an error status with no [`ApiError`] behind it (a refusal of the HTTP layer).
pub(crate) fn status_code(status: StatusCode) -> &'static str {
    match status.as_u16() {
        401 => "unauthorized",
        403 => "forbidden",
        404 => "not-found",
        405 => "method-not-allowed",
        408 => "timeout",
        409 => "conflict",
        413 => "too-large",
        415 => "unsupported-media-type",
        422 => "unprocessable",
        429 => "too-fast",
        503 => "unavailable",
        500..=599 => "internal",
        _ => "bad-request",
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = self.status();
        if status == StatusCode::SERVICE_UNAVAILABLE {
            tracing::warn!(error = %self, "request failed");
            let mut response = error_response(
                status,
                "the database is unavailable; try again in a few seconds",
                "unavailable",
                &[],
            );
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(2));
            return response;
        }
        if status.is_server_error() {
            tracing::error!(error = %self, "request failed");
            // Do not show database internals to the client.
            return error_response(
                status,
                "internal server error; the server's log says more",
                "internal",
                &[],
            );
        }
        let (code, params) = self.code();
        let mut response = error_response(status, &self.to_string(), code, &params);
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

#[cfg(test)]
mod tests {
    use super::CODES;
    use std::collections::BTreeSet;

    /// The codes the server's source gives refusals (`Reason::new("…"`), found by reading it.
    fn given() -> BTreeSet<String> {
        let mut dirs = vec![std::path::PathBuf::from(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/src"
        ))];
        let mut given = BTreeSet::new();
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    dirs.push(path);
                    continue;
                }
                let text = std::fs::read_to_string(path).unwrap();
                for part in text.split("Reason::new(").skip(1) {
                    let part = part.trim_start();
                    let code = part.strip_prefix('"').and_then(|r| r.split('"').next());
                    // A code is lower-case words joined by `-` (this file's mentions are not).
                    if let Some(code) = code.filter(|c| {
                        !c.is_empty() && c.bytes().all(|b| b.is_ascii_lowercase() || b == b'-')
                    }) {
                        given.insert(code.to_string());
                    }
                }
            }
        }
        given
    }

    /// Every code given is listed (translations key on the list), every listed code past the
    /// kinds is given somewhere, and none is listed twice.
    #[test]
    fn the_codes_given_are_the_codes_listed() {
        let given = given();
        let listed: BTreeSet<String> = CODES.iter().map(|c| c.to_string()).collect();
        assert_eq!(listed.len(), CODES.len(), "a code listed twice");
        let unlisted: Vec<&String> = given.difference(&listed).collect();
        assert!(unlisted.is_empty(), "given but not in CODES: {unlisted:?}");
        let kinds = 13;
        let unused: Vec<&&str> = CODES[kinds..]
            .iter()
            .filter(|c| !given.contains(**c))
            .collect();
        assert!(unused.is_empty(), "listed but never given: {unused:?}");
        assert!(given.contains("moved-on") && given.len() >= 20, "{given:?}");
    }
}

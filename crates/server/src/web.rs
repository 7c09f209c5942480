//! The browser front end: the files of `web/` at the repository root, embedded in the binary at
//! build time (read from disk in debug builds), so a release binary serves everything alone.

use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use rust_embed::Embed;

use crate::error::ApiError;

#[derive(Embed)]
#[folder = "../../web/"]
#[exclude = "tests/*"]
#[exclude = "*node_modules/*"]
#[exclude = ".*"]
struct Assets;

/// Whether the front end has a file at `path` (as in a URL, without the leading `/`).
pub fn has(path: &str) -> bool {
    Assets::get(path).is_some()
}

/// The bytes of the front end's file at `path` (as [`has`] names it).
pub fn read(path: &str) -> Option<Vec<u8>> {
    Assets::get(path).map(|asset| asset.data.into_owned())
}

/// The languages the front end has words for: the `xx` of each `assets/i18n/xx.js`, in order.
pub fn languages() -> Vec<String> {
    let mut languages: Vec<String> = Assets::iter()
        .filter_map(|path| {
            let language = path.strip_prefix("assets/i18n/")?.strip_suffix(".js")?;
            (!language.contains(['.', '/'])).then(|| language.to_string())
        })
        .collect();
    languages.sort();
    languages
}

/// The languages game `game`'s rules page is written in: the `xx` of each
/// `assets/rules/{game}.xx.html`, in order.
pub fn rules_languages(game: &str) -> Vec<String> {
    let prefix = format!("assets/rules/{game}.");
    let mut languages: Vec<String> = Assets::iter()
        .filter_map(|path| {
            let language = path.strip_prefix(&prefix)?.strip_suffix(".html")?;
            (!language.contains('.')).then(|| language.to_string())
        })
        .collect();
    languages.sort();
    languages
}

/// The page or asset at `uri`. Paths that name no file and have no file extension get
/// `index.html`, so the front end can route (`/game/{id}`, `/rules/{game}`). GET and HEAD only.
pub async fn page(method: Method, uri: Uri, headers: HeaderMap) -> Response {
    if method != Method::GET && method != Method::HEAD {
        let mut response = ApiError::MethodNotAllowed(
            format!("{method} is not allowed here: pages and files are read with GET or HEAD")
                .into(),
        )
        .into_response();
        response
            .headers_mut()
            .insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
        return response;
    }
    let path = uri.path().trim_start_matches('/');
    let path = if path.is_empty() { "index.html" } else { path };
    if let Some(response) = file(path, &headers) {
        return response;
    }
    let last = path.rsplit('/').next().unwrap_or("");
    if last.contains('.') {
        return ApiError::NotFound(format!("no file /{path}").into()).into_response();
    }
    file("index.html", &headers).unwrap_or_else(|| {
        ApiError::NotFound("the front end is missing from this build (no web/index.html)".into())
            .into_response()
    })
}

fn file(path: &str, headers: &HeaderMap) -> Option<Response> {
    let asset = Assets::get(path)?;
    let etag = format!(
        "\"{}\"",
        asset
            .metadata
            .sha256_hash()
            .iter()
            .take(16)
            .map(|b| format!("{b:02x}"))
            .collect::<String>()
    );
    let etag = HeaderValue::from_str(&etag).ok()?;
    let cache = HeaderValue::from_static("no-cache");
    if headers.get(header::IF_NONE_MATCH) == Some(&etag) {
        return Some(
            (
                StatusCode::NOT_MODIFIED,
                [(header::ETAG, etag), (header::CACHE_CONTROL, cache)],
            )
                .into_response(),
        );
    }
    let mime = HeaderValue::from_str(asset.metadata.mimetype()).ok()?;
    Some(
        (
            [
                (header::CONTENT_TYPE, mime),
                (header::ETAG, etag),
                (header::CACHE_CONTROL, cache),
            ],
            asset.data,
        )
            .into_response(),
    )
}

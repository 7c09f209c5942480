//! The browser front end: the files of `web/page` and `web/assets` at the repository root,
//! embedded in the binary at build time (read from disk in debug builds), so a release binary
//! serves everything alone.
//!
//! Files are asked for under versioned addresses (`/assets/app.js?v=<hash of its bytes>`), kept
//! by browsers for a year without asking again; the page itself (`index.html`) is never kept
//! without asking, and names each file's current version — its own links, and for the scripts'
//! imports an import map — so a new build's files are fetched once and unchanged ones never.

use std::borrow::Cow;
use std::collections::HashMap;
use std::io::Write;
use std::sync::{Arc, Mutex, OnceLock};

use axum::body::Bytes;
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use rust_embed::Embed;
use sha2::Digest;

use crate::error::ApiError;

// Two folders, so that nothing beside them (the browser tests and their node_modules) need be
// excluded: the files under /assets/, and the page every route is answered with.
#[derive(Embed)]
#[folder = "../../web/assets/"]
#[prefix = "assets/"]
struct Assets;

#[derive(Embed)]
#[folder = "../../web/page/"]
struct Page;

/// The bytes of the front end's file at `path` (`assets/…`, as in a URL without the leading `/`).
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
    if path != "index.html" {
        if let Some(response) = file(path, uri.query(), &headers) {
            return response;
        }
        let last = path.rsplit('/').next().unwrap_or("");
        if last.contains('.') {
            return ApiError::NotFound(format!("no file /{path}").into()).into_response();
        }
    }
    index(&headers).unwrap_or_else(|| {
        ApiError::NotFound(
            "the front end is missing from this build (no web/page/index.html)".into(),
        )
        .into_response()
    })
}

/// How long a browser keeps a file asked for under its current version: a year, never asking
/// again (a changed file has another version, so another address).
const KEPT: &str = "public, max-age=31536000, immutable";

/// The address of the front end's file at `path` (`/assets/…`) under its current version, which
/// browsers keep a year; None where there is no such file.
pub fn versioned(path: &str) -> Option<String> {
    Assets::get(path.trim_start_matches('/')).map(|a| format!("{path}?v={}", version(&a)))
}

/// A file's version: the first 8 bytes of the SHA-256 of its bytes, in hex.
fn version(asset: &rust_embed::EmbeddedFile) -> String {
    hex(&asset.metadata.sha256_hash()[..8])
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The file at `path`; kept for a year when `query` names its current version (`v=`), else
/// checked with the server at each use (its ETag). Text goes gzipped to those who take it.
fn file(path: &str, query: Option<&str>, headers: &HeaderMap) -> Option<Response> {
    let asset = Assets::get(path)?;
    let version = version(&asset);
    let current = query
        .into_iter()
        .flat_map(|q| q.split('&'))
        .any(|pair| pair.strip_prefix("v=") == Some(version.as_str()));
    let cache = HeaderValue::from_static(if current { KEPT } else { "no-cache" });
    let mime = HeaderValue::from_str(asset.metadata.mimetype()).ok()?;
    let text = ["text/", "javascript", "svg"]
        .iter()
        .any(|kind| asset.metadata.mimetype().contains(kind));
    let gzip = text && accepts_gzip(headers);
    let body = if gzip {
        gzipped(&version, &asset.data)
    } else {
        match asset.data {
            Cow::Borrowed(bytes) => Bytes::from_static(bytes),
            Cow::Owned(bytes) => Bytes::from(bytes),
        }
    };
    let mut response = answer(body, &version, mime, cache, headers);
    if gzip {
        let h = response.headers_mut();
        h.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
        h.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    }
    Some(response)
}

/// Whether the request takes gzip (`Accept-Encoding: gzip`, not at `q=0`).
fn accepts_gzip(headers: &HeaderMap) -> bool {
    headers
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|coding| {
            let mut parts = coding.split(';').map(str::trim);
            let gzip = parts
                .next()
                .is_some_and(|name| name.eq_ignore_ascii_case("gzip"));
            let weight = parts
                .find_map(|p| p.strip_prefix("q="))
                .map_or(1.0, |q| q.trim().parse::<f32>().unwrap_or(0.0));
            gzip && weight > 0.0
        })
}

/// A file's bytes gzipped at the best level, once per version (answers are otherwise
/// compressed at the fastest level, each time: a file is sent far more often than it changes).
fn gzipped(version: &str, bytes: &[u8]) -> Bytes {
    static PACKED: OnceLock<Mutex<HashMap<String, Bytes>>> = OnceLock::new();
    let packed = PACKED.get_or_init(Default::default);
    if let Some(done) = packed.lock().expect("not poisoned").get(version) {
        return done.clone();
    }
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    encoder.write_all(bytes).expect("writing to memory");
    let done = Bytes::from(encoder.finish().expect("writing to memory"));
    packed
        .lock()
        .expect("not poisoned")
        .insert(version.to_string(), done.clone());
    done
}

/// The page every route is drawn in, as served. Never kept without asking.
fn index(headers: &HeaderMap) -> Option<Response> {
    let page = shown_page()?;
    let mime = HeaderValue::from_static("text/html; charset=utf-8");
    let cache = HeaderValue::from_static("no-cache");
    let mut response = answer(page.body.clone(), &page.version, mime, cache, headers);
    response.headers_mut().insert(
        header::CONTENT_SECURITY_POLICY,
        crate::api::content_security_policy(Some(&page.map_hash)),
    );
    Some(response)
}

/// `index.html` as served: its text, its version (ETag), and its import map's SHA-256 in
/// base64 (for the Content-Security-Policy).
struct ShownPage {
    body: Bytes,
    version: String,
    map_hash: String,
}

/// The page as served: written once in a release build, whose files are fixed; at every request
/// in a debug build, which reads `web/` from disk as it changes.
fn shown_page() -> Option<Arc<ShownPage>> {
    if cfg!(debug_assertions) {
        return write_page().map(Arc::new);
    }
    static PAGE: OnceLock<Option<Arc<ShownPage>>> = OnceLock::new();
    PAGE.get_or_init(|| write_page().map(Arc::new)).clone()
}

/// `index.html` with the current version in each of its links to a file, and an import map
/// that sends each script's imports to their current versions.
fn write_page() -> Option<ShownPage> {
    let page = Page::get("index.html")?;
    let page = String::from_utf8(page.data.into_owned()).ok()?;
    let mut imports = serde_json::Map::new();
    let mut scripts: Vec<_> = Assets::iter()
        .filter(|p| p.starts_with("assets/") && p.ends_with(".js"))
        .collect();
    scripts.sort();
    for script in scripts {
        let path = format!("/{script}");
        if let Some(to) = versioned(&path) {
            imports.insert(path, to.into());
        }
    }
    let map = serde_json::json!({ "imports": imports }).to_string();
    let map_hash = {
        use base64ct::Encoding;
        base64ct::Base64::encode_string(&sha2::Sha256::digest(map.as_bytes()))
    };
    // The page's own links (`="/assets/…"`), each to the file's current version.
    let mut body = String::with_capacity(page.len() + map.len() + 64);
    let mut rest = page.as_str();
    while let Some(at) = rest.find("=\"/assets/") {
        let (before, from) = rest.split_at(at + 2);
        body.push_str(before);
        let end = from.find('"').unwrap_or(from.len());
        let (link, after) = from.split_at(end);
        body.push_str(&versioned(link).unwrap_or_else(|| link.to_string()));
        rest = after;
    }
    body.push_str(rest);
    // The import map before the first module script: a map after one is not used for it.
    let at = body.find("<script type=\"module\"")?;
    body.insert_str(
        at,
        &format!("<script type=\"importmap\">{map}</script>\n  "),
    );
    Some(ShownPage {
        version: hex(&sha2::Sha256::digest(body.as_bytes())[..8]),
        body: Bytes::from(body),
        map_hash,
    })
}

/// A file's answer with its ETag (`version`), or 304 when the browser has that one.
fn answer(
    body: Bytes,
    version: &str,
    mime: HeaderValue,
    cache: HeaderValue,
    headers: &HeaderMap,
) -> Response {
    let Ok(etag) = HeaderValue::from_str(&format!("\"{version}\"")) else {
        return StatusCode::INTERNAL_SERVER_ERROR.into_response();
    };
    if headers.get(header::IF_NONE_MATCH) == Some(&etag) {
        return (
            StatusCode::NOT_MODIFIED,
            [(header::ETAG, etag), (header::CACHE_CONTROL, cache)],
        )
            .into_response();
    }
    (
        [
            (header::CONTENT_TYPE, mime),
            (header::ETAG, etag),
            (header::CACHE_CONTROL, cache),
        ],
        body,
    )
        .into_response()
}

//! Which requests a browser may make on another site's behalf: none that change anything. Every
//! state-changing request and every WebSocket upgrade is accepted only from the site's own
//! origin (OWASP's CSRF cheat sheet: Fetch Metadata, then origin verification), in the order the
//! now-standard algorithm takes (Go 1.25's `CrossOriginProtection`):
//!
//! 1. safe methods (GET, HEAD, OPTIONS) pass, but for WebSocket upgrades;
//! 2. an `Origin` the operator allowed (`--allowed-origin`) passes;
//! 3. where the browser sent `Sec-Fetch-Site`, it decides: `same-origin` or `none` (typed in the
//!    address bar) passes, anything else — `same-site`, `cross-site` — is refused;
//! 4. with neither `Sec-Fetch-Site` nor `Origin` the request is not a browser's (a bot, the
//!    command line, an engine, a script with a cookie) and passes — unless an old browser's
//!    `Referer` names another origin;
//! 5. otherwise `Origin` must be the site's: `--site-url`'s when set, else the scheme, host and
//!    port the request came to (through trusted proxies, their `X-Forwarded-Proto` and
//!    `X-Forwarded-Host`). `Origin: null` never is.
//!
//! A refusal is 403 with code `cross-origin`. The one socket open to any origin is a game's
//! (`/api/games/{id}/ws`): spectators may watch from anywhere, and it carries nothing private (a
//! seat acts on it only with the seat's token). No token is needed beside this: JSON bodies must
//! say `application/json` ([`crate::body`]), which no form and no "simple" cross-origin request
//! can, and the checks above refuse what a foreign page's script could send.

use axum::extract::{MatchedPath, Request, State};
use axum::http::{header, HeaderMap, Method};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::error::{ApiError, Reason};
use crate::proxy::Client;
use crate::state::AppState;

/// The routes whose WebSocket any origin may open.
const OPEN_SOCKETS: &[&str] = &["/api/games/{id}/ws"];

/// An origin: `scheme://host[:port]`, lowercase, the default port left out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Origin(String);

impl Origin {
    /// The origin of a URL or an `Origin` header (`https://Example.org:443/x` →
    /// `https://example.org`); `None` for anything without an http(s) scheme and a host.
    pub fn parse(text: &str) -> Option<Origin> {
        let uri: axum::http::Uri = text.trim().parse().ok()?;
        let scheme = uri.scheme_str()?.to_ascii_lowercase();
        if scheme != "http" && scheme != "https" {
            return None;
        }
        let authority = uri.authority()?;
        if authority.as_str().contains('@') {
            return None;
        }
        Some(Origin::of(&scheme, authority.as_str()))
    }

    /// The origin of `scheme` and a `Host` header's `host[:port]`.
    fn of(scheme: &str, host: &str) -> Origin {
        let host = host.trim().to_ascii_lowercase();
        let default = if scheme == "https" { ":443" } else { ":80" };
        let host = host.strip_suffix(default).unwrap_or(&host);
        Origin(format!("{scheme}://{host}"))
    }

    /// The origin as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::str::FromStr for Origin {
    type Err = String;

    fn from_str(s: &str) -> Result<Origin, String> {
        Origin::parse(s).ok_or_else(|| {
            format!(
                "{:?} is not an origin (like https://trigonal.example.org)",
                s.chars().take(80).collect::<String>()
            )
        })
    }
}

/// The origins a browser's state-changing requests are accepted from.
#[derive(Clone, Debug, Default)]
pub struct Origins {
    /// The site's own, as `--site-url` names it; `None`: the one each request came to.
    pub site: Option<Origin>,
    /// Others the operator allows (`--allowed-origin`).
    pub allowed: Vec<Origin>,
}

impl Origins {
    /// Whether a request with `method` and `headers`, from `client`, may go on; `socket`: it
    /// asks for a WebSocket.
    pub fn admit(
        &self,
        method: &Method,
        headers: &HeaderMap,
        client: Option<&Client>,
        socket: bool,
    ) -> Result<(), ApiError> {
        if !socket && matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS) {
            return Ok(());
        }
        let origin = headers
            .get(header::ORIGIN)
            .map(|v| v.to_str().unwrap_or("?"));
        if let Some(origin) = origin.and_then(Origin::parse) {
            if self.allowed.contains(&origin) {
                return Ok(());
            }
        }
        if let Some(site) = headers.get("sec-fetch-site") {
            return match site.as_bytes() {
                b"same-origin" | b"none" => Ok(()),
                _ => Err(refused(origin.unwrap_or("another site"))),
            };
        }
        let Some(origin) = origin else {
            // Not a browser — unless an old one says where it was.
            return match headers.get(header::REFERER).and_then(|r| r.to_str().ok()) {
                Some(referer)
                    if Origin::parse(referer).as_ref() != Some(&self.own(headers, client)) =>
                {
                    Err(refused(referer))
                }
                _ => Ok(()),
            };
        };
        match Origin::parse(origin) {
            Some(o) if o == self.own(headers, client) => Ok(()),
            _ => Err(refused(origin)),
        }
    }

    /// The site's origin for a request with `headers` from `client`.
    fn own(&self, headers: &HeaderMap, client: Option<&Client>) -> Origin {
        if let Some(site) = &self.site {
            return site.clone();
        }
        let scheme = if client.is_some_and(|c| c.https) {
            "https"
        } else {
            "http"
        };
        let host = client
            .and_then(|c| c.host.as_deref())
            .or_else(|| headers.get(header::HOST).and_then(|h| h.to_str().ok()))
            .unwrap_or("");
        Origin::of(scheme, host)
    }
}

fn refused(origin: &str) -> ApiError {
    let shown: String = origin.chars().take(100).collect();
    ApiError::Forbidden(
        Reason::new(
            "cross-origin",
            format!("a request from {shown:?} cannot change anything here: only the site's own pages may"),
        )
        .with("origin", shown),
    )
}

/// Refuses what another origin's page asks (the module's rules) before it reaches a handler.
pub async fn guard(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let socket = request
        .headers()
        .get(header::UPGRADE)
        .is_some_and(|u| u.as_bytes().eq_ignore_ascii_case(b"websocket"));
    let open = socket
        && request
            .extensions()
            .get::<MatchedPath>()
            .is_some_and(|p| OPEN_SOCKETS.contains(&p.as_str()));
    if !open {
        let client = request.extensions().get::<Client>();
        if let Err(e) = state
            .origins
            .admit(request.method(), request.headers(), client, socket)
        {
            let header = |name: header::HeaderName| {
                request
                    .headers()
                    .get(name)
                    .and_then(|v| v.to_str().ok())
                    .unwrap_or("-")
                    .to_string()
            };
            tracing::info!(
                origin = %header(header::ORIGIN),
                fetch_site = %header(header::HeaderName::from_static("sec-fetch-site")),
                host = %header(header::HOST),
                "refused: another origin's request"
            );
            return e.into_response();
        }
    }
    next.run(request).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (name, value) in pairs {
            h.insert(*name, HeaderValue::from_str(value).unwrap());
        }
        h
    }

    fn admit(origins: &Origins, method: Method, pairs: &[(&'static str, &str)]) -> bool {
        origins.admit(&method, &headers(pairs), None, false).is_ok()
    }

    #[test]
    fn origins_compare_without_case_or_default_port() {
        assert_eq!(
            Origin::parse("HTTPS://Example.ORG:443/path?q")
                .unwrap()
                .as_str(),
            "https://example.org"
        );
        assert_eq!(
            Origin::parse("http://127.0.0.1:8080").unwrap().as_str(),
            "http://127.0.0.1:8080"
        );
        assert_eq!(
            Origin::parse("http://[::1]:80").unwrap().as_str(),
            "http://[::1]"
        );
        for bad in ["null", "file:///etc", "example.org", "", "http://user@host"] {
            assert!(Origin::parse(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn the_standard_algorithm_step_by_step() {
        let o = Origins::default();
        let host = ("host", "site.test:8080");
        // Safe methods pass whatever they say.
        assert!(admit(
            &o,
            Method::GET,
            &[host, ("origin", "http://evil.test")]
        ));
        // Fetch Metadata decides where present.
        assert!(admit(
            &o,
            Method::POST,
            &[host, ("sec-fetch-site", "same-origin")]
        ));
        assert!(admit(&o, Method::POST, &[host, ("sec-fetch-site", "none")]));
        assert!(!admit(
            &o,
            Method::POST,
            &[host, ("sec-fetch-site", "same-site")]
        ));
        assert!(!admit(
            &o,
            Method::POST,
            &[
                host,
                ("sec-fetch-site", "cross-site"),
                ("origin", "http://site.test:8080")
            ]
        ));
        // Neither: not a browser.
        assert!(admit(&o, Method::POST, &[host]));
        assert!(admit(&o, Method::DELETE, &[]));
        // Origin alone must be the site's.
        assert!(admit(
            &o,
            Method::POST,
            &[host, ("origin", "http://site.test:8080")]
        ));
        assert!(!admit(
            &o,
            Method::POST,
            &[host, ("origin", "http://site.test:8081")]
        ));
        assert!(!admit(
            &o,
            Method::POST,
            &[host, ("origin", "https://site.test:8080")]
        ));
        assert!(!admit(
            &o,
            Method::POST,
            &[host, ("origin", "http://other.site.test:8080")]
        ));
        assert!(!admit(&o, Method::POST, &[host, ("origin", "null")]));
        // An old browser's foreign Referer, no Origin.
        assert!(!admit(
            &o,
            Method::POST,
            &[host, ("referer", "http://evil.test/page")]
        ));
        assert!(admit(
            &o,
            Method::POST,
            &[host, ("referer", "http://site.test:8080/game/x")]
        ));
    }

    #[test]
    fn the_site_url_and_allowed_origins() {
        let o = Origins {
            site: Origin::parse("https://trigonal.example.org"),
            allowed: vec![Origin::parse("https://friend.example.org").unwrap()],
        };
        let host = ("host", "10.0.0.5:8080");
        assert!(admit(
            &o,
            Method::POST,
            &[host, ("origin", "https://trigonal.example.org")]
        ));
        assert!(!admit(
            &o,
            Method::POST,
            &[host, ("origin", "http://10.0.0.5:8080")]
        ));
        assert!(admit(
            &o,
            Method::POST,
            &[
                host,
                ("origin", "https://friend.example.org"),
                ("sec-fetch-site", "cross-site")
            ]
        ));
    }

    #[test]
    fn a_socket_is_checked_though_its_method_is_get() {
        let o = Origins::default();
        let h = headers(&[("host", "site.test"), ("origin", "http://evil.test")]);
        assert!(o.admit(&Method::GET, &h, None, true).is_err());
        let h = headers(&[("host", "site.test"), ("origin", "http://site.test")]);
        assert!(o.admit(&Method::GET, &h, None, true).is_ok());
        // No Origin: not a browser, as a bot's socket.
        let h = headers(&[("host", "site.test")]);
        assert!(o.admit(&Method::GET, &h, None, true).is_ok());
    }

    #[test]
    fn behind_a_trusted_proxy_its_scheme_and_host() {
        let o = Origins::default();
        let client = Client {
            addr: "203.0.113.9".parse().unwrap(),
            https: true,
            host: Some("play.example.org".into()),
        };
        let h = headers(&[
            ("host", "backend:8080"),
            ("origin", "https://play.example.org"),
        ]);
        assert!(o.admit(&Method::POST, &h, Some(&client), false).is_ok());
        let h = headers(&[("host", "backend:8080"), ("origin", "http://backend:8080")]);
        assert!(o.admit(&Method::POST, &h, Some(&client), false).is_err());
    }
}

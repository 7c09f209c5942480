//! Hostile and careless clients against a real server on loopback: slow heads and bodies are cut,
//! connections are capped, shutdown is bounded even with a request half sent, pages answer GET
//! and HEAD only, unknown API paths are JSON 404s, and every answer carries the security headers
//! (and token answers `no-store`).

use crate::common;

use std::time::{Duration, Instant};

use common::{start, start_with_limits};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use trigonal_server::Limits;

fn short() -> Limits {
    Limits {
        header: Duration::from_secs(1),
        body: Duration::from_secs(1),
        grace: Duration::from_secs(1),
        ..Limits::default()
    }
}

/// Reads until the server closes the connection (at most 20 s); what it sent.
async fn until_closed(stream: &mut TcpStream) -> String {
    let mut all = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        match tokio::time::timeout(Duration::from_secs(20), stream.read(&mut buf)).await {
            Ok(Ok(0)) | Ok(Err(_)) => return String::from_utf8_lossy(&all).into_owned(),
            Ok(Ok(n)) => all.extend_from_slice(&buf[..n]),
            Err(_) => panic!("the server kept the connection open 20 s"),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_head_that_stops_halfway_is_cut() {
    let server = start_with_limits(short(), std::future::pending()).await;
    let mut stream = TcpStream::connect(server.addr).await.unwrap();
    stream
        .write_all(b"GET / HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    let began = Instant::now();
    until_closed(&mut stream).await;
    // Cut by the 1 s limit, not by the 20 s test bound.
    assert!(
        began.elapsed() < Duration::from_secs(10),
        "{:?}",
        began.elapsed()
    );
    // The server still answers others.
    assert_eq!(server.get("/api/meta").await.status, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_body_shorter_than_its_length_gets_408_and_changes_nothing() {
    let server = start_with_limits(short(), std::future::pending()).await;
    let body =
        json!({"game": "triangoli", "seats": [{"kind": "human"}, {"kind": "human"}]}).to_string();
    let mut stream = TcpStream::connect(server.addr).await.unwrap();
    let head = format!(
        "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    stream.write_all(&body.as_bytes()[..10]).await.unwrap();
    let answer = until_closed(&mut stream).await;
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains("did not arrive within 1 s"), "{answer}");
    let lobby = server.get("/api/games").await;
    assert_eq!(lobby.body["games"], json!([]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_over_the_cap_are_closed_at_once() {
    let limits = Limits {
        connections: 2,
        ..short()
    };
    let server = start_with_limits(limits, std::future::pending()).await;
    let mut held = Vec::new();
    for _ in 0..2 {
        let mut s = TcpStream::connect(server.addr).await.unwrap();
        s.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n").await.unwrap();
        held.push(s);
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut third = TcpStream::connect(server.addr).await.unwrap();
    third
        .write_all(b"GET /api/meta HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .ok();
    let answer = until_closed(&mut third).await;
    assert_eq!(answer, "", "closed unanswered");
    // Once the slow ones are cut, there is room again.
    for mut s in held {
        until_closed(&mut s).await;
    }
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert_eq!(server.get("/api/meta").await.status, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shutdown_finishes_within_the_grace_period_with_a_request_half_sent() {
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let limits = Limits {
        header: Duration::from_secs(60),
        grace: Duration::from_secs(1),
        ..Limits::default()
    };
    let mut server = start_with_limits(limits, async {
        let _ = stopped.await;
    })
    .await;
    let mut slow = TcpStream::connect(server.addr).await.unwrap();
    slow.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    tokio::time::sleep(Duration::from_millis(200)).await;
    let began = Instant::now();
    stop.send(()).unwrap();
    tokio::time::timeout(Duration::from_secs(10), server.stopped())
        .await
        .expect("the server stops within its grace period");
    assert!(
        began.elapsed() < Duration::from_secs(5),
        "{:?}",
        began.elapsed()
    );
    // New clients are refused.
    assert!(TcpStream::connect(server.addr).await.is_err());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pages_answer_get_and_head_only_and_unknown_api_paths_are_json_404s() {
    let server = start("sqlite").await;
    for method in ["DELETE", "POST", "PUT", "PATCH"] {
        for path in ["/assets/app.js", "/", "/game/abc"] {
            let r = common::Reply::status_of(
                server
                    .http
                    .request(method.parse().unwrap(), server.url(path))
                    .send()
                    .await
                    .unwrap(),
            )
            .await;
            assert_eq!(r.status, 405, "{method} {path}");
            assert!(r.error().contains("GET or HEAD"), "{}", r.error());
            assert_eq!(r.headers["allow"], "GET, HEAD");
        }
    }
    let head = server
        .http
        .head(server.url("/assets/app.js"))
        .send()
        .await
        .unwrap();
    assert_eq!(head.status(), 200);
    for path in ["/api/", "/api", "/api/nothing/here"] {
        let r = server.get(path).await;
        assert_eq!(r.status, 404, "{path}");
        assert_eq!(r.error(), "no such API endpoint");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_answer_has_the_security_headers_and_tokens_are_never_cached() {
    let server = start("sqlite").await;
    let (id, _) = server
        .create(json!({"game": "triangoli", "seats": [{"kind": "human"}, {"kind": "open"}]}))
        .await;
    for path in [
        "/".to_string(),
        "/assets/app.js".into(),
        "/api/meta".into(),
        format!("/api/games/{id}"),
        "/api/no-such".into(),
    ] {
        let r = server.get(&path).await;
        let h = &r.headers;
        let csp = h["content-security-policy"].to_str().unwrap();
        assert!(csp.contains("script-src 'self'"), "{path}: {csp}");
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
        assert!(!csp.contains("unsafe"), "{path}: {csp}");
        assert_eq!(h["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(h["x-frame-options"], "DENY", "{path}");
        assert_eq!(h["referrer-policy"], "no-referrer", "{path}");
    }
    let created = server
        .post(
            "/api/games",
            json!({"game": "triangoli", "seats": [{"kind": "human"}, {"kind": "human"}]}),
        )
        .await;
    assert_eq!(created.headers["cache-control"], "no-store");
    let joined = server
        .post(&format!("/api/games/{id}/join"), json!({"seat": 1}))
        .await;
    assert_eq!(joined.status, 200);
    assert_eq!(joined.headers["cache-control"], "no-store");
}

/// The SHA-256 of `bytes`: its first 8 bytes in hex (a file's version), and whole in base64 (a
/// Content-Security-Policy's hash).
fn sha256(bytes: &[u8]) -> (String, String) {
    use base64ct::Encoding;
    use sha2::Digest;
    let digest = sha2::Sha256::digest(bytes);
    let hex = digest[..8].iter().map(|b| format!("{b:02x}")).collect();
    (hex, base64ct::Base64::encode_string(&digest))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn files_are_kept_a_year_under_their_version_and_the_page_names_the_versions() {
    let server = start("sqlite").await;
    // The page: never kept without asking; its links and its import map name each file's
    // version, and its policy lets that one inline script run, and no other.
    for path in ["/", "/game/abc", "/index.html"] {
        let r = server.get(path).await;
        assert_eq!(r.status, 200, "{path}");
        assert_eq!(r.headers["cache-control"], "no-cache", "{path}");
    }
    let page = server.get("/").await;
    let (start, end) = (
        page.text.find("<script type=\"importmap\">").unwrap() + 25,
        page.text.find("</script>").unwrap(),
    );
    let map = &page.text[start..end];
    let csp = page.headers["content-security-policy"].to_str().unwrap();
    assert!(
        csp.contains(&format!(
            "script-src 'self' 'sha256-{}';",
            sha256(map.as_bytes()).1
        )),
        "{csp}"
    );
    let imports: serde_json::Map<String, Value> = serde_json::from_str::<Value>(map).unwrap()
        ["imports"]
        .as_object()
        .unwrap()
        .clone();
    for module in [
        "/assets/app.js",
        "/assets/game.js",
        "/assets/i18n/uk.js",
        "/assets/lessons/triangoli.en.js",
    ] {
        assert!(imports.contains_key(module), "{module} in {map}");
    }
    let entry = imports["/assets/app.js"].as_str().unwrap();
    assert!(
        page.text.contains(&format!("src=\"{entry}\"")),
        "{}",
        page.text
    );
    assert!(
        page.text.contains("href=\"/assets/style.css?v="),
        "{}",
        page.text
    );
    // Every file under its version: kept a year, and the version is its bytes'.
    for (path, to) in &imports {
        let r = server.get(to.as_str().unwrap()).await;
        assert_eq!(r.status, 200, "{to}");
        assert_eq!(
            r.headers["cache-control"], "public, max-age=31536000, immutable",
            "{to}"
        );
        let version = to.as_str().unwrap().rsplit("?v=").next().unwrap();
        assert_eq!(sha256(r.text.as_bytes()).0, version, "{path}");
    }
    // Without its version, or under another, a file is asked about at each use.
    for path in ["/assets/app.js", "/assets/app.js?v=0123456789abcdef"] {
        let r = server.get(path).await;
        assert_eq!(r.headers["cache-control"], "no-cache", "{path}");
        let again = server
            .http
            .get(server.url(path))
            .header("if-none-match", r.headers["etag"].clone())
            .send()
            .await
            .unwrap();
        assert_eq!(again.status(), 304, "{path}");
    }
}

//! Web Push through a real push service on this machine (the `web-push-testing` package, run by
//! Node: it checks each push's VAPID signature against the key the browser subscribed with and
//! decrypts it as a browser would), on both stores: a browser's subscription is kept, bad ones
//! refused; "your turn" in a correspondence game and a tournament's start arrive, readable; a
//! subscription the push service has dropped is dropped here too.

use crate::common;

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::{account, send, TestServer};
use reqwest::Method;
use serde_json::{json, Value};
use trigonal_store::on_both;

/// The push service, a child process on a port of its own.
struct PushService {
    child: Child,
    base: String,
    http: reqwest::Client,
}

impl PushService {
    /// `web-push-testing`'s server: `TRIGONAL_PUSH_SERVICE`, else where `npm ci` in web/tests
    /// puts it.
    fn script() -> PathBuf {
        let script = std::env::var("TRIGONAL_PUSH_SERVICE").map_or_else(
            |_| {
                PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                    .join("../../web/tests/node_modules/web-push-testing/src/bin/server.js")
            },
            PathBuf::from,
        );
        assert!(
            script.exists(),
            "{} is missing: run the tests with `bash scripts/test`, which installs it (npm ci in \
             web/tests), or set TRIGONAL_PUSH_SERVICE",
            script.display()
        );
        script
    }

    async fn start() -> PushService {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let child = Command::new("node")
            .arg(PushService::script())
            .arg(port.to_string())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("node runs");
        let service = PushService {
            child,
            base: format!("http://localhost:{port}"),
            http: reqwest::Client::new(),
        };
        let deadline = Instant::now() + Duration::from_secs(20);
        while service.post("/status", json!({})).await.is_none() {
            assert!(Instant::now() < deadline, "the push service did not start");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        service
    }

    async fn post(&self, path: &str, body: Value) -> Option<Value> {
        let r = self
            .http
            .post(format!("{}{path}", self.base))
            .json(&body)
            .send()
            .await
            .ok()?;
        if !r.status().is_success() {
            return None;
        }
        Some(r.json().await.unwrap_or(Value::Null))
    }

    /// A browser's subscription with the site's key `key`: `(subscription, client hash)`.
    async fn subscribe(&self, key: &str) -> (Value, String) {
        let r = self
            .post(
                "/subscribe",
                json!({"userVisibleOnly": "true", "applicationServerKey": key}),
            )
            .await
            .expect("a subscription");
        let data = &r["data"];
        let hash = data["clientHash"].as_str().unwrap().to_string();
        let subscription = json!({"endpoint": data["endpoint"], "keys": data["keys"]});
        (subscription, hash)
    }

    /// The notices the browser `hash` received, decrypted, once there are `n`.
    async fn received(&self, hash: &str, n: usize) -> Vec<Value> {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let r = self
                .post("/get-notifications", json!({"clientHash": hash}))
                .await
                .unwrap_or_default();
            let messages: Vec<Value> = r["data"]["messages"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|m| serde_json::from_str(m.as_str().unwrap()).unwrap())
                .collect();
            if messages.len() >= n {
                return messages;
            }
            assert!(
                Instant::now() < deadline,
                "{n} notices did not arrive: {messages:?}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

impl Drop for PushService {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

async fn call(
    server: &TestServer,
    method: Method,
    path: &str,
    body: Value,
    who: Option<&str>,
) -> common::Reply {
    send(server, method, path, body, who, &[]).await
}

/// The count of pushes with `outcome` this process's servers made, from `/metrics`.
async fn pushes(server: &TestServer, outcome: &str) -> u64 {
    let text = server
        .http
        .get(server.url("/metrics"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    text.lines()
        .find(|l| l.starts_with("trigonal_pushes_total") && l.contains(&format!("\"{outcome}\"")))
        .and_then(|l| l.rsplit(' ').next()?.parse().ok())
        .unwrap_or(0)
}

async fn turns_and_tournaments_reach_a_subscribed_browser(kind: &str) {
    let service = PushService::start().await;
    let server = common::start(kind).await;
    let ann = account(&server, "ann").await;
    let bob = account(&server, "bob").await;
    let key = server.get("/api/push/key").await;
    assert_eq!(key.status, 200);
    let key = key.body["key"].as_str().unwrap().to_string();
    assert_eq!(key.len(), 87, "65 bytes, base64url: {key}");
    // The same key from a second process on the store (a browser subscribed through one may be
    // pushed to by any).
    if kind == "postgresql" {
        let other = common::start_on(&server.db).await;
        assert_eq!(other.get("/api/push/key").await.body["key"], key.as_str());
    }
    let (subscription, hash) = service.subscribe(&key).await;

    // What is not a subscription is refused, and changes nothing.
    let mut bad = Vec::new();
    for (path, value) in [
        ("endpoint", json!("ftp://push.example/1")),
        ("endpoint", json!("not a url")),
        ("p256dh", json!("AAAA")),
        ("auth", json!("c2hvcnQ")),
    ] {
        let mut s = subscription.clone();
        if path == "endpoint" {
            s["endpoint"] = value;
        } else {
            s["keys"][path] = value;
        }
        bad.push(s);
    }
    for s in bad {
        let r = call(&server, Method::POST, "/api/me/push", s.clone(), Some(&ann)).await;
        // An endpoint the server will not reach, or keys that are not keys.
        let code = if s["endpoint"] == subscription["endpoint"] {
            "push-subscription"
        } else {
            "push-endpoint"
        };
        assert_eq!((r.status, r.code()), (400, code), "{s}");
    }
    let r = call(
        &server,
        Method::POST,
        "/api/me/push",
        subscription.clone(),
        None,
    )
    .await;
    assert_eq!(r.status, 401);
    let r = call(
        &server,
        Method::POST,
        "/api/me/push",
        subscription.clone(),
        Some(&ann),
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.text);

    // Bob's move in a correspondence game: Ann's browser is told.
    let r = call(
        &server,
        Method::POST,
        "/api/games",
        json!({"game": "triangoli", "clock": {"days": 3},
               "seats": [{"kind": "human", "player": "me"}, {"kind": "open"}]}),
        Some(&ann),
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.text);
    let id = r.body["id"].as_str().unwrap().to_string();
    let ann_token = r.body["seats"][0]["token"].as_str().unwrap().to_string();
    let r = call(
        &server,
        Method::POST,
        &format!("/api/games/{id}/join"),
        json!({"seat": 1}),
        Some(&bob),
    )
    .await;
    let bob_token = r.body["token"].as_str().unwrap().to_string();
    for (ply, token) in [(0, &ann_token), (1, &bob_token)] {
        let mv = server.view(&id).await["legal"][0]
            .as_str()
            .unwrap()
            .to_string();
        assert_eq!(server.play(&id, token, &mv, ply).await.status, 200);
    }
    let notices = service.received(&hash, 1).await;
    assert_eq!(
        notices[0],
        json!({"title": "Your turn in Triangoli", "body": "bob has moved: it is your turn.",
               "url": format!("/game/{id}"), "tag": format!("turn/{id}")})
    );

    // A tournament Ann is in starts: told too — in Ukrainian, the language she now reads.
    let r = call(
        &server,
        Method::POST,
        "/api/me/language",
        json!({"language": "uk"}),
        Some(&ann),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text);
    let t = call(
        &server,
        Method::POST,
        "/api/tournaments",
        json!({"name": "Night Swiss", "system": "swiss", "game": "triangoli",
               "clock": {"initial_ms": 300000, "increment_ms": 0}, "rounds": 1}),
        Some(&ann),
    )
    .await;
    let tid = t.body["id"].as_str().unwrap().to_string();
    for who in [&ann, &bob] {
        let r = call(
            &server,
            Method::POST,
            &format!("/api/tournaments/{tid}/join"),
            Value::Null,
            Some(who),
        )
        .await;
        assert_eq!(r.status, 200);
    }
    let r = call(
        &server,
        Method::POST,
        &format!("/api/tournaments/{tid}/start"),
        Value::Null,
        Some(&ann),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text);
    let notices = service.received(&hash, 2).await;
    assert_eq!(notices[1]["title"], "Турнір Night Swiss розпочався");
    assert_eq!(notices[1]["body"], "Ваша перша партія чекає на вас.");
    assert_eq!(notices[1]["url"], format!("/tournament/{tid}"));

    // The push service drops the subscription (the browser unsubscribed): the next push is
    // answered 410, and the subscription is dropped here.
    assert!(service
        .post(&format!("/expire-subscription/{hash}"), json!({}))
        .await
        .is_some());
    let gone = pushes(&server, "gone").await;
    let mv = server.view(&id).await["legal"][0]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(server.play(&id, &ann_token, &mv, 2).await.status, 200);
    let mv = server.view(&id).await["legal"][0]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(server.play(&id, &bob_token, &mv, 3).await.status, 200);
    let deadline = Instant::now() + Duration::from_secs(20);
    while pushes(&server, "gone").await == gone {
        assert!(
            Instant::now() < deadline,
            "the gone subscription was not dropped"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let endpoint = json!({"endpoint": subscription["endpoint"]});
    let r = call(
        &server,
        Method::DELETE,
        "/api/me/push",
        endpoint.clone(),
        Some(&ann),
    )
    .await;
    assert_eq!((r.status, r.code()), (404, "no-push"));

    // A browser that unsubscribes says so.
    let r = call(
        &server,
        Method::POST,
        "/api/me/push",
        subscription.clone(),
        Some(&ann),
    )
    .await;
    assert_eq!(r.status, 201);
    let r = call(
        &server,
        Method::DELETE,
        "/api/me/push",
        endpoint.clone(),
        Some(&bob),
    )
    .await;
    assert_eq!((r.status, r.code()), (404, "no-push"), "not Bob's");
    let r = call(
        &server,
        Method::DELETE,
        "/api/me/push",
        endpoint,
        Some(&ann),
    )
    .await;
    assert_eq!(r.status, 204);
}
on_both!(turns_and_tournaments_reach_a_subscribed_browser);

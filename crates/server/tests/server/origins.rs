//! The defences against other sites, tried from outside as an attacker would: raw requests
//! carrying a victim's session cookie from a foreign origin, `Origin: null`, a same-site origin,
//! a foreign `Referer` alone, `Sec-Fetch-Site` other than `same-origin`, bodies that are not
//! JSON (a form, text, multipart) — each refused (403 `cross-origin`, 415) and nothing changed —
//! while the site's own pages, bots and scripts without a browser's headers go on as before;
//! sockets of the lobby and of tournaments opened from another origin; guessing limits keyed on
//! the name as it is looked up and on an IPv6 network; and push endpoints inside the network.

use crate::common;

use common::{account, send, start, start_changed, Reply, TestServer};
use reqwest::Method;
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use trigonal_store::on_both;

/// A seek as a victim's browser would make it.
fn seek() -> Value {
    json!({"game": "triangoli", "rated": false})
}

async fn seeks(server: &TestServer) -> usize {
    server.get("/api/seeks?game=triangoli").await.body["seeks"]
        .as_array()
        .unwrap()
        .len()
}

/// POSTs `body` as it is with `content_type` and extra `headers`, with `cookie`.
async fn raw(
    server: &TestServer,
    path: &str,
    content_type: &str,
    body: &str,
    cookie: Option<&str>,
    headers: &[(&str, &str)],
) -> Reply {
    let mut r = server
        .http
        .post(server.url(path))
        .header("content-type", content_type)
        .body(body.to_string());
    if let Some(cookie) = cookie {
        r = r.header("cookie", cookie);
    }
    for (k, v) in headers {
        r = r.header(*k, *v);
    }
    Reply::status_of(r.send().await.unwrap()).await
}

async fn foreign_pages_change_nothing(kind: &str) {
    let server = start(kind).await;
    let victim = account(&server, "victim").await;
    let own = server.base.clone();
    let same_site = server.base.replace("127.0.0.1", "localhost");
    let refused: &[&[(&str, &str)]] = &[
        &[("origin", "http://other.example")],
        &[("origin", "null")],
        // Another port of the same host: the same site, another origin.
        &[("origin", "http://127.0.0.1:1")],
        &[("origin", &same_site)],
        &[("origin", own.as_str()), ("sec-fetch-site", "same-site")],
        &[("sec-fetch-site", "cross-site")],
        &[("referer", "http://other.example/trap.html")],
    ];
    for headers in refused {
        let r = send(
            &server,
            Method::POST,
            "/api/seeks",
            seek(),
            Some(&victim),
            headers,
        )
        .await;
        assert_eq!(
            (r.status, r.code()),
            (403, "cross-origin"),
            "{headers:?}: {}",
            r.text
        );
        // Every other state-changing route the same way (what the route is does not matter).
        for (method, path) in [
            (Method::POST, "/api/tournaments"),
            (Method::POST, "/api/me/email"),
            (Method::POST, "/api/me/push"),
            (Method::POST, "/api/me/games"),
            (Method::POST, "/api/quick"),
            (Method::DELETE, "/api/session"),
            (Method::POST, "/api/games"),
        ] {
            let r = send(
                &server,
                method.clone(),
                path,
                json!({}),
                Some(&victim),
                headers,
            )
            .await;
            assert_eq!(
                (r.status, r.code()),
                (403, "cross-origin"),
                "{method} {path} {headers:?}"
            );
        }
    }
    // What a form or a no-cors fetch can send, from the site's own origin even: not JSON.
    for (content_type, body) in [
        ("text/plain", r#"{"game":"triangoli","rated":false}"#),
        ("application/x-www-form-urlencoded", "game=triangoli"),
        (
            "multipart/form-data; boundary=x",
            "--x\r\nContent-Disposition: form-data; name=\"game\"\r\n\r\ntriangoli\r\n--x--\r\n",
        ),
    ] {
        let r = raw(
            &server,
            "/api/seeks",
            content_type,
            body,
            Some(&victim),
            &[("origin", &own)],
        )
        .await;
        assert_eq!(
            (r.status, r.code()),
            (415, "unsupported-media-type"),
            "{content_type}"
        );
    }
    assert_eq!(seeks(&server).await, 0, "nothing was made");
    // The session survived every try to end it.
    assert_eq!(
        send(
            &server,
            Method::GET,
            "/api/me",
            Value::Null,
            Some(&victim),
            &[]
        )
        .await
        .status,
        200
    );

    // The site's own page, and a script or bot that sends no browser's headers, go on.
    let page = [("origin", own.as_str()), ("sec-fetch-site", "same-origin")];
    let r = send(
        &server,
        Method::POST,
        "/api/seeks",
        seek(),
        Some(&victim),
        &page,
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.text);
    assert_eq!(r.headers["cache-control"], "no-store");
    let r = send(
        &server,
        Method::DELETE,
        &format!("/api/seeks/{}", r.body["id"].as_str().unwrap()),
        Value::Null,
        Some(&victim),
        &[("origin", &own)],
    )
    .await;
    assert_eq!(r.status, 204, "{}", r.text);
    let r = send(
        &server,
        Method::POST,
        "/api/seeks",
        seek(),
        Some(&victim),
        &[],
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.text);
    assert_eq!(seeks(&server).await, 1);
}
on_both!(foreign_pages_change_nothing);

/// Login CSRF: a foreign page's form cannot sign a browser into the attacker's account, nor sign
/// anyone up.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_one_is_signed_in_or_up_by_another_site() {
    let server = start("sqlite").await;
    account(&server, "attacker").await;
    let credentials = r#"{"name":"attacker","password":"a long password"}"#;
    let r = raw(
        &server,
        "/api/session",
        "text/plain",
        credentials,
        None,
        &[],
    )
    .await;
    assert_eq!((r.status, r.code()), (415, "unsupported-media-type"));
    assert!(r.headers.get("set-cookie").is_none());
    let r = raw(
        &server,
        "/api/session",
        "application/json",
        credentials,
        None,
        &[("origin", "http://other.example")],
    )
    .await;
    assert_eq!((r.status, r.code()), (403, "cross-origin"));
    assert!(r.headers.get("set-cookie").is_none());
    let fresh = r#"{"name":"planted","password":"a long password"}"#;
    let r = raw(
        &server,
        "/api/accounts",
        "application/json",
        fresh,
        None,
        &[("sec-fetch-site", "cross-site")],
    )
    .await;
    assert_eq!((r.status, r.code()), (403, "cross-origin"));
    let r = raw(
        &server,
        "/api/accounts",
        "application/x-www-form-urlencoded",
        "name=planted&password=a+long+password",
        None,
        &[],
    )
    .await;
    assert_eq!(r.status, 415);
    // The site's own sign-in works.
    let r = raw(
        &server,
        "/api/session",
        "application/json",
        credentials,
        None,
        &[("origin", &server.base)],
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.headers["cache-control"], "no-store");
}

/// A WebSocket handshake to `path` with `cookie` and `origin`: its status.
async fn handshake(server: &TestServer, path: &str, cookie: &str, origin: Option<&str>) -> u16 {
    let mut request = format!("ws://{}{path}", server.addr)
        .into_client_request()
        .unwrap();
    request
        .headers_mut()
        .insert("cookie", cookie.parse().unwrap());
    if let Some(origin) = origin {
        request
            .headers_mut()
            .insert("origin", origin.parse().unwrap());
    }
    match tokio_tungstenite::connect_async(request).await {
        Ok((mut socket, response)) => {
            let _ = socket.close(None).await;
            response.status().as_u16()
        }
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            let body = response.body().clone().unwrap_or_default();
            let body: Value = serde_json::from_slice(&body).unwrap_or_default();
            if response.status() == 403 {
                assert_eq!(body["code"], "cross-origin", "{body}");
            }
            response.status().as_u16()
        }
        Err(e) => panic!("{e}"),
    }
}

/// Cross-site WebSocket hijacking: the lobby's and a tournament's sockets, which speak for the
/// signed-in viewer, open only from the site; a game's, for spectators, from anywhere.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sockets_that_speak_for_a_person_open_only_from_the_site() {
    let server = start("sqlite").await;
    let victim = account(&server, "victim").await;
    let t = send(&server, Method::POST, "/api/tournaments", json!({"game": "triangoli", "name": "Cup", "system": "swiss", "rounds": 2, "clock": {"initial_ms": 600_000, "increment_ms": 0}}), Some(&victim), &[]).await;
    assert_eq!(t.status, 201, "{}", t.text);
    let tournament = format!("/api/tournaments/{}/ws", t.body["id"].as_str().unwrap());
    let (game, _) = server.create_humans("toy", 2).await;
    let spectate = format!("/api/games/{game}/ws");
    let own = server.base.clone();
    for path in ["/api/lobby/ws?game=triangoli", tournament.as_str()] {
        for origin in ["http://other.example", "null", "http://localhost:1"] {
            assert_eq!(
                handshake(&server, path, &victim, Some(origin)).await,
                403,
                "{path} from {origin}"
            );
        }
        assert_eq!(
            handshake(&server, path, &victim, Some(&own)).await,
            101,
            "{path}"
        );
        // Not a browser: a bot's or a script's socket.
        assert_eq!(handshake(&server, path, &victim, None).await, 101, "{path}");
    }
    assert_eq!(
        handshake(&server, &spectate, &victim, Some("http://other.example")).await,
        101
    );
}

// The limits refill as time passes (a sign-in a name every 6 s, 30 an address every 2 s): so
// that no refill falls between the tries a test counts, each burst of tries is sent at once,
// and what it asserts holds however slowly the machine answers.

/// The statuses of `tries` sent at once.
async fn at_once(tries: Vec<impl std::future::Future<Output = Reply>>) -> Vec<u16> {
    futures_util::future::join_all(tries)
        .await
        .iter()
        .map(|r| r.status)
        .collect()
}

/// The per-name limit counts the name as it is looked up: spaces, case, a no-break or
/// ideographic space, full-width letters — one account, one count.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_name_limit_holds_for_every_way_of_writing_the_name() {
    let server = start("sqlite").await;
    common::account_with(&server, "victim", "the right password").await;
    common::account_with(&server, "spaced", "the right password").await;
    // The right password with spaces around the name signs in.
    assert_eq!(
        sign_in(&server, "  spaced\u{a0}", "the right password")
            .await
            .status,
        200
    );
    // Ten guesses and the eleventh at once: one of them is refused.
    let guesses = (0..11)
        .map(|_| sign_in(&server, "victim", "a guess"))
        .collect();
    let mut statuses = at_once(guesses).await;
    statuses.sort();
    assert_eq!(statuses, [[401; 10].as_slice(), &[429]].concat());
    // The name written every other way, at once: all refused, the right password too.
    let variants = [
        " victim",
        "victim ",
        "\tvictim",
        "victim\u{a0}",
        "\u{3000}victim",
        "VICTIM",
        "ｖｉｃｔｉｍ",
    ];
    let tries = variants
        .iter()
        .map(|v| sign_in(&server, v, "the right password"))
        .collect();
    assert_eq!(at_once(tries).await, [429; 7], "{variants:?}");
    // A name written another way is the same name at sign-up too.
    let r = send(
        &server,
        Method::POST,
        "/api/accounts",
        json!({"name": "ＶＩＣＴＩＭ", "password": "a long password"}),
        None,
        &[],
    )
    .await;
    assert_eq!((r.status, r.code()), (409, "name-taken"));
}

/// Signs in as `name` with `password` from an address of the name's own (so that only the
/// name's limit counts).
async fn sign_in(server: &TestServer, name: &str, password: &str) -> Reply {
    let octet = name.chars().map(u32::from).sum::<u32>() % 200 + 1;
    let body = json!({"name": name, "password": password});
    let from = format!("198.51.100.{octet}");
    send(
        server,
        Method::POST,
        "/api/session",
        body,
        None,
        &[("x-forwarded-for", &from)],
    )
    .await
}

/// Forty addresses of one IPv6 /64 are one address to the limits.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_ipv6_network_is_one_address() {
    let server = start("sqlite").await;
    let try_from = |i: usize, network: &str| {
        let forwarded = format!("2001:db8:42:{network}:{i:x}::1");
        let body = json!({"name": format!("nobody{i}"), "password": "a guess"});
        let server = &server;
        async move {
            send(
                server,
                Method::POST,
                "/api/session",
                body,
                None,
                &[("x-forwarded-for", &forwarded)],
            )
            .await
        }
    };
    let mut statuses = at_once((0..40).map(|i| try_from(i, "7")).collect()).await;
    statuses.sort();
    assert_eq!(statuses, [[401; 30].as_slice(), &[429; 10]].concat());
    // Another network is another address.
    assert_eq!(try_from(0, "8").await.status, 401);
}

/// The current password, asked to change it, is a guess like a sign-in's, and counts with them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn guessing_the_current_password_is_limited() {
    let server = start("sqlite").await;
    let cookie = common::account_with(&server, "holder", "the right password").await;
    let change = |current: &str| {
        let body = json!({"password": current, "new_password": "a new long password"});
        send(
            &server,
            Method::POST,
            "/api/me/password",
            body,
            Some(&cookie),
            &[],
        )
    };
    let sign_in = send(
        &server,
        Method::POST,
        "/api/session",
        json!({"name": "holder", "password": "the right password"}),
        None,
        &[],
    );
    let mut statuses = at_once((0..10).map(|_| change("a guess")).collect()).await;
    statuses.sort();
    assert_eq!(statuses, [401; 10]);
    // The next guess, and a sign-in with the right password: the same count, spent.
    let both = tokio::join!(change("the right password"), sign_in);
    assert_eq!((both.0.status, both.1.status), (429, 429));
}

/// With the default flags, a push endpoint inside the server's network is refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn push_endpoints_inside_the_network_are_refused() {
    let server = start_changed("sqlite", |c| c.push = Default::default()).await;
    let cookie = account(&server, "pusher").await;
    let keys = json!({
        "p256dh": "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
        "auth": "tBHItJI5svbpez7KI4CCXg",
    });
    for endpoint in [
        "https://127.0.0.1:9443/push/1",
        "https://localhost:9443/push/1",
        "https://[::1]:9443/push/1",
        "https://169.254.169.254/latest/meta-data/",
        "https://10.0.0.7/push",
        "https://[fd00::7]/push",
        "http://push.example.org/x",
    ] {
        let r = send(
            &server,
            Method::POST,
            "/api/me/push",
            json!({"endpoint": endpoint, "keys": keys}),
            Some(&cookie),
            &[],
        )
        .await;
        assert_eq!(
            (r.status, r.code()),
            (400, "push-endpoint"),
            "{endpoint}: {}",
            r.text
        );
    }
    let r = send(
        &server,
        Method::POST,
        "/api/me/push",
        json!({"endpoint": "https://push.example.org/x", "keys": keys}),
        Some(&cookie),
        &[],
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.text);
}

/// Every API answer, and every answer with a seat token above all, is kept by no cache.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn api_answers_are_not_cached() {
    let server = start("sqlite").await;
    let reply = server
        .post(
            "/api/games",
            json!({"game": "toy", "seats": [{"kind": "human"}, {"kind": "human"}]}),
        )
        .await;
    assert_eq!(reply.status, 201);
    assert_eq!(reply.headers["cache-control"], "no-store");
    for path in ["/api/meta", "/api/seeks?game=toy", "/api/no-such-thing"] {
        assert_eq!(
            server.get(path).await.headers["cache-control"],
            "no-store",
            "{path}"
        );
    }
}

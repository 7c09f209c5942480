//! Accounts and sessions through the API, on both stores: names and passwords checked, cookies
//! that scripts cannot read, one answer for a wrong name or password, sign-in limits, a change of
//! password ending the other sessions, and nothing usable in a copy of the database.

mod common;

use common::{start_on, Place, Reply, TestServer};
use serde_json::{json, Value};
use trigonal_store::on_both;

/// Posts `body` to `path` with `cookie` (a `name=value` pair) and extra `headers`.
async fn send(
    server: &TestServer,
    method: reqwest::Method,
    path: &str,
    body: Value,
    cookie: Option<&str>,
    headers: &[(&str, &str)],
) -> Reply {
    let mut request = server.http.request(method, server.url(path)).json(&body);
    if let Some(cookie) = cookie {
        request = request.header("cookie", cookie);
    }
    for (k, v) in headers {
        request = request.header(*k, *v);
    }
    Reply::status_of(request.send().await.unwrap()).await
}

/// The session cookie a reply sets, as `name=value`, and the whole header.
fn cookie_of(reply: &Reply) -> (String, String) {
    let header = reply.headers["set-cookie"].to_str().unwrap().to_string();
    let pair = header.split(';').next().unwrap().to_string();
    (pair, header)
}

async fn accounts_sign_up_in_and_out(kind: &str) {
    let place = Place::new(kind).await;
    let server = start_on(&place.db).await;
    let post = reqwest::Method::POST;
    for (name, password) in [
        ("ab", "long enough"),
        ("a".repeat(21).as_str(), "long enough"),
        ("with space", "long enough"),
        ("émile", "long enough"),
        ("fine_name", "short"),
        ("fine_name", &"x".repeat(201)),
    ] {
        let r = send(
            &server,
            post.clone(),
            "/api/accounts",
            json!({"name": name, "password": password}),
            None,
            &[],
        )
        .await;
        assert_eq!(r.status, 400, "{name}: {}", r.text);
    }
    let r = send(
        &server,
        post.clone(),
        "/api/accounts",
        json!({"name": "Ann-1", "password": "correct horse"}),
        None,
        &[],
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.text);
    assert_eq!(r.body["name"], "Ann-1");
    assert_eq!(r.headers["cache-control"], "no-store");
    let (ann, header) = cookie_of(&r);
    assert!(ann.starts_with("trigonal_session="), "{header}");
    for part in ["HttpOnly", "SameSite=Lax", "Path=/", "Max-Age=2592000"] {
        assert!(header.contains(part), "{part} in {header}");
    }
    assert!(!header.contains("Secure"), "plain HTTP: {header}");
    let r = send(
        &server,
        post.clone(),
        "/api/accounts",
        json!({"name": "ANN-1", "password": "another one"}),
        None,
        &[],
    )
    .await;
    assert_eq!(r.status, 409, "taken, ignoring case: {}", r.text);
    // Behind a proxy speaking HTTPS the cookie is Secure.
    let r = send(
        &server,
        post.clone(),
        "/api/accounts",
        json!({"name": "bob", "password": "hunter22"}),
        None,
        &[("x-forwarded-proto", "https")],
    )
    .await;
    assert!(cookie_of(&r).1.contains("Secure"), "{}", cookie_of(&r).1);

    let get = reqwest::Method::GET;
    let r = send(
        &server,
        get.clone(),
        "/api/me",
        json!(null),
        Some(&ann),
        &[],
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["name"], "Ann-1");
    let r = send(&server, get.clone(), "/api/me", json!(null), None, &[]).await;
    assert_eq!(r.status, 401);
    assert_eq!(r.error(), "not signed in");
    let r = send(
        &server,
        get.clone(),
        "/api/me",
        json!(null),
        Some("trigonal_session=forged"),
        &[],
    )
    .await;
    assert_eq!(r.status, 401);

    // A wrong password and an unknown name get the same answer.
    let wrong = send(
        &server,
        post.clone(),
        "/api/session",
        json!({"name": "ann-1", "password": "wrong horse"}),
        None,
        &[],
    )
    .await;
    let unknown = send(
        &server,
        post.clone(),
        "/api/session",
        json!({"name": "nobody", "password": "wrong horse"}),
        None,
        &[],
    )
    .await;
    assert_eq!((wrong.status, unknown.status), (401, 401));
    assert_eq!(wrong.text, unknown.text);
    let r = send(
        &server,
        post.clone(),
        "/api/session",
        json!({"name": "ann-1", "password": "correct horse"}),
        None,
        &[],
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["name"], "Ann-1", "the name as chosen");
    let (second, _) = cookie_of(&r);

    // A change of password ends the other sessions, not this one.
    let r = send(
        &server,
        post.clone(),
        "/api/me/password",
        json!({"password": "wrong", "new_password": "battery staple"}),
        Some(&ann),
        &[],
    )
    .await;
    assert_eq!(r.status, 401);
    let r = send(
        &server,
        post.clone(),
        "/api/me/password",
        json!({"password": "correct horse", "new_password": "battery staple"}),
        Some(&ann),
        &[],
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(
        send(
            &server,
            get.clone(),
            "/api/me",
            json!(null),
            Some(&second),
            &[]
        )
        .await
        .status,
        401
    );
    assert_eq!(
        send(
            &server,
            get.clone(),
            "/api/me",
            json!(null),
            Some(&ann),
            &[]
        )
        .await
        .status,
        200
    );
    let r = send(
        &server,
        post.clone(),
        "/api/session",
        json!({"name": "Ann-1", "password": "correct horse"}),
        None,
        &[],
    )
    .await;
    assert_eq!(r.status, 401, "the old password");

    // Signing out ends the session.
    let r = send(
        &server,
        reqwest::Method::DELETE,
        "/api/session",
        json!(null),
        Some(&ann),
        &[],
    )
    .await;
    assert_eq!(r.status, 204);
    assert!(
        cookie_of(&r).1.contains("trigonal_session="),
        "the cookie is cleared"
    );
    assert_eq!(
        send(&server, get, "/api/me", json!(null), Some(&ann), &[])
            .await
            .status,
        401
    );

    // A copy of the database holds neither a password nor a session secret.
    drop(server);
    let stored = common::everything_stored(&place).await;
    for secret in [
        "correct horse",
        "battery staple",
        "hunter22",
        ann.split('=').nth(1).unwrap(),
    ] {
        assert!(
            !stored.windows(secret.len()).any(|w| w == secret.as_bytes()),
            "{secret}"
        );
    }
}

on_both!(accounts_sign_up_in_and_out);

async fn sign_in_attempts_are_limited_per_name(kind: &str) {
    let place = Place::new(kind).await;
    let server = start_on(&place.db).await;
    let post = reqwest::Method::POST;
    send(
        &server,
        post.clone(),
        "/api/accounts",
        json!({"name": "carol", "password": "right password"}),
        None,
        &[],
    )
    .await;
    for _ in 0..10 {
        let r = send(
            &server,
            post.clone(),
            "/api/session",
            json!({"name": "Carol", "password": "guess"}),
            None,
            &[],
        )
        .await;
        assert_eq!(r.status, 401);
    }
    let r = send(
        &server,
        post.clone(),
        "/api/session",
        json!({"name": "carol", "password": "right password"}),
        None,
        &[],
    )
    .await;
    assert_eq!(r.status, 429, "{}", r.text);
    assert!(r.headers.contains_key("retry-after"));
    // Another name is not held up by carol's.
    let r = send(
        &server,
        post,
        "/api/session",
        json!({"name": "dave", "password": "guess"}),
        None,
        &[],
    )
    .await;
    assert_eq!(r.status, 401, "{}", r.text);
}

on_both!(sign_in_attempts_are_limited_per_name);

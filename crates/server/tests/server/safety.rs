//! Trust and safety through the API, on both stores (docs/api.md, "Trust and safety"): a
//! forgotten password reset through a link mailed by a real SMTP server (and a moderator's
//! warning mailed the same way); sessions listed and ended; one's data exported and the account
//! deleted; two-step sign-in with codes computed as an authenticator app computes them; blocks
//! keeping two players apart; reports, moderators made from the operator's command while the
//! server runs, their actions and their log; and names refused.

use crate::common;
use crate::mail::{follow, header, link, read, Smtp, SITE};

use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use common::{account, cookie_of, send, start, start_with_mail, Place, Reply, TestServer};
use reqwest::Method;
use serde_json::{json, Value};
use trigonal_store::on_both;

const PASSWORD: &str = "a long password";

async fn call(
    server: &TestServer,
    method: Method,
    path: &str,
    body: Value,
    who: Option<&str>,
) -> Reply {
    send(server, method, path, body, who, &[]).await
}

/// The status and code of a reply.
fn refused(r: &Reply) -> (u16, &str) {
    (r.status, r.code())
}

/// Signs `name` in with `password` (and `code`), from a browser saying `agent`.
async fn sign_in(
    server: &TestServer,
    name: &str,
    password: &str,
    code: Option<&str>,
    agent: &str,
) -> Reply {
    let mut body = json!({"name": name, "password": password});
    if let Some(code) = code {
        body["code"] = code.into();
    }
    send(
        server,
        Method::POST,
        "/api/session",
        body,
        None,
        &[("user-agent", agent)],
    )
    .await
}

/// Whether the holder of `cookie` is signed in.
async fn signed_in(server: &TestServer, cookie: &str) -> bool {
    let r = call(server, Method::GET, "/api/me", Value::Null, Some(cookie)).await;
    assert!(r.status == 200 || r.status == 204, "{}", r.text);
    r.status == 200
}

/// The code an authenticator app shows, `steps` steps of 30 s from now, for the `otpauth://`
/// URI it scanned.
fn app_code(uri: &str, steps: i64) -> String {
    let secret = uri
        .split(['?', '&'])
        .find_map(|p| p.strip_prefix("secret="))
        .expect("a secret in the URI");
    let totp = totp_rs::Builder::new()
        .with_secret(totp_rs::Secret::try_from_base32(secret).unwrap())
        .build()
        .unwrap();
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64;
    totp.generate((now + 30 * steps) as u64).to_string()
}

/// Turns two-step sign-in on for the holder of `cookie`: the URI scanned and the recovery codes.
async fn two_step(server: &TestServer, cookie: &str) -> (String, Vec<String>) {
    let r = call(
        server,
        Method::POST,
        "/api/me/totp",
        Value::Null,
        Some(cookie),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text);
    let uri = r.body["uri"].as_str().unwrap().to_string();
    let r = call(
        server,
        Method::POST,
        "/api/me/totp/confirm",
        json!({"code": app_code(&uri, 0)}),
        Some(cookie),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text);
    let codes = r.body["recovery_codes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap().to_string())
        .collect();
    (uri, codes)
}

/// Asks for a reset link for `email`, as a client at `from` (each test's asks come from
/// addresses of their own, the limit per address aside).
async fn ask_reset(server: &TestServer, email: &str, from: &str) -> Reply {
    send(
        server,
        Method::POST,
        "/api/password-reset",
        json!({ "email": email }),
        None,
        &[("x-forwarded-for", from)],
    )
    .await
}

async fn a_forgotten_password_is_reset_once_through_a_mailed_link(kind: &str) {
    let place = Place::new(kind).await;
    let smtp = Smtp::start();
    let server = start_with_mail(&place.db, smtp.config()).await;
    let ann = account(&server, "ann").await;
    let bob = account(&server, "bob").await;
    let r = call(
        &server,
        Method::POST,
        "/api/me/email",
        json!({"email": "ann@example.org"}),
        Some(&ann),
    )
    .await;
    assert_eq!(r.status, 202, "{}", r.text);
    let mails = smtp.wait_for(1, Duration::from_secs(20)).await;
    assert_eq!(
        follow(&server, link(&mails[0], &format!("{SITE}/mail/verify/"))).await,
        200
    );
    // Bob's address is not confirmed: it gets no reset link.
    let r = call(
        &server,
        Method::POST,
        "/api/me/email",
        json!({"email": "bob@example.org"}),
        Some(&bob),
    )
    .await;
    assert_eq!(r.status, 202);
    smtp.wait_for(2, Duration::from_secs(20)).await;
    let (uri, _) = two_step(&server, &ann).await;

    // The same answer, at once, whoever the address is.
    for (email, from) in [
        ("ANN@example.org", "10.0.0.1"),
        ("nobody@example.org", "10.0.0.2"),
        ("bob@example.org", "10.0.0.3"),
    ] {
        let started = Instant::now();
        let r = ask_reset(&server, email, from).await;
        assert_eq!((r.status, r.text.as_str()), (202, ""), "{email}");
        assert!(started.elapsed() < Duration::from_secs(2), "{email}");
    }
    let mails = smtp.wait_for(3, Duration::from_secs(20)).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(smtp.mails().len(), 3, "one link, to Ann alone");
    let mail = &mails[2];
    assert_eq!(header(mail, "To"), "ann@example.org");
    assert_eq!(
        header(mail, "Subject"),
        "Choose a new password for Trigonal"
    );
    let url = link(mail, &format!("{SITE}/reset/"));
    let path = url.strip_prefix(SITE).unwrap();
    let token = path.strip_prefix("/reset/").unwrap();
    // The link is a page of the front end, which posts the new password.
    let page = server.http.get(server.url(path)).send().await.unwrap();
    assert_eq!(page.status(), 200);
    assert!(page.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/html"));
    let reset = format!("/api/password-reset/{token}");
    let r = call(
        &server,
        Method::POST,
        &reset,
        json!({"password": "short"}),
        None,
    )
    .await;
    assert_eq!(refused(&r), (400, "password-length"));
    assert!(signed_in(&server, &ann).await);
    let r = call(
        &server,
        Method::POST,
        &reset,
        json!({"password": "a brand new password"}),
        None,
    )
    .await;
    assert_eq!((r.status, &r.body), (200, &json!({"name": "ann"})));
    assert!(!signed_in(&server, &ann).await, "every session ended");
    let again = call(
        &server,
        Method::POST,
        &reset,
        json!({"password": "yet another password"}),
        None,
    )
    .await;
    assert_eq!(refused(&again), (404, "link-not-valid"), "once");
    let r = sign_in(&server, "ann", PASSWORD, None, "curl/8").await;
    assert_eq!(refused(&r), (401, "wrong-credentials"));
    // Two-step sign-in stays on.
    let r = sign_in(&server, "ann", "a brand new password", None, "curl/8").await;
    assert_eq!(refused(&r), (401, "totp-required"));
    let r = sign_in(
        &server,
        "ann",
        "a brand new password",
        Some(&app_code(&uri, 1)),
        "curl/8",
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text);

    // Three links an hour an account (counted afresh once one was used): the answer stays 202.
    for from in ["10.0.1.1", "10.0.1.2", "10.0.1.3", "10.0.1.4"] {
        assert_eq!(
            ask_reset(&server, "ann@example.org", from).await.status,
            202
        );
    }
    smtp.wait_for(6, Duration::from_secs(20)).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(
        smtp.mails().len(),
        6,
        "the fourth link of the hour is not sent"
    );
    // Five asks a minute an address.
    for _ in 0..5 {
        assert_eq!(
            ask_reset(&server, "x@example.org", "10.0.2.1").await.status,
            202
        );
    }
    let r = ask_reset(&server, "x@example.org", "10.0.2.1").await;
    assert_eq!(refused(&r), (429, "too-fast"));
    // A made-up token is no link.
    let r = call(
        &server,
        Method::POST,
        "/api/password-reset/not-a-token",
        json!({"password": "a brand new password"}),
        None,
    )
    .await;
    assert_eq!(refused(&r), (404, "link-not-valid"));

    // A moderator's warning is mailed to a confirmed address too.
    let mia = account(&server, "mia").await;
    assert!(moderator(&server, "mia", true).await);
    let r = act(
        &server,
        &mia,
        json!({"name": "ann", "action": "warn", "reason": "Please be kind in the chat."}),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text);
    let mails = smtp.wait_for(7, Duration::from_secs(20)).await;
    let warning = &mails[6];
    assert_eq!(header(warning, "To"), "ann@example.org");
    let (subject, text) = read(warning);
    assert_eq!(subject, "A warning from Trigonal’s moderators");
    assert!(
        text.contains("\n\nPlease be kind in the chat.\n\n"),
        "{text}"
    );
}
on_both!(a_forgotten_password_is_reset_once_through_a_mailed_link);

async fn sessions_are_listed_by_browser_and_ended_one_or_all(kind: &str) {
    let server = start(kind).await;
    let firefox = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
    let iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 \
                  (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
    let r = send(
        &server,
        Method::POST,
        "/api/accounts",
        json!({"name": "ann", "password": PASSWORD}),
        None,
        &[("user-agent", firefox)],
    )
    .await;
    let here = cookie_of(&r).0;
    let phone = cookie_of(&sign_in(&server, "ann", PASSWORD, None, iphone).await).0;
    let script = cookie_of(&sign_in(&server, "ann", PASSWORD, None, "curl/8.5.0").await).0;
    let bob = account(&server, "bob").await;

    let r = call(
        &server,
        Method::GET,
        "/api/me/sessions",
        Value::Null,
        Some(&here),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.headers["cache-control"], "no-store");
    let list = r.body["sessions"].as_array().unwrap().clone();
    assert_eq!(list.len(), 3);
    let mut agents: Vec<&str> = list.iter().map(|s| s["agent"].as_str().unwrap()).collect();
    agents.sort();
    assert_eq!(agents, ["Firefox on Linux", "Safari on iOS", "curl"]);
    for s in &list {
        let mut keys: Vec<&String> = s.as_object().unwrap().keys().collect();
        keys.sort();
        assert_eq!(
            keys,
            ["agent", "created", "current", "id", "last_seen"],
            "{s}"
        );
        assert_eq!(s["current"], s["agent"] == "Firefox on Linux");
    }
    // No secret of a session is in the list.
    for cookie in [&here, &phone, &script] {
        let secret = cookie.split('=').nth(1).unwrap();
        assert!(!r.text.contains(secret));
    }
    let id_of = |agent: &str| {
        list.iter().find(|s| s["agent"] == agent).unwrap()["id"]
            .as_str()
            .unwrap()
            .to_string()
    };

    // One ended: that browser is a guest again, the others stay.
    let path = format!("/api/me/sessions/{}", id_of("Safari on iOS"));
    let not_his = call(&server, Method::DELETE, &path, Value::Null, Some(&bob)).await;
    assert_eq!(refused(&not_his), (404, "no-session"));
    let r = call(&server, Method::DELETE, &path, Value::Null, Some(&here)).await;
    assert_eq!(r.status, 204, "{}", r.text);
    assert!(!signed_in(&server, &phone).await);
    assert!(signed_in(&server, &script).await);
    let r = call(&server, Method::DELETE, &path, Value::Null, Some(&here)).await;
    assert_eq!(refused(&r), (404, "no-session"));

    // All the others ended: this one alone stays.
    let r = call(
        &server,
        Method::DELETE,
        "/api/me/sessions",
        Value::Null,
        Some(&here),
    )
    .await;
    assert_eq!(r.status, 204, "{}", r.text);
    assert!(!signed_in(&server, &script).await);
    assert!(signed_in(&server, &here).await);
    let r = call(
        &server,
        Method::GET,
        "/api/me/sessions",
        Value::Null,
        Some(&here),
    )
    .await;
    assert_eq!(r.body["sessions"].as_array().unwrap().len(), 1);
    assert!(signed_in(&server, &bob).await, "another's sessions stay");

    let r = call(&server, Method::GET, "/api/me/sessions", Value::Null, None).await;
    assert_eq!(refused(&r), (401, "not-signed-in"));
    // A server without mail says so to whoever asks for a reset.
    let r = ask_reset(&server, "ann@example.org", "10.0.0.1").await;
    assert_eq!(refused(&r), (409, "mail-off"));
}
on_both!(sessions_are_listed_by_browser_and_ended_one_or_all);

async fn two_step_sign_in_asks_an_apps_code_taken_once(kind: &str) {
    let server = start(kind).await;
    let ann = account(&server, "ann").await;
    let r = call(
        &server,
        Method::POST,
        "/api/me/totp",
        Value::Null,
        Some(&ann),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text);
    let secret = r.body["secret"].as_str().unwrap().to_string();
    let uri = r.body["uri"].as_str().unwrap().to_string();
    assert!(uri.starts_with("otpauth://totp/Trigonal:ann?"), "{uri}");
    assert!(uri.contains(&format!("secret={secret}")), "{uri}");
    assert!(uri.contains("issuer=Trigonal"), "{uri}");
    assert_eq!(secret.len(), 32, "160 bits in base32");
    assert!(r.body["qr"].as_str().unwrap().starts_with("<?xml"));
    // Not on until a code of it is confirmed.
    assert_eq!(
        sign_in(&server, "ann", PASSWORD, None, "curl/8")
            .await
            .status,
        200
    );
    let wrong = call(
        &server,
        Method::POST,
        "/api/me/totp/confirm",
        json!({"code": "000000"}),
        Some(&ann),
    )
    .await;
    if app_code(&uri, 0) != "000000" {
        assert_eq!(refused(&wrong), (400, "wrong-code"));
    }
    let r = call(
        &server,
        Method::POST,
        "/api/me/totp/confirm",
        json!({"code": app_code(&uri, 0)}),
        Some(&ann),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text);
    let recovery: Vec<String> = r.body["recovery_codes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap().to_string())
        .collect();
    assert_eq!(recovery.len(), 10);
    let me = call(&server, Method::GET, "/api/me", Value::Null, Some(&ann)).await;
    assert_eq!(me.body["totp"], true);
    let r = call(
        &server,
        Method::POST,
        "/api/me/totp",
        Value::Null,
        Some(&ann),
    )
    .await;
    assert_eq!(refused(&r), (409, "totp-on"));

    // Signing in: the password, then the app's code.
    let r = sign_in(&server, "ann", PASSWORD, None, "curl/8").await;
    assert_eq!(refused(&r), (401, "totp-required"));
    assert!(r.headers.get("set-cookie").is_none());
    let r = sign_in(&server, "ann", "a wrong password", Some("123456"), "curl/8").await;
    assert_eq!(refused(&r), (401, "wrong-credentials"));
    let bad = if app_code(&uri, 1) == "111111" {
        "222222"
    } else {
        "111111"
    };
    let r = sign_in(&server, "ann", PASSWORD, Some(bad), "curl/8").await;
    assert_eq!(refused(&r), (401, "wrong-code"));
    // One step of drift: the next step's code counts, once.
    let next = app_code(&uri, 1);
    let r = sign_in(&server, "ann", PASSWORD, Some(&next), "curl/8").await;
    assert_eq!(r.status, 200, "{}", r.text);
    let r = sign_in(&server, "ann", PASSWORD, Some(&next), "curl/8").await;
    assert_eq!(refused(&r), (401, "wrong-code"), "a code is taken once");
    // A recovery code, typed loosely, stands for a code once.
    let loose = recovery[0].to_uppercase().replace('-', " ");
    let r = sign_in(&server, "ann", PASSWORD, Some(&loose), "curl/8").await;
    assert_eq!(r.status, 200, "{}", r.text);
    let r = sign_in(&server, "ann", PASSWORD, Some(&recovery[0]), "curl/8").await;
    assert_eq!(refused(&r), (401, "wrong-code"));

    // Off, with the password and a code (another account: each code given counts against the
    // account's ten guesses a minute).
    let cid = account(&server, "cid").await;
    let (_, recovery) = two_step(&server, &cid).await;
    let off = |password: &str, code: &str| json!({"password": password, "code": code});
    let r = call(
        &server,
        Method::DELETE,
        "/api/me/totp",
        off("a wrong password", &recovery[1]),
        Some(&cid),
    )
    .await;
    assert_eq!(refused(&r), (401, "wrong-password"));
    let r = call(
        &server,
        Method::DELETE,
        "/api/me/totp",
        off(PASSWORD, &recovery[1]),
        Some(&cid),
    )
    .await;
    assert_eq!(r.status, 204, "{}", r.text);
    let r = call(
        &server,
        Method::DELETE,
        "/api/me/totp",
        off(PASSWORD, &recovery[2]),
        Some(&cid),
    )
    .await;
    assert_eq!(refused(&r), (409, "totp-off"));
    assert_eq!(
        sign_in(&server, "cid", PASSWORD, None, "curl/8")
            .await
            .status,
        200
    );
    let r = call(
        &server,
        Method::POST,
        "/api/me/totp/confirm",
        json!({"code": "123456"}),
        Some(&cid),
    )
    .await;
    assert_eq!(refused(&r), (409, "totp-not-pending"));
}
on_both!(two_step_sign_in_asks_an_apps_code_taken_once);

/// A game made by `host` (seat 0, theirs) with seat 1 open; its id and the host's token.
async fn open_game(server: &TestServer, host: &str) -> (String, String) {
    let r = call(
        server,
        Method::POST,
        "/api/games",
        json!({"game": "triangoli",
               "seats": [{"kind": "human", "player": "me"}, {"kind": "open"}]}),
        Some(host),
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.text);
    (
        r.body["id"].as_str().unwrap().to_string(),
        r.body["seats"][0]["token"].as_str().unwrap().to_string(),
    )
}

/// `who` joins seat 1 of game `id`.
async fn join(server: &TestServer, id: &str, who: &str) -> Reply {
    call(
        server,
        Method::POST,
        &format!("/api/games/{id}/join"),
        json!({"seat": 1}),
        Some(who),
    )
    .await
}

async fn say(server: &TestServer, id: &str, token: &str, text: &str) -> Reply {
    call(
        server,
        Method::POST,
        &format!("/api/games/{id}/chat"),
        json!({"token": token, "text": text}),
        None,
    )
    .await
}

/// The chat lines of game `id` as the holder of `cookie` is shown them.
async fn chat_seen(server: &TestServer, id: &str, cookie: Option<&str>) -> Vec<String> {
    let r = call(
        server,
        Method::GET,
        &format!("/api/games/{id}"),
        Value::Null,
        cookie,
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text);
    lines(&r.body)
}

fn lines(view: &Value) -> Vec<String> {
    view["chat"]["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap().to_string())
        .collect()
}

/// A seek of `who` for a game of Triangoli; its id.
async fn seek(server: &TestServer, who: &str) -> String {
    let r = call(
        server,
        Method::POST,
        "/api/seeks",
        json!({"game": "triangoli", "clock": {"initial_ms": 300000, "increment_ms": 0}}),
        Some(who),
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.text);
    r.body["id"].as_str().unwrap().to_string()
}

/// The ids of the seeks of Triangoli the holder of `cookie` is shown.
async fn seeks_seen(server: &TestServer, cookie: &str) -> Vec<String> {
    let r = call(
        server,
        Method::GET,
        "/api/seeks?game=triangoli",
        Value::Null,
        Some(cookie),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text);
    r.body["seeks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].as_str().unwrap().to_string())
        .collect()
}

async fn a_block_keeps_two_players_apart_and_hides_the_blocked_ones_chat(kind: &str) {
    let server = start(kind).await;
    let ann = account(&server, "ann").await;
    let bob = account(&server, "bob").await;
    let cid = account(&server, "cid").await;
    // A game they sat down to before.
    let (before, ann_token) = open_game(&server, &ann).await;
    let r = join(&server, &before, &bob).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let bob_token = r.body["token"].as_str().unwrap().to_string();

    let r = call(
        &server,
        Method::POST,
        "/api/me/blocks",
        json!({"name": " BOB "}),
        Some(&ann),
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.text);
    assert_eq!(r.body["name"], "bob");
    assert!(r.body["created"].as_str().unwrap().ends_with('Z'));
    let r = call(
        &server,
        Method::POST,
        "/api/me/blocks",
        json!({"name": "bob"}),
        Some(&ann),
    )
    .await;
    assert_eq!(r.status, 201, "again: the block stands");
    for (name, status, code) in [("ann", 400, "block-self"), ("nobody", 404, "no-player")] {
        let r = call(
            &server,
            Method::POST,
            "/api/me/blocks",
            json!({ "name": name }),
            Some(&ann),
        )
        .await;
        assert_eq!(refused(&r), (status, code), "{name}");
    }
    let r = call(
        &server,
        Method::GET,
        "/api/me/blocks",
        Value::Null,
        Some(&ann),
    )
    .await;
    let listed: Vec<&str> = r.body["blocks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b.get("name").unwrap().as_str().unwrap())
        .collect();
    assert_eq!(listed, ["bob"]);
    let r = call(
        &server,
        Method::GET,
        "/api/me/blocks",
        Value::Null,
        Some(&bob),
    )
    .await;
    assert_eq!(r.body["blocks"], json!([]), "the blocked one is not told");

    // Chat: the blocker is not shown the blocked one's lines; everyone else is.
    assert_eq!(say(&server, &before, &ann_token, "hello").await.status, 200);
    let r = say(&server, &before, &bob_token, "go away").await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(chat_seen(&server, &before, Some(&ann)).await, ["hello"]);
    assert_eq!(
        chat_seen(&server, &before, Some(&bob)).await,
        ["hello", "go away"]
    );
    assert_eq!(
        chat_seen(&server, &before, None).await,
        ["hello", "go away"]
    );
    let r = say(&server, &before, &ann_token, "bye").await;
    assert_eq!(
        lines(
            &send(
                &server,
                Method::POST,
                &format!("/api/games/{before}/chat"),
                json!({"token": ann_token, "text": "again"}),
                Some(&ann),
                &[]
            )
            .await
            .body
        ),
        ["hello", "bye", "again"],
        "the answer of a change too: {}",
        r.text
    );
    // On the game's socket, with the blocker's cookie.
    let mut socket = common::socket(&server, &format!("/api/games/{before}/ws"), Some(&ann)).await;
    let first = common::socket_message(&mut socket, Duration::from_secs(20)).await;
    assert_eq!(lines(&first), ["hello", "bye", "again"]);
    assert_eq!(say(&server, &before, &bob_token, "psst").await.status, 200);
    assert_eq!(say(&server, &before, &ann_token, "well").await.status, 200);
    let mut added = Vec::new();
    while !added.contains(&"well".to_string()) {
        let m = common::socket_message(&mut socket, Duration::from_secs(20)).await;
        for line in m["chat"]["added"].as_array().into_iter().flatten() {
            added.push(line["text"].as_str().unwrap().to_string());
        }
    }
    assert_eq!(added, ["well"], "the blocked one's line never came");

    // Seeks: neither is shown the other's, nor may accept it.
    let anns = seek(&server, &ann).await;
    let bobs = seek(&server, &bob).await;
    let cids = seek(&server, &cid).await;
    let mut seen = seeks_seen(&server, &ann).await;
    seen.sort();
    let mut want = vec![anns.clone(), cids.clone()];
    want.sort();
    assert_eq!(seen, want);
    assert!(!seeks_seen(&server, &bob).await.contains(&anns));
    assert_eq!(seeks_seen(&server, &cid).await.len(), 3);
    let r = call(
        &server,
        Method::POST,
        &format!("/api/seeks/{anns}/accept"),
        Value::Null,
        Some(&bob),
    )
    .await;
    assert_eq!(refused(&r), (403, "blocked"));
    assert_eq!(r.body.get("params"), None, "not who: {}", r.text);
    let r = call(
        &server,
        Method::POST,
        &format!("/api/seeks/{bobs}/accept"),
        Value::Null,
        Some(&ann),
    )
    .await;
    assert_eq!(refused(&r), (403, "blocked"));
    // The lobby's socket likewise.
    let mut lobby = common::lobby_socket(&server, "triangoli", Some(&bob)).await;
    let shown = common::socket_message(&mut lobby, Duration::from_secs(20)).await;
    let ids: Vec<&str> = shown["seeks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].as_str().unwrap())
        .collect();
    assert!(ids.contains(&bobs.as_str()) && ids.contains(&cids.as_str()));
    assert!(!ids.contains(&anns.as_str()), "{shown}");

    // Games: neither joins one the other sits in, from the lobby or a link.
    let (anns_game, _) = open_game(&server, &ann).await;
    assert_eq!(
        refused(&join(&server, &anns_game, &bob).await),
        (403, "blocked")
    );
    let (bobs_game, _) = open_game(&server, &bob).await;
    assert_eq!(
        refused(&join(&server, &bobs_game, &ann).await),
        (403, "blocked")
    );
    assert_eq!(join(&server, &anns_game, &cid).await.status, 200);

    // Quick pairing never seats them together.
    for who in [&ann, &bob] {
        let r = call(
            &server,
            Method::POST,
            "/api/quick",
            json!({"game": "triangoli", "rated": true}),
            Some(who),
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.text);
        assert_eq!(r.body["game"], Value::Null, "nobody to play: {}", r.text);
    }

    // Unblocked, they meet again.
    let r = call(
        &server,
        Method::DELETE,
        "/api/me/blocks/Bob",
        Value::Null,
        Some(&ann),
    )
    .await;
    assert_eq!(r.status, 204, "{}", r.text);
    let r = call(
        &server,
        Method::DELETE,
        "/api/me/blocks/bob",
        Value::Null,
        Some(&ann),
    )
    .await;
    assert_eq!(refused(&r), (404, "not-blocked"));
    assert!(seeks_seen(&server, &ann).await.contains(&bobs));
    assert_eq!(
        chat_seen(&server, &before, Some(&ann)).await,
        ["hello", "go away", "bye", "again", "psst", "well"]
    );
    let (again, anns_token) = open_game(&server, &ann).await;
    let r = join(&server, &again, &bob).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let bobs_token = r.body["token"].as_str().unwrap().to_string();

    // A block counts at once on a socket already open.
    let mut socket = common::socket(&server, &format!("/api/games/{again}/ws"), Some(&ann)).await;
    common::socket_message(&mut socket, Duration::from_secs(20)).await;
    let r = call(
        &server,
        Method::POST,
        "/api/me/blocks",
        json!({"name": "bob"}),
        Some(&ann),
    )
    .await;
    assert_eq!(r.status, 201);
    assert_eq!(say(&server, &again, &bobs_token, "later").await.status, 200);
    assert_eq!(say(&server, &again, &anns_token, "ok").await.status, 200);
    let mut added = Vec::new();
    while !added.contains(&"ok".to_string()) {
        let m = common::socket_message(&mut socket, Duration::from_secs(20)).await;
        for line in m["chat"]["added"].as_array().into_iter().flatten() {
            added.push(line["text"].as_str().unwrap().to_string());
        }
    }
    assert_eq!(added, ["ok"]);

    // No rematch between them.
    let r = call(
        &server,
        Method::POST,
        &format!("/api/games/{again}/resign"),
        json!({"token": anns_token}),
        None,
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text);
    let r = call(
        &server,
        Method::POST,
        &format!("/api/games/{again}/rematch"),
        json!({"token": bobs_token}),
        None,
    )
    .await;
    assert_eq!(refused(&r), (403, "blocked"));
}
on_both!(a_block_keeps_two_players_apart_and_hides_the_blocked_ones_chat);

/// Makes `name` a moderator (or not) with the operator's command's code, on the store the server
/// runs on.
async fn moderator(server: &TestServer, name: &str, on: bool) -> bool {
    let (db, name) = (server.db.clone(), name.to_string());
    tokio::task::spawn_blocking(move || trigonal_server::set_moderator_blocking(&db, &name, on))
        .await
        .unwrap()
        .unwrap()
}

async fn act(server: &TestServer, who: &str, body: Value) -> Reply {
    call(server, Method::POST, "/api/mod/actions", body, Some(who)).await
}

async fn reports_reach_moderators_whose_actions_count_at_once_and_are_logged(kind: &str) {
    let server = start(kind).await;
    let mia = account(&server, "mia").await;
    let ann = account(&server, "ann").await;
    let bob = account(&server, "bob").await;
    let (game, ann_token) = open_game(&server, &ann).await;
    let r = join(&server, &game, &bob).await;
    let bob_token = r.body["token"].as_str().unwrap().to_string();
    assert_eq!(
        say(&server, &game, &bob_token, "you are bad").await.status,
        200
    );
    assert_eq!(server.view(&game).await["seats"][1]["account"], "bob");

    // A report, and what a report may not be.
    let report = |body: Value| {
        let server = &server;
        let ann = ann.clone();
        async move { call(server, Method::POST, "/api/reports", body, Some(&ann)).await }
    };
    let r = report(json!({"name": "BOB", "reason": "chat", "game": game, "text": "rude in chat"}))
        .await;
    assert_eq!(r.status, 201, "{}", r.text);
    let first = r.body["id"].as_str().unwrap().to_string();
    for (body, status, code) in [
        (
            json!({"name": "bob", "reason": "spam", "text": ""}),
            400,
            "report-reason",
        ),
        (
            json!({"name": "ann", "reason": "name", "text": ""}),
            400,
            "report-self",
        ),
        (
            json!({"name": "nobody", "reason": "name", "text": ""}),
            404,
            "no-player",
        ),
        (
            json!({"name": "bob", "reason": "other", "game": "nope", "text": ""}),
            404,
            "no-game",
        ),
        (
            json!({"name": "bob", "reason": "other", "text": "x".repeat(1001)}),
            400,
            "report-text",
        ),
    ] {
        assert_eq!(
            refused(&report(body.clone()).await),
            (status, code),
            "{body}"
        );
    }
    let r = report(json!({"name": "bob", "reason": "name", "text": ""})).await;
    let second = r.body["id"].as_str().unwrap().to_string();
    let r = call(
        &server,
        Method::POST,
        "/api/reports",
        json!({"name": "ann", "reason": "other", "text": "x"}),
        None,
    )
    .await;
    assert_eq!(refused(&r), (401, "not-signed-in"));

    // Only moderators see the reports and act; the operator's command makes one at once.
    for path in ["/api/mod/reports", "/api/mod/log"] {
        let r = call(&server, Method::GET, path, Value::Null, Some(&mia)).await;
        assert_eq!(refused(&r), (403, "not-moderator"), "{path}");
    }
    let r = act(
        &server,
        &mia,
        json!({"name": "bob", "action": "warn", "reason": "x"}),
    )
    .await;
    assert_eq!(refused(&r), (403, "not-moderator"));
    assert!(moderator(&server, "MIA", true).await);
    assert!(!moderator(&server, "nobody", true).await);
    let me = call(&server, Method::GET, "/api/me", Value::Null, Some(&mia)).await;
    assert_eq!(me.body["moderator"], true);
    let r = call(
        &server,
        Method::GET,
        "/api/mod/reports",
        Value::Null,
        Some(&mia),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text);
    let reports = r.body["reports"].as_array().unwrap();
    assert_eq!(reports.len(), 2);
    let the_first = reports.iter().find(|x| x["id"] == first.as_str()).unwrap();
    let mut keys: Vec<&String> = the_first.as_object().unwrap().keys().collect();
    keys.sort();
    assert_eq!(
        keys,
        ["created", "game", "id", "name", "reason", "reporter", "status", "text"]
    );
    assert_eq!(
        (
            &the_first["name"],
            &the_first["reporter"],
            &the_first["reason"]
        ),
        (&json!("bob"), &json!("ann"), &json!("chat"))
    );
    assert_eq!(
        (&the_first["game"], &the_first["text"], &the_first["status"]),
        (&json!(game), &json!("rude in chat"), &json!("open"))
    );

    // What an action may not be.
    for (body, status, code) in [
        (
            json!({"name": "bob", "action": "ban", "reason": "x"}),
            400,
            "mod-action",
        ),
        (
            json!({"name": "bob", "action": "mute", "reason": "x"}),
            400,
            "mod-minutes",
        ),
        (
            json!({"name": "bob", "action": "mute", "minutes": 0, "reason": "x"}),
            400,
            "mod-minutes",
        ),
        (
            json!({"name": "bob", "action": "warn", "reason": " "}),
            400,
            "mod-reason",
        ),
        (
            json!({"name": "nobody", "action": "warn", "reason": "x"}),
            404,
            "no-player",
        ),
        (
            json!({"name": "bob", "action": "warn", "reason": "x", "report": "nope"}),
            404,
            "no-report",
        ),
        (
            json!({"name": "bob", "action": "rename", "new_name": "Admin", "reason": "x"}),
            400,
            "name-refused",
        ),
        (
            json!({"name": "bob", "action": "rename", "new_name": "a b", "reason": "x"}),
            400,
            "account-name",
        ),
        (
            json!({"name": "bob", "action": "rename", "new_name": "ANN", "reason": "x"}),
            409,
            "name-taken",
        ),
    ] {
        assert_eq!(
            refused(&act(&server, &mia, body.clone()).await),
            (status, code),
            "{body}"
        );
    }

    // A mute: the chat refused, saying until when, in every game; the report acted on.
    let r = act(
        &server,
        &mia,
        json!({"name": "bob", "action": "mute", "minutes": 60, "report": first,
               "reason": "insults"}),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(
        (&r.body["action"], &r.body["moderator"]),
        (&json!("mute"), &json!("mia"))
    );
    let r = say(&server, &game, &bob_token, "still here").await;
    assert_eq!(refused(&r), (403, "muted"));
    assert!(r.body["params"]["until"].as_str().unwrap().ends_with('Z'));
    let standing = call(
        &server,
        Method::GET,
        "/api/me/moderation",
        Value::Null,
        Some(&bob),
    )
    .await;
    assert!(
        standing.body["muted_until"].is_string(),
        "{}",
        standing.text
    );
    assert_eq!(say(&server, &game, &ann_token, "thanks").await.status, 200);
    let r = act(
        &server,
        &mia,
        json!({"name": "bob", "action": "unmute", "reason": "served"}),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(say(&server, &game, &bob_token, "sorry").await.status, 200);

    // A warning, shown to the person.
    let r = act(
        &server,
        &mia,
        json!({"name": "bob", "action": "warn", "reason": "be kind"}),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text);
    let standing = call(
        &server,
        Method::GET,
        "/api/me/moderation",
        Value::Null,
        Some(&bob),
    )
    .await;
    assert_eq!(standing.body["warnings"][0]["reason"], "be kind");
    assert_eq!(standing.body["muted_until"], Value::Null);

    // A rename: the name changes everywhere it is shown; the old one is held back.
    let bobs_seek = seek(&server, &bob).await;
    let r = act(
        &server,
        &mia,
        json!({"name": "bob", "action": "rename", "new_name": "robert", "report": second,
               "reason": "an offensive name"}),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["detail"], "robert");
    let seat = &server.view(&game).await["seats"][1];
    assert_eq!(
        (&seat["name"], &seat["account"]),
        (&json!("robert"), &json!("robert"))
    );
    assert_eq!(server.get("/api/players/bob").await.status, 404);
    assert_eq!(server.get("/api/players/robert").await.status, 200);
    let me = call(&server, Method::GET, "/api/me", Value::Null, Some(&bob)).await;
    assert_eq!(me.body["name"], "robert");
    let r = call(
        &server,
        Method::GET,
        "/api/seeks?game=triangoli",
        Value::Null,
        Some(&ann),
    )
    .await;
    let theirs = r.body["seeks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"] == bobs_seek.as_str())
        .cloned();
    assert_eq!(theirs.unwrap()["seats"][0]["name"], "robert");
    let r = send(
        &server,
        Method::POST,
        "/api/accounts",
        json!({"name": "Bob", "password": PASSWORD}),
        None,
        &[],
    )
    .await;
    assert_eq!(refused(&r), (409, "name-taken"), "held back");

    // Closing: no sign-in, its sessions and open seeks end.
    let r = act(
        &server,
        &mia,
        json!({"name": "robert", "action": "close", "reason": "again"}),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert!(!signed_in(&server, &bob).await);
    let r = sign_in(&server, "robert", PASSWORD, None, "curl/8").await;
    assert_eq!(refused(&r), (403, "closed"));
    let r = sign_in(&server, "robert", "a wrong password", None, "curl/8").await;
    assert_eq!(
        refused(&r),
        (401, "wrong-credentials"),
        "told only with the password"
    );
    assert!(!seeks_seen(&server, &ann).await.contains(&bobs_seek));
    let r = act(
        &server,
        &mia,
        json!({"name": "robert", "action": "reopen", "reason": "appeal"}),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(
        sign_in(&server, "robert", PASSWORD, None, "curl/8")
            .await
            .status,
        200
    );

    // A dismissal; the reports' states.
    let third = report(json!({"name": "robert", "reason": "cheating", "text": "too good"})).await;
    let third = third.body["id"].as_str().unwrap().to_string();
    let r = act(
        &server,
        &mia,
        json!({"name": "robert", "action": "dismiss", "report": third, "reason": "no sign of it"}),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text);
    let r = call(
        &server,
        Method::GET,
        "/api/mod/reports",
        Value::Null,
        Some(&mia),
    )
    .await;
    let status_of = |id: &str| {
        r.body["reports"]
            .as_array()
            .unwrap()
            .iter()
            .find(|x| x["id"] == id)
            .unwrap()["status"]
            .clone()
    };
    assert_eq!(
        [status_of(&first), status_of(&second), status_of(&third)],
        [json!("resolved"), json!("resolved"), json!("dismissed")]
    );

    // The log: every action, the latest first, with who, whom, what, why and when.
    let r = call(
        &server,
        Method::GET,
        "/api/mod/log",
        Value::Null,
        Some(&mia),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text);
    let log = r.body["log"].as_array().unwrap();
    let actions: Vec<&str> = log.iter().map(|l| l["action"].as_str().unwrap()).collect();
    assert_eq!(
        actions,
        ["dismiss", "reopen", "close", "rename", "warn", "unmute", "mute"]
    );
    for line in log {
        assert_eq!(
            (&line["moderator"], &line["target"]),
            (&json!("mia"), &json!("robert"))
        );
        assert!(line["at"].as_str().unwrap().ends_with('Z') && line["reason"].is_string());
    }
    assert_eq!(log[6]["report"], json!(first));
    assert!(
        log[6]["detail"].as_str().unwrap().ends_with('Z'),
        "a mute's end"
    );

    // The role taken away counts at once too.
    assert!(moderator(&server, "mia", false).await);
    let r = call(
        &server,
        Method::GET,
        "/api/mod/reports",
        Value::Null,
        Some(&mia),
    )
    .await;
    assert_eq!(refused(&r), (403, "not-moderator"));
}
on_both!(reports_reach_moderators_whose_actions_count_at_once_and_are_logged);

async fn ones_data_is_exported_and_a_deleted_account_leaves_its_games_to_the_others(kind: &str) {
    let server = start(kind).await;
    let ann = account(&server, "ann").await;
    let bob = account(&server, "bob").await;
    let (game, ann_token, _) = common::rated_game(&server, "triangoli", &ann, &bob).await;
    assert_eq!(
        say(&server, &game, &ann_token, "good luck").await.status,
        200
    );
    let r = call(
        &server,
        Method::POST,
        &format!("/api/games/{game}/resign"),
        json!({"token": ann_token}),
        None,
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text);
    let (open, _) = open_game(&server, &ann).await;
    seek(&server, &ann).await;
    for (method, path, body) in [
        (Method::POST, "/api/me/blocks", json!({"name": "bob"})),
        (
            Method::POST,
            "/api/reports",
            json!({"name": "bob", "reason": "other", "text": "hm"}),
        ),
    ] {
        let r = call(&server, method, path, body, Some(&ann)).await;
        assert_eq!(r.status, 201, "{}", r.text);
    }
    let bobs_rating = server.get("/api/players/bob").await.body["ratings"]["triangoli"].clone();
    assert_eq!(bobs_rating["games"], 1);

    // The export: everything stored about the account, as a file.
    let r = call(
        &server,
        Method::GET,
        "/api/me/export",
        Value::Null,
        Some(&ann),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.headers["cache-control"], "no-store");
    assert_eq!(
        r.headers["content-disposition"],
        "attachment; filename=\"trigonal-ann.json\""
    );
    let data = &r.body;
    assert_eq!(
        (&data["name"], &data["two_step"]),
        (&json!("ann"), &json!(false))
    );
    assert_eq!(data["email"], Value::Null);
    let rating = &data["ratings"]["triangoli"];
    assert_eq!(rating["games"], 1);
    assert_eq!(rating["history"].as_array().unwrap().len(), 1);
    let games = data["games"].as_array().unwrap();
    assert_eq!(games.len(), 2);
    let played = games.iter().find(|g| g["id"] == game.as_str()).unwrap();
    assert_eq!(played["seats"], json!([0]));
    assert!(
        played["record"]
            .as_str()
            .unwrap()
            .contains("game: triangoli"),
        "{played}"
    );
    assert_eq!(played["chat"][0]["text"], "good luck");
    assert_eq!(data["blocks"][0]["name"], "bob");
    assert_eq!(data["reports"][0]["name"], "bob");
    assert_eq!(data["sessions"][0]["current"], true);
    let secret = ann.split('=').nth(1).unwrap();
    assert!(!r.text.contains(secret), "no session's secret");
    assert!(!r.text.contains("argon2"), "no password hash");
    assert_eq!(data["push_subscriptions"], json!([]));
    for key in ["puzzles", "lessons", "moderation", "created"] {
        assert!(data.get(key).is_some(), "{key}");
    }
    let r = call(&server, Method::GET, "/api/me/export", Value::Null, None).await;
    assert_eq!(refused(&r), (401, "not-signed-in"));

    // Deleting, with the password.
    let r = call(
        &server,
        Method::DELETE,
        "/api/me",
        json!({"password": "wrong one!"}),
        Some(&ann),
    )
    .await;
    assert_eq!(refused(&r), (401, "wrong-password"));
    let r = call(
        &server,
        Method::DELETE,
        "/api/me",
        json!({"password": PASSWORD}),
        Some(&ann),
    )
    .await;
    assert_eq!(r.status, 204, "{}", r.text);
    assert!(r.headers["set-cookie"]
        .to_str()
        .unwrap()
        .contains("Max-Age=0"));
    assert!(!signed_in(&server, &ann).await);
    let r = sign_in(&server, "ann", PASSWORD, None, "curl/8").await;
    assert_eq!(refused(&r), (401, "wrong-credentials"));
    assert_eq!(server.get("/api/players/ann").await.status, 404);
    let board = server.get("/api/leaderboard/triangoli").await.body;
    assert!(!board.to_string().contains("\"ann\""), "{board}");
    assert!(board.to_string().contains("\"bob\""), "{board}");
    // The games stay for the others, the seat a deleted player's; settled results stay.
    let view = server.view(&game).await;
    let seat = &view["seats"][0];
    assert_eq!(
        (&seat["deleted"], &seat["name"], &seat["account"]),
        (&json!(true), &Value::Null, &Value::Null)
    );
    assert_eq!(view["outcome"]["winners"], json!([1]));
    assert!(!view.to_string().contains("\"ann\""), "{view}");
    let bobs = server.get("/api/players/bob").await.body;
    assert_eq!(
        bobs["ratings"]["triangoli"], bobs_rating,
        "settled stays settled"
    );
    let opponent = &bobs["games"][0]["opponents"][0];
    assert_eq!(
        (&opponent["deleted"], &opponent["name"]),
        (&json!(true), &Value::Null)
    );
    assert_eq!(server.view(&open).await["seats"][0]["deleted"], true);
    let r = call(
        &server,
        Method::GET,
        "/api/seeks?game=triangoli",
        Value::Null,
        Some(&bob),
    )
    .await;
    assert_eq!(r.body["seeks"], json!([]), "its seeks ended");
    let r = call(
        &server,
        Method::GET,
        "/api/me/blocks",
        Value::Null,
        Some(&bob),
    )
    .await;
    assert_eq!(r.body["blocks"], json!([]));
    // The name is held back for a while.
    let r = send(
        &server,
        Method::POST,
        "/api/accounts",
        json!({"name": "Ann", "password": PASSWORD}),
        None,
        &[],
    )
    .await;
    assert_eq!(refused(&r), (409, "name-taken"));
}
on_both!(ones_data_is_exported_and_a_deleted_account_leaves_its_games_to_the_others);

async fn names_holding_a_refused_word_are_not_taken(kind: &str) {
    let server = start(kind).await;
    for name in ["Admin", "the_Moderator", "TRIGONAL-fan", "ａｄｍｉｎ"] {
        let r = send(
            &server,
            Method::POST,
            "/api/accounts",
            json!({"name": name, "password": PASSWORD}),
            None,
            &[],
        )
        .await;
        if r.status == 400 && r.code() == "account-name" {
            continue; // not a name at all (ａｄｍｉｎ is looked up as admin, but is not ASCII)
        }
        assert_eq!(refused(&r), (400, "name-refused"), "{name}");
        assert!(r.body["params"]["name"].is_string());
    }
    let r = send(
        &server,
        Method::POST,
        "/api/accounts",
        json!({"name": "badminton", "password": PASSWORD}),
        None,
        &[],
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.text);
    // A site's own list replaces the built-in one.
    let server = common::start_changed(kind, |c| {
        c.refused_names = trigonal_server::RefusedNames::parse("# ours\n=ann\ngrr\n");
    })
    .await;
    for (name, status) in [("ann", 400), ("anne", 201), ("agrrh", 400), ("admin", 201)] {
        let r = send(
            &server,
            Method::POST,
            "/api/accounts",
            json!({"name": name, "password": PASSWORD}),
            None,
            &[],
        )
        .await;
        assert_eq!(r.status, status, "{name}: {}", r.text);
    }
}
on_both!(names_holding_a_refused_word_are_not_taken);

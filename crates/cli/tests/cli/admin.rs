//! `trigonal admin`, the operator's commands, on the real binary and both stores: a moderator
//! made (and unmade) while a server runs on the store counts at once — no sign-in again — and a
//! name nobody has is an error.

use crate::common;

use common::{request_with, stderr, stdout, trigonal, Serve};
use serde_json::json;

/// `trigonal admin moderator ARGS --db DB`: whether it succeeded, and what it said.
fn admin(db: &str, args: &[&str]) -> (bool, String) {
    let mut all = vec!["admin", "moderator"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--db", db]);
    let out = trigonal(&all, "");
    let said = format!("{}{}", stdout(&out), stderr(&out));
    (out.status.success(), said)
}

/// The status of `GET path` with the session `cookie`.
fn get(server: &Serve, path: &str, cookie: &str) -> (u16, serde_json::Value) {
    let answer = request_with(&server.addr, "GET", path, &[("Cookie", cookie)], None).unwrap();
    (answer.status, answer.json())
}

fn a_moderator_is_made_at_once_on_a_running_server(db: &str) {
    let server = Serve::start_with(db, &["--no-computer"]);
    let answer = request_with(
        &server.addr,
        "POST",
        "/api/accounts",
        &[],
        Some(json!({"name": "Mia", "password": "a long password"})),
    )
    .unwrap();
    assert_eq!(answer.status, 201, "{}", answer.body);
    let cookie = answer
        .header("set-cookie")
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_string();
    assert_eq!(get(&server, "/api/mod/reports", &cookie).0, 403);

    let (ok, said) = admin(db, &["MIA"]);
    assert!(ok, "{said}");
    assert_eq!(said.trim(), "MIA is a moderator");
    let (status, me) = get(&server, "/api/me", &cookie);
    assert_eq!((status, &me["moderator"]), (200, &json!(true)));
    let (status, reports) = get(&server, "/api/mod/reports", &cookie);
    assert_eq!((status, reports), (200, json!({"reports": []})));

    let (ok, said) = admin(db, &["mia", "--revoke"]);
    assert!(ok, "{said}");
    assert_eq!(said.trim(), "mia is no longer a moderator");
    assert_eq!(get(&server, "/api/mod/reports", &cookie).0, 403);

    let (ok, said) = admin(db, &["nobody"]);
    assert!(!ok);
    assert!(
        said.contains("there is no player named \"nobody\""),
        "{said}"
    );
}

#[test]
fn a_moderator_is_made_at_once_on_a_running_server_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("trigonal.db");
    a_moderator_is_made_at_once_on_a_running_server(db.to_str().unwrap());
}

#[test]
fn a_moderator_is_made_at_once_on_a_running_server_postgresql() {
    a_moderator_is_made_at_once_on_a_running_server(&common::fresh_pg());
}

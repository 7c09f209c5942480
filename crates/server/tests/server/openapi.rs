//! The API's OpenAPI document: served, OpenAPI 3.1, and complete — every operation docs/api.md
//! names is in it and every one in it is named there; every route of the server is registered
//! with its description (none added around it), so a route cannot exist that the document
//! lacks; every error it may answer has the error body's schema.

use crate::common;

use std::collections::BTreeSet;
use std::path::Path;

use serde_json::Value;

const METHODS: [&str; 4] = ["get", "post", "delete", "put"];

/// `METHOD /path` of every operation of the document.
fn operations(document: &Value) -> BTreeSet<String> {
    let mut all = BTreeSet::new();
    for (path, item) in document["paths"].as_object().unwrap() {
        for method in METHODS {
            if item.get(method).is_some() {
                all.insert(format!("{} {path}", method.to_uppercase()));
            }
        }
    }
    all
}

/// `METHOD /path` of every operation docs/api.md names in code: `` `GET /api/games/{id}` ``
/// (query strings and what follows the path left out).
fn documented() -> BTreeSet<String> {
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/api.md"))
            .unwrap();
    let mut all = BTreeSet::new();
    for span in text.split('`').skip(1).step_by(2) {
        let mut words = span.split_whitespace();
        let (Some(method), Some(path)) = (words.next(), words.next()) else {
            continue;
        };
        if !["GET", "POST", "DELETE", "PUT"].contains(&method) || !path.starts_with('/') {
            continue;
        }
        let path = path.split(['?', '[']).next().unwrap();
        all.insert(format!("{method} {path}"));
    }
    all
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_document_is_served_whole_and_names_what_the_docs_name() {
    let server = common::start("sqlite").await;
    let reply = server.get("/api/openapi.json").await;
    assert_eq!(reply.status, 200);
    assert!(reply.headers["content-type"]
        .to_str()
        .unwrap()
        .starts_with("application/json"));
    let document = reply.body;
    assert_eq!(document["openapi"], "3.1.0");
    assert_eq!(
        document,
        serde_json::to_value(trigonal_server::openapi()).unwrap()
    );

    let served = operations(&document);
    let named = documented();
    let unnamed: Vec<_> = served.difference(&named).collect();
    let missing: Vec<_> = named.difference(&served).collect();
    assert!(
        unnamed.is_empty(),
        "in the document, not in docs/api.md: {unnamed:?}"
    );
    assert!(
        missing.is_empty(),
        "in docs/api.md, not in the document: {missing:?}"
    );
    assert!(served.len() >= 60, "{}", served.len());

    // Every operation says what it answers, and every error with the error body; each has an
    // id of its own.
    let mut ids = BTreeSet::new();
    for (path, item) in document["paths"].as_object().unwrap() {
        for method in METHODS {
            let Some(op) = item.get(method) else { continue };
            let at = format!("{method} {path}");
            assert!(
                ids.insert(op["operationId"].as_str().unwrap().to_string()),
                "{at}: id twice"
            );
            let responses = op["responses"].as_object().unwrap();
            assert!(
                responses.keys().any(|s| s.starts_with('2') || s == "101"),
                "{at}"
            );
            for (status, response) in responses {
                if status.starts_with('4') || status.starts_with('5') {
                    let schema = &response["content"]["application/json"]["schema"];
                    let named =
                        schema["$ref"] == "#/components/schemas/ErrorBody" || path == "/readyz";
                    assert!(named, "{at} {status}: {response}");
                }
            }
            if op.get("requestBody").is_some() {
                for status in ["400", "413", "415"] {
                    assert!(responses.contains_key(status), "{at} lacks {status}");
                }
            }
            if method != "get" {
                assert!(responses.contains_key("403"), "{at} lacks 403");
            }
            assert!(op["tags"].as_array().is_some_and(|t| !t.is_empty()), "{at}");
            for link in op["responses"]
                .as_object()
                .unwrap()
                .values()
                .filter_map(|r| r.get("links"))
            {
                for l in link.as_object().unwrap().values() {
                    assert!(l["operationId"].is_string(), "{at}: {l}");
                }
            }
        }
    }
}

/// No route is added around the document: every `.route(` of the server's source is one of
/// the few that are not the API's (the catch-alls of unknown API paths, the private address).
#[test]
fn no_route_is_added_beside_the_document() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut found = Vec::new();
    for entry in std::fs::read_dir(&src).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            for (n, line) in text.lines().enumerate() {
                if let Some(at) = line.find(".route(\"") {
                    let route = line[at + 8..].split('"').next().unwrap().to_string();
                    found.push((
                        path.file_name().unwrap().to_string_lossy().into_owned(),
                        n,
                        route,
                    ));
                }
            }
        }
    }
    let allowed = [
        "/api",
        "/api/",
        "/api/{*rest}",
        "/healthz",
        "/readyz",
        "/metrics",
    ];
    for (file, line, route) in &found {
        assert!(
            file == "api.rs" && allowed.contains(&route.as_str()),
            "{file}:{}: {route} is routed outside the document",
            line + 1
        );
    }
    assert!(!found.is_empty());
}

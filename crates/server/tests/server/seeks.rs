//! Seeks through the API and the lobby's socket, on both stores: made by a signed-in person,
//! shown live to those whose rating the seek admits, accepted seat by seat, started as a game both
//! players reach with tokens of their own; and every refusal said with its code.

use crate::common;

use std::time::Duration;

use common::{account, send, start, TestServer};
use reqwest::Method;
use serde_json::{json, Value};
use trigonal_store::on_both;

use common::Socket;

async fn lobby(server: &TestServer, game: &str, cookie: Option<&str>) -> Socket {
    common::lobby_socket(server, game, cookie).await
}

/// The next message on a lobby socket (within 20 s).
async fn next(socket: &mut Socket) -> Value {
    common::socket_message(socket, Duration::from_secs(20)).await
}

/// Messages on `socket` until one satisfies `done`.
async fn until(socket: &mut Socket, done: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..20 {
        let m = next(socket).await;
        if done(&m) {
            return m;
        }
    }
    panic!("no such message in 20")
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

async fn seek(server: &TestServer, who: &str, body: Value) -> Value {
    let r = call(server, Method::POST, "/api/seeks", body, Some(who)).await;
    assert_eq!(r.status, 201, "{}", r.text);
    r.body
}

async fn listed(server: &TestServer, query: &str, who: Option<&str>) -> Vec<Value> {
    let r = call(
        server,
        Method::GET,
        &format!("/api/seeks{query}"),
        Value::Null,
        who,
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text);
    r.body["seeks"].as_array().unwrap().clone()
}

async fn a_seek_is_shown_live_accepted_and_both_players_reach_the_game(kind: &str) {
    let server = start(kind).await;
    let ann = account(&server, "ann").await;
    let bob = account(&server, "bob").await;
    let cid = account(&server, "cid").await;
    let mut anns = lobby(&server, "triangoli", Some(&ann)).await;
    assert_eq!(next(&mut anns).await, json!({"type": "seeks", "seeks": []}));
    let mut guests = lobby(&server, "triangoli", None).await;
    next(&mut guests).await;

    let made = seek(
        &server,
        &ann,
        json!({"game": "triangoli", "clock": {"initial_ms": 300000, "increment_ms": 2000},
               "rated": true, "rating_range": [1400, 1600]}),
    )
    .await;
    assert_eq!(made["seats"], json!([{"name": "ann", "rating": 1500}]));
    assert_eq!(made["open"], 1);
    assert_eq!(made["mine"], true);
    assert_eq!(made["rating_range"], json!([1400, 1600]));
    assert_eq!(
        made["clock"],
        json!({"initial_ms": 300000, "increment_ms": 2000})
    );
    let id = made["id"].as_str().unwrap().to_string();
    // Shown live, to its seeker as hers and to a guest as anyone's.
    let shown = until(&mut anns, |m| {
        m["seeks"].as_array().is_some_and(|s| !s.is_empty())
    })
    .await;
    assert_eq!(shown["seeks"][0]["mine"], true);
    let shown = until(&mut guests, |m| {
        m["seeks"].as_array().is_some_and(|s| !s.is_empty())
    })
    .await;
    assert_eq!(shown["seeks"][0]["mine"], false);
    let bobs = listed(&server, "?game=triangoli", Some(&bob)).await;
    assert_eq!(
        (bobs.len(), &bobs[0]["mine"], &bobs[0]["joined"]),
        (1, &json!(false), &json!(false))
    );
    assert!(listed(&server, "?game=four-triangles", Some(&bob))
        .await
        .is_empty());

    // Her own seek is not hers to accept; Bob's acceptance starts the game.
    let own = call(
        &server,
        Method::POST,
        &format!("/api/seeks/{id}/accept"),
        Value::Null,
        Some(&ann),
    )
    .await;
    assert_eq!(
        (own.status, own.body["code"].as_str().unwrap_or("")),
        (409, "seek-own")
    );
    let r = call(
        &server,
        Method::POST,
        &format!("/api/seeks/{id}/accept"),
        Value::Null,
        Some(&bob),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text);
    let game = r.body["game"]["game"].as_str().unwrap().to_string();
    assert_eq!(r.body["game"]["seat"], 1);
    let bob_token = r.body["game"]["token"].as_str().unwrap().to_string();
    let view = server.view(&game).await;
    let names: Vec<&str> = view["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["ann", "bob"]);
    assert_eq!(view["rated"], true);
    assert_eq!(
        view["clock"],
        json!({"initial_ms": 300000, "increment_ms": 2000})
    );
    assert_eq!(
        view["running"], 0,
        "the clock runs from the first move: every seat is taken"
    );

    // Ann's page is told of her seat (no token on a socket: the page asks for it with the
    // session): she plays, then Bob.
    let started = until(&mut anns, |m| m["type"] == "started").await;
    assert_eq!(
        (&started["game"], &started["seat"], &started["seek"]),
        (&json!(game), &json!(0), &json!(id))
    );
    assert_eq!(started.get("token"), None, "{started}");
    let ann_token = &common::seat_token(&server, &ann, &game).await;
    let first = view["legal"][0].as_str().unwrap();
    assert_eq!(server.play(&game, ann_token, first, 0).await.status, 200);
    let second = server.view(&game).await["legal"][0]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(server.play(&game, &bob_token, &second, 1).await.status, 200);
    // Nobody's token plays the other's seat.
    assert_eq!(server.play(&game, &bob_token, first, 2).await.status, 403);

    // Filled: too late for Cid, and gone from the lists.
    let late = call(
        &server,
        Method::POST,
        &format!("/api/seeks/{id}/accept"),
        Value::Null,
        Some(&cid),
    )
    .await;
    assert_eq!(
        (late.status, late.body["code"].as_str().unwrap_or("")),
        (409, "seek-full")
    );
    assert!(listed(&server, "", Some(&cid)).await.is_empty());
    until(&mut guests, |m| m["seeks"] == json!([])).await;
}
on_both!(a_seek_is_shown_live_accepted_and_both_players_reach_the_game);

async fn a_seek_for_three_fills_seat_by_seat_and_a_seat_may_be_left(kind: &str) {
    let server = start(kind).await;
    let ann = account(&server, "ann").await;
    let bob = account(&server, "bob").await;
    let cid = account(&server, "cid").await;
    let made = seek(
        &server,
        &ann,
        json!({"game": "four-triangles", "players": 3}),
    )
    .await;
    let id = made["id"].as_str().unwrap();
    assert_eq!(
        (&made["open"], &made["variant"]),
        (&json!(2), &json!("full"))
    );
    let accept = |who: String| {
        let server = &server;
        async move {
            call(
                server,
                Method::POST,
                &format!("/api/seeks/{id}/accept"),
                Value::Null,
                Some(&who),
            )
            .await
        }
    };
    let r = accept(bob.clone()).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(
        (
            &r.body["game"],
            &r.body["seek"]["open"],
            &r.body["seek"]["joined"]
        ),
        (&Value::Null, &json!(1), &json!(true))
    );
    let again = accept(bob.clone()).await;
    assert_eq!(
        (again.status, again.body["code"].as_str().unwrap_or("")),
        (409, "seek-joined")
    );
    // Bob leaves, and comes back: the seat was free again.
    let left = call(
        &server,
        Method::DELETE,
        &format!("/api/seeks/{id}"),
        Value::Null,
        Some(&bob),
    )
    .await;
    assert_eq!(left.status, 204, "{}", left.text);
    assert_eq!(listed(&server, "", Some(&ann)).await[0]["open"], 2);
    assert_eq!(accept(bob.clone()).await.status, 200);
    let r = accept(cid.clone()).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["game"]["seat"], 2);
    let view = server.view(r.body["game"]["game"].as_str().unwrap()).await;
    let names: Vec<&str> = view["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["ann", "bob", "cid"]);
    assert_eq!(
        (&view["players"], &view["variant"]),
        (&json!(3), &json!("full"))
    );
}
on_both!(a_seek_for_three_fills_seat_by_seat_and_a_seat_may_be_left);

async fn refusals_are_clear_and_change_nothing(kind: &str) {
    let server = start(kind).await;
    let ann = account(&server, "ann").await;
    let bob = account(&server, "bob").await;
    let post = |who: Option<String>, body: Value| {
        let server = &server;
        async move { call(server, Method::POST, "/api/seeks", body, who.as_deref()).await }
    };
    let guest = post(None, json!({"game": "triangoli"})).await;
    assert_eq!(
        (guest.status, guest.body["code"].as_str().unwrap_or("")),
        (401, "not-signed-in")
    );
    let r = post(Some(ann.clone()), json!({"game": "chess"})).await;
    assert_eq!(
        (r.status, r.body["code"].as_str().unwrap_or("")),
        (400, "unknown-game")
    );
    let r = post(
        Some(ann.clone()),
        json!({"game": "triangoli", "rating_range": [1600, 1400]}),
    )
    .await;
    assert_eq!(
        (r.status, r.body["code"].as_str().unwrap_or("")),
        (400, "seek-range")
    );
    let r = post(
        Some(ann.clone()),
        json!({"game": "triangoli", "players": 3}),
    )
    .await;
    assert_eq!(r.status, 400, "{}", r.text);
    let r = post(
        Some(ann.clone()),
        json!({"game": "triangoli", "colour": "red"}),
    )
    .await;
    assert_eq!(r.status, 400, "{}", r.text);
    assert!(listed(&server, "", None).await.is_empty());

    // A range that leaves Bob (1500) out: not shown to him, and refused with the numbers.
    let made = seek(
        &server,
        &ann,
        json!({"game": "triangoli", "rating_range": [1600, 1700]}),
    )
    .await;
    let id = made["id"].as_str().unwrap();
    assert!(listed(&server, "", Some(&bob)).await.is_empty());
    assert_eq!(listed(&server, "", None).await.len(), 1);
    let r = call(
        &server,
        Method::POST,
        &format!("/api/seeks/{id}/accept"),
        Value::Null,
        Some(&bob),
    )
    .await;
    assert_eq!(
        (r.status, r.body["code"].as_str().unwrap_or("")),
        (403, "seek-out-of-range")
    );
    assert_eq!(
        r.body["params"],
        json!({"rating": 1500, "low": 1600, "high": 1700})
    );
    let r = call(
        &server,
        Method::POST,
        "/api/seeks/nothing/accept",
        Value::Null,
        Some(&bob),
    )
    .await;
    assert_eq!(
        (r.status, r.body["code"].as_str().unwrap_or("")),
        (404, "no-seek")
    );
    let r = call(
        &server,
        Method::POST,
        &format!("/api/seeks/{id}/accept"),
        Value::Null,
        None,
    )
    .await;
    assert_eq!(r.status, 401);
    // Only its people may leave it; its seeker cancels it, once.
    let r = call(
        &server,
        Method::DELETE,
        &format!("/api/seeks/{id}"),
        Value::Null,
        Some(&bob),
    )
    .await;
    assert_eq!(
        (r.status, r.body["code"].as_str().unwrap_or("")),
        (403, "not-in-seek")
    );
    let r = call(
        &server,
        Method::DELETE,
        &format!("/api/seeks/{id}"),
        Value::Null,
        Some(&ann),
    )
    .await;
    assert_eq!(r.status, 204);
    let r = call(
        &server,
        Method::DELETE,
        &format!("/api/seeks/{id}"),
        Value::Null,
        Some(&ann),
    )
    .await;
    assert_eq!(
        (r.status, r.body["code"].as_str().unwrap_or("")),
        (404, "no-seek")
    );
    // At most three open at once.
    for _ in 0..3 {
        seek(&server, &ann, json!({"game": "triangular"})).await;
    }
    let r = post(Some(ann.clone()), json!({"game": "triangular"})).await;
    assert_eq!(
        (r.status, r.body["code"].as_str().unwrap_or("")),
        (409, "seek-limit")
    );
    assert_eq!(listed(&server, "", None).await.len(), 3);
}
on_both!(refusals_are_clear_and_change_nothing);

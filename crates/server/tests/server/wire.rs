//! The game WebSocket's messages, and the clients that misbehave on it: after the whole view,
//! each change is a small message that brings a follower exactly to the view the API gives; a
//! socket reconnecting with its version is sent only what it missed; a version from the future,
//! one too old to have been kept, or garbage get a whole view or a clear error; a client that
//! never reads is dropped, not fed.

use crate::common;

use std::time::Duration;

use common::{next_view, start, watch, TestServer, Ws};
use futures_util::StreamExt;
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

/// A socket watching game `id` opened with `?since=…` (as written: it may be garbage).
async fn watch_since(server: &TestServer, id: &str, since: &str) -> Ws {
    let url = format!("ws://{}/api/games/{id}/ws?since={since}", server.addr);
    let (socket, _) = tokio_tungstenite::connect_async(url).await.unwrap();
    Ws {
        socket,
        view: Value::Null,
    }
}

/// The next text message on `ws` as JSON, as it came.
async fn next_message(ws: &mut Ws) -> Value {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(20), ws.socket.next())
            .await
            .expect("a message within 20 s")
            .expect("the socket is open")
            .expect("a message");
        if let Message::Text(text) = message {
            return serde_json::from_str(&text).unwrap();
        }
    }
}

/// The next message on `ws` that is not only someone arriving or leaving (a change at the same
/// version).
async fn next_news(ws: &mut Ws) -> Value {
    loop {
        let message = next_message(ws).await;
        if !(message["type"] == "change" && message["base"] == message["version"]) {
            return message;
        }
    }
}

/// The view the API gives, without what a socket's view leaves out (the legal moves).
fn without_moves(mut view: Value) -> Value {
    view["legal"] = json!([]);
    view["clicks"] = json!([]);
    view
}

#[tokio::test]
async fn changes_bring_a_follower_to_the_very_view_the_api_gives_for_every_game() {
    for (game, players) in [
        ("triangoli", 2),
        ("triangle-game", 3),
        ("triangular", 2),
        ("four-triangles", 4),
    ] {
        let server = start("sqlite").await;
        let (id, tokens) = server.create_humans(game, players).await;
        let (mut ws, first) = watch(&server, &id).await;
        assert_eq!(
            first["legal"],
            json!([]),
            "{game}: a socket's view has no moves"
        );
        for pick in 0..12 {
            let before = server.view(&id).await;
            if before["to_move"].is_null() {
                break;
            }
            let after = server.play_some(&id, &tokens, pick * 5).await;
            let message = next_message(&mut ws).await;
            assert_eq!(message["type"], "change", "{game}: {message}");
            assert_eq!(message["base"], before["version"]);
            assert_eq!(message["version"], after["version"]);
            // Small: not the whole board again, nor the moves.
            assert!(message.get("legal").is_none() && message.get("history").is_none());
            assert_eq!(
                trigonal_server::follow(&mut ws.view, &message),
                trigonal_server::Followed::Taken
            );
            assert_eq!(
                ws.view,
                without_moves(server.view(&id).await),
                "{game}: the followed view is the API's after {message}"
            );
        }
    }
}

#[tokio::test]
async fn the_seat_to_move_gets_its_moves_on_its_own_socket_and_nobody_else_does() {
    let server = start("sqlite").await;
    let (id, tokens) = server.create_humans("triangoli", 2).await;
    let (mut player, _) = watch(&server, &id).await;
    let (mut spectator, _) = watch(&server, &id).await;
    player
        .send(Message::Text(
            json!({"token": tokens[0]}).to_string().into(),
        ))
        .await
        .unwrap();
    // Seat 0 is to move: its moves come at once.
    let moves = next_news(&mut player).await;
    assert_eq!(moves["type"], "moves");
    assert_eq!(moves["seat"], 0);
    assert_eq!(moves["legal"], server.view(&id).await["legal"]);
    // Seat 0 moves: both sockets get the change; seat 1 is to move, and nobody here plays it.
    server.play_some(&id, &tokens, 0).await;
    assert_eq!(next_news(&mut player).await["type"], "change");
    assert_eq!(next_news(&mut spectator).await["type"], "change");
    // Seat 1 moves: seat 0's socket gets the change, then its moves; the spectator only the
    // change.
    let after = server.play_some(&id, &tokens, 0).await;
    assert_eq!(next_news(&mut player).await["type"], "change");
    let moves = next_news(&mut player).await;
    assert_eq!(
        (&moves["type"], &moves["version"]),
        (&json!("moves"), &after["version"])
    );
    assert_eq!(next_news(&mut spectator).await["type"], "change");
    let nothing_more =
        tokio::time::timeout(Duration::from_millis(300), spectator.socket.next()).await;
    assert!(nothing_more.is_err(), "{nothing_more:?}");
}

#[tokio::test]
async fn a_take_back_is_shown_whole_and_followed() {
    let server = start("sqlite").await;
    let (id, tokens) = server.create_humans("triangoli", 2).await;
    let (mut ws, _) = watch(&server, &id).await;
    server.play_some(&id, &tokens, 0).await;
    next_view(&mut ws).await;
    let r = server
        .post(
            &format!("/api/games/{id}/undo"),
            json!({"token": tokens[0]}),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    let message = next_message(&mut ws).await;
    assert!(message.get("type").is_none(), "a whole view: {message}");
    assert_eq!(message["ply"], 0);
    assert_eq!(message["board"], server.view(&id).await["board"]);
}

#[tokio::test]
async fn a_socket_that_comes_back_with_its_version_gets_only_what_it_missed() {
    let server = start("sqlite").await;
    let (id, tokens) = server.create_humans("triangoli", 2).await;
    let (_keep, _) = watch(&server, &id).await;
    let (ws, first) = watch(&server, &id).await;
    // Moves made while it is away (another socket keeps the game watched).
    drop(ws);
    for pick in 0..3 {
        server.play_some(&id, &tokens, pick).await;
    }
    let mut back = watch_since(&server, &id, &first["version"].to_string()).await;
    back.view = first.clone();
    for _ in 0..3 {
        let message = next_message(&mut back).await;
        assert_eq!(message["type"], "change", "{message}");
        assert_eq!(
            trigonal_server::follow(&mut back.view, &message),
            trigonal_server::Followed::Taken
        );
    }
    assert_eq!(back.view, without_moves(server.view(&id).await));
    // Up to date: told so in a message that changes nothing.
    let now = server.view(&id).await["version"].clone();
    let mut current = watch_since(&server, &id, &now.to_string()).await;
    assert_eq!(
        next_message(&mut current).await,
        json!({"type": "change", "base": now, "version": now})
    );
}

#[tokio::test]
async fn a_version_from_the_future_or_too_old_gets_the_whole_view_and_garbage_a_clear_error() {
    let server = start("sqlite").await;
    let (id, tokens) = server.create_humans("triangoli", 2).await;
    let (_keep, _) = watch(&server, &id).await;
    // More changes than a game keeps: a move and its take-back, over and over.
    for pick in 0..20 {
        server.play_some(&id, &tokens, pick).await;
        let undo = json!({"token": tokens[0]});
        assert_eq!(
            server
                .post(&format!("/api/games/{id}/undo"), undo)
                .await
                .status,
            200
        );
    }
    let view = without_moves(server.view(&id).await);
    let version = view["version"].as_i64().unwrap();
    assert!(version > 33, "more changes than are kept: {version}");
    for since in [version + 100, 0, -5] {
        let mut ws = watch_since(&server, &id, &since.to_string()).await;
        assert_eq!(next_message(&mut ws).await, view, "since={since}");
    }
    // Not a number: refused before the upgrade.
    let r = server.get(&format!("/api/games/{id}/ws?since=soon")).await;
    assert_eq!(r.status, 400, "{}", r.text);
    assert!(
        r.error().contains("\"soon\" is not a version"),
        "{}",
        r.error()
    );
    // Garbage on the socket: an error message, the socket stays open and nothing changes.
    let (mut ws, _) = watch(&server, &id).await;
    for garbage in ["not json", "{\"token\": 5}", "[]"] {
        ws.send(Message::Text(garbage.into())).await.unwrap();
        let answer = next_message(&mut ws).await;
        assert!(
            answer["error"].as_str().unwrap().contains("token"),
            "{answer}"
        );
    }
    ws.send(Message::Binary(vec![0, 159, 146, 150].into()))
        .await
        .unwrap();
    ws.send(Message::Text(json!({"token": "wrong"}).to_string().into()))
        .await
        .unwrap();
    assert!(next_message(&mut ws).await["error"].is_string());
    assert_eq!(without_moves(server.view(&id).await), view);
}

/// Whether the server has closed its end of the loopback connection to local `port`, as the
/// kernel says: its socket is no longer ESTABLISHED (FIN_WAIT1 while the data it had queued is
/// still unread), or gone.
fn closed_by_the_server(port: u16) -> bool {
    let table = std::fs::read_to_string("/proc/net/tcp").unwrap_or_default();
    let port_of = |address: &str| {
        address
            .rsplit(':')
            .next()
            .and_then(|p| u16::from_str_radix(p, 16).ok())
    };
    !table.lines().skip(1).any(|line| {
        let fields: Vec<&str> = line.split_whitespace().collect();
        fields.get(2).and_then(|a| port_of(a)) == Some(port) && fields.get(3) == Some(&"01")
    })
}

#[tokio::test]
async fn a_client_that_never_reads_is_dropped_not_fed() {
    let limits = trigonal_server::Limits {
        send: Duration::from_millis(300),
        ..trigonal_server::Limits::default()
    };
    let server = common::start_with_limits(limits, std::future::pending()).await;
    let (id, tokens) = server.create_humans("triangoli", 2).await;
    // A socket with a small receive buffer that is never read.
    let stream = {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.set_recv_buffer_size(4096).unwrap();
        socket.connect(server.addr).await.unwrap()
    };
    let port = stream.local_addr().unwrap().port();
    let url = format!("ws://{}/api/games/{id}/ws", server.addr);
    let (mut idle, _) = tokio_tungstenite::client_async(url, stream).await.unwrap();
    // Changes keep coming: a move and its take-back, over and over (each take-back a whole
    // view), until the server gives up on the socket (without it reading a byte): once the
    // kernel's buffers for it are full (a few MB at most), after `limits.send`.
    let undo = format!("/api/games/{id}/undo");
    let mut last = Value::Null;
    let mut rounds = 0;
    while !closed_by_the_server(port) {
        assert!(rounds < 3000, "the socket was not closed");
        server.play_some(&id, &tokens, rounds).await;
        last = server.post(&undo, json!({"token": tokens[0]})).await.body;
        rounds += 1;
    }
    let version = last["version"].as_i64().unwrap();
    // Read now: what was sent before the server gave up, then the end — never the last change.
    let mut seen = 0;
    let ended = tokio::time::timeout(Duration::from_secs(30), async {
        while let Some(Ok(message)) = idle.next().await {
            if let Message::Text(text) = message {
                let message: Value = serde_json::from_str(&text).unwrap();
                seen = seen.max(message["version"].as_i64().unwrap_or(0));
            }
        }
    })
    .await;
    assert!(ended.is_ok(), "the socket was not closed");
    assert!(
        seen < version,
        "it was fed everything ({seen} of {version})"
    );
    // The game goes on for everyone else.
    let (_, view) = watch(&server, &id).await;
    assert_eq!(view["version"], version);
}

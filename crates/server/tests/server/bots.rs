//! The bot API through real HTTP: a bot account reads its event stream and plays a whole game
//! against a person with the ordinary move endpoint; bots listed online while their stream is
//! open; a bot that never answers forfeits.

use crate::common;

use std::time::{Duration, Instant};

use common::{start, start_with_limits, Reply, TestServer};
use futures_util::StreamExt;
use serde_json::{json, Value};
use trigonal_server::Limits;
use trigonal_store::on_both;

/// Signs up a bot named `name`; its API token.
async fn bot(server: &TestServer, name: &str) -> String {
    let r = server
        .post(
            "/api/accounts",
            json!({"name": name, "password": "a long password", "bot": true}),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text);
    assert_eq!(r.body["bot"], true);
    r.body["token"].as_str().unwrap().to_string()
}

/// Plays as the bot of `token`: reads its stream and answers every `turn` with the first legal
/// move, until a `gameEnd`; the events it saw, by type.
async fn play_as_bot(base: String, token: String) -> Vec<Value> {
    let http = reqwest::Client::new();
    let response = http
        .get(format!("{base}/api/bot/stream"))
        .bearer_auth(&token)
        // Asked for gzipped, the stream still comes plain: its events leave as they come.
        .header("accept-encoding", "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "application/x-ndjson");
    assert_eq!(response.headers().get("content-encoding"), None);
    let mut body = response.bytes_stream();
    let mut buffer = Vec::new();
    let mut events = Vec::new();
    let mut seat_token = String::new();
    while let Some(chunk) = body.next().await {
        buffer.extend_from_slice(&chunk.unwrap());
        while let Some(end) = buffer.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = buffer.drain(..=end).collect();
            if line.len() <= 1 {
                continue; // keep-alive
            }
            let event: Value = serde_json::from_slice(&line).unwrap();
            events.push(event.clone());
            match event["type"].as_str().unwrap() {
                "gameStart" => seat_token = event["token"].as_str().unwrap().to_string(),
                "turn" => {
                    let mv = event["legal"][0].as_str().unwrap();
                    let r = http
                        .post(format!(
                            "{base}/api/games/{}/moves",
                            event["game"].as_str().unwrap()
                        ))
                        .json(&json!({"token": seat_token, "move": mv, "ply": event["ply"]}))
                        .send()
                        .await
                        .unwrap();
                    assert_eq!(r.status(), 200, "{}", r.text().await.unwrap());
                }
                "gameEnd" => return events,
                _ => {}
            }
        }
    }
    events
}

async fn a_bot_plays_a_whole_game_against_a_person(kind: &str) {
    let server = start(kind).await;
    let token = bot(&server, "randy").await;
    let r = server.get("/api/bots").await;
    assert_eq!(
        r.body,
        json!({"bots": [{"name": "randy", "online": false}]})
    );
    let wrong = reqwest::Client::new()
        .get(server.url("/api/bot/stream"))
        .bearer_auth("not-a-token")
        .send()
        .await
        .unwrap();
    assert_eq!(Reply::status_of(wrong).await.status, 401);
    let r = server
        .post("/api/games", json!({"game": "triangoli", "seats": [{"kind": "human"}, {"kind": "bot", "name": "nobody"}]}))
        .await;
    assert_eq!(r.status, 400, "{}", r.text);

    let playing = tokio::spawn(play_as_bot(server.base.clone(), token));
    // Online while its stream is open.
    let deadline = Instant::now() + Duration::from_secs(10);
    while server.get("/api/bots").await.body["bots"][0]["online"] != true {
        assert!(Instant::now() < deadline, "the bot never showed online");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let (id, tokens) = server
        .create(json!({"game": "triangoli", "seats": [{"kind": "human"}, {"kind": "bot", "name": "randy"}]}))
        .await;
    let me = tokens[0].clone().unwrap();
    let view = server.view(&id).await;
    assert_eq!(view["seats"][1]["name"], "randy");
    assert_eq!(view["seats"][1]["taken"], true);
    // The person plays whenever it is their turn; the bot answers through its stream.
    loop {
        let view = server.wait_for(&id, |v| v["to_move"] != 1).await;
        if view["to_move"].is_null() {
            break;
        }
        let mv = view["legal"][0].as_str().unwrap();
        let r = server
            .play(&id, &me, mv, view["ply"].as_u64().unwrap())
            .await;
        assert_eq!(r.status, 200, "{}", r.text);
    }
    let events = tokio::time::timeout(Duration::from_secs(20), playing)
        .await
        .unwrap()
        .unwrap();
    let kinds: Vec<&str> = events.iter().map(|e| e["type"].as_str().unwrap()).collect();
    assert_eq!(kinds[..2], ["challenge", "gameStart"]);
    assert_eq!(kinds.last(), Some(&"gameEnd"));
    let turns = kinds.iter().filter(|k| **k == "turn").count();
    let view = server.view(&id).await;
    let bot_moves = view["movers"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| **m == 1)
        .count();
    assert_eq!(
        turns, bot_moves,
        "one turn event for each of the bot's moves"
    );
    assert_eq!(
        events.last().unwrap()["winners"],
        view["outcome"]["winners"]
    );
}

on_both!(a_bot_plays_a_whole_game_against_a_person);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_that_does_not_answer_forfeits() {
    let limits = Limits {
        bot_patience: Duration::from_millis(700),
        ..Limits::default()
    };
    let server = start_with_limits(limits, std::future::pending()).await;
    bot(&server, "sleepy").await;
    let (id, _) = server
        .create(json!({"game": "triangular", "seats": [{"kind": "bot", "name": "sleepy"}, {"kind": "human"}]}))
        .await;
    let view = server.wait_for(&id, |v| !v["outcome"].is_null()).await;
    assert_eq!(view["outcome"]["reason"], "forfeit");
    assert_eq!(view["outcome"]["winners"], json!([1]));
    assert_eq!(view["ply"], 0);
}

//! A game is its kit: the toy (crates/toy), which only its crate and the registry's list name,
//! is offered, played against the computer, watched, rated, recorded and analysed through the
//! same paths as the real games, with every default of the kit.

use crate::common;

use std::time::{Duration, Instant};

use common::{account, next_view, rated_game, start, watch};
use serde_json::{json, Value};

/// What the toy's kit says, as `/api/meta` gives it: its description, its one pool (the default:
/// the game's id), no level rated in it.
#[tokio::test]
async fn the_lobby_offers_the_toy_from_its_kit() {
    let server = start("sqlite").await;
    let meta = server.get("/api/meta").await.body;
    let toy = meta["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == "toy")
        .expect("the toy is listed in a test build");
    assert_eq!(toy["name"], "Toy");
    assert_eq!(toy["players"], json!([2, 2]));
    assert_eq!(toy["variants"], json!([]));
    assert!(toy["summary"].as_str().unwrap().contains("last point"));
    // No picture and no rules page: none is offered (the front end asks for nothing missing),
    // while every real game has both, its rules in the six languages.
    assert_eq!(toy["picture"], Value::Null);
    assert_eq!(toy["rules"], json!([]));
    for game in meta["games"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| g["id"] != "toy")
    {
        let picture = game["picture"].as_str().unwrap();
        assert_eq!(server.get(picture).await.status, 200, "{picture}");
        assert_eq!(
            game["rules"],
            json!(["cs", "de", "en", "fr", "it", "uk"]),
            "{game}"
        );
    }
    assert!(meta["pools"]
        .as_array()
        .unwrap()
        .contains(&json!({"id": "toy", "game": "toy", "players": null})));
    assert_eq!(meta["level_ratings"].get("toy"), None, "no level measured");
    // Listed after the real games, in the registry's order.
    assert_eq!(
        meta["games"].as_array().unwrap().last().unwrap()["id"],
        "toy"
    );
}

/// Against the computer (MCTS with no knowledge, the kit's default), to the end: every view's
/// clicks name items of its scene, a watcher's socket follows to the same end, the record reads
/// back, and the analysis (no solver: the computer's estimate) covers every position.
#[tokio::test]
async fn the_toy_is_played_watched_recorded_and_analysed_like_any_game() {
    let server = start("sqlite").await;
    let (id, tokens) = server
        .create(
            json!({"game": "toy", "seats": [{"kind": "human"}, {"kind": "ai", "level": "easy"}]}),
        )
        .await;
    let token = tokens[0].clone().unwrap();
    let (mut ws, _) = watch(&server, &id).await;
    loop {
        let view = server.wait_for(&id, |v| v["to_move"] != 1).await;
        let items: Vec<&str> = view["board"]["items"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|i| i["id"].as_str())
            .collect();
        for c in view["clicks"].as_array().unwrap() {
            let click = c["clicks"][0].as_str().unwrap();
            assert!(items.contains(&click), "{click} is on the board");
            assert_eq!(c["steps"], json!(["take"]));
        }
        if view["to_move"].is_null() {
            break;
        }
        // The rightmost point of the longest row: never the last point while others are left.
        let legal = view["legal"].as_array().unwrap();
        let mv = legal.last().unwrap().as_str().unwrap();
        let r = server
            .play(&id, &token, mv, view["ply"].as_u64().unwrap())
            .await;
        assert_eq!(r.status, 200, "{mv}: {}", r.text);
    }
    let end = server.view(&id).await;
    let winners = end["outcome"]["winners"].as_array().unwrap();
    assert_eq!(winners.len(), 1);
    let plies = end["ply"].as_u64().unwrap();
    assert!((4..=10).contains(&plies), "{plies} plies take ten points");
    // The watcher saw the same end.
    let deadline = Instant::now() + Duration::from_secs(10);
    while ws.view["ply"] != end["ply"] {
        assert!(Instant::now() < deadline, "the socket fell behind");
        next_view(&mut ws).await;
    }
    assert_eq!(ws.view["board"], end["board"]);

    // The record names the game and replays to the same end.
    let record = server.get(&format!("/api/games/{id}/record")).await.text;
    assert!(record.contains("toy"), "{record}");
    let r = server
        .post("/api/records", json!({"game": "toy", "record": record}))
        .await;
    assert_eq!(r.status, 201, "{}", r.text);
    let copy = server.view(r.body["id"].as_str().unwrap()).await;
    assert_eq!(copy["history"], end["history"]);
    assert_eq!(copy["outcome"]["winners"], end["outcome"]["winners"]);

    let r = server
        .post(&format!("/api/games/{id}/analysis"), json!({}))
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    let deadline = Instant::now() + Duration::from_secs(60);
    let analysis: Value = loop {
        let r = server.get(&format!("/api/games/{id}/analysis")).await;
        if r.body["done"] == true {
            break r.body;
        }
        assert!(Instant::now() < deadline, "{}", r.body["progress"]);
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let entries = analysis["plies"].as_array().unwrap();
    assert_eq!(entries.len() as u64, plies + 1);
    assert!(entries.iter().all(|e| e["exact"].is_null()), "no solver");
    assert!(entries[..plies as usize]
        .iter()
        .all(|e| e["best"].as_str().is_some_and(|m| m.len() == 2)));
}

/// A rated toy game between two accounts rates both in the pool the kit names (its id).
#[tokio::test]
async fn a_rated_toy_game_rates_both_players_in_its_own_pool() {
    let server = start("sqlite").await;
    let ann = account(&server, "ann").await;
    let bob = account(&server, "bob").await;
    let (id, first, second) = rated_game(&server, "toy", &ann, &bob).await;
    // Ann d1, Bob c1, Ann b1, Bob a1: Bob takes the last point.
    for (ply, (token, mv)) in [
        (&first, "d1"),
        (&second, "c1"),
        (&first, "b1"),
        (&second, "a1"),
    ]
    .into_iter()
    .enumerate()
    {
        let r = server.play(&id, token, mv, ply as u64).await;
        assert_eq!(r.status, 200, "{mv}: {}", r.text);
    }
    let end = server.view(&id).await;
    assert_eq!(
        end["outcome"]["winners"],
        json!([1]),
        "Bob took a1, the last"
    );
    let deadline = Instant::now() + Duration::from_secs(10);
    let board = loop {
        let r = server.get("/api/leaderboard/toy").await;
        assert_eq!(r.status, 200, "{}", r.text);
        if r.body["provisional"].as_array().unwrap().len() == 2 {
            break r.body;
        }
        assert!(Instant::now() < deadline, "{}", r.text);
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let names: Vec<&str> = board["provisional"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["bob", "ann"], "the winner first");
}

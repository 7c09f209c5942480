//! Analysis of finished games and hints, through the API on both stores.

use crate::common;

use std::time::{Duration, Instant};

use common::{start, start_of_kind_with};
use serde_json::{json, Value};
use trigonal_server::Limits;
use trigonal_store::on_both;

async fn a_finished_game_is_analysed_position_by_position_with_exact_endgames(kind: &str) {
    // A fifth of the site's time on each position: what is checked is what each entry holds
    // and when, not how strong the search is.
    let limits = Limits {
        analysis_budget: Duration::from_millis(50),
        ..Limits::default()
    };
    let server = start_of_kind_with(kind, limits).await;
    let (id, t) = server.create_humans("triangoli", 2).await;
    let r = server
        .post(&format!("/api/games/{id}/analysis"), json!({}))
        .await;
    assert_eq!(r.status, 409, "not while it is played: {}", r.text);
    assert_eq!(
        server
            .get(&format!("/api/games/{id}/analysis"))
            .await
            .status,
        404
    );
    let mut i = 0;
    while server.view(&id).await["to_move"] != Value::Null {
        server.play_some(&id, &t, i * 7 + 3).await;
        i += 1;
    }
    let view = server.view(&id).await;
    let plies = view["ply"].as_u64().unwrap() as usize;

    let r = server
        .post(&format!("/api/games/{id}/analysis"), json!({}))
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(
        r.body["progress"][1],
        plies + 1,
        "every position, the last too"
    );
    let deadline = Instant::now() + Duration::from_secs(300);
    let analysis = loop {
        let r = server.get(&format!("/api/games/{id}/analysis")).await;
        assert_eq!(r.status, 200, "{}", r.text);
        let done = r.body["progress"][0].as_u64().unwrap() as usize;
        assert_eq!(
            r.body["plies"].as_array().unwrap().len(),
            done,
            "entries as they come"
        );
        if r.body["done"] == true {
            break r.body;
        }
        assert!(
            Instant::now() < deadline,
            "unfinished: {}",
            r.body["progress"]
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    // Asking again changes nothing.
    let again = server
        .post(&format!("/api/games/{id}/analysis"), json!({}))
        .await;
    assert_eq!(again.body["progress"], analysis["progress"]);

    let entries = analysis["plies"].as_array().unwrap();
    assert_eq!(entries.len(), plies + 1);
    for (p, e) in entries.iter().enumerate() {
        assert_eq!(e["ply"], p);
        let value: Vec<f64> = e["value"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_f64().unwrap())
            .collect();
        assert_eq!(value.len(), 2);
        assert!(
            (value.iter().sum::<f64>() - 1.0).abs() < 1e-6,
            "ply {p}: {value:?}"
        );
        if p < plies {
            let best = e["best"].as_str().unwrap();
            assert!(!best.is_empty());
            // Its clicks, to show it on the board: those of the move played, where it was.
            assert!(!e["best_clicks"].as_array().unwrap().is_empty(), "ply {p}");
            if view["history"][p] == best {
                assert_eq!(e["best_clicks"], view["history_clicks"][p], "ply {p}");
            }
        }
    }
    // The last position: the game's result, no move.
    let last = &entries[plies];
    assert_eq!(last["best"], Value::Null);
    assert_eq!(last["best_clicks"], json!([]));
    let winners = view["outcome"]["winners"].as_array().unwrap();
    if winners.len() == 1 {
        assert_eq!(last["value"][winners[0].as_u64().unwrap() as usize], 1.0);
    }
    // Small endgames are solved: the entry before the last is exact, and its result is the
    // game's (the last move was forced to end it, or best).
    let exact: Vec<&Value> = entries.iter().filter(|e| !e["exact"].is_null()).collect();
    assert!(
        !exact.is_empty(),
        "the last plies have at most 12 empty triangles"
    );
    let mut marked = 0;
    for e in exact {
        let x = &e["exact"];
        let mover = x["seat"].as_u64().unwrap() as usize;
        let expected = match x["result"].as_str().unwrap() {
            "win" => 1.0,
            "draw" => 0.5,
            "loss" => 0.0,
            other => panic!("{other}"),
        };
        assert_eq!(e["value"][mover], expected, "{e}");
        assert!(x["text"]
            .as_str()
            .unwrap()
            .starts_with(x["result"].as_str().unwrap()));
        // Every legal move marked (when that was quick enough): the best move keeps the result,
        // and no move does better than best play.
        if let Some(moves) = x["moves"].as_array() {
            let rank = |r: &str| {
                ["loss", "draw", "win"]
                    .iter()
                    .position(|&k| k == r)
                    .unwrap()
            };
            let result = rank(x["result"].as_str().unwrap());
            let best = moves
                .iter()
                .find(|m| m["move"] == e["best"])
                .unwrap_or_else(|| panic!("the best move is marked: {x}"));
            assert_eq!(rank(best["result"].as_str().unwrap()), result, "{x}");
            assert!(
                moves
                    .iter()
                    .all(|m| rank(m["result"].as_str().unwrap()) <= result),
                "{x}"
            );
            marked += 1;
        }
    }
    assert!(marked > 0, "the smallest endgames have every move marked");
}

on_both!(a_finished_game_is_analysed_position_by_position_with_exact_endgames);

async fn a_hint_is_for_your_turn_against_the_computer(kind: &str) {
    let server = start(kind).await;
    let (id, tokens) = server
        .create(json!({"game": "triangular", "seats": [{"kind": "human"}, {"kind": "ai", "level": "random"}]}))
        .await;
    let token = tokens[0].clone().unwrap();
    let r = server
        .post(&format!("/api/games/{id}/hint"), json!({"token": "nope"}))
        .await;
    assert_eq!(r.status, 403);
    let r = server
        .post(&format!("/api/games/{id}/hint"), json!({"token": token}))
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    let mv = r.body["move"].as_str().unwrap();
    let legal = server.view(&id).await["legal"].clone();
    assert!(legal.as_array().unwrap().iter().any(|m| m == mv), "{mv}");
    assert_eq!(r.body["exact"], Value::Null);
    // The hinted move plays.
    assert_eq!(server.play(&id, &token, mv, 0).await.status, 200);

    // Not between people, nor out of turn.
    let (id, t) = server.create_humans("triangoli", 2).await;
    let r = server
        .post(&format!("/api/games/{id}/hint"), json!({"token": t[0]}))
        .await;
    assert_eq!(r.status, 409, "{}", r.text);
    let (id, tokens) = server
        .create(json!({"game": "triangoli", "seats": [{"kind": "ai", "level": "easy"}, {"kind": "human"}]}))
        .await;
    let token = tokens[1].clone().unwrap();
    let view = server.view(&id).await;
    if view["to_move"] == 0 {
        let r = server
            .post(&format!("/api/games/{id}/hint"), json!({"token": token}))
            .await;
        assert_eq!(r.status, 409, "{}", r.text);
    }
}

on_both!(a_hint_is_for_your_turn_against_the_computer);

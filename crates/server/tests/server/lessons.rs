//! Lessons through the API: the list and a lesson's steps as the kits give
//! them; a step judged on the game's own rules (passed, missed, going; illegal moves and moves
//! after the end refused, changing nothing); every step of every game's lessons passed by
//! following its own "show me", move by move; an account's finished lessons kept once, on both
//! stores.

use crate::common;

use common::{account, send, start, TestServer};
use reqwest::Method;
use serde_json::{json, Value};
use trigonal_store::on_both;

async fn step(server: &TestServer, path: &str, moves: &[&str]) -> common::Reply {
    server.post(path, json!({ "moves": moves })).await
}

/// Lessons touch no store: one is enough.
#[tokio::test]
async fn the_toy_s_lessons_are_judged_on_its_rules() {
    let server = start("sqlite").await;
    let list = server.get("/api/lessons").await;
    assert_eq!(list.status, 200, "{}", list.text);
    let toy = list.body["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["game"] == "toy")
        .expect("the toy has lessons");
    assert_eq!(
        toy["lessons"],
        json!([{"id": "taking", "steps": 2}, {"id": "winning", "steps": 1}])
    );
    let lesson = server.get("/api/lessons/toy/taking").await;
    assert_eq!(lesson.status, 200, "{}", lesson.text);
    let first = &lesson.body["steps"][0];
    assert_eq!(first["show"], json!(["d1"]));
    assert_eq!(first["to_move"], 0);
    // Ten points, each a move, each with the click that makes it.
    assert_eq!(first["legal"].as_array().unwrap().len(), 10);
    assert_eq!(first["clicks"].as_array().unwrap().len(), 10);
    assert!(first["board"]["items"].is_array(), "{}", first["board"]);
    assert_eq!(lesson.body["next"], "winning");
    assert_eq!(
        server.get("/api/lessons/toy/winning").await.body["next"],
        Value::Null
    );

    let path = "/api/lessons/toy/taking/steps/0";
    let passed = step(&server, path, &["d1"]).await;
    assert_eq!(passed.status, 200, "{}", passed.text);
    assert_eq!(passed.body["status"], "passed");
    assert_eq!(passed.body["moves"], json!(["d1"]));
    // Row d taken, it is the other seat's turn.
    assert_eq!(passed.body["to_move"], 1);
    // Taking part of row d (d2 leaves one point) misses; so does another row.
    for mv in ["d2", "c1"] {
        let missed = step(&server, path, &[mv]).await;
        assert_eq!(missed.body["status"], "missed", "{mv}: {}", missed.text);
    }
    // The last two points of row b at once win; one of them alone does not.
    let last = "/api/lessons/toy/taking/steps/1";
    assert_eq!(step(&server, last, &["b1"]).await.body["status"], "passed");
    let one = step(&server, last, &["b2"]).await;
    assert_eq!(one.body["status"], "missed");
    assert_eq!(one.body["winners"], Value::Null);
    let won = step(&server, last, &["b1"]).await;
    assert_eq!(won.body["winners"], json!([1]), "{}", won.text);
    assert_eq!(won.body["legal"], json!([]));

    // Refusals: an illegal move (a point already taken), a malformed one, a move after the
    // step was passed, an unknown lesson or step, a body that is no step.
    let taken = step(&server, last, &["d1"]).await;
    assert_eq!((taken.status, taken.code()), (422, "illegal-move"));
    assert_eq!(taken.body["params"]["index"], 0);
    let nonsense = step(&server, path, &["z9"]).await;
    assert_eq!((nonsense.status, nonsense.code()), (422, "illegal-move"));
    let after = step(&server, path, &["d1", "c1"]).await;
    assert_eq!((after.status, after.code()), (409, "step-ended"));
    assert_eq!(after.body["params"]["index"], 1);
    for (path, code) in [
        ("/api/lessons/toy/flying/steps/0", "no-lesson"),
        ("/api/lessons/chess/taking/steps/0", "no-lesson"),
        ("/api/lessons/toy/taking/steps/2", "no-lesson-step"),
        ("/api/lessons/toy/taking/steps/-1", "no-lesson-step"),
    ] {
        let r = step(&server, path, &["d1"]).await;
        assert_eq!((r.status, r.code()), (404, code), "{path}");
    }
    assert_eq!(
        server.get("/api/lessons/toy/flying").await.code(),
        "no-lesson"
    );
    let bad = server.post(path, json!({"move": "d1"})).await;
    assert_eq!(bad.status, 400, "{}", bad.text);
    let long = vec!["d1"; 65];
    assert_eq!(step(&server, path, &long).await.status, 400);
}

#[tokio::test]
async fn every_step_of_every_lesson_is_passed_by_its_show_me() {
    let server = start("sqlite").await;
    let list = server.get("/api/lessons").await.body;
    let games = list["games"].as_array().unwrap();
    let mut steps = 0;
    for game in games {
        let id = game["game"].as_str().unwrap();
        for lesson in game["lessons"].as_array().unwrap() {
            let name = lesson["id"].as_str().unwrap();
            let view = server.get(&format!("/api/lessons/{id}/{name}")).await.body;
            for (n, s) in view["steps"].as_array().unwrap().iter().enumerate() {
                let show: Vec<&str> = s["show"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|m| m.as_str().unwrap())
                    .collect();
                let path = format!("/api/lessons/{id}/{name}/steps/{n}");
                // Move by move, as a learner clicks them: going until the last passes.
                for i in 1..=show.len() {
                    let r = step(&server, &path, &show[..i]).await;
                    let want = if i == show.len() { "passed" } else { "going" };
                    assert_eq!(r.body["status"], want, "{path} after {i}: {}", r.text);
                }
                steps += 1;
            }
        }
    }
    assert!(steps >= 3, "{steps} steps walked");
}

async fn an_account_s_finished_lessons_are_kept_once(kind: &str) {
    let server = start(kind).await;
    let signed_out = server.get("/api/me/lessons").await;
    assert_eq!(signed_out.status, 401);
    let ann = account(&server, "ann").await;
    let finish = |lesson: &'static str| {
        let server = &server;
        let ann = ann.clone();
        async move {
            send(
                server,
                Method::POST,
                "/api/me/lessons",
                json!({"game": "toy", "lesson": lesson}),
                Some(&ann),
                &[],
            )
            .await
        }
    };
    let first = finish("taking").await;
    assert_eq!(first.status, 200, "{}", first.text);
    let again = finish("taking").await;
    assert_eq!(
        again.body["done"].as_array().unwrap().len(),
        1,
        "{}",
        again.text
    );
    let unknown = finish("flying").await;
    assert_eq!((unknown.status, unknown.code()), (404, "no-lesson"));
    finish("winning").await;
    let done = send(
        &server,
        Method::GET,
        "/api/me/lessons",
        Value::Null,
        Some(&ann),
        &[],
    )
    .await;
    let lessons: Vec<&str> = done.body["done"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["lesson"].as_str().unwrap())
        .collect();
    assert_eq!(lessons, ["taking", "winning"]);
    assert!(done.body["done"][0]["at"].as_str().unwrap().ends_with('Z'));
}
on_both!(an_account_s_finished_lessons_are_kept_once);

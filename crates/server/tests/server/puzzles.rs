//! Puzzles through the API, on both stores, with the toy's two (worked out by hand, its kit's
//! set): given without their answer; judged on the game's rules against the line, the server
//! giving the reply of a line of three; rated once for a signed-in player (the puzzle's rating
//! moving against theirs), never for a visitor; refusals that change nothing (illegal moves,
//! another line, an unknown puzzle, a flood); the day's puzzle; and a mistake found by an
//! analysis saved as its player's own puzzle.

use crate::common;

use std::time::{Duration, Instant};

use common::{account, send, start, TestServer};
use reqwest::Method;
use serde_json::{json, Value};
use trigonal_store::on_both;

async fn attempt(
    server: &TestServer,
    id: &str,
    moves: &[&str],
    cookie: Option<&str>,
) -> common::Reply {
    send(
        server,
        Method::POST,
        &format!("/api/puzzles/{id}/attempt"),
        json!({ "moves": moves }),
        cookie,
        &[],
    )
    .await
}

async fn get(server: &TestServer, path: &str, cookie: Option<&str>) -> common::Reply {
    send(server, Method::GET, path, Value::Null, cookie, &[]).await
}

/// The ids of the toy's two puzzles: the one-move one and the line of three.
async fn the_two(server: &TestServer) -> (String, String) {
    let (mut one, mut line) = (None, None);
    let deadline = Instant::now() + Duration::from_secs(10);
    while one.is_none() || line.is_none() {
        assert!(
            Instant::now() < deadline,
            "both puzzles are given to a visitor"
        );
        let p = get(server, "/api/puzzles/next?game=toy", None).await;
        assert_eq!(p.status, 200, "{}", p.text);
        let id = p.body["id"].as_str().unwrap().to_string();
        if p.body["record"] == json!([]) {
            one = Some(id);
        } else {
            line = Some(id);
        }
    }
    (one.unwrap(), line.unwrap())
}

async fn puzzles_are_judged_on_the_rules_and_rated_once(kind: &str) {
    let server = start(kind).await;
    let (one, line) = the_two(&server).await;
    let p = get(&server, &format!("/api/puzzles/{line}"), None)
        .await
        .body;
    assert_eq!(p["record"], json!(["d1", "c1"]));
    assert_eq!(p["to_move"], 0);
    assert_eq!(p["goal"], "win");
    assert_eq!(p["rating"], 1500);
    assert_eq!(p["game"], "toy");
    // Rows a and b left: a1, b1 and b2.
    assert_eq!(p["legal"], json!(["a1", "b1", "b2"]));
    assert!(p["board"]["items"].is_array());
    assert_eq!(p["player"], Value::Null);
    assert!(p.get("solution").is_none(), "no answer given away: {p}");

    // A visitor: judged, never rated.
    let r = attempt(&server, &one, &["d1"], None).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(
        (&r.body["correct"], &r.body["done"], &r.body["rated"]),
        (&json!(true), &json!(true), &json!(false))
    );
    assert_eq!(r.body["solution"], json!(["d1"]));
    assert_eq!(r.body["explanation"]["key"], "search-win");
    assert_eq!(r.body["rating"], 1500);

    // A player's wrong answer: rated once, the puzzle's rating up and theirs down.
    let ann = account(&server, "ann").await;
    let r = attempt(&server, &one, &["a1"], Some(&ann)).await;
    assert_eq!(
        (&r.body["correct"], &r.body["rated"]),
        (&json!(false), &json!(true))
    );
    assert_eq!(r.body["solution"], json!(["d1"]));
    let puzzle_rating = r.body["rating"].as_i64().unwrap();
    let ann_rating = r.body["player"]["rating"].as_i64().unwrap();
    assert!(puzzle_rating > 1500 && ann_rating < 1500, "{}", r.text);
    assert_eq!(r.body["player"]["change"], ann_rating - 1500);
    // Again, right this time: judged, not rated, nothing moves.
    let again = attempt(&server, &one, &["d1"], Some(&ann)).await;
    assert_eq!(
        (&again.body["correct"], &again.body["rated"]),
        (&json!(true), &json!(false))
    );
    assert_eq!(again.body["rating"], puzzle_rating);
    assert_eq!(again.body["player"]["rating"], ann_rating);

    // The line of three: the first move right gives the reply; a reply not given, a move
    // past the line, an illegal move are refused and change nothing.
    let first = attempt(&server, &line, &["b2"], Some(&ann)).await;
    assert_eq!(
        (
            &first.body["correct"],
            &first.body["done"],
            &first.body["reply"]
        ),
        (&json!(true), &json!(false), &json!(["a1"]))
    );
    assert_eq!(first.body["solution"], json!([]), "the answer stays hidden");
    // The position after b2 and the reply a1: row b's last point, the player's to take.
    assert_eq!(first.body["legal"], json!(["b1"]));
    assert_eq!(first.body["to_move"], 0);
    let other = attempt(&server, &line, &["b2", "b1"], Some(&ann)).await;
    assert_eq!((other.status, other.code()), (409, "puzzle-line"));
    assert_eq!(other.body["params"]["index"], 1);
    let long = attempt(&server, &line, &["b2", "a1", "b1", "a1"], Some(&ann)).await;
    assert_eq!((long.status, long.code()), (409, "puzzle-line"));
    for bad in [&["d1"][..], &["zz"][..], &["b2", "a1", "a1"][..]] {
        let r = attempt(&server, &line, bad, Some(&ann)).await;
        assert_eq!((r.status, r.code()), (422, "illegal-move"), "{bad:?}");
    }
    let after_wrong = attempt(&server, &line, &["a1", "b1"], Some(&ann)).await;
    assert_eq!(
        (after_wrong.status, after_wrong.code()),
        (409, "puzzle-line")
    );
    let empty = attempt(&server, &line, &[], Some(&ann)).await;
    assert_eq!(empty.status, 400);
    let view = get(&server, &format!("/api/puzzles/{line}"), Some(&ann))
        .await
        .body;
    assert_eq!(
        (view["rating"].as_i64(), view["attempts"].as_u64()),
        (Some(1500), Some(0))
    );
    assert_eq!(
        view["player"]["rating"], ann_rating,
        "refusals rate nothing"
    );
    let done = attempt(&server, &line, &["b2", "a1", "b1"], Some(&ann)).await;
    assert_eq!(
        (
            &done.body["correct"],
            &done.body["done"],
            &done.body["rated"]
        ),
        (&json!(true), &json!(true), &json!(true))
    );
    assert_eq!(done.body["solution"], json!(["b2", "a1", "b1"]));
    assert!(done.body["rating"].as_i64().unwrap() < 1500);
    assert!(done.body["player"]["change"].as_i64().unwrap() > 0);

    // Both attempted: none left for ann; a visitor still gets one.
    let none = get(&server, "/api/puzzles/next?game=toy", Some(&ann)).await;
    assert_eq!((none.status, none.code()), (404, "no-puzzle-left"));
    assert_eq!(
        get(&server, "/api/puzzles/next?game=toy", None)
            .await
            .status,
        200
    );
    let mine = get(&server, "/api/puzzles/next?game=toy&mine=true", None).await;
    assert_eq!(mine.status, 401);
    for (path, status, code) in [
        ("/api/puzzles/next?game=chess", 400, "unknown-game"),
        ("/api/puzzles/daily?game=chess", 400, "unknown-game"),
        ("/api/puzzles/nope", 404, "no-puzzle"),
    ] {
        let r = get(&server, path, None).await;
        assert_eq!((r.status, r.code()), (status, code), "{path}");
    }
    let r = attempt(&server, "nope", &["d1"], None).await;
    assert_eq!((r.status, r.code()), (404, "no-puzzle"));
    assert_eq!(get(&server, "/api/puzzles/next", None).await.status, 400);

    // The day's puzzle: one, the same to everyone all day.
    let day = get(&server, "/api/puzzles/daily?game=toy", None).await;
    assert_eq!(day.status, 200, "{}", day.text);
    assert_eq!(day.body["day"].as_str().unwrap().len(), 10);
    for _ in 0..3 {
        let again = get(&server, "/api/puzzles/daily?game=toy", Some(&ann)).await;
        assert_eq!(again.body["id"], day.body["id"]);
    }
}
on_both!(puzzles_are_judged_on_the_rules_and_rated_once);

/// A flood of attempts from one address is refused at the limit, and the refused ones rate
/// nothing.
#[tokio::test]
async fn a_flood_of_attempts_is_refused() {
    let server = start("sqlite").await;
    let (one, _) = the_two(&server).await;
    let bob = account(&server, "bob").await;
    let first = attempt(&server, &one, &["a1"], Some(&bob)).await;
    let rating = first.body["rating"].clone();
    let mut refused = 0;
    for _ in 0..70 {
        let r = attempt(&server, &one, &["d1"], Some(&bob)).await;
        if r.status == 429 {
            assert_eq!(r.code(), "too-fast");
            refused += 1;
        }
    }
    assert!(refused >= 10, "{refused} of 70 refused");
    let view = get(&server, &format!("/api/puzzles/{one}"), Some(&bob))
        .await
        .body;
    assert_eq!(view["rating"], rating);
    assert_eq!(view["attempts"], 1);
}

/// Plays a toy game with ann in seat 0 who throws the win away at once (a1, where d1 wins)
/// and bob who never gives it back, to its end; has it analysed. The game's id.
async fn a_game_with_a_mistake(server: &TestServer, ann: &str) -> String {
    let r = send(
        server,
        Method::POST,
        "/api/games",
        json!({"game": "toy", "seats": [{"kind": "human", "player": "me"}, {"kind": "human"}]}),
        Some(ann),
        &[],
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.text);
    let id = r.body["id"].as_str().unwrap().to_string();
    let tokens: Vec<String> = r.body["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["token"].as_str().unwrap().to_string())
        .collect();
    // a1 leaves rows 2, 3, 4 (exclusive or 5): bob's d2 leaves 2, 3, 1 (0), lost for ann
    // whatever she does; she takes row c, bob balances with b2, and takes the last point.
    for (ply, mv) in ["a1", "d2", "c1", "b2", "b1", "d1"].iter().enumerate() {
        let r = server.play(&id, &tokens[ply % 2], mv, ply as u64).await;
        assert_eq!(r.status, 200, "{mv}: {}", r.text);
    }
    assert_eq!(server.view(&id).await["to_move"], Value::Null);
    let r = server
        .post(&format!("/api/games/{id}/analysis"), json!({}))
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    let deadline = Instant::now() + Duration::from_secs(120);
    while server.get(&format!("/api/games/{id}/analysis")).await.body["done"] != true {
        assert!(Instant::now() < deadline, "the analysis did not finish");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    id
}

async fn a_mistake_becomes_its_player_s_own_puzzle(kind: &str) {
    let server = start(kind).await;
    let ann = account(&server, "ann").await;
    let bob = account(&server, "bob").await;
    let game = a_game_with_a_mistake(&server, &ann).await;
    let save = |ply: usize, cookie: String| {
        let server = &server;
        let game = game.clone();
        async move {
            send(
                server,
                Method::POST,
                "/api/me/puzzles",
                json!({"game": game, "ply": ply}),
                Some(&cookie),
                &[],
            )
            .await
        }
    };
    // Bob made no move of ann's; ann's second move (ply 2, c1) was no mistake: the game was
    // lost already.
    let theirs = save(0, bob.clone()).await;
    assert_eq!((theirs.status, theirs.code()), (403, "not-your-move"));
    let fine = save(2, ann.clone()).await;
    assert_eq!(
        (fine.status, fine.code()),
        (409, "not-a-mistake"),
        "{}",
        fine.text
    );
    let past = save(9, ann.clone()).await;
    assert_eq!((past.status, past.code()), (404, "no-such-move"));
    let saved = save(0, ann.clone()).await;
    assert_eq!(saved.status, 201, "{}", saved.text);
    assert_eq!(saved.body["mine"], true);
    assert_eq!(saved.body["record"], json!([]));
    let id = saved.body["id"].as_str().unwrap().to_string();
    assert_eq!(save(0, ann.clone()).await.status, 200, "saved once");
    // Hers alone: not given to others, offered to her until solved, never rated.
    assert_eq!(
        get(&server, &format!("/api/puzzles/{id}"), Some(&bob))
            .await
            .status,
        404
    );
    let offered = get(&server, "/api/puzzles/next?game=toy&mine=true", Some(&ann)).await;
    assert_eq!(offered.body["id"], id.as_str(), "{}", offered.text);
    let wrong = attempt(&server, &id, &["a1"], Some(&ann)).await;
    assert_eq!(
        (&wrong.body["correct"], &wrong.body["rated"]),
        (&json!(false), &json!(false))
    );
    assert_eq!(wrong.body["explanation"]["key"], "mistake");
    let still = get(&server, "/api/puzzles/next?game=toy&mine=true", Some(&ann)).await;
    assert_eq!(still.body["id"], id.as_str());
    let right = attempt(&server, &id, &["d1"], Some(&ann)).await;
    assert_eq!(right.body["correct"], true, "{}", right.text);
    let gone = get(&server, "/api/puzzles/next?game=toy&mine=true", Some(&ann)).await;
    assert_eq!(gone.status, 404);
    let everyone = get(&server, "/api/puzzles/next?game=toy", Some(&bob)).await;
    assert_ne!(everyone.body["id"], id.as_str());
}
on_both!(a_mistake_becomes_its_player_s_own_puzzle);

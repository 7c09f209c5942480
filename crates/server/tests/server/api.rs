//! The API end to end: a real server on loopback, a real SQLite file, real HTTP and WebSocket
//! clients.

use crate::common;

use common::{next_view, start, start_on, watch, Place};
use serde_json::{json, Value};
use trigonal_games::GAMES;
use trigonal_store::on_both;

/// The four games Trigonal is for.
const FOUR: [&str; 4] = ["triangoli", "triangle-game", "triangular", "four-triangles"];

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect()
}

async fn every_registered_game_is_created_and_played_through_the_api(kind: &str) {
    let server = start(kind).await;
    let meta = server.get("/api/meta").await;
    assert_eq!(meta.status, 200);
    assert_eq!(meta.body["games"].as_array().unwrap().len(), GAMES.len());
    assert_eq!(
        strings(&meta.body["levels"]),
        ["random", "easy", "medium", "hard", "max"]
    );
    for info in GAMES {
        let mut counts = vec![info.players.0, info.players.1];
        counts.dedup();
        for players in counts {
            let (id, tokens) = server.create_humans(info.id, players).await;
            let view = server.view(&id).await;
            assert_eq!(view["id"], id.as_str());
            assert_eq!(view["game"], info.id);
            assert_eq!(view["name"], info.name);
            assert_eq!(view["players"], players);
            assert_eq!(view["ply"], 0);
            assert_eq!(view["to_move"], 0);
            assert_eq!(view["outcome"], Value::Null);
            assert_eq!(view["seats"].as_array().unwrap().len(), players);
            assert!(!view["board"]["items"].as_array().unwrap().is_empty());
            assert_eq!(view["board"]["view_box"].as_array().unwrap().len(), 4);
            let legal = strings(&view["legal"]);
            assert!(!legal.is_empty(), "{}: no legal move at the start", info.id);
            let clicked: Vec<String> = view["clicks"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c["move"].as_str().unwrap().to_string())
                .collect();
            assert_eq!(
                clicked, legal,
                "{}: one click sequence per legal move",
                info.id
            );
            // A few moves through the API, each by the seat to move.
            let mut history = Vec::new();
            for i in 0..6 {
                let before = server.view(&id).await;
                if before["to_move"].is_null() {
                    break;
                }
                let after = server.play_some(&id, &tokens, 7 * i + 3).await;
                assert_eq!(after["ply"], i as u64 + 1);
                history.push(after["history"][i].as_str().unwrap().to_string());
                assert_eq!(strings(&after["history"]), history);
                assert_eq!(
                    after["movers"][i], before["to_move"],
                    "the mover of move {i}"
                );
                assert_eq!(after["movers"].as_array().unwrap().len(), i + 1);
                // The clicks that made each move: those the view before offered for it.
                let offered = before["clicks"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|c| c["move"] == after["history"][i])
                    .unwrap();
                assert_eq!(after["history_clicks"][i], offered["clicks"]);
                assert_eq!(after["history_clicks"].as_array().unwrap().len(), i + 1);
                // And in words: the clauses the game says it with, from the position before it.
                let words = after["history_words"].as_array().unwrap();
                assert_eq!(words.len(), i + 1);
                let said = words[i].as_array().unwrap();
                assert_eq!(said.is_empty(), info.id == "toy", "{}: {said:?}", info.id);
                assert!(said.iter().all(|c| c["key"].is_string()), "{said:?}");
            }
            assert_eq!(server.view(&id).await["history"], json!(history));
        }
    }
}

on_both!(every_registered_game_is_created_and_played_through_the_api);

async fn the_four_games_are_all_served(kind: &str) {
    let server = start(kind).await;
    let meta = server.get("/api/meta").await;
    let ids: Vec<&str> = meta.body["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    // The four in order, then (in a test build) the toy that proves the kit (crates/toy).
    assert_eq!(ids[..4], FOUR, "the games listed, in order");
    assert_eq!(ids[4..], ["toy"]);
    // The computer levels' ratings by pool, every pool of the four measured, anchored with
    // random at 600; no pool the server does not know; none for the toy, which measured none.
    let pools = meta.body["pools"].as_array().unwrap();
    assert_eq!(
        meta.body["level_ratings"].as_object().unwrap().len(),
        pools.len() - 1
    );
    for pool in pools.iter().filter(|p| p["game"] != "toy") {
        let levels = &meta.body["level_ratings"][pool["id"].as_str().unwrap()];
        assert_eq!(levels["random"], 600, "{pool}");
        for level in ["easy", "medium", "hard", "max"] {
            assert!(
                levels[level].as_u64().unwrap() > 600,
                "{pool} {level}: {levels}"
            );
        }
    }
    // The rating pools: one a game, Four Triangles one per number of players.
    let pool = |id: &str, game: &str, players: Option<u8>| json!({"id": id, "game": game, "players": players});
    assert_eq!(
        meta.body["pools"],
        json!([
            pool("triangoli", "triangoli", None),
            pool("triangle-game", "triangle-game", None),
            pool("triangular", "triangular", None),
            pool("four-triangles-2", "four-triangles", Some(2)),
            pool("four-triangles-3", "four-triangles", Some(3)),
            pool("four-triangles-4", "four-triangles", Some(4)),
            pool("toy", "toy", None),
        ])
    );
    for game in FOUR {
        let info = GAMES.iter().find(|g| g.id == game).unwrap();
        server.create_humans(game, info.players.0).await;
        // The computer plays each of them through the server.
        let seats: Vec<Value> = (0..info.players.0)
            .map(|_| json!({"kind": "ai", "level": "random"}))
            .collect();
        let (id, _) = server.create(json!({"game": game, "seats": seats})).await;
        let view = server
            .wait_for(&id, |v| {
                v["ply"].as_u64() >= Some(10) || v["to_move"].is_null()
            })
            .await;
        assert_eq!(view["game"], game);
    }
}

on_both!(the_four_games_are_all_served);

async fn every_error_has_its_status_and_a_json_message(kind: &str) {
    let server = start(kind).await;
    let (id, tokens) = server.create_humans("triangoli", 2).await;
    let view = server.view(&id).await;
    let legal = strings(&view["legal"]);

    // 404: unknown game, on every route; unknown API path.
    for path in [
        "/api/games/nope",
        "/api/games/nope/record",
        "/api/games/nope/at/0",
    ] {
        let r = server.get(path).await;
        assert_eq!(r.status, 404, "{path}");
        assert!(r.error().contains("nope"), "{path}: {}", r.error());
    }
    let r = server.play("nope", &tokens[0], &legal[0], 0).await;
    assert_eq!(r.status, 404);
    r.error();
    // Every error carries a stable code (docs/api.md), and the values its words name.
    assert_eq!(r.body["code"], "no-game");
    assert_eq!(r.body["params"], json!({"id": "nope"}));
    assert_eq!(server.get("/api/games/nope/ws").await.status, 404);
    let url = format!("ws://{}/api/games/nope/ws", server.addr);
    assert!(tokio_tungstenite::connect_async(url).await.is_err());
    assert_eq!(server.get(&format!("/api/games/{id}/ws")).await.status, 400);
    let r = server.get("/api/no/such/thing").await;
    assert_eq!(r.status, 404);
    r.error();
    assert_eq!(r.body["code"], "not-found", "a kind's own code");

    // 403: a token of no seat, a missing token, the wrong seat's token.
    let r = server.play(&id, "not-a-token", &legal[0], 0).await;
    assert_eq!(r.status, 403);
    assert!(r.error().contains("token"));
    assert_eq!(r.body["code"], "not-a-seat");
    let r = server
        .post(
            &format!("/api/games/{id}/moves"),
            json!({"move": legal[0], "ply": 0}),
        )
        .await;
    assert_eq!(r.status, 403);
    let r = server.play(&id, &tokens[1], &legal[0], 0).await;
    assert_eq!(r.status, 403);
    assert!(r.error().contains("not your turn"), "{}", r.error());
    assert_eq!(r.body["code"], "not-your-turn");

    // 422: malformed, then well-formed but illegal, with the engine's reason.
    let r = server.play(&id, &tokens[0], "§§§", 0).await;
    assert_eq!(r.status, 422);
    assert!(r.error().contains("malformed"), "{}", r.error());
    let other_seat_move = {
        // A move legal for seat 0 now is, after it is played, typically not legal again.
        let done = server.play(&id, &tokens[0], &legal[0], 0).await;
        assert_eq!(done.status, 200);
        let next = strings(&done.body["legal"]);
        assert!(!next.contains(&legal[0]));
        legal[0].clone()
    };
    let r = server.play(&id, &tokens[1], &other_seat_move, 1).await;
    assert_eq!(r.status, 422);
    assert!(r.error().contains("illegal"), "{}", r.error());
    assert_eq!(r.body["code"], "illegal-move");

    // 409: a ply that is not the current one (behind or ahead).
    let next = strings(&server.view(&id).await["legal"]);
    for ply in [0, 2, 99] {
        let r = server.play(&id, &tokens[1], &next[0], ply).await;
        assert_eq!(r.status, 409, "ply {ply}");
        assert!(r.error().contains("ply 1"), "{}", r.error());
        assert_eq!(r.body["code"], "moved-on");
        assert_eq!(r.body["params"], json!({"ply": 1, "seen": ply}));
    }

    // 400: unknown game, options, seat count, level, malformed JSON, missing fields.
    for (body, needle) in [
        (json!({"game": "chess", "seats": []}), "unknown game"),
        (
            json!({"game": "triangoli", "players": 3, "seats": [{"kind":"human"},{"kind":"human"},{"kind":"human"}]}),
            "2 players",
        ),
        (
            json!({"game": "triangoli", "variant": "big", "seats": [{"kind":"human"},{"kind":"human"}]}),
            "variant",
        ),
        (
            json!({"game": "triangoli", "seats": [{"kind":"human"}]}),
            "2 seats",
        ),
        (
            json!({"game": "triangoli", "seats": [{"kind":"human"},{"kind":"ai","level":"godlike"}]}),
            "unknown level",
        ),
        (
            json!({"game": "triangoli", "seats": [{"kind":"human"},{"kind":"robot"}]}),
            "robot",
        ),
        (json!({"seats": []}), "game"),
    ] {
        let r = server.post("/api/games", body.clone()).await;
        assert_eq!(r.status, 400, "{body}: {}", r.text);
        assert!(r.error().contains(needle), "{body}: {}", r.error());
    }
    // A game nobody plays here is refused as on every other route that names one.
    let r = server
        .post("/api/games", json!({"game": "chess", "seats": []}))
        .await;
    assert_eq!(r.code(), "unknown-game", "{}", r.text);
    assert_eq!(r.body["params"], json!({"game": "chess"}));
    let r = server.post_raw("/api/games", "{not json").await;
    assert_eq!(r.status, 400);
    r.error();
    let r = server.get("/api/games/x/at/minus-one").await;
    assert_eq!(r.status, 400);
    r.error();
    let r = server.get("/api/games?open=maybe").await;
    assert_eq!(r.status, 400);
    r.error();

    // 413: over 64 KiB, with and without a declared length.
    let big = format!(
        "{{\"game\":\"triangoli\",\"pad\":\"{}\"}}",
        "x".repeat(70_000)
    );
    let r = server.post_raw("/api/games", big.clone()).await;
    assert_eq!(r.status, 413);
    assert!(r.error().contains("too large"));
    // Without a declared length too: the server reads the body through (up to 1 MiB) before
    // answering, so the client, still sending, gets the answer and not a reset.
    let chunks: Vec<Result<Vec<u8>, std::io::Error>> = big
        .as_bytes()
        .chunks(4096)
        .map(|c| Ok(c.to_vec()))
        .collect();
    let r = server
        .post_raw(
            "/api/records",
            reqwest::Body::wrap_stream(futures_util::stream::iter(chunks)),
        )
        .await;
    assert_eq!(r.status, 413);
    r.error();

    // 405 is JSON too.
    let r = common::Reply::status_of(
        server
            .http
            .delete(server.url(&format!("/api/games/{id}")))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(r.status, 405);
    r.error();

    // Nothing above changed the game.
    let view = server.view(&id).await;
    assert_eq!(view["ply"], 1);

    // 422 once the game is over, for a move of the right seat at the right ply.
    let mut i = 0;
    loop {
        let view = server.view(&id).await;
        if view["to_move"].is_null() {
            assert!(view["outcome"]["winners"].is_array());
            assert!(view["legal"].as_array().unwrap().is_empty());
            let ply = view["ply"].as_u64().unwrap();
            let r = server.play(&id, &tokens[0], &legal[0], ply).await;
            assert_eq!(r.status, 422);
            assert!(r.error().contains("over"), "{}", r.error());
            break;
        }
        server.play_some(&id, &tokens, i * 5 + 1).await;
        i += 1;
        assert!(i < 500, "the game ends");
    }
}

on_both!(every_error_has_its_status_and_a_json_message);

async fn of_two_submissions_at_the_same_ply_exactly_one_wins(kind: &str) {
    let server = start(kind).await;
    let (id, tokens) = server.create_humans("triangoli", 2).await;
    let other = reqwest::Client::new();
    for round in 0..12u64 {
        let view = server.view(&id).await;
        if view["to_move"].is_null() {
            break;
        }
        let legal = strings(&view["legal"]);
        let token = &tokens[view["to_move"].as_u64().unwrap() as usize];
        let (a, b) = (&legal[0], &legal[legal.len() - 1]);
        let url = server.url(&format!("/api/games/{id}/moves"));
        let first = server
            .http
            .post(&url)
            .json(&json!({"token": token, "move": a, "ply": round}))
            .send();
        let second = other
            .post(&url)
            .json(&json!({"token": token, "move": b, "ply": round}))
            .send();
        let (first, second) = tokio::join!(first, second);
        let mut statuses = [
            first.unwrap().status().as_u16(),
            second.unwrap().status().as_u16(),
        ];
        statuses.sort_unstable();
        assert_eq!(statuses, [200, 409], "round {round}");
        assert_eq!(server.view(&id).await["ply"], round + 1);
    }
}

on_both!(of_two_submissions_at_the_same_ply_exactly_one_wins);

async fn a_websocket_sees_every_move_and_a_computer_seat_answers(kind: &str) {
    let server = start(kind).await;
    // The computer second: it answers each move of the person.
    let (id, tokens) = server
        .create(json!({"game": "triangoli", "players": 2,
                       "seats": [{"kind": "human"}, {"kind": "ai", "level": "random"}]}))
        .await;
    let token = tokens[0].clone().unwrap();
    assert!(tokens[1].is_none(), "no token for a computer seat");
    let (mut ws, first) = watch(&server, &id).await;
    assert_eq!(first["ply"], 0);
    assert_eq!(first["seats"][1]["kind"], "ai");
    assert_eq!(first["seats"][1]["level"], "random");
    // The moves go to the seat to move, on its socket once it says whose it is; a socket's
    // view carries none.
    assert_eq!(first["legal"], json!([]));
    let (mut spectator, _) = watch(&server, &id).await;
    for ply in [0u64, 2, 4] {
        let view = server.view(&id).await;
        assert_eq!(view["ply"], ply);
        let legal = strings(&view["legal"]);
        let r = server.play(&id, &token, &legal[0], ply).await;
        assert_eq!(r.status, 200, "{}", r.text);
        let mine = next_view(&mut ws).await;
        assert_eq!(mine["ply"], ply + 1);
        assert_eq!(mine["history"][ply as usize], legal[0].as_str());
        let reply = next_view(&mut ws).await;
        assert_eq!(reply["ply"], ply + 2, "the computer answered");
        assert_eq!(reply["to_move"], 0);
        for expected in [ply + 1, ply + 2] {
            assert_eq!(next_view(&mut spectator).await["ply"], expected);
        }
    }

    // The computer first: it moves without anyone asking.
    let (id, _) = server
        .create(json!({"game": "triangoli",
                       "seats": [{"kind": "ai", "level": "easy"}, {"kind": "human"}]}))
        .await;
    let view = server.wait_for(&id, |v| v["ply"] == 1).await;
    assert_eq!(view["to_move"], 1);

    // Two computers play a whole game alone.
    let (id, _) = server
        .create(json!({"game": "triangoli",
                       "seats": [{"kind": "ai", "level": "random"}, {"kind": "ai", "level": "random"}]}))
        .await;
    let view = server.wait_for(&id, |v| v["to_move"].is_null()).await;
    assert!(view["outcome"]["winners"].is_array());
}

on_both!(a_websocket_sees_every_move_and_a_computer_seat_answers);

async fn undo_takes_back_own_moves_at_once_and_asks_for_others(kind: &str) {
    let server = start(kind).await;
    let (id, tokens) = server
        .create(json!({"game": "triangoli",
                       "seats": [{"kind": "human"}, {"kind": "ai", "level": "random"}]}))
        .await;
    let token = tokens[0].clone().unwrap();
    let path = format!("/api/games/{id}/undo");
    let undo = |token: &str| server.post(&path, json!({"token": token}));
    let r = undo(&token).await;
    assert_eq!(r.status, 409, "nothing to take back yet");
    assert!(server.view(&id).await["undo"] == false);
    let start_view = server.view(&id).await;
    let legal = strings(&start_view["legal"]);
    assert_eq!(server.play(&id, &token, &legal[0], 0).await.status, 200);
    server.wait_for(&id, |v| v["ply"] == 2).await;
    let after_two = server.view(&id).await;
    assert_eq!(after_two["undo"], true);
    assert_eq!(undo("wrong").await.status, 403);
    let r = undo(&token).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["ply"], 0);
    assert_eq!(r.body["history"], json!([]));
    assert_eq!(r.body["legal"], start_view["legal"]);
    assert_eq!(r.body["undo"], false);
    // Undone in the store too.
    assert_eq!(
        server
            .get(&format!("/api/games/{id}/record"))
            .await
            .text
            .lines()
            .count(),
        2
    );

    // In The Triangle Game a turn is several actions: undo takes back the whole of it.
    let (id, tokens) = server
        .create(json!({"game": "triangle-game",
                       "seats": [{"kind": "human"}, {"kind": "ai", "level": "random"},
                                 {"kind": "ai", "level": "random"}]}))
        .await;
    let token = tokens[0].clone().unwrap();
    let place = strings(&server.view(&id).await["legal"])[0].clone();
    assert_eq!(server.play(&id, &token, &place, 0).await.status, 200);
    assert_eq!(server.play(&id, &token, "end", 1).await.status, 200);
    let back_to_me = server
        .wait_for(&id, |v| v["to_move"] == 0 || v["to_move"].is_null())
        .await;
    assert!(
        back_to_me["ply"].as_u64().unwrap() >= 4,
        "both computers played a turn"
    );
    let r = server
        .post(&format!("/api/games/{id}/undo"), json!({"token": token}))
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["ply"], 0);
    assert_eq!(r.body["to_move"], 0);

    // Never another person's move unasked: with two people and a computer, seat 0's take-back
    // after seat 1 has moved is a request to seat 1; seat 1 can take back its own turn (and the
    // computer's) at once.
    let (id, tokens) = server
        .create(json!({"game": "four-triangles", "players": 3,
                       "seats": [{"kind": "human"}, {"kind": "human"},
                                 {"kind": "ai", "level": "random"}]}))
        .await;
    let tokens: Vec<String> = tokens.into_iter().take(2).map(Option::unwrap).collect();
    server.play_some(&id, &tokens, 0).await;
    server.play_some(&id, &tokens, 1).await;
    let before = server
        .wait_for(&id, |v| v["to_move"] == 0 || v["to_move"].is_null())
        .await;
    assert_eq!(before["ply"], 3);
    let r = server
        .post(
            &format!("/api/games/{id}/undo"),
            json!({"token": tokens[0]}),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(
        r.body["takeback"],
        json!({"by": 0, "from": 0, "waiting": [1], "accepted": []})
    );
    assert_eq!(
        r.body["history"], before["history"],
        "nothing taken back yet"
    );
    let r = server
        .post(
            &format!("/api/games/{id}/undo/answer"),
            json!({"token": tokens[1], "accept": false}),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["takeback"], Value::Null);
    assert_eq!(r.body["history"], before["history"], "declined");
    let r = server
        .post(
            &format!("/api/games/{id}/undo"),
            json!({"token": tokens[1]}),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["ply"], 1);
    assert_eq!(r.body["history"][0], before["history"][0]);

    // Between people, a move nobody has answered yet is the mover's own to take back.
    let (id, tokens) = server.create_humans("triangoli", 2).await;
    server.play_some(&id, &tokens, 0).await;
    let r = server
        .post(
            &format!("/api/games/{id}/undo"),
            json!({"token": tokens[1]}),
        )
        .await;
    assert_eq!(r.status, 409, "seat 1 has not moved");
    assert!(r.error().contains("no move"), "{}", r.error());
    let r = server
        .post(
            &format!("/api/games/{id}/undo"),
            json!({"token": tokens[0]}),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["ply"], 0);
    assert_eq!(r.body["takeback"], Value::Null);
}

on_both!(undo_takes_back_own_moves_at_once_and_asks_for_others);

async fn records_download_upload_and_replay(kind: &str) {
    let server = start(kind).await;
    let (id, tokens) = server.create_humans("triangoli", 2).await;
    for i in 0..5 {
        server.play_some(&id, &tokens, i).await;
    }
    let view = server.view(&id).await;
    let r = server.get(&format!("/api/games/{id}/record")).await;
    assert_eq!(r.status, 200);
    assert!(r.headers["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/plain"));
    assert_eq!(
        r.headers["content-disposition"],
        format!("attachment; filename=\"triangoli-{id}.txt\"").as_str()
    );
    assert!(r.text.starts_with("game: triangoli\n"), "{}", r.text);
    let moves: Vec<&str> = r.text.lines().filter(|l| !l.contains(": ")).collect();
    assert_eq!(json!(moves), view["history"]);

    // Upload it back: a new game, view-only, at the same position.
    let up = server.post("/api/records", json!({"record": r.text})).await;
    assert_eq!(up.status, 201, "{}", up.text);
    let copy = up.body["id"].as_str().unwrap();
    let replay = server.view(copy).await;
    assert_eq!(replay["history"], view["history"]);
    assert_eq!(replay["board"], view["board"]);
    assert_eq!(replay["seats"][0]["kind"], "record");
    let r = server.play(copy, &tokens[1], "x", 5).await;
    assert_eq!(r.status, 403, "nobody moves in an uploaded record");

    // Positions along the way, for the replay slider.
    let at2 = server.get(&format!("/api/games/{copy}/at/2")).await;
    assert_eq!(at2.status, 200);
    assert_eq!(at2.body["ply"], 2);
    assert_eq!(
        at2.body["history"],
        json!(view["history"].as_array().unwrap()[..2])
    );
    assert_eq!(at2.body["legal"], json!([]));
    assert_eq!(
        server.get(&format!("/api/games/{copy}/at/5")).await.body["ply"],
        5
    );
    assert_eq!(
        server.get(&format!("/api/games/{copy}/at/6")).await.status,
        404
    );

    // A bad record names its first illegal move; a record of no known game is refused.
    let mut bad = moves.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    bad.insert(2, bad[1].clone());
    let r = server
        .post(
            "/api/records",
            json!({"game": "triangoli", "record": bad.join("\n")}),
        )
        .await;
    assert_eq!(r.status, 422);
    assert!(r.error().starts_with("move 3: "), "{}", r.error());
    // Each refusal with a code and the values its words name, for a front end to say them.
    assert_eq!(r.body["code"], "record-illegal");
    assert_eq!(r.body["params"], json!({"n": 3, "move": bad[2]}));
    let r = server
        .post(
            "/api/records",
            json!({"game": "triangoli", "record": "zz9\n"}),
        )
        .await;
    assert_eq!(
        (r.status, r.body["code"].clone(), r.body["params"].clone()),
        (
            422,
            json!("record-malformed"),
            json!({"n": 1, "move": "zz9"})
        )
    );
    // A move after a finished game's last.
    let (done, done_tokens) = server.create_humans("triangoli", 2).await;
    let mut i = 0;
    while server.view(&done).await["to_move"] != Value::Null {
        server.play_some(&done, &done_tokens, i * 7 + 3).await;
        i += 1;
    }
    let mut over: Vec<String> = server.view(&done).await["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect();
    over.push(over[0].clone());
    let r = server
        .post(
            "/api/records",
            json!({"game": "triangoli", "record": over.join("\n")}),
        )
        .await;
    assert_eq!(r.body["code"], "record-after-end", "{}", r.text);
    assert_eq!(r.body["params"]["n"], over.len());
    let r = server.post("/api/records", json!({"record": "c3\n"})).await;
    assert_eq!(
        (r.status, r.body["code"].clone()),
        (400, json!("record-no-game"))
    );
    let r = server
        .post("/api/records", json!({"game": "chess", "record": "e4\n"}))
        .await;
    assert_eq!(
        (r.status, r.body["code"].clone(), r.body["params"].clone()),
        (400, json!("unknown-game"), json!({"game": "chess"}))
    );
    let r = server
        .post(
            "/api/records",
            json!({"game": "triangular", "record": "game: triangoli\n"}),
        )
        .await;
    assert_eq!(
        (r.status, r.body["code"].clone(), r.body["params"].clone()),
        (
            422,
            json!("record-other-game"),
            json!({"record": "triangoli", "asked": "triangular"})
        )
    );
}

on_both!(records_download_upload_and_replay);

async fn the_lobby_lists_open_seats_and_joining_takes_one(kind: &str) {
    let server = start(kind).await;
    let (id, tokens) = server
        .create(json!({"game": "triangoli", "seats": [{"kind": "human"}, {"kind": "open"}]}))
        .await;
    let lobby = server.get("/api/games?open=true").await;
    assert_eq!(lobby.status, 200);
    let games = lobby.body["games"].as_array().unwrap();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0]["id"], id.as_str());
    assert_eq!(games[0]["name"], "Triangoli");
    assert_eq!(games[0]["open_seats"], json!([1]));
    let (mut ws, first) = watch(&server, &id).await;
    assert_eq!(
        first["seats"][1],
        json!({"seat": 1, "kind": "open", "level": null, "taken": false, "name": null,
               "account": null, "deleted": false,
               "present": false, "resigned": false, "out_of_time": false})
    );

    for seat in [0, 2] {
        let r = server
            .post(&format!("/api/games/{id}/join"), json!({"seat": seat}))
            .await;
        assert_eq!(r.status, 409, "seat {seat}");
    }
    let r = server
        .post(
            &format!("/api/games/{id}/join"),
            json!({"seat": 1, "name": " Bob "}),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["seat"], 1);
    let joined = r.body["token"].as_str().unwrap().to_string();
    let seat = next_view(&mut ws).await["seats"][1].clone();
    assert_eq!(
        seat,
        json!({"seat": 1, "kind": "human", "level": null, "taken": true, "name": "Bob",
               "account": null, "deleted": false,
               "present": false, "resigned": false, "out_of_time": false})
    );
    let r = server
        .post(&format!("/api/games/{id}/join"), json!({"seat": 1}))
        .await;
    assert_eq!(r.status, 409);
    assert_eq!(
        server
            .post("/api/games/nope/join", json!({"seat": 1}))
            .await
            .status,
        404
    );
    assert!(server.get("/api/games?open=true").await.body["games"]
        .as_array()
        .unwrap()
        .is_empty());
    assert_eq!(
        server.get("/api/games").await.body["games"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
    // The joined seat plays.
    let both = vec![tokens[0].clone().unwrap(), joined];
    server.play_some(&id, &both, 0).await;
    server.play_some(&id, &both, 0).await;
    assert_eq!(server.view(&id).await["ply"], 2);
}

on_both!(the_lobby_lists_open_seats_and_joining_takes_one);

async fn a_restarted_server_has_every_game(kind: &str) {
    let place = Place::new(kind).await;
    let server = start_on(&place.db).await;
    let (id, tokens) = server.create_humans("triangoli", 2).await;
    for i in 0..4 {
        server.play_some(&id, &tokens, i).await;
    }
    let before = server.view(&id).await;
    drop(server);
    // Only digests of the seat tokens are stored.
    let stored = common::everything_stored(&place).await;
    for token in &tokens {
        assert!(!stored.windows(token.len()).any(|w| w == token.as_bytes()));
    }

    let server = start_on(&place.db).await;
    let after = server.view(&id).await;
    assert_eq!(after["history"], before["history"]);
    assert_eq!(after["legal"], before["legal"]);
    server.play_some(&id, &tokens, 0).await;
    assert_eq!(server.view(&id).await["ply"], 5);
}
on_both!(a_restarted_server_has_every_game);

async fn the_front_end_is_served(kind: &str) {
    let server = start(kind).await;
    for path in ["/", "/game/abc?seat=0&token=x", "/rules/triangoli"] {
        let r = server.get(path).await;
        assert_eq!(r.status, 200, "{path}");
        assert!(r.headers["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/html"));
        assert!(r.text.contains("<html"), "{path}");
    }
    let r = server.get("/no-such-file.js").await;
    assert_eq!(r.status, 404);
    r.error();
}

on_both!(the_front_end_is_served);

/// `path` asked for with and without `Accept-Encoding: gzip`: the gzipped answer's encoding and
/// size, and whether it unpacks to the plain answer.
async fn gzipped(server: &common::TestServer, path: &str) -> (Option<String>, usize, bool) {
    use std::io::Read as _;
    let get = |gzip: bool| {
        let request = server.http.get(server.url(path));
        let request = if gzip {
            request.header("accept-encoding", "gzip")
        } else {
            request
        };
        async move {
            let response = request.send().await.unwrap();
            assert_eq!(response.status(), 200, "{path}");
            let encoding = response
                .headers()
                .get("content-encoding")
                .map(|v| v.to_str().unwrap().to_string());
            (encoding, response.bytes().await.unwrap())
        }
    };
    let (plain_encoding, plain) = get(false).await;
    assert_eq!(plain_encoding, None, "{path}: gzip unasked for");
    let (encoding, packed) = get(true).await;
    let mut unpacked = Vec::new();
    let same = match encoding.as_deref() {
        Some("gzip") => {
            flate2::read::GzDecoder::new(&packed[..])
                .read_to_end(&mut unpacked)
                .unwrap();
            unpacked == plain
        }
        _ => packed == plain,
    };
    (encoding, packed.len(), same)
}

async fn answers_are_gzipped_for_clients_that_accept_it(kind: &str) {
    let server = start(kind).await;
    let (id, _) = server.create_humans("triangoli", 2).await;
    let plain = server.get(&format!("/api/games/{id}")).await.text.len();
    let (encoding, size, same) = gzipped(&server, &format!("/api/games/{id}")).await;
    assert_eq!(encoding.as_deref(), Some("gzip"));
    assert!(same, "the gzipped view unpacks to the view");
    assert!(size * 3 < plain, "{size} B gzipped of {plain} B");
    for path in ["/assets/i18n/en.js", "/assets/style.css", "/"] {
        let (encoding, _, same) = gzipped(&server, path).await;
        assert_eq!(encoding.as_deref(), Some("gzip"), "{path}");
        assert!(same, "{path}");
    }
    // Two bytes are not worth it.
    let (encoding, _, same) = gzipped(&server, "/healthz").await;
    assert_eq!(encoding, None);
    assert!(same);
}

on_both!(answers_are_gzipped_for_clients_that_accept_it);

async fn new_games_from_one_address_are_limited_and_refusals_change_nothing(kind: &str) {
    let server = common::start_limited(kind, 3).await;
    let body = json!({"game": "triangoli", "seats": [{"kind": "human"}, {"kind": "human"}]});
    for _ in 0..2 {
        server.create(body.clone()).await;
    }
    let record = "game: triangoli\nd4\na5\n";
    let up = server.post("/api/records", json!({"record": record})).await;
    assert_eq!(up.status, 201, "{}", up.text);
    // The fourth game of the minute, created or uploaded, is refused with a wait.
    for (path, body) in [
        ("/api/games", body.clone()),
        ("/api/records", json!({"record": record})),
    ] {
        let r = server.post(path, body).await;
        assert_eq!(r.status, 429, "{path}: {}", r.text);
        assert!(
            r.error()
                .starts_with("too many new games from your address (at most 3 a minute)"),
            "{}",
            r.error()
        );
        let wait: u64 = r.headers["retry-after"].to_str().unwrap().parse().unwrap();
        assert!((1..=21).contains(&wait), "retry after {wait}");
    }
    let lobby = server.get("/api/games").await;
    assert_eq!(lobby.body["games"].as_array().unwrap().len(), 3);
    // Everything else goes on: reading, and playing the games there are.
    let id = lobby.body["games"][0]["id"].as_str().unwrap().to_string();
    assert_eq!(server.get(&format!("/api/games/{id}")).await.status, 200);
}
on_both!(new_games_from_one_address_are_limited_and_refusals_change_nothing);

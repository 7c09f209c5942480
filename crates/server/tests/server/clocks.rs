//! Clocks kept by the server, on both stores: controls checked, only the seat to move's clock
//! running, the lag allowance, flags (also of a deadline that passed while no server ran), and
//! the computer keeping within a short clock in every game.

use crate::common;

use std::time::{Duration, Instant};

use common::{start, start_on, Place, TestServer};
use serde_json::{json, Value};
use trigonal_store::on_both;

/// Polls the view of `id` until `done` holds, for at most `within`.
async fn wait(
    server: &TestServer,
    id: &str,
    within: Duration,
    done: impl Fn(&Value) -> bool,
) -> Value {
    let deadline = Instant::now() + within;
    loop {
        let view = server.view(id).await;
        if done(&view) {
            return view;
        }
        assert!(Instant::now() < deadline, "timed out; last view: {view}");
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
}

fn ms(v: &Value) -> i64 {
    v.as_i64().unwrap()
}

async fn controls_are_checked(kind: &str) {
    let server = start(kind).await;
    for (clock, says) in [
        (json!({"initial_ms": -1, "increment_ms": 0}), "initial_ms"),
        (
            json!({"initial_ms": 60000, "increment_ms": -5}),
            "increment_ms",
        ),
        (
            json!({"initial_ms": 2_592_000_001i64, "increment_ms": 0}),
            "30 days",
        ),
        (json!({"days": 31}), "days"),
        (json!({"initial_ms": 60000}), "increment_ms"),
        (json!({"days": 1, "increment_ms": 0}), "not both"),
        (json!({}), "needs"),
        (json!("3+2"), "invalid type"),
    ] {
        let r = server
            .post(
                "/api/games",
                json!({"game": "triangoli", "seats": [{"kind": "human"}, {"kind": "human"}],
                       "clock": clock}),
            )
            .await;
        assert_eq!(r.status, 400, "{clock}: {}", r.text);
        assert!(r.error().contains(says), "{clock}: {}", r.error());
    }
    let r = server
        .post(
            "/api/records",
            json!({"game": "triangoli", "record": "c3\n", "clock": {"days": 1}}),
        )
        .await;
    assert_eq!(r.status, 400, "{}", r.text);
    assert!(r.error().contains("record"), "{}", r.error());
    assert!(server.get("/api/games").await.body["games"]
        .as_array()
        .unwrap()
        .is_empty());
}

on_both!(controls_are_checked);

async fn only_the_seat_to_move_runs_with_the_lag_allowance_and_the_increment(kind: &str) {
    let server = start(kind).await;
    let (id, tokens) = server
        .create(
            json!({"game": "triangoli", "seats": [{"kind": "human"}, {"kind": "open"}],
                       "clock": {"initial_ms": 60_000, "increment_ms": 2_000}}),
        )
        .await;
    let view = server.view(&id).await;
    assert_eq!(
        view["clock"],
        json!({"initial_ms": 60_000, "increment_ms": 2_000})
    );
    assert_eq!(
        view["running"],
        Value::Null,
        "not before every seat is taken"
    );
    assert_eq!(view["remaining_ms"], json!([60_000, 60_000]));
    let lobby = server.get("/api/games?open=true").await;
    assert_eq!(lobby.body["games"][0]["clock"], view["clock"]);

    let r = server
        .post(&format!("/api/games/{id}/join"), json!({"seat": 1}))
        .await;
    let joined = r.body["token"].as_str().unwrap().to_string();
    let t = [tokens[0].clone().unwrap(), joined];
    let view = server.view(&id).await;
    assert_eq!(view["running"], 0, "from the first ply on");
    // Seat 0 takes about 700 ms: charged that less the 250 ms allowance, plus the increment.
    tokio::time::sleep(Duration::from_millis(700)).await;
    let before = Instant::now();
    let after = server.play_some(&id, &t, 0).await;
    let slack = before.elapsed().as_millis() as i64 + 150;
    let left = ms(&after["remaining_ms"][0]);
    let expected = 60_000 - (700 - 250) + 2_000;
    assert!(
        (expected - slack..=expected).contains(&left),
        "{left} for about {expected}"
    );
    assert_eq!(after["running"], 1);
    assert!(ms(&after["remaining_ms"][1]) > 59_800, "{after}");
    // Seat 1's clock runs in the views; seat 0's stands.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let view = server.view(&id).await;
    assert!(ms(&view["remaining_ms"][1]) <= 59_700, "{view}");
    assert_eq!(view["remaining_ms"][0], after["remaining_ms"][0]);

    // Correspondence: a day a turn, shown as milliseconds.
    let (id, _) = server
        .create(
            json!({"game": "triangoli", "seats": [{"kind": "human"}, {"kind": "human"}],
                       "clock": {"days": 1}}),
        )
        .await;
    let view = server.view(&id).await;
    assert_eq!(view["clock"], json!({"days": 1}));
    assert!(ms(&view["remaining_ms"][0]) > 86_390_000);
    assert_eq!(view["running"], 0);
}

on_both!(only_the_seat_to_move_runs_with_the_lag_allowance_and_the_increment);

async fn a_flag_ends_a_two_player_game_and_hands_a_larger_ones_seat_to_the_computer(kind: &str) {
    let server = start(kind).await;
    let (id, t) = server
        .create(
            json!({"game": "triangoli", "seats": [{"kind": "human"}, {"kind": "human"}],
                       "clock": {"initial_ms": 300, "increment_ms": 0}}),
        )
        .await;
    let t: Vec<String> = t.into_iter().map(Option::unwrap).collect();
    let legal = server.view(&id).await["legal"][0].clone();
    // Past the deadline (300 ms and the 250 ms allowance) a move is refused: 409 before the
    // flag falls, 422 after.
    tokio::time::sleep(Duration::from_millis(600)).await;
    let r = server.play(&id, &t[0], legal.as_str().unwrap(), 0).await;
    assert!([409, 422].contains(&r.status), "{}", r.text);
    let flagged = Instant::now();
    let view = wait(&server, &id, Duration::from_secs(3), |v| {
        !v["outcome"].is_null()
    })
    .await;
    assert!(flagged.elapsed() < Duration::from_secs(1));
    assert_eq!(view["outcome"]["winners"], json!([1]));
    assert_eq!(view["outcome"]["reason"], "time");
    assert_eq!(view["seats"][0]["out_of_time"], true);
    assert_eq!(view["remaining_ms"][0], 0);
    assert_eq!(view["running"], Value::Null);
    assert_eq!(view["ply"], 0);

    // Three players: seat 0 runs out; the computer plays it on, and seat 1's clock runs.
    let (id, t) = server
        .create(json!({"game": "four-triangles", "players": 3,
                       "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}],
                       "clock": {"initial_ms": 500, "increment_ms": 0}}))
        .await;
    let view = wait(&server, &id, Duration::from_secs(5), |v| v["ply"] == 1).await;
    assert_eq!(view["seats"][0]["out_of_time"], true);
    assert_eq!(view["seats"][0]["kind"], "ai");
    assert_eq!(view["movers"], json!([0]));
    assert_eq!(view["running"], 1);
    assert_eq!(view["outcome"], Value::Null);
    let token = t[0].clone().unwrap();
    assert_eq!(
        server
            .post(&format!("/api/games/{id}/resign"), json!({"token": token}))
            .await
            .status,
        409,
        "out of the game already"
    );
}

on_both!(a_flag_ends_a_two_player_game_and_hands_a_larger_ones_seat_to_the_computer);

async fn a_deadline_that_passed_while_no_server_ran_is_flagged_at_start(kind: &str) {
    let place = Place::new(kind).await;
    let server = start_on(&place.db).await;
    let (id, _) = server
        .create(
            json!({"game": "triangular", "seats": [{"kind": "human"}, {"kind": "human"}],
                       "clock": {"initial_ms": 400, "increment_ms": 0}}),
        )
        .await;
    drop(server);
    tokio::time::sleep(Duration::from_millis(1_000)).await;
    let server = start_on(&place.db).await;
    let started = Instant::now();
    let view = wait(&server, &id, Duration::from_secs(3), |v| {
        !v["outcome"].is_null()
    })
    .await;
    assert!(
        started.elapsed() < Duration::from_secs(1),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(view["outcome"]["reason"], "time");
    assert_eq!(view["outcome"]["winners"], json!([1]));
}

on_both!(a_deadline_that_passed_while_no_server_ran_is_flagged_at_start);

async fn the_computer_keeps_within_ten_seconds_in_every_game(kind: &str) {
    let server = start(kind).await;
    let clock = json!({"initial_ms": 10_000, "increment_ms": 0});
    let mut games = Vec::new();
    for (game, players) in [
        ("triangoli", 2),
        ("triangular", 2),
        ("four-triangles", 2),
        ("triangle-game", 3),
        ("four-triangles", 4),
    ] {
        let seats: Vec<Value> = (0..players)
            .map(|_| json!({"kind": "ai", "level": "hard"}))
            .collect();
        let (id, _) = server
            .create(json!({"game": game, "players": players, "seats": seats, "clock": clock}))
            .await;
        games.push((game, players, id));
    }
    for (game, players, id) in games {
        let view = wait(&server, &id, Duration::from_secs(120), |v| {
            !v["outcome"].is_null()
        })
        .await;
        assert_eq!(
            view["outcome"]["reason"], "rules",
            "{game} {players}: {}",
            view["outcome"]
        );
        let used: Vec<i64> = view["remaining_ms"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| 10_000 - ms(r))
            .collect();
        eprintln!(
            "{kind}: {game} with {players}: {} plies; clock used by each seat (ms): {used:?}",
            view["ply"]
        );
        assert!(used.iter().all(|&u| u < 10_000), "{game}: {used:?}");
    }
}

on_both!(the_computer_keeps_within_ten_seconds_in_every_game);

//! Tournaments through the API and their sockets, on both stores: a Swiss tournament made,
//! entered, started and played to its end — each round paired by the server once the last one
//! is over, each player sent to their game with a token of their own, standings worked out to
//! the half point; an arena of three-player tables with the computer among its players, seated
//! as players become free and finished after its time; every refusal said with its code; and
//! two server processes directing one tournament, one of them stopped half-way, never pairing
//! a round twice.

use crate::common;

use std::collections::HashMap;
use std::time::Duration;

use common::{account, send, socket, socket_message, Socket, TestServer};
use reqwest::Method;
use serde_json::{json, Value};
use trigonal_store::on_both;

async fn call(
    server: &TestServer,
    method: Method,
    path: &str,
    body: Value,
    who: Option<&str>,
) -> common::Reply {
    send(server, method, path, body, who, &[]).await
}

async fn post(server: &TestServer, path: &str, body: Value, who: &str) -> common::Reply {
    call(server, Method::POST, path, body, Some(who)).await
}

/// Makes a tournament as `who`; its view.
async fn create(server: &TestServer, who: &str, body: Value) -> Value {
    let r = post(server, "/api/tournaments", body, who).await;
    assert_eq!(r.status, 201, "{}", r.text);
    r.body
}

async fn tournament(server: &TestServer, id: &str, who: Option<&str>) -> Value {
    let r = call(
        server,
        Method::GET,
        &format!("/api/tournaments/{id}"),
        Value::Null,
        who,
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text);
    r.body
}

/// Polls tournament `id` until `done` holds (at most 90 s: an arena lasts a minute).
async fn until(server: &TestServer, id: &str, done: impl Fn(&Value) -> bool) -> Value {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(90);
    loop {
        let t = tournament(server, id, None).await;
        if done(&t) {
            return t;
        }
        assert!(tokio::time::Instant::now() < deadline, "timed out: {t:#}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Messages on a tournament socket until a `started` one for game `game` (any, when `None`).
async fn started(socket: &mut Socket, game: Option<&str>) -> Value {
    loop {
        let m = socket_message(socket, Duration::from_secs(30)).await;
        if m["type"] == "started" && game.is_none_or(|g| m["game"] == g) {
            return m;
        }
    }
}

fn clock() -> Value {
    json!({"initial_ms": 600_000, "increment_ms": 0})
}

/// The tables of round `round`.
fn tables(t: &Value, round: u64) -> Vec<Value> {
    t["tables"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|x| x["round"] == round)
        .cloned()
        .collect()
}

/// The standings line of `name`.
fn line<'a>(t: &'a Value, name: &str) -> &'a Value {
    t["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["name"] == name)
        .unwrap_or_else(|| panic!("{name} is not in {t:#}"))
}

async fn a_swiss_tournament_is_played_round_by_round_to_its_end(kind: &str) {
    let server = common::start(kind).await;
    let mut people = HashMap::new();
    for name in ["ann", "bob", "cid", "dan"] {
        people.insert(name, account(&server, name).await);
    }
    let who = |name: &str| people[name].clone();
    let t = create(
        &server,
        &who("ann"),
        json!({"name": "Friday Swiss", "system": "swiss", "game": "triangoli",
               "clock": clock(), "rounds": 2}),
    )
    .await;
    let id = t["id"].as_str().unwrap().to_string();
    assert_eq!(
        (&t["status"], &t["round"], &t["entrants"], &t["mine"]),
        (&json!("waiting"), &json!(0), &json!(0), &json!(true))
    );
    let path = |what: &str| format!("/api/tournaments/{id}/{what}");

    // Nobody yet, then one: too few to start.
    let r = post(&server, &path("start"), Value::Null, &who("ann")).await;
    assert_eq!((r.status, r.code()), (409, "tournament-too-few"));
    assert_eq!(
        (&r.body["params"]["n"], &r.body["params"]["least"]),
        (&json!(0), &json!(2))
    );
    let r = post(&server, &path("join"), Value::Null, &who("bob")).await;
    assert_eq!((r.status, r.body["joined"].clone()), (200, json!(true)));
    let r = post(&server, &path("join"), Value::Null, &who("bob")).await;
    assert_eq!((r.status, r.code()), (409, "tournament-joined"));
    let r = post(&server, &path("start"), Value::Null, &who("ann")).await;
    assert_eq!((r.status, r.code()), (409, "tournament-too-few"));
    // Dan comes and goes before the start; Cid and Ann stay.
    for name in ["dan", "cid", "ann"] {
        let r = post(&server, &path("join"), Value::Null, &who(name)).await;
        assert_eq!(r.status, 200, "{}", r.text);
    }
    let r = post(&server, &path("withdraw"), Value::Null, &who("dan")).await;
    assert_eq!((r.status, r.body["entrants"].clone()), (200, json!(3)));
    let r = post(&server, &path("withdraw"), Value::Null, &who("dan")).await;
    assert_eq!((r.status, r.code()), (409, "not-in-tournament"));
    let r = post(&server, &path("start"), Value::Null, &who("bob")).await;
    assert_eq!((r.status, r.code()), (403, "not-tournament-creator"));

    // Each player follows the tournament on its socket.
    let mut sockets = HashMap::new();
    for name in ["ann", "bob", "cid"] {
        let mut s = socket(&server, &path("ws"), Some(&who(name))).await;
        let first = socket_message(&mut s, Duration::from_secs(10)).await;
        assert_eq!(first["type"], "tournament");
        assert_eq!(first["tournament"]["joined"], true);
        sockets.insert(name, s);
    }

    // Started: three players, so one game and one bye in round 1.
    let r = post(&server, &path("start"), Value::Null, &who("ann")).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(
        (&r.body["status"], &r.body["round"]),
        (&json!("running"), &json!(1))
    );
    let r = post(&server, &path("join"), Value::Null, &who("dan")).await;
    assert_eq!((r.status, r.code()), (409, "tournament-started"));
    let t = tournament(&server, &id, None).await;
    let round1 = tables(&t, 1);
    assert_eq!(round1.len(), 2);
    let game1 = round1[0]["game"].as_str().unwrap().to_string();
    let (first, second) = (
        round1[0]["players"][0].as_str().unwrap().to_string(),
        round1[0]["players"][1].as_str().unwrap().to_string(),
    );
    let bye = round1[1]["players"][0].as_str().unwrap().to_string();
    assert_eq!(
        (&round1[1]["game"], &round1[1]["places"]),
        (&Value::Null, &json!([1]))
    );
    let view = server.view(&game1).await;
    assert_eq!(view["tournament"], id.as_str());

    // The two seated are sent to the game, each to their own seat (with no token: their page
    // asks for it with the session); the first seat resigns with theirs.
    let s1 = started(sockets.get_mut(first.as_str()).unwrap(), Some(&game1)).await;
    let s2 = started(sockets.get_mut(second.as_str()).unwrap(), Some(&game1)).await;
    assert_eq!(
        (&s1["seat"], &s2["seat"], &s1["tournament"]),
        (&json!(0), &json!(1), &json!(id))
    );
    assert_eq!((s1.get("token"), s2.get("token")), (None, None));
    let token1 = common::seat_token(&server, &who(&first), &game1).await;
    let mine = tournament(&server, &id, Some(&who(&first))).await;
    assert_eq!(mine["playing"], json!({"game": game1, "seat": 0}));
    let r = server
        .post(
            &format!("/api/games/{game1}/resign"),
            json!({"token": token1}),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text);

    // The server records it and pairs round 2 by itself: the bye goes to the one who lost
    // (the lowest placed without one), the other two meet, the first seat to the one who had
    // the second.
    let t = until(&server, &id, |t| t["round"] == 2).await;
    assert_eq!(tables(&t, 1)[0]["places"], json!([2, 1]));
    let round2 = tables(&t, 2);
    assert_eq!(round2.len(), 2);
    assert_eq!(round2[0]["players"], json!([second, bye]));
    assert_eq!(round2[1]["players"], json!([first]));
    let game2 = round2[0]["game"].as_str().unwrap().to_string();
    let s = started(sockets.get_mut(bye.as_str()).unwrap(), Some(&game2)).await;
    assert_eq!(s["seat"], 1);
    let token = common::seat_token(&server, &who(&bye), &game2).await;
    let r = server
        .post(
            &format!("/api/games/{game2}/resign"),
            json!({"token": token}),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text);

    // Finished: the one who won both has 2 points; the others 1 each (a bye, or a win).
    // Buchholz: the winner met two players of 1 point; each other met the winner (2).
    // Sonneborn–Berger: the winner beat both (1 + 1); the others beat nobody who played.
    let t = until(&server, &id, |t| t["status"] == "finished").await;
    assert!(t["ended"].is_string());
    let winner = line(&t, &second);
    assert_eq!(
        (
            &winner["rank"],
            &winner["points"],
            &winner["buchholz"],
            &winner["sonneborn_berger"]
        ),
        (&json!(1), &json!(2.0), &json!(2.0), &json!(2.0))
    );
    assert_eq!(winner["games"], 2);
    for other in [&first, &bye] {
        let l = line(&t, other);
        assert_eq!(
            (
                &l["points"],
                &l["buchholz"],
                &l["sonneborn_berger"],
                &l["games"]
            ),
            (&json!(1.0), &json!(2.0), &json!(0.0), &json!(1))
        );
    }
    // Every socket heard it end.
    for name in ["ann", "bob", "cid"] {
        let s = sockets.get_mut(name).unwrap();
        loop {
            let m = socket_message(s, Duration::from_secs(10)).await;
            if m["type"] == "tournament" && m["tournament"]["status"] == "finished" {
                break;
            }
        }
    }
    let r = post(&server, &path("withdraw"), Value::Null, &who("ann")).await;
    assert_eq!((r.status, r.code()), (409, "tournament-over"));
    let r = post(&server, &path("join"), Value::Null, &who("dan")).await;
    assert_eq!((r.status, r.code()), (409, "tournament-over"));
    // Listed, without its standings.
    let listed = server.get("/api/tournaments").await;
    let item = &listed.body["tournaments"][0];
    assert_eq!((&item["id"], &item["entrants"]), (&json!(id), &json!(3)));
    assert!(item.get("standings").is_none() && item.get("tables").is_none());
}
on_both!(a_swiss_tournament_is_played_round_by_round_to_its_end);

async fn bad_tournaments_and_bad_entries_are_refused_with_their_codes(kind: &str) {
    let server = common::start(kind).await;
    let ann = account(&server, "ann").await;
    let bob = account(&server, "bob").await;
    let cid = account(&server, "cid").await;
    let good = json!({"name": "Evening arena", "system": "arena", "game": "four-triangles",
                      "players": 3, "clock": clock(), "minutes": 30});
    let with = |changes: Value| {
        let mut body = good.clone();
        for (k, v) in changes.as_object().unwrap() {
            if v.is_null() {
                body.as_object_mut().unwrap().remove(k);
            } else {
                body[k] = v.clone();
            }
        }
        body
    };
    let soon = |ms: i64| {
        time::OffsetDateTime::from_unix_timestamp_nanos(
            i128::from(trigonal_store::now_ms() + ms) * 1_000_000,
        )
        .unwrap()
        .format(&time::format_description::well_known::Rfc3339)
        .unwrap()
    };
    for (changes, status, code) in [
        (json!({"name": ""}), 400, "tournament-name"),
        (json!({"name": "x".repeat(61)}), 400, "tournament-name"),
        (json!({"system": "knockout"}), 400, "tournament-system"),
        (json!({"system": "swiss"}), 400, "tournament-system"),
        (json!({"game": "chess"}), 400, "unknown-game"),
        (json!({"clock": null}), 400, "tournament-clock"),
        (json!({"clock": {"days": 3}}), 400, "tournament-clock"),
        (json!({"minutes": 0}), 400, "tournament-minutes"),
        (json!({"minutes": 1441}), 400, "tournament-minutes"),
        (
            json!({"system": "swiss", "players": 2, "rounds": 16}),
            400,
            "tournament-rounds",
        ),
        (json!({"starts": "tomorrow"}), 400, "tournament-starts"),
        (
            json!({"starts": soon(-3_600_000)}),
            400,
            "tournament-starts",
        ),
        (
            json!({"starts": soon(31 * 86_400_000)}),
            400,
            "tournament-starts",
        ),
        (json!({"capacity": 1}), 400, "tournament-capacity"),
        (json!({"capacity": 257}), 400, "tournament-capacity"),
        (json!({"prize": 100}), 400, "bad-request"),
    ] {
        let r = post(&server, "/api/tournaments", with(changes.clone()), &ann).await;
        assert_eq!(
            (r.status, r.code()),
            (status, code),
            "{changes}: {}",
            r.text
        );
    }
    let r = call(
        &server,
        Method::POST,
        "/api/tournaments",
        good.clone(),
        None,
    )
    .await;
    assert_eq!(r.status, 401);
    // A Swiss tournament by correspondence is fine; so is a start just past (now).
    let t = create(
        &server,
        &ann,
        with(
            json!({"system": "swiss", "players": 2, "clock": {"days": 2},
                    "starts": soon(-5_000)}),
        ),
    )
    .await;
    assert_eq!(t["minutes"], Value::Null);
    assert_eq!(t["rounds"], 5);

    let t = create(&server, &ann, with(json!({"capacity": 2}))).await;
    let id = t["id"].as_str().unwrap();
    let path = |what: &str| format!("/api/tournaments/{id}/{what}");
    let r = post(&server, &path("computer"), json!({"level": "hard"}), &bob).await;
    assert_eq!((r.status, r.code()), (403, "not-tournament-creator"));
    let r = post(&server, &path("computer"), json!({"level": "genius"}), &ann).await;
    assert_eq!((r.status, r.code()), (400, "unknown-level"));
    assert_eq!(r.body["params"]["level"], "genius");
    let r = post(&server, &path("computer"), json!({"level": "hard"}), &ann).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let line = &r.body["standings"][0];
    assert_eq!(
        (&line["computer"], &line["name"]),
        (&json!("hard"), &json!("Computer (hard)"))
    );
    let r = post(&server, &path("computer"), json!({"level": "hard"}), &ann).await;
    assert_eq!((r.status, r.code()), (409, "tournament-joined"));
    let r = post(&server, &path("join"), Value::Null, &bob).await;
    assert_eq!(r.status, 200);
    let r = post(&server, &path("join"), Value::Null, &cid).await;
    assert_eq!((r.status, r.code()), (409, "tournament-full"));
    // Two entered, but a table has three seats: too few.
    let r = post(&server, &path("start"), Value::Null, &ann).await;
    assert_eq!((r.status, r.code()), (409, "tournament-too-few"));
    assert_eq!(r.body["params"]["least"], 3);

    for path in ["/api/tournaments/nope", "/api/tournaments/nope/ws"] {
        let r = server.get(path).await;
        assert_eq!((r.status, r.code()), (404, "no-tournament"), "{path}");
    }
    let r = post(&server, "/api/tournaments/nope/join", Value::Null, &bob).await;
    assert_eq!((r.status, r.code()), (404, "no-tournament"));
}
on_both!(bad_tournaments_and_bad_entries_are_refused_with_their_codes);

async fn a_tournament_starts_at_its_time_or_is_cancelled_when_too_few_came(kind: &str) {
    let server = common::start(kind).await;
    let ann = account(&server, "ann").await;
    let bob = account(&server, "bob").await;
    // Two seconds from now: the directors' next looks start the one and cancel the other.
    let soon = time::OffsetDateTime::from_unix_timestamp_nanos(
        i128::from(trigonal_store::now_ms() + 2_000) * 1_000_000,
    )
    .unwrap()
    .format(&time::format_description::well_known::Rfc3339)
    .unwrap();
    let mut ids = Vec::new();
    for (name, entrants) in [("Two came", vec![&ann, &bob]), ("One came", vec![&ann])] {
        let t = create(
            &server,
            &ann,
            json!({"name": name, "system": "swiss", "game": "triangoli", "clock": clock(),
                   "rounds": 1, "starts": soon}),
        )
        .await;
        let id = t["id"].as_str().unwrap().to_string();
        for who in entrants {
            let r = post(
                &server,
                &format!("/api/tournaments/{id}/join"),
                Value::Null,
                who,
            )
            .await;
            assert_eq!(r.status, 200, "{}", r.text);
        }
        ids.push(id);
    }
    let started = until(&server, &ids[0], |t| t["status"] != "waiting").await;
    assert_eq!(
        (&started["status"], &started["round"]),
        (&json!("running"), &json!(1))
    );
    assert_eq!(tables(&started, 1).len(), 1);
    let starts = time::OffsetDateTime::parse(
        started["starts"].as_str().unwrap(),
        &time::format_description::well_known::Rfc3339,
    )
    .unwrap();
    let at = time::OffsetDateTime::parse(
        started["started"].as_str().unwrap(),
        &time::format_description::well_known::Rfc3339,
    )
    .unwrap();
    assert!(at >= starts, "started {at}, not before its time {starts}");
    let cancelled = until(&server, &ids[1], |t| t["status"] != "waiting").await;
    assert_eq!(cancelled["status"], "cancelled");
    assert!(cancelled["tables"].as_array().unwrap().is_empty());
}
on_both!(a_tournament_starts_at_its_time_or_is_cancelled_when_too_few_came);

/// Each person's token for their seat in game `game`, by seat (none for the computer's).
async fn tokens(server: &TestServer, game: &str, cookies: &[String]) -> Vec<String> {
    let view = server.view(game).await;
    let mut tokens = vec![String::new(); view["seats"].as_array().unwrap().len()];
    for cookie in cookies {
        let r = call(
            server,
            Method::GET,
            "/api/me/games",
            Value::Null,
            Some(cookie),
        )
        .await;
        for g in r.body["games"].as_array().unwrap() {
            if g["id"] == game {
                tokens[g["seat"].as_u64().unwrap() as usize] = g["token"].as_str().unwrap().into();
            }
        }
    }
    tokens
}

/// Plays game `game` to its end: random moves for the people, waiting for the computer.
async fn play_out(server: &TestServer, game: &str, cookies: &[String], seed: usize) {
    let tokens = tokens(server, game, cookies).await;
    for pick in seed.. {
        let view = server.view(game).await;
        let Some(seat) = view["to_move"].as_u64() else {
            return;
        };
        if tokens[seat as usize].is_empty() {
            let ply = view["ply"].clone();
            server
                .wait_for(game, |v| v["ply"] != ply || v["to_move"].is_null())
                .await;
        } else {
            server.play_some(game, &tokens, pick * 7919).await;
        }
    }
}

async fn an_arena_seats_free_players_at_tables_of_three_until_its_time_is_up(kind: &str) {
    let server = common::start(kind).await;
    let mut cookies = Vec::new();
    for name in ["ann", "bob", "cid", "dan"] {
        cookies.push(account(&server, name).await);
    }
    let t = create(
        &server,
        &cookies[0],
        json!({"name": "Short arena", "system": "arena", "game": "triangle-game",
               "clock": clock(), "minutes": 1, "rated": true}),
    )
    .await;
    let id = t["id"].as_str().unwrap().to_string();
    for c in &cookies {
        let r = post(
            &server,
            &format!("/api/tournaments/{id}/join"),
            Value::Null,
            c,
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.text);
    }
    let r = post(
        &server,
        &format!("/api/tournaments/{id}/computer"),
        json!({"level": "random"}),
        &cookies[0],
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text);
    let r = post(
        &server,
        &format!("/api/tournaments/{id}/start"),
        Value::Null,
        &cookies[0],
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(
        (&r.body["round"], &r.body["ends"].is_string()),
        (&Value::Null, &true)
    );

    // Five free, tables of three: the three best placed sit down (equal points: the highest
    // rated — the people, 1500, above the computer), two wait.
    let t = tournament(&server, &id, None).await;
    let first = tables(&t, 1);
    assert_eq!(first.len(), 1);
    assert_eq!(first[0]["players"].as_array().unwrap().len(), 3);
    let waiting: Vec<&Value> = t["standings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|l| l["playing"] == false)
        .collect();
    assert_eq!(waiting.len(), 2);
    assert!(waiting.iter().any(|l| l["computer"] == "random"));
    let game = first[0]["game"].as_str().unwrap().to_string();
    let view = server.view(&game).await;
    assert_eq!(view["rated"], true, "three people: rated");
    play_out(&server, &game, &cookies, 1).await;

    // Its places are recorded and the five, free again, are seated at once; once two tables
    // have been played the people withdraw, so no table is seated after the one being played
    // (if any); the arena finishes when its minute is up.
    let mut played = vec![game];
    let mut withdrawn = false;
    let t = loop {
        let fresh = |t: &Value| {
            t["tables"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|x| x["places"].is_null())
                .map(|x| x["game"].as_str().unwrap().to_string())
                .find(|g| !played.contains(g))
        };
        let t = until(&server, &id, |t| {
            t["status"] == "finished" || fresh(t).is_some()
        })
        .await;
        if t["status"] == "finished" {
            break t;
        }
        let game = fresh(&t).unwrap();
        play_out(&server, &game, &cookies, played.len()).await;
        played.push(game);
        if played.len() >= 2 && !withdrawn {
            withdrawn = true;
            for c in &cookies {
                let r = post(
                    &server,
                    &format!("/api/tournaments/{id}/withdraw"),
                    Value::Null,
                    c,
                )
                .await;
                assert_eq!(r.status, 200, "{}", r.text);
            }
        }
    };
    let tables = t["tables"].as_array().unwrap();
    assert_eq!(tables.len(), played.len());
    assert!(
        tables.len() >= 2,
        "the first table's players were seated again"
    );
    // Points: each finished table gives out 2 for each pair placed apart and 1 to each of a pair
    // placed level: 6 a table of three placed 1-2-3 — whatever the places, each player's
    // points are what their finishes say (doubled on a streak: two wins in a row).
    let mut expected: HashMap<String, (u64, u32)> = HashMap::new();
    for x in tables {
        let places: Vec<u64> = x["places"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_u64().unwrap())
            .collect();
        for (seat, name) in x["players"].as_array().unwrap().iter().enumerate() {
            let me = places[seat];
            let below = places.iter().filter(|&&p| p > me).count() as u64;
            let level = places.iter().filter(|&&p| p == me).count() as u64 - 1;
            let won = me == 1 && level == 0;
            let e = expected
                .entry(name.as_str().unwrap().to_string())
                .or_default();
            let double = if e.1 >= 2 { 2 } else { 1 };
            e.0 += (2 * below + level) * double;
            e.1 = if won { e.1 + 1 } else { 0 };
        }
    }
    for l in t["standings"].as_array().unwrap() {
        let (points, wins) = expected
            .get(l["name"].as_str().unwrap())
            .copied()
            .unwrap_or_default();
        assert_eq!(l["points"], json!(points as f64), "{l}");
        assert_eq!(l["streak"], json!(wins >= 2), "{l}");
    }
    // The computer played, marked as the computer, and its games were not rated.
    let computer = t["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["computer"] == "random")
        .unwrap();
    assert_eq!(computer["name"], "Computer (random)");
    for x in tables {
        let view = server.view(x["game"].as_str().unwrap()).await;
        let with_computer = x["players"]
            .as_array()
            .unwrap()
            .contains(&json!("Computer (random)"));
        assert_eq!(view["rated"], json!(!with_computer));
    }
}
/// The arena on both stores at once: each waits out its minute.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_arena_seats_free_players_at_tables_of_three_on_both_stores() {
    tokio::join!(
        an_arena_seats_free_players_at_tables_of_three_until_its_time_is_up("sqlite"),
        an_arena_seats_free_players_at_tables_of_three_until_its_time_is_up("postgresql"),
    );
}

/// Two processes on one PostgreSQL direct one Swiss tournament of eight: the games of the first
/// two rounds end through both, so both race to pair the next round; then one is stopped and
/// the other carries on alone. Every table has one game, none made twice, no pair met twice.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_pair_a_tournament_once_even_when_one_stops() {
    let place = common::Place::new("postgresql").await;
    let a = common::start_on(&place.db).await;
    let b = common::start_on(&place.db).await;
    let mut cookies = Vec::new();
    for i in 0..8 {
        cookies.push(account(&a, &format!("player{i}")).await);
    }
    let t = create(
        &a,
        &cookies[0],
        json!({"name": "Two processes", "system": "swiss", "game": "toy",
               "clock": clock(), "rounds": 3}),
    )
    .await;
    let id = t["id"].as_str().unwrap().to_string();
    for (i, c) in cookies.iter().enumerate() {
        let server = if i % 2 == 0 { &a } else { &b };
        let r = post(
            server,
            &format!("/api/tournaments/{id}/join"),
            Value::Null,
            c,
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.text);
    }
    let r = post(
        &b,
        &format!("/api/tournaments/{id}/start"),
        Value::Null,
        &cookies[0],
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text);
    let mut a = Some(a);
    for round in 1..=3 {
        if round == 3 {
            // Stopped: its director with it; the other finds what is left to do.
            drop(a.take());
        }
        let t = until(&b, &id, |t| t["round"] == round).await;
        for (i, x) in tables(&t, round).iter().enumerate() {
            let through = match &a {
                Some(a) if i % 2 == 0 => a,
                _ => &b,
            };
            play_out(through, x["game"].as_str().unwrap(), &cookies, i).await;
        }
    }
    let t = until(&b, &id, |t| t["status"] == "finished").await;
    let (client, connection) = tokio_postgres::connect(&place.db, tokio_postgres::NoTls)
        .await
        .unwrap();
    tokio::spawn(connection);
    let stored: i64 = client
        .query_one(
            "SELECT count(*) FROM games WHERE table_state LIKE '%' || $1 || '%'",
            &[&id],
        )
        .await
        .unwrap()
        .get(0);
    let tables = t["tables"].as_array().unwrap();
    assert_eq!(tables.len(), 12, "three rounds of four games");
    assert_eq!(stored, 12, "a game a table, none made twice");
    // Eight players, three rounds of a game each: 12 points given out, none met twice.
    let points: f64 = t["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["points"].as_f64().unwrap())
        .sum();
    assert_eq!(points, 12.0);
    let mut met = std::collections::HashSet::new();
    for x in tables {
        let mut pair: Vec<String> = x["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_str().unwrap().into())
            .collect();
        pair.sort();
        assert!(met.insert(pair.clone()), "{pair:?} met twice");
    }
}

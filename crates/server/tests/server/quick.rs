//! Quick pairing through the API, on both stores: "play now" seats two people of near ratings
//! together, each page told of its seat; a seeker who waited may start with the computer; and 30
//! people of spread ratings asking at once are all seated, each once, with a neighbour in rating
//! (the time it took is printed for the record).

use crate::common;

use std::collections::HashSet;
use std::sync::Arc;
use std::time::{Duration, Instant};

use common::{account, send, start_on, start_on_with, Place, TestServer};
use reqwest::Method;
use serde_json::{json, Value};
use tokio::sync::Barrier;
use trigonal_server::Limits;
use trigonal_store::on_both;

use common::Socket;

/// The lobby's socket for Triangoli as the holder of `cookie`, its first list read.
async fn lobby(server: &TestServer, cookie: &str) -> Socket {
    let mut socket = common::lobby_socket(server, "triangoli", Some(cookie)).await;
    next(&mut socket).await;
    socket
}

async fn next(socket: &mut Socket) -> Value {
    common::socket_message(socket, Duration::from_secs(30)).await
}

/// Windows widen ten times as fast as the site's (a hundred a second), so that the last pair, far
/// apart once the others are seated, meet within seconds, not the minute the site would take.
const WIDENING: i64 = 100;

/// How long the last of the thirty below may wait to be seated: who meets whom depends on the
/// order the requests arrive in, and the two left over may be the ends of the spread, 1000 and
/// 2015, who meet once each one's window (±100, widening by [`WIDENING`] a second) reaches
/// 1015 — after 9.2 s, and a pairing round (2 s) later at most. Seated later than that, with
/// room for a loaded machine, is a defect; sooner is the order's luck.
const LONGEST_WAIT: Duration = Duration::from_secs(25);

/// The `started` message on `socket` (messages may be as far apart as [`LONGEST_WAIT`]).
async fn started(socket: &mut Socket) -> Value {
    loop {
        let m = common::socket_message(socket, LONGEST_WAIT).await;
        if m["type"] == "started" {
            return m;
        }
    }
}

async fn play_now(server: &TestServer, cookie: &str) -> Value {
    let r = send(
        server,
        Method::POST,
        "/api/quick",
        json!({"game": "triangoli", "rated": true}),
        Some(cookie),
        &[],
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text);
    r.body
}

/// Gives account `name` the rating `rating` in Triangoli's pool, written into the store as
/// settled ratings are.
async fn rate(place: &Place, name: &str, rating: f64) {
    let sql = "INSERT INTO ratings (account, pool, rating, deviation, volatility, games)
               SELECT id, 'triangoli', $1, 60, 0.06, 20 FROM accounts WHERE name_key = $2";
    if place.db.starts_with("postgres") {
        let (client, connection) = tokio_postgres::connect(&place.db, tokio_postgres::NoTls)
            .await
            .unwrap();
        tokio::spawn(connection);
        assert_eq!(client.execute(sql, &[&rating, &name]).await.unwrap(), 1);
    } else {
        let db = rusqlite::Connection::open(&place.db).unwrap();
        db.busy_timeout(Duration::from_secs(10)).unwrap();
        let sql = sql.replace("$1", "?1").replace("$2", "?2");
        assert_eq!(
            db.execute(&sql, rusqlite::params![rating, name]).unwrap(),
            1
        );
    }
}

async fn two_near_ratings_are_seated_together(kind: &str) {
    let place = Place::new(kind).await;
    let server = start_on(&place.db).await;
    let ann = account(&server, "ann").await;
    let bob = account(&server, "bob").await;
    let mut anns = lobby(&server, &ann).await;
    let first = play_now(&server, &ann).await;
    assert_eq!(first["game"], Value::Null);
    assert_eq!(
        (&first["seek"]["quick"], &first["seek"]["rating_range"]),
        (&json!(true), &json!([1400, 1600]))
    );
    // Asking again waits in the same seek.
    assert_eq!(
        play_now(&server, &ann).await["seek"]["id"],
        first["seek"]["id"]
    );
    let second = play_now(&server, &bob).await;
    assert_eq!(second["game"]["seat"], 1, "{second}");
    let game = second["game"]["game"].as_str().unwrap();
    let told = started(&mut anns).await;
    assert_eq!((&told["game"], &told["seat"]), (&json!(game), &json!(0)));
    assert_eq!(told.get("token"), None, "no token on a socket");
    let token = common::seat_token(&server, &ann, game).await;
    let view = server.view(game).await;
    assert_eq!(view["rated"], true);
    assert_eq!(
        server
            .play(game, &token, view["legal"][0].as_str().unwrap(), 0)
            .await
            .status,
        200
    );
}
on_both!(two_near_ratings_are_seated_together);

/// A seeker alone after the offer's wait starts with the computer; before it, the answer says
/// how long is left.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seeker_who_waited_may_play_the_computer() {
    let place = Place::new("sqlite").await;
    let limits = Limits {
        computer_offer: Duration::from_millis(1500),
        ..Limits::default()
    };
    let server = start_on_with(&place.db, limits).await;
    let ann = account(&server, "ann").await;
    let bob = account(&server, "bob").await;
    let seek = play_now(&server, &ann).await["seek"].clone();
    let id = seek["id"].as_str().unwrap();
    let path = format!("/api/seeks/{id}/computer");
    let early = send(&server, Method::POST, &path, Value::Null, Some(&ann), &[]).await;
    assert_eq!(
        (early.status, early.body["code"].as_str()),
        (409, Some("seek-too-early"))
    );
    assert!(
        (1..=2).contains(&early.body["params"]["n"].as_i64().unwrap()),
        "{}",
        early.text
    );
    tokio::time::sleep(Duration::from_millis(1600)).await;
    let not_his = send(&server, Method::POST, &path, Value::Null, Some(&bob), &[]).await;
    assert_eq!(
        (not_his.status, not_his.body["code"].as_str()),
        (404, Some("no-seek"))
    );
    let r = send(&server, Method::POST, &path, Value::Null, Some(&ann), &[]).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["game"]["seat"], 0);
    let view = server.view(r.body["game"]["game"].as_str().unwrap()).await;
    assert_eq!(view["seats"][1]["kind"], "ai");
    assert_eq!(
        view["rated"], false,
        "a game with the computer is not rated"
    );
}

async fn thirty_people_of_spread_ratings_asking_at_once_are_all_seated_once(kind: &str) {
    let place = Place::new(kind).await;
    let limits = Limits {
        quick_widening: WIDENING as i32,
        ..Limits::default()
    };
    let server = Arc::new(start_on_with(&place.db, limits).await);
    let mut people = Vec::new();
    for i in 0..30 {
        let name = format!("p{i:02}");
        let cookie = account(&server, &name).await;
        // 1000 to 2015, 35 apart.
        rate(&place, &name, 1000.0 + 35.0 * i as f64).await;
        let socket = lobby(&server, &cookie).await;
        people.push((name, cookie, socket));
    }
    let barrier = Arc::new(Barrier::new(people.len()));
    let began = Instant::now();
    let tasks: Vec<_> = people
        .into_iter()
        .map(|(name, cookie, mut socket)| {
            let (server, barrier) = (Arc::clone(&server), Arc::clone(&barrier));
            tokio::spawn(async move {
                barrier.wait().await;
                let answer = play_now(&server, &cookie).await;
                let me = answer["seek"]["seats"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|s| s["name"] == name.as_str())
                    .cloned();
                let rating = 1000 + 35 * name[1..].parse::<i64>().unwrap();
                assert_eq!(
                    me.map(|m| m["rating"].clone()),
                    Some(json!(rating)),
                    "{answer}"
                );
                let told = started(&mut socket).await;
                (
                    name,
                    told["game"].as_str().unwrap().to_string(),
                    told["seat"].as_u64().unwrap(),
                    began.elapsed(),
                )
            })
        })
        .collect();
    let mut seated = Vec::new();
    for t in tasks {
        seated.push(t.await.unwrap());
    }
    let mut times: Vec<Duration> = seated.iter().map(|s| s.3).collect();
    times.sort();
    eprintln!(
        "quick pairing, {kind}: 30 people seated, the median in {:?}, the 24th in {:?}, the last in {:?}",
        times[14], times[23], times[29]
    );
    let games: HashSet<&String> = seated.iter().map(|s| &s.1).collect();
    assert_eq!(games.len(), 15, "two to a game");
    for game in games {
        let view = server.view(game).await;
        let names: Vec<String> = view["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["name"].as_str().unwrap().to_string())
            .collect();
        let ratings: Vec<i64> = names
            .iter()
            .map(|n| 1000 + 35 * n[1..].parse::<i64>().unwrap())
            .collect();
        // Each with someone whose rating their window admitted when they met: ±100, and
        // WIDENING more for every second waited.
        let waited = seated
            .iter()
            .filter(|s| names.contains(&s.0))
            .map(|s| s.3)
            .max()
            .unwrap();
        let reach = 100 + WIDENING * (waited.as_secs() as i64 + 1);
        assert!(
            (ratings[0] - ratings[1]).abs() <= reach,
            "{names:?} after {waited:?}"
        );
        for (i, name) in names.iter().enumerate() {
            let mine = seated.iter().find(|s| &s.0 == name).unwrap();
            assert_eq!((&mine.1, mine.2), (game, i as u64));
        }
    }
}
on_both!(thirty_people_of_spread_ratings_asking_at_once_are_all_seated_once);

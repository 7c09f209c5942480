//! Rated games through the API, on both stores: who may play them, ratings settled once when a
//! game ends (also many at once), profiles and leaderboards.

use crate::common;

use std::sync::Arc;

use common::{account, open_rated_game, rated_game, send, start_on, Place};
use serde_json::{json, Value};
use tokio::sync::Barrier;
use trigonal_store::on_both;

async fn rated_games_are_between_signed_in_players_and_rate_them_once(kind: &str) {
    let place = Place::new(kind).await;
    let server = Arc::new(start_on(&place.db).await);
    let post = reqwest::Method::POST;
    let get = reqwest::Method::GET;
    let ann = account(&server, "ann").await;
    let bob = account(&server, "bob").await;
    for (seats, cookie, status) in [
        (
            json!([{"kind": "human", "player": "me"}, {"kind": "open"}]),
            None,
            401,
        ),
        (
            json!([{"kind": "human", "player": "me"}, {"kind": "ai"}]),
            Some(ann.as_str()),
            400,
        ),
        (
            json!([{"kind": "human", "player": "me"}, {"kind": "human"}]),
            Some(ann.as_str()),
            400,
        ),
        (
            json!([{"kind": "human", "player": "me"}, {"kind": "human", "player": "me"}]),
            Some(ann.as_str()),
            400,
        ),
    ] {
        let r = send(
            &server,
            post.clone(),
            "/api/games",
            json!({"game": "triangoli", "rated": true, "seats": seats}),
            cookie,
            &[],
        )
        .await;
        assert_eq!(r.status, status, "{seats}: {}", r.text);
    }
    let (id, _) = open_rated_game(&server, "triangoli", &ann).await;
    let r = send(
        &server,
        post.clone(),
        &format!("/api/games/{id}/join"),
        json!({"seat": 1}),
        None,
        &[],
    )
    .await;
    assert_eq!(
        r.status, 401,
        "a guest cannot join a rated game: {}",
        r.text
    );
    let r = send(
        &server,
        post.clone(),
        &format!("/api/games/{id}/join"),
        json!({"seat": 1}),
        Some(&ann),
        &[],
    )
    .await;
    assert_eq!(r.status, 409, "nor anyone twice: {}", r.text);
    let r = send(
        &server,
        post.clone(),
        &format!("/api/games/{id}/join"),
        json!({"seat": 1}),
        Some(&bob),
        &[],
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(server.view(&id).await["rated"], true);
    let bob_token = r.body["token"].as_str().unwrap().to_string();
    let r = server
        .post(
            &format!("/api/games/{id}/resign"),
            json!({"token": bob_token}),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    let r = server
        .post(
            &format!("/api/games/{id}/undo"),
            json!({"token": bob_token}),
        )
        .await;
    assert_eq!(r.status, 409, "a rated result stands: {}", r.text);

    let profile = send(
        &server,
        get.clone(),
        "/api/players/ANN",
        json!(null),
        None,
        &[],
    )
    .await;
    assert_eq!(profile.status, 200, "{}", profile.text);
    let ann_rating = &profile.body["ratings"]["triangoli"];
    assert!(
        ann_rating["rating"].as_f64().unwrap() > 1500.0,
        "{}",
        profile.body
    );
    assert_eq!(ann_rating["games"], 1);
    assert_eq!(ann_rating["provisional"], true);
    assert_eq!(ann_rating["history"].as_array().unwrap().len(), 1);
    // The game as a person reads it: against whom, what it was, how it ended for Ann, when.
    let played = &profile.body["games"][0];
    assert_eq!(played["id"], id.as_str());
    assert_eq!(
        (
            played["game"].clone(),
            played["name"].clone(),
            played["seat"].clone()
        ),
        (json!("triangoli"), json!("Triangoli"), json!(0))
    );
    assert_eq!(
        played["opponents"],
        json!([{"seat": 1, "name": "bob", "deleted": false, "kind": "human", "level": null}])
    );
    assert_eq!(
        (played["result"].clone(), played["rated"].clone()),
        (json!("won"), json!(true))
    );
    assert!(
        played["updated"].as_str().unwrap().ends_with('Z'),
        "{played}"
    );
    let bob_profile = send(
        &server,
        get.clone(),
        "/api/players/bob",
        json!(null),
        None,
        &[],
    )
    .await;
    assert!(
        bob_profile.body["ratings"]["triangoli"]["rating"]
            .as_f64()
            .unwrap()
            < 1500.0
    );
    assert_eq!(
        send(
            &server,
            get.clone(),
            "/api/players/nobody",
            json!(null),
            None,
            &[]
        )
        .await
        .status,
        404
    );

    // Eight rated games between them end at the same instant: every one is counted once.
    let mut games = Vec::new();
    for _ in 0..8 {
        games.push(rated_game(&server, "triangoli", &ann, &bob).await);
    }
    let barrier = Arc::new(Barrier::new(games.len()));
    let endings: Vec<_> = games
        .into_iter()
        .enumerate()
        .map(|(i, (id, ann_token, bob_token))| {
            let (server, barrier) = (Arc::clone(&server), Arc::clone(&barrier));
            tokio::spawn(async move {
                let token = if i % 2 == 0 { ann_token } else { bob_token };
                barrier.wait().await;
                server
                    .post(&format!("/api/games/{id}/resign"), json!({"token": token}))
                    .await
                    .status
            })
        })
        .collect();
    for e in endings {
        assert_eq!(e.await.unwrap(), 200);
    }
    for name in ["ann", "bob"] {
        let p = send(
            &server,
            get.clone(),
            &format!("/api/players/{name}"),
            json!(null),
            None,
            &[],
        )
        .await;
        let r = &p.body["ratings"]["triangoli"];
        assert_eq!(r["games"], 9, "{name}: {}", p.body);
        assert_eq!(r["history"].as_array().unwrap().len(), 9, "{name}");
    }
    let board = send(
        &server,
        get.clone(),
        "/api/leaderboard/triangoli",
        json!(null),
        None,
        &[],
    )
    .await;
    assert_eq!(board.status, 200, "{}", board.text);
    let all: Vec<&Value> = board.body["players"]
        .as_array()
        .unwrap()
        .iter()
        .chain(board.body["provisional"].as_array().unwrap())
        .collect();
    assert_eq!(all.len(), 2);
    let ratings: Vec<f64> = board.body["provisional"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["rating"].as_f64().unwrap())
        .collect();
    assert!(
        ratings.windows(2).all(|w| w[0] >= w[1]),
        "best first: {ratings:?}"
    );
    assert_eq!(
        send(
            &server,
            get.clone(),
            "/api/leaderboard/chess",
            json!(null),
            None,
            &[]
        )
        .await
        .status,
        404
    );
    assert_eq!(
        send(
            &server,
            get,
            "/api/leaderboard/four-triangles-3",
            json!(null),
            None,
            &[]
        )
        .await
        .body["players"],
        json!([])
    );
}

on_both!(rated_games_are_between_signed_in_players_and_rate_them_once);

/// The lobby shows whether a game is rated and who waits in it: a guest's open game by the name
/// given, with no rating; a signed-in creator's by their account's name and their rating in the
/// game's pool once they have one — the one their profile shows.
async fn the_lobby_shows_the_creators_name_and_rating(kind: &str) {
    let place = Place::new(kind).await;
    let server = start_on(&place.db).await;
    let ann = account(&server, "ann").await;
    let bob = account(&server, "bob").await;
    // A rated game Ann wins (Bob resigns), then one she waits in.
    let (id, _, bob_token) = rated_game(&server, "triangoli", &ann, &bob).await;
    let r = server
        .post(
            &format!("/api/games/{id}/resign"),
            json!({"token": bob_token}),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    let (waiting, _) = open_rated_game(&server, "triangoli", &ann).await;
    let waiting = json!(waiting);
    let r = server
        .post(
            "/api/games",
            json!({"game": "triangular",
            "seats": [{"kind": "human", "name": "Guest Gil"}, {"kind": "open"}]}),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text);
    let guests = r.body["id"].clone();

    let profile = server.get("/api/players/ann").await.body;
    let rating = profile["ratings"]["triangoli"]["rating"].as_f64().unwrap();
    assert!(rating > 1500.0, "the winner gained: {profile}");
    let lobby = server.get("/api/games?open=true").await.body;
    let line = |id: &Value| {
        lobby["games"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| &g["id"] == id)
            .unwrap_or_else(|| panic!("{id} in {lobby}"))
            .clone()
    };
    let ann_line = line(&waiting);
    assert_eq!(ann_line["rated"], true);
    assert_eq!(
        ann_line["creator"],
        json!({"seat": 0, "name": "ann", "rating": rating, "provisional": true})
    );
    let guest_line = line(&guests);
    assert_eq!(guest_line["rated"], false);
    assert_eq!(
        guest_line["creator"],
        json!({"seat": 0, "name": "Guest Gil", "rating": null, "provisional": false})
    );
}
on_both!(the_lobby_shows_the_creators_name_and_rating);

/// What a rated game did to each player's rating, by seat: before and after, the after being
/// what the profile then shows and the next game's before; nothing for a game not rated.
async fn a_rated_games_ending_says_each_players_rating_change(kind: &str) {
    let place = Place::new(kind).await;
    let server = start_on(&place.db).await;
    let ann = account(&server, "ann").await;
    let bob = account(&server, "bob").await;
    let mut last: Option<(f64, f64)> = None;
    for round in 0..2 {
        let (id, _, bob_token) = rated_game(&server, "triangoli", &ann, &bob).await;
        let before_end = server.get(&format!("/api/games/{id}/ratings")).await;
        assert_eq!(before_end.body, json!({"changes": []}), "not settled yet");
        let r = server
            .post(
                &format!("/api/games/{id}/resign"),
                json!({"token": bob_token}),
            )
            .await;
        assert_eq!(r.status, 200, "{}", r.text);
        let r = server.get(&format!("/api/games/{id}/ratings")).await;
        assert_eq!(r.status, 200, "{}", r.text);
        let changes = r.body["changes"].as_array().unwrap().clone();
        assert_eq!(changes.len(), 2, "{}", r.body);
        let get = |seat: usize, key: &str| changes[seat][key].as_f64().unwrap();
        assert_eq!(
            (changes[0]["seat"].clone(), changes[1]["seat"].clone()),
            (json!(0), json!(1))
        );
        let (ann_before, bob_before) = last.unwrap_or((1500.0, 1500.0));
        assert_eq!(
            (get(0, "before"), get(1, "before")),
            (ann_before, bob_before),
            "round {round}"
        );
        assert!(
            get(0, "after") > get(0, "before"),
            "the winner gains: {}",
            r.body
        );
        assert!(
            get(1, "after") < get(1, "before"),
            "the loser loses: {}",
            r.body
        );
        for (name, seat) in [("ann", 0), ("bob", 1)] {
            let profile = server.get(&format!("/api/players/{name}")).await.body;
            assert_eq!(
                profile["ratings"]["triangoli"]["rating"].as_f64(),
                Some(get(seat, "after"))
            );
        }
        last = Some((get(0, "after"), get(1, "after")));
    }
    // A game not rated, and no game at all.
    let (unrated, _) = server.create_humans("triangoli", 2).await;
    let r = server.get(&format!("/api/games/{unrated}/ratings")).await;
    assert_eq!(r.body, json!({"changes": []}));
    assert_eq!(server.get("/api/games/nope/ratings").await.status, 404);
}
on_both!(a_rated_games_ending_says_each_players_rating_change);

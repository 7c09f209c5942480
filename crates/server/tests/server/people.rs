//! Games between people: take-backs by consent, resignation, draws by agreement, rematches,
//! names, chat and presence — through the real HTTP API and WebSockets, on both stores.

use crate::common;

use std::sync::Arc;

use common::{next_view, start, watch, TestServer, Ws};
use serde_json::{json, Value};
use tokio::sync::Barrier;
use tokio_tungstenite::tungstenite::Message;
use trigonal_store::on_both;

impl TestServer {
    async fn act(&self, id: &str, what: &str, body: Value) -> common::Reply {
        self.post(&format!("/api/games/{id}/{what}"), body).await
    }
}

/// Plays moves (the first legal one each time) until `seat` has moved and it is a person's turn
/// again (computer seats answer by themselves).
async fn play_until(server: &TestServer, id: &str, tokens: &[Option<String>], plies: u64) -> Value {
    loop {
        let view = server
            .wait_for(id, |v| {
                v["to_move"].is_null()
                    || tokens
                        .get(v["to_move"].as_u64().unwrap() as usize)
                        .is_some_and(Option::is_some)
                    || v["ply"].as_u64().unwrap() >= plies
            })
            .await;
        if view["ply"].as_u64().unwrap() >= plies || view["to_move"].is_null() {
            return view;
        }
        let seat = view["to_move"].as_u64().unwrap() as usize;
        let mv = view["legal"][0].as_str().unwrap();
        let token = tokens[seat].as_ref().unwrap();
        let r = server
            .play(id, token, mv, view["ply"].as_u64().unwrap())
            .await;
        assert_eq!(r.status, 200, "{}", r.text);
    }
}

async fn a_take_back_of_other_peoples_moves_waits_for_all_of_them(kind: &str) {
    let server = start(kind).await;
    let (id, tokens) = server
        .create(json!({"game": "four-triangles", "players": 4,
                       "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "human"},
                                 {"kind": "ai", "level": "random"}]}))
        .await;
    let t: Vec<String> = tokens.iter().take(3).cloned().map(Option::unwrap).collect();
    // Seats 0, 1, 2 and the computer have moved; seat 0 is to move again.
    play_until(&server, &id, &tokens, 3).await;
    let before = server
        .wait_for(&id, |v| v["ply"] == 4 && v["to_move"] == 0)
        .await;
    assert_eq!(before["movers"], json!([0, 1, 2, 3]));
    assert_eq!(before["undo"], true);

    // Spectators cannot ask; a player who has not moved cannot either (none here: all moved).
    let r = server.act(&id, "undo", json!({"token": "nope"})).await;
    assert_eq!(r.status, 403, "{}", r.text);
    let r = server.act(&id, "undo", json!({"token": t[0]})).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(
        r.body["takeback"],
        json!({"by": 0, "from": 0, "waiting": [1, 2], "accepted": []})
    );
    assert_eq!(r.body["undo"], false, "one request at a time");
    assert_eq!(r.body["history"], before["history"]);
    let r = server.act(&id, "undo", json!({"token": t[1]})).await;
    assert_eq!(r.status, 409, "{}", r.text);
    assert!(r.error().contains("already"), "{}", r.error());

    // The asker cannot accept for the others; a seat answers once.
    let r = server
        .act(&id, "undo/answer", json!({"token": t[0], "accept": true}))
        .await;
    assert_eq!(r.status, 409, "{}", r.text);
    let r = server
        .act(&id, "undo/answer", json!({"token": t[1], "accept": true}))
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["takeback"]["accepted"], json!([1]));
    assert_eq!(
        r.body["history"], before["history"],
        "seat 2 has not agreed"
    );
    let r = server
        .act(&id, "undo/answer", json!({"token": t[1], "accept": true}))
        .await;
    assert_eq!(r.status, 403, "{}", r.text);
    let r = server.act(&id, "undo/answer", json!({"token": t[2]})).await;
    assert_eq!(r.status, 400, "accept is required: {}", r.text);
    let r = server
        .act(&id, "undo/answer", json!({"token": t[2], "accept": true}))
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["ply"], 0, "everything from seat 0's last turn on");
    assert_eq!(r.body["takeback"], Value::Null);

    // A request lapses when anyone moves.
    play_until(&server, &id, &tokens, 4).await;
    server
        .wait_for(&id, |v| v["ply"] == 4 && v["to_move"] == 0)
        .await;
    let r = server.act(&id, "undo", json!({"token": t[1]})).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["takeback"]["waiting"], json!([2]));
    let view = server.play_some(&id, &t, 0).await;
    assert_eq!(view["takeback"], Value::Null, "lapsed with the move");
    let r = server
        .act(&id, "undo/answer", json!({"token": t[2], "accept": true}))
        .await;
    assert_eq!(r.status, 409, "{}", r.text);
    assert_eq!(server.view(&id).await["ply"], 5, "nothing taken back");
}

on_both!(a_take_back_of_other_peoples_moves_waits_for_all_of_them);

async fn an_accept_and_a_decline_at_once_end_in_one_state(kind: &str) {
    let server = Arc::new(start(kind).await);
    for round in 0..6 {
        let (id, t) = server.create_humans("triangoli", 2).await;
        server.play_some(&id, &t, round).await;
        server.play_some(&id, &t, round + 1).await;
        let r = server.act(&id, "undo", json!({"token": t[0]})).await;
        assert_eq!(r.body["takeback"]["waiting"], json!([1]), "{}", r.text);
        let barrier = Arc::new(Barrier::new(2));
        let answer = |accept: bool| {
            let (server, barrier, id, token) = (
                Arc::clone(&server),
                Arc::clone(&barrier),
                id.clone(),
                t[1].clone(),
            );
            tokio::spawn(async move {
                barrier.wait().await;
                server
                    .act(
                        &id,
                        "undo/answer",
                        json!({"token": token, "accept": accept}),
                    )
                    .await
                    .status
            })
        };
        let (yes, no) = (answer(true), answer(false));
        let (yes, no) = (yes.await.unwrap(), no.await.unwrap());
        let mut statuses = [yes, no];
        statuses.sort_unstable();
        assert_eq!(statuses, [200, 409], "round {round}");
        let view = server.view(&id).await;
        assert_eq!(view["takeback"], Value::Null);
        let expected = if yes == 200 { 0 } else { 2 };
        assert_eq!(
            view["ply"], expected,
            "round {round}: the winner's effect only"
        );
    }
}

on_both!(an_accept_and_a_decline_at_once_end_in_one_state);

async fn resigning_ends_a_two_player_game_and_hands_a_seat_over_in_larger_ones(kind: &str) {
    let server = start(kind).await;
    let (id, t) = server.create_humans("triangoli", 2).await;
    server.play_some(&id, &t, 0).await;
    let r = server.act(&id, "resign", json!({"token": "nope"})).await;
    assert_eq!(r.status, 403, "{}", r.text);
    let r = server.act(&id, "resign", json!({"token": t[0]})).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["outcome"]["winners"], json!([1]));
    assert_eq!(r.body["outcome"]["reason"], "resignation");
    assert_eq!(r.body["to_move"], Value::Null);
    assert_eq!(r.body["legal"], json!([]));
    assert_eq!(r.body["seats"][0]["resigned"], true);
    let r = server.act(&id, "resign", json!({"token": t[1]})).await;
    assert_eq!(r.status, 409, "{}", r.text);
    let view = server.view(&id).await;
    let r = server.play(&id, &t[1], "c3", 1).await;
    assert_eq!(r.status, 422, "{}", r.text);
    let r = server.act(&id, "undo", json!({"token": t[0]})).await;
    assert_eq!(
        r.status, 409,
        "no take-back after a resignation: {}",
        r.text
    );
    assert_eq!(server.view(&id).await, view, "refusals change nothing");

    // Three players: the game goes on, the computer in the resigned seat.
    let (id, tokens) = server
        .create(json!({"game": "four-triangles", "players": 3,
                       "seats": [{"kind": "human"}, {"kind": "human"},
                                 {"kind": "ai", "level": "random"}]}))
        .await;
    let t: Vec<String> = tokens.iter().take(2).cloned().map(Option::unwrap).collect();
    let r = server.act(&id, "resign", json!({"token": t[1]})).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["outcome"], Value::Null, "the game goes on");
    assert_eq!(
        r.body["seats"][1],
        json!({"seat": 1, "kind": "ai", "level": "easy", "taken": true, "name": null,
               "account": null, "deleted": false,
               "present": false, "resigned": true, "out_of_time": false})
    );
    server.play_some(&id, &t, 0).await;
    // The computer plays seat 1, then seat 2; seat 1's token cannot move any more.
    let view = server
        .wait_for(&id, |v| v["ply"].as_u64().unwrap() >= 3)
        .await;
    assert_eq!(view["movers"][1], 1);
    assert_eq!(view["movers"][2], 2);
    let r = server.act(&id, "resign", json!({"token": t[1]})).await;
    assert_eq!(r.status, 409, "{}", r.text);
}

on_both!(resigning_ends_a_two_player_game_and_hands_a_seat_over_in_larger_ones);

async fn a_draw_is_offered_declined_lapses_and_is_agreed(kind: &str) {
    let server = start(kind).await;
    let (id, t) = server.create_humans("triangoli", 2).await;
    let draw = |token: &str, accept: Option<bool>| {
        let body = match accept {
            Some(a) => json!({"token": token, "accept": a}),
            None => json!({"token": token}),
        };
        server.act(&id, "draw", body)
    };
    let r = draw(&t[0], None).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["draw_offer"], 0);
    assert_eq!(
        draw(&t[0], None).await.body["draw_offer"],
        0,
        "offered once"
    );
    let view = server.play_some(&id, &t, 0).await;
    assert_eq!(view["draw_offer"], Value::Null, "lapsed with a move");
    assert_eq!(
        draw(&t[1], Some(false)).await.status,
        409,
        "nothing to decline"
    );
    assert_eq!(draw(&t[1], None).await.body["draw_offer"], 1);
    let r = draw(&t[0], Some(false)).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["draw_offer"], Value::Null, "declined");
    assert_eq!(r.body["outcome"], Value::Null);
    draw(&t[0], None).await;
    let r = draw(&t[1], None).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(
        r.body["outcome"],
        json!({"winners": [], "scores": r.body["scores"], "reason": "agreement"})
    );
    assert_eq!(r.body["to_move"], Value::Null);
    assert_eq!(draw(&t[0], None).await.status, 409, "the game is over");

    // Not against the computer, nor with more than two players.
    let (id, tokens) = server
        .create(json!({"game": "triangoli", "seats": [{"kind": "human"}, {"kind": "ai"}]}))
        .await;
    let r = server
        .act(&id, "draw", json!({"token": tokens[0].clone().unwrap()}))
        .await;
    assert_eq!(r.status, 409, "{}", r.text);
    let (id, t) = server.create_humans("triangle-game", 3).await;
    let r = server.act(&id, "draw", json!({"token": t[0]})).await;
    assert_eq!(r.status, 409, "{}", r.text);
}

on_both!(a_draw_is_offered_declined_lapses_and_is_agreed);

async fn players_who_ask_at_once_get_one_rematch_with_seats_moved_on(kind: &str) {
    let server = Arc::new(start(kind).await);
    let (id, tokens) = server
        .create(json!({"game": "triangoli",
                       "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]}))
        .await;
    let t: Vec<String> = tokens.into_iter().map(Option::unwrap).collect();
    server.play_some(&id, &t, 0).await;
    let r = server.act(&id, "rematch", json!({"token": t[0]})).await;
    assert_eq!(r.status, 409, "not over yet: {}", r.text);
    server.act(&id, "resign", json!({"token": t[1]})).await;
    let r = server.act(&id, "rematch", json!({"token": "nope"})).await;
    assert_eq!(r.status, 403, "{}", r.text);

    let barrier = Arc::new(Barrier::new(2));
    let ask = |token: String| {
        let (server, barrier, id) = (Arc::clone(&server), Arc::clone(&barrier), id.clone());
        tokio::spawn(async move {
            barrier.wait().await;
            server.act(&id, "rematch", json!({"token": token})).await
        })
    };
    let (a, b) = (ask(t[0].clone()), ask(t[1].clone()));
    let (a, b) = (a.await.unwrap(), b.await.unwrap());
    assert_eq!((a.status, b.status), (200, 200), "{} / {}", a.text, b.text);
    assert_eq!(a.headers["cache-control"], "no-store");
    assert_eq!(a.body["id"], b.body["id"], "one rematch");
    let new = a.body["id"].as_str().unwrap().to_string();
    assert_eq!(
        (a.body["seat"].clone(), b.body["seat"].clone()),
        (json!(1), json!(0))
    );
    assert_eq!(server.view(&id).await["rematch"], new.as_str());
    let again = server.act(&id, "rematch", json!({"token": t[0]})).await;
    assert_eq!(
        again.body, a.body,
        "asking again gives the same seat and token"
    );

    let view = server.view(&new).await;
    assert_eq!(view["rematch_of"], id.as_str());
    assert_eq!(view["seats"][0]["name"], "Bob");
    assert_eq!(view["seats"][1]["name"], "Ann");
    assert_eq!(view["ply"], 0);
    let nt = [
        b.body["token"].as_str().unwrap().to_string(),
        a.body["token"].as_str().unwrap().to_string(),
    ];
    server.play_some(&new, &nt, 0).await;
    server.play_some(&new, &nt, 0).await;
    // The old tokens are not the new game's.
    let view = server.view(&new).await;
    let mv = view["legal"][0].as_str().unwrap();
    assert_eq!(server.play(&new, &t[0], mv, 2).await.status, 403);

    // Against the computer: it keeps its level and moves to the other seat, and so moves first.
    let (id, tokens) = server
        .create(json!({"game": "triangoli",
                       "seats": [{"kind": "human"}, {"kind": "ai", "level": "random"}]}))
        .await;
    let token = tokens[0].clone().unwrap();
    server.act(&id, "resign", json!({"token": token})).await;
    let r = server.act(&id, "rematch", json!({"token": token})).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["seat"], 1);
    let new = r.body["id"].as_str().unwrap();
    let view = server.wait_for(new, |v| v["ply"] == 1).await;
    assert_eq!(view["seats"][0]["kind"], "ai");
    assert_eq!(view["seats"][0]["level"], "random");
    assert_eq!(view["to_move"], 1);
}

on_both!(players_who_ask_at_once_get_one_rematch_with_seats_moved_on);

async fn a_rematch_seat_waits_for_its_player(kind: &str) {
    let server = start(kind).await;
    let (id, t) = server.create_humans("triangoli", 2).await;
    server.act(&id, "resign", json!({"token": t[0]})).await;
    let r = server.act(&id, "rematch", json!({"token": t[0]})).await;
    let new = r.body["id"].as_str().unwrap();
    let view = server.view(new).await;
    assert_eq!(view["seats"][0]["kind"], "human");
    assert_eq!(view["seats"][0]["taken"], false, "kept for old seat 1");
    // Nobody else can take it from the lobby.
    let r = server
        .post(&format!("/api/games/{new}/join"), json!({"seat": 0}))
        .await;
    assert_eq!(r.status, 409, "{}", r.text);
    let r = server.act(&id, "rematch", json!({"token": t[1]})).await;
    assert_eq!(r.body["seat"], 0);
    assert_eq!(server.view(new).await["seats"][0]["taken"], true);
}

on_both!(a_rematch_seat_waits_for_its_player);

async fn names_are_checked_and_shown(kind: &str) {
    let server = start(kind).await;
    for bad in [
        json!(""),
        json!("   "),
        json!("x".repeat(25)),
        json!("a\nb"),
        json!("\u{202e}evil"),
        json!("zero\u{200b}width"),
        json!(3),
    ] {
        let r = server
            .post(
                "/api/games",
                json!({"game": "triangoli", "seats": [{"kind": "human", "name": bad}, {"kind": "open"}]}),
            )
            .await;
        assert_eq!(r.status, 400, "{bad}: {}", r.text);
    }
    let long = "é".repeat(24);
    let (id, _) = server
        .create(json!({"game": "triangoli",
                       "seats": [{"kind": "human", "name": long}, {"kind": "open"}]}))
        .await;
    let r = server
        .post(
            &format!("/api/games/{id}/join"),
            json!({"seat": 1, "name": "<img src=x>"}),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    let r = server
        .post(
            &format!("/api/games/{id}/join"),
            json!({"seat": 1, "name": ""}),
        )
        .await;
    assert_eq!(r.status, 400);
    let view = server.view(&id).await;
    assert_eq!(view["seats"][0]["name"], long.as_str());
    assert_eq!(view["seats"][1]["name"], "<img src=x>", "stored as text");
    assert_eq!(view["creator"], 0);
}

on_both!(names_are_checked_and_shown);

async fn chat_is_for_players_limited_and_can_be_turned_off(kind: &str) {
    let server = start(kind).await;
    let (id, t) = server.create_humans("triangoli", 2).await;
    let (mut spectator, first) = watch(&server, &id).await;
    assert_eq!(first["chat"], json!({"enabled": true, "messages": []}));
    let say =
        |token: &str, text: &str| server.act(&id, "chat", json!({"token": token, "text": text}));
    assert_eq!(say("nope", "hi").await.status, 403);
    assert_eq!(say(&t[0], "  ").await.status, 400);
    assert_eq!(say(&t[0], &"x".repeat(201)).await.status, 400);
    assert_eq!(say(&t[0], "two\nlines").await.status, 400);
    let r = say(&t[0], " <b>hi</b> ").await;
    assert_eq!(r.status, 200, "{}", r.text);
    let seen = next_view(&mut spectator).await;
    assert_eq!(seen["chat"]["messages"][0]["seat"], 0);
    assert_eq!(seen["chat"]["messages"][0]["text"], "<b>hi</b>");
    assert_eq!(say(&t[1], &"y".repeat(200)).await.status, 200);
    // Five a seat in ten seconds.
    for i in 1..5 {
        assert_eq!(say(&t[0], &format!("m{i}")).await.status, 200);
    }
    let r = say(&t[0], "one too many").await;
    assert_eq!(r.status, 429, "{}", r.text);
    let wait: u64 = r.headers["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=10).contains(&wait), "{wait}");
    assert_eq!(say(&t[1], "the other seat may").await.status, 200);
    assert_eq!(
        server.view(&id).await["chat"]["messages"]
            .as_array()
            .unwrap()
            .len(),
        7
    );

    // Only the creator (seat 0, the first human seat) turns it off; then nobody writes.
    let enable = |token: &str, on: bool| {
        server.act(&id, "chat/enabled", json!({"token": token, "enabled": on}))
    };
    assert_eq!(enable(&t[1], false).await.status, 403);
    let r = enable(&t[0], false).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["chat"]["enabled"], false);
    assert_eq!(say(&t[1], "hello?").await.status, 409);
    assert_eq!(enable(&t[0], true).await.body["chat"]["enabled"], true);
    assert_eq!(say(&t[1], "back").await.status, 200);
}

on_both!(chat_is_for_players_limited_and_can_be_turned_off);

/// Sends `{"token": token}` on a player's socket.
async fn hello(ws: &mut Ws, token: &str) {
    ws.send(Message::Text(json!({"token": token}).to_string().into()))
        .await
        .unwrap();
}

async fn a_seat_is_present_while_its_players_socket_is_open(kind: &str) {
    let server = start(kind).await;
    let (id, t) = server.create_humans("triangoli", 2).await;
    let (mut watcher, first) = watch(&server, &id).await;
    assert_eq!(first["seats"][1]["present"], false);
    let (mut player, _) = watch(&server, &id).await;
    hello(&mut player, "not a token").await;
    let error = next_view(&mut player).await;
    assert!(
        error["error"].as_str().unwrap().contains("token"),
        "{error}"
    );
    hello(&mut player, &t[1]).await;
    let view = next_view(&mut watcher).await;
    assert_eq!(view["seats"][1]["present"], true);
    assert_eq!(view["seats"][0]["present"], false);
    assert_eq!(server.view(&id).await["seats"][1]["present"], true);
    // A second socket of the same seat, then the first closes: still present.
    let (mut again, _) = watch(&server, &id).await;
    hello(&mut again, &t[1]).await;
    // (The hello has no answer: give the server a moment to count it.)
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    player.socket.close(None).await.unwrap();
    drop(player);
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(
        server.view(&id).await["seats"][1]["present"],
        true,
        "one socket is left"
    );
    again.socket.close(None).await.unwrap();
    let view = next_view(&mut watcher).await;
    assert_eq!(view["seats"][1]["present"], false);
    assert_eq!(server.view(&id).await["seats"][1]["present"], false);
}

on_both!(a_seat_is_present_while_its_players_socket_is_open);

async fn every_game_at_every_number_of_players_has_names_chat_requests_and_resignation(kind: &str) {
    let server = start(kind).await;
    for (game, players) in [
        ("triangoli", 2),
        ("triangular", 2),
        ("four-triangles", 2),
        ("four-triangles", 3),
        ("four-triangles", 4),
        ("triangle-game", 3),
    ] {
        let seats: Vec<Value> = (0..players)
            .map(|i| json!({"kind": "human", "name": format!("P{i}")}))
            .collect();
        let (id, tokens) = server
            .create(json!({"game": game, "players": players, "seats": seats}))
            .await;
        let t: Vec<String> = tokens.into_iter().map(Option::unwrap).collect();
        // Each seat plays a turn (in The Triangle Game a turn is several actions).
        let mut view = server.view(&id).await;
        while view["movers"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|&m| m == players - 1)
            .count()
            == 0
        {
            view = server.play_some(&id, &t, 1).await;
        }
        let first_turn_end = view["movers"]
            .as_array()
            .unwrap()
            .iter()
            .position(|m| m != 0)
            .unwrap();
        assert_eq!(
            view["seats"][players - 1]["name"],
            format!("P{}", players - 1),
            "{game}"
        );
        let r = server
            .act(&id, "chat", json!({"token": t[1], "text": "gl hf"}))
            .await;
        assert_eq!(r.body["chat"]["messages"][0]["text"], "gl hf", "{game}");
        // Seat 0 asks to take back its turn: everyone else who moved since must agree.
        let r = server.act(&id, "undo", json!({"token": t[0]})).await;
        assert_eq!(r.status, 200, "{game}: {}", r.text);
        let waiting: Vec<u64> = (1..players as u64).collect();
        assert_eq!(r.body["takeback"]["waiting"], json!(waiting), "{game}");
        for token in &t[1..] {
            let r = server
                .act(&id, "undo/answer", json!({"token": token, "accept": true}))
                .await;
            assert_eq!(r.status, 200, "{game}: {}", r.text);
        }
        let view = server.view(&id).await;
        assert_eq!(
            view["ply"], 0,
            "{game}: taken back to before seat 0's turn ({first_turn_end})"
        );
        // The last seat resigns: a 2-player game ends, a larger one goes on with the computer.
        let r = server
            .act(&id, "resign", json!({"token": t[players - 1]}))
            .await;
        assert_eq!(r.status, 200, "{game}: {}", r.text);
        if players == 2 {
            assert_eq!(r.body["outcome"]["reason"], "resignation", "{game}");
            let again = server.act(&id, "rematch", json!({"token": t[0]})).await;
            assert_eq!(again.status, 200, "{game}: {}", again.text);
            let new = again.body["id"].as_str().unwrap();
            let view = server.view(new).await;
            assert_eq!(view["game"], game);
            assert_eq!(view["seats"][1]["name"], "P0", "{game}: colours swapped");
        } else {
            assert_eq!(r.body["outcome"], Value::Null, "{game}");
            assert_eq!(r.body["seats"][players - 1]["kind"], "ai", "{game}");
        }
    }
}

on_both!(every_game_at_every_number_of_players_has_names_chat_requests_and_resignation);

//! Accounts and sessions through the API, on both stores: names and passwords checked, cookies
//! that scripts cannot read, one answer for a wrong name or password, sign-in limits, a change of
//! password ending the other sessions, and nothing usable in a copy of the database.

use crate::common;

use common::{account, account_with, cookie_of, send, start_on, Place};
use serde_json::json;
use trigonal_store::on_both;

/// `GET /api/me` with `cookie`: its status.
async fn me_status(server: &common::TestServer, cookie: Option<&str>) -> u16 {
    send(
        server,
        reqwest::Method::GET,
        "/api/me",
        json!(null),
        cookie,
        &[],
    )
    .await
    .status
}

/// Names and passwords are checked; a new account gets a session cookie scripts cannot read,
/// Secure behind a proxy speaking HTTPS; a name is taken whatever its letters' case.
async fn sign_up_checks_the_name_and_password_and_sets_the_cookie(kind: &str) {
    let place = Place::new(kind).await;
    let server = start_on(&place.db).await;
    let post = reqwest::Method::POST;
    for (name, password) in [
        ("ab", "long enough"),
        ("a".repeat(21).as_str(), "long enough"),
        ("with space", "long enough"),
        ("émile", "long enough"),
        ("fine_name", "short"),
        ("fine_name", &"x".repeat(201)),
    ] {
        let r = send(
            &server,
            post.clone(),
            "/api/accounts",
            json!({"name": name, "password": password}),
            None,
            &[],
        )
        .await;
        assert_eq!(r.status, 400, "{name}: {}", r.text);
    }
    let r = send(
        &server,
        post.clone(),
        "/api/accounts",
        json!({"name": "Ann-1", "password": "correct horse"}),
        None,
        &[],
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.text);
    assert_eq!(r.body["name"], "Ann-1");
    assert_eq!(r.headers["cache-control"], "no-store");
    let (ann, header) = cookie_of(&r);
    assert!(ann.starts_with("trigonal_session="), "{header}");
    for part in ["HttpOnly", "SameSite=Lax", "Path=/", "Max-Age=2592000"] {
        assert!(header.contains(part), "{part} in {header}");
    }
    assert!(!header.contains("Secure"), "plain HTTP: {header}");
    let r = send(
        &server,
        post.clone(),
        "/api/accounts",
        json!({"name": "ANN-1", "password": "another one"}),
        None,
        &[],
    )
    .await;
    assert_eq!(r.status, 409, "taken, ignoring case: {}", r.text);
    assert_eq!(r.body["code"], "name-taken");
    assert_eq!(r.body["params"], json!({"name": "ANN-1"}));
    // Behind a proxy speaking HTTPS the cookie is Secure.
    let r = send(
        &server,
        post,
        "/api/accounts",
        json!({"name": "bob", "password": "hunter22"}),
        None,
        &[("x-forwarded-proto", "https")],
    )
    .await;
    assert!(cookie_of(&r).1.contains("Secure"), "{}", cookie_of(&r).1);
}
on_both!(sign_up_checks_the_name_and_password_and_sets_the_cookie);

/// `/api/me` knows the session's account; a guest, or a cookie of no session, is told so
/// without an error, while what needs an account refuses them.
async fn me_is_the_sessions_account_and_a_guest_is_no_error(kind: &str) {
    let place = Place::new(kind).await;
    let server = start_on(&place.db).await;
    let get = reqwest::Method::GET;
    let ann = account_with(&server, "Ann-1", "correct horse").await;
    let r = send(
        &server,
        get.clone(),
        "/api/me",
        json!(null),
        Some(&ann),
        &[],
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["name"], "Ann-1");
    for cookie in [None, Some("trigonal_session=forged")] {
        let r = send(&server, get.clone(), "/api/me", json!(null), cookie, &[]).await;
        assert_eq!((r.status, r.text.as_str()), (204, ""), "{cookie:?}");
        assert_eq!(r.headers["cache-control"], "no-store");
        let r = send(
            &server,
            get.clone(),
            "/api/me/games",
            json!(null),
            cookie,
            &[],
        )
        .await;
        assert_eq!(r.status, 401, "{cookie:?}");
        assert_eq!(r.body["code"], "not-signed-in");
    }
}
on_both!(me_is_the_sessions_account_and_a_guest_is_no_error);

/// A wrong password and an unknown name get the same answer; the right one signs in under the
/// name as chosen, whatever the case typed.
async fn sign_in_answers_a_wrong_password_as_an_unknown_name(kind: &str) {
    let place = Place::new(kind).await;
    let server = start_on(&place.db).await;
    let post = reqwest::Method::POST;
    account_with(&server, "Ann-1", "correct horse").await;
    let session = |name: &'static str, password: &'static str| {
        send(
            &server,
            post.clone(),
            "/api/session",
            json!({"name": name, "password": password}),
            None,
            &[],
        )
    };
    let wrong = session("ann-1", "wrong horse").await;
    let unknown = session("nobody", "wrong horse").await;
    assert_eq!((wrong.status, unknown.status), (401, 401));
    assert_eq!(wrong.text, unknown.text);
    let r = session("ann-1", "correct horse").await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["name"], "Ann-1", "the name as chosen");
}
on_both!(sign_in_answers_a_wrong_password_as_an_unknown_name);

/// A change of password needs the old one and ends the other sessions, not this one; signing
/// out ends the session and clears the cookie.
async fn a_new_password_ends_the_other_sessions_and_signing_out_this_one(kind: &str) {
    let place = Place::new(kind).await;
    let server = start_on(&place.db).await;
    let post = reqwest::Method::POST;
    let ann = account_with(&server, "Ann-1", "correct horse").await;
    let r = send(
        &server,
        post.clone(),
        "/api/session",
        json!({"name": "Ann-1", "password": "correct horse"}),
        None,
        &[],
    )
    .await;
    let (second, _) = cookie_of(&r);
    let change = |old: &'static str| {
        send(
            &server,
            post.clone(),
            "/api/me/password",
            json!({"password": old, "new_password": "battery staple"}),
            Some(&ann),
            &[],
        )
    };
    assert_eq!(change("wrong").await.status, 401);
    let r = change("correct horse").await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(
        me_status(&server, Some(&second)).await,
        204,
        "the other session ended"
    );
    assert_eq!(
        me_status(&server, Some(&ann)).await,
        200,
        "this one goes on"
    );
    let r = send(
        &server,
        post,
        "/api/session",
        json!({"name": "Ann-1", "password": "correct horse"}),
        None,
        &[],
    )
    .await;
    assert_eq!(r.status, 401, "the old password");

    let r = send(
        &server,
        reqwest::Method::DELETE,
        "/api/session",
        json!(null),
        Some(&ann),
        &[],
    )
    .await;
    assert_eq!(r.status, 204);
    assert!(
        cookie_of(&r).1.contains("trigonal_session="),
        "the cookie is cleared"
    );
    assert_eq!(me_status(&server, Some(&ann)).await, 204);
}
on_both!(a_new_password_ends_the_other_sessions_and_signing_out_this_one);

/// A copy of the database holds neither a password nor a session secret.
async fn the_database_holds_no_password_and_no_session_secret(kind: &str) {
    let place = Place::new(kind).await;
    let server = start_on(&place.db).await;
    let ann = account_with(&server, "Ann-1", "correct horse").await;
    let r = send(
        &server,
        reqwest::Method::POST,
        "/api/me/password",
        json!({"password": "correct horse", "new_password": "battery staple"}),
        Some(&ann),
        &[],
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text);
    account_with(&server, "bob", "hunter22").await;
    drop(server);
    let stored = common::everything_stored(&place).await;
    for secret in [
        "correct horse",
        "battery staple",
        "hunter22",
        ann.split('=').nth(1).unwrap(),
    ] {
        assert!(
            !stored.windows(secret.len()).any(|w| w == secret.as_bytes()),
            "{secret}"
        );
    }
}
on_both!(the_database_holds_no_password_and_no_session_secret);

async fn sign_in_attempts_are_limited_per_name(kind: &str) {
    let place = Place::new(kind).await;
    let server = start_on(&place.db).await;
    let post = reqwest::Method::POST;
    send(
        &server,
        post.clone(),
        "/api/accounts",
        json!({"name": "carol", "password": "right password"}),
        None,
        &[],
    )
    .await;
    for _ in 0..10 {
        let r = send(
            &server,
            post.clone(),
            "/api/session",
            json!({"name": "Carol", "password": "guess"}),
            None,
            &[],
        )
        .await;
        assert_eq!(r.status, 401);
    }
    let r = send(
        &server,
        post.clone(),
        "/api/session",
        json!({"name": "carol", "password": "right password"}),
        None,
        &[],
    )
    .await;
    assert_eq!(r.status, 429, "{}", r.text);
    assert!(r.headers.contains_key("retry-after"));
    // Another name is not held up by carol's.
    let r = send(
        &server,
        post,
        "/api/session",
        json!({"name": "dave", "password": "guess"}),
        None,
        &[],
    )
    .await;
    assert_eq!(r.status, 401, "{}", r.text);
}

on_both!(sign_in_attempts_are_limited_per_name);

async fn seats_belong_to_accounts_and_every_browser_gets_their_token(kind: &str) {
    let place = Place::new(kind).await;
    let server = start_on(&place.db).await;
    let post = reqwest::Method::POST;
    let get = reqwest::Method::GET;
    let me = json!({"game": "triangoli", "seats": [{"kind": "human", "player": "me"}, {"kind": "open"}]});
    let r = send(&server, post.clone(), "/api/games", me.clone(), None, &[]).await;
    assert_eq!(r.status, 401, "a guest is nobody's me: {}", r.text);
    let bad = json!({"game": "triangoli", "seats": [{"kind": "human", "player": "you"}, {"kind": "open"}]});
    let ann = account(&server, "ann").await;
    assert_eq!(
        send(&server, post.clone(), "/api/games", bad, Some(&ann), &[])
            .await
            .status,
        400
    );
    let r = send(&server, post.clone(), "/api/games", me, Some(&ann), &[]).await;
    assert_eq!(r.status, 201, "{}", r.text);
    let id = r.body["id"].as_str().unwrap().to_string();
    let first_token = r.body["seats"][0]["token"].as_str().unwrap().to_string();
    assert_eq!(
        server.view(&id).await["seats"][0]["name"],
        "ann",
        "the account's name"
    );

    // Bob joins signed in; both see the game in their list, with a token for this browser.
    let bob = account(&server, "bob").await;
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
    let list = send(
        &server,
        get.clone(),
        "/api/me/games",
        json!(null),
        Some(&ann),
        &[],
    )
    .await;
    assert_eq!(list.status, 200, "{}", list.text);
    let games = list.body["games"].as_array().unwrap();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0]["id"], id.as_str());
    assert_eq!(games[0]["seat"], 0);
    assert_eq!(games[0]["your_turn"], true);
    let ann_token = games[0]["token"].as_str().unwrap().to_string();
    assert_ne!(ann_token, first_token);
    let again = send(
        &server,
        get.clone(),
        "/api/me/games",
        json!(null),
        Some(&ann),
        &[],
    )
    .await;
    assert_eq!(
        again.body["games"][0]["token"],
        ann_token.as_str(),
        "the same for this browser"
    );
    // The token from the list plays; so does the one handed out at creation.
    let legal = server.view(&id).await["legal"].clone();
    assert_eq!(
        server
            .play(&id, &ann_token, legal[0].as_str().unwrap(), 0)
            .await
            .status,
        200
    );
    let bob_list = send(
        &server,
        get.clone(),
        "/api/me/games",
        json!(null),
        Some(&bob),
        &[],
    )
    .await;
    let bob_token = bob_list.body["games"][0]["token"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(bob_list.body["games"][0]["your_turn"], true);
    let legal = server.view(&id).await["legal"].clone();
    assert_eq!(
        server
            .play(&id, &bob_token, legal[0].as_str().unwrap(), 1)
            .await
            .status,
        200
    );
    let legal = server.view(&id).await["legal"].clone();
    assert_eq!(
        server
            .play(&id, &first_token, legal[0].as_str().unwrap(), 2)
            .await
            .status,
        200
    );
    // Another browser of ann's (another session) gets another token, which plays too.
    let r = send(
        &server,
        post.clone(),
        "/api/session",
        json!({"name": "ann", "password": "a long password"}),
        None,
        &[],
    )
    .await;
    let other_browser = cookie_of(&r).0;
    let list = send(
        &server,
        get.clone(),
        "/api/me/games",
        json!(null),
        Some(&other_browser),
        &[],
    )
    .await;
    let other_token = list.body["games"][0]["token"].as_str().unwrap().to_string();
    assert_ne!(other_token, ann_token);
    assert_eq!(list.body["games"][0]["your_turn"], false, "bob to move");
    // Bob's token is not ann's seat: his list shows only his.
    assert_eq!(bob_list.body["games"].as_array().unwrap().len(), 1);

    // A guest's game is kept by signing up: the tokens this browser holds are sent along.
    let (guest_game, tokens) = server.create_humans("triangular", 2).await;
    let carol = account(&server, "carol").await;
    let r = send(
        &server,
        post.clone(),
        "/api/me/games",
        json!({"games": [{"id": guest_game, "token": tokens[1]}]}),
        Some(&carol),
        &[],
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text);
    let mine = r.body["games"].as_array().unwrap();
    assert_eq!(mine.len(), 1);
    assert_eq!(mine[0]["seat"], 1);
    // Nobody else can take it; a wrong token is refused; and no guest can list.
    let r = send(
        &server,
        post.clone(),
        "/api/me/games",
        json!({"games": [{"id": guest_game, "token": tokens[1]}]}),
        Some(&bob),
        &[],
    )
    .await;
    assert_eq!(r.status, 409, "{}", r.text);
    let r = send(
        &server,
        post.clone(),
        "/api/me/games",
        json!({"games": [{"id": guest_game, "token": "nope"}]}),
        Some(&bob),
        &[],
    )
    .await;
    assert_eq!(r.status, 403, "{}", r.text);
    assert_eq!(
        send(&server, get, "/api/me/games", json!(null), None, &[])
            .await
            .status,
        401
    );
}

on_both!(seats_belong_to_accounts_and_every_browser_gets_their_token);

/// A seat that resigned a game of three is still its account's game — listed among its games,
/// from a new device too, out of the game and never its turn, and handed to the account again
/// as before — on whichever process answers (the store and each process's memory agree).
async fn a_resigned_seat_stays_its_accounts_game(kind: &str) {
    let place = Place::new(kind).await;
    let server = start_on(&place.db).await;
    let ann = account(&server, "ann").await;
    let me = json!({"kind": "human", "player": "me"});
    let r = send(
        &server,
        reqwest::Method::POST,
        "/api/games",
        json!({"game": "four-triangles", "players": 3, "seats": [me, me, me]}),
        Some(&ann),
        &[],
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.text);
    let id = r.body["id"].as_str().unwrap().to_string();
    let token = r.body["seats"][0]["token"].as_str().unwrap().to_string();
    let r = server
        .post(&format!("/api/games/{id}/resign"), json!({"token": token}))
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["seats"][0]["resigned"], true);

    // Asked of this process (which made the change) and of another (which reads the store).
    let other = start_on(&server.db).await;
    for (at, answering) in [("this process", &server), ("another process", &other)] {
        let list = send(
            answering,
            reqwest::Method::GET,
            "/api/me/games",
            json!(null),
            Some(&ann),
            &[],
        )
        .await;
        assert_eq!(list.status, 200, "{at}: {}", list.text);
        let games = list.body["games"].as_array().unwrap();
        assert_eq!(games.len(), 3, "{at}: one entry a seat");
        let seat0 = games.iter().find(|g| g["seat"] == 0).unwrap();
        assert_eq!(
            (&seat0["out"], &seat0["your_turn"]),
            (&json!(true), &json!(false)),
            "{at}"
        );
        let one = send(
            answering,
            reqwest::Method::GET,
            &format!("/api/me/games/{id}"),
            json!(null),
            Some(&ann),
            &[],
        )
        .await;
        assert_eq!(one.status, 200, "{at}: {}", one.text);
        // The browser's guest tokens handed over again: nothing to change.
        let r = send(
            answering,
            reqwest::Method::POST,
            "/api/me/games",
            json!({"games": [{"id": id, "token": token}]}),
            Some(&ann),
            &[],
        )
        .await;
        assert_eq!(r.status, 200, "{at}: {}", r.text);
    }
    // The seat acts no more.
    let r = server
        .post(&format!("/api/games/{id}/resign"), json!({"token": token}))
        .await;
    assert_eq!((r.status, r.code()), (409, "out-of-game"), "{}", r.text);
}
on_both!(a_resigned_seat_stays_its_accounts_game);

/// A friend who opens an invite link while signed in takes the seat for their account: it is
/// among their games, under their name for everyone, and stays a seat the creator named
/// otherwise where the creator named it.
async fn an_invited_friend_signed_in_takes_the_seat_named(kind: &str) {
    let place = Place::new(kind).await;
    let server = start_on(&place.db).await;
    let ann = account(&server, "ann").await;
    let cid = account(&server, "cid").await;
    let r = send(
        &server,
        reqwest::Method::POST,
        "/api/games",
        json!({"game": "triangoli", "seats": [{"kind": "human", "player": "me"}, {"kind": "human"}]}),
        Some(&ann),
        &[],
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.text);
    let id = r.body["id"].as_str().unwrap().to_string();
    let invite = r.body["seats"][1]["token"].as_str().unwrap().to_string();
    assert_eq!(server.view(&id).await["seats"][1]["name"], json!(null));
    // What the game page does with the link's token, signed in.
    let r = send(
        &server,
        reqwest::Method::POST,
        "/api/me/games",
        json!({"games": [{"id": id, "token": invite}]}),
        Some(&cid),
        &[],
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["games"][0]["id"], id.as_str());
    assert_eq!(r.body["games"][0]["seat"], 1);
    // Seen by everyone, from this process and from another on the same store.
    let other = start_on(&server.db).await;
    for s in [&server, &other] {
        let seats = &s.view(&id).await["seats"];
        assert_eq!(
            (&seats[0]["name"], &seats[1]["name"]),
            (&json!("ann"), &json!("cid"))
        );
    }
    let profile = server.get("/api/players/ann").await;
    assert_eq!(
        profile.body["games"][0]["opponents"][0]["name"], "cid",
        "{}",
        profile.text
    );
    // Another account cannot take it from Cid; Ann's own seat stays hers.
    let bob = account(&server, "bob").await;
    let r = send(
        &server,
        reqwest::Method::POST,
        "/api/me/games",
        json!({"games": [{"id": id, "token": invite}]}),
        Some(&bob),
        &[],
    )
    .await;
    assert_eq!(r.status, 409, "{}", r.text);
}
on_both!(an_invited_friend_signed_in_takes_the_seat_named);

//! The promises of seeks, on both stores: a seek is filled seat by seat and becomes exactly one
//! game however many accept it at once from two processes; the seeker cannot take a seat twice;
//! leaving frees a seat or cancels the seek; a seek nobody renews lapses, and a filled one is
//! listed a while with its game.

use std::sync::Arc;

use tokio::sync::Barrier;
use trigonal_store::testing::{second, Place};
use trigonal_store::{
    on_both, open, AccountRow, GameRow, Left, SeatKind, SeatRow, SeekRow, SeekSeat, Starter, Store,
    StoreEvent, Table, Taken, TokenDigest, FILLED_KEPT, SEEK_TTL,
};

const NOW: i64 = 1_000_000;

/// Accounts `p0` … `p{n-1}`, stored.
async fn accounts(store: &Arc<dyn Store>, n: usize) {
    for i in 0..n {
        let row = AccountRow::new(format!("p{i}"), format!("Player{i}"), "x".into(), 1, false);
        assert!(store.create_account(row, None).await.unwrap());
    }
}

fn sitter(i: usize) -> SeekSeat {
    SeekSeat {
        account: format!("p{i}"),
        name: format!("Player{i}"),
        rating: 1500 + i as i32,
    }
}

fn seek(id: &str, players: usize) -> SeekRow {
    SeekRow {
        id: id.into(),
        game: "four-triangles".into(),
        players,
        variant: Some("full".into()),
        clock: Some(r#"{"initial_ms":60000,"increment_ms":0}"#.into()),
        rated: true,
        range: Some((1400, 1600)),
        created: NOW,
        expires: NOW + SEEK_TTL.as_millis() as i64,
        seats: vec![sitter(0)],
        game_id: None,
        quick: false,
    }
}

/// The game a full seek becomes: a seat for each person, in the order they came.
fn starter() -> Starter {
    Box::new(|seek: &SeekRow| GameRow {
        id: format!("g-{}", seek.id),
        game: seek.game.clone(),
        variant: seek.variant.clone(),
        players: seek.players,
        seats: seek
            .seats
            .iter()
            .map(|s| SeatRow {
                kind: SeatKind::Human,
                level: None,
                token_digest: Some(TokenDigest::of(&s.account)),
                owner: Some(s.account.clone()),
                keys: Vec::new(),
            })
            .collect(),
        moves: Vec::new(),
        to_move: Some(0),
        version: 0,
        created: NOW,
        updated: NOW,
        table: Table::default(),
        chat: Vec::new(),
        present: Vec::new(),
        deadline: None,
    })
}

async fn a_seek_fills_seat_by_seat_and_becomes_one_game(kind: &str) {
    let place = Place::new(kind).await;
    let store = open(&place.db).await.unwrap();
    accounts(&store, 4).await;
    let mut events = store.events();
    store.insert_seek(seek("s", 3)).await.unwrap();
    assert!(matches!(events.recv().await.unwrap(), StoreEvent::Seeks));
    let listed = store.list_seeks(NOW).await.unwrap();
    assert_eq!(listed, vec![seek("s", 3)]);

    // The seeker cannot take a second seat; a newcomer takes the next.
    let again = store
        .take_seek("s", sitter(0), NOW, starter())
        .await
        .unwrap();
    assert_eq!(again, Taken::Already);
    let Taken::Joined(joined) = store
        .take_seek("s", sitter(1), NOW, starter())
        .await
        .unwrap()
    else {
        panic!("the second seat is taken")
    };
    assert_eq!(joined.seats, vec![sitter(0), sitter(1)]);
    assert_eq!(joined.game_id, None);
    assert_eq!(
        store
            .take_seek("s", sitter(1), NOW, starter())
            .await
            .unwrap(),
        Taken::Already
    );
    // The third fills it: the game is stored with the three in the order they came.
    let Taken::Started(started, game) = store
        .take_seek("s", sitter(2), NOW, starter())
        .await
        .unwrap()
    else {
        panic!("the last seat starts the game")
    };
    assert_eq!(started.game_id.as_deref(), Some("g-s"));
    let stored = store.load_game("g-s").await.unwrap().unwrap();
    assert_eq!(stored.seats, game.seats);
    let owners: Vec<_> = stored
        .seats
        .iter()
        .map(|s| s.owner.clone().unwrap())
        .collect();
    assert_eq!(owners, ["p0", "p1", "p2"]);
    // Full now; listed with its game for a while, then not.
    assert_eq!(
        store
            .take_seek("s", sitter(3), NOW, starter())
            .await
            .unwrap(),
        Taken::Full
    );
    let kept = FILLED_KEPT.as_millis() as i64;
    let listed = store.list_seeks(NOW + kept - 1).await.unwrap();
    assert_eq!(listed[0].game_id.as_deref(), Some("g-s"));
    assert!(store.list_seeks(NOW + kept).await.unwrap().is_empty());
    assert_eq!(
        store
            .take_seek("nope", sitter(3), NOW, starter())
            .await
            .unwrap(),
        Taken::Gone
    );
}
on_both!(a_seek_fills_seat_by_seat_and_becomes_one_game);

async fn accepted_at_once_from_two_processes_a_seek_is_one_game(kind: &str) {
    let place = Place::new(kind).await;
    let a = open(&place.db).await.unwrap();
    let b = second(kind, &a, &place).await;
    accounts(&a, 9).await;
    for (round, players) in [2, 2, 3, 4, 2].into_iter().enumerate() {
        let id = format!("r{round}");
        a.insert_seek(seek(&id, players)).await.unwrap();
        let barrier = Arc::new(Barrier::new(8));
        let tasks: Vec<_> = (1..9)
            .map(|i| {
                let store = Arc::clone(if i % 2 == 0 { &a } else { &b });
                let (barrier, id) = (Arc::clone(&barrier), id.clone());
                tokio::spawn(async move {
                    barrier.wait().await;
                    store
                        .take_seek(&id, sitter(i), NOW, starter())
                        .await
                        .unwrap()
                })
            })
            .collect();
        let mut joined = 0;
        let mut started = Vec::new();
        for t in tasks {
            match t.await.unwrap() {
                Taken::Joined(_) => joined += 1,
                Taken::Started(seek, game) => started.push((seek, game)),
                Taken::Full => {}
                other => panic!("round {round}: {other:?}"),
            }
        }
        assert_eq!(started.len(), 1, "round {round}: one acceptance starts it");
        assert_eq!(joined, players - 2, "round {round}");
        let (seek, game) = &started[0];
        assert_eq!(seek.seats.len(), players);
        let stored = a.load_game(&game.id).await.unwrap().unwrap();
        assert_eq!(stored.seats.len(), players);
    }
}
on_both!(accepted_at_once_from_two_processes_a_seek_is_one_game);

async fn leaving_frees_a_seat_and_the_seeker_leaving_cancels(kind: &str) {
    let place = Place::new(kind).await;
    let store = open(&place.db).await.unwrap();
    accounts(&store, 3).await;
    store.insert_seek(seek("s", 3)).await.unwrap();
    store
        .take_seek("s", sitter(1), NOW, starter())
        .await
        .unwrap();
    assert_eq!(store.leave_seek("s", "p2", NOW).await.unwrap(), Left::NotIn);
    assert_eq!(store.leave_seek("s", "p1", NOW).await.unwrap(), Left::Left);
    assert_eq!(
        store.list_seeks(NOW).await.unwrap()[0].seats,
        vec![sitter(0)]
    );
    // The seat is free again, for anyone.
    let taken = store
        .take_seek("s", sitter(2), NOW, starter())
        .await
        .unwrap();
    assert!(matches!(taken, Taken::Joined(ref s) if s.seats == vec![sitter(0), sitter(2)]));
    assert_eq!(
        store.leave_seek("s", "p0", NOW).await.unwrap(),
        Left::Cancelled
    );
    assert!(store.list_seeks(NOW).await.unwrap().is_empty());
    assert_eq!(store.leave_seek("s", "p0", NOW).await.unwrap(), Left::Gone);
}
on_both!(leaving_frees_a_seat_and_the_seeker_leaving_cancels);

async fn a_seek_nobody_renews_lapses(kind: &str) {
    let place = Place::new(kind).await;
    let store = open(&place.db).await.unwrap();
    accounts(&store, 3).await;
    store.insert_seek(seek("kept", 2)).await.unwrap();
    let mut other = seek("lapsing", 2);
    other.seats = vec![sitter(1)];
    store.insert_seek(other).await.unwrap();
    let ttl = SEEK_TTL.as_millis() as i64;
    // p0's process renews its seeks; nobody renews p1's.
    let later = NOW + ttl - 1;
    store.renew_seeks(&["p0".to_string()], later).await.unwrap();
    let at = NOW + ttl;
    let mut events = store.events();
    store.renew_seeks(&[], at).await.unwrap();
    assert!(matches!(events.recv().await.unwrap(), StoreEvent::Seeks));
    let ids: Vec<String> = store
        .list_seeks(at)
        .await
        .unwrap()
        .into_iter()
        .map(|s| s.id)
        .collect();
    assert_eq!(ids, ["kept"]);
    assert_eq!(
        store
            .take_seek("lapsing", sitter(2), at, starter())
            .await
            .unwrap(),
        Taken::Gone
    );
    // Renewed at `later`, it lasts a whole lifetime from then.
    assert_eq!(store.list_seeks(later + ttl - 1).await.unwrap().len(), 1);
    assert!(store.list_seeks(later + ttl).await.unwrap().is_empty());
}
on_both!(a_seek_nobody_renews_lapses);

async fn a_seeker_may_start_a_seek_short_of_people_with_the_computer_in_the_free_seats(kind: &str) {
    let place = Place::new(kind).await;
    let store = open(&place.db).await.unwrap();
    accounts(&store, 3).await;
    store.insert_seek(seek("s", 3)).await.unwrap();
    store
        .take_seek("s", sitter(1), NOW, starter())
        .await
        .unwrap();
    // The free seats, and the first mover, the computer's: its move is due at once.
    let with_computer: Starter = Box::new(|seek: &SeekRow| {
        let mut game = (starter())(seek);
        let computer = SeatRow {
            kind: SeatKind::Ai,
            level: Some("easy".into()),
            token_digest: None,
            owner: None,
            keys: Vec::new(),
        };
        game.seats.insert(0, computer);
        game
    });
    let not_seeker = store.start_seek("s", "p1", NOW, starter()).await.unwrap();
    assert!(not_seeker.is_none(), "only the seeker starts it");
    let (started, game) = store
        .start_seek("s", "p0", NOW, with_computer)
        .await
        .unwrap()
        .expect("the seeker starts it");
    assert_eq!(started.game_id.as_deref(), Some(game.id.as_str()));
    let stored = store.load_game(&game.id).await.unwrap().unwrap();
    assert_eq!(stored.seats.len(), 3);
    assert_eq!(stored.seats[0].kind, SeatKind::Ai);
    let claims = store
        .claim_jobs("worker", std::time::Duration::from_secs(5), 10)
        .await
        .unwrap();
    assert_eq!(claims.len(), 1, "the computer's first move is due");
    // Started: nobody takes it or starts it again.
    assert_eq!(
        store
            .take_seek("s", sitter(2), NOW, starter())
            .await
            .unwrap(),
        Taken::Full
    );
    assert!(store
        .start_seek("s", "p0", NOW, starter())
        .await
        .unwrap()
        .is_none());
}
on_both!(a_seeker_may_start_a_seek_short_of_people_with_the_computer_in_the_free_seats);

//! The promises of tournaments, on both stores: entries are checked against the tournament's
//! state and size as it is when they are made (many at once, from two processes, never past its
//! capacity); withdrawing before the start takes one off, after it marks them; a round and its
//! games are stored once however many processes store it at once, and not at all when another
//! stored it first; a table's places and a status change happen once.

use std::sync::Arc;

use tokio::sync::Barrier;
use trigonal_store::testing::{second, Place};
use trigonal_store::{
    on_both, open, AccountRow, Entered, EntrantRow, GameRow, RoundTable, SeatKind, SeatRow, Status,
    Store, StoreEvent, Table, TokenDigest, TournamentRow, Withdrawn,
};

const NOW: i64 = 1_000_000;

async fn accounts(store: &Arc<dyn Store>, n: usize) {
    for i in 0..n {
        let row = AccountRow::new(format!("p{i}"), format!("Player{i}"), "x".into(), 1, false);
        assert!(store.create_account(row, None).await.unwrap());
    }
}

fn entrant(i: usize) -> EntrantRow {
    EntrantRow {
        id: format!("p{i}"),
        name: format!("Player{i}"),
        rating: 1500 + i as i32,
        level: None,
        withdrawn: false,
        joined: NOW + i as i64,
    }
}

fn tournament(id: &str, capacity: usize) -> TournamentRow {
    TournamentRow {
        id: id.into(),
        name: "Friday Swiss".into(),
        system: "swiss".into(),
        creator: "p0".into(),
        creator_name: "Player0".into(),
        game: "triangoli".into(),
        players: 2,
        variant: None,
        clock: Some(r#"{"initial_ms":60000,"increment_ms":0}"#.into()),
        rated: true,
        rounds: Some(3),
        minutes: None,
        capacity,
        starts: NOW + 60_000,
        status: Status::Waiting,
        created: NOW,
        started: None,
        ended: None,
        entrants: vec![entrant(0)],
        tables: Vec::new(),
    }
}

fn game(id: &str, seated: &[String]) -> GameRow {
    GameRow {
        id: id.into(),
        game: "triangoli".into(),
        variant: None,
        players: seated.len(),
        seats: seated
            .iter()
            .map(|s| SeatRow {
                kind: SeatKind::Human,
                level: None,
                token_digest: Some(TokenDigest::of(s)),
                owner: Some(s.clone()),
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
    }
}

/// Round `round` of two tables (p0–p1, p2–p3), its games' ids marked with `by`.
fn round(round: u32, by: &str) -> Vec<(RoundTable, Option<GameRow>)> {
    (1..=2)
        .map(|n| {
            let seated: Vec<String> = vec![format!("p{}", 2 * n - 2), format!("p{}", 2 * n - 1)];
            let id = format!("{by}-{round}-{n}");
            let table = RoundTable {
                round,
                n,
                game_id: Some(id.clone()),
                seated: seated.clone(),
                places: None,
                started: NOW,
            };
            (table, Some(game(&id, &seated)))
        })
        .collect()
}

async fn entries_follow_the_tournaments_state_and_size(kind: &str) {
    let place = Place::new(kind).await;
    let store = open(&place.db).await.unwrap();
    accounts(&store, 5).await;
    let mut events = store.events();
    store.insert_tournament(tournament("t", 3)).await.unwrap();
    assert_eq!(
        events.recv().await.unwrap(),
        StoreEvent::Tournament { id: "t".into() }
    );
    let loaded = store.load_tournament("t").await.unwrap().unwrap();
    assert_eq!(loaded, tournament("t", 3));
    assert_eq!(store.load_tournament("nope").await.unwrap(), None);

    let enter = |i: usize, late: bool| {
        let store = Arc::clone(&store);
        async move { store.enter_tournament("t", entrant(i), late).await.unwrap() }
    };
    assert_eq!(enter(0, false).await, Entered::Already);
    assert_eq!(enter(1, false).await, Entered::Joined);
    assert_eq!(enter(2, false).await, Entered::Joined);
    assert_eq!(enter(3, false).await, Entered::Full);
    // Withdrawing before the start frees the place: gone from the list.
    assert_eq!(
        store.withdraw_from_tournament("t", "p2").await.unwrap(),
        Withdrawn::Out
    );
    assert_eq!(
        store.withdraw_from_tournament("t", "p2").await.unwrap(),
        Withdrawn::NotIn
    );
    assert_eq!(enter(3, false).await, Entered::Joined);
    let ids: Vec<String> = store
        .load_tournament("t")
        .await
        .unwrap()
        .unwrap()
        .entrants
        .into_iter()
        .map(|e| e.id)
        .collect();
    assert_eq!(ids, ["p0", "p1", "p3"]);

    // Started: nobody comes late unless late entries are allowed (an arena), and one who
    // withdraws stays in the list, marked.
    assert!(store
        .set_tournament_status("t", Status::Waiting, Status::Running, NOW + 5)
        .await
        .unwrap());
    assert!(!store
        .set_tournament_status("t", Status::Waiting, Status::Running, NOW + 6)
        .await
        .unwrap());
    assert_eq!(enter(4, false).await, Entered::Started);
    assert_eq!(
        store.withdraw_from_tournament("t", "p1").await.unwrap(),
        Withdrawn::Out
    );
    assert_eq!(enter(4, true).await, Entered::Joined);
    let t = store.load_tournament("t").await.unwrap().unwrap();
    assert_eq!((t.status, t.started), (Status::Running, Some(NOW + 5)));
    let withdrawn: Vec<(String, bool)> = t
        .entrants
        .into_iter()
        .map(|e| (e.id, e.withdrawn))
        .collect();
    assert_eq!(
        withdrawn,
        [
            ("p0".into(), false),
            ("p1".into(), true),
            ("p3".into(), false),
            ("p4".into(), false)
        ]
    );
    // One who withdrew may come back where late entries are allowed.
    assert_eq!(enter(1, true).await, Entered::Full);
    assert_eq!(
        store.withdraw_from_tournament("t", "p4").await.unwrap(),
        Withdrawn::Out
    );
    assert_eq!(enter(1, true).await, Entered::Joined);

    // Over: neither entries nor withdrawals.
    assert!(store
        .set_tournament_status("t", Status::Running, Status::Finished, NOW + 9)
        .await
        .unwrap());
    assert_eq!(enter(2, true).await, Entered::Over);
    assert_eq!(
        store.withdraw_from_tournament("t", "p0").await.unwrap(),
        Withdrawn::Over
    );
    assert_eq!(
        store
            .enter_tournament("nope", entrant(2), true)
            .await
            .unwrap(),
        Entered::Gone
    );
    // Listed while it runs and, once over, when it ended after `since`.
    assert_eq!(store.list_tournaments(NOW + 9).await.unwrap().len(), 1);
    assert!(store.list_tournaments(NOW + 10).await.unwrap().is_empty());
}
on_both!(entries_follow_the_tournaments_state_and_size);

async fn entries_at_once_from_two_processes_stop_at_the_capacity(kind: &str) {
    let place = Place::new(kind).await;
    let a = open(&place.db).await.unwrap();
    let b = second(kind, &a, &place).await;
    accounts(&a, 13).await;
    a.insert_tournament(tournament("t", 5)).await.unwrap();
    let barrier = Arc::new(Barrier::new(12));
    let tasks: Vec<_> = (1..13)
        .map(|i| {
            let store = Arc::clone(if i % 2 == 0 { &a } else { &b });
            let barrier = Arc::clone(&barrier);
            tokio::spawn(async move {
                barrier.wait().await;
                store
                    .enter_tournament("t", entrant(i), false)
                    .await
                    .unwrap()
            })
        })
        .collect();
    let mut joined = 0;
    for t in tasks {
        match t.await.unwrap() {
            Entered::Joined => joined += 1,
            Entered::Full => {}
            other => panic!("{other:?}"),
        }
    }
    assert_eq!(joined, 4, "the creator and four more");
    let t = a.load_tournament("t").await.unwrap().unwrap();
    assert_eq!(t.entrants.len(), 5);
}
on_both!(entries_at_once_from_two_processes_stop_at_the_capacity);

async fn a_round_is_stored_once_however_many_store_it_at_once(kind: &str) {
    let place = Place::new(kind).await;
    let a = open(&place.db).await.unwrap();
    let b = second(kind, &a, &place).await;
    accounts(&a, 4).await;
    a.insert_tournament(tournament("t", 8)).await.unwrap();
    for i in 1..4 {
        a.enter_tournament("t", entrant(i), false).await.unwrap();
    }
    // The first round starts the tournament: of six processes storing it at once, one does.
    for (r, start) in [(1, Some(NOW + 1)), (2, None)] {
        let barrier = Arc::new(Barrier::new(6));
        let tasks: Vec<_> = (0..6)
            .map(|i| {
                let store = Arc::clone(if i % 2 == 0 { &a } else { &b });
                let barrier = Arc::clone(&barrier);
                tokio::spawn(async move {
                    barrier.wait().await;
                    let by = format!("by{i}");
                    (
                        by.clone(),
                        store
                            .seat_round("t", r, round(r, &by), start)
                            .await
                            .unwrap(),
                    )
                })
            })
            .collect();
        let mut winners = Vec::new();
        let mut losers = Vec::new();
        for t in tasks {
            let (by, seated) = t.await.unwrap();
            if seated {
                winners.push(by);
            } else {
                losers.push(by);
            }
        }
        assert_eq!(winners.len(), 1, "round {r}: {winners:?}");
        let t = a.load_tournament("t").await.unwrap().unwrap();
        assert_eq!(t.status, Status::Running);
        assert_eq!(t.started, Some(NOW + 1));
        let of_round: Vec<&RoundTable> = t.tables.iter().filter(|x| x.round == r).collect();
        assert_eq!(of_round.len(), 2);
        for n in 1..=2 {
            let won = format!("{}-{r}-{n}", winners[0]);
            assert_eq!(of_round[n - 1].game_id.as_deref(), Some(won.as_str()));
            assert!(a.load_game(&won).await.unwrap().is_some());
            // The games of the stores that lost were never stored.
            for by in &losers {
                let lost = format!("{by}-{r}-{n}");
                assert!(a.load_game(&lost).await.unwrap().is_none(), "{lost}");
            }
        }
    }
    // A round cannot be stored again, nor a round of a tournament that is not running.
    assert!(!a.seat_round("t", 2, round(2, "late"), None).await.unwrap());
    assert!(!a
        .seat_round("t", 3, round(3, "x"), Some(NOW))
        .await
        .unwrap());

    // A table's places are recorded once.
    assert!(a.finish_table("t", 1, 2, vec![2, 1]).await.unwrap());
    assert!(!b.finish_table("t", 1, 2, vec![1, 2]).await.unwrap());
    let t = a.load_tournament("t").await.unwrap().unwrap();
    assert_eq!(t.tables[1].places, Some(vec![2, 1]));
    assert_eq!(t.tables[0].places, None);

    // Over: no round is stored any more.
    a.set_tournament_status("t", Status::Running, Status::Finished, NOW + 2)
        .await
        .unwrap();
    assert!(!a.seat_round("t", 3, round(3, "after"), None).await.unwrap());
}
on_both!(a_round_is_stored_once_however_many_store_it_at_once);

async fn a_bye_is_a_table_without_a_game(kind: &str) {
    let place = Place::new(kind).await;
    let store = open(&place.db).await.unwrap();
    accounts(&store, 3).await;
    store.insert_tournament(tournament("t", 8)).await.unwrap();
    for i in 1..3 {
        store
            .enter_tournament("t", entrant(i), false)
            .await
            .unwrap();
    }
    let mut tables = round(1, "a");
    tables.truncate(1);
    tables.push((
        RoundTable {
            round: 1,
            n: 2,
            game_id: None,
            seated: vec!["p2".into()],
            places: Some(vec![1]),
            started: NOW,
        },
        None,
    ));
    assert!(store.seat_round("t", 1, tables, Some(NOW)).await.unwrap());
    let t = store.load_tournament("t").await.unwrap().unwrap();
    assert_eq!(t.tables.len(), 2);
    assert_eq!(t.tables[1].game_id, None);
    assert_eq!(t.tables[1].places, Some(vec![1]));
}
on_both!(a_bye_is_a_table_without_a_game);

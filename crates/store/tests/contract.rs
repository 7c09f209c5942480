//! The promises of the store interface, checked on both implementations: a real SQLite file and
//! a real PostgreSQL database (from `TRIGONAL_TEST_PG`). Every test runs once per store.

use std::sync::Arc;
use std::time::Duration;

use proptest::prelude::*;
use tokio::sync::Barrier;
use trigonal_store::testing::{fresh_pg, second, Place};
use trigonal_store::{
    on_both, open, Change, ChatRow, Claim, Commit, Committed, GameRow, MoveRow, SeatKind, SeatRow,
    StoreEvent, Table, TokenDigest,
};

fn seat(kind: SeatKind) -> SeatRow {
    SeatRow {
        kind,
        level: (kind == SeatKind::Ai).then(|| "easy".to_string()),
        token_digest: (kind == SeatKind::Human).then(|| TokenDigest::of("t0")),
        owner: None,
        keys: Vec::new(),
    }
}

fn game(id: &str, seats: Vec<SeatRow>) -> GameRow {
    GameRow {
        id: id.into(),
        game: "triangoli".into(),
        variant: None,
        players: seats.len(),
        seats,
        moves: Vec::new(),
        to_move: Some(0),
        version: 0,
        created: 1,
        updated: 1,
        table: Table::default(),
        chat: Vec::new(),
        present: Vec::new(),
        deadline: None,
    }
}

fn mv(text: &str, seat: u8) -> MoveRow {
    MoveRow {
        text: text.into(),
        seat,
        at: 2,
    }
}

fn play(id: &str, version: i64, ply: usize, text: &str, seat: u8, computer_due: bool) -> Commit {
    Commit {
        game: id.into(),
        version,
        change: Change::Move {
            ply,
            mv: mv(text, seat),
        },
        to_move: Some(1 - seat),
        table: Table::default(),
        deadline: None,
        computer_due,
        by: None,
        at: 2,
        rate: None,
    }
}

async fn changes_need_the_current_version(kind: &str) {
    let place = Place::new(kind).await;
    let store = open(&place.db).await.unwrap();
    assert_eq!(store.kind(), kind);
    let mut events = store.events();
    store
        .insert_game(
            game("g1", vec![seat(SeatKind::Human), seat(SeatKind::Human)]),
            false,
        )
        .await
        .unwrap();
    assert_eq!(store.load_game("g1").await.unwrap().unwrap().version, 0);
    // A copy at version 0 is current; one at another version is not.
    assert_eq!(store.load_game_newer("g1", 0).await.unwrap(), None);
    assert_eq!(
        store
            .load_game_newer("g1", 7)
            .await
            .unwrap()
            .map(|g| g.version),
        Some(0)
    );
    assert_eq!(store.load_game_newer("nope", 0).await.unwrap(), None);
    let first = store.commit(play("g1", 0, 0, "a", 0, false)).await.unwrap();
    assert_eq!(first, Committed::Done { version: 1 });
    let event = tokio::time::timeout(Duration::from_secs(5), events.recv())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        event,
        StoreEvent::Changed {
            game: "g1".into(),
            ply: 1
        }
    );
    // Planned on version 0 again, or at a ply the game is not at: refused, nothing changed.
    assert_eq!(
        store.commit(play("g1", 0, 1, "b", 1, false)).await.unwrap(),
        Committed::Stale
    );
    assert_eq!(
        store.commit(play("g1", 1, 0, "b", 1, false)).await.unwrap(),
        Committed::Stale
    );
    assert_eq!(
        store.commit(play("g1", 1, 2, "b", 1, false)).await.unwrap(),
        Committed::Stale
    );
    assert_eq!(
        store
            .commit(play("nope", 0, 0, "b", 1, false))
            .await
            .unwrap(),
        Committed::Stale
    );
    assert_eq!(
        store.commit(play("g1", 1, 1, "b", 1, false)).await.unwrap(),
        Committed::Done { version: 2 }
    );
    let row = store.load_game("g1").await.unwrap().unwrap();
    assert_eq!(row.moves, vec![mv("a", 0), mv("b", 1)]);
    assert_eq!((row.version, row.to_move), (2, Some(0)));

    // Take back from ply 1: one move left, version 3.
    let back = Commit {
        game: "g1".into(),
        version: 2,
        change: Change::TakeBack { from: 1 },
        to_move: Some(1),
        table: Table::default(),
        deadline: None,
        computer_due: false,
        by: None,
        at: 3,
        rate: None,
    };
    assert_eq!(
        store.commit(back.clone()).await.unwrap(),
        Committed::Done { version: 3 }
    );
    assert_eq!(store.commit(back).await.unwrap(), Committed::Stale);
    let row = store.load_game("g1").await.unwrap().unwrap();
    assert_eq!(row.moves, vec![mv("a", 0)]);
    assert_eq!((row.version, row.to_move, row.updated), (3, Some(1), 3));

    // Reopened, everything is still there.
    drop(store);
    let store = open(&place.db).await.unwrap();
    assert_eq!(store.load_game("g1").await.unwrap(), Some(row));
    assert!(store.schema_version().await.unwrap() > 0);
    assert!(store.load_game("nope").await.unwrap().is_none());
}
on_both!(changes_need_the_current_version);

async fn an_open_seat_is_joined_once(kind: &str) {
    let place = Place::new(kind).await;
    let store = open(&place.db).await.unwrap();
    store
        .insert_game(
            game("g2", vec![seat(SeatKind::Human), seat(SeatKind::Open)]),
            false,
        )
        .await
        .unwrap();
    let lobby = store.list_games(true, 50).await.unwrap();
    assert_eq!(lobby.len(), 1);
    assert_eq!(lobby[0].open_seats, vec![1]);
    let join = |seat, version, who: &str| Commit {
        game: "g2".into(),
        version,
        change: Change::Join {
            seat,
            digest: TokenDigest::of(who),
            owner: None,
        },
        to_move: Some(0),
        table: Table::default(),
        deadline: None,
        computer_due: false,
        by: None,
        at: 5,
        rate: None,
    };
    // Seat 0 is not open; seat 1 is, once.
    assert_eq!(
        store.commit(join(0, 0, "x")).await.unwrap(),
        Committed::Stale
    );
    assert_eq!(
        store.commit(join(1, 0, "x")).await.unwrap(),
        Committed::Done { version: 1 }
    );
    assert_eq!(
        store.commit(join(1, 1, "y")).await.unwrap(),
        Committed::Stale
    );
    let row = store.load_game("g2").await.unwrap().unwrap();
    assert_eq!(row.seats[1].kind, SeatKind::Human);
    assert!(row.seats[1].token_digest.as_ref().unwrap().matches("x"));
    assert!(store.list_games(true, 50).await.unwrap().is_empty());
    let all = store.list_games(false, 50).await.unwrap();
    assert_eq!((all.len(), all[0].ply, all[0].over), (1, 0, false));
}
on_both!(an_open_seat_is_joined_once);

/// A lobby line says what a person choosing a game needs: whether it is rated, who created it
/// (the seat, the name given, the account the seat belongs to), the clock; nothing of that for a
/// game created without them.
async fn the_lobby_tells_who_waits_and_on_what_terms(kind: &str) {
    let place = Place::new(kind).await;
    let store = open(&place.db).await.unwrap();
    let mut owned = seat(SeatKind::Human);
    owned.owner = Some("acc-ann".into());
    let mut rated = game(
        "g-rated",
        vec![seat(SeatKind::Open), seat(SeatKind::Open), owned],
    );
    rated.created = 2;
    rated.table = Table {
        names: vec![None, None, Some("Ann".into())],
        creator: Some(2),
        rated: true,
        ..Table::default()
    };
    store.insert_game(rated, false).await.unwrap();
    store
        .insert_game(
            game("g-plain", vec![seat(SeatKind::Human), seat(SeatKind::Open)]),
            false,
        )
        .await
        .unwrap();
    let lobby = store.list_games(true, 50).await.unwrap();
    let ids: Vec<&str> = lobby.iter().map(|g| g.id.as_str()).collect();
    assert_eq!(ids, ["g-rated", "g-plain"], "newest first");
    let line = &lobby[0];
    assert!(line.rated);
    assert_eq!(line.creator, Some((2, Some("Ann".into()))));
    assert_eq!(line.owners, vec![(2, "acc-ann".to_string())]);
    assert_eq!(line.creator_account(), Some("acc-ann"));
    assert_eq!(line.open_seats, vec![0, 1]);
    let plain = &lobby[1];
    assert!(!plain.rated);
    assert_eq!(
        (plain.creator.clone(), plain.owners.clone()),
        (None, vec![])
    );
    assert_eq!(plain.creator_account(), None);
}
on_both!(the_lobby_tells_who_waits_and_on_what_terms);

/// Many changes planned on one version, from two store handles (as two processes would have),
/// released together by a barrier: exactly one is committed, whatever its kind.
async fn of_changes_planned_on_one_version_exactly_one_wins(kind: &str) {
    let place = Place::new(kind).await;
    let a = open(&place.db).await.unwrap();
    let b = second(kind, &a, &place).await;
    for round in 0..10 {
        let id = format!("r{round}");
        a.insert_game(
            game(&id, vec![seat(SeatKind::Human), seat(SeatKind::Open)]),
            false,
        )
        .await
        .unwrap();
        let barrier = Arc::new(Barrier::new(8));
        let mut tasks = Vec::new();
        for i in 0..8u8 {
            let store = if i % 2 == 0 {
                Arc::clone(&a)
            } else {
                Arc::clone(&b)
            };
            let (barrier, id) = (Arc::clone(&barrier), id.clone());
            tasks.push(tokio::spawn(async move {
                let commit = match i % 3 {
                    0 => play(&id, 0, 0, &format!("m{i}"), 0, false),
                    1 => Commit {
                        game: id.clone(),
                        version: 0,
                        change: Change::Join {
                            seat: 1,
                            digest: TokenDigest::of(&format!("j{i}")),
                            owner: None,
                        },
                        to_move: Some(0),
                        table: Table::default(),
                        deadline: None,
                        computer_due: false,
                        by: None,
                        at: 3,
                        rate: None,
                    },
                    _ => play(&id, 0, 0, &format!("m{i}"), 0, true),
                };
                barrier.wait().await;
                store.commit(commit).await.unwrap()
            }));
        }
        let mut won = 0;
        for t in tasks {
            if t.await.unwrap() != Committed::Stale {
                won += 1;
            }
        }
        assert_eq!(won, 1, "round {round}");
        let row = a.load_game(&id).await.unwrap().unwrap();
        assert_eq!(row.version, 1);
        assert!(row.moves.len() <= 1);
    }
}
on_both!(of_changes_planned_on_one_version_exactly_one_wins);

async fn computer_moves_are_jobs_claimed_once_with_a_lease(kind: &str) {
    let place = Place::new(kind).await;
    let store = open(&place.db).await.unwrap();
    let mut events = store.events();
    // A game whose computer is to move from the start has its job at once.
    let mut g = game("c1", vec![seat(SeatKind::Ai), seat(SeatKind::Human)]);
    g.created = trigonal_store::now_ms();
    store.insert_game(g, true).await.unwrap();
    assert_eq!(
        tokio::time::timeout(Duration::from_secs(5), events.recv())
            .await
            .unwrap()
            .unwrap(),
        StoreEvent::JobsDue
    );
    let lease = Duration::from_millis(700);
    let now = trigonal_store::now_ms;
    assert_eq!(
        store.jobs_waiting(now()).await.unwrap(),
        1,
        "due, unclaimed"
    );
    let claims = store.claim_jobs("p1", lease, 10).await.unwrap();
    assert_eq!(store.jobs_waiting(now()).await.unwrap(), 0, "claimed");
    let job = Claim {
        game: "c1".into(),
        ply: 0,
    };
    assert_eq!(claims, vec![job.clone()]);
    // Held: nobody else gets it, while renewed.
    assert!(store.claim_jobs("p2", lease, 10).await.unwrap().is_empty());
    assert!(store.renew(&job, "p1", lease).await.unwrap());
    assert!(!store.renew(&job, "p2", lease).await.unwrap());
    // The holder dies (stops renewing): once the lease is out, another process takes it.
    tokio::time::sleep(lease + Duration::from_millis(100)).await;
    assert_eq!(
        store.jobs_waiting(now()).await.unwrap(),
        1,
        "its lease ran out"
    );
    assert_eq!(
        store.claim_jobs("p2", lease, 10).await.unwrap(),
        vec![job.clone()]
    );
    assert!(!store.renew(&job, "p1", lease).await.unwrap());
    // Released with a delay: free again only after it.
    store
        .release(&job, "p2", Duration::from_millis(1500))
        .await
        .unwrap();
    assert!(store.claim_jobs("p3", lease, 10).await.unwrap().is_empty());
    tokio::time::sleep(Duration::from_millis(1700)).await;
    assert_eq!(
        store.claim_jobs("p3", lease, 10).await.unwrap(),
        vec![job.clone()]
    );
    // The computer's move, after which a person is to move: the job is gone.
    let done = store.commit(play("c1", 0, 0, "a", 0, false)).await.unwrap();
    assert_eq!(done, Committed::Done { version: 1 });
    assert!(!store.renew(&job, "p3", lease).await.unwrap());
    tokio::time::sleep(lease).await;
    assert!(store.claim_jobs("p4", lease, 10).await.unwrap().is_empty());
    // The person's move makes the computer due at ply 2.
    store.commit(play("c1", 1, 1, "b", 1, true)).await.unwrap();
    assert_eq!(
        store.claim_jobs("p4", lease, 10).await.unwrap(),
        vec![Claim {
            game: "c1".into(),
            ply: 2
        }]
    );
}
on_both!(computer_moves_are_jobs_claimed_once_with_a_lease);

/// The next computer move of a game is offered first to the process that made its last one
/// (which keeps the search); after [`trigonal_store::AFFINITY`] anyone may take it.
async fn the_next_computer_move_waits_a_moment_for_the_last_ones_process(kind: &str) {
    let place = Place::new(kind).await;
    let store = open(&place.db).await.unwrap();
    let mut g = game("a1", vec![seat(SeatKind::Ai), seat(SeatKind::Ai)]);
    g.created = trigonal_store::now_ms();
    store.insert_game(g, true).await.unwrap();
    let lease = Duration::from_secs(30);
    // Nobody made a move yet: anyone may claim at once.
    assert_eq!(store.claim_jobs("p1", lease, 5).await.unwrap().len(), 1);
    let mut computer = play("a1", 0, 0, "a", 0, true);
    computer.by = Some("p1".into());
    computer.at = trigonal_store::now_ms();
    assert_eq!(
        store.commit(computer).await.unwrap(),
        Committed::Done { version: 1 }
    );
    assert!(store.claim_jobs("p2", lease, 5).await.unwrap().is_empty());
    assert_eq!(
        store.claim_jobs("p1", lease, 5).await.unwrap(),
        vec![Claim {
            game: "a1".into(),
            ply: 1
        }]
    );
    // A person's change keeps the preference; once it is old enough, another process may take
    // the move (its process may be gone).
    let mut back = play("a1", 1, 1, "b", 1, true);
    back.at = trigonal_store::now_ms();
    store.commit(back).await.unwrap();
    assert!(store.claim_jobs("p2", lease, 5).await.unwrap().is_empty());
    tokio::time::sleep(trigonal_store::AFFINITY + Duration::from_millis(100)).await;
    assert_eq!(store.claim_jobs("p2", lease, 5).await.unwrap().len(), 1);
}
on_both!(the_next_computer_move_waits_a_moment_for_the_last_ones_process);

/// Due computer moves are claimed earliest deadline first: a seat whose clock runs out soon
/// before one with an hour left, and a move without a clock as if due within
/// [`trigonal_store::PATIENCE`] — so one that has waited longer than that comes first of all.
async fn computer_moves_short_of_time_are_claimed_first(kind: &str) {
    let place = Place::new(kind).await;
    let store = open(&place.db).await.unwrap();
    let now = trigonal_store::now_ms();
    let patience = trigonal_store::PATIENCE.as_millis() as i64;
    // (game, due since, deadline), inserted in an order that is none of the two.
    for (id, created, deadline) in [
        ("relaxed", now - 1_000, Some(now + 3_600_000)),
        ("untimed", now - 500, None),
        ("urgent", now, Some(now + 2_000)),
        ("overdue", now - patience - 10_000, None),
    ] {
        let mut g = game(id, vec![seat(SeatKind::Ai), seat(SeatKind::Ai)]);
        g.created = created;
        g.deadline = deadline;
        store.insert_game(g, true).await.unwrap();
    }
    let lease = Duration::from_secs(30);
    let mut order = Vec::new();
    while let [claim] = &store.claim_jobs("p", lease, 1).await.unwrap()[..] {
        order.push(claim.game.clone());
    }
    assert_eq!(order, ["overdue", "urgent", "relaxed", "untimed"]);
}
on_both!(computer_moves_short_of_time_are_claimed_first);

/// Two processes claiming at once never get the same job.
async fn claims_at_once_are_disjoint(kind: &str) {
    let place = Place::new(kind).await;
    let a = open(&place.db).await.unwrap();
    let b = second(kind, &a, &place).await;
    for i in 0..40 {
        a.insert_game(
            game(
                &format!("j{i}"),
                vec![seat(SeatKind::Ai), seat(SeatKind::Ai)],
            ),
            true,
        )
        .await
        .unwrap();
    }
    let barrier = Arc::new(Barrier::new(4));
    let mut tasks = Vec::new();
    for i in 0..4 {
        let store = if i % 2 == 0 {
            Arc::clone(&a)
        } else {
            Arc::clone(&b)
        };
        let barrier = Arc::clone(&barrier);
        tasks.push(tokio::spawn(async move {
            barrier.wait().await;
            let mut mine = Vec::new();
            loop {
                let got = store
                    .claim_jobs(&format!("p{i}"), Duration::from_secs(30), 3)
                    .await
                    .unwrap();
                if got.is_empty() {
                    return mine;
                }
                mine.extend(got.into_iter().map(|c| c.game));
            }
        }));
    }
    let mut all = Vec::new();
    for t in tasks {
        all.extend(t.await.unwrap());
    }
    all.sort();
    let before = all.len();
    all.dedup();
    assert_eq!((before, all.len()), (40, 40));
}
on_both!(claims_at_once_are_disjoint);

async fn a_newer_schema_is_refused(kind: &str) {
    let place = Place::new(kind).await;
    drop(open(&place.db).await.unwrap());
    if kind == "sqlite" {
        let c = rusqlite::Connection::open(&place.db).unwrap();
        c.pragma_update(None, "user_version", 99).unwrap();
    } else {
        let (client, conn) = tokio_postgres::connect(&place.db, tokio_postgres::NoTls)
            .await
            .unwrap();
        tokio::spawn(conn);
        client
            .batch_execute("UPDATE trigonal_schema SET version = 99")
            .await
            .unwrap();
    }
    let Err(e) = open(&place.db).await else {
        panic!("a newer schema must be refused");
    };
    assert!(e.to_string().contains("schema version 99"), "{e}");
}
on_both!(a_newer_schema_is_refused);

async fn next_event(events: &mut tokio::sync::broadcast::Receiver<StoreEvent>) -> StoreEvent {
    tokio::time::timeout(Duration::from_secs(5), events.recv())
        .await
        .expect("an event within 5 s")
        .unwrap()
}

fn table_change(id: &str, version: i64, change: Change, table: Table) -> Commit {
    Commit {
        game: id.into(),
        version,
        change,
        to_move: None,
        table,
        deadline: None,
        computer_due: false,
        by: None,
        at: 5,
        rate: None,
    }
}

async fn a_rematch_is_stored_with_its_link_or_not_at_all(kind: &str) {
    let place = Place::new(kind).await;
    let store = open(&place.db).await.unwrap();
    store
        .insert_game(
            game("old", vec![seat(SeatKind::Human), seat(SeatKind::Ai)]),
            false,
        )
        .await
        .unwrap();
    let mut new = game(
        "new",
        vec![
            seat(SeatKind::Ai),
            SeatRow {
                kind: SeatKind::Human,
                level: None,
                token_digest: None,
                owner: None,
                keys: Vec::new(),
            },
        ],
    );
    new.table.rematch_of = Some("old".into());
    new.table.names = vec![None, Some("Ann".into())];
    let linked = Table {
        rematch: Some("new".into()),
        ..Table::default()
    };
    let rematch = |version| {
        table_change(
            "old",
            version,
            Change::Rematch {
                game: Box::new(new.clone()),
                computer_due: true,
            },
            linked.clone(),
        )
    };
    // Planned on a stale version: neither the link nor the game.
    assert_eq!(store.commit(rematch(3)).await.unwrap(), Committed::Stale);
    assert_eq!(store.load_game("new").await.unwrap(), None);
    assert_eq!(
        store.load_game("old").await.unwrap().unwrap().table,
        Table::default()
    );
    assert!(store
        .claim_jobs("p", Duration::from_secs(5), 9)
        .await
        .unwrap()
        .is_empty());
    // Current: both, and the new game's computer move is due.
    assert_eq!(
        store.commit(rematch(0)).await.unwrap(),
        Committed::Done { version: 1 }
    );
    assert_eq!(store.load_game("old").await.unwrap().unwrap().table, linked);
    let stored = store.load_game("new").await.unwrap().unwrap();
    assert_eq!(stored.seats, new.seats);
    assert_eq!(stored.table, new.table);
    let claims = store
        .claim_jobs("p", Duration::from_secs(5), 9)
        .await
        .unwrap();
    assert_eq!(
        claims,
        vec![Claim {
            game: "new".into(),
            ply: 0
        }]
    );
    // The kept seat is claimed once.
    let claim = |digest: &str| {
        table_change(
            "new",
            0,
            Change::Claim {
                seat: 1,
                digest: TokenDigest::of(digest),
            },
            new.table.clone(),
        )
    };
    assert_eq!(
        store.commit(claim("a")).await.unwrap(),
        Committed::Done { version: 1 }
    );
    let mut again = claim("b");
    again.version = 1;
    assert_eq!(store.commit(again).await.unwrap(), Committed::Stale);
    let stored = store.load_game("new").await.unwrap().unwrap();
    assert!(stored.seats[1].token_digest.as_ref().unwrap().matches("a"));
    // Only a human seat without a token can be claimed (not the computer's).
    let mut computer = claim("c");
    computer.version = 1;
    computer.change = Change::Claim {
        seat: 0,
        digest: TokenDigest::of("c"),
    };
    assert_eq!(store.commit(computer).await.unwrap(), Committed::Stale);
}

on_both!(a_rematch_is_stored_with_its_link_or_not_at_all);

async fn presence_counts_every_process_and_is_announced_when_it_changes(kind: &str) {
    let place = Place::new(kind).await;
    let store = open(&place.db).await.unwrap();
    let other = second(kind, &store, &place).await;
    store
        .insert_game(
            game("g", vec![seat(SeatKind::Human), seat(SeatKind::Human)]),
            false,
        )
        .await
        .unwrap();
    let mut events = other.events();
    let presence = StoreEvent::Presence { game: "g".into() };
    store.set_presence("g", 1, "a", 1).await.unwrap();
    assert_eq!(next_event(&mut events).await, presence);
    assert_eq!(other.present("g").await.unwrap(), vec![1]);
    assert_eq!(
        store.load_game("g").await.unwrap().unwrap().present,
        vec![1]
    );
    // More sockets, another process: present already, nothing announced.
    store.set_presence("g", 1, "a", 2).await.unwrap();
    other.set_presence("g", 1, "b", 1).await.unwrap();
    store.set_presence("g", 1, "a", 0).await.unwrap();
    assert_eq!(
        store.present("g").await.unwrap(),
        vec![1],
        "b still has it open"
    );
    other.renew_presence("b").await.unwrap();
    other.set_presence("g", 1, "b", 0).await.unwrap();
    assert_eq!(
        next_event(&mut events).await,
        presence,
        "the only event since"
    );
    assert_eq!(store.present("g").await.unwrap(), Vec::<u8>::new());
    assert!(events.try_recv().is_err());
    store.set_presence("g", 0, "a", 1).await.unwrap();
    assert_eq!(next_event(&mut events).await, presence);
    assert_eq!(other.present("g").await.unwrap(), vec![0]);
}

on_both!(presence_counts_every_process_and_is_announced_when_it_changes);

async fn deadlines_are_found_earliest_first_and_follow_each_change(kind: &str) {
    let place = Place::new(kind).await;
    let store = open(&place.db).await.unwrap();
    for (id, deadline) in [
        ("late", Some(3_000)),
        ("early", Some(1_000)),
        ("none", None),
    ] {
        let mut g = game(id, vec![seat(SeatKind::Human), seat(SeatKind::Human)]);
        g.deadline = deadline;
        store.insert_game(g, false).await.unwrap();
    }
    assert_eq!(
        store.due_deadlines(999, 9).await.unwrap(),
        Vec::<String>::new()
    );
    assert_eq!(store.due_deadlines(1_000, 9).await.unwrap(), vec!["early"]);
    assert_eq!(
        store.due_deadlines(5_000, 9).await.unwrap(),
        vec!["early", "late"]
    );
    assert_eq!(store.due_deadlines(5_000, 1).await.unwrap(), vec!["early"]);
    assert_eq!(
        store.load_game("late").await.unwrap().unwrap().deadline,
        Some(3_000)
    );
    // A move moves the deadline on; the end of the game (or a stale change) leaves none / it.
    let mut moved = play("early", 0, 0, "a", 0, false);
    moved.deadline = Some(9_000);
    assert_eq!(
        store.commit(moved).await.unwrap(),
        Committed::Done { version: 1 }
    );
    let mut stale = play("late", 5, 0, "a", 0, false);
    stale.deadline = None;
    assert_eq!(store.commit(stale).await.unwrap(), Committed::Stale);
    assert_eq!(store.due_deadlines(5_000, 9).await.unwrap(), vec!["late"]);
    let mut over = table_change("late", 0, Change::Table, Table::default());
    over.deadline = None;
    assert_eq!(
        store.commit(over).await.unwrap(),
        Committed::Done { version: 1 }
    );
    assert_eq!(store.due_deadlines(10_000, 9).await.unwrap(), vec!["early"]);
    assert_eq!(
        store.load_game("early").await.unwrap().unwrap().deadline,
        Some(9_000)
    );
}

on_both!(deadlines_are_found_earliest_first_and_follow_each_change);

/// Several processes starting at once on an empty database: each migrates or waits for the
/// one that does, and all end at the same version with one schema.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgresql_migrations_run_once_when_processes_start_together() {
    let url = fresh_pg().await;
    let barrier = Arc::new(Barrier::new(5));
    let mut tasks = Vec::new();
    for _ in 0..5 {
        let (url, barrier) = (url.clone(), Arc::clone(&barrier));
        tasks.push(tokio::spawn(async move {
            barrier.wait().await;
            let store = open(&url).await.unwrap();
            store.schema_version().await.unwrap()
        }));
    }
    let mut versions = Vec::new();
    for t in tasks {
        versions.push(t.await.unwrap());
    }
    versions.dedup();
    assert_eq!(versions.len(), 1);
    assert!(versions[0] >= 1);
}

#[tokio::test]
async fn unknown_schemes_and_unreachable_databases_are_clear_errors() {
    let Err(e) = open("mysql://localhost/x").await else {
        panic!("mysql is not a store")
    };
    assert!(e.to_string().contains("unknown scheme \"mysql\""), "{e}");
    // A port nobody listens on.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let Err(e) = open(&format!("postgres://postgres@127.0.0.1:{port}/x")).await else {
        panic!("nobody listens there")
    };
    let text = e.to_string();
    assert!(
        matches!(e, trigonal_store::StoreError::Unavailable(_)),
        "{text}"
    );
    assert!(text.contains(&format!("127.0.0.1:{port}")), "{text}");
    assert!(!text.contains('\n'), "one line: {text}");
}

/// What a game should look like after a sequence of changes, computed without a database.
#[derive(Clone, Debug, Default, PartialEq)]
struct Model {
    moves: Vec<String>,
    version: i64,
    joined: bool,
    handed_over: bool,
    chat: Vec<String>,
    table: Table,
    owned: bool,
    keys: Vec<String>,
}

#[derive(Clone, Debug)]
enum Step {
    Move { stale: bool },
    TakeBack { from: usize, stale: bool },
    Join { stale: bool },
    Table { stale: bool },
    Say { stale: bool },
    HandOver { stale: bool },
    Key { stale: bool, key: u8 },
    Own { stale: bool },
}

fn steps() -> impl Strategy<Value = Vec<Step>> {
    prop::collection::vec(
        prop_oneof![
            4 => any::<bool>().prop_map(|s| Step::Move { stale: s }),
            1 => (0usize..6, any::<bool>()).prop_map(|(from, s)| Step::TakeBack { from, stale: s }),
            1 => any::<bool>().prop_map(|s| Step::Join { stale: s }),
            1 => any::<bool>().prop_map(|s| Step::Table { stale: s }),
            2 => any::<bool>().prop_map(|s| Step::Say { stale: s }),
            1 => any::<bool>().prop_map(|s| Step::HandOver { stale: s }),
            1 => (any::<bool>(), 0u8..3).prop_map(|(s, key)| Step::Key { stale: s, key }),
            1 => any::<bool>().prop_map(|s| Step::Own { stale: s }),
        ],
        1..25,
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, .. ProptestConfig::default() })]

    /// Any sequence of changes, some planned on a stale version: the stored game is what the
    /// model says (stale changes change nothing), on both stores.
    #[test]
    fn stored_games_follow_the_model(steps in steps()) {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async {
            for kind in ["sqlite", "postgresql"] {
                let place = Place::new(kind).await;
                let store = open(&place.db).await.unwrap();
                store
                    .insert_game(game("p", vec![seat(SeatKind::Human), seat(SeatKind::Open)]), false)
                    .await
                    .unwrap();
                let mut model = Model::default();
                for (i, step) in steps.iter().enumerate() {
                    let (change, stale) = match step {
                        Step::Move { stale } => (
                            Change::Move { ply: model.moves.len(), mv: mv(&format!("m{i}"), 0) },
                            *stale,
                        ),
                        Step::TakeBack { from, stale } => (Change::TakeBack { from: *from }, *stale),
                        Step::Join { stale } => (
                            Change::Join { seat: 1, digest: TokenDigest::of("j"), owner: Some("acct".into()) },
                            *stale,
                        ),
                        Step::Table { stale } => (Change::Table, *stale),
                        Step::Say { stale } => (
                            Change::Say(ChatRow { seat: 0, text: format!("c{i}"), at: 3 }),
                            *stale,
                        ),
                        Step::HandOver { stale } => (
                            Change::HandOver { seat: 0, level: "easy".into() },
                            *stale,
                        ),
                        Step::Key { stale, key } => (
                            Change::Key { seat: 0, digest: TokenDigest::of(&format!("k{key}")) },
                            *stale,
                        ),
                        Step::Own { stale } => (
                            Change::Own { seat: 0, owner: "acct".into() },
                            *stale,
                        ),
                    };
                    let applies = !stale
                        && match &change {
                            Change::TakeBack { from } => *from <= model.moves.len(),
                            Change::Join { .. } => !model.joined,
                            Change::Own { .. } => !model.owned,
                            _ => true,
                        };
                    // Every change carries the whole table it leaves.
                    let table = Table {
                        draw_offer: Some(i as u8 % 2),
                        names: vec![Some(format!("n{i}")), None],
                        ..Table::default()
                    };
                    let version = if stale { model.version - 1 } else { model.version };
                    let result = store
                        .commit(Commit {
                            game: "p".into(),
                            version,
                            change: change.clone(),
                            to_move: Some(0),
                            table: table.clone(),
                            deadline: None,
                            computer_due: false,
                            by: None,
                            at: 2,
                            rate: None,
                        })
                        .await
                        .unwrap();
                    if applies {
                        assert_eq!(result, Committed::Done { version: model.version + 1 });
                        model.version += 1;
                        model.table = table;
                        match change {
                            Change::Move { .. } => model.moves.push(format!("m{i}")),
                            Change::TakeBack { from } => model.moves.truncate(from),
                            Change::Join { .. } => model.joined = true,
                            Change::Say(m) => model.chat.push(m.text),
                            Change::HandOver { .. } => model.handed_over = true,
                            Change::Own { .. } => model.owned = true,
                            Change::Key { digest, .. } => model.keys.push(digest.as_str().to_string()),
                            _ => {}
                        }
                    } else {
                        assert_eq!(result, Committed::Stale, "{kind} step {i}: {step:?}");
                    }
                }
                let row = store.load_game("p").await.unwrap().unwrap();
                let moves: Vec<String> = row.moves.iter().map(|m| m.text.clone()).collect();
                assert_eq!(moves, model.moves, "{kind}");
                assert_eq!(row.version, model.version, "{kind}");
                assert_eq!(row.seats[1].kind == SeatKind::Human, model.joined, "{kind}");
                assert_eq!(row.seats[0].kind == SeatKind::Ai, model.handed_over, "{kind}");
                assert_eq!(row.seats[0].owner.is_some(), model.owned, "{kind}");
                assert_eq!(
                    row.seats[1].owner.as_deref(),
                    model.joined.then_some("acct"),
                    "{kind}: a join's owner"
                );
                let mut keys: Vec<String> =
                    row.seats[0].keys.iter().map(|k| k.as_str().to_string()).collect();
                let mut expected = model.keys.clone();
                keys.sort();
                expected.sort();
                expected.dedup();
                assert_eq!(keys, expected, "{kind}");
                assert_eq!(row.table, model.table, "{kind}");
                let chat: Vec<String> = row.chat.iter().map(|m| m.text.clone()).collect();
                assert_eq!(chat, model.chat, "{kind}");
                let lobby = store.list_games(false, 5).await.unwrap();
                assert_eq!(lobby[0].ply, model.moves.len(), "{kind}");
            }
        });
    }
}

// Trust and safety: sessions, resets, two-step sign-in, blocks, reports, moderation, deletion.

use trigonal_store::{
    AccountRow, Action, ModAction, Moderated, PushRow, ReportReason, ReportRow, ReportStatus,
    ResetRow, SeekRow, SeekSeat, SessionRow, Store,
};

const T0: i64 = 1_000_000;

async fn person(store: &Arc<dyn Store>, id: &str, name: &str) {
    let row = AccountRow::new(id.into(), name.into(), "hash".into(), T0, false);
    assert!(store.create_account(row, None).await.unwrap(), "{name}");
}

fn session_of(account: &str, secret: &str, at: i64) -> SessionRow {
    SessionRow {
        digest: TokenDigest::of(secret),
        account: account.into(),
        created: at,
        expires: at + 1_000_000,
        id: format!("id-{secret}"),
        agent: "Firefox on Linux".into(),
        last_seen: at,
    }
}

async fn sessions_are_listed_marked_seen_and_ended_one_by_one(kind: &str) {
    let place = Place::new(kind).await;
    let store = open(&place.db).await.unwrap();
    person(&store, "ann", "Ann").await;
    person(&store, "bob", "Bob").await;
    for (secret, at) in [("s1", T0), ("s2", T0 + 10), ("s3", T0 + 20)] {
        store
            .create_session(session_of("ann", secret, at))
            .await
            .unwrap();
    }
    store
        .create_session(session_of("bob", "b1", T0))
        .await
        .unwrap();
    let (account, session) = store
        .session(&TokenDigest::of("s2"), T0 + 30)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        (account.name.as_str(), session.id.as_str()),
        ("Ann", "id-s2")
    );
    assert_eq!(session.agent, "Firefox on Linux");
    store
        .touch_session(&TokenDigest::of("s1"), T0 + 500)
        .await
        .unwrap();
    let ids = |list: Vec<SessionRow>| list.into_iter().map(|s| s.id).collect::<Vec<_>>();
    assert_eq!(
        ids(store.sessions_of("ann", T0 + 600).await.unwrap()),
        ["id-s1", "id-s3", "id-s2"],
        "the latest used first"
    );
    // Another's session is not one's own to end.
    assert!(!store.end_session_id("ann", "id-b1").await.unwrap());
    assert!(store.end_session_id("ann", "id-s3").await.unwrap());
    assert!(!store.end_session_id("ann", "id-s3").await.unwrap());
    assert_eq!(
        store
            .end_other_sessions("ann", &TokenDigest::of("s2"))
            .await
            .unwrap(),
        1
    );
    assert_eq!(
        ids(store.sessions_of("ann", T0 + 600).await.unwrap()),
        ["id-s2"]
    );
    assert_eq!(store.sessions_of("bob", T0).await.unwrap().len(), 1);
}
on_both!(sessions_are_listed_marked_seen_and_ended_one_by_one);

async fn a_reset_is_used_once_within_its_hour_and_limited_per_account(kind: &str) {
    let place = Place::new(kind).await;
    let store = open(&place.db).await.unwrap();
    person(&store, "ann", "Ann").await;
    store
        .create_session(session_of("ann", "s1", T0))
        .await
        .unwrap();
    let reset = |token: &str, at: i64| ResetRow {
        digest: TokenDigest::of(token),
        account: "ann".into(),
        created: at,
        expires: at + 3_600_000,
    };
    for (i, token) in ["r1", "r2", "r3"].iter().enumerate() {
        assert!(store
            .add_reset(reset(token, T0 + i as i64), 3, T0 - 3_600_000)
            .await
            .unwrap());
    }
    assert!(
        !store
            .add_reset(reset("r4", T0 + 5), 3, T0 - 3_600_000)
            .await
            .unwrap(),
        "three an hour"
    );
    assert!(store
        .add_reset(reset("r5", T0 + 4_000_000), 3, T0 + 400_001)
        .await
        .unwrap());
    // Past its hour, a link is dead.
    let late = T0 + 3_600_000;
    assert!(store
        .reset_account(&TokenDigest::of("r1"), late)
        .await
        .unwrap()
        .is_none());
    assert!(store
        .reset_password(&TokenDigest::of("r1"), "new", late)
        .await
        .unwrap()
        .is_none());
    let peek = store
        .reset_account(&TokenDigest::of("r2"), T0 + 10)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(peek.id, "ann");
    assert_eq!(
        store
            .reset_password(&TokenDigest::of("r2"), "new-hash", T0 + 10)
            .await
            .unwrap()
            .as_deref(),
        Some("ann")
    );
    assert_eq!(
        store
            .account_by_name("ann")
            .await
            .unwrap()
            .unwrap()
            .password_hash,
        "new-hash"
    );
    assert!(store.sessions_of("ann", T0 + 10).await.unwrap().is_empty());
    // Used: it and every other link of the account are gone.
    for token in ["r2", "r3", "r5"] {
        assert!(store
            .reset_password(&TokenDigest::of(token), "other", T0 + 11)
            .await
            .unwrap()
            .is_none());
    }
}
on_both!(a_reset_is_used_once_within_its_hour_and_limited_per_account);

async fn two_step_sign_in_takes_each_code_once_and_each_recovery_code_once(kind: &str) {
    let place = Place::new(kind).await;
    let store = open(&place.db).await.unwrap();
    person(&store, "ann", "Ann").await;
    let off = store.totp("ann").await.unwrap();
    assert!(!off.on && off.secret.is_none());
    store.set_totp_pending("ann", "SECRET1").await.unwrap();
    store.set_totp_pending("ann", "SECRET2").await.unwrap();
    let codes = vec![TokenDigest::of("c1"), TokenDigest::of("c2")];
    assert!(
        !store
            .enable_totp("ann", "SECRET1", 10, codes.clone())
            .await
            .unwrap(),
        "a set-up replaced by a newer one"
    );
    assert!(store
        .enable_totp("ann", "SECRET2", 10, codes)
        .await
        .unwrap());
    let on = store.totp("ann").await.unwrap();
    assert_eq!(
        (
            on.on,
            on.secret.as_deref(),
            on.pending,
            on.step,
            on.recovery_left
        ),
        (true, Some("SECRET2"), None, 10, 2)
    );
    assert!(store.account_by_name("ann").await.unwrap().unwrap().totp);
    assert!(
        !store.take_totp_step("ann", 10).await.unwrap(),
        "taken once"
    );
    assert!(!store.take_totp_step("ann", 9).await.unwrap());
    assert!(store.take_totp_step("ann", 11).await.unwrap());
    assert!(store
        .use_recovery_code("ann", &TokenDigest::of("c1"))
        .await
        .unwrap());
    assert!(!store
        .use_recovery_code("ann", &TokenDigest::of("c1"))
        .await
        .unwrap());
    assert!(!store
        .use_recovery_code("ann", &TokenDigest::of("zz"))
        .await
        .unwrap());
    assert_eq!(store.totp("ann").await.unwrap().recovery_left, 1);
    store.disable_totp("ann").await.unwrap();
    let off = store.totp("ann").await.unwrap();
    assert_eq!((off.on, off.secret, off.recovery_left), (false, None, 0));
}
on_both!(two_step_sign_in_takes_each_code_once_and_each_recovery_code_once);

async fn blocks_are_kept_once_and_seen_from_both_sides(kind: &str) {
    let place = Place::new(kind).await;
    let store = open(&place.db).await.unwrap();
    for (id, name) in [("ann", "Ann"), ("bob", "Bob"), ("cid", "Cid")] {
        person(&store, id, name).await;
    }
    // The seeks either is shown change: announced, as any change of the seeks.
    let mut events = store.events();
    assert!(store.block("ann", "bob", T0).await.unwrap());
    assert_eq!(next_event(&mut events).await, StoreEvent::Seeks);
    assert!(!store.block("ann", "bob", T0 + 1).await.unwrap());
    assert!(store.block("cid", "ann", T0 + 2).await.unwrap());
    let listed = store.blocks("ann").await.unwrap();
    assert_eq!(listed.len(), 1);
    assert_eq!(
        (listed[0].account.as_str(), listed[0].name.as_str()),
        ("bob", "Bob")
    );
    let mut either = store.blocked_either("ann").await.unwrap();
    either.sort();
    assert_eq!(either, ["bob", "cid"]);
    assert_eq!(store.blocked_either("bob").await.unwrap(), ["ann"]);
    assert!(store.unblock("ann", "bob").await.unwrap());
    assert!(!store.unblock("ann", "bob").await.unwrap());
    assert!(store.blocked_either("bob").await.unwrap().is_empty());
}
on_both!(blocks_are_kept_once_and_seen_from_both_sides);

fn report(id: &str, reporter: &str, at: i64) -> ReportRow {
    ReportRow {
        id: id.into(),
        account: "bob".into(),
        reporter: reporter.into(),
        reason: ReportReason::Chat,
        game: Some("g1".into()),
        text: "rude".into(),
        created: at,
        status: ReportStatus::Open,
    }
}

fn action(id: &str, target: &str, what: Action, report: Option<&str>, at: i64) -> ModAction {
    ModAction {
        id: id.into(),
        at,
        moderator: "mod".into(),
        target: target.into(),
        action: what,
        reason: format!("because {id}"),
        report: report.map(String::from),
        hold_until: at + 1_000,
    }
}

async fn moderation_counts_at_once_everywhere_and_is_logged(kind: &str) {
    let place = Place::new(kind).await;
    let store = open(&place.db).await.unwrap();
    let other = second(kind, &store, &place).await;
    for (id, name) in [("mod", "Mod"), ("ann", "Ann"), ("bob", "Bob")] {
        person(&store, id, name).await;
    }
    store
        .create_session(session_of("bob", "b1", T0))
        .await
        .unwrap();
    store
        .create_session(session_of("mod", "m1", T0))
        .await
        .unwrap();
    // Reports: at most two a window per reporter.
    assert!(store
        .add_report(report("r1", "ann", T0), 2, T0 - 10)
        .await
        .unwrap());
    assert!(store
        .add_report(report("r2", "ann", T0 + 1), 2, T0 - 10)
        .await
        .unwrap());
    assert!(!store
        .add_report(report("r3", "ann", T0 + 2), 2, T0 - 10)
        .await
        .unwrap());
    assert!(store
        .add_report(report("r4", "mod", T0 + 3), 2, T0 - 10)
        .await
        .unwrap());
    // A moderator is one at once, as every process reads the account with the session.
    assert!(
        !store
            .session(&TokenDigest::of("m1"), T0)
            .await
            .unwrap()
            .unwrap()
            .0
            .moderator
    );
    assert!(store.set_moderator("MOD", true).await.unwrap());
    assert!(!store.set_moderator("nobody", true).await.unwrap());
    assert!(
        other
            .session(&TokenDigest::of("m1"), T0)
            .await
            .unwrap()
            .unwrap()
            .0
            .moderator
    );
    // A mute, seen with the session.
    let muted = action(
        "a1",
        "bob",
        Action::Mute { until: T0 + 60_000 },
        Some("r1"),
        T0 + 10,
    );
    assert_eq!(
        store.moderate(muted).await.unwrap(),
        Moderated::Done {
            tournaments: vec![]
        }
    );
    let bob = other
        .session(&TokenDigest::of("b1"), T0)
        .await
        .unwrap()
        .unwrap()
        .0;
    assert_eq!(bob.muted_until, Some(T0 + 60_000));
    assert_eq!(
        store.report("r1").await.unwrap().unwrap().status,
        ReportStatus::Resolved
    );
    // Open reports first, then the newest.
    let order: Vec<String> = store
        .reports(10)
        .await
        .unwrap()
        .into_iter()
        .map(|r| r.id)
        .collect();
    assert_eq!(order, ["r4", "r2", "r1"]);
    assert_eq!(store.reports_by("ann").await.unwrap().len(), 2);
    // A dismissal of a report that is not there does nothing at all.
    let missing = action("a2", "bob", Action::Dismiss, Some("nope"), T0 + 11);
    assert_eq!(store.moderate(missing).await.unwrap(), Moderated::NoReport);
    let dismissed = action("a3", "bob", Action::Dismiss, Some("r2"), T0 + 12);
    assert!(matches!(
        store.moderate(dismissed).await.unwrap(),
        Moderated::Done { .. }
    ));
    assert_eq!(
        store.report("r2").await.unwrap().unwrap().status,
        ReportStatus::Dismissed
    );
    // A rename to a taken name does nothing; to a free one changes the name everywhere kept,
    // and holds the old one back.
    let seek = SeekRow {
        id: "s1".into(),
        game: "triangoli".into(),
        players: 2,
        variant: None,
        clock: None,
        rated: false,
        range: None,
        quick: false,
        created: T0,
        expires: trigonal_store::now_ms() + 60_000,
        seats: vec![SeekSeat {
            account: "bob".into(),
            name: "Bob".into(),
            rating: 1500,
        }],
        game_id: None,
    };
    store.insert_seek(seek).await.unwrap();
    let taken = action(
        "a4",
        "bob",
        Action::Rename { name: "ANN".into() },
        None,
        T0 + 13,
    );
    assert_eq!(store.moderate(taken).await.unwrap(), Moderated::NameTaken);
    let renamed = action(
        "a5",
        "bob",
        Action::Rename {
            name: "Robert".into(),
        },
        None,
        T0 + 14,
    );
    assert!(matches!(
        store.moderate(renamed).await.unwrap(),
        Moderated::Done { .. }
    ));
    assert!(store.account_by_name("bob").await.unwrap().is_none());
    assert_eq!(
        store.account_by_name("robert").await.unwrap().unwrap().id,
        "bob"
    );
    // A name with a NUL (found by the API's fuzzing: a block asked for one) is nobody's.
    assert!(store.account_by_name("rob\0ert").await.unwrap().is_none());
    let seeks = store.list_seeks(trigonal_store::now_ms()).await.unwrap();
    assert_eq!(seeks[0].seats[0].name, "Robert");
    let again = AccountRow::new("new".into(), "Bob".into(), "h".into(), T0 + 20, false);
    assert!(
        !store.create_account(again.clone(), None).await.unwrap(),
        "held back"
    );
    let later = AccountRow {
        created: T0 + 14 + 1_000,
        ..again
    };
    assert!(
        store.create_account(later, None).await.unwrap(),
        "free once the hold ends"
    );
    // Closing ends the sessions and the open seeks: no sign-in from then on.
    let mut events = store.events();
    let closed = action("a6", "bob", Action::Close, Some("r4"), T0 + 15);
    assert!(matches!(
        store.moderate(closed).await.unwrap(),
        Moderated::Done { .. }
    ));
    assert_eq!(next_event(&mut events).await, StoreEvent::Seeks);
    assert!(store
        .session(&TokenDigest::of("b1"), T0)
        .await
        .unwrap()
        .is_none());
    assert!(store
        .list_seeks(trigonal_store::now_ms())
        .await
        .unwrap()
        .is_empty());
    assert!(store.account_by_id("bob").await.unwrap().unwrap().closed);
    let reopened = action("a7", "bob", Action::Reopen, None, T0 + 16);
    assert!(matches!(
        store.moderate(reopened).await.unwrap(),
        Moderated::Done { .. }
    ));
    assert!(!store.account_by_id("bob").await.unwrap().unwrap().closed);
    // The log: every action that was done, the latest first; one target's alone.
    let log = store.mod_log(None, 100).await.unwrap();
    let ids: Vec<&str> = log.iter().map(|l| l.id.as_str()).collect();
    assert_eq!(ids, ["a7", "a6", "a5", "a3", "a1"]);
    assert_eq!(log[2].detail.as_deref(), Some("Robert"));
    assert_eq!(log[4].detail, Some((T0 + 60_000).to_string()));
    assert_eq!(
        (log[0].moderator.as_str(), log[0].action.as_str()),
        ("mod", "reopen")
    );
    assert_eq!(store.mod_log(Some("ann"), 100).await.unwrap().len(), 0);
    assert_eq!(store.mod_log(Some("bob"), 2).await.unwrap().len(), 2);
}
on_both!(moderation_counts_at_once_everywhere_and_is_logged);

async fn a_deleted_account_keeps_nothing_of_the_person_and_its_name_is_held(kind: &str) {
    let place = Place::new(kind).await;
    let store = open(&place.db).await.unwrap();
    person(&store, "ann", "Ann").await;
    person(&store, "bob", "Bob").await;
    store
        .create_session(session_of("ann", "s1", T0))
        .await
        .unwrap();
    store
        .set_email("ann", "ann@example.org", &TokenDigest::of("check"), "unsub")
        .await
        .unwrap();
    store
        .add_push(PushRow {
            endpoint: "https://push.example/ann".into(),
            account: "ann".into(),
            p256dh: "k".into(),
            auth: "a".into(),
            created: T0,
        })
        .await
        .unwrap();
    store.block("ann", "bob", T0).await.unwrap();
    store.block("bob", "ann", T0).await.unwrap();
    store.set_totp_pending("ann", "S").await.unwrap();
    store
        .enable_totp("ann", "S", 1, vec![TokenDigest::of("c")])
        .await
        .unwrap();
    store
        .finish_lesson("ann", "triangoli", "intro", T0)
        .await
        .unwrap();
    let mut owned = seat(SeatKind::Human);
    owned.owner = Some("ann".into());
    store
        .insert_game(game("g1", vec![owned, seat(SeatKind::Human)]), false)
        .await
        .unwrap();
    // A running tournament she made and entered, with Bob.
    let entrant = |id: &str, name: &str| trigonal_store::EntrantRow {
        id: id.into(),
        name: name.into(),
        rating: 1500,
        level: None,
        withdrawn: false,
        joined: T0,
    };
    store
        .insert_tournament(trigonal_store::TournamentRow {
            id: "t1".into(),
            name: "Friday Swiss".into(),
            system: "swiss".into(),
            creator: "ann".into(),
            creator_name: "Ann".into(),
            game: "triangoli".into(),
            players: 2,
            variant: None,
            clock: None,
            rated: false,
            rounds: Some(3),
            minutes: None,
            capacity: 8,
            starts: T0,
            status: trigonal_store::Status::Running,
            created: T0,
            started: Some(T0),
            ended: None,
            entrants: vec![entrant("ann", "Ann"), entrant("bob", "Bob")],
            tables: Vec::new(),
        })
        .await
        .unwrap();
    assert_eq!(
        store
            .delete_account("ann", T0 + 5, T0 + 1_000)
            .await
            .unwrap(),
        Some(vec!["t1".to_string()])
    );
    // Withdrawn, and nameless where others still see her.
    let t = store.load_tournament("t1").await.unwrap().unwrap();
    assert_eq!(t.creator_name, "");
    let ann = t.entrants.iter().find(|e| e.id == "ann").unwrap();
    assert_eq!((ann.name.as_str(), ann.withdrawn), ("", true));
    assert_eq!(
        t.entrants.iter().find(|e| e.id == "bob").unwrap().name,
        "Bob"
    );
    assert_eq!(
        store
            .delete_account("ann", T0 + 6, T0 + 1_000)
            .await
            .unwrap(),
        None
    );
    assert!(store.account_by_name("ann").await.unwrap().is_none());
    assert!(store.account_by_id("ann").await.unwrap().is_none());
    assert_eq!(
        store
            .account_names(&["ann".into(), "bob".into()])
            .await
            .unwrap(),
        [None, Some("Bob".into())]
    );
    assert!(store
        .session(&TokenDigest::of("s1"), T0)
        .await
        .unwrap()
        .is_none());
    assert!(store.sessions_of("ann", T0).await.unwrap().is_empty());
    assert!(store.mail_to("ann").await.unwrap().is_none());
    assert!(store.pushes_of("ann").await.unwrap().is_empty());
    assert!(store.blocks("bob").await.unwrap().is_empty());
    assert!(store.blocked_either("bob").await.unwrap().is_empty());
    assert!(store.lessons_done("ann").await.unwrap().is_empty());
    let totp = store.totp("ann").await.unwrap();
    assert_eq!((totp.on, totp.secret, totp.recovery_left), (false, None, 0));
    // The games stay, their seats still the account's (shown as a deleted player's).
    assert_eq!(
        store.account_seats("ann", 10).await.unwrap(),
        [("g1".to_string(), 0)]
    );
    // Nothing of the name or the address is left in the store's files.
    let row = AccountRow::new("x".into(), "ANN".into(), "h".into(), T0 + 999, false);
    assert!(
        !store.create_account(row.clone(), None).await.unwrap(),
        "held back"
    );
    let later = AccountRow {
        created: T0 + 1_000,
        ..row
    };
    assert!(store.create_account(later, None).await.unwrap());
}
on_both!(a_deleted_account_keeps_nothing_of_the_person_and_its_name_is_held);

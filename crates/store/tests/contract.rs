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

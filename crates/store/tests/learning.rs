//! The promises of learning, on both stores: a lesson is finished once; a puzzle is stored once
//! however often the set is loaded; puzzles are offered nearest a rating, never one attempted;
//! a first attempt is rated once, in one transaction with the puzzle — many at once from two
//! processes lose no update; one's own mistakes are offered until solved and never rated; the
//! day's puzzle is chosen once however many processes ask at once.

use std::sync::Arc;

use tokio::sync::Barrier;
use trigonal_ratings::Rating;
use trigonal_store::testing::{second, Place};
use trigonal_store::{on_both, open, AccountRow, Attempted, PuzzleRow, Store};

async fn account(store: &Arc<dyn Store>, name: &str) {
    let row = AccountRow::new(name.into(), name.into(), "x".into(), 1, false);
    assert!(store.create_account(row, None).await.unwrap());
}

fn puzzle(id: &str, rating: f64, owner: Option<&str>) -> PuzzleRow {
    PuzzleRow {
        id: id.into(),
        game: "triangoli".into(),
        players: 2,
        variant: None,
        record: vec!["a1".into(), "b2".into()],
        solution: vec!["c3".into()],
        goal: "win".into(),
        explanation: r#"{"key":"exact-win"}"#.into(),
        owner: owner.map(String::from),
        origin: owner.map(|_| "g1".to_string()),
        rating: Rating {
            rating,
            ..Rating::START
        },
        created: 1,
    }
}

fn ids(puzzles: &[PuzzleRow]) -> Vec<&str> {
    puzzles.iter().map(|p| p.id.as_str()).collect()
}

async fn lessons_are_finished_once_and_puzzles_stored_once(kind: &str) {
    let place = Place::new(kind).await;
    let store = open(&place.db).await.unwrap();
    account(&store, "ann").await;
    assert!(store.lessons_done("ann").await.unwrap().is_empty());
    assert!(store
        .finish_lesson("ann", "toy", "taking", 5)
        .await
        .unwrap());
    assert!(!store
        .finish_lesson("ann", "toy", "taking", 9)
        .await
        .unwrap());
    assert!(store
        .finish_lesson("ann", "toy", "winning", 7)
        .await
        .unwrap());
    let done = store.lessons_done("ann").await.unwrap();
    let done: Vec<_> = done.iter().map(|d| (d.lesson.as_str(), d.done)).collect();
    assert_eq!(
        done,
        [("taking", 5), ("winning", 7)],
        "kept at its first time"
    );

    let set = vec![puzzle("p1", 1500.0, None), puzzle("p2", 1700.0, None)];
    assert_eq!(store.add_puzzles(set.clone()).await.unwrap(), 2);
    // Loading the set again (every start does) stores nothing twice.
    let more = vec![set[0].clone(), puzzle("p3", 1300.0, None)];
    assert_eq!(store.add_puzzles(more).await.unwrap(), 1);
    assert_eq!(store.puzzle("p2").await.unwrap(), Some(set[1].clone()));
    assert_eq!(store.puzzle("p9").await.unwrap(), None);
}
on_both!(lessons_are_finished_once_and_puzzles_stored_once);

async fn puzzles_are_offered_nearest_a_rating_and_attempts_rated_once(kind: &str) {
    let place = Place::new(kind).await;
    let store = open(&place.db).await.unwrap();
    account(&store, "ann").await;
    let set = vec![
        puzzle("p1", 1500.0, None),
        puzzle("p2", 1700.0, None),
        puzzle("p3", 1300.0, None),
        puzzle("mine", 1500.0, Some("ann")),
    ];
    store.add_puzzles(set).await.unwrap();
    let near = |account: Option<&'static str>, mine, rating| {
        let store = Arc::clone(&store);
        async move {
            store
                .puzzles_near("triangoli", account, mine, rating, 10)
                .await
                .unwrap()
        }
    };
    assert_eq!(ids(&near(None, false, 1650.0).await), ["p2", "p1", "p3"]);
    assert_eq!(ids(&near(Some("ann"), true, 1650.0).await), ["mine"]);
    assert!(near(None, false, 0.0)
        .await
        .iter()
        .all(|p| p.owner.is_none()));

    let Attempted::Rated { player, puzzle } =
        store.attempt_puzzle("ann", "p1", true, 10).await.unwrap()
    else {
        panic!("a first attempt is rated");
    };
    assert_eq!(player.0, Rating::START);
    assert!(player.1.rating > 1500.0 && puzzle.1.rating < 1500.0);
    assert_eq!(
        store.puzzle_rating("ann", "triangoli").await.unwrap(),
        player.1
    );
    let stored = store.puzzle("p1").await.unwrap().unwrap().rating;
    assert_eq!((stored.rating, stored.games), (puzzle.1.rating, 1));
    // Again: nothing changes, and the puzzle is no longer offered.
    assert_eq!(
        store.attempt_puzzle("ann", "p1", false, 11).await.unwrap(),
        Attempted::Again
    );
    assert_eq!(
        store.puzzle_rating("ann", "triangoli").await.unwrap(),
        player.1
    );
    assert_eq!(
        store.puzzle("p1").await.unwrap().unwrap().rating.rating,
        puzzle.1.rating
    );
    // Equally near: by id.
    assert_eq!(ids(&near(Some("ann"), false, 1500.0).await), ["p2", "p3"]);
    assert_eq!(
        store.attempt_puzzle("ann", "nope", true, 12).await.unwrap(),
        Attempted::Gone
    );
    // One's own mistake: offered until solved, never rated.
    let before = store.puzzle_rating("ann", "triangoli").await.unwrap();
    for (correct, offered) in [(false, 1), (true, 0), (false, 0)] {
        assert_eq!(
            store
                .attempt_puzzle("ann", "mine", correct, 13)
                .await
                .unwrap(),
            Attempted::Again
        );
        assert_eq!(near(Some("ann"), true, 1500.0).await.len(), offered);
    }
    assert_eq!(
        store.puzzle_rating("ann", "triangoli").await.unwrap(),
        before
    );
}
on_both!(puzzles_are_offered_nearest_a_rating_and_attempts_rated_once);

async fn attempts_at_once_from_two_processes_lose_no_update(kind: &str) {
    let place = Place::new(kind).await;
    let a = open(&place.db).await.unwrap();
    let b = second(kind, &a, &place).await;
    let names: Vec<String> = (0..6).map(|i| format!("p{i}")).collect();
    for name in &names {
        account(&a, name).await;
    }
    let set: Vec<_> = (0..6)
        .map(|i| puzzle(&format!("z{i}"), 1500.0, None))
        .collect();
    a.add_puzzles(set).await.unwrap();
    // Six players solve z0 at once, while p0 also solves z1 … z5 at once.
    let mut jobs: Vec<(String, String)> = names.iter().map(|n| (n.clone(), "z0".into())).collect();
    jobs.extend((1..6).map(|i| ("p0".to_string(), format!("z{i}"))));
    let barrier = Arc::new(Barrier::new(jobs.len()));
    let tasks: Vec<_> = jobs
        .into_iter()
        .enumerate()
        .map(|(i, (who, id))| {
            let store = Arc::clone(if i % 2 == 0 { &a } else { &b });
            let barrier = Arc::clone(&barrier);
            tokio::spawn(async move {
                barrier.wait().await;
                store.attempt_puzzle(&who, &id, true, 20).await.unwrap()
            })
        })
        .collect();
    for t in tasks {
        assert!(matches!(t.await.unwrap(), Attempted::Rated { .. }));
    }
    assert_eq!(a.puzzle("z0").await.unwrap().unwrap().rating.games, 6);
    assert_eq!(a.puzzle_rating("p0", "triangoli").await.unwrap().games, 6);
    for name in &names[1..] {
        assert_eq!(a.puzzle_rating(name, "triangoli").await.unwrap().games, 1);
    }
}
on_both!(attempts_at_once_from_two_processes_lose_no_update);

async fn the_day_s_puzzle_is_chosen_once(kind: &str) {
    let place = Place::new(kind).await;
    let a = open(&place.db).await.unwrap();
    let b = second(kind, &a, &place).await;
    assert_eq!(
        a.daily_puzzle("2026-11-28", "triangoli", 3).await.unwrap(),
        None
    );
    account(&a, "ann").await;
    let set = vec![
        puzzle("d1", 1500.0, None),
        puzzle("d2", 1500.0, None),
        puzzle("d3", 1500.0, None),
        puzzle("d0", 1500.0, Some("ann")),
    ];
    a.add_puzzles(set).await.unwrap();
    let barrier = Arc::new(Barrier::new(8));
    let tasks: Vec<_> = (0..8u64)
        .map(|i| {
            let store = Arc::clone(if i % 2 == 0 { &a } else { &b });
            let barrier = Arc::clone(&barrier);
            tokio::spawn(async move {
                barrier.wait().await;
                store
                    .daily_puzzle("2026-11-28", "triangoli", i)
                    .await
                    .unwrap()
            })
        })
        .collect();
    let mut chosen = Vec::new();
    for t in tasks {
        chosen.push(t.await.unwrap().expect("a puzzle").id);
    }
    assert!(chosen.iter().all(|c| *c == chosen[0]), "{chosen:?}");
    assert_ne!(
        chosen[0], "d0",
        "one's own mistakes are nobody's puzzle of the day"
    );
    let later = a.daily_puzzle("2026-11-28", "triangoli", 99).await.unwrap();
    assert_eq!(later.unwrap().id, chosen[0]);
    // Another day: the pick, counted among everyone's puzzles ordered by id.
    let next = a.daily_puzzle("2026-11-29", "triangoli", 4).await.unwrap();
    assert_eq!(next.unwrap().id, "d2");
}
on_both!(the_day_s_puzzle_is_chosen_once);

//! Alpha-beta on toy games whose every answer is known by hand.

use super::*;
use crate::knowledge::NoKnowledge;
use crate::toy::{played, Choice, Pick, Pile, Take};

#[test]
fn a_proven_win_is_found_and_a_forced_loss_is_seen() {
    let mut search = AlphaBeta::exact(NoKnowledge, 10);
    // 7 stones: take 1, leaving a multiple of three.
    let found = search.solve(&Pile::of(7));
    assert_eq!(found.best, Take(1));
    assert!(found.value > 0, "{}", found.value);
    // 8: take 2.
    assert_eq!(search.solve(&Pile::of(8)).best, Take(2));
    // 9: every move loses.
    let lost = search.solve(&Pile::of(9));
    assert!(lost.value < 0, "{}", lost.value);
    for n in 1..=20 {
        assert_eq!(
            search.solve_at_least(&Pile::of(n), 1),
            n % 3 != 0,
            "{n} stones"
        );
    }
}

/// The pile's size as what is left, so that searches of large piles split between threads.
#[derive(Clone)]
struct Stones;

impl Knowledge<Pile> for Stones {
    fn name(&self) -> &'static str {
        "stones"
    }
    fn left(&self, position: &Pile) -> Option<u32> {
        Some(position.stones)
    }
    fn table_below(&self) -> u32 {
        4
    }
    fn split_from(&self) -> u32 {
        7
    }
}

#[test]
fn threads_that_split_the_first_line_find_every_value_and_share_one_table() {
    let mut search = AlphaBeta::exact(Stones, 12).with_threads(2);
    for n in (1..=40).rev() {
        let found = search.solve(&Pile::of(n));
        assert_eq!(found.value, if n % 3 == 0 { -1 } else { 1 }, "{n} stones");
        if n % 3 != 0 {
            assert_eq!(found.best, Take(n % 3), "{n} stones");
        }
    }
    // A split node stores its value: the root of 40 stones, and the pile on its first line
    // after the winning move (taking one), split again there.
    search.forget();
    search.solve(&Pile::of(40));
    for (stones, to_move) in [(40, 0), (39, 1)] {
        let pile = Pile { stones, to_move };
        let e = search
            .probe(pile.position_hash())
            .expect("a split node stored");
        assert_eq!(e.depth, TO_THE_END, "{stones} stones");
        assert!(e.best.is_some(), "{stones} stones");
    }
    // A helper thread's searcher writes into the very table the searcher it came from reads.
    let mut helper = search.fork();
    search.forget();
    assert!(helper.solve_at_least(&Pile::of(20), 1));
    let e = search
        .probe(Pile::of(20).position_hash())
        .expect("the helper's entry");
    assert_eq!(e.bound, Bound::Lower);
}

#[test]
fn after_a_pass_that_fails_low_the_root_tries_first_the_moves_that_took_longest() {
    // 9 stones: every move loses, so the test for a win fails low and times both moves.
    let pile = Pile::of(9);
    let mut search = AlphaBeta::exact(Stones, 12);
    search.begin_exact(&pile, None, u64::MAX);
    let before = search.nodes;
    let (value, _) = search.root_window(&pile, 0, 1).expect("no limits");
    assert!(value <= 0, "{value}");
    let mut timed: Vec<Take> = search.root_effort.iter().map(|&(mv, _)| mv).collect();
    timed.sort_by_key(|t| t.0);
    assert_eq!(timed, [Take(1), Take(2)], "each root move once");
    // Every position below the root counted to the move it was searched under.
    let counted: u64 = search.root_effort.iter().map(|&(_, n)| n).sum();
    assert_eq!(counted, search.nodes - before - 1);
    // The next pass orders the root's moves by those counts alone, and stages the most.
    let moves = [Take(1), Take(2)];
    let mut scores = Vec::new();
    search.order(&pile, &moves, &mut scores, None, 0);
    let effort = |t: Take| search.root_effort.iter().find(|e| e.0 == t).unwrap().1 as i32;
    assert_eq!(scores, [effort(Take(1)), effort(Take(2))]);
    let most = search.leading(0, None).expect("timed moves");
    assert!(moves.iter().all(|&t| effort(t) <= effort(most)));
    // A pass that does not fail low leaves the next to the table's move and the usual order.
    let (value, _) = search
        .root_window(&pile, -INFINITY, INFINITY)
        .expect("no limits");
    assert_eq!(value, -1);
    assert!(search.root_effort.is_empty());
    // Win, draw or loss by the two tests, on one thread and two.
    for threads in [1, 2] {
        let mut search = AlphaBeta::exact(Stones, 12).with_threads(threads);
        for n in 1..=40 {
            let expected = if n % 3 == 0 { -1 } else { 1 };
            assert_eq!(search.solve_result(&Pile::of(n)), expected, "{n} stones");
        }
    }
}

#[test]
fn the_draw_test_tries_first_the_reply_that_refuted_the_last_move_shown_losing() {
    // Rows 0 and 1 lose to reply 0 and draw against reply 1; row 2 draws against both. (Of
    // moves ordered alike, the search tries the last listed first.)
    const RESULTS: &[&[i8]] = &[&[-1, 0], &[-1, 0], &[0, 0]];
    let root = Choice::of(RESULTS);
    let mut search = AlphaBeta::exact(NoKnowledge, 10);
    search.begin_exact(&root, None, u64::MAX);
    // The test for a win: each row shown not to win by reply 1, which the table keeps.
    let (win, _) = search.root_window(&root, 0, 1).expect("no limits");
    assert_eq!(win, 0);
    // The test for a draw, the rows in the order 0, 1, 2.
    search.root_effort = vec![(Pick(0), 3), (Pick(1), 2), (Pick(2), 1)];
    played();
    search.begin_draw_test();
    let (draw, drawing) = search.root_window(&root, -1, 0).expect("no limits");
    assert_eq!((draw, drawing), (0, Pick(2)));
    // Row 0: no killer yet (the first test's is forgotten), and no evaluation to name a
    // likelier win: the table's reply 1 draws, reply 0 wins.
    // Row 1: reply 0 at once, not the table's reply 1. Row 2: both replies draw.
    let rows_and_replies: Vec<u8> = played().into_iter().map(|p| p.0).collect();
    assert_eq!(rows_and_replies, [0, 1, 0, 1, 0, 2, 0, 1]);
    // Both tests through `result`, on one thread and two.
    for threads in [1, 2] {
        let mut search = AlphaBeta::exact(NoKnowledge, 10).with_threads(threads);
        assert_eq!(search.solve_result(&root), 0, "{threads} threads");
        assert!(!search.draw_test);
    }
}

/// Knowledge of [`Choice`] with a flat evaluation, so that a heuristic search sees only the
/// game's ends.
#[derive(Clone)]
struct Judged;

impl Knowledge<Choice> for Judged {
    fn name(&self) -> &'static str {
        "judged"
    }
    fn evaluate(&self, _: &Choice) -> Option<i32> {
        Some(0)
    }
}

#[test]
fn the_draw_test_tries_the_heuristic_searchs_best_reply_before_the_tables() {
    // Row 0 loses to reply 0 alone; row 1 draws against every reply. (Of moves ordered
    // alike, the search tries the last listed first.)
    const RESULTS: &[&[i8]] = &[&[-1, 0, 0], &[0, 0, 0]];
    let root = Choice::of(RESULTS);
    let mut search = AlphaBeta::exact(Judged, 10);
    search.begin_exact(&root, None, u64::MAX);
    // The test for a win: each row shown not to win by reply 2, which the table keeps and
    // the killers hold.
    let (win, _) = search.root_window(&root, 0, 1).expect("no limits");
    assert_eq!(win, 0);
    assert_eq!(search.killers[1][0], Some(Pick(2)));
    search.root_effort = vec![(Pick(0), 2), (Pick(1), 1)];
    played();
    search.begin_draw_test();
    let (draw, drawing) = search.root_window(&root, -1, 0).expect("no limits");
    assert_eq!((draw, drawing), (0, Pick(1)));
    // The heuristic search plays each reply below a row once (its depth reaches the end).
    let heuristic = [2, 0, 1];
    // Row 0: no killer yet (the first test's is forgotten); the heuristic search names
    // reply 0, which wins at once, before the table's reply 2, which only draws.
    let row_0 = [&[0][..], &heuristic, &[0]].concat();
    // Row 1: the killer, reply 0, then the heuristic's (all draw: the first it searched),
    // then the one left.
    let row_1 = [&[1, 0][..], &heuristic, &[2, 1]].concat();
    let log: Vec<u8> = played().into_iter().map(|p| p.0).collect();
    assert_eq!(log, [row_0, row_1].concat());
    // Both tests through `result`, on one thread and two.
    for threads in [1, 2] {
        let mut search = AlphaBeta::exact(Judged, 10).with_threads(threads);
        assert_eq!(search.solve_result(&root), 0, "{threads} threads");
    }
}

/// Knowledge of [`Choice`] that scores its ends by their results, as margins for the first
/// seat.
#[derive(Clone)]
struct Scored;

/// The first window of a margin's search ([`Knowledge::near_margin`]) in these tests.
const NEAR_MARGIN: i32 = 23;

impl Knowledge<Choice> for Scored {
    fn name(&self) -> &'static str {
        "scored"
    }
    fn near_margin(&self) -> i32 {
        NEAR_MARGIN
    }
    fn margin(&self, position: &Choice, seat: Seat) -> i32 {
        let (row, column) = (position.row.expect("over"), position.column.expect("over"));
        let result = i32::from(position.results[row as usize][column as usize]);
        if seat == Seat(0) {
            result
        } else {
            -result
        }
    }
}

#[test]
fn a_margin_beyond_the_first_window_is_searched_again_beyond_it() {
    // Each row is worth its smaller result (the reply picks it); the best row's is the
    // margin. (Of moves ordered alike, the search tries the last listed first: so the first
    // window is left by a row or a reply short of the best, which only the search beyond it
    // finds.)
    const N: i8 = NEAR_MARGIN as i8;
    let cases: [(&'static [&'static [i8]], i32, u8); 6] = [
        (&[&[50, 50], &[30, 30]], 50, 0),
        (&[&[-50, -30]], -50, 0),
        (&[&[5, 7], &[N - 1, 90]], NEAR_MARGIN - 1, 1),
        (&[&[N, N], &[2, 9]], NEAR_MARGIN, 0),
        (&[&[-N, 0], &[-90, 1]], -NEAR_MARGIN, 0),
        (&[&[-N + 1, -2]], 1 - NEAR_MARGIN, 0),
    ];
    for (results, margin, best) in cases {
        for threads in [1, 2] {
            let mut search = AlphaBeta::exact(Scored, 10).with_threads(threads);
            let found = search.solve(&Choice::of(results));
            assert_eq!(
                (found.value, found.best),
                (margin, Pick(best)),
                "{results:?}"
            );
        }
    }
}

#[test]
fn a_search_for_a_split_node_already_settled_gives_up_within_a_thousand_positions() {
    // No table: a pile of 40 stones is a tree of millions of positions.
    let mut search = AlphaBeta::exact(Stones, 12);
    search.table_below = 1_000;
    let settled = Arc::new(std::sync::atomic::AtomicBool::new(true));
    search.settled = Some(Arc::clone(&settled));
    search.start(None, u64::MAX, true);
    search.root(&Pile::of(40), TO_THE_END as i32, 0, 1);
    assert!(search.stopped);
    assert!(search.nodes <= 1024, "{} positions", search.nodes);
    // Not settled, it searches to the end.
    settled.store(false, std::sync::atomic::Ordering::Relaxed);
    search.start(None, u64::MAX, true);
    let (value, best) = search.root(&Pile::of(14), TO_THE_END as i32, -INFINITY, INFINITY);
    assert!(!search.stopped);
    assert_eq!((value, best), (1, Some(Take(2))));
}

#[test]
fn the_losing_moves_are_those_the_table_proves_losing_even_after_a_stop() {
    // 9 stones: both moves leave the opponent a pile it wins; both are searched and stored.
    let mut search = AlphaBeta::exact(NoKnowledge, 10);
    search.solve(&Pile::of(9));
    assert_eq!(search.losing_moves(&Pile::of(9)).len(), 2);
    // Taking the last two stones finishes the game and wins: never a losing move.
    search.solve(&Pile::of(2));
    assert_eq!(search.losing_moves(&Pile::of(2)), vec![Take(1)]);
    // Whatever a search stopped early by a node limit, on one thread or two, had settled:
    // a move it names loses (it leaves a pile that is no multiple of three).
    for threads in [1, 2] {
        let mut named = 0;
        for (n, limit) in (10..70).zip((5..).step_by(7)) {
            let mut search = AlphaBeta::exact(Stones, 12).with_threads(threads);
            let _ = search.keep_result_until(&Pile::of(n), None, None, limit);
            for Take(t) in search.losing_moves(&Pile::of(n)) {
                assert_ne!((n - t) % 3, 0, "{n} stones, {limit} nodes: take {t}");
                named += 1;
            }
        }
        assert!(named > 0, "some stopped searches settled a move");
    }
}

#[test]
fn a_depth_limited_search_prefers_the_quickest_win() {
    let mut search = AlphaBeta::new(NoKnowledge, 10);
    // 2 stones: taking both wins now; taking one loses.
    let found = search.search_depth(&Pile::of(2), 4);
    assert_eq!(found.best, Take(2));
    assert_eq!(found.value, WIN - 1, "a win one ply away");
    // 4 stones: the win is three plies away.
    let found = search.search_depth(&Pile::of(4), 6);
    assert_eq!(found.best, Take(1));
    assert_eq!(found.value, WIN - 3);
}

#[test]
fn a_null_window_test_stores_a_bound_on_its_side_only() {
    let mut search = AlphaBeta::exact(NoKnowledge, 10);
    // A won pile tested for a win: the root's entry is a lower bound of at least a win.
    assert!(search.solve_at_least(&Pile::of(7), 1));
    let e = search
        .probe(Pile::of(7).position_hash())
        .expect("the root stored");
    assert_eq!((e.bound, e.depth), (Bound::Lower, TO_THE_END));
    assert!(e.value >= 1, "{}", e.value);
    // A lost pile: an upper bound of at most a draw.
    assert!(!search.solve_at_least(&Pile::of(9), 1));
    let e = search
        .probe(Pile::of(9).position_hash())
        .expect("the root stored");
    assert_eq!(e.bound, Bound::Upper);
    assert!(e.value <= 0, "{}", e.value);
    // Bounds left by tests in every window never stand in for exact values: full solves on
    // the same table still find every value and winning move.
    for n in 1..=30 {
        for at_least in [-1, 0, 1] {
            search.solve_at_least(&Pile::of(n), at_least);
        }
    }
    for n in 1..=30 {
        let found = search.solve(&Pile::of(n));
        assert_eq!(found.value, if n % 3 == 0 { -1 } else { 1 }, "{n} stones");
        if n % 3 != 0 {
            assert_eq!(found.best, Take(n % 3), "{n} stones");
        }
    }
}

#[test]
fn the_table_keeps_wins_relative_to_the_node_it_stores_them_at() {
    // A win three plies below a node stored at ply 5 (WIN - 8 from the root) reads as a win
    // in three from that node, and back as WIN - 8 at ply 5, WIN - 5 at ply 2.
    assert_eq!(to_table(WIN - 8, 5), WIN - 3);
    assert_eq!(from_table(WIN - 3, 5), WIN - 8);
    assert_eq!(from_table(WIN - 3, 2), WIN - 5);
    assert_eq!(to_table(-(WIN - 8), 5), -(WIN - 3));
    for v in [-WIN + 40, -WON, -5, 0, 7, WON, WIN - 40] {
        for ply in [0, 1, 9, 30] {
            assert_eq!(from_table(to_table(v, ply), ply), v, "{v} at {ply}");
        }
    }
    // Ordinary evaluations are stored as they are.
    assert_eq!(to_table(123, 9), 123);
}

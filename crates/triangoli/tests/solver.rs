//! The exact Triangoli solver on endgames worked out by hand, and alpha-beta against plain
//! minimax on small positions.

use trigonal_ai::alphabeta::AlphaBeta;
use trigonal_ai::cutoffs::{Cutoffs, History, END_PLIES};
use trigonal_ai::knowledge::Knowledge;
use trigonal_ai::solve::{SolveError, Solved, Verdict};
use trigonal_core::{Game, Seat};
use trigonal_triangoli::kit::solver;
use trigonal_triangoli::knowledge::{final_margin, TriangoliKnowledge};
use trigonal_triangoli::{Move, Point, Triangoli, TRIANGLES};

fn solve_triangoli(p: &Triangoli, table_bits: u32, threads: usize) -> Result<Solved, SolveError> {
    solver().solve(p, table_bits, threads)
}

fn random_position(empties: u32, seed: u64) -> Option<Triangoli> {
    solver().random_position(empties, seed)
}

/// A solved margin as (cylinders, sectors), as the kit names its parts.
fn counts(s: &Solved) -> (i32, i32) {
    assert_eq!(s.parts[0].0, "cylinders");
    assert_eq!(s.parts[1].0, "sectors");
    (s.parts[0].1, s.parts[1].1)
}

const P1: Seat = Seat(0);
const P2: Seat = Seat(1);

fn point(name: &str) -> Point {
    Point::parse(name).unwrap()
}

/// A board from (triangle number, P1 cylinders, P2 cylinders); triangles not listed are empty.
fn board(cells: &[(usize, u8, u8)]) -> [[u8; 2]; TRIANGLES] {
    let mut b = [[0; 2]; TRIANGLES];
    for &(t, p1, p2) in cells {
        b[t - 1] = [p1, p2];
    }
    b
}

/// The common board of the hand-worked endgames. Sectors (triangles): 1 (17 18 19 24),
/// 2 (16 21 22 23), 3 (13 14 15 20), 4 (1 6 7 8), 5 (2 3 4 9), 6 (5 10 11 12).
/// Only triangle 24 (corners c4 d4 c5) is empty. P1's pawn on c3 reaches it on c4 (1 step) or
/// c5 (2 steps); P2's pawn is out of the way on a1.
/// - sector 1: 17 P2 2, 18 P2 1, 19 P1 1: P1 1 against P2 3 before the last placement;
/// - sector 2: P1 1 in each triangle (4–0); sector 4 likewise P1 (4–0);
/// - sector 3: P2 1 in each (0–4); sector 5: P2 `sector5` in each;
/// - sector 6: 5 P1 1, 10 P1 1, 11 P2 `t11`, 12 P2 1.
///
/// P1's moves: `c4/24` with one of P2's cylinders exchanged from 17 or 18 (16, 22 and 23, the
/// other triangles at c4, hold only P1's), making sector 1 P1 3 against P2 2: P1 keeps 3 there;
/// or `c5/24` (2 cylinders, nothing to exchange at c5), making sector 1 a 3–3 tie.
fn endgame(sector5: u8, t11: u8) -> [[u8; 2]; TRIANGLES] {
    board(&[
        (17, 0, 2),
        (18, 0, 1),
        (19, 1, 0),
        (16, 1, 0),
        (21, 1, 0),
        (22, 1, 0),
        (23, 1, 0),
        (13, 0, 1),
        (14, 0, 1),
        (15, 0, 1),
        (20, 0, 1),
        (1, 1, 0),
        (6, 1, 0),
        (7, 1, 0),
        (8, 1, 0),
        (2, 0, sector5),
        (3, 0, sector5),
        (4, 0, sector5),
        (9, 0, sector5),
        (5, 1, 0),
        (10, 1, 0),
        (11, 0, t11),
        (12, 0, 1),
    ])
}

fn moves(position: &Triangoli) -> Vec<String> {
    let mut m = Vec::new();
    position.legal_moves(&mut m);
    let mut texts: Vec<String> = m.iter().map(ToString::to_string).collect();
    texts.sort();
    texts
}

#[test]
fn a_forced_win_by_three_cylinders() {
    // Sector 5 P2 4, sector 6 tied 2–2. After c4/24 with an exchange: P1 keeps 4 + 4 + 3 = 11
    // (sectors 1, 2, 4), P2 keeps 4 + 4 = 8 (sectors 3, 5): P1 wins by 3 cylinders and one
    // sector. After c5/24: 8 against 8 and two sectors each, a draw. So P1 wins by 3.
    let p = Triangoli::from_parts(endgame(1, 1), [point("c3"), point("a1")], P1);
    assert_eq!(moves(&p), ["c4/24/17", "c4/24/18", "c5/24"]);
    let s = solve_triangoli(&p, 16, 1).unwrap();
    assert_eq!(s.verdict, Verdict::Win);
    assert_eq!(counts(&s), (3, 1));
    assert!(s.best.starts_with("c4/24/"), "{}", s.best);
}

#[test]
fn a_forced_draw() {
    // Sector 6 now P2 3 against P1 2, so P2 keeps 4 + 4 + 3 = 11 there and in sectors 3 and 5.
    // c4/24 with an exchange: P1 11 against P2 11, three sectors each: a draw. c5/24: P1 8
    // against 11, a loss. So a draw.
    let p = Triangoli::from_parts(endgame(1, 2), [point("c3"), point("a1")], P1);
    let s = solve_triangoli(&p, 16, 1).unwrap();
    assert_eq!(s.verdict, Verdict::Draw);
    assert_eq!(counts(&s), (0, 0));
    assert!(s.best.starts_with("c4/24/"), "{}", s.best);
}

#[test]
fn a_forced_loss_by_one_cylinder_despite_more_sectors() {
    // Sector 5 P2 2 in each triangle: P2 keeps 4 + 8 = 12. c4/24 with an exchange: P1 keeps 11
    // and wins three sectors to two, but loses by one cylinder. c5/24: 8 against 12. So P1
    // loses by 1 cylinder, with one sector more.
    let p = Triangoli::from_parts(endgame(2, 1), [point("c3"), point("a1")], P1);
    let s = solve_triangoli(&p, 16, 1).unwrap();
    assert_eq!(s.verdict, Verdict::Loss);
    assert_eq!(counts(&s), (-1, 1));
    assert!(s.best.starts_with("c4/24/"), "{}", s.best);
}

#[test]
fn a_loss_after_a_forced_pass() {
    // The winning board with P2 to move but P2's reserve empty (five more P2 cylinders in
    // sectors P1 holds anyway: 1, 6, 7 one each, 21 two): P2 must pass, then P1 plays c4/24 and
    // wins by 3 cylinders and one sector, as in the first endgame.
    let mut b = endgame(1, 1);
    for (t, n) in [(1, 1), (6, 1), (7, 1), (21, 2)] {
        b[t - 1][1] += n;
    }
    let p = Triangoli::from_parts(b, [point("c3"), point("a1")], P2);
    assert_eq!(p.reserve(P2), 0);
    assert_eq!(moves(&p), ["pass"]);
    let s = solve_triangoli(&p, 16, 1).unwrap();
    assert_eq!(s.seat, P2);
    assert_eq!(s.verdict, Verdict::Loss);
    assert_eq!(counts(&s), (-3, -1));
    assert_eq!(s.best, "pass");
}

/// Plain minimax over final margins, no pruning: the reference.
fn minimax(position: &Triangoli) -> i32 {
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    moves.iter().map(|&mv| after(position, mv)).max().unwrap()
}

/// The final margin, by plain minimax, that playing `mv` in `position` leaves its seat to move.
fn after(position: &Triangoli, mv: Move) -> i32 {
    let me = position.to_move().unwrap();
    let mut child = position.clone();
    child.play(mv);
    match child.to_move() {
        None => final_margin(&child, me),
        Some(s) if s == me => minimax(&child),
        Some(_) => -minimax(&child),
    }
}

#[test]
fn the_solver_agrees_with_plain_minimax_on_random_endgames() {
    let mut checked = 0;
    for seed in 0..40 {
        let Some(p) = random_position(4, seed) else {
            continue;
        };
        let want = minimax(&p);
        let mut solver = AlphaBeta::exact(TriangoliKnowledge::default(), 14);
        let found = solver.solve(&p);
        assert_eq!(found.value, want, "seed {seed}");
        // The move given achieves the value.
        assert_eq!(
            after(&p, found.best),
            want,
            "seed {seed}: {} does not achieve it",
            found.best
        );
        // And the null-window test agrees, and so does the solver on two threads.
        assert!(solver.solve_at_least(&p, want));
        assert!(!solver.solve_at_least(&p, want + 1));
        let two = solve_triangoli(&p, 14, 2).unwrap();
        assert_eq!(two.value, want, "seed {seed}, two threads");
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} positions");
}

/// Depth-limited plain minimax with the Triangoli evaluation: what alpha-beta must return.
fn minimax_depth(position: &Triangoli, depth: u32) -> i32 {
    use trigonal_ai::knowledge::WIN;
    let k = TriangoliKnowledge::default();
    if depth == 0 {
        return k.evaluate(position).unwrap();
    }
    let me = position.to_move().unwrap();
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&mv| {
            let mut child = position.clone();
            child.play(mv);
            match child.to_move() {
                None => match final_margin(&child, me).signum() {
                    1 => WIN,
                    -1 => -WIN,
                    _ => 0,
                },
                Some(s) if s == me => minimax_depth(&child, depth - 1),
                Some(_) => -minimax_depth(&child, depth - 1),
            }
        })
        .max()
        .unwrap()
}

/// Near the end too: the heuristic search settles the last turns exactly only where they lie
/// within its horizon, and evaluates at the horizon like minimax.
#[test]
fn alpha_beta_agrees_with_plain_minimax_at_fixed_depth() {
    use trigonal_ai::knowledge::WIN;
    for (seed, empties) in (0..12).flat_map(|seed| [12, 4, 3, 2].map(|e| (seed, e))) {
        let Some(p) = random_position(empties, seed) else {
            continue;
        };
        for depth in 1..=2 {
            let want = minimax_depth(&p, depth);
            let mut ab = AlphaBeta::new(TriangoliKnowledge::default(), 12);
            let got = ab.search_depth(&p, depth).value;
            // Alpha-beta prefers quicker wins (WIN less the plies); compare the sign there.
            if want.abs() == WIN {
                assert_eq!(
                    got.signum(),
                    want.signum(),
                    "{empties} empty, seed {seed} depth {depth}"
                );
            } else {
                assert_eq!(got, want, "{empties} empty, seed {seed} depth {depth}");
            }
        }
    }
}

#[test]
fn the_solvers_move_keeps_the_value_and_some_moves_do_not() {
    let keeps_value =
        |p: &Triangoli, mv: Move, threads: usize| solver().keeps_value(p, mv, threads);
    let mut lost_somewhere = false;
    for seed in 1..=12 {
        let Some(position) = random_position(7, seed) else {
            continue;
        };
        let solved = solve_triangoli(&position, 18, 1).unwrap();
        let best = solved.best.parse().unwrap();
        assert!(
            keeps_value(&position, best, 1),
            "seed {seed}: the solver's own move"
        );
        let mut moves = Vec::new();
        trigonal_core::Game::legal_moves(&position, &mut moves);
        lost_somewhere |= moves.iter().any(|&m| !keeps_value(&position, m, 1));
    }
    assert!(
        lost_somewhere,
        "in a dozen endgames some move throws the value away"
    );
}
/// Exact values (16 × cylinders + sectors, for the side to move) of `random_position(empties, seed)`
/// as the solver before its speed-up found them: (empties, seed, value).
const BEFORE: &[(u32, u64, i32)] = &[
    (6, 1, 0),
    (6, 2, 16),
    (6, 3, -65),
    (6, 4, -16),
    (6, 5, -16),
    (6, 6, 0),
    (6, 7, -80),
    (6, 8, 66),
    (6, 9, 0),
    (6, 10, 48),
    (6, 11, 32),
    (6, 12, 16),
    (6, 13, -16),
    (6, 14, -32),
    (6, 15, 146),
    (6, 16, 33),
    (6, 17, -98),
    (6, 18, -66),
    (6, 19, 65),
    (6, 20, -16),
    (6, 21, 33),
    (6, 22, 49),
    (6, 23, 48),
    (6, 24, -32),
    (6, 25, -16),
    (6, 26, 33),
    (6, 27, -16),
    (6, 28, 130),
    (6, 29, 32),
    (6, 30, 178),
    (6, 31, 16),
    (6, 32, 16),
    (6, 33, 16),
    (6, 34, 0),
    (6, 35, 33),
    (6, 36, 146),
    (6, 37, 114),
    (6, 38, -16),
    (6, 39, -17),
    (6, 40, 16),
    (8, 1, -17),
    (8, 2, 16),
    (8, 3, 0),
    (8, 4, -32),
    (8, 5, 16),
    (8, 6, 16),
    (8, 7, -65),
    (8, 8, -16),
    (8, 9, -16),
    (8, 10, 47),
    (8, 11, 81),
    (8, 12, 16),
    (8, 13, -16),
    (8, 14, 0),
    (8, 15, 98),
    (8, 16, 32),
    (8, 17, -33),
    (8, 18, 16),
    (8, 19, 16),
    (8, 20, 16),
    (8, 21, 0),
    (8, 22, 16),
    (8, 23, 17),
    (8, 24, -32),
    (8, 25, 17),
    (8, 26, 82),
    (8, 27, 16),
    (8, 28, 81),
    (8, 29, 16),
    (8, 30, 16),
    (8, 31, 98),
    (8, 32, 16),
    (8, 33, 16),
    (8, 34, -16),
    (8, 35, 16),
    (8, 36, 0),
    (8, 37, 48),
    (8, 38, 16),
    (8, 39, 82),
    (8, 40, 16),
    (10, 1, 0),
    (10, 2, 0),
    (10, 3, -1),
    (10, 4, -16),
    (10, 5, 0),
    (10, 6, 0),
    (10, 7, -16),
    (10, 8, -17),
    (10, 9, -16),
    (10, 10, -17),
    (10, 11, 16),
    (10, 12, 16),
    (10, 13, -32),
    (10, 14, 16),
    (10, 15, 17),
    (10, 16, 1),
    (10, 17, -17),
    (10, 18, -16),
    (10, 19, -16),
    (10, 20, 0),
    (10, 21, 0),
    (10, 22, 0),
    (10, 23, 0),
    (10, 24, -48),
];

#[test]
fn the_faster_solver_finds_the_same_values_as_before() {
    for &(empties, seed, want) in BEFORE {
        let p = random_position(empties, seed).expect("a position");
        let one = solve_triangoli(&p, 16, 1).unwrap();
        assert_eq!(one.value, want, "{empties} empty, seed {seed}");
        let two = solve_triangoli(&p, 16, 2).unwrap();
        assert_eq!(two.value, want, "{empties} empty, seed {seed}, two threads");
    }
}

/// The knowledge's settling of the last three turns against plain minimax, in every window and
/// whatever move it is told to try first (none, each legal move, a move of another position;
/// with three turns left, a few of them): exact inside the window, a bound on the right side
/// outside; where two or three turns are left and the result reaches the window's top, the move
/// it leaves to try next time reaches it too.
#[test]
fn the_last_three_turns_are_settled_within_any_window() {
    let knowledge = TriangoliKnowledge::default();
    let mut checked = [0; 4];
    let mut kept = 0;
    for seed in 0..300 {
        for empties in [1, 2, 3] {
            let Some(p) = random_position(empties, seed).filter(|_| empties < 3 || seed < 100)
            else {
                continue;
            };
            if p.must_pass() {
                continue;
            }
            let truth = minimax(&p);
            let mut killers = vec![None];
            let mut moves = Vec::new();
            p.legal_moves(&mut moves);
            let tried = if empties == 3 { 3 } else { moves.len() };
            killers.extend(moves.iter().copied().take(tried).map(Some));
            if let Some(other) = random_position(empties + 1, seed) {
                other.legal_moves(&mut moves);
                killers.extend(moves.iter().copied().take(tried).map(Some));
            }
            for (alpha, beta) in [
                (-1000, 1000),
                (truth - 1, truth + 1),
                (truth, truth + 1),
                (truth - 1, truth),
                (truth + 3, truth + 9),
                (truth - 9, truth - 3),
                (-1, 1),
                (0, 1),
                (-1, 0),
            ] {
                for &first in &killers {
                    let mut killers = [[first, None]; END_PLIES];
                    let mut history = History::default();
                    let mut cutoffs = Cutoffs {
                        killers: &mut killers,
                        history: &mut history,
                    };
                    let v = knowledge
                        .end_margin(&p, alpha, beta, &mut cutoffs)
                        .expect("settled near the end");
                    let case =
                        format!("seed {seed}, {v} for {truth} in {alpha}..{beta}, {first:?}");
                    if alpha < truth && truth < beta {
                        assert_eq!(v, truth, "{case}");
                    } else if truth <= alpha {
                        assert!(v <= alpha, "{case}");
                    } else {
                        assert!(v >= beta, "{case}");
                    }
                    if empties >= 2 && v >= beta {
                        let mv = killers[0][0].expect("a move reaching the top");
                        assert!(p.is_legal(mv) && after(&p, mv) >= beta, "{case}: {mv}");
                        kept += 1;
                    }
                }
            }
            checked[empties as usize] += 1;
        }
    }
    assert!(
        checked[1] >= 100 && checked[2] >= 200 && checked[3] >= 60 && kept > 0,
        "only {checked:?} positions, {kept} moves kept"
    );
}

/// Every legal move's verdict against plain minimax of the position after it.
#[test]
fn every_move_is_marked_as_minimax_says() {
    let move_verdicts = |p: &Triangoli, solved: &Solved, deadline: Option<std::time::Instant>| {
        solver().move_verdicts(p, solved, deadline)
    };
    let mut checked = 0;
    let mut kinds = [0; 3];
    for seed in 0..60 {
        let Some(p) = random_position(5, seed) else {
            continue;
        };
        let solved = solve_triangoli(&p, 14, 1).unwrap();
        let marks = move_verdicts(&p, &solved, None).unwrap();
        let mut moves = Vec::new();
        p.legal_moves(&mut moves);
        assert_eq!(marks.len(), moves.len());
        for ((text, verdict), mv) in marks.iter().zip(&moves) {
            assert_eq!(*text, mv.to_string());
            let value = after(&p, *mv);
            let want = Verdict::of(value);
            assert_eq!(*verdict, want, "seed {seed}, {text}");
            kinds[(value.signum() + 1) as usize] += 1;
        }
        checked += 1;
    }
    assert!(checked >= 30, "only {checked} positions");
    // The positions hold moves of every kind, so each branch was checked.
    assert!(kinds.iter().all(|&k| k > 0), "moves by kind: {kinds:?}");
}

/// Playing for the result: the move found keeps the position's result, and what it claims of the
/// position is true (plain minimax judges).
#[test]
fn a_move_keeping_the_result_is_found_with_null_windows() {
    let mut claims = [0; 3];
    for seed in 0..60 {
        let Some(p) = random_position(5, seed) else {
            continue;
        };
        let truth = minimax(&p).signum();
        for threads in [1, 2] {
            let mut search =
                AlphaBeta::exact(TriangoliKnowledge::default(), 14).with_threads(threads);
            let found = search.keep_result_until(&p, None, None, u64::MAX).unwrap();
            // Without a deadline both tests finish: the claim is the exact result.
            assert_eq!(found.value, truth, "seed {seed}, {threads} thread(s)");
            assert!(
                after(&p, found.best).signum() >= truth,
                "seed {seed}: {} gives up the result",
                found.best
            );
            claims[(truth + 1) as usize] += 1;
        }
    }
    assert!(claims.iter().all(|&n| n > 0), "results seen: {claims:?}");
}

/// What a search stopped short leaves for the player's search: the moves it proved losing. A move
/// named loses (the solver, run to the end on the position after it, agrees), on one thread and
/// on two (where the first line splits), whether the search stopped early, late or not at all.
#[test]
fn the_moves_a_stopped_search_names_losing_do_lose() {
    let (mut named, mut searches) = (0, 0);
    for seed in 0..30 {
        let Some(p) = random_position(8, seed) else {
            continue;
        };
        let me = p.to_move().unwrap();
        let mut judge = AlphaBeta::exact(TriangoliKnowledge::default(), 16);
        let mut loses = |mv: Move| {
            let mut child = p.clone();
            child.play(mv);
            match child.to_move() {
                None => final_margin(&child, me) < 0,
                Some(s) if s == me => judge.solve(&child).value < 0,
                Some(_) => judge.solve(&child).value > 0,
            }
        };
        for threads in [1, 2] {
            for limit in [200, 2_000, 20_000, u64::MAX] {
                let mut search =
                    AlphaBeta::exact(TriangoliKnowledge::default(), 16).with_threads(threads);
                let _ = search.keep_result_until(&p, None, None, limit);
                searches += 1;
                for mv in search.losing_moves(&p) {
                    assert!(
                        loses(mv),
                        "seed {seed}, {threads} thread(s), {limit} nodes: {mv}"
                    );
                    named += 1;
                }
            }
        }
    }
    assert!(
        searches >= 100 && named >= searches,
        "{named} moves named in {searches} searches"
    );
}

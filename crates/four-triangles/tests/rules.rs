//! Hand-made positions for each rule of `docs/games/four-triangles.md`, with exact
//! expectations.

use trigonal_core::scene::Shape;
use trigonal_core::Present;
use trigonal_core::{Game, MoveError, Options, Outcome, Seat, Seats};
use trigonal_four_triangles::{End, Figure, FourTriangles, Move, Point, Setup, Triangle, Version};

fn point(name: &str) -> Point {
    Point::parse(name).unwrap()
}

/// The legal moves as text, sorted.
fn legal(g: &FourTriangles) -> Vec<String> {
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let mut text: Vec<String> = moves.iter().map(ToString::to_string).collect();
    text.sort();
    text
}

/// The legal moves of the figure on `from`, as target names, sorted.
fn targets(g: &FourTriangles, from: &str) -> Vec<String> {
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let mut out: Vec<String> = moves
        .iter()
        .filter_map(|m| match *m {
            Move::Figure { from: f, to } if f == point(from) => Some(to.to_string()),
            _ => None,
        })
        .collect();
    out.sort();
    out
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// Plays `text`, which must be legal.
fn play(g: &mut FourTriangles, text: &str) {
    let mv = g
        .parse_legal(text)
        .unwrap_or_else(|e| panic!("{text}: {e}\n{}", g.diagram()));
    g.play(mv);
}

/// Why `text` is illegal here (it must be well-formed and illegal).
fn refusal(g: &FourTriangles, text: &str) -> String {
    match g.parse_legal(text) {
        Err(MoveError::Illegal { reason, .. }) => reason,
        other => panic!("{text}: expected an illegal move, got {other:?}"),
    }
}

fn full(players: usize) -> Setup {
    Setup::new(players, Version::Full)
}

fn simple(players: usize) -> Setup {
    Setup::new(players, Version::Simple)
}

fn fig(owner: u8, stones: u8) -> Option<Figure> {
    Some(Figure {
        owner: Seat(owner),
        stones,
    })
}

#[test]
fn the_first_turn_places_one_single_anywhere_and_only_then() {
    let mut g = FourTriangles::new(&Options::default()).unwrap();
    assert_eq!(legal(&g).len(), 28);
    assert!(legal(&g).iter().all(|m| m.starts_with('@')));
    assert!(refusal(&g, "+L4,R6").contains("first turn of the game places one single"));
    play(&mut g, "@C0");
    assert_eq!(g.figure(point("C0")), fig(0, 1));
    assert_eq!((g.supply(), g.markers(Seat(0))), (10, 8));
    assert_eq!(g.to_move(), Some(Seat(1)));
    // P2: bring in (18 points, none on C or a middle point: C(18, 2)); C0 does not turn.
    assert_eq!(legal(&g).len(), 153);
    assert!(refusal(&g, "@T4").contains("first turn's action only"));
}

#[test]
fn bringing_in_two_singles() {
    let mut g = full(2).figure("T4", 0, 1).to_move(1).build().unwrap();
    assert!(refusal(&g, "+T0,L4").contains("T0 is a middle point"));
    assert!(refusal(&g, "+C4,L4").contains("C4 is on the centre triangle C"));
    assert!(refusal(&g, "+T4,L4").contains("T4 is occupied"));
    play(&mut g, "+R6,L4");
    assert_eq!(g.figure(point("L4")), fig(1, 1));
    assert_eq!(g.figure(point("R6")), fig(1, 1));
    assert_eq!((g.supply(), g.markers(Seat(1))), (11 - 3, 7));
    assert!(g.has_had_figures(Seat(1)));
    // Two stones are needed: with one left in the supply there is no bringing in.
    let g = full(2)
        .figure("T0", 0, 3)
        .figure("L0", 0, 3)
        .figure("R0", 1, 3)
        .figure("C4", 1, 1)
        .build()
        .unwrap();
    assert_eq!(g.supply(), 1);
    assert!(!legal(&g).iter().any(|m| m.starts_with('+')));
    assert!(refusal(&g, "+L4,R6").contains("needs 2 stones in the supply, which holds 1"));
}

#[test]
fn bringing_in_needs_two_markers() {
    // P1 has 8 figures on the board: one marker left.
    let mut s = full(2);
    for p in ["T1", "T2", "T3", "T4", "T5", "T6", "L1", "L2"] {
        s = s.figure(p, 0, 1);
    }
    let g = s.figure("R0", 1, 1).build().unwrap();
    assert_eq!(g.markers(Seat(0)), 1);
    assert!(!legal(&g).iter().any(|m| m.starts_with('+')));
    assert!(refusal(&g, "+L4,R6").contains("needs 2 of P1's markers, and P1 has 1 left"));
}

#[test]
fn singles_move_to_neighbours_warps_included_in_the_full_version() {
    let g = full(2)
        .figure("T1", 0, 1)
        .figure("R0", 1, 1)
        .build()
        .unwrap();
    assert_eq!(
        targets(&g, "T1"),
        sorted(&["T0", "T5", "T6", "L2", "L3", "R2", "R3", "C1"])
    );
    let g = simple(2)
        .figure("T1", 0, 1)
        .figure("R0", 1, 1)
        .build()
        .unwrap();
    assert_eq!(targets(&g, "T1"), sorted(&["T0", "T5", "T6"]));
    assert!(refusal(&g, "T1-C1").contains("the simple version has no warps"));
    // A constellation point: 3 along lines, 7 by warps.
    let g = full(2)
        .figure("C3", 0, 1)
        .figure("R0", 1, 1)
        .build()
        .unwrap();
    assert_eq!(
        targets(&g, "C3"),
        sorted(&["C0", "C4", "C5", "T3", "L3", "R1", "R2", "R3", "C1", "C2"])
    );
    assert!(refusal(&g, "C3-T2").contains("T2 is not a neighbour of C3"));
    assert!(refusal(&g, "R0-R1").contains("belongs to P2, not to P1"));
    assert!(refusal(&g, "L0-L1").contains("there is no figure on L0"));
}

#[test]
fn a_double_moves_along_a_line_until_a_figure_or_the_end() {
    // Alone on the board, T4's double runs up the median through the straight warp T1–C1 to
    // the end of that line at C4.
    let g = full(2)
        .figure("T4", 0, 2)
        .figure("R5", 1, 1)
        .build()
        .unwrap();
    assert_eq!(
        targets(&g, "T4"),
        sorted(&["T2", "T3", "T0", "T1", "C1", "C0", "C4"])
    );
    // Stopped by a figure: it may capture it but not pass it.
    let g = full(2)
        .figure("T4", 0, 2)
        .figure("C1", 1, 1)
        .build()
        .unwrap();
    assert_eq!(targets(&g, "T4"), sorted(&["T2", "T3", "T0", "T1", "C1"]));
    assert!(refusal(&g, "T4-C0").contains("cannot pass the figure on C1"));
    // Stopped by the end of a line: in the simple version the median ends at T1.
    let g = simple(2)
        .figure("T4", 0, 2)
        .figure("R5", 1, 1)
        .build()
        .unwrap();
    assert_eq!(targets(&g, "T4"), sorted(&["T2", "T3", "T0", "T1"]));
    assert!(refusal(&g, "T4-C1").contains("neither"));
    // From a corner a side runs to the far corner, but never round a corner.
    let g = simple(2)
        .figure("T2", 0, 2)
        .figure("R5", 1, 1)
        .build()
        .unwrap();
    assert_eq!(
        targets(&g, "T2"),
        sorted(&["T6", "T1", "T4", "T3", "T0", "T5"])
    );
}

#[test]
fn a_double_goes_through_a_straight_warp() {
    let g = full(2)
        .figure("T6", 0, 2)
        .figure("R5", 1, 1)
        .build()
        .unwrap();
    // T2 T6 T1 | C1 C6 C2 | L2 L6 L1 is one line; T6 T0 T3 another.
    assert_eq!(
        targets(&g, "T6"),
        sorted(&["T2", "T1", "C1", "C6", "C2", "L2", "L6", "L1", "T0", "T3"])
    );
    let g = simple(2)
        .figure("T6", 0, 2)
        .figure("R5", 1, 1)
        .build()
        .unwrap();
    assert_eq!(targets(&g, "T6"), sorted(&["T2", "T1", "T0", "T3"]));
    // From the other end, blocked on the far side of the warp.
    let g = full(2)
        .figure("L1", 0, 2)
        .figure("C6", 0, 1)
        .figure("R5", 1, 1)
        .build()
        .unwrap();
    let t = targets(&g, "L1");
    assert!(t.contains(&"C6".to_string()) && t.contains(&"C2".to_string()));
    assert!(!t.contains(&"T1".to_string()) && !t.contains(&"T6".to_string()));
}

#[test]
fn a_triple_jumps_from_a_middle_point() {
    let jumps_from_c0 = sorted(&[
        "C1", "C2", "C3", "C4", "C5", "C6", "T0", "L0", "R0", "T1", "L2", "R3",
    ]);
    for setup in [full(2), simple(2)] {
        let g = setup.figure("C0", 0, 3).figure("R5", 1, 1).build().unwrap();
        assert_eq!(targets(&g, "C0"), jumps_from_c0);
    }
    // Over anything: the jump ignores figures in between, and captures where it lands.
    let g = full(2)
        .figure("T0", 0, 3)
        .figure("C0", 1, 2)
        .figure("C4", 1, 1)
        .build()
        .unwrap();
    assert_eq!(
        targets(&g, "T0"),
        sorted(&["T1", "T2", "T3", "T4", "T5", "T6", "L0", "R0", "C0", "L2", "R3"])
    );
    // Not from a median point.
    let g = full(2)
        .figure("T4", 0, 3)
        .figure("R5", 1, 1)
        .build()
        .unwrap();
    assert_eq!(targets(&g, "T4"), sorted(&["T0", "T2", "T3"]));
    assert!(refusal(&g, "T4-L0").contains("T4 is not a middle point"));
}

#[test]
fn captures_add_the_stacks_and_give_back_markers_and_stones() {
    // (mover, captured) stones -> the new stack and the stones back to the supply.
    for a in 1..=3u8 {
        for b in 1..=3u8 {
            for own in [false, true] {
                let victim = if own { 0 } else { 1 };
                let g0 = full(2)
                    .figure("T4", 0, a)
                    .figure("T0", victim, b)
                    .figure("R5", 1, 1)
                    .build()
                    .unwrap();
                let mut g = g0.clone();
                play(&mut g, "T4-T0");
                let sum = a + b;
                let (stack, back) = if sum > 3 { (sum - 3, 3) } else { (sum, 0) };
                assert_eq!(g.figure(point("T0")), fig(0, stack), "{a}+{b} own {own}");
                assert_eq!(g.figure(point("T4")), None);
                assert_eq!(g.supply(), g0.supply() + back, "{a}+{b}");
                let marker_back = |s: u8| g.markers(Seat(s)) - g0.markers(Seat(s));
                if own {
                    assert_eq!((marker_back(0), marker_back(1)), (1, 0));
                } else {
                    assert_eq!((marker_back(0), marker_back(1)), (0, 1));
                }
            }
        }
    }
}

#[test]
fn splitting_a_double_and_a_triple() {
    // A lone double on T4 reaches 7 empty points: C(7, 2) splits into two singles.
    let mut g = full(2)
        .figure("T4", 0, 2)
        .figure("R5", 1, 1)
        .build()
        .unwrap();
    let splits: Vec<String> = legal(&g).into_iter().filter(|m| m.contains('/')).collect();
    assert_eq!(splits.len(), 21);
    assert!(splits.contains(&"T4/T1,C4".to_string()));
    play(&mut g, "T4/C4,T1");
    assert_eq!(g.figure(point("T1")), fig(0, 1));
    assert_eq!(g.figure(point("C4")), fig(0, 1));
    assert_eq!(g.figure(point("T4")), None);
    assert_eq!(g.markers(Seat(0)), 7);
    // A split goes onto empty points only, where the figure could move.
    let g = full(2)
        .figure("T4", 0, 2)
        .figure("T0", 1, 1)
        .build()
        .unwrap();
    assert!(refusal(&g, "T4/T0,T2").contains("T0 is occupied"));
    assert!(refusal(&g, "T4/T1,T2").contains("cannot pass the figure on T0"));
    assert!(refusal(&g, "T4/T2:2,T3").contains("splits into two singles only"));
    // A triple: into a double and a single (ordered pairs) or three singles.
    let g = simple(2)
        .figure("T4", 0, 3)
        .figure("R5", 1, 1)
        .build()
        .unwrap();
    let mut splits: Vec<String> = legal(&g).into_iter().filter(|m| m.contains('/')).collect();
    splits.sort();
    assert_eq!(
        splits,
        sorted(&[
            "T4/T0:2,T2",
            "T4/T0:2,T3",
            "T4/T2:2,T0",
            "T4/T2:2,T3",
            "T4/T3:2,T0",
            "T4/T3:2,T2",
            "T4/T0,T2,T3",
        ])
    );
    assert!(refusal(&g, "T4/T0,T2").contains("into a double and a single"));
    let single = simple(2)
        .figure("T4", 0, 1)
        .figure("R5", 1, 1)
        .build()
        .unwrap();
    assert!(refusal(&single, "T4/T0,T2").contains("a single cannot split"));
    // Both parts of a split may sit on one line.
    let mut g = full(2)
        .figure("T2", 0, 2)
        .figure("R5", 1, 1)
        .build()
        .unwrap();
    play(&mut g, "T2/T6,T1");
    assert_eq!(g.figure(point("T6")), fig(0, 1));
}

#[test]
fn a_split_needs_a_marker_for_each_new_figure_past_the_first() {
    // Nine figures of P1 on the board: no marker left, so the double cannot split.
    let mut s = full(2).figure("T4", 0, 2);
    for p in ["L1", "L2", "L3", "L4", "L5", "L6", "R1", "R2"] {
        s = s.figure(p, 0, 1);
    }
    let g = s.build().unwrap();
    assert_eq!(g.markers(Seat(0)), 0);
    assert!(!legal(&g).iter().any(|m| m.contains('/')));
    assert!(refusal(&g, "T4/T1,T0")
        .contains("splitting into 2 figures needs 1 marker(s) from P1's supply, and P1 has 0"));
    // Eight figures: one marker, so a triple splits into a double and a single only.
    let mut s = simple(2).figure("T4", 0, 3);
    for p in ["L1", "L2", "L3", "L4", "L5", "L6", "R1"] {
        s = s.figure(p, 0, 1);
    }
    let g = s.figure("C0", 1, 1).build().unwrap();
    assert_eq!(g.markers(Seat(0)), 1);
    let splits: Vec<String> = legal(&g).into_iter().filter(|m| m.contains('/')).collect();
    assert_eq!(splits.len(), 6);
    assert!(splits.iter().all(|m| m.contains(":2")));
    assert!(refusal(&g, "T4/T0,T2,T3").contains("needs 2 marker(s)"));
}

#[test]
fn turning_a_triangle_moves_its_figures() {
    let mut g = full(2)
        .figure("T1", 0, 2)
        .figure("T4", 1, 1)
        .figure("R5", 1, 1)
        .build()
        .unwrap();
    play(&mut g, "RT+");
    // Counter-clockwise: corner k to k+1, median point k+3 to k+4.
    assert_eq!(g.figure(point("T2")), fig(0, 2));
    assert_eq!(g.figure(point("T5")), fig(1, 1));
    assert_eq!(g.figure(point("T1")), None);
    assert!(g.just_turned() && g.turned_last(Seat(0)));
    let mut g2 = full(2)
        .figure("C1", 0, 1)
        .figure("R5", 1, 1)
        .build()
        .unwrap();
    play(&mut g2, "RC-");
    assert_eq!(g2.figure(point("C3")), fig(0, 1));
}

#[test]
fn a_turn_that_changes_nothing_is_not_allowed() {
    // The middle point does not move; three equal figures on the corners neither.
    let g = full(2)
        .figure("T0", 0, 2)
        .figure("L1", 1, 1)
        .figure("L2", 1, 1)
        .figure("L3", 1, 1)
        .figure("R1", 0, 1)
        .build()
        .unwrap();
    let turns: Vec<String> = legal(&g)
        .into_iter()
        .filter(|m| m.starts_with('R') && m.len() == 3)
        .collect();
    assert_eq!(turns, sorted(&["RR+", "RR-"]));
    assert!(refusal(&g, "RT+").contains("turning T would leave the layout as it was"));
    assert!(refusal(&g, "RL-").contains("turning L would leave the layout as it was"));
    assert!(refusal(&g, "RC+").contains("turning C would leave the layout as it was"));
    // Equal corners but a different size on one: it changes.
    let g = full(2)
        .figure("L1", 1, 1)
        .figure("L2", 1, 1)
        .figure("L3", 1, 2)
        .figure("R1", 0, 1)
        .build()
        .unwrap();
    assert!(legal(&g).contains(&"RL+".to_string()));
}

#[test]
fn both_turning_locks() {
    let mut g = full(2)
        .figure("T1", 0, 1)
        .figure("L1", 1, 1)
        .build()
        .unwrap();
    play(&mut g, "RT+");
    // The turn just before was a turn: P2 may not turn.
    assert!(!legal(&g)
        .iter()
        .any(|m| m.starts_with("RL") || m.starts_with("RT")));
    assert!(refusal(&g, "RL+").contains("the turn just before was a turn of a triangle"));
    play(&mut g, "L1-L0");
    // P1's own previous turn was a turn: P1 may not turn either.
    assert!(!g.just_turned());
    assert!(refusal(&g, "RT+").contains("P1's own previous turn was a turn of a triangle"));
    play(&mut g, "T2-T6");
    // Now P2 may turn again, and after that P1's own previous turn was a move.
    assert!(legal(&g).contains(&"RT+".to_string()));
    play(&mut g, "L0-L1");
    assert!(legal(&g).contains(&"RT+".to_string()));
    // Both locks set up by hand, for three players.
    let mut s = full(3)
        .figure("T1", 0, 1)
        .figure("L1", 1, 1)
        .figure("R1", 2, 1);
    s.turned = Seats::only(Seat(0));
    let g = s.build().unwrap();
    assert!(refusal(&g, "RT+").contains("P1's own previous turn"));
}

#[test]
fn passing_when_nothing_else_is_possible() {
    // P3 has never had a figure, the supply is empty and the turn just before was a turn.
    let mut s = full(3)
        .figure("T0", 0, 3)
        .figure("L0", 0, 3)
        .figure("R4", 0, 1)
        .figure("C0", 1, 3)
        .figure("R5", 1, 1)
        .to_move(2);
    s.just_turned = true;
    let mut g = s.build().unwrap();
    assert_eq!(g.supply(), 0);
    assert_eq!(legal(&g), ["pass"]);
    play(&mut g, "pass");
    assert!(
        !g.is_out(Seat(2)),
        "a player who never had a figure is not out"
    );
    assert_eq!(g.to_move(), Some(Seat(0)));
    assert!(!g.just_turned(), "a pass is not a turn of a triangle");
    assert_eq!(g.turn_number(), 2);
    // Otherwise passing is refused.
    assert!(refusal(&g, "pass").contains("P1 has a legal action, so may not pass"));
}

#[test]
fn a_player_without_figures_is_out_and_skipped() {
    let mut g = full(3)
        .figure("T4", 0, 1)
        .figure("T0", 1, 1)
        .figure("R3", 2, 1)
        .build()
        .unwrap();
    play(&mut g, "T4-T0");
    assert!(g.is_out(Seat(1)));
    assert_eq!(g.markers(Seat(1)), 9);
    assert_eq!(g.outcome(), None);
    assert_eq!(g.to_move(), Some(Seat(2)), "P2 is skipped");
    play(&mut g, "R3-R5");
    assert_eq!(g.to_move(), Some(Seat(0)));
    play(&mut g, "T0-T1");
    assert_eq!(g.to_move(), Some(Seat(2)));
    play(&mut g, "R5-R3");
    assert_eq!(g.outcome(), None);
    // P3 goes out too (T1 and R3 are big corners, joined by a warp): P1 is the one left.
    play(&mut g, "T1-R3");
    assert!(g.is_out(Seat(2)));
    assert_eq!(g.figure(point("R3")), fig(0, 3));
    assert_eq!(g.end(), Some(End::LastLeft(Seat(0))));
    assert_eq!(g.outcome(), Some(Outcome::win(Seat(0))));
    assert_eq!(g.to_move(), None);
    assert!(legal(&g).is_empty());
    assert_eq!(g.parse_legal("R3-R0"), Err(MoveError::GameOver));
}

#[test]
fn winning_by_the_four_middle_points() {
    let mut g = full(2)
        .figure("T0", 0, 1)
        .figure("L0", 0, 1)
        .figure("R0", 0, 1)
        .figure("C1", 0, 1)
        .figure("L4", 1, 1)
        .build()
        .unwrap();
    play(&mut g, "C1-C0");
    assert_eq!(g.end(), Some(End::Middles(Seat(0))));
    assert_eq!(g.outcome(), Some(Outcome::win(Seat(0))));
    assert!(g
        .diagram()
        .contains("P1 holds all four middle points and wins"));
}

#[test]
fn winning_by_a_triangle_s_middle_and_median_points() {
    let mut g = full(2)
        .figure("T0", 1, 2)
        .figure("T4", 1, 1)
        .figure("T5", 1, 1)
        .figure("T1", 1, 1)
        .figure("L0", 0, 1)
        .to_move(1)
        .build()
        .unwrap();
    play(&mut g, "T1-T6");
    assert_eq!(g.end(), Some(End::Triangle(Seat(1), Triangle::T)));
    assert_eq!(g.outcome(), Some(Outcome::win(Seat(1))));
}

#[test]
fn several_winners_at_once_the_first_from_the_mover_wins() {
    // P2 already holds C's middle and median points (a hand-made position, not judged until a
    // move is played); P1 completes T's. The mover comes first.
    let base = full(2)
        .figure("C0", 1, 1)
        .figure("C4", 1, 1)
        .figure("C5", 1, 1)
        .figure("C6", 1, 1)
        .figure("T0", 0, 1)
        .figure("T4", 0, 1)
        .figure("T5", 0, 1)
        .figure("T1", 0, 1);
    let mut g = base.clone().build().unwrap();
    play(&mut g, "T1-T6");
    assert_eq!(g.end(), Some(End::Triangle(Seat(0), Triangle::T)));
    // When the mover does not win, the next in seat order who holds a win does.
    let mut g = base.build().unwrap();
    play(&mut g, "T1-L2");
    assert_eq!(g.end(), Some(End::Triangle(Seat(1), Triangle::C)));
}

#[test]
fn the_last_player_left_wins() {
    let mut g = full(2)
        .figure("T4", 0, 1)
        .figure("T0", 1, 2)
        .build()
        .unwrap();
    play(&mut g, "T4-T0");
    assert!(g.is_out(Seat(1)));
    assert_eq!(g.end(), Some(End::LastLeft(Seat(0))));
    assert_eq!(g.figure(point("T0")), fig(0, 3));
}

#[test]
fn threefold_repetition_draws() {
    let mut g = full(2)
        .figure("T4", 0, 1)
        .figure("L4", 1, 1)
        .build()
        .unwrap();
    let cycle = ["T4-T0", "L4-L0", "T0-T4", "L0-L4"];
    for mv in cycle {
        play(&mut g, mv);
    }
    assert_eq!(g.occurrences(), 2);
    for (i, mv) in cycle.iter().enumerate() {
        assert_eq!(
            g.outcome(),
            None,
            "over before move {i} of the second cycle"
        );
        play(&mut g, mv);
    }
    assert_eq!(g.end(), Some(End::Repetition));
    assert_eq!(g.outcome(), Some(Outcome::DRAW));
    assert_eq!(g.turn_number(), 9, "the setup starts after the opening");
    assert!(g.diagram().contains("third time"));
}

#[test]
fn the_300th_turn_ends_in_a_draw_unless_it_wins() {
    let mut s = full(2).figure("T4", 0, 1).figure("L4", 1, 1);
    s.turn = 298;
    let mut g = s.build().unwrap();
    play(&mut g, "T4-T0");
    assert_eq!(g.outcome(), None);
    play(&mut g, "L4-L0");
    assert_eq!(g.end(), Some(End::TurnLimit));
    assert_eq!(g.turn_number(), 300);
    // A win on the 300th turn beats the draw.
    let mut s = full(2)
        .figure("T0", 0, 1)
        .figure("L0", 0, 1)
        .figure("R0", 0, 1)
        .figure("C1", 0, 1)
        .figure("L4", 1, 1);
    s.turn = 299;
    let mut g = s.build().unwrap();
    play(&mut g, "C1-C0");
    assert_eq!(g.end(), Some(End::Middles(Seat(0))));
}

#[test]
fn options_are_checked_and_filled_in() {
    let g = FourTriangles::new(&Options::default()).unwrap();
    assert_eq!(
        g.options(),
        Options {
            players: Some(2),
            variant: Some("full".into())
        }
    );
    for players in [2, 3, 4] {
        let g = FourTriangles::new(&Options {
            players: Some(players),
            variant: Some("simple".into()),
        })
        .unwrap();
        assert_eq!(g.players(), players);
        assert_eq!(g.version(), Version::Simple);
        assert_eq!(g.supply(), if players == 4 { 15 } else { 11 });
    }
    let err = FourTriangles::new(&Options {
        players: Some(5),
        variant: None,
    })
    .unwrap_err();
    assert!(err.to_string().contains("2 to 4 players, not 5"));
    let err = FourTriangles::new(&Options {
        players: None,
        variant: Some("fancy".into()),
    })
    .unwrap_err();
    assert!(err.to_string().contains("no variant \"fancy\""));
    assert_eq!(g.scores(), None);
}

#[test]
fn records_carry_the_options_as_headers() {
    use trigonal_core::Record;
    let text = "players: 3\nversion: simple\n@T4 +L4,R6 # P2\n+L1,R1\nT4-T0\n";
    let record = Record::parse(text);
    let g: FourTriangles = record.replay(&Options::default()).unwrap();
    assert_eq!(g.players(), 3);
    assert_eq!(g.version(), Version::Simple);
    assert_eq!(g.figure(point("T0")), fig(0, 1));
    assert_eq!(g.to_move(), Some(Seat(1)));
    let bad = Record::parse("@T4\n+T0,L4\n");
    let err = bad
        .replay::<FourTriangles>(&Options::default())
        .unwrap_err();
    assert!(err.to_string().contains("move 2"));
    assert!(err.to_string().contains("T0 is a middle point"));
}

#[test]
fn the_diagram_and_scene_show_the_position() {
    let mut g = full(3)
        .figure("T4", 0, 2)
        .figure("L0", 1, 3)
        .figure("C2", 2, 1)
        .to_move(2)
        .build()
        .unwrap();
    play(&mut g, "RC+");
    let d = g.diagram();
    for name in ["T1", "L2", "R3", "C0", "1:2", "2:3", "3:1"] {
        assert!(d.contains(name), "{name} missing:\n{d}");
    }
    assert!(d.contains("P1 to move. No triangle may turn"), "{d}");
    assert!(d.contains("Supply 5 stones"));
    let scene = g.scene();
    for p in Point::all() {
        assert!(scene
            .items
            .iter()
            .any(|i| i.id.as_deref() == Some(p.name())));
    }
    let figure = scene
        .items
        .iter()
        .find(|i| i.class.contains("figure") && i.id.as_deref() == Some("C3"))
        .expect("the single turned onto C3");
    assert!(figure.class.contains("p2"));
    assert_eq!(figure.label.as_deref(), Some("1"));
    let facts: Vec<(String, Option<u8>, String)> = scene
        .facts
        .iter()
        .map(|f| (f.key.clone(), f.seat, f.value.clone()))
        .collect();
    assert!(facts.contains(&("supply".into(), None, "5".into())));
    assert!(facts.contains(&("markers".into(), Some(1), "8".into())));
    assert!(facts.contains(&("turn-just-before".into(), None, "".into())));
    assert!(facts.contains(&("turned-last-turn".into(), Some(2), "".into())));
}

#[test]
fn winning_sets_are_the_middle_and_median_points() {
    use trigonal_four_triangles::{PointKind, GEOMETRY};
    let middles: Vec<&str> = Point::all()
        .filter(|p| GEOMETRY.middles & p.bit() != 0)
        .map(Point::name)
        .collect();
    assert_eq!(middles, ["T0", "L0", "R0", "C0"]);
    for p in Point::all() {
        assert_eq!(
            GEOMETRY.medians & p.bit() != 0,
            p.kind() == PointKind::Median
        );
    }
    // Each triangle's winning set, played out: L0 L4 L5 L6 wins.
    let mut g = full(2)
        .figure("L0", 0, 1)
        .figure("L4", 0, 1)
        .figure("L5", 0, 1)
        .figure("L1", 0, 1)
        .figure("R0", 1, 1)
        .build()
        .unwrap();
    play(&mut g, "L1-L6");
    assert_eq!(g.end(), Some(End::Triangle(Seat(0), Triangle::L)));
}

/// The classes of the items drawn with `word` among their class words, by id.
fn marked(g: &FourTriangles, word: &str) -> Vec<(Option<String>, String)> {
    g.scene()
        .items
        .into_iter()
        .filter(|i| i.class.split(' ').any(|w| w == word))
        .map(|i| (i.id, i.class))
        .collect()
}

#[test]
fn the_last_move_is_marked_on_the_board_and_named_in_the_diagram() {
    let mut g = full(2)
        .figure("T4", 0, 2)
        .figure("R5", 1, 1)
        .build()
        .unwrap();
    assert!(marked(&g, "last").is_empty());
    assert!(marked(&g, "last-left").is_empty());
    assert!(!g.diagram().contains("Last move"));
    // A split: the point left is ringed, both new singles marked.
    play(&mut g, "T4/C4,T1");
    let mut arrived: Vec<Option<String>> = marked(&g, "last").into_iter().map(|m| m.0).collect();
    arrived.sort();
    assert_eq!(
        arrived,
        vec![Some("C4".to_string()), Some("T1".to_string())]
    );
    assert_eq!(marked(&g, "last-left").len(), 1);
    // Each arrived figure has a pin over it: a triangle pointing down at its centre, not a
    // ring that would read as a colour.
    let scene = g.scene();
    let pins: Vec<_> = scene
        .items
        .iter()
        .filter(|i| i.class == "last-mark")
        .collect();
    assert_eq!(pins.len(), 2);
    for name in ["C4", "T1"] {
        let figure = scene
            .items
            .iter()
            .find(|i| i.id.as_deref() == Some(name) && i.class.starts_with("figure"))
            .unwrap();
        let Shape::Circle {
            center: [cx, cy],
            radius,
        } = figure.shape
        else {
            panic!("{name} is drawn as a circle")
        };
        assert!(
            pins.iter()
                .any(|pin| matches!(&pin.shape, Shape::Polygon { points }
                if points.len() == 3 && points[2] == [cx, cy - radius - 3.0]
                    && points[0][1] < points[2][1] && points[1][1] < points[2][1])),
            "a pin over {name}: {pins:?}"
        );
    }
    assert!(
        g.diagram().contains("Last move: T4/T1,C4.\n"),
        "{}",
        g.diagram()
    );
    // A turn of a triangle: that triangle is marked, and no figure.
    let turn = legal(&g)
        .into_iter()
        .find(|m| m.starts_with("RR"))
        .expect("P2 may turn triangle R, where its single stands");
    play(&mut g, &turn);
    assert_eq!(
        marked(&g, "last"),
        vec![(
            Some("R".to_string()),
            "triangle triangle-R last".to_string()
        )]
    );
    assert!(marked(&g, "last-left").is_empty());
    assert!(marked(&g, "last-mark").is_empty(), "no figure arrived");
}

//! Hand-worked positions, one for each rule of `docs/games/triangoli.md`.

use trigonal_core::Present;
use trigonal_core::{Game, MoveError, Outcome, Seat};
use trigonal_triangoli::{Point, Triangoli, TRIANGLES};

fn p(name: &str) -> Point {
    Point::parse(name).unwrap()
}

/// A position from (triangle number, P1 cylinders, P2 cylinders) triples.
fn position(cells: &[(u8, u8, u8)], pawns: [&str; 2], to_move: u8) -> Triangoli {
    let mut board = [[0u8; 2]; TRIANGLES];
    for &(t, a, b) in cells {
        board[t as usize - 1] = [a, b];
    }
    Triangoli::from_parts(board, [p(pawns[0]), p(pawns[1])], Seat(to_move))
}

fn legal(g: &Triangoli) -> Vec<String> {
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let mut texts: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    texts.sort();
    texts
}

fn illegal_reason(g: &Triangoli, text: &str) -> String {
    match g.parse_legal(text) {
        Err(MoveError::Illegal { reason, .. }) => reason,
        other => panic!("{text}: expected an illegal move, got {other:?}"),
    }
}

fn ends_at<'a>(moves: &'a [String], point: &str) -> Vec<&'a str> {
    moves
        .iter()
        .filter(|m| m.starts_with(&format!("{point}/")))
        .map(String::as_str)
        .collect()
}

#[test]
fn the_board_edge_limits_the_rays() {
    // From the corner a3 only three directions stay on the board: east (b3 c3 d3), north-east
    // (a4 a5) and south-east (a2 a1); the rays north-east and south-east end at the hexagon's
    // corners after two steps. On an empty board every empty triangle next to the end point is a
    // choice: b3, c3, d3 have 6; the edge points a4, a2 have 3; the corners a5, a1 have 2: 28.
    let g = position(&[], ["a3", "c1"], 0);
    let moves = legal(&g);
    assert_eq!(moves.len(), 28);
    let mut ends: Vec<&str> = moves.iter().map(|m| m.split('/').next().unwrap()).collect();
    ends.dedup();
    assert_eq!(ends, vec!["a1", "a2", "a4", "a5", "b3", "c3", "d3"]);
    assert!(illegal_reason(&g, "e3/12").contains("not 1, 2 or 3 steps"));
}

#[test]
fn the_opposing_pawn_blocks_the_path_and_the_end_point() {
    // P1 on c3, P2 on d3: east is closed, both to d3 and through it to e3.
    let g = position(&[], ["c3", "d3"], 0);
    let moves = legal(&g);
    assert!(ends_at(&moves, "d3").is_empty());
    assert!(ends_at(&moves, "e3").is_empty());
    assert_eq!(
        illegal_reason(&g, "e3/12"),
        "the path passes through the opponent's pawn on d3"
    );
    assert_eq!(
        illegal_reason(&g, "d3/12"),
        "the opponent's pawn stands on d3"
    );
    // The other five directions are open, two steps each before the edge: west b3 a3,
    // north-east c4 c5, north-west b4 a5, south-west b2 a1, south-east c2 c1.
    let mut ends: Vec<&str> = moves.iter().map(|m| m.split('/').next().unwrap()).collect();
    ends.dedup();
    assert_eq!(
        ends,
        vec!["a1", "a3", "a5", "b2", "b3", "b4", "c1", "c2", "c4", "c5"]
    );
}

#[test]
fn an_end_point_needs_an_empty_triangle_but_may_be_passed_through() {
    // Every triangle around d3 (10 11 12 17 18 19) holds a cylinder; so do those around e3 (12 19).
    // P1 on c3 cannot stop on d3 nor e3.
    let full: Vec<(u8, u8, u8)> = [10, 11, 12, 17, 18, 19]
        .iter()
        .map(|&t| (t, 0, 1))
        .collect();
    let g = position(&full, ["c3", "a1"], 0);
    let moves = legal(&g);
    assert!(ends_at(&moves, "d3").is_empty());
    assert!(ends_at(&moves, "e3").is_empty());
    assert_eq!(
        illegal_reason(&g, "d3/10"),
        "d3 is next to no empty triangle"
    );
    // Passing through a full point is fine: with triangle 19 empty again, e3 is reachable through d3.
    let open: Vec<(u8, u8, u8)> = [10, 11, 12, 17, 18].iter().map(|&t| (t, 0, 1)).collect();
    let g = position(&open, ["c3", "a1"], 0);
    let moves = legal(&g);
    // Two steps east: place 2 in 19, exchange 2 of the opponent's cylinders next to e3 (only 12).
    assert_eq!(ends_at(&moves, "e3"), vec!["e3/19/12"]);
    assert_eq!(
        ends_at(&moves, "d3"),
        vec!["d3/19/10", "d3/19/11", "d3/19/12", "d3/19/17", "d3/19/18"]
    );
}

#[test]
fn too_few_cylinders_to_place_forbid_the_longer_moves() {
    // P1 has 16 cylinders on the board (8 in 1, 8 in 2): reserve 2, so no 3-step move.
    let g = position(&[(1, 8, 0), (2, 8, 0)], ["a3", "c1"], 0);
    assert_eq!(g.reserve(Seat(0)), 2);
    let moves = legal(&g);
    assert!(ends_at(&moves, "d3").is_empty(), "3 steps east");
    assert!(!ends_at(&moves, "c3").is_empty(), "2 steps east");
    assert_eq!(
        illegal_reason(&g, "d3/12"),
        "moving 3 steps places 3 cylinders, but the reserve holds 2"
    );
    // Placing 2 leaves 0: no exchange even with opposing cylinders around.
    assert!(moves.iter().all(|m| m.matches('/').count() == 1));
}

#[test]
fn an_exchange_from_several_triangles_lists_every_distinct_choice() {
    // P1 a3 → c3 is 2 steps. Next to c3: P2 has 2 in triangle 9 and 1 in 16; 8 10 15 17 empty.
    // k = min(2, 3, 16) = 2; the distinct choices are {9,9} and {9,16}, for each of 4 triangles.
    let g = position(&[(9, 0, 2), (16, 0, 1)], ["a3", "c5"], 0);
    let moves = legal(&g);
    assert_eq!(
        ends_at(&moves, "c3"),
        vec![
            "c3/10/9,16",
            "c3/10/9,9",
            "c3/15/9,16",
            "c3/15/9,9",
            "c3/17/9,16",
            "c3/17/9,9",
            "c3/8/9,16",
            "c3/8/9,9"
        ]
    );
    // Taking from one triangle more than it holds, or from one not next to c3, is refused.
    assert_eq!(
        illegal_reason(&g, "c3/8/16,16"),
        "triangle 16 holds 1 opposing cylinder(s), not 2"
    );
    assert!(illegal_reason(&g, "c3/8/9").contains("exactly 2 cylinder(s)"));
    // Playing one: cylinders move between the reserves one for one.
    let mut after = g.clone();
    after.play("c3/8/9,16".parse().unwrap());
    assert_eq!(after.cylinders(trigonal_triangoli::Triangle(7), Seat(0)), 2);
    assert_eq!(after.cylinders(trigonal_triangoli::Triangle(8), Seat(0)), 1);
    assert_eq!(after.cylinders(trigonal_triangoli::Triangle(8), Seat(1)), 1);
    assert_eq!(
        after.cylinders(trigonal_triangoli::Triangle(15), Seat(0)),
        1
    );
    assert_eq!(
        after.cylinders(trigonal_triangoli::Triangle(15), Seat(1)),
        0
    );
    assert_eq!(after.reserve(Seat(0)), 18 - 2 - 2);
    assert_eq!(after.reserve(Seat(1)), 18 - 3 + 2);
    assert_eq!(after.pawn(Seat(0)), Some(p("c3")));
}

#[test]
fn the_exchange_is_cut_short_by_the_reserve() {
    // P1 reserve 3 (15 in triangle 24). a3 → c3 places 2, leaving 1: k = min(2, 3, 1) = 1.
    let g = position(&[(24, 15, 0), (9, 0, 2), (16, 0, 1)], ["a3", "c1"], 0);
    let moves = legal(&g);
    assert_eq!(
        ends_at(&moves, "c3"),
        vec![
            "c3/10/16", "c3/10/9", "c3/15/16", "c3/15/9", "c3/17/16", "c3/17/9", "c3/8/16",
            "c3/8/9"
        ]
    );
    // a3 → d3 places all 3, leaving none to exchange with, though P2 has 2 in triangle 10 next
    // to d3: k = min(3, 2, 0) = 0.
    let g = position(&[(24, 15, 0), (10, 0, 2)], ["a3", "c1"], 0);
    let moves = legal(&g);
    assert!(ends_at(&moves, "d3").contains(&"d3/12"));
    assert!(ends_at(&moves, "d3")
        .iter()
        .all(|m| m.matches('/').count() == 1));
}

#[test]
fn the_exchange_is_cut_short_by_the_opponents_cylinders() {
    // a3 → d3 is 3 steps, but only one opposing cylinder (in 10) lies next to d3: k = 1.
    let g = position(&[(10, 0, 1)], ["a3", "c1"], 0);
    let moves = legal(&g);
    assert_eq!(
        ends_at(&moves, "d3"),
        vec!["d3/11/10", "d3/12/10", "d3/17/10", "d3/18/10", "d3/19/10"]
    );
}

#[test]
fn a_player_without_a_move_must_pass_and_may_not_otherwise() {
    // P1 has all 18 cylinders on the board; P2 can still move.
    let g = position(&[(1, 9, 0), (2, 9, 0)], ["a3", "c1"], 0);
    assert_eq!(legal(&g), vec!["pass"]);
    assert_eq!(g.to_move(), Some(Seat(0)));
    assert!(illegal_reason(&g, "b3/6").contains("must pass"));
    let mut after = g.clone();
    after.play("pass".parse().unwrap());
    assert_eq!(after.to_move(), Some(Seat(1)));
    assert!(!legal(&after).contains(&"pass".to_string()));
    // A player who can move may not pass.
    let g = position(&[], ["a3", "c1"], 0);
    assert_eq!(
        illegal_reason(&g, "pass"),
        "P1 has a legal move, so may not pass"
    );
}

#[test]
fn the_game_ends_with_empty_triangles_when_neither_can_move() {
    // Both reserves are empty; triangles 19–24 are still empty.
    let mut cells: Vec<(u8, u8, u8)> = (1..=9).map(|t| (t, 2, 0)).collect();
    cells.extend((10..=18).map(|t| (t, 0, 2)));
    let g = position(&cells, ["a3", "e3"], 0);
    assert_eq!(g.to_move(), None);
    assert!(legal(&g).is_empty());
    // Sectors: 4 {1,6,7,8} P1 8; 5 {2,3,4,9} P1 8; 6 {5,10,11,12} 2–6 P2 keeps 6;
    // 3 {13,14,15,20} P2 6; 2 {16,…} P2 2; 1 {17,18,…} P2 4. Kept: P1 16, P2 18.
    assert_eq!(g.scores(), Some(vec![16, 18]));
    assert_eq!(g.outcome(), Some(Outcome::win(Seat(1))));
    assert!(matches!(g.parse_legal("pass"), Err(MoveError::GameOver)));
}

/// The full board of the tie-break and draw cases: sectors 4, 5, 6 tied 2–2, one cylinder per
/// triangle.
fn tied_sectors_4_5_6() -> Vec<(u8, u8, u8)> {
    vec![
        (1, 1, 0),
        (6, 1, 0),
        (7, 0, 1),
        (8, 0, 1),
        (2, 1, 0),
        (3, 1, 0),
        (4, 0, 1),
        (9, 0, 1),
        (5, 1, 0),
        (10, 1, 0),
        (11, 0, 1),
        (12, 0, 1),
    ]
}

#[test]
fn a_full_board_ends_the_game_and_tied_sectors_score_nothing() {
    // Sector 1 {17,18,19,24}: P1 7–0. Sector 2 {16,21,22,23}: P1 2 (16, 23), P2 3 (21, 22, 23).
    // Sector 3 {13,14,15,20}: P2 4–0. Sectors 4–6 tied 2–2: removed.
    let mut cells = tied_sectors_4_5_6();
    cells.extend([(17, 4, 0), (18, 1, 0), (19, 1, 0), (24, 1, 0)]);
    cells.extend([(16, 1, 0), (21, 0, 1), (22, 0, 1), (23, 1, 1)]);
    cells.extend([(13, 0, 1), (14, 0, 1), (15, 0, 1), (20, 0, 1)]);
    let g = position(&cells, ["a3", "e3"], 1);
    assert_eq!(g.to_move(), None, "all 24 triangles are occupied");
    let s = g.sector_score();
    assert_eq!(s.cylinders[3], [2, 2]);
    // Kept 7–7: the sector-count tie-break gives it to P2 (2 sectors to 1).
    assert_eq!(s.kept, [7, 7]);
    assert_eq!(s.sectors_won, [1, 2]);
    assert_eq!(g.scores(), Some(vec![7, 7]));
    assert_eq!(g.outcome(), Some(Outcome::win(Seat(1))));
}

#[test]
fn equal_cylinders_and_equal_sectors_draw() {
    // Sector 1 P1 4–0, sector 3 P2 4–0, sector 2 tied 2–2, sectors 4–6 tied.
    let mut cells = tied_sectors_4_5_6();
    cells.extend([(17, 1, 0), (18, 1, 0), (19, 1, 0), (24, 1, 0)]);
    cells.extend([(16, 1, 0), (21, 1, 0), (22, 0, 1), (23, 0, 1)]);
    cells.extend([(13, 0, 1), (14, 0, 1), (15, 0, 1), (20, 0, 1)]);
    let g = position(&cells, ["a3", "e3"], 0);
    assert_eq!(g.scores(), Some(vec![4, 4]));
    assert_eq!(g.sector_score().sectors_won, [1, 1]);
    assert_eq!(g.outcome(), Some(Outcome::DRAW));
    assert!(g.diagram().contains("A draw"));
}

#[test]
fn set_up_places_the_pawns_on_distinct_intersections() {
    let mut g = Triangoli::start();
    assert_eq!(legal(&g).len(), 19);
    g.play("c3".parse().unwrap());
    assert_eq!(legal(&g).len(), 18);
    assert_eq!(
        illegal_reason(&g, "c3"),
        "the other pawn already stands on c3"
    );
    assert!(illegal_reason(&g, "d3/10").contains("must first place a pawn"));
    g.play("d3".parse().unwrap());
    assert_eq!(illegal_reason(&g, "a1"), "the pawns are already placed");
}

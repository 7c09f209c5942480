//! The board against the facts `docs/games/triangle-game.md` states.

mod common;

use common::{legal_of, position_taking, sorted, v};
use trigonal_core::{Game, Seat};
use trigonal_triangle_game::layout::{Layout, Pointing};
use trigonal_triangle_game::{Board, Colour, Territory, Triangle, Vertex, BOARD};

fn names(mask: u64) -> Vec<String> {
    BOARD
        .vertices()
        .filter(|v| mask & v.bit() != 0)
        .map(|v| v.to_string())
        .collect()
}

fn tri(a: &str, b: &str, c: &str) -> Triangle {
    Triangle::with_corners([v(a), v(b), v(c)])
        .unwrap_or_else(|| panic!("{a}-{b}-{c} is no triangle of the board"))
}

#[test]
fn counts_of_vertices_and_triangles() {
    assert_eq!(BOARD.vertex_count(), 42);
    assert_eq!(BOARD.triangle_count(), 53);
    let count = |pointing: Pointing, side: u8| {
        BOARD
            .triangles()
            .filter(|t| t.pointing() == pointing && t.side() == side)
            .count()
    };
    assert_eq!(
        [1, 2, 4, 8].map(|s| count(Pointing::Up, s)),
        [27, 9, 3, 1],
        "upward triangles of side 1, 2, 4, 8"
    );
    assert_eq!(
        [1, 2, 4, 8].map(|s| count(Pointing::Down, s)),
        [9, 3, 1, 0],
        "holes of side 1, 2, 4, 8"
    );
    // The reference model builds its board from the rules' own list: the same counts.
    assert_eq!(common::reference::counts(), (42, 53));
}

#[test]
fn vertices_are_the_corners_of_the_odd_binomial_triangles() {
    let mut want: Vec<(u8, u8)> = Vec::new();
    let mut row = vec![1u32];
    for k in 0..8u8 {
        for (i, &c) in row.iter().enumerate() {
            if c % 2 == 1 {
                let i = i as u8;
                want.extend([(k, i), (k + 1, i), (k + 1, i + 1)]);
            }
        }
        let mut next = vec![1u32; row.len() + 1];
        for i in 1..row.len() {
            next[i] = row[i - 1] + row[i];
        }
        row = next;
    }
    want.sort();
    want.dedup();
    let got: Vec<(u8, u8)> = BOARD.vertices().map(|v| (v.at().row, v.at().pos)).collect();
    assert_eq!(got, want);
    assert_eq!(v("a1").to_string(), "a1");
    assert_eq!(Vertex::parse("i9"), Some(v("i9")));
    // Row 6 has no vertex between b6 and e6: the centre hole.
    assert_eq!(Vertex::parse("c6"), None);
    assert_eq!(Vertex::parse("j9"), None);
}

#[test]
fn the_triangles_the_rules_name() {
    // Upward: whole board, territories, side 2.
    for (a, b, c) in [
        ("a1", "a9", "i9"),
        ("a1", "a5", "e5"),
        ("a5", "a9", "e9"),
        ("e5", "e9", "i9"),
        ("a1", "a3", "c3"),
        ("a3", "a5", "c5"),
        ("c3", "c5", "e5"),
        ("a5", "a7", "c7"),
        ("a7", "a9", "c9"),
        ("c7", "c9", "e9"),
        ("e5", "e7", "g7"),
        ("e7", "e9", "g9"),
        ("g7", "g9", "i9"),
    ] {
        assert_eq!(tri(a, b, c).pointing(), Pointing::Up, "{a}-{b}-{c}");
    }
    // Holes.
    for (a, b, c, side) in [
        ("a5", "e5", "e9", 4),
        ("a3", "c3", "c5", 2),
        ("a7", "c7", "c9", 2),
        ("e7", "g7", "g9", 2),
        ("a2", "b2", "b3", 1),
        ("c8", "d8", "d9", 1),
    ] {
        let t = tri(a, b, c);
        assert_eq!((t.pointing(), t.side()), (Pointing::Down, side), "{t}");
    }
    // Three vertices that draw no triangle of the board.
    assert_eq!(Triangle::with_corners([v("b8"), v("c8"), v("c9")]), None);
    assert_eq!(Triangle::with_corners([v("a1"), v("a3"), v("b3")]), None);
}

#[test]
fn edge_vertices() {
    let edge = |t: Triangle| {
        let mut e: Vec<String> = t.edge().iter().map(|v| v.to_string()).collect();
        e.sort();
        e
    };
    assert_eq!(
        edge(tri("a5", "e5", "e9")),
        sorted("b5 c5 d5 b6 c7 d8 e6 e7 e8")
    );
    assert_eq!(edge(tri("a3", "c3", "c5")), sorted("b3 b4 c4"));
    assert_eq!(edge(tri("a1", "a9", "i9")).len(), 21);
    assert!(edge(tri("a1", "a9", "i9")).contains(&"e9".to_string()));
    assert!(edge(tri("a1", "a2", "b2")).is_empty());
}

#[test]
fn territories_and_joins() {
    assert_eq!(names(BOARD.joins), ["a5", "e5", "e9"]);
    for t in Territory::ALL {
        assert_eq!(
            BOARD.territory[t as usize].count_ones(),
            15,
            "{} territory",
            t.name()
        );
    }
    let top = BOARD.territory[Territory::Top as usize];
    assert!(names(top)
        .iter()
        .all(|n| n[1..].parse::<u8>().unwrap() <= 5));
    assert_eq!(
        BOARD.territories_of(v("e9")).collect::<Vec<_>>(),
        [Territory::BottomLeft, Territory::BottomRight]
    );
    assert_eq!(
        BOARD.territories_of(v("c9")).collect::<Vec<_>>(),
        [Territory::BottomLeft]
    );
    assert_eq!(
        BOARD.layout.homes,
        [
            Territory::Top,
            Territory::BottomRight,
            Territory::BottomLeft
        ]
    );
    // Scoring masks: Dark Blue gains on the top territory (joins a5, e5 included), loses on the
    // other two except on e9, the join of the two others.
    assert!(BOARD.home[0] & v("a5").bit() != 0 && BOARD.home[0] & v("e5").bit() != 0);
    assert_eq!(BOARD.foreign[0].count_ones(), 42 - 15 - 1);
    assert_eq!(BOARD.foreign[0] & v("e9").bit(), 0);
    assert_eq!(BOARD.foreign[1] & v("a5").bit(), 0);
    assert_eq!(BOARD.foreign[2] & v("e5").bit(), 0);
}

#[test]
fn dots_and_the_triangles_that_surround_them() {
    let dots: Vec<(Colour, String, Vec<String>)> = BOARD
        .layout
        .dots
        .iter()
        .map(|d| {
            (
                d.colour,
                Triangle(d.hole).to_string(),
                d.surrounded_by
                    .iter()
                    .map(|&t| Triangle(t).to_string())
                    .collect(),
            )
        })
        .collect();
    let want = |c, hole: &str, around: &[&str]| {
        (
            c,
            hole.to_string(),
            around.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
        )
    };
    assert_eq!(
        dots,
        [
            want(Colour::DarkBlue, "a5-e5-e9", &["a1-a9-i9", "a5-e5-e9"]),
            want(Colour::Green, "a5-e5-e9", &["a1-a9-i9", "a5-e5-e9"]),
            want(Colour::LightBlue, "a5-e5-e9", &["a1-a9-i9", "a5-e5-e9"]),
            want(
                Colour::Green,
                "a3-c3-c5",
                &["a1-a9-i9", "a1-a5-e5", "a3-c3-c5"]
            ),
            want(
                Colour::DarkBlue,
                "a7-c7-c9",
                &["a1-a9-i9", "a5-a9-e9", "a7-c7-c9"]
            ),
            want(
                Colour::LightBlue,
                "e7-g7-g9",
                &["a1-a9-i9", "e5-e9-i9", "e7-g7-g9"]
            ),
        ]
    );
    // Pickup order: fewest dot colours first, then whole board, territories top, bottom-left,
    // bottom-right, centre hole, territory holes top, bottom-left, bottom-right.
    let mut ranked: Vec<Triangle> = BOARD
        .triangles()
        .filter(|t| BOARD.dotted & t.bit() != 0)
        .collect();
    ranked.sort_by_key(|t| BOARD.pickup_rank[t.0 as usize]);
    let ranked: Vec<String> = ranked.iter().map(|t| t.to_string()).collect();
    assert_eq!(
        ranked,
        [
            "a1-a5-e5", "a5-a9-e9", "e5-e9-i9", "a3-c3-c5", "a7-c7-c9", "e7-g7-g9", "a1-a9-i9",
            "a5-e5-e9"
        ]
    );
    assert_eq!(
        BOARD.dot_colours(tri("a1", "a9", "i9")).collect::<Vec<_>>(),
        Colour::PLAYERS
    );
}

/// The slide targets on the empty board: corners of a triangle the stone is a corner of, never a
/// vertex in the middle of a side.
#[test]
fn slide_targets_on_the_empty_board() {
    let targets = |name: &str| -> Vec<String> {
        let mut t: Vec<String> = BOARD
            .slides(v(name))
            .iter()
            .map(|s| s.to.to_string())
            .collect();
        t.sort();
        t
    };
    // A corner of the board: unit, side 2, territory and whole board.
    assert_eq!(targets("a1"), sorted("a2 b2 a3 c3 a5 e5 a9 i9"));
    // A join: corner of the centre hole, two territories, two side-2 and two unit triangles.
    assert_eq!(targets("a5"), sorted("a1 e5 e9 a9 a3 c5 a7 c7 a4 b5 a6 b6"));
    assert_eq!(targets("e9"), sorted("a5 e5 a9 i9 c7 c9 e7 g9 d8 d9 e8 f9"));
    // An edge vertex of the whole board and the top territory: never stops at a1's far corners.
    assert_eq!(targets("a3"), sorted("a1 c3 a5 c5 a2 b3 a4 b4"));
    // An edge vertex of the top territory and the centre hole.
    assert_eq!(targets("c5"), sorted("a3 c3 a5 e5 b4 b5 c4 d5"));
    // The sum over all vertices is what perft 2 from the start needs: 366 = 126 + 240.
    let total: usize = BOARD.vertices().map(|u| BOARD.slides(u).len()).sum();
    assert_eq!(total, 240);

    // The same through the game: a white stone alone on a1, Dark Blue to slide it.
    let mut g = position_taking("", 0);
    common::play(&mut g, "Wa1");
    assert_eq!(
        legal_of(&g, "slide"),
        sorted("a1-a2 a1-b2 a1-a3 a1-c3 a1-a5 a1-e5 a1-a9 a1-i9")
    );
    // A stone on a2 blocks everything down the left side; one on e5 is not a target and
    // blocks the right side beyond it.
    let mut g = position_taking("Ga2 Le5", 0);
    common::play(&mut g, "Wa1");
    assert_eq!(legal_of(&g, "slide"), sorted("a1-b2 a1-c3"));
    assert!(g
        .why_illegal("a1-i9".parse().unwrap())
        .contains("passes through e5"));
    assert!(g
        .why_illegal("a1-a5".parse().unwrap())
        .contains("passes through a2"));
    assert!(g
        .why_illegal("a1-a4".parse().unwrap())
        .contains("not two corners of one triangle"));
    assert!(g
        .why_illegal("a1-e5".parse().unwrap())
        .contains("e5 is occupied"));
    assert_eq!(g.mover(), Seat(0));
}

#[test]
fn another_layout_can_be_dropped_in() {
    // The depth-2 gasket through the same tables: 15 vertices, 17 triangles.
    let small = Board::new(Layout::gasket(2));
    assert_eq!(small.vertex_count(), 15);
    assert_eq!(small.triangle_count(), 1 + 1 + 3 + 3 + 9);
    assert_eq!(small.joins.count_ones(), 3);
}

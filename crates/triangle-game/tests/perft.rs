//! Perft, counted in actions (`end` is one), from the start and from two mid-game positions.
//!
//! From the start the counts are those `docs/games/triangle-game.md` gives (126, 366, 15738) and
//! follow from the rules by hand: 3 colours × 42 vertices; then `end` after a Green or Light Blue
//! stone, `end` or one of the 240 white slides (the slide targets of all 42 vertices on an empty
//! board) after a white one: 84 + 42 + 240 = 366; then Green's 123 placements after each of the
//! 126 `end`s, and only `end` after each of the 240 slides: 126·123 + 240 = 15738.
//!
//! The mid-game counts were checked as the comments below say, and every count here also against
//! the reference model in `tests/common/reference.rs` (see `tests/reference.rs`).

mod common;

use common::{legal, play, position_a, position_b, sorted};
use trigonal_core::{perft, Game, Options};
use trigonal_triangle_game::TriangleGame;

#[test]
fn perft_from_the_start() {
    let start = TriangleGame::new(&Options::default()).unwrap();
    let counts: Vec<u64> = (1..=3).map(|d| perft(&start, d)).collect();
    assert_eq!(counts, vec![126, 366, 15738]);
    // Depth 4 has no outside count; it agrees with the reference model.
    assert_eq!(perft(&start, 4), 120_618);
}

/// Position A (Dark Blue to place; see `common::position_a`).
///
/// Depth 1: the pool holds G, L and W, the board 7 stones: 3 × 35 = 105.
/// Depth 2, by hand: Dark Blue has its own stones on a1 and g7, so it slides those. Before the
/// placement a1 slides to a2, b2, a3, c3, e5 (a5 is taken and blocks a9; i9 is taken) and g7 to
/// e5, e7, g9, f6, f7, g8, h8: 12 slides, so 13 actions with `end`. A stone placed on a path or
/// target removes slides: a2 2, b2 3, a3 1, c3 2, d4 1, e5 2, f6 2, f7 2, e7 1, g8 2, g9 1, h8 1;
/// 20 per colour, 60 in all: 105 × 13 - 60 = 1305. The only placement that creates a Power
/// Triangle of Dark Blue is We5 (top territory a1-a5-e5; the centre hole a5-e5-e9 is all white,
/// no Power Triangle), which surrounds the green dot and adds 4 pickups (white a5, e5, e9 and
/// green i9): 1309.
#[test]
fn perft_from_position_a() {
    let a = position_a();
    let counts: Vec<u64> = (1..=4).map(|d| perft(&a, d)).collect();
    assert_eq!(counts, vec![105, 1309, 13975, 162_662]);

    let mut after = a.clone();
    play(&mut after, "We5");
    assert_eq!(
        legal(&after),
        sorted("xa5 xe5 xe9 xi9 a1-a2 a1-b2 a1-a3 a1-c3 g7-e7 g7-g9 g7-f6 g7-f7 g7-g8 g7-h8 end")
    );
    assert_eq!(after.slides_left(), 2);
}

/// Position B (Green to place; see `common::position_b`), and B after `Ge5`.
///
/// Depth 1: the pool holds D, G, L and W, the board 8 stones: 4 × 34 = 136.
/// After Ge5, by hand: the top territory, the bottom-right territory and the centre hole are
/// Power Triangles of Green, all just created around dots, so 4 slides are left and any stone may
/// be picked up (white, and every player colour through the centre hole's dots): 9 pickups. Green
/// now has a stone of its colour on the board, so it slides only e5: to c3, c5, d4, d5, e6, e7,
/// f6, g7 (a1, a5, e9, i9 are taken): 8 slides. With `end`: 18.
#[test]
fn perft_from_position_b() {
    let b = position_b();
    let counts: Vec<u64> = (1..=4).map(|d| perft(&b, d)).collect();
    assert_eq!(counts, vec![136, 3087, 21245, 627_714]);

    let mut mid = b.clone();
    play(&mut mid, "Ge5");
    assert_eq!(
        legal(&mid),
        sorted(
            "xa1 xa5 xe9 xi9 xb4 xb7 xc9 xg8 xe5 \
             e5-c3 e5-c5 e5-d4 e5-d5 e5-e6 e5-e7 e5-f6 e5-g7 end"
        )
    );
    let counts: Vec<u64> = (1..=4).map(|d| perft(&mid, d)).collect();
    assert_eq!(counts, vec![18, 355, 6745, 112_785]);
}

//! Properties over random action sequences: the 27 stones are conserved, and everything the
//! engine keeps in bit masks agrees with a recomputation from the layout's lists.

mod common;

use proptest::prelude::*;
use trigonal_core::{Game, Seat};
use trigonal_triangle_game::layout::Territory;
use trigonal_triangle_game::{Colour, Move, TriangleGame, BOARD, STONES};

/// Scores from scratch: each stone of a player's colour, vertex by vertex, with the territories
/// the layout lists for it.
fn scores_from_scratch(g: &TriangleGame) -> [i32; 3] {
    let mut scores = [0; 3];
    for v in BOARD.vertices() {
        let Some(seat) = g.stone_at(v).and_then(Colour::seat) else {
            continue;
        };
        let home: Territory = BOARD.layout.homes[seat.index()];
        let ts: Vec<Territory> = Territory::ALL
            .into_iter()
            .filter(|&t| BOARD.layout.territories[t as usize].vertices.contains(&v.0))
            .collect();
        if ts.contains(&home) {
            scores[seat.index()] += 1;
        } else if ts.len() == 1 {
            scores[seat.index()] -= 1;
        }
    }
    scores
}

/// Power Triangles from scratch, from the layout's corner and edge lists.
fn power_from_scratch(g: &TriangleGame, seat: Seat) -> u64 {
    let own = Colour::of_seat(seat);
    let mut mask = 0;
    for (t, info) in BOARD.layout.triangles.iter().enumerate() {
        let stone = |v: u8| g.stone_at(trigonal_triangle_game::Vertex(v));
        let corners_ok = info
            .corners
            .iter()
            .all(|&v| matches!(stone(v), Some(c) if c == own || c == Colour::White));
        let has_own = info.corners.iter().any(|&v| stone(v) == Some(own));
        let edges_empty = info.edge.iter().all(|&v| stone(v).is_none());
        if corners_ok && has_own && edges_empty {
            mask |= 1 << t;
        }
    }
    mask
}

fn check(g: &TriangleGame) {
    let mut on_board = 0;
    for c in Colour::ALL {
        let board = g.stones(c).count_ones();
        let pools: u32 = (0..3).map(|s| g.pool(Seat(s), c) as u32).sum();
        assert_eq!(
            board + pools,
            STONES[c as usize] as u32,
            "{} stones",
            c.name()
        );
        on_board += board;
    }
    let pools: u32 = (0..3).map(|s| g.pool_size(Seat(s))).sum();
    assert_eq!(on_board + pools, 27);
    assert_eq!(g.scores_now(), scores_from_scratch(g));
    for s in 0..3 {
        assert_eq!(g.power_triangles(Seat(s)), power_from_scratch(g, Seat(s)));
    }
    assert_eq!(g.position_hash(), g.clone().position_hash());
    // A pending Power Triangle has given its benefit this turn: it is in `used`.
    let used: u64 = g.used().fold(0, |m, t| m | t.bit());
    assert!(g.pending().all(|t| used & t.bit() != 0));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn stones_are_conserved_and_masks_agree_with_the_lists(
        choices in prop::collection::vec(any::<u64>(), 1..300)
    ) {
        let mut g = TriangleGame::start();
        let mut moves = Vec::new();
        check(&g);
        for r in choices {
            g.legal_moves(&mut moves);
            if moves.is_empty() {
                prop_assert!(g.outcome().is_some());
                break;
            }
            let mv = moves[g.playout_choice(&moves, r)];
            let text = mv.to_string();
            prop_assert_eq!(text.parse::<Move>().unwrap(), mv);
            g.play(mv);
            check(&g);
        }
    }
}

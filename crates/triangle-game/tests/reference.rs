//! The engine against the slow reference model of `tests/common/reference.rs`, which builds its
//! board from the rules' own list of triangles and shares no code with the engine.

mod common;

use common::reference::Model;
use common::{legal, position_a, position_b};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use trigonal_core::Present;
use trigonal_core::{perft, Game};
use trigonal_triangle_game::{Move, TriangleGame};

fn model_a() -> Model {
    Model::new(
        "Da1 Wa5 We9 La9 Gi9 Dg7 Lb4",
        [[0, 2, 1, 3], [2, 0, 3, 2], [2, 3, 0, 2]],
        0,
    )
}

fn model_b() -> Model {
    Model::new(
        "Wa1 Wa5 We9 Wi9 Db4 Db7 Lc9 Lg8",
        [[0, 3, 1, 2], [1, 1, 2, 1], [3, 2, 1, 2]],
        1,
    )
}

#[test]
fn perft_agrees_with_the_model() {
    for (name, engine, model) in [
        ("start", TriangleGame::start(), Model::start()),
        ("A", position_a(), model_a()),
        ("B", position_b(), model_b()),
    ] {
        for depth in 1..=3 {
            assert_eq!(
                perft(&engine, depth),
                model.perft(depth),
                "position {name}, depth {depth}"
            );
        }
    }
}

/// Depth 4 from each position, as pinned in `tests/perft.rs` (about a second in the dev profile).
#[test]
fn deep_perft_agrees_with_the_model() {
    assert_eq!(Model::start().perft(4), 120_618);
    assert_eq!(model_a().perft(4), 162_662);
    assert_eq!(model_b().perft(4), 627_714);
}

/// Whole games, move by move: the same legal actions, scores, slides left and end. Pickups are
/// rare in random play, so they are preferred when there are any.
#[test]
fn random_games_agree_with_the_model() {
    let mut rng = SmallRng::seed_from_u64(2026);
    let mut buf = Vec::new();
    let mut pickups = 0;
    for game in 0..600 {
        let (mut g, mut m) = match game % 3 {
            0 => (TriangleGame::start(), Model::start()),
            1 => (position_a(), model_a()),
            _ => (position_b(), model_b()),
        };
        loop {
            let want: Vec<String> = m.legal().into_iter().collect();
            assert_eq!(legal(&g), want, "game {game}\n{}", g.diagram());
            assert_eq!(g.scores_now(), m.scores());
            assert_eq!(g.slides_left() as i32, m.slides_left());
            assert_eq!(g.outcome().is_some(), m.over());
            if m.over() {
                break;
            }
            g.legal_moves(&mut buf);
            let picks: Vec<Move> = buf
                .iter()
                .copied()
                .filter(|m| matches!(m, Move::Pickup(_)))
                .collect();
            let mv = if !picks.is_empty() && rng.gen_bool(0.7) {
                pickups += 1;
                picks[rng.gen_range(0..picks.len())]
            } else {
                buf[g.playout_choice(&buf, rng.gen())]
            };
            g.play(mv);
            m.play(&mv.to_string());
        }
    }
    assert!(pickups > 0);
}

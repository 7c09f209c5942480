//! What every registered game promises a front end, checked over random games: each legal move
//! has a click sequence, no two moves share one, and none is a proper prefix of another (the
//! browser submits a move as soon as its sequence is complete).

use std::collections::HashSet;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use trigonal_core::Options;
use trigonal_games::{new_game, GAMES};

#[test]
fn click_sequences_identify_moves_and_none_is_a_prefix_of_another() {
    for info in GAMES {
        for seed in 0..6u64 {
            let mut rng = SmallRng::seed_from_u64(seed);
            let mut game = new_game(info.id, &Options::default()).unwrap();
            let mut plies = 0;
            while game.to_move().is_some() && plies < 120 {
                let clicks = game.legal_clicks();
                let sequences: HashSet<&[String]> =
                    clicks.iter().map(|(_, c)| c.as_slice()).collect();
                assert_eq!(
                    sequences.len(),
                    clicks.len(),
                    "{}: two moves share a click sequence",
                    info.id
                );
                let prefixes: HashSet<&[String]> = clicks
                    .iter()
                    .flat_map(|(_, c)| (0..c.len()).map(move |n| &c[..n]))
                    .collect();
                for (mv, seq) in &clicks {
                    assert!(!seq.is_empty(), "{}: {mv} has no clicks", info.id);
                    assert!(
                        !prefixes.contains(seq.as_slice()),
                        "{}: the clicks of {mv} ({seq:?}) begin another move's",
                        info.id
                    );
                }
                let moves = game.legal_moves();
                let mv = &moves[rng.gen_range(0..moves.len())];
                game.play(mv).unwrap();
                plies += 1;
            }
        }
    }
}

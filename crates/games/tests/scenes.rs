//! What every registered game promises a front end, checked over random games: each legal move
//! has a click sequence, no two moves share one, and none is a proper prefix of another (the
//! browser submits a move as soon as its sequence is complete).

use std::collections::HashSet;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use trigonal_core::{DynGame, MoveClicks, Options};
use trigonal_games::{new_game, GameInfo, GAMES};

#[test]
fn click_sequences_identify_moves_and_none_is_a_prefix_of_another() {
    each_position(6, |info, game| {
        let clicks = game.legal_clicks();
        let sequences: HashSet<&[String]> = clicks.iter().map(|m| m.clicks.as_slice()).collect();
        assert_eq!(
            sequences.len(),
            clicks.len(),
            "{}: two moves share a click sequence",
            info.id
        );
        let prefixes: HashSet<&[String]> = clicks
            .iter()
            .flat_map(|m| (0..m.clicks.len()).map(move |n| &m.clicks[..n]))
            .collect();
        for MoveClicks {
            mv, clicks: seq, ..
        } in &clicks
        {
            assert!(!seq.is_empty(), "{}: {mv} has no clicks", info.id);
            assert!(
                !prefixes.contains(seq.as_slice()),
                "{}: the clicks of {mv} ({seq:?}) begin another move's",
                info.id
            );
        }
    });
}

/// What the front end reads instead of knowing a game: every click names the step it makes, and
/// moves that begin alike name their steps alike (so the hint at a prefix is one); every
/// clickable item carries a name to read; only Triangular's board is panned.
#[test]
fn clicks_name_their_steps_and_items_their_names() {
    each_position(4, |info, game| {
        let scene = game.scene();
        assert_eq!(scene.pannable, info.id == "triangular", "{}", info.id);
        for item in &scene.items {
            if item.id.is_some() {
                let name = item.name.as_deref().unwrap_or("");
                assert!(!name.is_empty(), "{}: {:?} has no name", info.id, item.id);
            }
        }
        let clicks = game.legal_clicks();
        let mut step_at = std::collections::HashMap::new();
        for m in &clicks {
            assert_eq!(
                m.steps.len(),
                m.clicks.len(),
                "{}: {} names {:?} for {:?}",
                info.id,
                m.mv,
                m.steps,
                m.clicks
            );
            for n in 0..m.clicks.len() {
                let before = step_at.entry(&m.clicks[..n]).or_insert(m.steps[n]);
                assert_eq!(
                    *before,
                    m.steps[n],
                    "{}: moves after {:?} name the next step differently",
                    info.id,
                    &m.clicks[..n]
                );
            }
        }
    });
}

/// Calls `check` on every position of random games of every registered game (seeds `0..seeds`,
/// at most 120 plies each).
fn each_position(seeds: u64, mut check: impl FnMut(&GameInfo, &dyn DynGame)) {
    for info in GAMES {
        for seed in 0..seeds {
            let mut rng = SmallRng::seed_from_u64(seed);
            let mut game = new_game(info.id, &Options::default()).unwrap();
            let mut plies = 0;
            while game.to_move().is_some() && plies < 120 {
                check(info, game.as_ref());
                let moves = game.legal_moves();
                let mv = &moves[rng.gen_range(0..moves.len())];
                game.play(mv).unwrap();
                plies += 1;
            }
        }
    }
}

//! Properties over random games: material is conserved, every game ends, notation and clicks
//! are one-to-one, repetition is found exactly, records replay.

use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use trigonal_core::Present;
use trigonal_core::{Game, Options, Record, Seat};
use trigonal_four_triangles::{
    stones_for, End, FourTriangles, Move, Point, Setup, Triangle, Version, MARKERS, MAX_TURNS,
};

fn start(players: usize, simple: bool) -> FourTriangles {
    FourTriangles::new(&Options {
        players: Some(players),
        variant: Some(if simple { "simple" } else { "full" }.into()),
    })
    .unwrap()
}

/// Stones on the board plus supply, and each player's figures plus markers.
fn check_material(g: &FourTriangles) -> Result<(), TestCaseError> {
    let mut stones = g.supply() as u32;
    let mut figures = [0u8; 4];
    for p in Point::all() {
        if let Some(f) = g.figure(p) {
            stones += f.stones as u32;
            figures[f.owner.index()] += 1;
        }
    }
    prop_assert_eq!(stones, stones_for(g.players()) as u32);
    for (s, &n) in figures.iter().enumerate().take(g.players()) {
        prop_assert_eq!(n + g.markers(Seat(s as u8)), MARKERS);
    }
    Ok(())
}

/// Click sequences: all different, none a proper prefix of another; every id is a point, a
/// triangle or a button.
fn check_clicks(g: &FourTriangles, moves: &[Move]) -> Result<(), TestCaseError> {
    let mut seqs: Vec<Vec<String>> = moves.iter().map(|&m| g.clicks(m)).collect();
    for seq in &seqs {
        for id in seq {
            let button =
                ["bring", "split", "pass"].contains(&id.as_str()) || id.starts_with("turn-");
            let triangle =
                id.len() == 1 && Triangle::from_letter(id.as_bytes()[0] as char).is_some();
            prop_assert!(
                button || triangle || Point::parse(id).is_some(),
                "unknown id {}",
                id
            );
        }
    }
    seqs.sort();
    for w in seqs.windows(2) {
        prop_assert!(
            !w[1].starts_with(&w[0]),
            "{:?} is a prefix of {:?}",
            w[0],
            w[1]
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 160, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_material_and_end(seed in any::<u64>(), players in 2usize..=4, simple in any::<bool>()) {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut g = start(players, simple);
        let mut moves = Vec::new();
        let mut played = Vec::new();
        while g.to_move().is_some() {
            check_material(&g)?;
            prop_assert!(g.turn_number() < MAX_TURNS);
            prop_assert!(g.occurrences() < 3);
            g.legal_moves(&mut moves);
            prop_assert!(!moves.is_empty());
            for &m in &moves {
                prop_assert_eq!(m.to_string().parse::<Move>().unwrap(), m);
            }
            if played.len() % 7 == 0 {
                check_clicks(&g, &moves)?;
            }
            let mv = moves[rng.gen_range(0..moves.len())];
            g.play(mv);
            played.push(mv.to_string());
        }
        check_material(&g)?;
        prop_assert!(g.turn_number() <= MAX_TURNS);
        match g.end().unwrap() {
            End::Repetition => prop_assert_eq!(g.occurrences(), 3),
            End::TurnLimit => prop_assert_eq!(g.turn_number(), MAX_TURNS),
            _ => prop_assert!(g.outcome().unwrap().winners.len() == 1),
        }
        g.legal_moves(&mut moves);
        prop_assert!(moves.is_empty());
        // The record replays to the same position.
        let record = Record::from_moves("four-triangles", &g.options(), played);
        let again: FourTriangles = Record::parse(&record.to_text()).replay(&Options::default()).unwrap();
        prop_assert_eq!(again.position_hash(), g.position_hash());
        prop_assert_eq!(again.outcome(), g.outcome());
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Few figures wandering about repeat positions often: the game ends exactly when a
    /// position occurs for the third time.
    #[test]
    fn repetition_is_found_exactly(seed in any::<u64>(), simple in any::<bool>()) {
        let mut rng = SmallRng::seed_from_u64(seed);
        let version = if simple { Version::Simple } else { Version::Full };
        let mut g = Setup::new(2, version)
            .figure("T4", 0, 1)
            .figure("L4", 1, 2)
            .build()
            .unwrap();
        let mut moves = Vec::new();
        let mut seen: Vec<FourTriangles> = vec![g.clone()];
        while g.to_move().is_some() {
            g.legal_moves(&mut moves);
            moves.retain(|m| matches!(m, Move::Figure { .. }));
            let mv = moves[rng.gen_range(0..moves.len())];
            g.play(mv);
            // Positions compared by hand: everything but the turn count.
            let same = seen.iter().filter(|p| same_position(p, &g)).count();
            seen.push(g.clone());
            if g.end() == Some(End::Repetition) {
                prop_assert_eq!(same, 2);
            } else if g.outcome().is_none() {
                prop_assert!(same < 2);
            }
        }
    }
}

fn same_position(a: &FourTriangles, b: &FourTriangles) -> bool {
    let seats = |g: &FourTriangles| {
        (0..g.players() as u8)
            .map(|s| {
                (
                    g.is_out(Seat(s)),
                    g.has_had_figures(Seat(s)),
                    g.turned_last(Seat(s)),
                )
            })
            .collect::<Vec<_>>()
    };
    // Two players and nobody out: the seat to move follows the turn count.
    Point::all().all(|p| a.figure(p) == b.figure(p))
        && a.turn_number() % 2 == b.turn_number() % 2
        && a.just_turned() == b.just_turned()
        && seats(a) == seats(b)
}

/// Equal positions hash alike, and the hash tells apart the positions of a game.
#[test]
fn position_hash_is_deterministic_and_spread() {
    let mut rng = SmallRng::seed_from_u64(5);
    let mut g = start(2, false);
    let mut moves = Vec::new();
    let mut seen = std::collections::HashMap::new();
    while g.to_move().is_some() {
        let copy = g.clone();
        assert_eq!(copy.position_hash(), g.position_hash());
        if let Some(other) = seen.insert(g.position_hash(), g.clone()) {
            // Same hash only for the same position at the same turn, which cannot happen twice.
            panic!("hash collision:\n{}\n{}", other.diagram(), g.diagram());
        }
        g.legal_moves(&mut moves);
        let mv = moves[rng.gen_range(0..moves.len())];
        g.play(mv);
    }
}

/// The shuffling games above do reach repetitions (so the property is not vacuous).
#[test]
fn shuffling_games_repeat() {
    let mut repeated = 0;
    for seed in 0..50 {
        let mut rng = SmallRng::seed_from_u64(seed);
        // In the simple version the two never meet: only repetition (or turn 300) ends it.
        let mut g = Setup::new(2, Version::Simple)
            .figure("T4", 0, 1)
            .figure("L4", 1, 2)
            .build()
            .unwrap();
        let mut moves = Vec::new();
        while g.to_move().is_some() {
            g.legal_moves(&mut moves);
            moves.retain(|m| matches!(m, Move::Figure { .. }));
            g.play(moves[rng.gen_range(0..moves.len())]);
        }
        repeated += usize::from(g.end() == Some(End::Repetition));
    }
    assert!(repeated >= 45, "only {repeated} of 50 games repeated");
}

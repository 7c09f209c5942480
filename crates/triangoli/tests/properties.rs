//! Invariants over random games (proptest picks the seeds; failures shrink to a seed).

use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use trigonal_core::Present;
use trigonal_core::{Game, Options, Record, Seat};
use trigonal_triangoli::{Move, Triangle, Triangoli, CYLINDERS};

/// A random game from the start: every position met and the moves between them.
fn random_game(seed: u64) -> (Vec<Triangoli>, Vec<Move>) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut g = Triangoli::start();
    let mut positions = vec![g.clone()];
    let mut played = Vec::new();
    let mut moves = Vec::new();
    while g.to_move().is_some() {
        g.legal_moves(&mut moves);
        let mv = moves[rng.gen_range(0..moves.len())];
        g.play(mv);
        played.push(mv);
        positions.push(g.clone());
    }
    (positions, played)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// A seat must pass exactly when walking its pawn's lines finds no point next to an empty
    /// triangle: the board's table of where a pawn can reach, with the other pawn in the way,
    /// agrees with the walk the turns are listed by.
    #[test]
    fn a_seat_passes_exactly_when_its_pawn_reaches_no_empty_triangle(seed in any::<u64>()) {
        let (positions, _) = random_game(seed);
        for g in positions.iter().filter(|g| g.to_move().is_some() && g.pawn(Seat(1)).is_some()) {
            let mut reaches = false;
            g.landings(|_| {
                reaches = true;
                false
            });
            prop_assert_eq!(reaches, !g.must_pass(), "{:?}", g);
        }
    }

    /// Whether the opponent has a turn after a move, found without playing it, is what playing
    /// it gives: the opponent to move and not passing. Every turn of every position of a game
    /// is asked, so the blocking pawn, a short reserve and the last empty triangle all occur.
    #[test]
    fn the_opponent_has_a_turn_after_a_move_exactly_when_playing_it_says(seed in any::<u64>()) {
        let (positions, _) = random_game(seed);
        let mut moves = Vec::new();
        let mut answered = [0; 2];
        for g in positions.iter().filter(|g| g.to_move().is_some() && g.pawn(Seat(1)).is_some()) {
            let opponent = Seat(1 - g.to_move().unwrap().0);
            g.legal_moves(&mut moves);
            for &mv in &moves {
                let mut child = g.clone();
                child.play(mv);
                let truth = child.to_move() == Some(opponent) && !child.must_pass();
                prop_assert_eq!(g.opponent_can_move_after(mv), truth, "{}", mv);
                answered[usize::from(truth)] += 1;
            }
        }
        // Both kinds were asked: a game's last turn is never answered.
        prop_assert!(answered[0] > 0 && answered[1] > 0, "{:?}", answered);
    }

    /// A move is legal by `is_legal` exactly when the move list holds it. The moves asked are
    /// those of this position and of the two before it (the moves a search remembers from
    /// nearby positions: a pawn now in the way, a triangle filled, cylinders exchanged away, a
    /// reserve run short, a set-up or a pass out of its time), and each turn of those with its
    /// exchange's first cylinder taken from another triangle.
    #[test]
    fn a_move_is_legal_exactly_when_the_move_list_holds_it(seed in any::<u64>()) {
        let (positions, _) = random_game(seed);
        let mut moves = Vec::new();
        let mut asked = Vec::new();
        let mut found = [0; 2];
        for (i, g) in positions.iter().enumerate().skip(2) {
            g.legal_moves(&mut moves);
            asked.clear();
            for earlier in &positions[i - 2..=i] {
                let mut theirs = Vec::new();
                earlier.legal_moves(&mut theirs);
                asked.extend(theirs.iter().copied());
                asked.extend(theirs.iter().filter_map(|&mv| match mv {
                    Move::Turn { to, triangle, exchange } if !exchange.is_empty() => {
                        let mut taken: Vec<Triangle> = exchange.triangles().collect();
                        taken[0] = Triangle((taken[0].0 + 1) % 24);
                        Some(Move::Turn { to, triangle, exchange: trigonal_triangoli::Exchange::new(&taken)? })
                    }
                    _ => None,
                }));
            }
            for &mv in &asked {
                let truth = moves.contains(&mv);
                prop_assert_eq!(g.is_legal(mv), truth, "{} in\n{}", mv, g.diagram());
                found[usize::from(truth)] += 1;
            }
        }
        prop_assert!(found[0] > 0 && found[1] > 0, "{:?}", found);
    }

    /// The turns with their sector counts are the legal turns, in order, each with the counts
    /// playing it gives and the replies it leaves (played as answered where the opponent has a
    /// turn after it: the same position); each belongs to the landing of its end point, and
    /// every landing has turns.
    #[test]
    fn turns_with_counts_are_the_legal_turns_played(seed in any::<u64>()) {
        let (positions, _) = random_game(seed);
        let mut moves = Vec::new();
        for g in positions.iter().filter(|g| g.to_move().is_some() && !g.must_pass() && g.pawn(Seat(1)).is_some()) {
            g.legal_moves(&mut moves);
            let mut seen = Vec::new();
            g.turns_with_counts(|landing, mv, counts| {
                seen.push((mv, *counts, *landing));
                true
            });
            prop_assert_eq!(seen.iter().map(|(mv, _, _)| *mv).collect::<Vec<_>>(), moves.clone());
            prop_assert_eq!(g.turn_count(), moves.len());
            for (mv, counts, landing) in &seen {
                let mut child = g.clone();
                child.play(*mv);
                prop_assert_eq!(&child.sector_cylinders(), counts, "{}", mv);
                prop_assert_eq!(g.replies_after(*mv), child.turn_count(), "{}", mv);
                let Move::Turn { triangle, .. } = *mv else {
                    unreachable!("only turns here");
                };
                prop_assert_eq!(g.answered_after(landing, triangle), g.opponent_can_move_after(*mv), "{}", mv);
                if g.opponent_can_move_after(*mv) {
                    let mut answered = g.clone();
                    answered.play_answered(*mv);
                    prop_assert_eq!(answered.position_hash(), child.position_hash(), "{}", mv);
                    prop_assert_eq!(answered.to_move(), child.to_move(), "{}", mv);
                    prop_assert!(!answered.must_pass(), "{}", mv);
                }
            }
            // Each turn belongs to the landing of its end point: placed there, taking as many
            // as the landing says, from its sources and no more than they hold.
            let mut landings = Vec::new();
            g.landings(|landing| {
                landings.push(*landing);
                true
            });
            for (mv, _, handed) in &seen {
                let Move::Turn { to, triangle, exchange } = *mv else {
                    unreachable!("only turns here");
                };
                let mut at = landings.iter().filter(|l| l.to == to);
                let landing = at.next().expect("a landing for every end point");
                prop_assert!(at.next().is_none(), "one landing per end point");
                prop_assert_eq!(landing, handed, "{}", mv);
                prop_assert!(landing.places & (1 << triangle.0) != 0, "{}", mv);
                prop_assert_eq!(exchange.len(), landing.take as usize, "{}", mv);
                for (t, held) in landing.sources() {
                    let taken = exchange.triangles().filter(|x| x == t).count();
                    prop_assert!(taken <= *held as usize, "{}", mv);
                }
                prop_assert!(exchange.triangles().all(|x| landing.sources().iter().any(|(t, _)| *t == x)), "{}", mv);
            }
            let has_turns = |l: &trigonal_triangoli::Landing| {
                seen.iter().any(|(mv, _, _)| matches!(mv, Move::Turn { to, .. } if *to == l.to))
            };
            prop_assert!(landings.iter().all(has_turns), "a landing without turns");
        }
    }

    #[test]
    fn cylinders_on_the_board_plus_reserve_stay_18(seed in any::<u64>()) {
        let (positions, _) = random_game(seed);
        for g in &positions {
            for seat in [Seat(0), Seat(1)] {
                let on_board: u32 = Triangle::all().map(|t| g.cylinders(t, seat) as u32).sum();
                prop_assert_eq!(on_board + g.reserve(seat) as u32, CYLINDERS as u32);
            }
        }
    }

    #[test]
    fn a_game_ends_within_24_placements_plus_passes(seed in any::<u64>()) {
        let (positions, played) = random_game(seed);
        let placements = played.iter().filter(|m| matches!(m, Move::Turn { .. })).count();
        let passes = played.iter().filter(|m| matches!(m, Move::Pass)).count();
        prop_assert!(placements <= 24);
        prop_assert_eq!(played.len(), 2 + placements + passes);
        // A pass is played only when the opponent can move next: never two in a row.
        prop_assert!(played.windows(2).all(|w| !(w[0] == Move::Pass && w[1] == Move::Pass)));
        prop_assert!(positions.last().unwrap().outcome().is_some());
    }

    #[test]
    fn every_generated_move_formats_and_parses_back(seed in any::<u64>()) {
        let (positions, _) = random_game(seed);
        let mut moves = Vec::new();
        for g in &positions {
            g.legal_moves(&mut moves);
            for &mv in &moves {
                let text = mv.to_string();
                prop_assert_eq!(text.parse::<Move>(), Ok(mv));
                prop_assert_eq!(g.parse_legal(&text), Ok(mv));
            }
        }
    }

    #[test]
    fn replaying_a_record_reproduces_the_position_hash(seed in any::<u64>()) {
        let (positions, played) = random_game(seed);
        let record = Record::from_moves("triangoli", &Options::default(),
            played.iter().map(|m| m.to_string()).collect());
        let replayed: Triangoli = Record::parse(&record.to_text()).replay(&Options::default()).unwrap();
        let last = positions.last().unwrap();
        prop_assert_eq!(replayed.position_hash(), last.position_hash());
        prop_assert_eq!(&replayed, last);
        // Distinct positions along the game hash differently (no accidental collisions here).
        let mut hashes: Vec<u64> = positions.iter().map(Game::position_hash).collect();
        hashes.sort_unstable();
        hashes.dedup();
        prop_assert_eq!(hashes.len(), positions.len());
    }
}

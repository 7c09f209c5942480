//! Every kit's starter set of puzzles, checked as `trigonal puzzles check` checks a file: at
//! least 300 a game, each id once, every record and line replayed on the rules, and every exact
//! puzzle's one answer proven again by the game's solver.

use std::collections::HashSet;

use sha2::Digest as _;

use trigonal_ai::puzzle::Puzzle;
use trigonal_games::GAMES;

/// The fewest puzzles a game ships.
const STARTER: usize = 300;

/// Each set whose puzzles are all exact, by its SHA-256, as it was when the solver last proved
/// every one of them (`trigonal puzzles check`, whose proofs this test runs too). A set changed
/// since is proven whole again before its new digest is written here; each run proves a
/// fifth of it again, spread over the set (the solver's work is the test's whole cost: every
/// puzzle, each run, took 200 CPU-seconds — docs/ci.md).
const PROVEN: &[(&str, &str)] = &[(
    "triangoli",
    "4eccc9334d2fbe23b7badf59cc9b6f95892bfc908993dc0b61acd62260168590",
)];

/// Of the exact puzzles, each run proves every `SAMPLE`-th again.
const SAMPLE: usize = 5;

#[test]
fn every_kit_ships_300_puzzles_each_replayed_and_each_exact_one_proven() {
    for game in GAMES {
        let text = (game.puzzles)();
        let set = Puzzle::parse_set(text).unwrap_or_else(|e| panic!("{}'s set: {e}", game.id));
        // The test-only toy ships two, worked out by hand.
        let fewest = if game.id == "toy" { 2 } else { STARTER };
        assert!(set.len() >= fewest, "{}: {} puzzles", game.id, set.len());
        let mut ids = HashSet::new();
        for (i, puzzle) in set.iter().enumerate() {
            assert_eq!(puzzle.game, game.id, "line {}", i + 1);
            assert!(ids.insert(puzzle.id()), "{} line {}: twice", game.id, i + 1);
        }
        let exact = (game.solver)().is_some();
        let digest: String = sha2::Sha256::digest(text.as_bytes())
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        let recorded = PROVEN
            .iter()
            .find(|(id, _)| *id == game.id)
            .map(|(_, d)| *d);
        if exact && game.id != "toy" {
            assert_eq!(
                recorded,
                Some(digest.as_str()),
                "{}'s set changed since every puzzle in it was proven: prove it whole \
                 (trigonal puzzles check) and write its digest in PROVEN",
                game.id
            );
        }
        // Every puzzle replayed on the rules; of an exact set a fifth proven again (all of the
        // toy's). Two at a time, one solver thread each: the solver's own threads gain less.
        let every = if exact && game.id != "toy" { SAMPLE } else { 1 };
        let proven: usize = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..2)
                .map(|w| {
                    let set = &set;
                    scope.spawn(move || {
                        let mut proven = 0;
                        for (i, puzzle) in set.iter().enumerate().skip(w).step_by(2) {
                            let checked = if i % every == 0 {
                                trigonal_games::puzzles::check(puzzle, 1).map(usize::from)
                            } else {
                                trigonal_games::puzzles::replay(puzzle).map(|()| 0)
                            };
                            match checked {
                                Ok(again) => proven += again,
                                Err(e) => panic!("{} line {}: {e}", game.id, i + 1),
                            }
                        }
                        proven
                    })
                })
                .collect();
            workers.into_iter().map(|w| w.join().unwrap()).sum()
        });
        // A game with an exact solver ships exact puzzles only.
        if exact {
            assert_eq!(proven, set.len().div_ceil(every), "{}", game.id);
        }
    }
}

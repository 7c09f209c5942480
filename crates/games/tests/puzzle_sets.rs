//! Every kit's starter set of puzzles, checked as `trigonal puzzles check` checks a file: at
//! least 300 a game, each id once, every record and line replayed on the rules, and every exact
//! puzzle's one answer proven again by the game's solver.

use std::collections::HashSet;

use trigonal_ai::puzzle::Puzzle;
use trigonal_games::GAMES;

/// The fewest puzzles a game ships.
const STARTER: usize = 300;

#[test]
fn every_kit_ships_300_puzzles_each_replayed_and_each_exact_one_proven() {
    for game in GAMES {
        let set = Puzzle::parse_set((game.puzzles)())
            .unwrap_or_else(|e| panic!("{}'s set: {e}", game.id));
        // The test-only toy ships two, worked out by hand.
        let fewest = if game.id == "toy" { 2 } else { STARTER };
        assert!(set.len() >= fewest, "{}: {} puzzles", game.id, set.len());
        let mut ids = HashSet::new();
        for (i, puzzle) in set.iter().enumerate() {
            assert_eq!(puzzle.game, game.id, "line {}", i + 1);
            assert!(ids.insert(puzzle.id()), "{} line {}: twice", game.id, i + 1);
        }
        // Two puzzles at a time, one solver thread each: the solver's own threads gain less.
        let proven: usize = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..2)
                .map(|w| {
                    let set = &set;
                    scope.spawn(move || {
                        let mut proven = 0;
                        for (i, puzzle) in set.iter().enumerate().skip(w).step_by(2) {
                            match trigonal_games::puzzles::check(puzzle, 1) {
                                Ok(again) => proven += usize::from(again),
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
        if (game.solver)().is_some() {
            assert_eq!(proven, set.len(), "{}", game.id);
        }
    }
}

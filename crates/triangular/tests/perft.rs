//! Perft from the start, against the counts `docs/games/triangular.md` gives.

use trigonal_core::{perft, Game, Options};
use trigonal_triangular::Triangular;

#[test]
fn perft_from_the_start() {
    let start = Triangular::new(&Options::default()).unwrap();
    let counts: Vec<u64> = (1..=6).map(|d| perft(&start, d)).collect();
    assert_eq!(counts, vec![3, 12, 60, 360, 2304, 16692]);
}

//! Perft from the start, against the counts `docs/games/triangoli.md` gives.

use trigonal_core::{perft, Options};
use trigonal_triangoli::Triangoli;

use trigonal_core::Game;

#[test]
fn perft_from_the_start() {
    let start = Triangoli::new(&Options::default()).unwrap();
    let counts: Vec<u64> = (1..=4).map(|d| perft(&start, d)).collect();
    assert_eq!(counts, vec![19, 342, 10836, 315684]);
}

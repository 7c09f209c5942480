//! Perft from the start, against the counts `docs/games/four-triangles.md` gives.

use trigonal_core::{perft, Game, Options};
use trigonal_four_triangles::FourTriangles;

fn start(players: usize, variant: &str) -> FourTriangles {
    FourTriangles::new(&Options {
        players: Some(players),
        variant: Some(variant.to_string()),
    })
    .unwrap()
}

fn counts(players: usize, variant: &str) -> Vec<u64> {
    let g = start(players, variant);
    (1..=3).map(|d| perft(&g, d)).collect()
}

#[test]
fn two_players_full() {
    assert_eq!(counts(2, "full"), [28, 4026, 490191]);
}

#[test]
fn two_players_simple() {
    assert_eq!(counts(2, "simple"), [28, 4026, 479070]);
}

#[test]
fn three_players_both_versions() {
    assert_eq!(counts(3, "full"), [28, 4026, 465156]);
    assert_eq!(counts(3, "simple"), [28, 4026, 465156]);
}

#[test]
fn four_players_both_versions() {
    assert_eq!(counts(4, "full"), [28, 4026, 465156]);
    assert_eq!(counts(4, "simple"), [28, 4026, 465156]);
}

/// Depth 4, from this implementation (no independent count to check them against): a guard
/// against regressions, not a ruling. Each player count and version.
#[test]
fn depth_four_regression() {
    let cases = [
        (2, "full", 50_859_918),
        (2, "simple", 46_467_126),
        (3, "full", 44_933_934),
        (3, "simple", 43_661_124),
        (4, "full", 42_039_072),
        (4, "simple", 42_039_072),
    ];
    for (players, variant, count) in cases {
        assert_eq!(
            perft(&start(players, variant), 4),
            count,
            "{players} players, {variant}"
        );
    }
}

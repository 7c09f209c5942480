//! Perft from the start, against the counts `rules/four-triangles.md` gives.

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

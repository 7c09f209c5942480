//! The toy's rules, worked out by hand: move counts, the winner, notation and its refusals.

use proptest::prelude::*;
use trigonal_core::Present;
use trigonal_core::{perft, Game, Options, Seat};
use trigonal_toy::{Take, Toy};

fn play(g: &mut Toy, text: &str) {
    let mv = g.parse_legal(text).unwrap();
    g.play(mv);
}

/// Ten points at the start, one move each. After taking k points, 10 − k moves remain: taking
/// from row a leaves 9 (1 way), from b 8 or 9, from c 7–9, from d 6–9: 9 + 17 + 24 + 30 = 80.
#[test]
fn perft_from_the_start() {
    let start = Toy::start();
    assert_eq!(perft(&start, 1), 10);
    assert_eq!(perft(&start, 2), 80);
}

#[test]
fn a_move_takes_its_point_and_those_right_of_it_and_the_last_point_wins() {
    let mut g = Toy::start();
    play(&mut g, "c2");
    assert_eq!(g.rows, [1, 2, 1, 4]);
    assert_eq!(g.to_move(), Some(Seat(1)));
    play(&mut g, "d1");
    play(&mut g, "b1");
    assert_eq!(g.rows, [1, 0, 1, 0]);
    play(&mut g, "a1");
    assert!(g.outcome().is_none());
    // Seat 0 takes the last point and wins.
    play(&mut g, "c1");
    assert_eq!(g.to_move(), None);
    assert!(g.outcome().unwrap().winners.contains(Seat(0)));
    assert_eq!(g.outcome().unwrap().winners.len(), 1);
    assert!(g.parse_legal("a1").is_err());
}

#[test]
fn notation_is_refused_with_a_reason_and_taken_points_are_illegal() {
    for (text, reason) in [
        ("e1", "the rows are a, b, c and d"),
        ("a2", "row a has points 1 to 1"),
        ("d5", "row d has points 1 to 4"),
        ("d0", "row d has points 1 to 4"),
        ("c", "a move is a row a–d and a point, as in c2"),
        ("c22", "a move is a row a–d and a point, as in c2"),
    ] {
        let err = text.parse::<Take>().unwrap_err();
        assert_eq!(err.reason, reason, "{text}");
    }
    let mut g = Toy::start();
    play(&mut g, "d2");
    let err = g.parse_legal("d3").unwrap_err().to_string();
    assert!(err.contains("row d has 1 point(s) left"), "{err}");
    assert!(Toy::new(&Options {
        players: Some(3),
        variant: None
    })
    .is_err());
}

/// The scene: a clickable point per point left, named as the move that takes it; the points
/// the last move took marked `last`; the tray never clickable.
#[test]
fn the_scene_offers_the_points_left_and_marks_the_last_move() {
    let mut g = Toy::start();
    play(&mut g, "c2");
    let scene = g.scene();
    let ids: Vec<&str> = scene.items.iter().filter_map(|i| i.id.as_deref()).collect();
    assert_eq!(ids, ["a1", "b1", "b2", "c1", "d1", "d2", "d3", "d4"]);
    let last = scene
        .items
        .iter()
        .filter(|i| i.class.split(' ').any(|w| w == "last"));
    assert_eq!(last.count(), 2, "c2 and c3");
    assert!(scene
        .items
        .iter()
        .any(|i| i.class == "tray" && i.id.is_none()));
    assert_eq!(g.diagram(), "   a o\n  b o o\n c o . .\nd o o o o\n");
}

proptest! {
    /// Every move prints as text that reads back to it, and every game ends within ten moves
    /// with one winner: the seat that moved last.
    #[test]
    fn moves_read_back_and_the_last_mover_wins(choices in proptest::collection::vec(0usize..10, 10)) {
        let mut g = Toy::start();
        let mut moves = Vec::new();
        let mut last = None;
        for c in choices {
            g.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves[c % moves.len()];
            prop_assert_eq!(mv.to_string().parse::<Take>().unwrap(), mv);
            last = g.to_move();
            g.play(mv);
        }
        prop_assert!(g.to_move().is_none());
        prop_assert_eq!(g.outcome().unwrap().winners.iter().collect::<Vec<_>>(), vec![last.unwrap()]);
    }
}

//! Arenas: points by places (2 a player below, 1 a player level), streaks that double them, and
//! seating the free players by rank without putting last game's opponents together again.

use proptest::prelude::*;
use trigonal_tournament::arena::{score, seat, Finish, Free};
use trigonal_tournament::Entrant;

fn finish(place: u8, places: &[u8]) -> Finish {
    Finish {
        place,
        places: places.to_vec(),
    }
}

#[test]
fn places_give_two_for_each_player_below_and_one_for_each_level() {
    assert_eq!(finish(1, &[1, 2]).points(), 2);
    assert_eq!(finish(1, &[1, 1]).points(), 1);
    assert_eq!(finish(2, &[1, 2]).points(), 0);
    let four = [1, 2, 3, 4];
    let got: Vec<u32> = four.iter().map(|&p| finish(p, &four).points()).collect();
    assert_eq!(got, [6, 4, 2, 0]);
    assert_eq!(finish(1, &[1, 1, 3, 4]).points(), 5);
    assert_eq!(finish(3, &[1, 2, 3]).points(), 0);
}

/// Win, win, win, loss, win: 2 + 2, then on a streak 4, then 0 (the streak ends), then 2 = 10.
#[test]
fn two_wins_in_a_row_double_the_points_until_a_game_not_won() {
    let win = finish(1, &[1, 2]);
    let loss = finish(2, &[1, 2]);
    let draw = finish(1, &[1, 1]);
    assert_eq!(
        score(&[
            win.clone(),
            win.clone(),
            win.clone(),
            loss.clone(),
            win.clone()
        ]),
        (10, false)
    );
    assert_eq!(score(&[win.clone(), win.clone()]), (4, true));
    // A draw is no win: 2 + 2 + (1 × 2) = 6, and the streak is over.
    assert_eq!(score(&[win.clone(), win.clone(), draw]), (6, false));
}

fn free(id: &str, points: u32, last: &[&str]) -> Free {
    Free {
        entrant: Entrant::new(id, 1500),
        points,
        last: last.iter().map(|s| s.to_string()).collect(),
    }
}

/// Ranked A 8, B 6, C 4, D 2, E 0: A and B just played, so A sits with C, then B with D; E waits.
#[test]
fn the_free_are_seated_by_rank_without_their_last_opponents() {
    let tables = seat(
        &[
            free("E", 0, &[]),
            free("C", 4, &[]),
            free("A", 8, &["B"]),
            free("D", 2, &[]),
            free("B", 6, &["A"]),
        ],
        2,
    );
    assert_eq!(tables, [vec!["A", "C"], vec!["B", "D"]]);
    // When nobody else is free, they meet again.
    assert_eq!(
        seat(&[free("A", 8, &["B"]), free("B", 6, &["A"])], 2),
        [vec!["A", "B"]]
    );
}

proptest! {
    #[test]
    fn tables_are_full_distinct_and_only_fewer_than_a_table_wait(points in proptest::collection::vec(0u32..20, 0..17), size in 2usize..=4) {
        let free: Vec<Free> = points.iter().enumerate().map(|(i, &p)| Free {
            entrant: Entrant::new(format!("p{i}"), 1500 + i as i32),
            points: p,
            last: if i > 0 { vec![format!("p{}", i - 1)] } else { Vec::new() },
        }).collect();
        let tables = seat(&free, size);
        let mut seated: Vec<&String> = tables.iter().flatten().collect();
        prop_assert!(tables.iter().all(|t| t.len() == size));
        prop_assert_eq!(seated.len(), free.len() / size * size);
        seated.sort();
        seated.dedup();
        prop_assert_eq!(seated.len(), free.len() / size * size);
    }
}

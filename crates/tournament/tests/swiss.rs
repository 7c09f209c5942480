//! Swiss rounds: a hand-worked tournament of four (pairings, seats, standings and tie-breaks), byes
//! for an odd number, and over random tournaments of 2 to 14 players the promises every round
//! keeps.

use std::collections::{HashMap, HashSet};

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use trigonal_tournament::swiss::{pair, standings, Pairing, Played, Result, Round};
use trigonal_tournament::Entrant;

fn game(first: &str, second: &str) -> Pairing {
    Pairing {
        first: first.into(),
        second: second.into(),
    }
}

fn four() -> Vec<Entrant> {
    vec![
        Entrant::new("A", 2000),
        Entrant::new("B", 1900),
        Entrant::new("C", 1800),
        Entrant::new("D", 1700),
    ]
}

/// Round 1, all level: the top half against the bottom half, A–C and B–D, the higher first.
/// A beats C, D beats B. Round 2: A and D (a win each) meet, as do B and C; each first seat goes
/// to whoever had the second seat. D beats A, C beats B. D has two wins; A and C one, A above C
/// on Buchholz (A's opponents C and D won 3 games, C's opponents A and B 1); B none.
#[test]
fn four_players_two_rounds_worked_by_hand() {
    let players = four();
    let one = pair(&players, &[]);
    assert_eq!(
        one,
        Round {
            pairings: vec![game("A", "C"), game("B", "D")],
            bye: None
        }
    );
    let played = vec![Played {
        games: vec![
            (game("A", "C"), Result::First),
            (game("B", "D"), Result::Second),
        ],
        bye: None,
    }];
    let two = pair(&players, &played);
    assert_eq!(
        two,
        Round {
            pairings: vec![game("D", "A"), game("C", "B")],
            bye: None
        }
    );
    let mut played = played;
    played.push(Played {
        games: vec![
            (game("D", "A"), Result::First),
            (game("C", "B"), Result::First),
        ],
        bye: None,
    });
    let table: Vec<(String, u32, u32, u32)> = standings(&players, &played)
        .into_iter()
        .map(|s| (s.id, s.points, s.buchholz, s.sonneborn_berger))
        .collect();
    // Points and Buchholz in halves, Sonneborn–Berger in quarters (an opponent's halves times
    // the halves of the game taken): D beat B (0) and A (2 halves × 2 = 4); A beat C (2 × 2 = 4);
    // C beat B (0). A and C are level on points; A's opponents scored more.
    assert_eq!(
        table,
        [
            ("D".to_string(), 4, 2, 4),
            ("A".to_string(), 2, 6, 4),
            ("C".to_string(), 2, 2, 0),
            ("B".to_string(), 0, 6, 0),
        ]
    );
}

/// Five players: the lowest-placed has the bye (a win); next round the bye goes to the lowest who
/// has not had one.
#[test]
fn an_odd_number_gives_the_lowest_without_one_a_bye() {
    let mut players = four();
    players.push(Entrant::new("E", 1600));
    let one = pair(&players, &[]);
    assert_eq!(one.bye.as_deref(), Some("E"));
    let played = vec![Played {
        games: one
            .pairings
            .iter()
            .map(|p| (p.clone(), Result::Second))
            .collect(),
        bye: one.bye.clone(),
    }];
    let two = pair(&players, &played);
    // E now has 2 points (the bye) and is not the lowest; the lowest without a bye is.
    let bye = two.bye.expect("a bye");
    assert_ne!(bye, "E");
    let lowest = standings(&players, &played)
        .into_iter()
        .rev()
        .find(|s| s.id != "E")
        .unwrap();
    assert_eq!(bye, lowest.id);
}

/// Plays `rounds` random rounds of `n` players; checks every round as it is paired.
fn tournament(n: usize, rounds: usize, seed: u64) {
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let players: Vec<Entrant> = (0..n)
        .map(|i| Entrant::new(format!("p{i}"), rng.gen_range(1000..2000)))
        .collect();
    let mut history: Vec<Played> = Vec::new();
    let mut met: HashSet<(String, String)> = HashSet::new();
    let mut byes: HashSet<String> = HashSet::new();
    let mut balance: HashMap<String, i32> = HashMap::new();
    for r in 0..rounds {
        let round = pair(&players, &history);
        // Everyone once: at a game or with the bye.
        let mut seen: Vec<&String> = round
            .pairings
            .iter()
            .flat_map(|p| [&p.first, &p.second])
            .collect();
        seen.extend(round.bye.iter());
        seen.sort();
        let mut all: Vec<&String> = players.iter().map(|p| &p.id).collect();
        all.sort();
        assert_eq!(seen, all, "round {r}");
        assert_eq!(round.bye.is_some(), n % 2 == 1);
        if let Some(bye) = &round.bye {
            assert!(
                byes.len() == n || byes.insert(bye.clone()),
                "{bye} had a bye, round {r}"
            );
        }
        for p in &round.pairings {
            // No rematch while a pairing without one must exist (each has met fewer than half).
            if 2 * (r + 1) <= n {
                let key = if p.first < p.second {
                    (p.first.clone(), p.second.clone())
                } else {
                    (p.second.clone(), p.first.clone())
                };
                assert!(met.insert(key), "{p:?} met before, round {r} of {n}");
            }
            *balance.entry(p.first.clone()).or_default() += 1;
            *balance.entry(p.second.clone()).or_default() -= 1;
        }
        // Seats balanced within two while the field is fresh; late in a small field (where
        // avoiding a rematch leaves no other choice) within three.
        let most = if 2 * (r + 1) <= n { 2 } else { 3 };
        for (id, b) in &balance {
            assert!(
                b.abs() <= most,
                "{id}: first seats less second seats {b}, round {r} of {n}"
            );
        }
        history.push(Played {
            games: round
                .pairings
                .into_iter()
                .map(|p| {
                    let result = [Result::First, Result::Draw, Result::Second][rng.gen_range(0..3)];
                    (p, result)
                })
                .collect(),
            bye: round.bye,
        });
    }
    // The standings list everyone once, ordered by points then the tie-breaks.
    let table = standings(&players, &history);
    assert_eq!(table.len(), n);
    for w in table.windows(2) {
        assert!(
            (
                w[0].points,
                w[0].buchholz,
                w[0].sonneborn_berger,
                w[0].rating
            ) >= (
                w[1].points,
                w[1].buchholz,
                w[1].sonneborn_berger,
                w[1].rating
            )
        );
    }
    let total: u32 = table.iter().map(|s| s.points).sum();
    assert_eq!(
        total as usize,
        2 * rounds * n.div_ceil(2),
        "a game gives 2 halves, a bye 2"
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]
    #[test]
    fn every_round_seats_everyone_once_without_rematches_and_seats_balanced(n in 2usize..=14, seed in any::<u64>()) {
        tournament(n, n.min(7), seed);
    }
}

//! Swiss rounds for two-player games. Each round pairs players of equal score where it can — in
//! a group of equal score, the top half against the bottom half (the Dutch way: first against
//! the one just past the middle) — never two who met before while a pairing without a rematch
//! exists, the first seat to the one who had it less often (and never two who have each had the
//! same seat twice more than the other, while that can be avoided). An odd number gives a bye (a win,
//! without a game) to the lowest-placed player who has not had one.
//!
//! Points are counted in halves: a win 2, a draw 1, a loss 0, a bye 2. Standings order players
//! by points, then Buchholz (the sum of their opponents' points; a bye adds none), then
//! Sonneborn–Berger (the sum, over their games, of the opponent's points times the share of the
//! game they took: all of it for a win, half for a draw), then rating.

use std::collections::{HashMap, HashSet};

use crate::Entrant;

/// How a game ended, for its first seat.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Result {
    /// The first seat won.
    First,
    /// A draw.
    Draw,
    /// The second seat won.
    Second,
}

/// One game of a round: `first` has the first seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pairing {
    /// The first seat's player.
    pub first: String,
    /// The second seat's player.
    pub second: String,
}

/// A round as paired: its games and who has the bye.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Round {
    /// The games, the highest-placed pairing first.
    pub pairings: Vec<Pairing>,
    /// The player without a game this round (a win), when the number is odd.
    pub bye: Option<String>,
}

/// A round once played: each game with its result.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Played {
    /// The games and how they ended.
    pub games: Vec<(Pairing, Result)>,
    /// The player who had the bye.
    pub bye: Option<String>,
}

/// A player's line in the standings. Points and tie-breaks are in halves of a point (Sonneborn–
/// Berger in quarters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    /// The player.
    pub id: String,
    /// Points, in halves.
    pub points: u32,
    /// Buchholz, in halves.
    pub buchholz: u32,
    /// Sonneborn–Berger, in quarters.
    pub sonneborn_berger: u32,
    /// Their rating.
    pub rating: i32,
}

/// What the rounds so far say of each player.
#[derive(Default)]
struct Record {
    points: u32,
    met: HashSet<String>,
    /// First seats less second seats.
    balance: i32,
    /// Whether their last game was in the first seat.
    last_first: Option<bool>,
    had_bye: bool,
}

fn records(history: &[Played]) -> HashMap<&str, Record> {
    let mut records: HashMap<&str, Record> = HashMap::new();
    for round in history {
        for (p, result) in &round.games {
            let (a, b) = match result {
                Result::First => (2, 0),
                Result::Draw => (1, 1),
                Result::Second => (0, 2),
            };
            for (me, other, points, first) in [
                (&p.first, &p.second, a, true),
                (&p.second, &p.first, b, false),
            ] {
                let r = records.entry(me).or_default();
                r.points += points;
                r.met.insert(other.clone());
                r.balance += if first { 1 } else { -1 };
                r.last_first = Some(first);
            }
        }
        if let Some(bye) = &round.bye {
            let r = records.entry(bye).or_default();
            r.points += 2;
            r.had_bye = true;
        }
    }
    records
}

/// The standings after `history`, of `entrants`: best first.
pub fn standings(entrants: &[Entrant], history: &[Played]) -> Vec<Standing> {
    let records = records(history);
    let points = |id: &str| records.get(id).map_or(0, |r| r.points);
    let mut lines: Vec<Standing> = entrants
        .iter()
        .map(|e| {
            let mut buchholz = 0;
            let mut sb = 0;
            for round in history {
                for (p, result) in &round.games {
                    let (other, share) = if p.first == e.id {
                        (
                            &p.second,
                            match result {
                                Result::First => 2,
                                Result::Draw => 1,
                                Result::Second => 0,
                            },
                        )
                    } else if p.second == e.id {
                        (
                            &p.first,
                            match result {
                                Result::First => 0,
                                Result::Draw => 1,
                                Result::Second => 2,
                            },
                        )
                    } else {
                        continue;
                    };
                    buchholz += points(other);
                    sb += points(other) * share;
                }
            }
            Standing {
                id: e.id.clone(),
                points: points(&e.id),
                buchholz,
                sonneborn_berger: sb,
                rating: e.rating,
            }
        })
        .collect();
    lines.sort_by(|a, b| {
        (b.points, b.buchholz, b.sonneborn_berger, b.rating)
            .cmp(&(a.points, a.buchholz, a.sonneborn_berger, a.rating))
            .then_with(|| a.id.cmp(&b.id))
    });
    lines
}

/// How many pairings the search tries before it settles for rematches.
const SEARCH: usize = 200_000;

/// Pairs the next round of `entrants` (those who withdrew left out) after `history`.
pub fn pair(entrants: &[Entrant], history: &[Played]) -> Round {
    let records = records(history);
    let empty = Record::default();
    let record = |id: &str| records.get(id).unwrap_or(&empty);
    // Placed as the standings would place them by points and rating.
    let mut order: Vec<&Entrant> = entrants.iter().collect();
    order.sort_by(|a, b| {
        (record(&b.id).points, b.rating)
            .cmp(&(record(&a.id).points, a.rating))
            .then_with(|| a.id.cmp(&b.id))
    });
    let mut bye = None;
    if order.len() % 2 == 1 {
        let at = order
            .iter()
            .rposition(|e| !record(&e.id).had_bye)
            .unwrap_or(order.len() - 1);
        bye = Some(order.remove(at).id.clone());
    }
    let ids: Vec<&str> = order.iter().map(|e| e.id.as_str()).collect();
    let points: Vec<u32> = ids.iter().map(|id| record(id).points).collect();
    let met = |a: usize, b: usize| record(ids[a]).met.contains(ids[b]);
    // Two who have each had the same seat twice more than the other cannot both be given the
    // other one.
    let clash = |a: usize, b: usize| {
        let (x, y) = (record(ids[a]).balance, record(ids[b]).balance);
        x * y > 0 && x.abs() >= 2 && y.abs() >= 2
    };
    let fresh = vec![false; ids.len()];
    let pairs = search(
        &points,
        &|a, b| met(a, b) || clash(a, b),
        &ids,
        &records,
        &mut fresh.clone(),
        &mut 0,
        true,
    )
    .or_else(|| {
        search(
            &points,
            &met,
            &ids,
            &records,
            &mut fresh.clone(),
            &mut 0,
            true,
        )
    })
    // No pairing without a rematch (a small field late on): the least bad one.
    .or_else(|| {
        search(
            &points,
            &|_, _| false,
            &ids,
            &records,
            &mut fresh.clone(),
            &mut 0,
            false,
        )
    })
    .expect("an even number of players can always be paired");
    let round_number = history.len();
    let pairings = pairs
        .into_iter()
        .map(|(a, b)| {
            let (ra, rb) = (record(ids[a]), record(ids[b]));
            // The first seat to whoever had it less; then to whoever had the second seat last;
            // then alternately to the higher- and the lower-placed.
            let a_first = match ra.balance.cmp(&rb.balance) {
                std::cmp::Ordering::Less => true,
                std::cmp::Ordering::Greater => false,
                std::cmp::Ordering::Equal => match (ra.last_first, rb.last_first) {
                    (Some(false), Some(true)) => true,
                    (Some(true), Some(false)) => false,
                    _ => round_number.is_multiple_of(2),
                },
            };
            let (first, second) = if a_first { (a, b) } else { (b, a) };
            Pairing {
                first: ids[first].to_string(),
                second: ids[second].to_string(),
            }
        })
        .collect();
    Round { pairings, bye }
}

/// A perfect matching of the players not yet `taken`, each pair `(higher, lower)`: the first
/// free player with the partner the Swiss way prefers that leaves the rest pairable, trying the
/// others in order of preference when it does not. `None` when there is none (within the
/// search's budget, when `budgeted`).
#[allow(clippy::too_many_arguments)]
fn search(
    points: &[u32],
    met: &dyn Fn(usize, usize) -> bool,
    ids: &[&str],
    records: &HashMap<&str, Record>,
    taken: &mut Vec<bool>,
    tries: &mut usize,
    budgeted: bool,
) -> Option<Vec<(usize, usize)>> {
    let Some(p) = taken.iter().position(|t| !t) else {
        return Some(Vec::new());
    };
    taken[p] = true;
    // The free players of p's score, p first: p's ideal partner is the one just past the middle.
    let group: Vec<usize> = (p..points.len())
        .filter(|&q| !taken[q] || q == p)
        .filter(|&q| points[q] == points[p])
        .collect();
    let ideal = group.len() / 2;
    let balance = |i: usize| records.get(ids[i]).map_or(0, |r| r.balance);
    let mut candidates: Vec<usize> = (0..points.len())
        .filter(|&q| !taken[q] && !met(p, q))
        .collect();
    candidates.sort_by_key(|&q| {
        let in_group = group.iter().position(|&g| g == q);
        (
            points[p].abs_diff(points[q]),
            // Both owed the same seat: a pairing one of them will not like.
            (balance(p).signum() == balance(q).signum() && balance(p) != 0) as u8,
            in_group.map_or(usize::MAX, |i| i.abs_diff(ideal)),
            q,
        )
    });
    for q in candidates {
        *tries += 1;
        if budgeted && *tries > SEARCH {
            break;
        }
        taken[q] = true;
        if let Some(mut rest) = search(points, met, ids, records, taken, tries, budgeted) {
            rest.insert(0, (p, q));
            taken[p] = false;
            taken[q] = false;
            return Some(rest);
        }
        taken[q] = false;
    }
    taken[p] = false;
    None
}

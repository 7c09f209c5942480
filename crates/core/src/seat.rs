//! Seats, sets of seats and the outcome of a game.

use std::fmt;

/// A player's seat, 0-based in turn order (seat 0 is "P1", who moves first).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat as an array index.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The seat after this one among `players` seats, wrapping around.
    #[inline]
    pub fn next(self, players: usize) -> Seat {
        Seat(((self.0 as usize + 1) % players) as u8)
    }
}

impl fmt::Display for Seat {
    /// Players are named P1, P2, … in the rules texts.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "P{}", self.0 + 1)
    }
}

/// A set of up to eight seats, as a bit mask.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Seats(pub u8);

impl Seats {
    /// No seat at all.
    pub const EMPTY: Seats = Seats(0);

    /// The set holding just `seat`.
    #[inline]
    pub fn only(seat: Seat) -> Seats {
        Seats(1 << seat.0)
    }

    /// Whether `seat` is in the set.
    #[inline]
    pub fn contains(self, seat: Seat) -> bool {
        self.0 & (1 << seat.0) != 0
    }

    /// The set with `seat` added.
    #[inline]
    pub fn with(self, seat: Seat) -> Seats {
        Seats(self.0 | (1 << seat.0))
    }

    /// How many seats the set holds.
    #[inline]
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The seats in ascending order.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        (0..8u8).filter(move |&i| self.0 & (1 << i) != 0).map(Seat)
    }
}

/// How a finished game ended: who won. An empty set of winners is a draw; several winners share
/// the win.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The seats that won.
    pub winners: Seats,
}

impl Outcome {
    /// A draw: nobody wins.
    pub const DRAW: Outcome = Outcome {
        winners: Seats::EMPTY,
    };

    /// A win for one seat alone.
    pub fn win(seat: Seat) -> Outcome {
        Outcome {
            winners: Seats::only(seat),
        }
    }

    /// The share of the win a seat gets: 1 for a sole winner, 1/k for one of k sharing winners,
    /// and for a draw 1/players each. Losers get 0. The shares sum to 1.
    pub fn share(self, seat: Seat, players: usize) -> f64 {
        if self.winners.is_empty() {
            1.0 / players as f64
        } else if self.winners.contains(seat) {
            1.0 / self.winners.len() as f64
        } else {
            0.0
        }
    }

    /// The outcome when the seats in `out` cannot win (they left the game — resigned, or ran
    /// out of time — and the computer played them on): the winners not out; when every winner
    /// is out, the seats not out with the best of `scores` (`players` of them), or nobody when
    /// the game keeps no scores. A draw stays a draw.
    pub fn without(self, out: Seats, scores: Option<&[i32]>, players: usize) -> Outcome {
        if !self.winners.iter().any(|s| out.contains(s)) {
            return self;
        }
        let mut winners = Seats::EMPTY;
        for s in self.winners.iter().filter(|&s| !out.contains(s)) {
            winners = winners.with(s);
        }
        if winners.is_empty() {
            if let Some(scores) = scores {
                let standing = (0..players as u8).map(Seat).filter(|&s| !out.contains(s));
                let best = standing.clone().map(|s| scores[s.index()]).max();
                for s in standing.filter(|s| Some(scores[s.index()]) == best) {
                    winners = winners.with(s);
                }
            }
        }
        Outcome { winners }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_sum_to_one() {
        let shared = Outcome {
            winners: Seats::only(Seat(0)).with(Seat(2)),
        };
        assert_eq!(shared.share(Seat(0), 3), 0.5);
        assert_eq!(shared.share(Seat(1), 3), 0.0);
        assert_eq!(Outcome::DRAW.share(Seat(1), 4), 0.25);
        assert_eq!(Outcome::win(Seat(1)).share(Seat(1), 2), 1.0);
        assert_eq!(
            shared.winners.iter().collect::<Vec<_>>(),
            vec![Seat(0), Seat(2)]
        );
        assert_eq!(Seat(3).next(4), Seat(0));
        assert_eq!(Seat(1).to_string(), "P2");
    }

    #[test]
    fn seats_out_of_the_game_never_win() {
        let out = Seats::only(Seat(1));
        let scores = [3, 9, 5, 5];
        // Nobody out among the winners: unchanged.
        assert_eq!(
            Outcome::win(Seat(0)).without(out, Some(&scores), 4),
            Outcome::win(Seat(0))
        );
        // A shared win loses its out seat.
        let shared = Outcome {
            winners: Seats::only(Seat(1)).with(Seat(3)),
        };
        assert_eq!(shared.without(out, Some(&scores), 4), Outcome::win(Seat(3)));
        // The only winner out: the best scores of the others (here shared).
        assert_eq!(
            Outcome::win(Seat(1)).without(out, Some(&scores), 4).winners,
            Seats::only(Seat(2)).with(Seat(3))
        );
        assert_eq!(Outcome::win(Seat(1)).without(out, None, 4), Outcome::DRAW);
        assert_eq!(Outcome::DRAW.without(out, Some(&scores), 4), Outcome::DRAW);
    }
}

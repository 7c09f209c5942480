//! Triangoli's lessons, in the order a newcomer learns the game: the board and the set-up (the
//! pawns on intersections, the triangles next to one), moving the pawn (1–3 steps in a straight
//! line, never through or onto the other pawn), placing as many cylinders as steps in one empty
//! triangle (no further than the reserve allows), exchanging the opponent's cylinders next to the
//! pawn (one a step, several from one triangle or from several, no more than lie there or the
//! reserve has left), majorities in the six sectors (the exchange chosen, a sector turned round,
//! two sectors in one turn), the forced pass (an opponent with an empty reserve, or walled in),
//! the end when neither player can move (even with triangles empty and cylinders in reserve),
//! and the scoring: majorities kept, ties removing both, most cylinders kept winning, then most
//! sectors won.
//!
//! Every position is reached by playing moves from the start; the later ones are prefixes of
//! seeded random games, found where the situation a step needs first arose.

use trigonal_core::{Game, Lesson, Seat, Step};

use crate::{Move, Point, Triangle, Triangoli};

/// The position after `record` (moves separated by spaces) from the start.
fn after(record: &str) -> Triangoli {
    let mut g = Triangoli::start();
    for text in record.split_whitespace() {
        let mv = g.parse_legal(text).expect("a lesson's setup is legal");
        g.play(mv);
    }
    g
}

/// The learner's seat: the one to move in the step's position.
fn mover(start: &Triangoli) -> Seat {
    start.to_move().expect("a step's position is not over")
}

/// The other seat.
fn opponent(start: &Triangoli) -> Seat {
    Seat(1 - mover(start).0)
}

fn point(name: &str) -> Point {
    Point::parse(name).expect("an intersection")
}

fn triangle(number: u8) -> Triangle {
    Triangle::from_number(number).expect("a triangle")
}

/// The goal "the learner's pawn stands on `name`".
fn pawn_on(name: &'static str) -> impl Fn(&Triangoli, &Triangoli) -> bool {
    move |start, now| now.pawn(mover(start)) == Some(point(name))
}

/// Whether `seat` has more cylinders than the other in sector `n` (1–6, as the rules number
/// them).
fn majority(g: &Triangoli, seat: Seat, n: usize) -> bool {
    let c = g.sector_cylinders()[n - 1];
    c[seat.index()] > c[1 - seat.index()]
}

/// How many of the opponent's cylinders the learner's turn exchanged: each went back to the
/// opponent's reserve.
fn exchanged(start: &Triangoli, now: &Triangoli) -> u8 {
    now.reserve(opponent(start)) - start.reserve(opponent(start))
}

/// Whether the opponent must pass next: it has no move, the learner has.
fn must_pass(start: &Triangoli, now: &Triangoli) -> bool {
    now.must_pass() && now.to_move() == Some(opponent(start))
}

/// Whether the game is over and the learner won it.
fn won(start: &Triangoli, now: &Triangoli) -> bool {
    now.outcome()
        .is_some_and(|o| o.winners.contains(mover(start)))
}

pub fn lessons() -> Vec<Lesson<Triangoli>> {
    vec![
        Lesson {
            id: "setup",
            steps: vec![
                // The centre, where the six sectors meet.
                Step::new(Triangoli::start(), &["c3"], pawn_on("c3")),
                // Triangle 12's corners are d3, e3 and d2; c3 is taken.
                Step::new(after("c3"), &["e3"], |start, now| {
                    now.pawn(mover(start))
                        .is_some_and(|p| triangle(12).corners().contains(&p))
                }),
            ],
        },
        Lesson {
            id: "moving",
            steps: vec![
                // a1 → b2 → c3 → c4 along the slant: the one three-step line to c4.
                Step::new(after("a1 a5"), &["c4/17"], pawn_on("c4")),
                // The opponent's pawn on a3 reaches d3 along row 3 unless a pawn stands on b3,
                // c3 or d3; from c5 only c3 (two steps down the slant) is in reach.
                Step::new(after("c5 a3"), &["c3/10"], |start, now| {
                    let mut moves = Vec::new();
                    now.legal_moves(&mut moves);
                    now.to_move() == Some(opponent(start))
                        && !moves
                            .iter()
                            .any(|m| matches!(m, Move::Turn { to, .. } if *to == point("d3")))
                }),
            ],
        },
        Lesson {
            id: "placing",
            steps: vec![
                // Three steps along row 3 to b3, a corner of triangle 14.
                Step::new(after("e3 a1"), &["b3/14"], |start, now| {
                    now.cylinders(triangle(14), mover(start)) == 3
                }),
                // Two cylinders left: from d2 the lines to a2 and b5 are three steps, out of
                // reach; two steps (to b2 or c4) empty the reserve.
                Step::new(
                    after(
                        "a3 b2 a4/13 c3/16 b4/22/16 a3/6/13 c2/9 c3/17/9,16 c1/5 c5/23 a1/1 \
                         b2/3/1,1,9 a2/7/1 d2/11/5 b3/8/6",
                    ),
                    &["c4/18"],
                    |start, now| now.reserve(mover(start)) == 0,
                ),
            ],
        },
        Lesson {
            id: "exchange",
            steps: vec![
                // Two steps from c3 to a1 take both cylinders of triangle 2; b2, one step,
                // would take one.
                Step::new(after("b3 c3 b1/2"), &["a1/1/2,2"], |start, now| {
                    now.cylinders(triangle(2), opponent(start)) == 0
                }),
                // c3 touches triangles 8 and 9 (b2, their other shared corner, holds the
                // opponent's pawn); b3, three steps away, touches only 8 and takes one.
                Step::new(
                    after("a3 c5 b3/8 e3/19 b2/9"),
                    &["c3/17/8,9"],
                    |start, now| {
                        let o = opponent(start);
                        now.cylinders(triangle(8), o) == 0 && now.cylinders(triangle(9), o) == 0
                    },
                ),
                // Four in reserve: three steps to a4 leave one to exchange with, two steps to
                // b3 leave two for the two in triangle 14.
                Step::new(
                    after(
                        "b5 a4 a2/1 b1/2 b5/22 d3/12 b3/14 c2/3 d3/11/12,12 b4/20/14,14 \
                         b1/4/2,2 a5/21",
                    ),
                    &["b3/7/14,14"],
                    |start, now| exchanged(start, now) >= 2,
                ),
            ],
        },
        Lesson {
            id: "sectors",
            steps: vec![
                // Two cylinders in triangle 10 outnumber the one in 11; the line to c2 and
                // further is blocked by the opponent's pawn.
                Step::new(after("c3 a5 c2/11"), &["c3/10"], |start, now| {
                    majority(now, mover(start), 6)
                }),
                // From b3 the exchange may take from triangle 8 (sector 4) or 15 (sector 3).
                Step::new(after("b3 e3 b4/15 c3/8/15"), &["b3/6/8"], |start, now| {
                    majority(now, mover(start), 4)
                }),
                // Three steps to a4, three placed in sector 3 and all three in triangle 20
                // exchanged: 0–3 becomes 6–0.
                Step::new(after("c2 b1 a5/20"), &["a4/13/20,20,20"], |start, now| {
                    majority(now, mover(start), 3)
                }),
                // Two steps to c2: two placed in sector 6, two of triangle 4's three exchanged.
                Step::new(after("b4 a2 c1/4"), &["c2/10/4,4"], |start, now| {
                    majority(now, mover(start), 5) && majority(now, mover(start), 6)
                }),
            ],
        },
        Lesson {
            id: "passing",
            steps: vec![
                // The opponent's reserve is empty: a turn that exchanges nothing (b1, a5)
                // leaves it without a move.
                Step::new(
                    after(
                        "b1 b5 a1/2 d3/11 c4/18 a3/13 b4/21 a2/7 c1/5 d2/12/5,5,5 c3/17 \
                         c4/16/18,18 c2/9/5 b2/1/9",
                    ),
                    &["b1/3"],
                    must_pass,
                ),
                // The pawn on a3 escapes along row 3 or to a2 (next to the empty triangle 7):
                // standing on b3 and filling 7 shuts both.
                Step::new(
                    after("c5 b3 a5/21 a2/6 b4/20 c2/9 b3/14/6 a2/1/6 b2/2/9 a3/13"),
                    &["b3/7/13"],
                    must_pass,
                ),
            ],
        },
        Lesson {
            id: "the-end",
            steps: vec![
                // c2/4/5 spends the last two cylinders, stands in the way of the pawn on c1
                // and fills triangle 4, the last one it could reach: nobody can move, with
                // eleven triangles empty and twelve cylinders in the opponent's reserve.
                Step::new(
                    after(
                        "a4 d3 c4/16 d2/11 b2/2 b5/23 c5/24/23,23,23 d3/19 b2/1 c3/10/16 \
                         c2/3/11 e3/12 c3/8/10 c1/5",
                    ),
                    &["c2/4/5"],
                    |_, now| now.outcome().is_some(),
                ),
                // The opponent's reserve is empty and the learner leads 14–13: a3/6, the one
                // turn exchanging nothing, ends the game there.
                Step::new(
                    after(
                        "b3 a2 b1/2 b3/14 a1/1 b5/23 c4/18/23,23 b3/13 d4/19 d3/10/18,18 \
                         a4/20/13,13,14 c4/22/18 b4/21/22 d2/12 c1/4 d3/11/19 c2/3/11 \
                         b3/15/13,14 c1/5 b4/16/20 c3/8 b3/7/13 d3/17",
                    ),
                    &["a3/6"],
                    won,
                ),
            ],
        },
        Lesson {
            id: "scoring",
            steps: vec![
                // Triangle 20 is the last empty one. From b4 (one step) sector 3 ends 2–2 and
                // the game drawn; from a4 (two steps, exchanging in 13 and 14) it ends 1–4.
                Step::new(
                    after(
                        "b5 a2 b4/14 b3/7/14 a4/13/14 b5/23 b2/9/7 c4/17 a2/6 c3/10/9 b3/15 \
                         b2/1/9 c3/8/10 c2/5/10 b4/22 b2/2/8 c3/16/9 d2/12 c2/4/5 \
                         c4/24/16,22 d3/11/10 b5/21 d4/19/24 c4/18/24 b1/3/2",
                    ),
                    &["a4/20/13,14"],
                    won,
                ),
                // Every turn ends the game. Sector 2 stands 0–3: placing there and exchanging
                // in 21 makes it 2–2, which removes the opponent's three (11–10).
                Step::new(
                    after(
                        "a5 c4 c3/10 d2/12 b2/8 c4/18 a4/13 d2/11 b4/14 b5/21 d4/24/18,18 \
                         b3/7/13,13 b1/4 d3/17/10,18 b3/6/7,13 b1/3/4,4 d3/19/12,18 b2/2/8 \
                         c3/9/10 d2/5",
                    ),
                    &["b4/16/21"],
                    won,
                ),
                // The last cylinder ends the game. In triangle 2 it breaks sector 5's 3–3 tie:
                // 10 kept each, three sectors won to two. Elsewhere the tie stands, 7–10.
                Step::new(
                    after(
                        "a5 c1 a4/20 b4/22/20 b2/3 c2/4/3,3 c5/24 a2/6 c3/9 b5/21 c2/10/4 \
                         d2/11 b4/16/22,22 c4/18/16,16 c2/5/3,11 d3/19/11 b4/14/20,21 \
                         c4/23/24 a2/1/6 c3/15/9",
                    ),
                    &["b2/2"],
                    won,
                ),
            ],
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lessons_hold() {
        trigonal_core::lesson::check(&lessons(), 8);
    }

    /// Step `n` of lesson `id`: its position, and the position its "show me" leads to.
    fn step(id: &str, n: usize) -> (Triangoli, Triangoli) {
        let lessons = lessons();
        let step = &lessons.iter().find(|l| l.id == id).expect("a lesson").steps[n];
        let mut now = step.position.clone();
        for text in &step.show {
            let mv = now.parse_legal(text).expect("a legal show");
            now.play(mv);
        }
        (step.position.clone(), now)
    }

    /// What the words of the steps say of their positions.
    #[test]
    fn the_steps_are_what_their_words_say() {
        // Two cylinders left: the three-step lines from d2 exist but are not moves.
        let (g, _) = step("placing", 1);
        assert_eq!(g.reserve(mover(&g)), 2);
        assert!(!g.is_legal("a2/1".parse().unwrap()) && !g.is_legal("b5/21".parse().unwrap()));

        // Three steps to a4 would exchange one cylinder only.
        let (g, _) = step("exchange", 2);
        assert_eq!(g.reserve(mover(&g)), 4);
        assert!(g.is_legal("a4/13/14".parse().unwrap()));

        // Three steps to b3 exchange only the one cylinder next to it.
        let (g, _) = step("exchange", 1);
        assert!(g.is_legal("b3/6/8".parse().unwrap()));

        // The opponent's reserve is empty.
        let (g, _) = step("passing", 0);
        assert_eq!(g.reserve(opponent(&g)), 0);

        // The game ends with triangles empty and cylinders in a reserve, the learner keeping
        // all 15 of theirs and the opponent none.
        let (g, end) = step("the-end", 0);
        assert_eq!(end.empty_triangles(), 11);
        assert_eq!(end.reserve(opponent(&g)), 12);
        assert_eq!(end.sector_score().kept[mover(&g).index()], 15);
        assert_eq!(end.sector_score().kept[opponent(&g).index()], 0);

        // Only triangle 20 is empty.
        let (g, _) = step("scoring", 0);
        assert_eq!(g.empty_triangles(), 1);
        assert!(g.is_empty(triangle(20)));

        // Won on sectors: the cylinders kept are equal.
        let (g, end) = step("scoring", 2);
        let score = end.sector_score();
        assert_eq!(score.kept[0], score.kept[1]);
        assert!(score.sectors_won[mover(&g).index()] > score.sectors_won[opponent(&g).index()]);
    }
}

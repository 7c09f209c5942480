//! Triangular's lessons, in the order a newcomer learns the game: where a piece may be placed
//! (a whole side shared with a placed piece, a corner is not enough), scoring a triangle of three
//! own pieces (edge 2, pointing up), triangles pointing down, larger triangles scoring their edge
//! whatever lies inside, several triangles completed by one piece, the red triangle that wins at
//! once (the red piece at any corner; with an opponent's piece it does nothing), defending
//! against the opponent's red triangle, and the end: after 48 pieces the higher score wins or
//! the game is drawn, unless a red triangle ends it first, even with the 48th piece.
//!
//! Every position is reached by playing moves from the start; the last three are the ends of
//! real games (random ones that never completed a red triangle), 47 pieces placed.

use trigonal_core::{Game, Lesson, Outcome, Step};

use crate::{Cell, Formed, Orientation, Triangular};

/// The position after `record` (moves separated by spaces) from the start.
fn after(record: &str) -> Triangular {
    let mut g = Triangular::start();
    for text in record.split_whitespace() {
        let mv = g.parse_legal(text).expect("a lesson's setup is legal");
        g.play(mv);
    }
    g
}

/// The triangles of the step's mover's own pieces (the red piece not among their corners) that
/// `now` has and `start` had not: those the learner's placement completed.
fn completed(start: &Triangular, now: &Triangular) -> Vec<Formed> {
    let Some(seat) = start.to_move() else {
        return Vec::new();
    };
    let before = start.formed_triangles();
    now.formed_triangles()
        .into_iter()
        .filter(|f| f.seat == seat && !f.with_red && !before.contains(f))
        .collect()
}

/// Points the step's mover has scored since its start.
fn scored(start: &Triangular, now: &Triangular) -> u32 {
    start
        .to_move()
        .map_or(0, |seat| now.score(seat) - start.score(seat))
}

/// Whether the step's mover has won at once with a triangle on the red piece.
fn red_win(start: &Triangular, now: &Triangular) -> bool {
    now.red_winner().is_some() && now.red_winner() == start.to_move()
}

/// Whether the side to move in `g` can complete a triangle with the red piece at once.
fn red_threat(g: &Triangular) -> bool {
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    moves.iter().any(|&m| {
        let mut a = g.clone();
        a.play(m);
        a.red_winner().is_some()
    })
}

/// Whether the game is over with `outcome`.
fn ended(now: &Triangular, outcome: Outcome) -> bool {
    now.outcome() == Some(outcome)
}

/// The end of a game: 47 pieces placed, Black to place the last; White leads 16 to 13 and one
/// cell scores Black 4.
const END_WIN: &str = "-1,0 -2,0 0,-1 -1,-1 1,0 -1,-2 1,1 0,1 2,1 0,2 1,-1 2,2 2,-1 2,0 3,0 \
    -2,-1 3,2 1,2 4,2 1,3 4,1 5,2 5,1 -2,-2 6,2 -2,-3 3,3 -3,-1 7,2 8,2 6,1 8,1 2,3 -1,2 3,1 \
    1,-2 5,0 4,3 -1,1 -3,0 0,3 0,-2 4,0 0,-3 -1,3 -2,3 2,-2";

/// Another: White leads 18 to 12; no cell scores Black more than 6, which draws.
const END_DRAW: &str = "1,0 1,1 2,0 3,0 2,1 2,-1 0,1 3,-1 4,-1 -1,1 -1,0 0,-1 1,-1 3,-2 0,2 \
    1,-2 2,-2 -1,2 1,2 -2,1 2,2 5,-1 1,3 5,-2 0,3 3,1 -1,3 0,-2 -2,0 -2,-1 -2,3 -1,-2 -2,2 3,2 \
    4,1 -3,2 2,-3 1,-3 -3,0 4,-2 0,4 5,1 5,0 4,-3 6,-1 -1,4 3,-3";

/// Another: White leads 19 to 5, far out of reach, but 2,0 completes a triangle of Black's
/// 1,1 and 2,0 with the red piece.
const END_RED: &str = "1,0 1,1 2,1 0,-1 -1,-1 -1,-2 2,2 3,1 -2,-2 1,-1 3,0 4,1 1,-2 5,1 -3,-2 \
    2,-1 5,0 6,1 -2,-1 3,2 7,1 3,-1 -2,0 -2,-3 -3,-3 4,2 7,0 -4,-2 0,1 -5,-2 -1,0 -3,-1 4,-1 \
    1,2 5,-1 6,2 -1,-3 -3,-4 -4,-4 2,-2 2,-3 8,0 -2,-4 5,-2 -4,-5 -3,0 -3,1";

/// The lessons, in the order they are taken; each step has one answer, its "show me" move.
pub fn lessons() -> Vec<Lesson<Triangular>> {
    vec![
        Lesson {
            id: "placing",
            steps: vec![
                // The red piece points up: its sides face left, right and down.
                Step::new(Triangular::start(), &["0,-1"], |_, now| {
                    now.piece(Cell::new(0, -1)).is_some()
                }),
                // 0,1 touches the red piece and 1,0 only at corners; it opens when a piece
                // lies beside it, and only 1,1 (across the top of the down cell 1,0) can.
                Step::new(after("1,0"), &["1,1"], |_, now| {
                    let mut moves = Vec::new();
                    now.legal_moves(&mut moves);
                    moves.contains(&Cell::new(0, 1))
                }),
            ],
        },
        Lesson {
            id: "scoring",
            steps: vec![
                // White's 4,0 and 6,0 are the bottom corners; the apex 5,1 completes it.
                Step::new(
                    after("1,0 2,0 3,0 3,1 4,0 5,0 6,0 2,-1"),
                    &["5,1"],
                    |start, now| completed(start, now).iter().any(|f| f.triangle.size == 2),
                ),
                // Now White holds the apex 7,1 and the left corner 6,0: the right one, 8,0.
                Step::new(
                    after("1,0 2,0 3,0 3,1 4,0 5,0 6,0 2,-1 7,0 5,1 7,1 0,-1"),
                    &["8,0"],
                    |start, now| completed(start, now).iter().any(|f| f.triangle.size == 2),
                ),
            ],
        },
        Lesson {
            id: "pointing-down",
            steps: vec![
                // White's down cells 1,0 and 3,0 with 2,-1 below them.
                Step::new(after("1,0 2,0 3,0 0,-1"), &["2,-1"], |start, now| {
                    completed(start, now)
                        .iter()
                        .any(|f| f.triangle.orientation() == Orientation::Down)
                }),
                // Black holds 3,0 and the bottom corner 4,-1: the other top corner is 5,0.
                Step::new(
                    after("-1,0 1,0 2,0 3,0 4,0 4,-1 2,-1"),
                    &["5,0"],
                    |start, now| {
                        completed(start, now)
                            .iter()
                            .any(|f| f.triangle.orientation() == Orientation::Down)
                    },
                ),
            ],
        },
        Lesson {
            id: "bigger",
            steps: vec![
                // 4,0, 8,0 and the apex 6,2: edge 3, over Black's 5,0, 6,0 and 7,0.
                Step::new(
                    after("1,0 2,0 3,0 3,1 4,0 5,0 5,1 6,0 6,1 7,0 8,0 2,-1"),
                    &["6,2"],
                    |start, now| completed(start, now).iter().any(|f| f.triangle.size >= 3),
                ),
                // Black's -1,0 and 3,0 with the bottom corner 1,-2: edge 3 pointing down, with
                // the red piece and White's 0,-1, 1,-1 and 2,-1 inside; -3,0 scores only 2.
                Step::new(
                    after("0,-1 1,0 1,1 -1,0 -2,0 -2,-1 -3,-1 2,0 2,-1 3,0 -4,-1 -4,0 1,-1"),
                    &["1,-2"],
                    |start, now| completed(start, now).iter().any(|f| f.triangle.size >= 3),
                ),
            ],
        },
        Lesson {
            id: "several",
            steps: vec![
                // 6,0 is the right corner of 4,0-6,0-5,1 and the left one of 6,0-8,0-7,1.
                Step::new(
                    after("1,0 2,0 3,0 3,1 4,0 5,0 5,1 6,1 7,1 7,0 8,0 6,2"),
                    &["6,0"],
                    |start, now| completed(start, now).len() >= 2,
                ),
                // 6,2 is the apex of edge 2 over 5,1 and 7,1 and of edge 3 over 4,0 and 8,0:
                // 5 points, where 6,0 makes only 4.
                Step::new(
                    after("1,0 2,0 3,0 3,1 4,0 5,0 5,1 6,1 7,1 7,0 8,0 2,-1"),
                    &["6,2"],
                    |start, now| scored(start, now) >= 5,
                ),
            ],
        },
        Lesson {
            id: "red-triangle",
            steps: vec![
                // The red piece as the left bottom corner: 0,0, White's 2,0 and 1,1.
                Step::new(after("1,0 -1,0 2,0 0,-1"), &["1,1"], red_win),
                // The red piece as the apex: Black's -1,-1 and 1,-1 below it.
                Step::new(after("-1,0 0,-1 1,0 -1,-1 -2,0"), &["1,-1"], red_win),
                // -1,1 would join the red piece and Black's -2,0: that does nothing.
                Step::new(after("1,0 -1,0 2,0 -2,0"), &["1,1"], red_win),
            ],
        },
        Lesson {
            id: "defending",
            steps: vec![
                // Black's 2,0 and the red piece wait for 1,1.
                Step::new(after("-1,0 1,0 0,-1 2,0"), &["1,1"], |start, now| {
                    red_win(start, now) || (now.to_move() != start.to_move() && !red_threat(now))
                }),
                // Black's -2,-2 and the red piece as apex wait for 2,-2 (edge 3); -2,-1 scores
                // 2 for White but loses.
                Step::new(
                    after("0,-1 1,-1 -1,-1 1,-2 -1,-2 -2,-2"),
                    &["2,-2"],
                    |start, now| {
                        red_win(start, now)
                            || (now.to_move() != start.to_move() && !red_threat(now))
                    },
                ),
            ],
        },
        Lesson {
            id: "the-end",
            steps: vec![
                Step::new(after(END_WIN), &["3,-1"], |start, now| {
                    start.to_move().is_some_and(|s| ended(now, Outcome::win(s)))
                }),
                Step::new(after(END_DRAW), &["6,-2"], |_, now| {
                    ended(now, Outcome::DRAW)
                }),
                Step::new(after(END_RED), &["2,0"], red_win),
            ],
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Piece;
    use trigonal_core::Seat;

    #[test]
    fn the_lessons_hold() {
        trigonal_core::lesson::check(&lessons(), 8);
    }

    /// The moves of `g` that make `goal` hold, as text.
    fn passing(g: &Triangular, goal: &dyn Fn(&Triangular, &Triangular) -> bool) -> Vec<String> {
        let mut moves = Vec::new();
        g.legal_moves(&mut moves);
        moves
            .into_iter()
            .filter(|&m| {
                let mut a = g.clone();
                a.play(m);
                goal(g, &a)
            })
            .map(|m| m.to_string())
            .collect()
    }

    /// Each step is a puzzle of one answer: only the "show me" placement reaches the goal.
    #[test]
    fn every_step_has_one_answer() {
        for lesson in lessons() {
            for (n, step) in lesson.steps.iter().enumerate() {
                assert_eq!(
                    passing(&step.position, &*step.goal),
                    step.show,
                    "{} step {n}",
                    lesson.id
                );
            }
        }
    }

    /// What the words say of the positions: the red triangle with an opponent's piece goes on,
    /// the ends are the 48th piece, and the scores are as told.
    #[test]
    fn the_positions_are_as_described() {
        let g = after("1,0 -1,0 2,0 -2,0");
        let mut a = g.clone();
        a.play(Cell::new(-1, 1));
        let corners = crate::Triangle::new(Cell::new(-2, 0), 2).corners();
        let on = corners.map(|c| a.piece(c));
        assert_eq!(
            on,
            [Some(Piece::Black), Some(Piece::Red), Some(Piece::White)]
        );
        assert!(!a.is_over() && a.score(Seat(0)) == 0);
        for (record, white, black) in [(END_WIN, 16, 13), (END_DRAW, 18, 12), (END_RED, 19, 5)] {
            let g = after(record);
            assert_eq!(g.placed(), 47);
            assert_eq!((g.score(Seat(0)), g.score(Seat(1))), (white, black));
        }
        // The red win scores the 2 of Black's own triangle the same piece completes, too few.
        let mut a = after(END_RED);
        a.play(Cell::new(2, 0));
        assert_eq!((a.red_winner(), a.score(Seat(1))), (Some(Seat(1)), 7));
    }
}

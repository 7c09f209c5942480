//! Four Triangles' lessons, in the order a newcomer learns the game: the board and the opening
//! single (middle points, big corners, constellations), bringing in two singles (never on a
//! middle point nor on C), how a single moves, capturing (any figure, one's own included; stacks
//! over three stones give three back), how a double slides and where it stops, how a triple
//! jumps, the warps of the full version (constellations, big corners, straight warps) and the
//! simple version without them, splitting, turning a triangle and its two locks, the three ways
//! to win, players who are out with three or four at the table, and the two draws (a third
//! repetition, the 300th turn, which a win on that turn beats).
//!
//! Every position is reached by playing moves from the start. Passing has no step, as no game
//! reaches a pass: a player with a figure can always move it (to any neighbour, capturing what
//! stands there); one who never had a figure has all nine markers, and the supply holds at
//! least 8 stones at its first turn and at least 4 at its second (each other turn between takes
//! 2 at most), when it may not turn again, so it brings in by then; and a player who had figures
//! and has none is out.

use trigonal_core::{Game, Lesson, Seat, Step};

use crate::{End, FourTriangles, Move, Point, Version};

/// The position after `record` (actions separated by spaces) from the start of a game of
/// `players` in `version`.
fn after(players: usize, version: Version, record: &str) -> FourTriangles {
    let mut g = FourTriangles::start(players, version);
    for text in record.split_whitespace() {
        let mv = g.parse_legal(text).expect("a lesson's setup is legal");
        g.play(mv);
    }
    g
}

/// Two players, full version: the game most lessons show.
fn two(record: &str) -> FourTriangles {
    after(2, Version::Full, record)
}

/// The seat to move in the step's position: the learner.
fn learner(start: &FourTriangles) -> Seat {
    start.to_move().expect("a lesson's position is not over")
}

/// The point named `name`.
fn point(name: &str) -> Point {
    Point::parse(name).expect("a point's name")
}

/// Whether the learner has a figure on one of `points` (of any size).
fn holds_any(start: &FourTriangles, now: &FourTriangles, points: &[&str]) -> bool {
    let seat = learner(start);
    points
        .iter()
        .any(|&p| now.figure(point(p)).is_some_and(|f| f.owner == seat))
}

/// Whether the learner has a figure on each of `points`.
fn holds_all(start: &FourTriangles, now: &FourTriangles, points: &[&str]) -> bool {
    points.iter().all(|&p| holds_any(start, now, &[p]))
}

/// The learner's figures of `stones` stones on `points`.
fn sized(start: &FourTriangles, now: &FourTriangles, stones: u8, points: &[&str]) -> usize {
    let seat = learner(start);
    points
        .iter()
        .filter(|&&p| {
            now.figure(point(p))
                .is_some_and(|f| f.owner == seat && f.stones == stones)
        })
        .count()
}

/// The learner's figures on the board.
fn figures(start: &FourTriangles, now: &FourTriangles) -> u32 {
    now.figures_of(learner(start)).count_ones()
}

/// Whether the learner's action took a figure of another player.
fn captured(start: &FourTriangles, now: &FourTriangles) -> bool {
    let others = |g: &FourTriangles| -> u32 {
        (0..g.players() as u8)
            .map(Seat)
            .filter(|&seat| seat != learner(start))
            .map(|seat| g.figures_of(seat).count_ones())
            .sum()
    };
    others(now) < others(start)
}

/// Every point's name.
const ALL: [&str; 28] = [
    "T0", "T1", "T2", "T3", "T4", "T5", "T6", "L0", "L1", "L2", "L3", "L4", "L5", "L6", "R0", "R1",
    "R2", "R3", "R4", "R5", "R6", "C0", "C1", "C2", "C3", "C4", "C5", "C6",
];

/// Whether the learner has won.
fn won(start: &FourTriangles, now: &FourTriangles) -> bool {
    now.outcome()
        .is_some_and(|o| o.winners.contains(learner(start)))
}

/// The 299 turns of a game (random play, steered at the end; the opening placement counts):
/// the 300th is Player 2's, whose single on L5 can take Player 1's last figure, the triple on L0.
const TURN_300: &str = "@L5 +R5,R6 +T5,L1 +T4,R4 T5-T3 +T2,R2 L5-L1 +T1,L4 L1/R3,C1 T1-L2 \
    T3-T0 R2-C2 C1-T2 T4-T3 T2/C1,C6 L2-T1 C1-C6 C2-C4 C6/L6,C0 RT+ C0-C5 T2-T3 R3-L1 L4-L3 \
    L6-L0 T1-T0 L0-L6 L3-T2 L1-L0 T0/T5,C1 L0-L6 RC- L6/L2,C2 C3-L3 RC+ C4-C2 C3-R1 L3-L4 \
    L2-R3 RC+ R1-C1 R5-R0 RT- C3-R2 C1-C6 T2-R1 C6/L6,C3 R2-R0 C3-C4 R1-R0 L6-L1 T4-T3 L1-R2 \
    T3-C1 C4-C3 R0-R1 C3-C0 R1/L1,L3,R5 R2-L1 C1-T2 L1/T3,L2 L3-R1 C0-C3 R1-L3 R3-R5 T2-T3 \
    R5/R0,R2 RC+ R2-T2 T3-T0 T2-T3 T1-R2 RR- R6-R2 T3-L2 L4-L3 L2/L1,C4 R2-R6 RR- L3/L0,C3 \
    R0-R2 R3-C3 C4-C0 T0/T2,T4 RR+ C3/R1,C2 C1-T1 RL- R3-R0 C2-R2 T1-C1 R2-R0 C1-L1 T2-T0 \
    L3-T3 R6-R1 L1-L0 R1/R6,C3 T3-R2 RT- L0/L2,L6 T0-T5 L6-L1 R0-C3 C0-C2 C3/C1:2,L3 R2-R6 \
    C1-T2 L2-T1 T2-T3 RC+ T3-C1 L1-L0 C1/L2,R1 R6-R2 R5-R3 R2-T3 R1-L2 L0-L2 L3-C2 \
    L2/L0,L4,R1 RR- R3-L1 C2-L1 T3/L3,C1 RR+ C3-C5 L1/L5,C6 L3-T2 R3-L2 L4-L0 L2-T3 L0-C5 \
    T5-T1 C1-T1 RC- T2-R2 L5-L0 T1/L3:2,R3 RC- C6/C0:2,C1 C4-C2 L3-T2 RC- R2-C3 T6-T0 T2-T0 \
    C1-C3 T0/T4,L2,R0 C3/L3,C2,C4 L2-R1 RT+ R1-R6 C2-C3 RT+ L3-L5 C0-T0 L5-L0 T0/T5,C0 L0-L5 \
    T6-T2 C3-R2 T2/T1,T6 L5/L3,C2 T6-T0 RR- R2-R1 C2-L3 R1/C1,C3 L3/L2,L5 T5-T0 RC+ T0-T1 \
    L2-L4 T1/L3:2,R3 C5-C0 RC- C0/L0,C5 L3/T3,L1 RT- R0-R3 L0-L6 R3-R5 L6-L0 RC+ L0-L2 L1-L3 \
    C6-C2 RL- C2/R2,R3 C1-C2 R3-L1 R5/R3:2,R1 L1/L3,L5 R3/T1,T5 L3-T2 R1-R0 T2/T6,R3 RL+ \
    R3-T2 C2-L1 R2-R1 T5-T3 L6-L0 L3-T1 R1-R2 T1-T0 R2-R1 T3-C3 R1-R6 RL+ L6-L2 T0-T5 \
    L2/L4,C0 T5-C1 T2-R2 C1/T4,L1 L0-L4 L1-L5 R6-R2 R0-R3 T6-T2 RL- R2/L1,R5 L4/L2,C4 L6-L1 \
    L2-T1 L1/L0:2,L6 R3-T2 R5-R1 C3-T3 L6-L0 T2/R2,R3 L0-L6 C4-C3 R1-T2 T4-T3 L6/L0:2,L2 \
    T3/T4,T6 L0/L1,L4 T1-L2 L1-C2 L2/T3,R1 T2-T6 T3-C1 T6-C1 T4-T3 C1-L1 R3-T1 L1/C1:2,L6 \
    RR+ C1-C3 R2-T1 C0-C2 T1/T4,T6 C2/T2,L2 T3-T4 C3/T3:2,C4 T4/C0,C1 T3-L1 C1-T1 L1/L0,R2 \
    T1-L2 T2-T6 R3-L2 T6-L2 RC- R2-T2 C0-C1 L2/R2,C4 C1-T1 +R1,R3 T1-T5 RL+ T5-T3 R2-R6 \
    T3-L1 R3-T1 RL+ R1-R6 L2-T3 T2-R1 RC+ R6/R3,C6 T3-L3 C6-C0 RT+ R1-C3 L3-L0 C3-C5 L0-L5 \
    RR+ L5-L1 R1-L2 L1-L5 L2-R3 RL- T2-T6 L4-L0";

/// The lessons, in the order they are taken.
pub fn lessons() -> Vec<Lesson<FourTriangles>> {
    let start = || two("");
    vec![
        Lesson {
            id: "opening",
            steps: vec![
                // The first single on any of the four middle points X0.
                Step::new(start(), &["@C0"], |s, n| {
                    holds_any(s, n, &["T0", "L0", "R0", "C0"])
                }),
                // On a big corner: a corner of the big triangle.
                Step::new(start(), &["@L2"], |s, n| {
                    holds_any(s, n, &["T1", "L2", "R3"])
                }),
                // On a constellation: corners where two outer triangles meet C.
                Step::new(start(), &["@R2"], |s, n| {
                    holds_any(
                        s,
                        n,
                        &["T2", "L1", "C3", "T3", "R1", "C2", "L3", "R2", "C1"],
                    )
                }),
            ],
        },
        Lesson {
            id: "bringing-in",
            steps: vec![
                // Player 2's first turn: next to Player 1's single on T4 (T0 is a middle point,
                // closed to new singles).
                Step::new(two("@T4"), &["+T2,T3"], |s, n| {
                    holds_any(s, n, &["T2", "T3"])
                }),
                // Two median points of T beside the single on T0.
                Step::new(two("@T4 +L4,R4 T4-T0 +L5,R5"), &["+T4,T5"], |s, n| {
                    holds_any(s, n, &["T0"])
                        && ["T4", "T5", "T6"]
                            .iter()
                            .filter(|&&p| holds_any(s, n, &[p]))
                            .count()
                            >= 2
                }),
            ],
        },
        Lesson {
            id: "singles",
            steps: vec![
                // Along the median T1 T0 T4.
                Step::new(two("@T4 +L4,R4"), &["T4-T0"], |s, n| {
                    holds_any(s, n, &["T0"])
                }),
                // From the median point T5 only T1 lies on the side T1 T6 T2.
                Step::new(two("@T5 +L4,R4"), &["T5-T1"], |s, n| {
                    matches!(n.last_move(), Some(Move::Figure { .. }))
                        && holds_any(s, n, &["T1", "T6", "T2"])
                }),
            ],
        },
        Lesson {
            id: "capturing",
            steps: vec![
                // Take Player 2's single on T2: a double.
                Step::new(two("@T4 +T2,L4"), &["T4-T2"], |s, n| {
                    sized(s, n, 2, &ALL) > 0
                }),
                // Take one's own single (or double): a triple.
                Step::new(
                    two("@T4 +T2,L4 T4-T2 +L5,L6 +T4,R4 L4-L0"),
                    &["T2-T4"],
                    |s, n| sized(s, n, 3, &ALL) > 0,
                ),
                // A double takes a double: four stones, one stays, three go back.
                Step::new(
                    two("@T4 +T2,L4 T4-T2 +T1,T6 +R4,R5 T1-T6"),
                    &["T2-T6"],
                    |s, n| n.supply() > s.supply(),
                ),
            ],
        },
        Lesson {
            id: "doubles",
            steps: vec![
                // Along the median T4 T0 T1, over the empty T0.
                Step::new(
                    two("@T4 +T1,L4 +T3,R4 L4-L0 T3-T4 L0-L5"),
                    &["T4-T1"],
                    |s, n| captured(s, n) && holds_any(s, n, &["T1"]),
                ),
                // The double on T4 stops at Player 2's single on T0; the one on T2 reaches T1
                // along the side T2 T6 T1.
                Step::new(
                    two("@T4 +T1,T6 +T2,T3 T6-T0 T3-T4 +L4,L5 +T6,R4 L4-L0 T6-T2 L5-L3"),
                    &["T2-T1"],
                    |s, n| captured(s, n) && holds_any(s, n, &["T1"]),
                ),
            ],
        },
        Lesson {
            id: "triples",
            steps: vec![
                // From the middle point T0 to the middle point C0.
                Step::new(two(TRIPLE), &["T0-C0"], |s, n| sized(s, n, 3, &["C0"]) == 1),
                // From T0 to the big corner R3, taking Player 2's double: five stones, a double
                // stays.
                Step::new(two(TRIPLE), &["T0-R3"], |s, n| holds_any(s, n, &["R3"])),
            ],
        },
        Lesson {
            id: "warps",
            steps: vec![
                // T2 (left constellation) to the right or bottom constellation or to R3.
                Step::new(two("@T2 +L4,R4"), &["T2-R1"], |s, n| {
                    !holds_any(s, n, &["T2"])
                        && holds_any(s, n, &["R0", "R1", "R2", "R3", "R4", "R5", "R6"])
                }),
                // The big corner T1 to the big corner L2.
                Step::new(two("@T1 +L2,R4"), &["T1-L2"], |s, n| {
                    holds_any(s, n, &["L2"])
                }),
                // The straight warp: T4 T0 T1, then C1 C0 C4.
                Step::new(
                    two("@T4 +L4,R4 +T3,R6 L4-L0 T3-T4 R4-R0"),
                    &["T4-C0"],
                    |s, n| sized(s, n, 2, &["C0"]) == 1,
                ),
                // The simple version: no warps, but the triple's jump to C0.
                Step::new(
                    after(
                        2,
                        Version::Simple,
                        "@T4 +L4,R4 T4-T0 +L5,R5 +T4,T5 L4-L2 T4-T0 L2-L6 T5-T0 L6-L1 +T1,T2 R4-R0",
                    ),
                    &["T0-C0"],
                    |s, n| holds_any(s, n, &["C0", "C1", "C2", "C3", "C4", "C5", "C6"]),
                ),
            ],
        },
        Lesson {
            id: "splitting",
            steps: vec![
                // A double on T1 into singles on T5 and T6.
                Step::new(
                    two("@T5 +L4,R4 +T1,T3 L4-L0 T5-T1 R4-R0"),
                    &["T1/T5,T6"],
                    |s, n| holds_all(s, n, &["T5", "T6"]) && !holds_any(s, n, &["T1"]),
                ),
                // The triple on T0 into a double and a single on two empty middle points.
                Step::new(two(TRIPLE), &["T0/C0:2,R0"], |s, n| {
                    let middles = ["L0", "R0", "C0"];
                    sized(s, n, 2, &middles) == 1 && sized(s, n, 1, &middles) == 1
                }),
                // The triple on T1 into three singles T0, T5, T6: with T4, triangle T wins.
                Step::new(
                    two("@T4 +L4,R4 +T1,T5 L4-L0 T5-T1 R4-R0 +T5,L4 L0-L5 T5-T1 L5-L1"),
                    &["T1/T0,T5,T6"],
                    won,
                ),
            ],
        },
        Lesson {
            id: "turning",
            steps: vec![
                // T1 to T3 only by turning T clockwise (corner 1 to 3).
                Step::new(two("@T1 +L4,R4"), &["RT-"], moved_to_t3),
                // Player 2 has just turned L: no turning now; T4 steps to T3.
                Step::new(two("@T1 +L4,R4 +T4,R6 RL+"), &["T4-T3"], moved_to_t3),
                // Player 1 turned T last turn (T1 to T2): not again; T2 warps to T3.
                Step::new(two("@T1 +L4,R4 RT+ L4-L0"), &["T2-T3"], moved_to_t3),
            ],
        },
        Lesson {
            id: "winning",
            steps: vec![
                // T0, L0 and R0 held; the single on C2 steps to C0.
                Step::new(
                    two(
                        "@T4 +L6,R6 T4-T0 L6-L1 +L4,R4 R6-R1 L4-L0 L1-L5 R4-R0 R1-R5 +T2,T3 L5-L3 \
                        T2-C2 R5-R3",
                    ),
                    &["C2-C0"],
                    |s, n| won(s, n) && matches!(n.end(), Some(End::Middles(_))),
                ),
                // R0, R4 and R5 held; the single on R1 steps to R6.
                Step::new(
                    two("@R4 +L4,L6 R4-R0 L4-L0 +R4,R5 L6-L2 +R1,T4 L0-L5"),
                    &["R1-R6"],
                    |s, n| won(s, n) && matches!(n.end(), Some(End::Triangle(..))),
                ),
                // Player 2's last figure, on L3, is a warp away from the double on T2.
                Step::new(two("@T4 +T2,L4 T4-T2 L4-L3"), &["T2-L3"], |s, n| {
                    won(s, n) && matches!(n.end(), Some(End::LastLeft(_)))
                }),
            ],
        },
        Lesson {
            id: "more-players",
            steps: vec![
                // Four players: Player 4's last single, on T0, next to Player 1's double.
                Step::new(
                    after(
                        4,
                        Version::Full,
                        "@T4 +L4,L5 +R4,R5 +T2,T3 T4-T2 L4-L0 R4-R0 T3-T0",
                    ),
                    &["T2-T0"],
                    |_, n| n.is_out(Seat(3)) && n.end().is_none(),
                ),
                // Three players, Player 2 out: Player 3's last figure, a double on R1, is a
                // warp away from Player 1's triple on the big corner L2.
                Step::new(
                    after(
                        3,
                        Version::Full,
                        "@L2 +L4,L6 +R3,R4 L2-L4 L6-L2 R4-R3 L4-L2 R3-R1",
                    ),
                    &["L2-R1"],
                    won,
                ),
            ],
        },
        Lesson {
            id: "draws",
            steps: vec![
                // Both singles have gone back and forth twice: T5-T0 makes the third time.
                Step::new(
                    two("@T4 +L4,R4 T4-T0 L4-L0 T0-T5 L0-L4 T5-T0 L4-L0 T0-T5 L0-L4"),
                    &["T5-T0"],
                    |_, n| n.end() == Some(End::Repetition),
                ),
                // The 300th turn: a win on it beats the draw.
                Step::new(two(TURN_300), &["L5-L0"], won),
            ],
        },
    ]
}

/// The turning lesson's goal: one of the learner's singles on T3, no figure added.
fn moved_to_t3(start: &FourTriangles, now: &FourTriangles) -> bool {
    holds_any(start, now, &["T3"]) && figures(start, now) == figures(start, start)
}

/// Player 1's triple on T0; Player 2's double on R3 and singles on L0 and L1.
const TRIPLE: &str = "@T4 +R3,R4 T4-T0 +L5,L6 +T4,T5 R4-R3 T4-T0 L5-L0 T5-T0 L6-L1";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lessons_hold() {
        trigonal_core::lesson::check(&lessons(), 8);
    }

    /// What the words of the steps say of their positions.
    #[test]
    fn the_positions_are_as_the_words_say() {
        let lessons = lessons();
        let step = |id: &str, n: usize| {
            &lessons.iter().find(|l| l.id == id).expect("a lesson").steps[n].position
        };
        let legal = |g: &FourTriangles, text: &str| g.parse_legal(text).is_ok();
        // Turning: the turn that takes the single to T3 is legal in the first step and refused
        // by each lock in the next two.
        assert!(legal(step("turning", 0), "RT-"));
        assert!(step("turning", 1).just_turned() && !legal(step("turning", 1), "RT-"));
        assert!(!legal(step("turning", 2), "RT+"));
        assert!(step("turning", 2).turned_last(Seat(0)));
        // The double on T4 stops at T0.
        assert!(!legal(step("doubles", 1), "T4-T1"));
        // The simple version: the singles on T1 and T2 stay in T.
        assert!(!legal(step("warps", 3), "T2-C1") && !legal(step("warps", 3), "T1-C1"));
        // Three players, Player 2 out and skipped.
        let three = step("more-players", 1);
        assert!(three.is_out(Seat(1)) && three.to_move() == Some(Seat(0)));
        // The repetition: this position, like the one T5-T0 leads to, has come twice.
        assert_eq!(step("draws", 0).occurrences(), 2);
        // The 300th turn: any move but the capture draws.
        let last = step("draws", 1);
        assert_eq!(last.turn_number(), 299);
        assert_eq!(last.to_move(), Some(Seat(1)));
        assert_eq!(last.figures_of(Seat(0)).count_ones(), 1);
        let mut other = last.clone();
        other.play(other.parse_legal("L5-L1").unwrap());
        assert_eq!(other.end(), Some(End::TurnLimit));
    }
}

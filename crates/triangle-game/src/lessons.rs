//! The Triangle Game's lessons, in the order a newcomer learns the game: placing a stone from
//! the pool (other players' colours and white, on any empty vertex; the territories and their
//! joins; ending the turn), sliding (from a corner of a triangle to another corner of it, any
//! distance, never past a stone; white stones only while none of one's colour is on the board),
//! scoring (+1 at home, −1 in another's territory, nothing on the join of the other two),
//! Power Triangles (own or white corners, clear sides; one made by placing gives an extra
//! slide), extra slides (a Power Triangle made by sliding, those owned when placing), pickups (a
//! Power Triangle made around a dot takes a white stone or one of the dot's colour, also right
//! after a slide), what a Power Triangle gives once a turn (formed again: nothing; left by a
//! pickup: nothing now), and the end (two points, an empty pool, a pickup that wins).
//!
//! Every position is reached by playing actions from the start: setup turns of a placement and
//! `end`, sometimes the start of the learner's own turn.

use trigonal_core::{Game, Lesson, Seat, Seats, Step};

use crate::{Colour, Territory, Triangle, TriangleGame, Vertex, BOARD};

/// The position after `record` (actions separated by spaces) from the start.
fn after(record: &str) -> TriangleGame {
    let mut g = TriangleGame::start();
    for text in record.split_whitespace() {
        let mv = g
            .parse_legal(text)
            .unwrap_or_else(|e| panic!("{text} in {record:?}: {e}"));
        g.play(mv);
    }
    g
}

fn v(name: &str) -> Vertex {
    Vertex::parse(name).expect("a vertex")
}

/// The triangle with these corners.
fn triangle(a: &str, b: &str, c: &str) -> Triangle {
    Triangle::with_corners([v(a), v(b), v(c)]).expect("a triangle of the board")
}

/// The learner's seat: the one to move in the step's position.
fn mover(start: &TriangleGame) -> Seat {
    start.to_move().expect("a step's position is not over")
}

/// The learner's colour.
fn own(start: &TriangleGame) -> Colour {
    Colour::of_seat(mover(start))
}

/// The vertices of Dark Blue's home, the top territory.
fn top() -> u64 {
    BOARD.territory[Territory::Top as usize]
}

/// Stones of colour `c` on the board.
fn count(g: &TriangleGame, c: Colour) -> u32 {
    g.stones(c).count_ones()
}

/// The goal "a stone of colour `c` on `name`".
fn stone_on(name: &'static str, c: Colour) -> impl Fn(&TriangleGame, &TriangleGame) -> bool {
    move |_, now| now.stone_at(v(name)) == Some(c)
}

/// The goal "one stone of colour `c` fewer on the board": a pickup took one.
fn took(c: Colour) -> impl Fn(&TriangleGame, &TriangleGame) -> bool {
    move |start, now| count(now, c) < count(start, c)
}

/// The goal "a Power Triangle of the learner's is made": one more than at the start.
fn power_triangle_made(start: &TriangleGame, now: &TriangleGame) -> bool {
    let seat = mover(start);
    now.power_triangles(seat).count_ones() > start.power_triangles(seat).count_ones()
}

/// The goal "a Power Triangle gave its extra slide": one more triangle used this turn.
fn extra_slide_won(start: &TriangleGame, now: &TriangleGame) -> bool {
    now.used().count() > start.used().count()
}

/// Whether the game is over and the learner is among its winners.
fn won(start: &TriangleGame, now: &TriangleGame) -> bool {
    now.outcome()
        .is_some_and(|o| o.winners.contains(mover(start)))
}

/// Whether the game is over and the learner won it alone.
fn won_alone(start: &TriangleGame, now: &TriangleGame) -> bool {
    now.outcome()
        .is_some_and(|o| o.winners == Seats::only(mover(start)))
}

pub fn lessons() -> Vec<Lesson<TriangleGame>> {
    use Colour::*;
    vec![
        Lesson {
            id: "placing",
            steps: vec![
                // Dark Blue's pool holds Green, Light Blue and white: a Green stone anywhere
                // in the top territory (15 vertices, joins a5 and e5 included).
                Step::new(TriangleGame::start(), &["Ga1"], |_, now| {
                    now.stones(Green) & top() != 0
                }),
                // The joins: a5, e5 and e9.
                Step::new(after("Ga1 end"), &["We9"], |_, now| {
                    now.stones(White) & BOARD.joins != 0
                }),
                // After the placement a turn may end at once; any slide keeps it going.
                Step::new(after("Ga1 end We9 end Wc5"), &["end"], |start, now| {
                    now.to_move() != start.to_move()
                }),
            ],
        },
        Lesson {
            id: "sliding",
            steps: vec![
                // a1 is a corner of the whole board: one slide reaches a9 or i9.
                Step::new(after("Wa1"), &["a1-i9"], |_, now| {
                    [v("a9"), v("i9")]
                        .iter()
                        .any(|&x| now.stone_at(x) == Some(White))
                }),
                // a7 blocks the left side; the side of the central hole, through b6, c7 and
                // d8, leads to e9. (The stone on a7 may reach a9, but it is not the one.)
                Step::new(
                    after("Wa7 end Wi9 end Wc5 end Wa5"),
                    &["a5-e9"],
                    |_, now| {
                        now.stone_at(v("a5")).is_none() && now.stone_at(v("e9")) == Some(White)
                    },
                ),
                // Green put a Dark Blue stone on e5: the white one on a9 may no longer move,
                // though its way along the bottom row is clear.
                Step::new(
                    after("Wa9 end De5 end Wa1 end Wc5"),
                    &["e5-i9"],
                    stone_on("i9", DarkBlue),
                ),
            ],
        },
        Lesson {
            id: "scoring",
            steps: vec![
                // A Green stone in the top or bottom-left territory, not on their join a5.
                Step::new(after("Wa1 end Wi9 end Wa9 end"), &["Gc3"], |_, now| {
                    now.score(Seat(1)) < 0
                }),
                // Green places a Dark Blue stone outside the top territory costing Dark Blue
                // nothing: only e9, the join of the two bottom territories.
                Step::new(
                    after("Wa1 end Wi9 end Wa9 end Gc3 end"),
                    &["De9"],
                    |start, now| {
                        count(now, DarkBlue) > count(start, DarkBlue)
                            && now.stones(DarkBlue) & top() == 0
                            && now.score(Seat(0)) == start.score(Seat(0))
                    },
                ),
                // g7 (−1) to e5 (+1), past f6: the one slide home.
                Step::new(
                    after("Wa1 end Dg7 end Wi9 end Wc9"),
                    &["g7-e5"],
                    |start, now| now.score(mover(start)) > start.score(mover(start)),
                ),
            ],
        },
        Lesson {
            id: "power-triangles",
            steps: vec![
                // a3 and c3 are two corners of a1-a3-c3 and of the hole a3-c3-c5: a white
                // stone on a1 or c5.
                Step::new(
                    after("Wc3 end Da3 end Wi9 end"),
                    &["Wa1"],
                    power_triangle_made,
                ),
                // The Green stone on b3 lies on the sides of both; a3-a5-c5 is clear.
                Step::new(
                    after("Wc3 end Da3 end Wa5 end Gb3 end Wi9 end Wa9 end"),
                    &["Wc5"],
                    power_triangle_made,
                ),
            ],
        },
        Lesson {
            id: "extra-slides",
            steps: vec![
                // f7 is two slides from home; on e7 the stone makes e7-e8-f8 and slides on
                // along e7-e5.
                Step::new(
                    after("We8 end Df7 end Wf8 end Wa9"),
                    &["f7-e7", "e7-e5"],
                    |start, now| now.stones(own(start)) & top() != 0,
                ),
                // a1-a2-b2, owned when placing, gave the second slide g9 needs.
                Step::new(
                    after("Wa2 end Da1 end Wb2 end Wd9 end Dg9 end Wh9 end Wc5"),
                    &["g9-e9", "e9-e5"],
                    |start, now| (now.stones(own(start)) & top()).count_ones() == 2,
                ),
            ],
        },
        Lesson {
            id: "pickup",
            steps: vec![
                // The hole a3-c3-c5 holds the Green dot; a1-a3-c3 holds none.
                Step::new(
                    after("Wc3 end Da3 end Gg9 end"),
                    &["Wc5", "xg9"],
                    took(Green),
                ),
                // The Light Blue dot is in the hole e7-g7-g9; a3-c3-c5 would allow Green only.
                Step::new(
                    after("Wc3 end Da3 end De7 end Wg7 end Lb8 end Ga5 end"),
                    &["Wg9", "xb8"],
                    took(LightBlue),
                ),
                // a3 to a1 makes the top territory a1-a5-e5 (Green dot) by a slide.
                Step::new(
                    after("Wa5 end Da3 end Gg9 end We5 end Wc9 end Wb9 end Wi9"),
                    &["a3-a1", "xg9"],
                    took(Green),
                ),
            ],
        },
        Lesson {
            id: "once-a-turn",
            steps: vec![
                // a7-a9-c9 gave its slide when Dark Blue placed; a5 back to a7 forms it again
                // for nothing, a5 to c5 makes c3-c5-e5, new this turn.
                Step::new(
                    after("Wa9 end Da7 end Wc9 end Wc3 end We5 end Wi9 end Wg9 a7-a5"),
                    &["a5-c5"],
                    extra_slide_won,
                ),
                // The Green stone on a4 spoils a3-a5-c5; picking it up leaves a Power Triangle
                // that gives nothing this turn.
                Step::new(
                    after("Wc3 end Da3 end Wa5 end Ga4 end Wi9 end Wa9 end Wc5"),
                    &["xa4"],
                    |start, now| now.is_power_triangle(triangle("a3", "a5", "c5"), mover(start)),
                ),
            ],
        },
        Lesson {
            id: "the-end",
            steps: vec![
                // a5 gives one point; e9 to e5 the second, and the turn's end ends the game.
                Step::new(after("Wi9 end Da5 end De9 end Wc3"), &["e9-e5", "end"], won),
                // Dark Blue's pool is empty after this placement: the game ends with the
                // turn, Dark Blue and Green tied on 0 unless e9 goes to e5 (the one slide that
                // gains a point; b6 bars the way to a5).
                Step::new(
                    after(
                        "Ga3 end Da2 end Db8 end Lc4 end La7 end Gg8 end Gc8 end De9 end Db4 end \
                         Ld5 end Lc9 end Gh9 end Lh8 end Lf6 end Df8 end Gb5 end Wi9 end Gf7 end \
                         Wa9 end Wd9 end Wc3 end Wb6 end Wf9 end Wa4 end Wa1",
                    ),
                    &["e9-e5", "end"],
                    won_alone,
                ),
                // a5 and e5 score 2, g9 takes one away (f9 bars it from e9). A white stone on e9
                // makes the central hole, whose dots allow picking up one's own stone.
                Step::new(
                    after("Wf9 end Dg9 end Da5 end Wa9 end De5 end Wi9 end"),
                    &["We9", "xg9", "end"],
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

    fn play(g: &TriangleGame, record: &str) -> TriangleGame {
        let mut g = g.clone();
        for text in record.split_whitespace() {
            let mv = g.parse_legal(text).expect("legal");
            g.play(mv);
        }
        g
    }

    fn step(id: &str, n: usize) -> TriangleGame {
        let lessons = lessons();
        let lesson = lessons.iter().find(|l| l.id == id).expect("a lesson");
        lesson.steps[n].position.clone()
    }

    /// Forming a used Power Triangle again gives no slide; a new one gives one.
    #[test]
    fn a_power_triangle_gives_once_a_turn() {
        let g = step("once-a-turn", 0);
        assert_eq!(g.slides_left(), 1);
        let again = play(&g, "a5-a7");
        assert!(again.is_power_triangle(triangle("a7", "a9", "c9"), Seat(0)));
        assert_eq!(again.slides_left(), 0);
        assert_eq!(play(&g, "a5-c5").slides_left(), 1);
    }

    /// A pickup that clears a side leaves a Power Triangle but no extra slide.
    #[test]
    fn removing_a_stone_creates_nothing() {
        let g = step("once-a-turn", 1);
        assert_eq!(g.slides_left(), 2);
        assert_eq!(play(&g, "xa4").slides_left(), 1);
    }

    /// The empty pool ends the game: ending at once leaves Dark Blue and Green sharing it.
    #[test]
    fn an_empty_pool_ends_the_game() {
        let g = step("the-end", 1);
        assert_eq!(g.pool_size(Seat(0)), 0);
        assert_eq!(g.scores_now(), [0, 0, -2]);
        let tied = play(&g, "end");
        assert_eq!(tied.ended_by(), Some("pool"));
        assert_eq!(
            tied.outcome().unwrap().winners,
            Seats::only(Seat(0)).with(Seat(1))
        );
        assert_eq!(play(&g, "e9-e5 end").ended_by(), Some("pool"));
    }
}

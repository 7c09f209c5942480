//! The toy's two lessons: how a move takes points, and the move that wins (leaving rows whose
//! sizes' exclusive or is zero). They exist to show a kit's lessons at their smallest, and to
//! be taken through the server and a real browser like any game's.

use trigonal_core::{Game, Lesson, Step};

use crate::Toy;

/// The position after `moves` from the start.
fn after(moves: &[&str]) -> Toy {
    let mut toy = Toy::start();
    for text in moves {
        let mv = toy.parse_legal(text).expect("a lesson's setup is legal");
        toy.play(mv);
    }
    toy
}

/// Nim's rule: the side that leaves rows whose sizes' exclusive or is zero wins.
fn balanced(toy: &Toy) -> bool {
    toy.rows.iter().fold(0, |x, &n| x ^ n) == 0
}

pub fn lessons() -> Vec<Lesson<Toy>> {
    vec![
        Lesson {
            id: "taking",
            steps: vec![
                // Take row d whole: its first point takes every point right of it.
                Step::new(Toy::start(), &["d1"], |_, now| now.rows[3] == 0),
                // Take the last two points at once, and win.
                Step::new(after(&["d1", "c1", "a1"]), &["b1"], |start, now| {
                    now.outcome()
                        .is_some_and(|o| o.winners.contains(start.to_move))
                }),
            ],
        },
        Lesson {
            id: "winning",
            steps: vec![Step::new(Toy::start(), &["d1"], |_, now| balanced(now))],
        },
    ]
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_lessons_hold() {
        trigonal_core::lesson::check(&super::lessons(), 2);
    }
}

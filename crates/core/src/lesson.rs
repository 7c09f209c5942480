//! Lessons: short steps on the real board, each a position and one goal the rules engine checks.
//!
//! A game's kit lists its lessons (`trigonal_ai::Kit::lessons`). A step is a position reached
//! by the game's own rules, the goal as a test of the position the learner's moves lead to, and
//! the moves that reach it ("show me"). The learner plays on the server's rules; the step is
//! passed when the goal holds after one of the learner's moves, and missed when the learner's
//! turn ends (or as many moves as "show me" plays were made) without it.
//!
//! What a lesson *says* — its title, each step's explanation, goal and hint — is words, kept by
//! the front end per language under the lesson's and step's place (`<game>`, the lesson's `id`,
//! the step's index), as the rules pages are; nothing here is text for a person.

use std::fmt;
use std::sync::Arc;

use crate::dynamic::DynGame;
use crate::game::{Game, MoveError};
use crate::present::Present;
use crate::seat::Seat;

/// Whether a goal holds: given the step's position and the position the learner's moves led
/// to.
pub type Goal<G> = Arc<dyn Fn(&G, &G) -> bool + Send + Sync>;

/// One lesson: a few steps about one part of the rules.
pub struct Lesson<G: Game> {
    /// Its id among the game's lessons (`moving`, `captures`), a word of lower-case letters and
    /// hyphens, fixed once published: progress is kept under it.
    pub id: &'static str,
    /// Its steps, in order.
    pub steps: Vec<Step<G>>,
}

/// One step of a lesson.
pub struct Step<G: Game> {
    /// The position the step starts from.
    pub position: G,
    /// Whether the goal holds.
    pub goal: Goal<G>,
    /// Moves that reach the goal, canonical text, each by the seat to move in `position`: what
    /// "show me" plays.
    pub show: Vec<&'static str>,
}

impl<G: Game> Step<G> {
    /// A step from `position` whose goal is `goal`, reached by playing `show`.
    pub fn new(
        position: G,
        show: &[&'static str],
        goal: impl Fn(&G, &G) -> bool + Send + Sync + 'static,
    ) -> Step<G> {
        Step {
            position,
            goal: Arc::new(goal),
            show: show.to_vec(),
        }
    }

    /// The learner's seat: the seat to move in the step's position.
    pub fn seat(&self) -> Option<Seat> {
        self.position.to_move()
    }

    /// Plays `moves` (text) from the step's position and says where they led: passed as soon
    /// as the goal holds, missed when the learner's turn ended or they made as many moves as
    /// [`Step::show`] without it, else still going. A move that cannot be played (or a move
    /// after the step was passed or missed) is refused with the index of the move.
    pub fn attempt(&self, moves: &[String]) -> Result<Played<G>, (usize, StepError)> {
        let seat = self.seat();
        let mut position = self.position.clone();
        let mut state = Attempt::Going;
        let mut canonical = Vec::with_capacity(moves.len());
        for (i, text) in moves.iter().enumerate() {
            if state != Attempt::Going {
                return Err((i, StepError::Ended(state)));
            }
            let mv = position.parse_legal(text).map_err(|e| (i, e.into()))?;
            canonical.push(mv.to_string());
            position.play(mv);
            state = if (self.goal)(&self.position, &position) {
                Attempt::Passed
            } else if position.to_move() != seat || i + 1 >= self.show.len().max(1) {
                Attempt::Missed
            } else {
                Attempt::Going
            };
        }
        Ok(Played {
            state,
            position,
            moves: canonical,
        })
    }
}

/// Where a learner's moves in a step led.
pub struct Played<P> {
    /// Passed, missed or still going.
    pub state: Attempt,
    /// The position they led to.
    pub position: P,
    /// The moves, in canonical notation.
    pub moves: Vec<String>,
}

/// Where a learner's moves in a step stand.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Attempt {
    /// The goal holds.
    Passed,
    /// The learner's turn is over (or they made as many moves as "show me" does) without it.
    Missed,
    /// The learner is still to move and the goal does not hold yet.
    Going,
}

impl fmt::Display for Attempt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Attempt::Passed => "passed",
            Attempt::Missed => "missed",
            Attempt::Going => "going",
        })
    }
}

/// Why moves in a step were refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StepError {
    /// The move cannot be played there.
    #[error(transparent)]
    Move(#[from] MoveError),
    /// The step was already passed or missed before this move.
    #[error("the step was {0} before this move")]
    Ended(Attempt),
}

/// What a game's lessons must keep, for its tests: at least `min` lessons with distinct ids of
/// lower-case letters and hyphens; in every step a position not over, a goal that does not hold
/// at the start, "show me" moves that pass the step (the last of them passing it), and at least
/// one legal first move that does not pass it — a goal every move reaches teaches nothing.
/// Panics with the lesson and step that break it.
pub fn check<G: Game>(lessons: &[Lesson<G>], min: usize) {
    assert!(
        lessons.len() >= min,
        "{}: {} lessons, at least {min} wanted",
        G::ID,
        lessons.len()
    );
    let mut ids = std::collections::HashSet::new();
    for lesson in lessons {
        let id = lesson.id;
        assert!(
            !id.is_empty()
                && id.chars().all(|c| c.is_ascii_lowercase() || c == '-')
                && ids.insert(id),
            "{}: lesson id {id:?} is not a fresh word of a-z and hyphens",
            G::ID
        );
        assert!(!lesson.steps.is_empty(), "{}/{id}: no steps", G::ID);
        for (n, step) in lesson.steps.iter().enumerate() {
            let at = format!("{}/{id} step {n}", G::ID);
            assert!(step.seat().is_some(), "{at}: the game is over");
            assert!(!step.show.is_empty(), "{at}: nothing to show");
            assert!(
                !(step.goal)(&step.position, &step.position),
                "{at}: the goal holds before any move"
            );
            let show: Vec<String> = step.show.iter().map(|m| m.to_string()).collect();
            match step.attempt(&show).map(|p| p.state) {
                Ok(Attempt::Passed) => {}
                Ok(state) => panic!("{at}: \"show me\" ends {state}"),
                Err((i, e)) => panic!("{at}: \"show me\" move {i} {:?}: {e}", step.show[i]),
            }
            let mut legal = Vec::new();
            step.position.legal_moves(&mut legal);
            let missed = legal.iter().any(|mv| {
                let mut after = step.position.clone();
                after.play(*mv);
                !(step.goal)(&step.position, &after)
            });
            assert!(missed, "{at}: every first move reaches the goal");
        }
    }
}

/// A step of some game's lesson, for code that picks the game at run time: positions as
/// [`DynGame`], moves as text.
pub trait DynStep: Send + Sync {
    /// The step's position.
    fn position(&self) -> Box<dyn DynGame>;
    /// The moves "show me" plays.
    fn show(&self) -> &[&'static str];
    /// [`Step::attempt`], the position reached boxed.
    fn attempt(&self, moves: &[String]) -> Result<Played<Box<dyn DynGame>>, (usize, StepError)>;
}

impl<G: Present> DynStep for Step<G> {
    fn position(&self) -> Box<dyn DynGame> {
        Box::new(self.position.clone())
    }
    fn show(&self) -> &[&'static str] {
        &self.show
    }
    fn attempt(&self, moves: &[String]) -> Result<Played<Box<dyn DynGame>>, (usize, StepError)> {
        let played = Step::attempt(self, moves)?;
        Ok(Played {
            state: played.state,
            position: Box::new(played.position),
            moves: played.moves,
        })
    }
}

/// A lesson of some game, for code that picks the game at run time.
pub struct DynLesson {
    /// The lesson's id.
    pub id: &'static str,
    /// Its steps.
    pub steps: Vec<Box<dyn DynStep>>,
}

impl<G: Present> From<Lesson<G>> for DynLesson {
    fn from(lesson: Lesson<G>) -> DynLesson {
        DynLesson {
            id: lesson.id,
            steps: lesson
                .steps
                .into_iter()
                .map(|s| Box::new(s) as Box<dyn DynStep>)
                .collect(),
        }
    }
}

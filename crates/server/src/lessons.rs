//! Lessons (docs/api.md, "Lessons"): each game's lessons as its kit lists them, a step's
//! position to draw, the learner's moves in a step played on the game's own rules and judged
//! against the step's goal, and the lessons an account finished. The words of a lesson are the
//! front end's; what is served here is positions, moves and verdicts.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};
use trigonal_core::lesson::StepError;
use trigonal_core::DynLesson;
use trigonal_store::{now_ms, LessonDone};

use crate::accounts::SignedIn;
use crate::error::{ApiError, Reason};
use crate::state::AppState;
use crate::view::{self, PositionView};

/// Every game's lessons, built once (their positions are replayed from the start).
fn all() -> &'static BTreeMap<&'static str, Vec<DynLesson>> {
    static LESSONS: OnceLock<BTreeMap<&'static str, Vec<DynLesson>>> = OnceLock::new();
    LESSONS.get_or_init(|| {
        trigonal_games::GAMES
            .iter()
            .map(|g| (g.id, (g.lessons)()))
            .collect()
    })
}

fn no_lesson(game: &str, id: &str) -> ApiError {
    ApiError::NotFound(
        Reason::new(
            "no-lesson",
            format!(
                "no lesson {:?} of {:?}",
                trigonal_core::clipped(id),
                trigonal_core::clipped(game)
            ),
        )
        .with("game", trigonal_core::clipped(game))
        .with("lesson", trigonal_core::clipped(id)),
    )
}

/// Lesson `id` of `game`, and its place among the game's.
fn find(game: &str, id: &str) -> Result<(usize, &'static DynLesson), ApiError> {
    all()
        .get(game)
        .and_then(|lessons| lessons.iter().enumerate().find(|(_, l)| l.id == id))
        .ok_or_else(|| no_lesson(game, id))
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct Listing {
    games: Vec<GameLessons>,
}

#[derive(Serialize, utoipa::ToSchema)]
struct GameLessons {
    game: &'static str,
    name: &'static str,
    lessons: Vec<LessonEntry>,
}

#[derive(Serialize, utoipa::ToSchema)]
struct LessonEntry {
    id: &'static str,
    steps: usize,
}

/// Every game that has lessons, in the lobby's order, with its lessons in the order taken.
pub fn listing() -> Listing {
    let games = trigonal_games::GAMES
        .iter()
        .filter_map(|g| {
            let lessons = all().get(g.id)?;
            (!lessons.is_empty()).then(|| GameLessons {
                game: g.id,
                name: g.name,
                lessons: lessons
                    .iter()
                    .map(|l| LessonEntry {
                        id: l.id,
                        steps: l.steps.len(),
                    })
                    .collect(),
            })
        })
        .collect();
    Listing { games }
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct LessonView {
    game: &'static str,
    id: &'static str,
    /// The lesson after this one, if any.
    next: Option<&'static str>,
    steps: Vec<StepView>,
}

#[derive(Serialize, utoipa::ToSchema)]
struct StepView {
    #[serde(flatten)]
    position: PositionView,
    /// The moves "show me" plays.
    show: &'static [&'static str],
}

/// Lesson `id` of `game`: each step's position and what "show me" plays.
pub fn lesson(game: &str, id: &str) -> Result<LessonView, ApiError> {
    let (index, lesson) = find(game, id)?;
    let lessons = &all()[game];
    Ok(LessonView {
        game: trigonal_games::info(game).expect("a game with lessons").id,
        id: lesson.id,
        next: lessons.get(index + 1).map(|l| l.id),
        steps: lesson
            .steps
            .iter()
            .map(|step| StepView {
                position: view::position(&*step.position()),
                show: step.show(),
            })
            .collect(),
    })
}

/// The learner's moves in a step, from its start.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct StepRequest {
    moves: Vec<String>,
}

/// Where the moves stand, and the position they led to.
#[derive(Serialize, utoipa::ToSchema)]
pub struct StepReply {
    /// `passed`, `missed` or `going`.
    status: String,
    /// The moves played, canonical.
    moves: Vec<String>,
    #[serde(flatten)]
    position: PositionView,
}

/// No step is longer than this many moves; more is refused before anything is played.
const STEP_MOVES: usize = 64;

/// Plays `req`'s moves in step `n` of lesson `id` of `game` and judges them.
pub fn step(game: &str, id: &str, n: &str, req: StepRequest) -> Result<StepReply, ApiError> {
    let (_, lesson) = find(game, id)?;
    let step = n
        .parse::<usize>()
        .ok()
        .and_then(|n| lesson.steps.get(n))
        .ok_or_else(|| {
            ApiError::NotFound(
                Reason::new(
                    "no-lesson-step",
                    format!(
                        "lesson {id:?} has steps 0 to {}, not {:?}",
                        lesson.steps.len() - 1,
                        trigonal_core::clipped(n)
                    ),
                )
                .with("steps", lesson.steps.len()),
            )
        })?;
    if req.moves.len() > STEP_MOVES {
        return Err(ApiError::BadRequest(
            format!("at most {STEP_MOVES} moves in a step").into(),
        ));
    }
    let played = step.attempt(&req.moves).map_err(|(i, e)| match e {
        StepError::Move(e) => ApiError::Unprocessable(
            Reason::new("illegal-move", format!("move {}: {e}", i + 1)).with("index", i),
        ),
        StepError::Ended(state) => ApiError::Conflict(
            Reason::new(
                "step-ended",
                format!("move {}: the step was {state} before it", i + 1),
            )
            .with("index", i),
        ),
    })?;
    Ok(StepReply {
        status: played.state.to_string(),
        moves: played.moves,
        position: view::position(&*played.position),
    })
}

/// A lesson finished, as the account's list names it.
#[derive(Serialize, Deserialize, utoipa::ToSchema)]
pub struct Finished {
    game: String,
    lesson: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct Progress {
    done: Vec<DoneView>,
}

#[derive(Serialize, utoipa::ToSchema)]
struct DoneView {
    game: String,
    lesson: String,
    at: String,
}

fn progress(done: Vec<LessonDone>) -> Progress {
    Progress {
        done: done
            .into_iter()
            .map(|d| DoneView {
                game: d.game,
                lesson: d.lesson,
                at: view::rfc3339(d.done),
            })
            .collect(),
    }
}

/// The lessons the signed-in account finished.
pub async fn done(state: &AppState, signed_in: &SignedIn) -> Result<Progress, ApiError> {
    Ok(progress(
        state.store.lessons_done(&signed_in.account.id).await?,
    ))
}

/// Marks a lesson finished by the signed-in account (a lesson that exists), and says all it
/// finished.
pub async fn finish(
    state: &AppState,
    signed_in: &SignedIn,
    req: Finished,
) -> Result<Progress, ApiError> {
    find(&req.game, &req.lesson)?;
    let account = &signed_in.account.id;
    state
        .store
        .finish_lesson(account, &req.game, &req.lesson, now_ms())
        .await?;
    done(state, signed_in).await
}

//! What a stored tournament says, read off its row: its system, who still plays, its rounds so
//! far as the pairing crate takes them, each entrant's finished tables, the tables being played,
//! an arena's end. Shared by the API ([`crate::tournaments`]) and the director
//! ([`crate::director`]); it knows neither.

use trigonal_store::{EntrantRow, RoundTable, TournamentRow};
use trigonal_tournament::{arena, swiss, Entrant};

use crate::error::{ApiError, Reason};
use crate::state::AppState;

/// How a tournament pairs its players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum System {
    /// Rounds, two players a game, by score.
    Swiss,
    /// A stretch of time; tables seated as players become free.
    Arena,
}

impl System {
    /// The system `word` names.
    pub fn parse(word: &str) -> Option<System> {
        match word {
            "swiss" => Some(System::Swiss),
            "arena" => Some(System::Arena),
            _ => None,
        }
    }

    /// Its word.
    pub fn as_str(self) -> &'static str {
        match self {
            System::Swiss => "swiss",
            System::Arena => "arena",
        }
    }
}

/// The system of stored tournament `t`.
pub(crate) fn system(t: &TournamentRow) -> Result<System, ApiError> {
    System::parse(&t.system).ok_or_else(|| {
        ApiError::Internal(format!("tournament {}: no system {:?}", t.id, t.system).into())
    })
}

/// The entrants of `t` who have not withdrawn.
pub(crate) fn active(t: &TournamentRow) -> impl Iterator<Item = &EntrantRow> {
    t.entrants.iter().filter(|e| !e.withdrawn)
}

/// An arena's end: its start (or planned start) plus its minutes.
pub(crate) fn ends(t: &TournamentRow) -> Option<i64> {
    t.minutes
        .map(|m| t.started.unwrap_or(t.starts) + i64::from(m) * 60_000)
}

/// The fewest entrants `t` starts with: a table's seats, and two at least.
pub(crate) fn least(t: &TournamentRow) -> usize {
    t.players.max(2)
}

/// The Swiss rounds played so far in `t`'s tables (a table still being played left out).
pub(crate) fn played(t: &TournamentRow) -> Vec<swiss::Played> {
    let rounds = t.tables.iter().map(|x| x.round).max().unwrap_or(0);
    (1..=rounds)
        .map(|r| {
            let mut round = swiss::Played::default();
            for x in t.tables.iter().filter(|x| x.round == r) {
                match (x.seated.as_slice(), x.places.as_deref()) {
                    ([bye], _) => round.bye = Some(bye.clone()),
                    ([first, second], Some([a, b])) => round.games.push((
                        swiss::Pairing {
                            first: first.clone(),
                            second: second.clone(),
                        },
                        match a.cmp(b) {
                            std::cmp::Ordering::Less => swiss::Result::First,
                            std::cmp::Ordering::Equal => swiss::Result::Draw,
                            std::cmp::Ordering::Greater => swiss::Result::Second,
                        },
                    )),
                    _ => {}
                }
            }
            round
        })
        .collect()
}

/// An entrant as the pairing crate sees them.
pub(crate) fn entrant(e: &EntrantRow) -> Entrant {
    Entrant::new(e.id.clone(), e.rating)
}

/// Entrant `id`'s finished arena tables, in the order played.
pub(crate) fn finishes(t: &TournamentRow, id: &str) -> Vec<arena::Finish> {
    t.tables
        .iter()
        .filter_map(|x| {
            let seat = x.seated.iter().position(|s| s == id)?;
            let places = x.places.clone()?;
            Some(arena::Finish {
                place: places[seat],
                places,
            })
        })
        .collect()
}

/// The tables of `t` being played.
pub(crate) fn unfinished(t: &TournamentRow) -> impl Iterator<Item = &RoundTable> {
    t.tables.iter().filter(|x| x.places.is_none())
}

/// No tournament `id`.
pub(crate) fn no_tournament(id: &str) -> ApiError {
    ApiError::NotFound(
        Reason::new("no-tournament", format!("there is no tournament {id}"))
            .with("id", trigonal_core::clipped(id)),
    )
}

/// Tournament `id` as stored, or 404.
pub(crate) async fn load(state: &AppState, id: &str) -> Result<TournamentRow, ApiError> {
    state
        .store
        .load_tournament(id)
        .await?
        .ok_or_else(|| no_tournament(id))
}

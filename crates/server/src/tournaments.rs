//! Tournaments as the API makes and shows them, apart from HTTP: made by a signed-in person,
//! entered and left, started by their creator or at their time, and shown with standings worked
//! out from the stored tables by `trigonal_tournament` (Swiss points and tie-breaks, or an
//! arena's placing points and streaks). Pairing rounds and recording results is the
//! [`crate::director`]'s; docs/api.md, "Tournaments", is the contract.

use serde::{Deserialize, Serialize};
use time::format_description::well_known::Rfc3339;
use time::OffsetDateTime;
use trigonal_store::{now_ms, random_id, Entered, EntrantRow, Status, TournamentRow, Withdrawn};
use trigonal_tournament::{arena, swiss, Entrant};

use crate::tournament_rows::{
    active, ends, entrant, finishes, least, load, no_tournament, played, system, unfinished, System,
};

use crate::accounts::SignedIn;
use crate::error::{ApiError, Reason};
use crate::seeks::{Kind, Viewer};
use crate::state::AppState;
use crate::view::rfc3339;

/// Rounds of a Swiss tournament: the default, and the most.
const ROUNDS: (u32, u32) = (5, 15);
/// Minutes of an arena: the default, and the most.
const MINUTES: (u32, u32) = (60, 1440);
/// Entrants: the default capacity, and the most.
const CAPACITY: (usize, usize) = (64, 256);
/// The longest name.
const NAME: usize = 60;
/// How far ahead a start may be.
const AHEAD_MS: i64 = 30 * 86_400_000;
/// A start this little in the past (a clock a little behind) means now.
const JUST_PAST_MS: i64 = 60_000;
/// When a tournament starts if its creator does not say.
const DEFAULT_START_MS: i64 = 10 * 60_000;
/// How long a finished tournament stays listed.
pub(crate) const LISTED_MS: i64 = 7 * 86_400_000;

/// `POST /api/tournaments`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewTournament {
    /// Its name.
    pub name: String,
    /// `swiss` or `arena`.
    pub system: String,
    /// The registry id of its game.
    #[schema(schema_with = crate::openapi::game_id)]
    pub game: String,
    /// Seats at each table, or the game's default.
    #[serde(default)]
    pub players: Option<usize>,
    /// The variant, or the game's default.
    #[serde(default)]
    pub variant: Option<String>,
    /// The clock (required).
    #[serde(default)]
    #[schema(schema_with = crate::openapi::control_spec_or_null)]
    pub clock: Option<trigonal_clock::ControlSpec>,
    /// Whether its games are rated.
    #[serde(default)]
    pub rated: bool,
    /// A Swiss tournament's rounds.
    #[serde(default)]
    pub rounds: Option<u32>,
    /// An arena's minutes.
    #[serde(default)]
    pub minutes: Option<u32>,
    /// When it starts, RFC 3339.
    #[serde(default)]
    pub starts: Option<String>,
    /// The most entrants.
    #[serde(default)]
    pub capacity: Option<usize>,
}

/// `POST /api/tournaments/{id}/computer`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewComputer {
    /// The computer's level.
    #[schema(schema_with = crate::openapi::level)]
    pub level: String,
}

/// A tournament as one viewer sees it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct TournamentView {
    id: String,
    name: String,
    system: String,
    game: String,
    game_name: String,
    players: usize,
    variant: Option<String>,
    #[schema(schema_with = crate::openapi::control_or_null)]
    clock: Option<trigonal_clock::Control>,
    rated: bool,
    rounds: Option<u32>,
    minutes: Option<u32>,
    capacity: usize,
    starts: String,
    started: Option<String>,
    ends: Option<String>,
    ended: Option<String>,
    status: &'static str,
    round: Option<u32>,
    creator: String,
    mine: bool,
    joined: bool,
    entrants: usize,
    #[serde(flatten)]
    detail: Option<Detail>,
}

/// What a tournament's own page shows besides what a list does.
#[derive(Debug, Serialize, utoipa::ToSchema)]
struct Detail {
    standings: Vec<StandingView>,
    tables: Vec<TableView>,
    playing: Option<Playing>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
struct StandingView {
    rank: usize,
    name: String,
    computer: Option<String>,
    rating: i32,
    points: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    buchholz: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    sonneborn_berger: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    streak: Option<bool>,
    games: usize,
    playing: bool,
    withdrawn: bool,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
struct TableView {
    round: u32,
    table: u32,
    game: Option<String>,
    players: Vec<String>,
    places: Option<Vec<u8>>,
}

/// The viewer's game being played.
#[derive(Debug, Serialize, utoipa::ToSchema)]
struct Playing {
    game: String,
    seat: u8,
}

/// `GET /api/tournaments`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Tournaments {
    tournaments: Vec<TournamentView>,
}

/// The standings of `t`, best first.
fn standings(t: &TournamentRow, system: System) -> Vec<StandingView> {
    let by_id = |id: &str| t.entrants.iter().find(|e| e.id == id);
    let playing = |id: &str| unfinished(t).any(|x| x.seated.iter().any(|s| s == id));
    let games = |id: &str| {
        t.tables
            .iter()
            .filter(|x| x.game_id.is_some() && x.places.is_some())
            .filter(|x| x.seated.iter().any(|s| s == id))
            .count()
    };
    let line = |rank: usize, e: &EntrantRow, points: f64| StandingView {
        rank,
        name: e.name.clone(),
        computer: e.level.clone(),
        rating: e.rating,
        points,
        buchholz: None,
        sonneborn_berger: None,
        streak: None,
        games: games(&e.id),
        playing: playing(&e.id),
        withdrawn: e.withdrawn,
    };
    match system {
        System::Swiss => {
            let entrants: Vec<Entrant> = t.entrants.iter().map(entrant).collect();
            swiss::standings(&entrants, &played(t))
                .into_iter()
                .enumerate()
                .filter_map(|(i, s)| {
                    let mut l = line(i + 1, by_id(&s.id)?, f64::from(s.points) / 2.0);
                    l.buchholz = Some(f64::from(s.buchholz) / 2.0);
                    l.sonneborn_berger = Some(f64::from(s.sonneborn_berger) / 4.0);
                    Some(l)
                })
                .collect()
        }
        System::Arena => {
            let mut scored: Vec<(&EntrantRow, u32, bool)> = t
                .entrants
                .iter()
                .map(|e| {
                    let (points, streak) = arena::score(&finishes(t, &e.id));
                    (e, points, streak)
                })
                .collect();
            scored.sort_by(|a, b| {
                (b.1, b.0.rating)
                    .cmp(&(a.1, a.0.rating))
                    .then_with(|| a.0.joined.cmp(&b.0.joined))
            });
            scored
                .into_iter()
                .enumerate()
                .map(|(i, (e, points, streak))| {
                    let mut l = line(i + 1, e, f64::from(points));
                    l.streak = Some(streak);
                    l
                })
                .collect()
        }
    }
}

/// `t` as `viewer` (signed in or not) sees it; with its standings and tables when `detail`.
pub(crate) fn view(
    t: &TournamentRow,
    viewer: Option<&str>,
    detail: bool,
) -> Result<TournamentView, ApiError> {
    let system = system(t)?;
    let name_of = |id: &str| {
        t.entrants
            .iter()
            .find(|e| e.id == id)
            .map_or_else(|| id.to_string(), |e| e.name.clone())
    };
    let detail = detail.then(|| Detail {
        standings: standings(t, system),
        tables: t
            .tables
            .iter()
            .map(|x| TableView {
                round: x.round,
                table: x.n,
                game: x.game_id.clone(),
                players: x.seated.iter().map(|s| name_of(s)).collect(),
                places: x.places.clone(),
            })
            .collect(),
        playing: viewer.and_then(|me| {
            unfinished(t).find_map(|x| {
                let seat = x.seated.iter().position(|s| s == me)?;
                Some(Playing {
                    game: x.game_id.clone()?,
                    seat: seat as u8,
                })
            })
        }),
    });
    Ok(TournamentView {
        id: t.id.clone(),
        name: t.name.clone(),
        system: t.system.clone(),
        game: t.game.clone(),
        game_name: trigonal_games::info(&t.game)
            .map_or_else(|_| t.game.clone(), |i| i.name.to_string()),
        players: t.players,
        variant: t.variant.clone(),
        clock: t
            .clock
            .as_deref()
            .and_then(|c| serde_json::from_str(c).ok()),
        rated: t.rated,
        rounds: t.rounds,
        minutes: t.minutes,
        capacity: t.capacity,
        starts: rfc3339(t.starts),
        started: t.started.map(rfc3339),
        ends: ends(t).map(rfc3339),
        ended: t.ended.map(rfc3339),
        status: t.status.as_str(),
        // A list is read without the tables: its rounds are not known there.
        round: (system == System::Swiss && detail.is_some())
            .then(|| t.tables.iter().map(|x| x.round).max().unwrap_or_default()),
        creator: t.creator_name.clone(),
        mine: viewer == Some(t.creator.as_str()),
        joined: viewer.is_some_and(|me| active(t).any(|e| e.id == me)),
        entrants: active(t).count(),
        detail,
    })
}

/// When a tournament asked to start at `starts` (RFC 3339; none: the default) starts, checked.
fn start_time(starts: Option<&str>, now: i64) -> Result<i64, ApiError> {
    let Some(text) = starts else {
        return Ok(now + DEFAULT_START_MS);
    };
    let at = OffsetDateTime::parse(text, &Rfc3339)
        .map(|t| (t.unix_timestamp_nanos() / 1_000_000) as i64)
        .map_err(|_| {
            ApiError::BadRequest(Reason::new(
                "tournament-starts",
                format!(
                    "{:?} is not a time (RFC 3339)",
                    trigonal_core::clipped(text)
                ),
            ))
        })?;
    if at < now - JUST_PAST_MS || at > now + AHEAD_MS {
        return Err(ApiError::BadRequest(Reason::new(
            "tournament-starts",
            "a tournament starts within the next 30 days",
        )));
    }
    Ok(at.max(now))
}

/// Makes a tournament of `signed_in`'s, waiting for entrants.
pub async fn create(
    state: &AppState,
    signed_in: &SignedIn,
    req: NewTournament,
) -> Result<TournamentView, ApiError> {
    let name = req.name.trim().to_string();
    if name.is_empty() || name.chars().count() > NAME || name.chars().any(char::is_control) {
        return Err(ApiError::BadRequest(Reason::new(
            "tournament-name",
            format!(
                "a tournament's name has 1 to {NAME} characters, none of them control characters"
            ),
        )));
    }
    let system = System::parse(&req.system).ok_or_else(|| {
        ApiError::BadRequest(Reason::new(
            "tournament-system",
            format!(
                "a tournament's system is swiss or arena, not {:?}",
                trigonal_core::clipped(&req.system)
            ),
        ))
    })?;
    let kind = Kind::of(&req.game, req.players, req.variant, req.clock)?;
    let players = kind.position.players();
    if system == System::Swiss && players != 2 {
        return Err(ApiError::BadRequest(Reason::new(
            "tournament-system",
            "a Swiss tournament is for two-player games: make an arena for more",
        )));
    }
    let control = kind.control.ok_or_else(|| {
        ApiError::BadRequest(Reason::new(
            "tournament-clock",
            "a tournament's games need a clock",
        ))
    })?;
    if system == System::Arena && matches!(control, trigonal_clock::Control::Correspondence { .. })
    {
        return Err(ApiError::BadRequest(Reason::new(
            "tournament-clock",
            "an arena is played over the board: its clock cannot be by correspondence",
        )));
    }
    let (rounds, minutes) = match system {
        System::Swiss => {
            let n = req.rounds.unwrap_or(ROUNDS.0);
            if !(1..=ROUNDS.1).contains(&n) {
                return Err(ApiError::BadRequest(Reason::new(
                    "tournament-rounds",
                    format!("a Swiss tournament has 1 to {} rounds", ROUNDS.1),
                )));
            }
            (Some(n), None)
        }
        System::Arena => {
            let n = req.minutes.unwrap_or(MINUTES.0);
            if !(1..=MINUTES.1).contains(&n) {
                return Err(ApiError::BadRequest(Reason::new(
                    "tournament-minutes",
                    format!("an arena lasts 1 to {} minutes", MINUTES.1),
                )));
            }
            (None, Some(n))
        }
    };
    let capacity = req.capacity.unwrap_or(CAPACITY.0);
    if !(2..=CAPACITY.1).contains(&capacity) {
        return Err(ApiError::BadRequest(Reason::new(
            "tournament-capacity",
            format!("a tournament takes 2 to {} players", CAPACITY.1),
        )));
    }
    let now = now_ms();
    let starts = start_time(req.starts.as_deref(), now)?;
    let me = &signed_in.account;
    let t = TournamentRow {
        id: random_id(),
        name,
        system: system.as_str().to_string(),
        creator: me.id.clone(),
        creator_name: me.name.clone(),
        game: kind.info.id.to_string(),
        players,
        variant: kind.position.options().variant,
        clock: Some(serde_json::to_string(&control).expect("a control is JSON")),
        rated: req.rated,
        rounds,
        minutes,
        capacity,
        starts,
        status: Status::Waiting,
        created: now,
        started: None,
        ended: None,
        entrants: Vec::new(),
        tables: Vec::new(),
    };
    state.store.insert_tournament(t.clone()).await?;
    tracing::info!(tournament = %t.id, system = %t.system, game = %t.game, "tournament made");
    view(&t, Some(&me.id), true)
}

/// The tournaments listed now.
pub async fn list(state: &AppState, viewer: Option<&SignedIn>) -> Result<Tournaments, ApiError> {
    let me = viewer.map(|s| s.account.id.as_str());
    let tournaments = state
        .store
        .list_tournaments(now_ms() - LISTED_MS)
        .await?
        .iter()
        .map(|t| view(t, me, false))
        .collect::<Result<_, _>>()?;
    Ok(Tournaments { tournaments })
}

/// Tournament `id` as `viewer` sees it.
pub async fn show(
    state: &AppState,
    viewer: Option<&SignedIn>,
    id: &str,
) -> Result<TournamentView, ApiError> {
    let t = load(state, id).await?;
    view(&t, viewer.map(|s| s.account.id.as_str()), true)
}

/// Why an entry was refused, as the API says it.
fn refused(entered: Entered, id: &str) -> ApiError {
    match entered {
        Entered::Already => ApiError::Conflict(Reason::new(
            "tournament-joined",
            "you are in this tournament already",
        )),
        Entered::Full => ApiError::Conflict(Reason::new(
            "tournament-full",
            "this tournament has all the players it takes",
        )),
        Entered::Started => ApiError::Conflict(Reason::new(
            "tournament-started",
            "this tournament has started: it takes nobody new",
        )),
        Entered::Over => {
            ApiError::Conflict(Reason::new("tournament-over", "this tournament is over"))
        }
        Entered::Gone | Entered::Joined => no_tournament(id),
    }
}

/// Enters `entrant` in tournament `t`.
async fn enter(state: &AppState, t: &TournamentRow, entrant: EntrantRow) -> Result<(), ApiError> {
    let late = system(t)? == System::Arena;
    match state.store.enter_tournament(&t.id, entrant, late).await? {
        Entered::Joined => Ok(()),
        refusal => Err(refused(refusal, &t.id)),
    }
}

/// `signed_in` enters tournament `id`.
pub async fn join(
    state: &AppState,
    signed_in: &SignedIn,
    id: &str,
) -> Result<TournamentView, ApiError> {
    let t = load(state, id).await?;
    let me = &signed_in.account;
    let pool = trigonal_games::info(&t.game)
        .map(|i| (i.pool)(t.players))
        .map_err(|e| ApiError::Internal(format!("tournament {id}: {e}").into()))?;
    let rating = Viewer::new(state, Some(signed_in))
        .rating(state, &pool)
        .await?
        .unwrap_or_default();
    let entrant = EntrantRow {
        id: me.id.clone(),
        name: me.name.clone(),
        rating,
        level: None,
        withdrawn: false,
        joined: now_ms(),
    };
    enter(state, &t, entrant).await?;
    show(state, Some(signed_in), id).await
}

/// `signed_in` withdraws from tournament `id`.
pub async fn withdraw(
    state: &AppState,
    signed_in: &SignedIn,
    id: &str,
) -> Result<TournamentView, ApiError> {
    match state
        .store
        .withdraw_from_tournament(id, &signed_in.account.id)
        .await?
    {
        Withdrawn::Out => show(state, Some(signed_in), id).await,
        Withdrawn::NotIn => Err(ApiError::Conflict(Reason::new(
            "not-in-tournament",
            "you are not playing in this tournament",
        ))),
        Withdrawn::Over => Err(ApiError::Conflict(Reason::new(
            "tournament-over",
            "this tournament is over",
        ))),
        Withdrawn::Gone => Err(no_tournament(id)),
    }
}

/// Tournament `id`, checked to be `signed_in`'s own.
async fn own(state: &AppState, signed_in: &SignedIn, id: &str) -> Result<TournamentRow, ApiError> {
    let t = load(state, id).await?;
    if t.creator != signed_in.account.id {
        return Err(ApiError::Forbidden(Reason::new(
            "not-tournament-creator",
            "only the one who made the tournament may do that",
        )));
    }
    Ok(t)
}

/// The rating a computer entrant is ordered by (it has no rating of its own): a guess at its
/// strength, weakest first.
fn computer_rating(level: trigonal_ai::Level) -> i32 {
    use trigonal_ai::Level;
    match level {
        Level::Random => 600,
        Level::Easy => 1100,
        Level::Medium => 1400,
        Level::Hard => 1700,
        Level::Max => 1900,
    }
}

/// The creator of tournament `id` enters the computer at level `level`.
pub async fn add_computer(
    state: &AppState,
    signed_in: &SignedIn,
    id: &str,
    req: NewComputer,
) -> Result<TournamentView, ApiError> {
    let t = own(state, signed_in, id).await?;
    let level: trigonal_ai::Level = req.level.parse().map_err(|_| {
        ApiError::BadRequest(
            Reason::new(
                "unknown-level",
                format!(
                    "there is no computer level {:?}",
                    trigonal_core::clipped(&req.level)
                ),
            )
            .with("level", trigonal_core::clipped(&req.level)),
        )
    })?;
    let entrant = EntrantRow {
        id: format!("computer:{level}"),
        name: format!("Computer ({level})"),
        rating: computer_rating(level),
        level: Some(level.to_string()),
        withdrawn: false,
        joined: now_ms(),
    };
    enter(state, &t, entrant).await?;
    show(state, Some(signed_in), id).await
}

/// The creator of tournament `id` starts it now.
pub async fn start(
    state: &AppState,
    signed_in: &SignedIn,
    id: &str,
) -> Result<TournamentView, ApiError> {
    let t = own(state, signed_in, id).await?;
    match t.status {
        Status::Waiting => {}
        Status::Running => {
            return Err(ApiError::Conflict(Reason::new(
                "tournament-started",
                "this tournament has started already",
            )))
        }
        Status::Finished | Status::Cancelled => {
            return Err(ApiError::Conflict(Reason::new(
                "tournament-over",
                "this tournament is over",
            )))
        }
    }
    let (n, least) = (active(&t).count(), least(&t));
    if n < least {
        return Err(ApiError::Conflict(
            Reason::new(
                "tournament-too-few",
                format!(
                    "it has {n} player{}, and needs at least {least} to start",
                    if n == 1 { "" } else { "s" }
                ),
            )
            .with("n", n)
            .with("least", least),
        ));
    }
    crate::director::start(state, &t, now_ms()).await?;
    show(state, Some(signed_in), id).await
}

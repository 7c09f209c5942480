//! Quick pairing ("play now"): a person asks for a game of some kind and is seated with whoever
//! of a rating near theirs asks for the same. Each request is a quick seek, whose window of
//! ratings is ±[`seeks::WINDOW`] when made and widens by [`crate::Limits::quick_widening`] (10)
//! a second it waits ([`seeks::range_at`]). Two people fit when each one's rating is in the other's window. A
//! request joins the fitting seek whose seeker's rating is closest to the requester's (the oldest
//! among equals), else makes a seek of its own;
//! and each process, whenever the seeks change and every [`TICK`], moves people who wait alone in
//! a quick seek into an older fitting one (closest first), so that two who asked at once on two
//! processes still meet. The store's transactions keep each seek one game. After
//! [`crate::Limits::computer_offer`] a seeker may start their seek with the computer in the seats
//! nobody took.

use std::collections::HashSet;
use std::time::Duration;

use serde::Deserialize;
use trigonal_store::{now_ms, Left, SeekRow, Taken};

use crate::accounts::SignedIn;
use crate::error::{ApiError, Reason};
use crate::seeks::{self, range_at, Accepted, Kind, Viewer};
use crate::state::AppState;

/// How often each process looks for people to bring together, besides whenever seeks change.
pub const TICK: Duration = Duration::from_secs(2);

/// `POST /api/quick`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayNow {
    /// The registry id.
    #[schema(schema_with = crate::openapi::game_id)]
    pub game: String,
    /// The number of players, or the game's default.
    #[serde(default)]
    pub players: Option<usize>,
    /// The variant, or the game's default.
    #[serde(default)]
    pub variant: Option<String>,
    /// The time control.
    #[serde(default)]
    #[schema(schema_with = crate::openapi::control_spec_or_null)]
    pub clock: Option<trigonal_clock::ControlSpec>,
    /// Whether the game will be rated.
    #[serde(default)]
    pub rated: bool,
}

/// Whether seeks `a` and `b` ask for the same kind of game.
fn same_kind(a: &SeekRow, b: &SeekRow) -> bool {
    (&a.game, a.players, &a.variant, &a.clock, a.rated)
        == (&b.game, b.players, &b.variant, &b.clock, b.rated)
}

/// Whether `seek` has room for someone.
fn open(seek: &SeekRow) -> bool {
    seek.game_id.is_none() && seek.seats.len() < seek.players
}

/// The quick seeks among `seeks` that `mine` (a quick seek, or the one a request would make) may
/// move into at `now`: open, of its kind, older, without its seeker nor anyone in a block with
/// them (`blocked`), each seeker's rating in the other's window (widening by `widening` a
/// second); the closest rating first, then the oldest.
fn fitting<'a>(
    seeks: &'a [SeekRow],
    mine: &SeekRow,
    now: i64,
    widening: i32,
    blocked: &HashSet<String>,
) -> Vec<&'a SeekRow> {
    let me = &mine.seats[0];
    let within =
        |r: i32, range: Option<(i32, i32)>| range.is_none_or(|(a, b)| (a..=b).contains(&r));
    let mut found: Vec<&SeekRow> = seeks
        .iter()
        .filter(|t| {
            t.quick
                && t.id != mine.id
                && open(t)
                && same_kind(t, mine)
                && (t.created, &t.id) < (mine.created, &mine.id)
                && t.seats.iter().all(|s| s.account != me.account)
                && t.seats.iter().all(|s| !blocked.contains(&s.account))
                && within(me.rating, range_at(t, now, widening))
                && within(t.seats[0].rating, range_at(mine, now, widening))
        })
        .collect();
    found.sort_by_key(|t| ((t.seats[0].rating - me.rating).abs(), t.created));
    found
}

/// Seats `signed_in` in a game of the kind `req` asks for: in the fitting quick seek closest to
/// their rating, else in a quick seek of their own (theirs already, if they have one).
pub async fn play_now(
    state: &AppState,
    signed_in: &SignedIn,
    req: PlayNow,
) -> Result<Accepted, ApiError> {
    let kind = Kind::of(&req.game, req.players, req.variant, req.clock)?;
    let me = &signed_in.account;
    let mut viewer = Viewer::new(state, Some(signed_in));
    let pool = (kind.info.pool)(kind.position.players());
    let rating = viewer.rating(state, &pool).await?.unwrap_or_default();
    let now = now_ms();
    let mine = kind.seek(me, rating, req.rated, None, true, now);
    let seeks = state.store.list_seeks(now).await?;
    if let Some(waiting) = seeks.iter().find(|s| {
        s.quick && open(s) && same_kind(s, &mine) && s.seats.iter().any(|p| p.account == me.id)
    }) {
        return Ok(seeks::accepted(&viewer, waiting, None));
    }
    // Anyone already waiting is older than a request made now.
    let blocked = viewer.blocked(state).await?.clone();
    for target in fitting(&seeks, &mine, now, state.quick_widening, &blocked) {
        if let Ok(accepted) = seeks::take(
            state,
            signed_in,
            &viewer,
            target,
            mine.seats[0].clone(),
            now,
        )
        .await?
        {
            return Ok(accepted);
        }
    }
    state.store.insert_seek(mine.clone()).await?;
    tracing::info!(seek = %mine.id, kind = %mine.game, rating, "quick pairing: waiting");
    Ok(seeks::accepted(&viewer, &mine, None))
}

/// Brings together people waiting alone in quick seeks whose seekers have a lobby open through
/// this process, the two closest in rating first: the newer moves into the older's seek. Returns
/// how many moved.
pub async fn pair(state: &AppState, here: &[String]) -> Result<usize, ApiError> {
    let mut moved = 0;
    // Each move changes the seeks: read them again, until nobody can move (at most once each).
    for _ in 0..=here.len() {
        let now = now_ms();
        let seeks = state.store.list_seeks(now).await?;
        let mut alone = None;
        for s in seeks.iter().filter(|s| {
            s.quick && open(s) && s.seats.len() == 1 && here.contains(&s.seats[0].account)
        }) {
            let blocked = crate::blocks::either(state, &s.seats[0].account).await?;
            if let Some(t) = fitting(&seeks, s, now, state.quick_widening, &blocked).first() {
                alone = Some((s, *t));
                break;
            }
        }
        let Some((mine, target)) = alone else {
            break;
        };
        if state
            .store
            .leave_seek(&mine.id, &mine.seats[0].account, now)
            .await?
            != Left::Cancelled
        {
            continue;
        }
        let start = seeks::starter(state, target)?;
        match state
            .store
            .take_seek(&target.id, mine.seats[0].clone(), now, start)
            .await?
        {
            Taken::Joined(_) => {}
            Taken::Started(seek, row) => seeks::started(state, &seek, *row).await?,
            // Taken meanwhile: they wait again, as long as they had.
            Taken::Full | Taken::Gone | Taken::Already => {
                state.store.insert_seek(mine.clone()).await?;
                continue;
            }
        }
        moved += 1;
    }
    Ok(moved)
}

/// The seeker `signed_in` starts their seek `id` with the computer (at its default level) in the
/// seats nobody took, once it has waited [`crate::Limits::computer_offer`]; not rated (a
/// computer's game never is).
pub async fn with_computer(
    state: &AppState,
    signed_in: &SignedIn,
    id: &str,
) -> Result<Accepted, ApiError> {
    let now = now_ms();
    let seek = state
        .store
        .list_seeks(now)
        .await?
        .into_iter()
        .find(|s| s.id == id && s.game_id.is_none() && s.seeker() == signed_in.account.id)
        .ok_or_else(|| seeks::no_seek(id))?;
    let offer = state.computer_offer.as_millis() as i64;
    let waited = now - seek.created;
    if waited < offer {
        let left = (offer - waited + 999) / 1000;
        return Err(ApiError::Conflict(
            Reason::new(
                "seek-too-early",
                format!(
                    "the computer is offered after a seek has waited {} s: {left} s more",
                    offer / 1000
                ),
            )
            .with("n", left),
        ));
    }
    let start = seeks::computer_starter(state, &seek)?;
    let Some((seek, row)) = state
        .store
        .start_seek(id, &signed_in.account.id, now, start)
        .await?
    else {
        return Err(seeks::no_seek(id));
    };
    if trigonal_store::SeatKind::Ai == row.seats[row.to_move.unwrap_or(0) as usize].kind {
        state.computer_due.notify_one();
    }
    let game = row.id.clone();
    seeks::started(state, &seek, *row).await?;
    let viewer = Viewer::new(state, Some(signed_in));
    let started = seeks::seat_in(state, signed_in, &seek.id, &game, 0).await?;
    Ok(seeks::accepted(&viewer, &seek, Some(started)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use trigonal_store::SeekSeat;

    fn quick(id: &str, rating: i32, created: i64) -> SeekRow {
        SeekRow {
            id: id.into(),
            game: "triangoli".into(),
            players: 2,
            variant: None,
            clock: None,
            rated: true,
            range: None,
            quick: true,
            created,
            expires: created + 30_000,
            seats: vec![SeekSeat {
                account: format!("a-{id}"),
                name: id.into(),
                rating,
            }],
            game_id: None,
        }
    }

    #[test]
    fn a_quick_seeks_window_widens_ten_a_second_from_a_hundred() {
        let s = quick("s", 1500, 0);
        assert_eq!(range_at(&s, 0, 10), Some((1400, 1600)));
        assert_eq!(range_at(&s, 999, 10), Some((1400, 1600)));
        assert_eq!(range_at(&s, 30_000, 10), Some((1100, 1900)));
        let mut plain = quick("p", 1500, 0);
        plain.quick = false;
        assert_eq!(range_at(&plain, 30_000, 10), None);
        plain.range = Some((1, 2));
        assert_eq!(range_at(&plain, 30_000, 10), Some((1, 2)));
    }

    /// Worked by hand at t = 10 s: Ann (1500, waiting since 0: ±200) and Bob (1650, since 5 s:
    /// ±150) fit each other — 150 apart, within both; Cid (1810, since 0: ±200) has Bob in his
    /// window, but Bob's reaches 1800 only. A newcomer of 1560 (±100, now) fits Ann (60 apart)
    /// and Bob (90 apart): Ann, the closest, first.
    #[test]
    fn people_fit_when_each_is_in_the_others_window_and_the_closest_comes_first() {
        let ann = quick("ann", 1500, 0);
        let bob = quick("bob", 1650, 5_000);
        let cid = quick("cid", 1810, 0);
        let seeks = vec![ann.clone(), bob.clone(), cid.clone()];
        let now = 10_000;
        let none = HashSet::new();
        let ids = |found: Vec<&SeekRow>| found.iter().map(|s| s.id.clone()).collect::<Vec<_>>();
        assert_eq!(ids(fitting(&seeks, &bob, now, 10, &none)), ["ann"]);
        assert!(
            fitting(&seeks, &ann, now, 10, &none).is_empty(),
            "only older seeks are moved into"
        );
        let newcomer = quick("new", 1560, now);
        assert_eq!(
            ids(fitting(&seeks, &newcomer, now, 10, &none)),
            ["ann", "bob"]
        );
        // Another kind of game, or a full one, is no place to go.
        let mut other = newcomer.clone();
        other.clock = Some("{\"days\":1}".into());
        assert!(fitting(&seeks, &other, now, 10, &none).is_empty());
        let mut full = seeks.clone();
        full[0].game_id = Some("g".into());
        assert_eq!(ids(fitting(&full, &newcomer, now, 10, &none)), ["bob"]);
        // Nobody is seated with someone in a block with them.
        let blocked: HashSet<String> = ["a-ann".to_string()].into();
        assert_eq!(ids(fitting(&seeks, &newcomer, now, 10, &blocked)), ["bob"]);
    }
}

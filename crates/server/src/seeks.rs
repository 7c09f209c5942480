//! Seeks as the API makes and shows them, apart from HTTP: a signed-in person asks for a game of
//! some kind (players, clock, rated, the ratings they admit); others accept it seat by seat; the
//! acceptance that fills it starts the game, in the store's one transaction (so two processes
//! never start one seek twice). The lobby's socket ([`crate::lobby`]) shows them live and sends
//! each player to the game once it starts.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use trigonal_core::Options;
use trigonal_store::{
    now_ms, random_id, GameRow, Left, SeatKind, SeatRow, SeekRow, SeekSeat, Table, Taken,
    TokenDigest, SEEK_TTL,
};

use crate::accounts::SignedIn;
use crate::change;
use crate::error::{ApiError, Reason};
use crate::games;
use crate::state::AppState;
use crate::view::rfc3339;

/// How many open seeks one person may have at once.
const OPEN_SEEKS: usize = 3;

/// Ratings a range may name.
const RATINGS: std::ops::RangeInclusive<i32> = 0..=4000;

/// `POST /api/seeks`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewSeek {
    /// The registry id.
    #[schema(schema_with = crate::openapi::game_id)]
    pub game: String,
    /// The number of players, or the game's default.
    #[serde(default)]
    pub players: Option<usize>,
    /// The variant, or the game's default.
    #[serde(default)]
    pub variant: Option<String>,
    /// The time control: none, Fischer or correspondence.
    #[serde(default)]
    #[schema(schema_with = crate::openapi::control_spec_or_null)]
    pub clock: Option<trigonal_clock::ControlSpec>,
    /// Whether the game will be rated.
    #[serde(default)]
    pub rated: bool,
    /// The ratings admitted, `[lowest, highest]`; none: anyone.
    #[serde(default)]
    pub rating_range: Option<[i32; 2]>,
}

/// A seek as the API shows it to one viewer.
#[derive(Clone, Debug, PartialEq, Serialize, utoipa::ToSchema)]
pub struct SeekView {
    id: String,
    game: String,
    name: String,
    players: usize,
    variant: Option<String>,
    #[schema(schema_with = crate::openapi::control_or_null)]
    clock: Option<trigonal_clock::Control>,
    rated: bool,
    /// The ratings admitted now (a quick seek's window widens as it waits).
    rating_range: Option<[i32; 2]>,
    /// Whether quick pairing made it.
    quick: bool,
    /// For its seeker, while seats are free: in how many milliseconds they may start it with
    /// the computer in those seats (0: now).
    #[serde(skip_serializing_if = "Option::is_none")]
    computer_in_ms: Option<i64>,
    /// The people with a seat, the seeker first.
    seats: Vec<SeekSeatView>,
    /// Seats still free.
    open: usize,
    /// Whether the viewer made it.
    mine: bool,
    /// Whether the viewer has a seat in it.
    joined: bool,
    created: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, utoipa::ToSchema)]
struct SeekSeatView {
    name: String,
    rating: i32,
}

/// `GET /api/seeks`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Seeks {
    seeks: Vec<SeekView>,
}

/// The answer to an acceptance: the seek as it is now, and the game, when this acceptance
/// filled it, with the acceptor's seat and token.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Accepted {
    seek: SeekView,
    game: Option<Started>,
}

/// A game a seek became, for one of its players: their seat, and in the answer to their own
/// acceptance its token (never on a socket: the seat's page asks for it with the session,
/// `GET /api/me/games/{id}`).
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct Started {
    #[serde(rename = "type")]
    kind: &'static str,
    seek: String,
    game: String,
    seat: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    token: Option<String>,
}

impl Started {
    /// The game `game` that seek `seek` became, where the player sits at `seat`: no token.
    pub fn told(seek: String, game: String, seat: u8) -> Started {
        Started {
            kind: "started",
            seek,
            game,
            seat,
            token: None,
        }
    }
}

/// Who looks at the seeks: their account and their rating in each pool asked about so far.
pub struct Viewer {
    account: Option<String>,
    ratings: HashMap<String, i32>,
    read: Option<Vec<trigonal_store::RatingRow>>,
    /// The accounts in a block with the viewer, either way, once read.
    blocked: Option<std::collections::HashSet<String>>,
    /// How fast quick seeks' windows widen on this server ([`crate::Limits::quick_widening`]).
    widening: i32,
}

impl Viewer {
    /// The viewer signed in as `signed_in`, or a guest, on `state`'s server.
    pub fn new(state: &AppState, signed_in: Option<&SignedIn>) -> Viewer {
        Viewer {
            account: signed_in.map(|s| s.account.id.clone()),
            ratings: HashMap::new(),
            read: None,
            blocked: None,
            widening: state.quick_widening,
        }
    }

    /// The accounts in a block with the viewer, either way (none for a guest).
    pub(crate) async fn blocked(
        &mut self,
        state: &AppState,
    ) -> Result<&std::collections::HashSet<String>, ApiError> {
        if self.blocked.is_none() {
            self.blocked = Some(match &self.account {
                Some(account) => crate::blocks::either(state, account).await?,
                None => Default::default(),
            });
        }
        Ok(self.blocked.get_or_insert_with(Default::default))
    }

    /// The viewer's rating in `pool` (where everyone starts, before a rated game there).
    pub(crate) async fn rating(
        &mut self,
        state: &AppState,
        pool: &str,
    ) -> Result<Option<i32>, ApiError> {
        let Some(account) = &self.account else {
            return Ok(None);
        };
        if let Some(&r) = self.ratings.get(pool) {
            return Ok(Some(r));
        }
        if self.read.is_none() {
            self.read = Some(state.store.ratings(account).await?);
        }
        let rating = self
            .read
            .iter()
            .flatten()
            .find(|r| r.pool == pool)
            .map_or(trigonal_ratings::Rating::START.rating, |r| r.rating.rating)
            .round() as i32;
        self.ratings.insert(pool.to_string(), rating);
        Ok(Some(rating))
    }

    /// Whether `seek` is shown to this viewer: theirs, one they sit in, or one whose range
    /// admits their rating and where nobody is in a block with them (a guest sees every one).
    async fn sees(&mut self, state: &AppState, seek: &SeekRow) -> Result<bool, ApiError> {
        if self.sits_in(seek) {
            return Ok(true);
        }
        let blocked = self.blocked(state).await?;
        if seek.seats.iter().any(|s| blocked.contains(&s.account)) {
            return Ok(false);
        }
        let Some((low, high)) = range_at(seek, now_ms(), self.widening) else {
            return Ok(true);
        };
        Ok(match self.rating(state, &pool(seek)?).await? {
            None => true,
            Some(r) => (low..=high).contains(&r),
        })
    }

    fn sits_in(&self, seek: &SeekRow) -> bool {
        self.account
            .as_deref()
            .is_some_and(|a| seek.seats.iter().any(|s| s.account == a))
    }

    pub(crate) fn view(&self, seek: &SeekRow) -> SeekView {
        let info = trigonal_games::info(&seek.game).ok();
        SeekView {
            id: seek.id.clone(),
            game: seek.game.clone(),
            name: info.map_or_else(|| seek.game.clone(), |i| i.name.to_string()),
            players: seek.players,
            variant: seek.variant.clone(),
            clock: seek
                .clock
                .as_deref()
                .and_then(|c| serde_json::from_str(c).ok()),
            rated: seek.rated,
            rating_range: range_at(seek, now_ms(), self.widening).map(|(a, b)| [a, b]),
            quick: seek.quick,
            computer_in_ms: None,
            seats: seek
                .seats
                .iter()
                .map(|s| SeekSeatView {
                    name: s.name.clone(),
                    rating: s.rating,
                })
                .collect(),
            open: seek.players.saturating_sub(seek.seats.len()),
            mine: self.account.as_deref() == Some(seek.seeker()),
            joined: self.sits_in(seek),
            created: rfc3339(seek.created),
        }
    }
}

/// A quick seek's window of ratings when made: its seeker's rating ± this.
pub const WINDOW: i32 = 100;

/// The ratings seek `seek` admits at `now`: its range; for a quick seek, its window then, which
/// has widened by `widening` each way for every second it waited.
pub fn range_at(seek: &SeekRow, now: i64, widening: i32) -> Option<(i32, i32)> {
    if !seek.quick {
        return seek.range;
    }
    let waited = ((now - seek.created).max(0) / 1000) as i32;
    let width = WINDOW.saturating_add(widening.saturating_mul(waited));
    let rating = seek.seats[0].rating;
    Some((rating.saturating_sub(width), rating.saturating_add(width)))
}

/// The rating pool of the game `seek` asks for.
fn pool(seek: &SeekRow) -> Result<String, ApiError> {
    let info = trigonal_games::info(&seek.game)
        .map_err(|e| ApiError::Internal(format!("seek {}: {e}", seek.id).into()))?;
    Ok((info.pool)(seek.players))
}

/// The open seeks `viewer` is shown, of game `game` if given, the oldest first.
pub async fn list(
    state: &AppState,
    viewer: &mut Viewer,
    game: Option<&str>,
) -> Result<Seeks, ApiError> {
    let now = now_ms();
    let mut seeks = Vec::new();
    for seek in state.store.list_seeks(now).await? {
        if seek.game_id.is_some() || game.is_some_and(|g| g != seek.game) {
            continue;
        }
        if viewer.sees(state, &seek).await? {
            let mut view = viewer.view(&seek);
            if view.mine {
                let offer = state.computer_offer.as_millis() as i64;
                view.computer_in_ms = Some((seek.created + offer - now).max(0));
            }
            seeks.push(view);
        }
    }
    Ok(Seeks { seeks })
}

/// The games that the seeks `account` sat in became, among those listed now: `(seek, game,
/// seat)`.
pub async fn started_of(
    state: &AppState,
    account: &str,
) -> Result<Vec<(String, String, u8)>, ApiError> {
    Ok(state
        .store
        .list_seeks(now_ms())
        .await?
        .into_iter()
        .filter_map(|seek| {
            let seat = seek.seats.iter().position(|s| s.account == account)?;
            Some((seek.id, seek.game_id?, seat as u8))
        })
        .collect())
}

/// A token for `signed_in`'s seat `seat` in game `game` (from seek `seek`), made one of the
/// seat's keys.
pub async fn seat_in(
    state: &AppState,
    signed_in: &SignedIn,
    seek: &str,
    game: &str,
    seat: u8,
) -> Result<Started, ApiError> {
    let token = crate::players::seat_key(state, signed_in, game, seat).await?;
    Ok(Started {
        token: Some(token),
        ..Started::told(seek.to_string(), game.to_string(), seat)
    })
}

/// The kind of game a seek asks for, checked: the game, its start, its clock.
pub(crate) struct Kind {
    pub(crate) info: &'static trigonal_games::GameInfo,
    pub(crate) position: Box<dyn trigonal_core::DynGame>,
    pub(crate) control: Option<trigonal_clock::Control>,
}

impl Kind {
    /// The kind `game`, `players`, `variant` and `clock` name, or why they name none.
    pub(crate) fn of(
        game: &str,
        players: Option<usize>,
        variant: Option<String>,
        clock: Option<trigonal_clock::ControlSpec>,
    ) -> Result<Kind, ApiError> {
        let info = trigonal_games::info(game).map_err(|e| {
            ApiError::BadRequest(
                Reason::new("unknown-game", e.to_string())
                    .with("game", trigonal_core::clipped(game)),
            )
        })?;
        let position = trigonal_games::new_game(info.id, &Options { players, variant })
            .map_err(|e| ApiError::BadRequest(e.to_string().into()))?;
        let control = clock
            .map(trigonal_clock::Control::try_from)
            .transpose()
            .map_err(|e| ApiError::BadRequest(format!("clock: {e}").into()))?;
        Ok(Kind {
            info,
            position,
            control,
        })
    }

    /// A new seek of this kind by `seeker` (rated `rating`), made `now`.
    pub(crate) fn seek(
        &self,
        seeker: &trigonal_store::AccountRow,
        rating: i32,
        rated: bool,
        range: Option<(i32, i32)>,
        quick: bool,
        now: i64,
    ) -> SeekRow {
        SeekRow {
            id: random_id(),
            game: self.info.id.to_string(),
            players: self.position.players(),
            variant: self.position.options().variant,
            clock: self
                .control
                .map(|c| serde_json::to_string(&c).expect("a control is JSON")),
            rated,
            range,
            quick,
            created: now,
            expires: now + SEEK_TTL.as_millis() as i64,
            seats: vec![SeekSeat {
                account: seeker.id.clone(),
                name: seeker.name.clone(),
                rating,
            }],
            game_id: None,
        }
    }
}

/// Makes a seek for `signed_in`.
pub async fn create(
    state: &AppState,
    signed_in: &SignedIn,
    req: NewSeek,
) -> Result<SeekView, ApiError> {
    let kind = Kind::of(&req.game, req.players, req.variant, req.clock)?;
    if let Some([low, high]) = req.rating_range {
        if low > high || !RATINGS.contains(&low) || !RATINGS.contains(&high) {
            return Err(ApiError::BadRequest(
                Reason::new(
                    "seek-range",
                    format!(
                        "a rating range is [lowest, highest] within {}–{}: not [{low}, {high}]",
                        RATINGS.start(),
                        RATINGS.end()
                    ),
                )
                .with("low", low)
                .with("high", high),
            ));
        }
    }
    let now = now_ms();
    let me = &signed_in.account;
    let open = state
        .store
        .list_seeks(now)
        .await?
        .iter()
        .filter(|s| s.game_id.is_none() && s.seeker() == me.id)
        .count();
    if open >= OPEN_SEEKS {
        return Err(ApiError::Conflict(
            Reason::new(
                "seek-limit",
                format!("you have {open} seeks open: cancel one to make another"),
            )
            .with("n", open),
        ));
    }
    let mut viewer = Viewer::new(state, Some(signed_in));
    let pool = (kind.info.pool)(kind.position.players());
    let rating = viewer.rating(state, &pool).await?.unwrap_or_default();
    let range = req.rating_range.map(|[a, b]| (a, b));
    let seek = kind.seek(me, rating, req.rated, range, false, now);
    state.store.insert_seek(seek.clone()).await?;
    tracing::info!(seek = %seek.id, kind = %seek.game, "seek made");
    Ok(viewer.view(&seek))
}

/// No open seek `id`.
pub(crate) fn no_seek(id: &str) -> ApiError {
    ApiError::NotFound(
        Reason::new("no-seek", format!("there is no open seek {id}"))
            .with("id", trigonal_core::clipped(id)),
    )
}

fn full() -> ApiError {
    ApiError::Conflict(Reason::new("seek-full", "every seat of this seek is taken"))
}

/// The answer of an acceptance: `seek` as `viewer` sees it, and the game it became, if it did.
pub(crate) fn accepted(viewer: &Viewer, seek: &SeekRow, game: Option<Started>) -> Accepted {
    Accepted {
        seek: viewer.view(seek),
        game,
    }
}

/// The start of a game of `seek`'s kind, checked again (as stored).
fn kind_of(seek: &SeekRow) -> Result<Kind, ApiError> {
    let clock = seek
        .clock
        .as_deref()
        .map(serde_json::from_str::<trigonal_clock::Control>)
        .transpose()
        .map_err(|e| ApiError::Internal(format!("seek {}: its clock: {e}", seek.id).into()))?;
    let position = trigonal_games::new_game(
        &seek.game,
        &Options {
            players: Some(seek.players),
            variant: seek.variant.clone(),
        },
    )
    .map_err(|e| ApiError::Internal(format!("seek {}: {e}", seek.id).into()))?;
    let info = trigonal_games::info(&seek.game)
        .map_err(|e| ApiError::Internal(format!("seek {}: {e}", seek.id).into()))?;
    Ok(Kind {
        info,
        position,
        control: clock,
    })
}

/// What builds the game `seek` becomes once full: a seat for each of its people, in the order
/// they came, each their account's.
pub(crate) fn starter(
    state: &AppState,
    seek: &SeekRow,
) -> Result<trigonal_store::Starter, ApiError> {
    starter_with(state, seek, None)
}

/// What builds the game `seek` becomes now, the computer (at its default level) in the seats
/// nobody took; not rated.
pub(crate) fn computer_starter(
    state: &AppState,
    seek: &SeekRow,
) -> Result<trigonal_store::Starter, ApiError> {
    starter_with(state, seek, Some(trigonal_ai::Level::Medium))
}

fn starter_with(
    state: &AppState,
    seek: &SeekRow,
    computer: Option<trigonal_ai::Level>,
) -> Result<trigonal_store::Starter, ApiError> {
    let Kind {
        position, control, ..
    } = kind_of(seek)?;
    let patience = state.bot_patience;
    Ok(Box::new(move |seek: &SeekRow| {
        // Every person's seat their own: each player's browsers get tokens for it from their
        // session (`seat_in`); the token the row holds is nobody's.
        let mut seats: Vec<SeatRow> = seek
            .seats
            .iter()
            .map(|s| SeatRow {
                kind: SeatKind::Human,
                level: None,
                token_digest: Some(TokenDigest::issue().1),
                owner: Some(s.account.clone()),
                keys: Vec::new(),
            })
            .collect();
        let mut names: Vec<Option<String>> =
            seek.seats.iter().map(|s| Some(s.name.clone())).collect();
        if let Some(level) = computer {
            while seats.len() < seek.players {
                seats.push(SeatRow {
                    kind: SeatKind::Ai,
                    level: Some(level.to_string()),
                    token_digest: None,
                    owner: None,
                    keys: Vec::new(),
                });
                names.push(None);
            }
        }
        let table = Table {
            accounts: names.clone(),
            names,
            rated: seek.rated && computer.is_none(),
            creator: Some(0),
            ..Table::default()
        };
        games::new_row(position.as_ref(), seats, table, control, now_ms(), patience)
    }))
}

/// The game `seek` became, `row`, taken into memory.
pub(crate) async fn started(
    state: &AppState,
    seek: &SeekRow,
    row: GameRow,
) -> Result<(), ApiError> {
    tracing::info!(seek = %seek.id, game = %row.id, "seek filled");
    change::adopt(state, row).await?;
    Ok(())
}

/// Gives `signed_in` (as `taker`) a seat in `seek`: the answer, or how it failed (full, gone,
/// or they sit in it already).
pub(crate) async fn take(
    state: &AppState,
    signed_in: &SignedIn,
    viewer: &Viewer,
    seek: &SeekRow,
    taker: SeekSeat,
    now: i64,
) -> Result<Result<Accepted, Taken>, ApiError> {
    let start = starter(state, seek)?;
    Ok(
        match state.store.take_seek(&seek.id, taker, now, start).await? {
            Taken::Joined(seek) => Ok(accepted(viewer, &seek, None)),
            Taken::Started(seek, row) => {
                let game = row.id.clone();
                let seat = seek.seats.len() as u8 - 1;
                started(state, &seek, *row).await?;
                let start = seat_in(state, signed_in, &seek.id, &game, seat).await?;
                Ok(accepted(viewer, &seek, Some(start)))
            }
            failed => Err(failed),
        },
    )
}

/// `signed_in` accepts seek `id`: a seat in it, and the game when that fills it.
pub async fn accept(
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
        .find(|s| s.id == id)
        .ok_or_else(|| no_seek(id))?;
    if seek.game_id.is_some() {
        return Err(full());
    }
    let me = &signed_in.account;
    if seek.seeker() == me.id {
        return Err(ApiError::Conflict(Reason::new(
            "seek-own",
            "this is your own seek: wait for others to accept it",
        )));
    }
    if seek.seats.iter().any(|s| s.account == me.id) {
        return Err(joined());
    }
    let mut viewer = Viewer::new(state, Some(signed_in));
    let blocked = viewer.blocked(state).await?;
    if seek.seats.iter().any(|s| blocked.contains(&s.account)) {
        return Err(crate::blocks::blocked());
    }
    let rating = viewer
        .rating(state, &pool(&seek)?)
        .await?
        .unwrap_or_default();
    if let Some((low, high)) = range_at(&seek, now, state.quick_widening) {
        if !(low..=high).contains(&rating) {
            return Err(ApiError::Forbidden(
                Reason::new(
                    "seek-out-of-range",
                    format!("this seek is for ratings {low}–{high}, and yours is {rating}"),
                )
                .with("rating", rating)
                .with("low", low)
                .with("high", high),
            ));
        }
    }
    let taker = SeekSeat {
        account: me.id.clone(),
        name: me.name.clone(),
        rating,
    };
    match take(state, signed_in, &viewer, &seek, taker, now).await? {
        Ok(accepted) => Ok(accepted),
        Err(Taken::Full) => Err(full()),
        Err(Taken::Already) => Err(joined()),
        Err(_) => Err(no_seek(id)),
    }
}

fn joined() -> ApiError {
    ApiError::Conflict(Reason::new(
        "seek-joined",
        "you have a seat in this seek already",
    ))
}

/// `signed_in` leaves seek `id`: cancels it if theirs, else frees their seat.
pub async fn leave(state: &AppState, signed_in: &SignedIn, id: &str) -> Result<(), ApiError> {
    match state
        .store
        .leave_seek(id, &signed_in.account.id, now_ms())
        .await?
    {
        Left::Cancelled | Left::Left => Ok(()),
        Left::NotIn => Err(ApiError::Forbidden(Reason::new(
            "not-in-seek",
            "you have no seat in this seek",
        ))),
        Left::Gone => Err(no_seek(id)),
    }
}

//! Seeks as the API makes and shows them, apart from HTTP: a signed-in person asks for a game of
//! some kind (players, clock, rated, the ratings they admit); others accept it seat by seat; the
//! acceptance that fills it starts the game, in the store's one transaction (so two processes
//! never start one seek twice). The lobby's socket ([`crate::lobby`]) shows them live and sends
//! each player to the game once it starts.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use trigonal_core::Options;
use trigonal_store::{
    now_ms, random_id, Left, SeatKind, SeatRow, SeekRow, SeekSeat, Table, Taken, TokenDigest,
    SEEK_TTL,
};

use crate::accounts::SignedIn;
use crate::change::{self, Command};
use crate::error::{ApiError, Reason};
use crate::games;
use crate::view::rfc3339;
use crate::AppState;

/// How many open seeks one person may have at once.
const OPEN_SEEKS: usize = 3;

/// Ratings a range may name.
const RATINGS: std::ops::RangeInclusive<i32> = 0..=4000;

/// `POST /api/seeks`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewSeek {
    /// The registry id.
    pub game: String,
    /// The number of players, or the game's default.
    #[serde(default)]
    pub players: Option<usize>,
    /// The variant, or the game's default.
    #[serde(default)]
    pub variant: Option<String>,
    /// The time control: none, Fischer or correspondence.
    #[serde(default)]
    pub clock: Option<trigonal_clock::ControlSpec>,
    /// Whether the game will be rated.
    #[serde(default)]
    pub rated: bool,
    /// The ratings admitted, `[lowest, highest]`; none: anyone.
    #[serde(default)]
    pub rating_range: Option<[i32; 2]>,
}

/// A seek as the API shows it to one viewer.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeekView {
    id: String,
    game: String,
    name: String,
    players: usize,
    variant: Option<String>,
    clock: Option<trigonal_clock::Control>,
    rated: bool,
    rating_range: Option<[i32; 2]>,
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

#[derive(Clone, Debug, PartialEq, Serialize)]
struct SeekSeatView {
    name: String,
    rating: i32,
}

/// `GET /api/seeks`.
#[derive(Debug, Serialize)]
pub struct Seeks {
    seeks: Vec<SeekView>,
}

/// The answer to an acceptance: the seek as it is now, and the game, when this acceptance
/// filled it, with the acceptor's seat and token.
#[derive(Debug, Serialize)]
pub struct Accepted {
    seek: SeekView,
    game: Option<Started>,
}

/// A game a seek became, for one of its players: their seat and its token.
#[derive(Clone, Debug, Serialize)]
pub struct Started {
    #[serde(rename = "type")]
    kind: &'static str,
    seek: String,
    game: String,
    seat: u8,
    token: String,
}

/// Who looks at the seeks: their account and their rating in each pool asked about so far.
pub struct Viewer {
    account: Option<String>,
    ratings: HashMap<String, i32>,
    read: Option<Vec<trigonal_store::RatingRow>>,
}

impl Viewer {
    /// The viewer signed in as `signed_in`, or a guest.
    pub fn new(signed_in: Option<&SignedIn>) -> Viewer {
        Viewer {
            account: signed_in.map(|s| s.account.id.clone()),
            ratings: HashMap::new(),
            read: None,
        }
    }

    /// The viewer's rating in `pool` (where everyone starts, before a rated game there).
    async fn rating(&mut self, state: &AppState, pool: &str) -> Result<Option<i32>, ApiError> {
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
    /// admits their rating (a guest sees every one).
    async fn sees(&mut self, state: &AppState, seek: &SeekRow) -> Result<bool, ApiError> {
        if self.sits_in(seek) {
            return Ok(true);
        }
        let Some((low, high)) = seek.range else {
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

    fn view(&self, seek: &SeekRow) -> SeekView {
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
            rating_range: seek.range.map(|(a, b)| [a, b]),
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
            seeks.push(viewer.view(&seek));
        }
    }
    Ok(Seeks { seeks })
}

/// The games that the seeks `account` sat in became, among those listed now: `(seek, game,
/// seat)`.
pub async fn started(
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
    let token = TokenDigest::derive(&signed_in.secret, &format!("{game}/{seat}"));
    let command = Command::Key {
        seat,
        owner: signed_in.account.id.clone(),
        digest: TokenDigest::of(&token),
    };
    change::execute(state, game, command).await?;
    Ok(Started {
        kind: "started",
        seek: seek.to_string(),
        game: game.to_string(),
        seat,
        token,
    })
}

/// Makes a seek for `signed_in`.
pub async fn create(
    state: &AppState,
    signed_in: &SignedIn,
    req: NewSeek,
) -> Result<SeekView, ApiError> {
    let info = trigonal_games::info(&req.game).map_err(|e| {
        ApiError::BadRequest(
            Reason::new("unknown-game", e.to_string())
                .with("game", trigonal_core::clipped(&req.game)),
        )
    })?;
    let options = Options {
        players: req.players,
        variant: req.variant,
    };
    let position = trigonal_games::new_game(info.id, &options)
        .map_err(|e| ApiError::BadRequest(e.to_string().into()))?;
    let control = req
        .clock
        .map(trigonal_clock::Control::try_from)
        .transpose()
        .map_err(|e| ApiError::BadRequest(format!("clock: {e}").into()))?;
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
    let players = position.players();
    let mut viewer = Viewer::new(Some(signed_in));
    let rating = viewer
        .rating(state, &(info.pool)(players))
        .await?
        .unwrap_or_default();
    let options = position.options();
    let seek = SeekRow {
        id: random_id(),
        game: info.id.to_string(),
        players,
        variant: options.variant,
        clock: control.map(|c| serde_json::to_string(&c).expect("a control is JSON")),
        rated: req.rated,
        range: req.rating_range.map(|[a, b]| (a, b)),
        created: now,
        expires: now + SEEK_TTL.as_millis() as i64,
        seats: vec![SeekSeat {
            account: me.id.clone(),
            name: me.name.clone(),
            rating,
        }],
        game_id: None,
    };
    state.store.insert_seek(seek.clone()).await?;
    tracing::info!(seek = %seek.id, kind = %seek.game, "seek made");
    Ok(viewer.view(&seek))
}

/// `signed_in` accepts seek `id`: a seat in it, and the game when that fills it.
pub async fn accept(
    state: &AppState,
    signed_in: &SignedIn,
    id: &str,
) -> Result<Accepted, ApiError> {
    let now = now_ms();
    let gone = || {
        ApiError::NotFound(
            Reason::new("no-seek", format!("there is no open seek {id}"))
                .with("id", trigonal_core::clipped(id)),
        )
    };
    let full = || ApiError::Conflict(Reason::new("seek-full", "every seat of this seek is taken"));
    let seek = state
        .store
        .list_seeks(now)
        .await?
        .into_iter()
        .find(|s| s.id == id)
        .ok_or_else(gone)?;
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
    let mut viewer = Viewer::new(Some(signed_in));
    let rating = viewer
        .rating(state, &pool(&seek)?)
        .await?
        .unwrap_or_default();
    if let Some((low, high)) = seek.range {
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
    let options = Options {
        players: Some(seek.players),
        variant: seek.variant.clone(),
    };
    let position = trigonal_games::new_game(&seek.game, &options)
        .map_err(|e| ApiError::Internal(format!("seek {id}: {e}").into()))?;
    let control: Option<trigonal_clock::Control> = seek
        .clock
        .as_deref()
        .map(serde_json::from_str)
        .transpose()
        .map_err(|e| ApiError::Internal(format!("seek {id}: its clock: {e}").into()))?;
    let patience = state.bot_patience;
    let start = Box::new(move |seek: &SeekRow| {
        // Every seat its owner's: each player's browsers get tokens for it from their session
        // (`seat_in`); the token the row holds is nobody's.
        let seats = seek
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
        let table = Table {
            names: seek.seats.iter().map(|s| Some(s.name.clone())).collect(),
            rated: seek.rated,
            creator: Some(0),
            ..Table::default()
        };
        games::new_row(position.as_ref(), seats, table, control, now_ms(), patience)
    });
    let taker = SeekSeat {
        account: me.id.clone(),
        name: me.name.clone(),
        rating,
    };
    match state.store.take_seek(id, taker, now, start).await? {
        Taken::Joined(seek) => Ok(Accepted {
            seek: viewer.view(&seek),
            game: None,
        }),
        Taken::Started(seek, row) => {
            let game = row.id.clone();
            change::adopt(state, *row).await?;
            tracing::info!(seek = %seek.id, game = %game, "seek filled");
            let seat = seek.seats.len() as u8 - 1;
            let started = seat_in(state, signed_in, &seek.id, &game, seat).await?;
            Ok(Accepted {
                seek: viewer.view(&seek),
                game: Some(started),
            })
        }
        Taken::Gone => Err(gone()),
        Taken::Full => Err(full()),
        Taken::Already => Err(ApiError::Conflict(Reason::new(
            "seek-joined",
            "you have a seat in this seek already",
        ))),
    }
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
        Left::Gone => Err(ApiError::NotFound(
            Reason::new("no-seek", format!("there is no open seek {id}"))
                .with("id", trigonal_core::clipped(id)),
        )),
    }
}

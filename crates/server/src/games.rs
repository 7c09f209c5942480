//! Games as the API makes and shows them, apart from HTTP: create, upload a record to replay,
//! the lobby, views, records, and what a new watcher is sent. What players do to a game is in
//! [`crate::commands`]; players and their ratings in [`crate::players`]; the games on offer in
//! [`crate::meta`].

use std::collections::HashMap;
use std::sync::Arc;

use axum::extract::ws::Utf8Bytes;
use serde::{Deserialize, Serialize};
use tokio::sync::broadcast;
use trigonal_ai::Level;
use trigonal_core::{clipped, DynGame, MoveError, Options, Record};
use trigonal_store::{now_ms, random_id, GameRow, MoveRow, SeatKind, SeatRow, Table, TokenDigest};

use crate::accounts::SignedIn;
use crate::change;
use crate::error::{ApiError, Reason};
use crate::live;
use crate::state::AppState;
use crate::typed::player_name;
use crate::view::{render_at, rfc3339};

/// How many games the lobby lists.
const LOBBY: usize = 50;

/// `POST /api/games`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CreateGame {
    /// The registry id.
    #[schema(schema_with = crate::openapi::game_id)]
    pub game: String,
    /// The variant, or the game's default.
    #[serde(default)]
    pub variant: Option<String>,
    /// The number of players, or the game's default.
    #[serde(default)]
    pub players: Option<usize>,
    /// Who sits where, one per player.
    pub seats: Vec<SeatSpec>,
    /// The time control: none, Fischer or correspondence.
    #[serde(default)]
    #[schema(schema_with = crate::openapi::control_spec_or_null)]
    pub clock: Option<trigonal_clock::ControlSpec>,
    /// Whether the game is rated (every seat a signed-in player's).
    #[serde(default)]
    pub rated: bool,
}

/// One seat of a game to create.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum SeatSpec {
    /// A person known to the creator, who gets the token.
    Human {
        /// The player's name.
        #[serde(default)]
        name: Option<String>,
        /// `"me"`: the seat belongs to the signed-in creator's account.
        #[serde(default)]
        player: Option<String>,
    },
    /// A seat anyone may join from the lobby.
    Open,
    /// A bot (an account playing through the bot API), by its name.
    Bot {
        /// The bot's account name.
        name: String,
    },
    /// The computer at `level` (default `medium`).
    Ai {
        /// A level name.
        #[serde(default)]
        level: Option<String>,
    },
}

/// The answer to a create: the id and one token per `human` seat.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Created {
    id: String,
    seats: Vec<SeatToken>,
}

/// A seat and its secret token.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SeatToken {
    pub(crate) seat: u8,
    pub(crate) token: String,
}

/// `POST /api/records`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct UploadRecord {
    /// The registry id; may instead be given by the record's `game:` header.
    #[serde(default)]
    #[schema(schema_with = crate::openapi::game_id_or_null)]
    pub game: Option<String>,
    /// The record text.
    pub record: String,
    /// Not allowed: a record is replayed, not played against a clock.
    #[serde(default)]
    pub clock: Option<serde_json::Value>,
}

/// The answer to an upload.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Uploaded {
    id: String,
}

/// `GET /api/games`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Lobby {
    games: Vec<LobbyGame>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
struct LobbyGame {
    id: String,
    game: String,
    name: String,
    players: usize,
    variant: Option<String>,
    open_seats: Vec<u8>,
    #[schema(schema_with = crate::openapi::control_or_null)]
    clock: Option<trigonal_clock::Control>,
    /// Whether the game is rated.
    rated: bool,
    /// Who created it, where they took a seat.
    creator: Option<LobbyCreator>,
    ply: usize,
    over: bool,
    created: String,
}

/// The creator of a game in the lobby: their seat, the name they gave, and — for a signed-in
/// creator — their rating in the game's pool, if they have one.
#[derive(Debug, Serialize, utoipa::ToSchema)]
struct LobbyCreator {
    seat: u8,
    name: Option<String>,
    rating: Option<f64>,
    provisional: bool,
}

/// The refusal of a game nobody here plays (`unknown-game`, with the name asked for).
fn unknown_game(game: &str, e: impl std::fmt::Display) -> ApiError {
    ApiError::BadRequest(Reason::new("unknown-game", e.to_string()).with("game", clipped(game)))
}

/// Refuses the seats of a rated game unless they are one seat of the signed-in creator's and the
/// others open for signed-in players to join.
fn rated_seats(seats: &[SeatSpec]) -> Result<(), ApiError> {
    let mine = seats
        .iter()
        .filter(|s| {
            matches!(
                s,
                SeatSpec::Human {
                    player: Some(_),
                    ..
                }
            )
        })
        .count();
    let fit = seats.iter().all(|s| {
        matches!(
            s,
            SeatSpec::Open
                | SeatSpec::Human {
                    player: Some(_),
                    ..
                }
        )
    });
    if !fit || mine != 1 {
        return Err(ApiError::BadRequest(
            "a rated game is between signed-in players: one seat {\"kind\": \"human\", \
             \"player\": \"me\"} and the others open for them to join (no computer, no guest)"
                .into(),
        ));
    }
    Ok(())
}

/// Creates a game; `signed_in`, the creator's account if signed in.
pub async fn create(
    state: &AppState,
    req: CreateGame,
    signed_in: Option<&SignedIn>,
) -> Result<Created, ApiError> {
    let info = trigonal_games::info(&req.game).map_err(|e| unknown_game(&req.game, e))?;
    let control = req
        .clock
        .map(trigonal_clock::Control::try_from)
        .transpose()
        .map_err(|e| ApiError::BadRequest(format!("clock: {e}").into()))?;
    let options = Options {
        players: req.players,
        variant: req.variant,
    };
    let position = trigonal_games::new_game(info.id, &options)
        .map_err(|e| ApiError::BadRequest(e.to_string().into()))?;
    let players = position.players();
    if req.seats.len() != players {
        return Err(ApiError::BadRequest(
            format!(
                "{} with {players} players has {players} seats, but {} were given",
                info.name,
                req.seats.len()
            )
            .into(),
        ));
    }
    if req.rated {
        rated_seats(&req.seats)?;
    }
    let mut seats = Vec::with_capacity(players);
    let mut tokens = Vec::new();
    let mut table = Table {
        names: vec![None; players],
        accounts: vec![None; players],
        rated: req.rated,
        ..Table::default()
    };
    for (i, spec) in req.seats.into_iter().enumerate() {
        seats.push(match spec {
            SeatSpec::Human { name, player } => {
                let owner = match player.as_deref() {
                    None => None,
                    Some("me") => Some(signed_in.ok_or_else(|| {
                        ApiError::Unauthorized(
                            "sign in to take a seat as yourself (\"player\": \"me\")".into(),
                        )
                    })?),
                    Some(other) => {
                        return Err(ApiError::BadRequest(
                            format!("player {other:?}: the only player a seat can name is \"me\"")
                                .into(),
                        ))
                    }
                };
                let name = player_name(name)?.or_else(|| owner.map(|o| o.account.name.clone()));
                table.names[i] = name;
                table.accounts[i] = owner.map(|o| o.account.name.clone());
                table.creator.get_or_insert(i as u8);
                let (token, digest) = TokenDigest::issue();
                tokens.push(SeatToken {
                    seat: i as u8,
                    token,
                });
                SeatRow {
                    kind: SeatKind::Human,
                    level: None,
                    token_digest: Some(digest),
                    owner: owner.map(|o| o.account.id.clone()),
                    keys: Vec::new(),
                }
            }
            SeatSpec::Bot { name } => {
                let bot = state
                    .store
                    .account_by_name(&name)
                    .await?
                    .filter(|a| a.bot)
                    .ok_or_else(|| {
                        ApiError::BadRequest(format!("there is no bot named {name:?}").into())
                    })?;
                table.names[i] = Some(bot.name.clone());
                table.accounts[i] = Some(bot.name.clone());
                set_bot(&mut table, players, i);
                SeatRow {
                    kind: SeatKind::Human,
                    level: None,
                    token_digest: None,
                    owner: Some(bot.id),
                    keys: Vec::new(),
                }
            }
            SeatSpec::Open => SeatRow {
                kind: SeatKind::Open,
                level: None,
                token_digest: None,
                owner: None,
                keys: Vec::new(),
            },
            SeatSpec::Ai { level } => SeatRow {
                kind: SeatKind::Ai,
                level: Some(
                    match level {
                        None => Level::Medium,
                        Some(l) => l.parse().map_err(|e: trigonal_ai::UnknownLevel| {
                            ApiError::BadRequest(e.to_string().into())
                        })?,
                    }
                    .to_string(),
                ),
                token_digest: None,
                owner: None,
                keys: Vec::new(),
            },
        });
    }
    let row = new_row(
        position.as_ref(),
        seats,
        table,
        control,
        now_ms(),
        state.bot_patience,
    );
    let id = row.id.clone();
    let computer_due = live::computer_due(&row.seats, row.to_move);
    state.store.insert_game(row.clone(), computer_due).await?;
    change::adopt(state, row).await?;
    if computer_due {
        state.computer_due.notify_one();
    }
    tracing::info!(game = %id, kind = %info.id, "game created");
    Ok(Created { id, seats: tokens })
}

/// The row of a new game of `position` (its start) with `seats` and `table`, made `now`: its
/// clock (`control`) runs from the first ply once every seat has its player.
pub(crate) fn new_row(
    position: &dyn DynGame,
    seats: Vec<SeatRow>,
    mut table: Table,
    control: Option<trigonal_clock::Control>,
    now: i64,
    bot_patience: std::time::Duration,
) -> GameRow {
    let players = position.players();
    let to_move = position.to_move().map(|s| s.0);
    table.clock = control.map(|control| {
        let mut clock = trigonal_clock::Clock::new(control, players);
        if live::seats_filled(&seats, &table) {
            let person = to_move.is_some_and(|s| seats[s as usize].kind == SeatKind::Human);
            clock.run(to_move, person, now);
        }
        clock
    });
    let deadline = change::deadline(&table, to_move, now, bot_patience);
    GameRow {
        id: random_id(),
        game: position.id().to_string(),
        variant: position.options().variant,
        players,
        seats,
        moves: Vec::new(),
        to_move,
        version: 0,
        created: now,
        updated: now,
        table,
        chat: Vec::new(),
        present: Vec::new(),
        deadline,
    }
}

/// The current view of game `id`.
pub async fn view(state: &AppState, id: &str) -> Result<Utf8Bytes, ApiError> {
    let game = change::current(state, id).await?;
    let live = game.state.lock().await;
    Ok(crate::view::render(&live))
}

/// The view of game `id` after its first `ply` moves.
pub async fn view_at(state: &AppState, id: &str, ply: usize) -> Result<String, ApiError> {
    let game = change::current(state, id).await?;
    let live = game.state.lock().await;
    let played = live.history.len();
    if ply > played {
        return Err(ApiError::NotFound(
            format!("game {id} has {played} moves; there is no position after move {ply}").into(),
        ));
    }
    if ply == played {
        return Ok(crate::view::render(&live).to_string());
    }
    let position = live.replay(ply).map_err(|e| ApiError::Internal(e.into()))?;
    Ok(render_at(&live, ply, position.as_ref()))
}

/// The record of game `id` and a file name for it.
pub async fn record(state: &AppState, id: &str) -> Result<(String, String), ApiError> {
    let game = change::current(state, id).await?;
    let live = game.state.lock().await;
    let moves = live.history.iter().map(|m| m.text.clone()).collect();
    let record = Record::from_moves(&live.game, &live.options, moves);
    Ok((record.to_text(), format!("{}-{}.txt", live.game, live.id)))
}

/// Stores an uploaded record as a game to replay.
pub async fn upload(state: &AppState, req: UploadRecord) -> Result<Uploaded, ApiError> {
    if req.clock.is_some() {
        return Err(ApiError::BadRequest(
            "a record is replayed, not played: it cannot have a clock".into(),
        ));
    }
    let record = Record::parse(&req.record);
    let game = match (req.game.as_deref(), record.header("game")) {
        (Some(a), Some(b)) if a != b => {
            return Err(ApiError::Unprocessable(
                Reason::new(
                    "record-other-game",
                    format!(
                        "the record is a game of {}, not {}",
                        trigonal_core::quoted(b),
                        trigonal_core::quoted(a)
                    ),
                )
                .with("record", clipped(b))
                .with("asked", clipped(a)),
            ))
        }
        (Some(a), _) | (None, Some(a)) => a.to_string(),
        (None, None) => {
            return Err(ApiError::BadRequest(Reason::new(
                "record-no-game",
                "say which game the record is of (\"game\" or a \"game:\" header)",
            )))
        }
    };
    let info = trigonal_games::info(&game).map_err(|e| unknown_game(&game, e))?;
    let options = record
        .options(&Options::default())
        .map_err(|e| ApiError::Unprocessable(e.to_string().into()))?;
    // Replaying is the engine's work: off the async threads.
    let row = tokio::task::spawn_blocking(move || -> Result<GameRow, ApiError> {
        let mut position = trigonal_games::new_game(info.id, &options)
            .map_err(|e| ApiError::Unprocessable(format!("the record's options: {e}").into()))?;
        let now = now_ms();
        let mut moves = Vec::with_capacity(record.moves.len());
        for (index, text) in record.moves.iter().enumerate() {
            let seat = position.to_move().map_or(0, |s| s.0);
            let canonical = position.play(text).map_err(|error| {
                let english = trigonal_core::RecordError::Move {
                    index,
                    text: text.clone(),
                    error: error.clone(),
                }
                .to_string();
                let reason = match error {
                    MoveError::Malformed(_) => Reason::new("record-malformed", english),
                    MoveError::Illegal { .. } => Reason::new("record-illegal", english),
                    MoveError::GameOver => Reason::new("record-after-end", english),
                };
                ApiError::Unprocessable(reason.with("n", index + 1).with("move", clipped(text)))
            })?;
            moves.push(MoveRow {
                text: canonical,
                seat,
                at: now,
            });
        }
        let players = position.players();
        Ok(GameRow {
            id: random_id(),
            game: info.id.to_string(),
            variant: position.options().variant,
            players,
            seats: vec![
                SeatRow {
                    kind: SeatKind::Record,
                    level: None,
                    token_digest: None,
                    owner: None,
                    keys: Vec::new(),
                };
                players
            ],
            moves,
            to_move: position.to_move().map(|s| s.0),
            version: 0,
            created: now,
            updated: now,
            table: Table::default(),
            chat: Vec::new(),
            present: Vec::new(),
            deadline: None,
        })
    })
    .await
    .map_err(|e| ApiError::Internal(e.to_string().into()))??;
    let id = row.id.clone();
    state.store.insert_game(row.clone(), false).await?;
    change::adopt(state, row).await?;
    tracing::info!(game = %id, kind = %info.id, "record uploaded");
    Ok(Uploaded { id })
}

/// The lobby: games waiting for players (`open`), or the newest games.
pub async fn list(state: &AppState, open: bool) -> Result<Lobby, ApiError> {
    let rows = state.store.list_games(open, LOBBY).await?;
    // Each signed-in creator's ratings, read once however many games they have waiting.
    let mut ratings: HashMap<String, Vec<trigonal_store::RatingRow>> = HashMap::new();
    let mut games = Vec::with_capacity(rows.len());
    for s in rows {
        let info = trigonal_games::info(&s.game).ok();
        let creator = match &s.creator {
            None => None,
            Some((seat, name)) => {
                let mut rating = None;
                if let (Some(account), Some(info)) = (s.creator_account(), info) {
                    if !ratings.contains_key(account) {
                        let rows = state.store.ratings(account).await?;
                        ratings.insert(account.to_string(), rows);
                    }
                    let pool = (info.pool)(s.players);
                    rating = ratings[account]
                        .iter()
                        .find(|r| r.pool == pool)
                        .map(|r| r.rating);
                }
                Some(LobbyCreator {
                    seat: *seat,
                    name: name.clone(),
                    rating: rating.map(|r| r.rating.round()),
                    provisional: rating.is_some_and(|r| r.provisional()),
                })
            }
        };
        games.push(LobbyGame {
            name: info.map_or_else(|| s.game.clone(), |i| i.name.to_string()),
            rated: s.rated,
            creator,
            id: s.id,
            game: s.game,
            players: s.players,
            variant: s.variant,
            open_seats: s.open_seats,
            clock: s.clock,
            ply: s.ply,
            over: s.over,
            created: rfc3339(s.created),
        });
    }
    Ok(Lobby { games })
}

/// A new watcher of game `id` that has its version `since` (if any): what it is sent first,
/// the last update that covers, and a receiver of the updates after it.
pub async fn subscribe(
    state: &AppState,
    id: &str,
    since: Option<i64>,
) -> Result<Watcher, ApiError> {
    let game = change::current(state, id).await?;
    let live = game.state.lock().await;
    let (first, covered, updates) = game.subscribe(&live, since);
    Ok(Watcher {
        first,
        covered,
        updates,
    })
}

/// What a new watcher is sent first, and the updates after.
pub struct Watcher {
    /// The messages to send first.
    pub first: Vec<Utf8Bytes>,
    /// The last update they cover.
    pub covered: u64,
    /// The updates from then on.
    pub updates: broadcast::Receiver<Arc<crate::wire::Update>>,
}

/// For a watcher that fell behind: the whole view now, and the last update it covers.
pub async fn resync(state: &AppState, id: &str) -> Result<(Vec<Utf8Bytes>, u64), ApiError> {
    let game = change::current(state, id).await?;
    let live = game.state.lock().await;
    Ok(game.resync(&live))
}

/// The `moves` message for `seat` of game `id`, if that seat is to move.
pub async fn moves_for(
    state: &AppState,
    id: &str,
    seat: u8,
) -> Result<Option<Utf8Bytes>, ApiError> {
    let game = change::current(state, id).await?;
    let live = game.state.lock().await;
    Ok(crate::view::moves(&live)
        .filter(|(to_move, _)| *to_move == seat)
        .map(|(_, text)| text.into()))
}

/// Marks seat `seat` of `table` (of `players`) as a bot's.
fn set_bot(table: &mut Table, players: usize, seat: usize) {
    table.bots.resize(players, false);
    table.bots[seat] = true;
}

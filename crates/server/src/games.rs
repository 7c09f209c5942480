//! What the API does, apart from HTTP: create, records, the lobby, views; moves, take-backs and
//! joins are commands for the change path ([`crate::change`]).

use std::collections::BTreeMap;
use std::sync::Arc;

use axum::extract::ws::Utf8Bytes;
use serde::{Deserialize, Serialize};
use tokio::sync::broadcast;
use trigonal_ai::Level;
use trigonal_core::{Options, Record};
use trigonal_store::{
    now_ms, random_id, GameRow, MoveRow, SeatKind, SeatRow, Summary, Table, TokenDigest,
};

use crate::accounts::SignedIn;
use crate::change::{self, Command};
use crate::error::ApiError;
use crate::live;
use crate::view::{render_at, rfc3339};
use crate::AppState;

/// How many games the lobby lists.
const LOBBY: usize = 50;

/// `POST /api/games`.
#[derive(Debug, Deserialize)]
pub struct CreateGame {
    /// The registry id.
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
    pub clock: Option<trigonal_clock::ControlSpec>,
    /// Whether the game is rated (every seat a signed-in player's).
    #[serde(default)]
    pub rated: bool,
}

/// One seat of a game to create.
#[derive(Debug, Deserialize)]
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
#[derive(Debug, Serialize)]
pub struct Created {
    id: String,
    seats: Vec<SeatToken>,
}

/// A seat and its secret token.
#[derive(Debug, Serialize)]
pub struct SeatToken {
    seat: u8,
    token: String,
}

/// `POST /api/games/{id}/moves`.
#[derive(Debug, Deserialize)]
pub struct MoveRequest {
    /// The mover's seat token.
    #[serde(default)]
    pub token: String,
    /// The move in the game's notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// The ply the mover saw: the number of moves played before this one.
    pub ply: usize,
}

/// A request carrying only a seat token: take-back, resign, rematch.
#[derive(Debug, Deserialize)]
pub struct TokenRequest {
    /// The seat token.
    #[serde(default)]
    pub token: String,
}

/// `POST /api/games/{id}/undo/answer`, `POST /api/games/{id}/draw`.
#[derive(Debug, Deserialize)]
pub struct AnswerRequest {
    /// The seat token.
    #[serde(default)]
    pub token: String,
    /// Accept (or offer), or decline (or withdraw). Required in answers to a take-back; a draw
    /// request without it offers or accepts.
    pub accept: Option<bool>,
}

/// `POST /api/games/{id}/chat`.
#[derive(Debug, Deserialize)]
pub struct ChatRequest {
    /// The sender's seat token.
    #[serde(default)]
    pub token: String,
    /// The message.
    pub text: String,
}

/// `POST /api/games/{id}/chat/enabled`.
#[derive(Debug, Deserialize)]
pub struct ChatEnabledRequest {
    /// The creator's seat token.
    #[serde(default)]
    pub token: String,
    /// On or off.
    pub enabled: bool,
}

/// `POST /api/games/{id}/join`.
#[derive(Debug, Deserialize)]
pub struct JoinRequest {
    /// The open seat to take.
    pub seat: u8,
    /// The player's name.
    #[serde(default)]
    pub name: Option<String>,
}

/// The answer to a rematch: the new game, the caller's seat in it and its token.
#[derive(Debug, Serialize)]
pub struct Rematched {
    id: String,
    seat: u8,
    token: String,
}

/// The longest name, in characters.
pub const NAME_LIMIT: usize = 24;
/// The longest chat message, in characters.
pub const CHAT_LIMIT: usize = 200;

/// Characters of Unicode's "format" category (invisible, or reordering text around them), which
/// a name must not hide behind.
fn is_format(c: char) -> bool {
    matches!(c,
        '\u{00AD}' | '\u{0600}'..='\u{0605}' | '\u{061C}' | '\u{06DD}' | '\u{070F}'
        | '\u{0890}'..='\u{0891}' | '\u{08E2}' | '\u{180E}' | '\u{200B}'..='\u{200F}'
        | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{2064}' | '\u{2066}'..='\u{206F}'
        | '\u{FEFF}' | '\u{FFF9}'..='\u{FFFB}' | '\u{110BD}' | '\u{110CD}'
        | '\u{13430}'..='\u{1343F}' | '\u{1BCA0}'..='\u{1BCA3}' | '\u{1D173}'..='\u{1D17A}'
        | '\u{E0001}' | '\u{E0020}'..='\u{E007F}')
}

/// A player's name as given (`None`: no name), checked: 1–24 characters once trimmed, no
/// control or format character.
pub fn player_name(name: Option<String>) -> Result<Option<String>, ApiError> {
    let Some(name) = name else { return Ok(None) };
    let name = name.trim();
    let length = name.chars().count();
    if length == 0 || length > NAME_LIMIT {
        return Err(ApiError::BadRequest(format!(
            "a name has 1 to {NAME_LIMIT} characters; this one has {length}"
        )));
    }
    if let Some(c) = name.chars().find(|&c| c.is_control() || is_format(c)) {
        return Err(ApiError::BadRequest(format!(
            "a name cannot contain the invisible or control character U+{:04X}",
            c as u32
        )));
    }
    Ok(Some(name.to_string()))
}

/// A chat message as sent, checked: 1–200 characters once trimmed, no control character.
pub fn chat_text(text: &str) -> Result<String, ApiError> {
    let text = text.trim();
    let length = text.chars().count();
    if length == 0 || length > CHAT_LIMIT {
        return Err(ApiError::BadRequest(format!(
            "a message has 1 to {CHAT_LIMIT} characters; this one has {length}"
        )));
    }
    if let Some(c) = text.chars().find(|c| c.is_control()) {
        return Err(ApiError::BadRequest(format!(
            "a message is one line without control characters (found U+{:04X})",
            c as u32
        )));
    }
    Ok(text.to_string())
}

/// `POST /api/records`.
#[derive(Debug, Deserialize)]
pub struct UploadRecord {
    /// The registry id; may instead be given by the record's `game:` header.
    #[serde(default)]
    pub game: Option<String>,
    /// The record text.
    pub record: String,
    /// Not allowed: a record is replayed, not played against a clock.
    #[serde(default)]
    pub clock: Option<serde_json::Value>,
}

/// The answer to an upload.
#[derive(Debug, Serialize)]
pub struct Uploaded {
    id: String,
}

/// `GET /api/meta`.
#[derive(Debug, Serialize)]
pub struct Meta {
    games: Vec<MetaGame>,
    /// The rating pools, in the games' order.
    pools: Vec<MetaPool>,
    /// Each computer level's rating per pool, where measured.
    level_ratings: BTreeMap<String, BTreeMap<String, u32>>,
    levels: Vec<String>,
    /// Each level's time a move, in milliseconds.
    level_ms: BTreeMap<String, u64>,
}

/// A rating pool: its id (as its game's kit names it), its game, and its number of players where
/// the game has a pool per number.
#[derive(Debug, Serialize)]
struct MetaPool {
    id: String,
    game: &'static str,
    players: Option<usize>,
}

/// The rating pools of the games, in their order: one per game, or one per number of players
/// where the game's kit pools them apart. Each with its levels' ratings, where measured.
fn pools() -> Vec<(MetaPool, Option<[u32; 5]>)> {
    let mut pools: Vec<(MetaPool, Option<[u32; 5]>)> = Vec::new();
    for g in trigonal_games::GAMES {
        for n in g.players.0..=g.players.1 {
            let id = (g.pool)(n);
            if !pools.iter().any(|(p, _)| p.id == id) {
                let pool = MetaPool {
                    players: (id != g.id).then_some(n),
                    id,
                    game: g.id,
                };
                pools.push((pool, (g.level_ratings)(n)));
            }
        }
    }
    pools
}

#[derive(Debug, Serialize)]
struct MetaGame {
    id: &'static str,
    name: &'static str,
    players: [usize; 2],
    variants: &'static [&'static str],
    summary: &'static str,
}

/// `GET /api/games`.
#[derive(Debug, Serialize)]
pub struct Lobby {
    games: Vec<LobbyGame>,
}

#[derive(Debug, Serialize)]
struct LobbyGame {
    id: String,
    game: String,
    name: String,
    players: usize,
    variant: Option<String>,
    open_seats: Vec<u8>,
    clock: Option<trigonal_clock::Control>,
    ply: usize,
    over: bool,
    created: String,
}

/// The games and levels on offer.
pub fn meta() -> Meta {
    let pools = pools();
    Meta {
        level_ratings: pools
            .iter()
            .filter_map(|(p, ratings)| {
                let levels = Level::ALL
                    .iter()
                    .map(ToString::to_string)
                    .zip(*ratings.as_ref()?);
                Some((p.id.clone(), levels.collect()))
            })
            .collect(),
        games: trigonal_games::GAMES
            .iter()
            .map(|g| MetaGame {
                id: g.id,
                name: g.name,
                players: [g.players.0, g.players.1],
                variants: g.variants,
                summary: g.summary,
            })
            .collect(),
        pools: pools.into_iter().map(|(p, _)| p).collect(),
        levels: Level::ALL.iter().map(ToString::to_string).collect(),
        level_ms: Level::ALL
            .iter()
            .map(|l| (l.to_string(), l.budget().as_millis() as u64))
            .collect(),
    }
}

/// Creates a game; `signed_in`, the creator's account if signed in.
pub async fn create(
    state: &AppState,
    req: CreateGame,
    signed_in: Option<&SignedIn>,
) -> Result<Created, ApiError> {
    let info = trigonal_games::info(&req.game).map_err(|e| ApiError::BadRequest(e.to_string()))?;
    let control = req
        .clock
        .map(trigonal_clock::Control::try_from)
        .transpose()
        .map_err(|e| ApiError::BadRequest(format!("clock: {e}")))?;
    let options = Options {
        players: req.players,
        variant: req.variant,
    };
    let position = trigonal_games::new_game(info.id, &options)
        .map_err(|e| ApiError::BadRequest(e.to_string()))?;
    let players = position.players();
    if req.seats.len() != players {
        return Err(ApiError::BadRequest(format!(
            "{} with {players} players has {players} seats, but {} were given",
            info.name,
            req.seats.len()
        )));
    }
    if req.rated {
        let mine = req
            .seats
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
        let fit = req.seats.iter().all(|s| {
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
    }
    let mut seats = Vec::with_capacity(players);
    let mut tokens = Vec::new();
    let mut table = Table {
        names: vec![None; players],
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
                        return Err(ApiError::BadRequest(format!(
                            "player {other:?}: the only player a seat can name is \"me\""
                        )))
                    }
                };
                let name = player_name(name)?.or_else(|| owner.map(|o| o.account.name.clone()));
                table.names[i] = name;
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
                        ApiError::BadRequest(format!("there is no bot named {name:?}"))
                    })?;
                table.names[i] = Some(bot.name.clone());
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
                            ApiError::BadRequest(e.to_string())
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
    let now = now_ms();
    let to_move = position.to_move().map(|s| s.0);
    table.clock = control.map(|control| {
        let mut clock = trigonal_clock::Clock::new(control, players);
        // From the first ply on, once every seat has its player.
        if live::seats_filled(&seats, &table) {
            let person = to_move.is_some_and(|s| seats[s as usize].kind == SeatKind::Human);
            clock.run(to_move, person, now);
        }
        clock
    });
    let deadline = change::deadline(&table, to_move, now, state.bot_patience);
    let options = position.options();
    let row = GameRow {
        id: random_id(),
        game: info.id.to_string(),
        variant: options.variant,
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
    };
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
        return Err(ApiError::NotFound(format!(
            "game {id} has {played} moves; there is no position after move {ply}"
        )));
    }
    if ply == played {
        return Ok(crate::view::render(&live).to_string());
    }
    let position = live.replay(ply).map_err(ApiError::Internal)?;
    Ok(render_at(&live, ply, position.as_ref()))
}

/// Plays a move for the holder of a seat token.
pub async fn play(state: &AppState, id: &str, req: MoveRequest) -> Result<Utf8Bytes, ApiError> {
    let command = Command::Move {
        token: req.token,
        mv: req.mv,
        ply: req.ply,
    };
    change::execute(state, id, command).await
}

/// Takes back, for the holder of a seat token, that seat's last turn and everything after it —
/// at once when no other person's move is among them, else as a request to those people. A turn
/// is the seat's run of consecutive moves: one move in most games, the place, slides, pickups and
/// end of The Triangle Game.
pub async fn undo(state: &AppState, id: &str, req: TokenRequest) -> Result<Utf8Bytes, ApiError> {
    change::execute(state, id, Command::Undo { token: req.token }).await
}

/// Accepts or declines (or withdraws) the pending take-back request.
pub async fn answer(state: &AppState, id: &str, req: AnswerRequest) -> Result<Utf8Bytes, ApiError> {
    let accept = req
        .accept
        .ok_or_else(|| ApiError::BadRequest("say \"accept\": true or \"accept\": false".into()))?;
    let command = Command::Answer {
        token: req.token,
        accept,
    };
    change::execute(state, id, command).await
}

/// Resigns the seat of a token.
pub async fn resign(state: &AppState, id: &str, req: TokenRequest) -> Result<Utf8Bytes, ApiError> {
    change::execute(state, id, Command::Resign { token: req.token }).await
}

/// Offers, accepts, declines or withdraws a draw.
pub async fn draw(state: &AppState, id: &str, req: AnswerRequest) -> Result<Utf8Bytes, ApiError> {
    let command = Command::Draw {
        token: req.token,
        accept: req.accept.unwrap_or(true),
    };
    change::execute(state, id, command).await
}

/// The rematch of a finished game for the holder of one of its seat tokens: made by the first
/// who asks; each player gets their moved-on seat in it, with a token derived from their old one
/// (so asking again gives the same).
pub async fn rematch(state: &AppState, id: &str, req: TokenRequest) -> Result<Rematched, ApiError> {
    let token = req.token;
    change::execute(
        state,
        id,
        Command::Rematch {
            token: token.clone(),
        },
    )
    .await?;
    let game = change::find(state, id).await?;
    let (new_id, seat) = {
        let live = game.state.lock().await;
        let new_id = live.table.rematch.clone().ok_or_else(|| {
            ApiError::Internal(format!("game {id}: the rematch made is not in memory"))
        })?;
        let seat = change::seat_of(&live, &token)?;
        (new_id, (seat as usize + 1) % live.seats.len())
    };
    let new_token = TokenDigest::derive(&token, &new_id);
    let seat = seat as u8;
    let digest = TokenDigest::of(&new_token);
    change::execute(state, &new_id, Command::Claim { seat, digest }).await?;
    Ok(Rematched {
        id: new_id,
        seat,
        token: new_token,
    })
}

/// Sends a chat message.
pub async fn say(state: &AppState, id: &str, req: ChatRequest) -> Result<Utf8Bytes, ApiError> {
    let text = chat_text(&req.text)?;
    change::execute(
        state,
        id,
        Command::Say {
            token: req.token,
            text,
        },
    )
    .await
}

/// Turns a game's chat on or off.
pub async fn chat_enabled(
    state: &AppState,
    id: &str,
    req: ChatEnabledRequest,
) -> Result<Utf8Bytes, ApiError> {
    let command = Command::ChatEnabled {
        token: req.token,
        enabled: req.enabled,
    };
    change::execute(state, id, command).await
}

/// Gives an open seat to whoever asks first (to the account of `signed_in`, if given).
pub async fn join(
    state: &AppState,
    id: &str,
    req: JoinRequest,
    signed_in: Option<&SignedIn>,
) -> Result<SeatToken, ApiError> {
    let name = player_name(req.name)?.or_else(|| signed_in.map(|s| s.account.name.clone()));
    let (token, digest) = TokenDigest::issue();
    let seat = req.seat;
    let owner = signed_in.map(|s| s.account.id.clone());
    let command = Command::Join {
        seat,
        digest,
        name,
        owner,
    };
    change::execute(state, id, command).await?;
    Ok(SeatToken { seat, token })
}

/// `GET /api/players/{name}`.
#[derive(Debug, Serialize)]
pub struct Profile {
    name: String,
    created: String,
    ratings: std::collections::BTreeMap<String, PoolRating>,
    games: Vec<String>,
}

/// A rating as shown.
#[derive(Debug, Serialize)]
pub struct PoolRating {
    rating: f64,
    deviation: f64,
    games: u32,
    provisional: bool,
    /// `[unix ms, rating]` after each rated game, oldest first.
    history: Vec<(i64, f64)>,
}

fn shown(r: &trigonal_ratings::Rating, history: Vec<(i64, f64)>) -> PoolRating {
    PoolRating {
        rating: r.rating.round(),
        deviation: r.deviation.round(),
        games: r.games,
        provisional: r.provisional(),
        history: history.into_iter().map(|(at, x)| (at, x.round())).collect(),
    }
}

/// A player's profile: ratings by pool (with their history) and games, newest first.
pub async fn profile(state: &AppState, name: &str) -> Result<Profile, ApiError> {
    let account = state
        .store
        .account_by_name(name)
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("no player named {name:?}")))?;
    let mut ratings = std::collections::BTreeMap::new();
    for row in state.store.ratings(&account.id).await? {
        let history = state.store.rating_history(&account.id, &row.pool).await?;
        ratings.insert(row.pool.clone(), shown(&row.rating, history));
    }
    let mut games: Vec<String> = Vec::new();
    for (id, _) in state.store.account_seats(&account.id, MY_GAMES).await? {
        if !games.contains(&id) {
            games.push(id);
        }
    }
    Ok(Profile {
        name: account.name,
        created: rfc3339(account.created),
        ratings,
        games,
    })
}

/// `GET /api/leaderboard/{pool}`.
#[derive(Debug, Serialize)]
pub struct Leaderboard {
    pool: String,
    players: Vec<Ranked>,
    provisional: Vec<Ranked>,
}

/// A line of a leaderboard.
#[derive(Debug, Serialize)]
pub struct Ranked {
    name: String,
    rating: f64,
    deviation: f64,
    games: u32,
}

/// The players of a pool, best first, those with provisional ratings apart. `pool` is a pool's
/// id (`four-triangles-3`) or a game's (the pool of its fewest players).
pub async fn leaderboard(state: &AppState, pool: &str) -> Result<Leaderboard, ApiError> {
    // A game's id names its pool, or where it has several, the pool of its fewest players.
    let pool = match trigonal_games::info(pool) {
        Ok(g) => (g.pool)(g.players.0),
        Err(_) => pools()
            .into_iter()
            .map(|(p, _)| p.id)
            .find(|id| id == pool)
            .ok_or_else(|| ApiError::NotFound(format!("no rating pool {pool:?}")))?,
    };
    let (mut players, mut provisional) = (Vec::new(), Vec::new());
    for (name, r) in state.store.leaderboard(&pool, 200).await? {
        let line = Ranked {
            name,
            rating: r.rating.round(),
            deviation: r.deviation.round(),
            games: r.games,
        };
        if r.provisional() {
            provisional.push(line);
        } else {
            players.push(line);
        }
    }
    Ok(Leaderboard {
        pool,
        players,
        provisional,
    })
}

/// How many of an account's games `GET /api/me/games` lists.
const MY_GAMES: usize = 100;

/// `GET /api/me/games`: a game of the signed-in player's, with the token of their seat for
/// this browser.
#[derive(Debug, Serialize)]
pub struct MyGame {
    id: String,
    game: String,
    name: String,
    players: usize,
    seat: u8,
    token: String,
    to_move: Option<u8>,
    your_turn: bool,
    over: bool,
    updated: String,
}

/// `POST /api/me/games`: games this browser played as a guest, to keep.
#[derive(Debug, Deserialize)]
pub struct Adopt {
    /// The games and their seat tokens.
    pub games: Vec<Held>,
}

/// A game and the token of a seat in it.
#[derive(Debug, Deserialize)]
pub struct Held {
    /// The game.
    pub id: String,
    /// The seat's token.
    pub token: String,
}

/// Marks seat `seat` of `table` (of `players`) as a bot's.
fn set_bot(table: &mut Table, players: usize, seat: usize) {
    table.bots.resize(players, false);
    table.bots[seat] = true;
}

/// The signed-in player's games, those where it is their turn first, each with a token for
/// their seat in this browser (derived from the session's secret, so the same each time; its
/// digest becomes one more key of the seat).
pub async fn my_games(state: &AppState, signed_in: &SignedIn) -> Result<Vec<MyGame>, ApiError> {
    let owner = &signed_in.account.id;
    let mut games = Vec::new();
    for (id, seat) in state.store.account_seats(owner, MY_GAMES).await? {
        let token = TokenDigest::derive(&signed_in.secret, &format!("{id}/{seat}"));
        let command = Command::Key {
            seat,
            owner: owner.clone(),
            digest: TokenDigest::of(&token),
        };
        change::execute(state, &id, command).await?;
        let game = change::find(state, &id).await?;
        let live = game.state.lock().await;
        let to_move = live.to_move();
        games.push(MyGame {
            name: trigonal_games::info(&live.game)
                .map_or_else(|_| live.game.clone(), |i| i.name.to_string()),
            game: live.game.clone(),
            players: live.seats.len(),
            id,
            seat,
            token,
            to_move,
            your_turn: to_move == Some(seat),
            over: to_move.is_none(),
            updated: rfc3339(live.updated),
        });
    }
    // Stable: within each group, the order of the store (last changed first).
    games.sort_by_key(|g| (!g.your_turn, g.over));
    Ok(games)
}

/// Makes the seats of the tokens this browser holds (as a guest) the signed-in player's; then
/// their games.
pub async fn adopt(
    state: &AppState,
    signed_in: &SignedIn,
    held: Adopt,
) -> Result<Vec<MyGame>, ApiError> {
    const MOST: usize = 200;
    if held.games.len() > MOST {
        return Err(ApiError::BadRequest(format!(
            "at most {MOST} games at once"
        )));
    }
    for Held { id, token } in held.games {
        let command = Command::Own {
            token,
            owner: signed_in.account.id.clone(),
        };
        change::execute(state, &id, command).await?;
    }
    my_games(state, signed_in).await
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
            return Err(ApiError::Unprocessable(format!(
                "the record is a game of {}, not {}",
                trigonal_core::quoted(b),
                trigonal_core::quoted(a)
            )))
        }
        (Some(a), _) | (None, Some(a)) => a.to_string(),
        (None, None) => {
            return Err(ApiError::BadRequest(
                "say which game the record is of (\"game\" or a \"game:\" header)".into(),
            ))
        }
    };
    let info = trigonal_games::info(&game).map_err(|e| ApiError::BadRequest(e.to_string()))?;
    let options = record
        .options(&Options::default())
        .map_err(|e| ApiError::Unprocessable(e.to_string()))?;
    // Replaying is the engine's work: off the async threads.
    let row = tokio::task::spawn_blocking(move || -> Result<GameRow, ApiError> {
        let mut position = trigonal_games::new_game(info.id, &options)
            .map_err(|e| ApiError::Unprocessable(format!("the record's options: {e}")))?;
        let now = now_ms();
        let mut moves = Vec::with_capacity(record.moves.len());
        for (index, text) in record.moves.iter().enumerate() {
            let seat = position.to_move().map_or(0, |s| s.0);
            let canonical = position.play(text).map_err(|error| {
                ApiError::Unprocessable(
                    trigonal_core::RecordError::Move {
                        index,
                        text: text.clone(),
                        error,
                    }
                    .to_string(),
                )
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
    .map_err(|e| ApiError::Internal(e.to_string()))??;
    let id = row.id.clone();
    state.store.insert_game(row.clone(), false).await?;
    change::adopt(state, row).await?;
    tracing::info!(game = %id, kind = %info.id, "record uploaded");
    Ok(Uploaded { id })
}

/// The lobby: games waiting for players (`open`), or the newest games.
pub async fn list(state: &AppState, open: bool) -> Result<Lobby, ApiError> {
    let rows = state.store.list_games(open, LOBBY).await?;
    Ok(Lobby {
        games: rows
            .into_iter()
            .map(|s: Summary| LobbyGame {
                name: trigonal_games::info(&s.game)
                    .map_or_else(|_| s.game.clone(), |i| i.name.to_string()),
                id: s.id,
                game: s.game,
                players: s.players,
                variant: s.variant,
                open_seats: s.open_seats,
                clock: s.clock,
                ply: s.ply,
                over: s.over,
                created: rfc3339(s.created),
            })
            .collect(),
    })
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

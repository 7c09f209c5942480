//! The bot API: bots are accounts with an API token that play people on the site. A bot reads
//! one stream of events (newline-delimited JSON, kept alive by empty lines) — `challenge` and
//! `gameStart` (with its seat's token) when a game seats it, `turn` when it is to move, `gameEnd`
//! — and moves with the ordinary move endpoint. Its seat's token is derived from its API token,
//! so the process serving its stream can hand it over without any stored secret. A bot that
//! stops answering loses on time like anyone, or forfeits after `bot_patience` in a game without
//! clocks (see [`crate::change::deadline`]).

use std::collections::HashMap;
use std::convert::Infallible;
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde_json::json;
use tokio::sync::mpsc;
use trigonal_store::{AccountRow, TokenDigest};

use crate::change::{self, Command};
use crate::error::ApiError;
use crate::state::AppState;

/// How often a bot's games are looked at.
const LOOK: Duration = Duration::from_millis(250);

/// How often an empty line keeps a quiet stream open.
const KEEP_ALIVE: Duration = Duration::from_secs(20);

/// The presence key of a bot's stream.
fn online_key(name: &str) -> String {
    format!("bot:{}", name.to_lowercase())
}

/// A request made with a bot's API token (`Authorization: Bearer …`).
pub struct Bot {
    account: AccountRow,
    token: String,
}

impl FromRequestParts<AppState> for Bot {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let token = parts
            .headers
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
            .map(str::trim)
            .ok_or_else(|| {
                ApiError::Unauthorized("the bot API needs Authorization: Bearer <API token>".into())
            })?;
        let account = state
            .store
            .bot_by_token(&TokenDigest::of(token))
            .await?
            .ok_or_else(|| ApiError::Unauthorized("that is no bot's API token".into()))?;
        Ok(Bot {
            account,
            token: token.to_string(),
        })
    }
}

/// `GET /api/bots`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Bots {
    bots: Vec<Listed>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
struct Listed {
    name: String,
    online: bool,
}

/// Every bot, and whether its stream is open now (on any server process).
pub async fn list(state: &AppState) -> Result<Bots, ApiError> {
    let mut bots = Vec::new();
    for name in state.store.bots().await? {
        let online = !state.store.present(&online_key(&name)).await?.is_empty();
        bots.push(Listed { name, online });
    }
    Ok(Bots { bots })
}

/// `GET /api/bot/stream`: the bot's events, until it hangs up.
pub fn stream(state: AppState, bot: Bot) -> Response {
    let (send, receive) = mpsc::channel::<Result<Bytes, Infallible>>(64);
    tokio::spawn(async move {
        let _open = state.lifecycle.stream();
        let key = online_key(&bot.account.name);
        state.presence.arrive(&key, 0).await;
        if let Err(e) = session(&state, &bot, &send).await {
            let line = json!({"type": "error", "error": e.to_string()});
            let _ = send.send(Ok(Bytes::from(format!("{line}\n")))).await;
        }
        state.presence.leave(&key, 0).await;
    });
    let body = Body::from_stream(futures_util::stream::unfold(receive, |mut r| async move {
        r.recv().await.map(|line| (line, r))
    }));
    (
        StatusCode::OK,
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/x-ndjson"),
        )],
        body,
    )
        .into_response()
}

/// What the stream told the bot of one game.
struct Seen {
    seat: u8,
    /// The ply of the last `turn` sent.
    turn: Option<usize>,
}

/// Sends the bot's events until it hangs up (`Ok`) or the store fails.
async fn session(
    state: &AppState,
    bot: &Bot,
    send: &mpsc::Sender<Result<Bytes, Infallible>>,
) -> Result<(), ApiError> {
    let line = |event: serde_json::Value| Ok(Bytes::from(format!("{event}\n")));
    let mut seen: HashMap<String, Seen> = HashMap::new();
    // Games that had ended before the stream opened are not news.
    let mut ended: Vec<String> = Vec::new();
    let mut first_look = true;
    let mut look = tokio::time::interval(LOOK);
    let mut keep_alive = tokio::time::interval(KEEP_ALIVE);
    let restart = state.lifecycle.streams_must_end();
    tokio::pin!(restart);
    loop {
        tokio::select! {
            () = send.closed() => return Ok(()),
            // The process is going: the bot reconnects (to another process) and hears again of
            // the games it is in.
            () = &mut restart => return Ok(()),
            _ = keep_alive.tick() => {
                if send.send(Ok(Bytes::from_static(b"\n"))).await.is_err() {
                    return Ok(());
                }
            }
            _ = look.tick() => {
                for (id, seat) in state.store.account_seats(&bot.account.id, 100).await? {
                    if ended.contains(&id) {
                        continue;
                    }
                    let game = change::current(state, &id).await?;
                    if !seen.contains_key(&id) {
                        let over = game.state.lock().await.to_move().is_none();
                        if over && first_look {
                            ended.push(id);
                            continue;
                        }
                        let players = game.state.lock().await.seats.len();
                        let token = TokenDigest::derive(&bot.token, &format!("{id}/{seat}"));
                        let event = json!({"type": "challenge", "game": id, "seat": seat,
                                           "players": players});
                        if send.send(line(event)).await.is_err() {
                            return Ok(());
                        }
                        let claim = Command::Claim { seat, digest: TokenDigest::of(&token) };
                        change::execute(state, &id, claim).await?;
                        let live = game.state.lock().await;
                        let event = json!({"type": "gameStart", "game": id, "seat": seat,
                                           "token": token, "game_kind": live.game,
                                           "players": live.seats.len(),
                                           "variant": live.options.variant});
                        drop(live);
                        if send.send(line(event)).await.is_err() {
                            return Ok(());
                        }
                        seen.insert(id.clone(), Seen { seat, turn: None });
                    }
                    let entry = seen.get_mut(&id).expect("seen");
                    let live = game.state.lock().await;
                    let ply = live.history.len();
                    let event = match live.to_move() {
                        Some(to_move) if to_move == entry.seat && entry.turn != Some(ply) => {
                            entry.turn = Some(ply);
                            let clock = live.table.clock.as_ref().map(|c| json!({
                                "control": c.control,
                                "remaining_ms": c.remaining_at(trigonal_store::now_ms()),
                            }));
                            Some(json!({"type": "turn", "game": id, "ply": ply, "seat": entry.seat,
                                        "moves": live.history.iter().map(|m| &m.text).collect::<Vec<_>>(),
                                        "legal": live.position.legal_moves(), "clock": clock}))
                        }
                        None => {
                            let (winners, reason) = crate::view::ending(
                                &live.table,
                                live.position.as_ref(),
                                true,
                            )
                            .unwrap_or((Vec::new(), "rules"));
                            ended.push(id.clone());
                            Some(json!({"type": "gameEnd", "game": id, "winners": winners,
                                        "reason": reason}))
                        }
                        Some(_) => None,
                    };
                    drop(live);
                    if let Some(event) = event {
                        if send.send(line(event)).await.is_err() {
                            return Ok(());
                        }
                    }
                }
                first_look = false;
            }
        }
    }
}

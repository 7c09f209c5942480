//! A game's WebSocket once open (`GET /api/games/{id}/ws`, [`crate::games_api`]): the view (or
//! what the socket missed) first, then every change as it comes, pings meanwhile; a player's
//! socket that sends its seat's token (`{"token": …}`) is shown present and sent its legal moves
//! whenever its seat is to move. A socket that falls behind gets the whole view again.

use axum::body::Bytes;
use axum::extract::ws::{close_code, CloseFrame, Message, Utf8Bytes, WebSocket};
use tokio::sync::broadcast::error::RecvError;

use crate::error::ApiError;
use crate::games;
use crate::socket::{send, PING};
use crate::state::AppState;

/// A message a player's socket sends to be shown present.
#[derive(serde::Deserialize)]
struct Hello {
    token: String,
}

/// Sends a watcher what it is to see first and every later update until it goes; a player's
/// socket that sends its seat's token is shown present (the seats so shown are added to
/// `seats`) and is sent its legal moves when its seat is to move. Returns the frame to close
/// with, if any.
pub(crate) async fn serve(
    state: &AppState,
    id: &str,
    socket: &mut WebSocket,
    watcher: games::Watcher,
    seats: &mut Vec<u8>,
    viewer: Option<&str>,
) -> Option<CloseFrame> {
    // Without the chat lines of the people the viewer (signed in) blocked — their blocks read
    // as each message with chat goes, so a block counts at once on a socket already open.
    let shown = |text: Utf8Bytes| async move {
        let Some(viewer) = viewer.filter(|_| text.as_str().contains("\"chat\"")) else {
            return text;
        };
        let blocked = crate::blocks::blocked_by(state, viewer)
            .await
            .unwrap_or_default();
        if blocked.is_empty() {
            return text;
        }
        let hidden = crate::blocks::hidden_seats(state, id, &blocked)
            .await
            .unwrap_or_default();
        crate::blocks::without_chat_of(text.to_string(), &hidden).into()
    };
    let games::Watcher {
        first,
        mut covered,
        mut updates,
    } = watcher;
    for message in first {
        let message = shown(message).await;
        if let Err(close) = send(socket, state.send_patience, Message::Text(message)).await {
            return close;
        }
    }
    // Pings keep idle connections open through proxies and find dead clients.
    let mut ping = tokio::time::interval(PING);
    ping.reset();
    let restart = state.lifecycle.streams_must_end();
    tokio::pin!(restart);
    loop {
        tokio::select! {
            () = &mut restart => {
                // The client reconnects (to another process) and gets what it missed.
                return Some(CloseFrame { code: close_code::RESTART, reason: "service restart".into() });
            }
            _ = ping.tick() => {
                if let Err(close) = send(socket, state.send_patience, Message::Ping(Bytes::new())).await {
                    return close;
                }
            }
            update = updates.recv() => match update {
                Ok(update) => {
                    if update.seq <= covered {
                        continue;
                    }
                    covered = update.seq;
                    let text = shown(update.text.clone()).await;
                    if let Err(close) = send(socket, state.send_patience, Message::Text(text)).await {
                        return close;
                    }
                    if let Some(seat) = update.mover.filter(|s| seats.contains(s)) {
                        if let Ok(Some(moves)) = games::moves_for(state, id, seat).await {
                            if let Err(close) = send(socket, state.send_patience, Message::Text(moves.clone())).await {
                                return close;
                            }
                        }
                    }
                }
                // Fell behind: the whole view again (each update builds on the one before).
                Err(RecvError::Lagged(_)) => {
                    let Ok((whole, now)) = games::resync(state, id).await else {
                        return None;
                    };
                    covered = now;
                    for message in whole {
                        let message = shown(message).await;
                        if let Err(close) = send(socket, state.send_patience, Message::Text(message)).await {
                            return close;
                        }
                    }
                    for &seat in seats.iter() {
                        if let Ok(Some(moves)) = games::moves_for(state, id, seat).await {
                            if let Err(close) = send(socket, state.send_patience, Message::Text(moves)).await {
                                return close;
                            }
                        }
                    }
                }
                Err(RecvError::Closed) => return None,
            },
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Text(text))) => {
                    let reply = match hello(state, id, &text, seats).await {
                        Ok(Some(seat)) => games::moves_for(state, id, seat).await.ok().flatten(),
                        Ok(None) => None,
                        Err(e) => Some(e.body().into()),
                    };
                    if let Some(reply) = reply {
                        if let Err(close) = send(socket, state.send_patience, Message::Text(reply)).await {
                            return close;
                        }
                    }
                }
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => return None,
                // Pings are answered by the library.
                Some(Ok(_)) => {}
            },
        }
    }
}

/// A player's socket says whose seat it shows: `{"token": …}`. The seat, when it is new to
/// this socket.
async fn hello(
    state: &AppState,
    id: &str,
    text: &str,
    seats: &mut Vec<u8>,
) -> Result<Option<u8>, ApiError> {
    let hello: Hello = serde_json::from_str(text).map_err(|_| {
        ApiError::BadRequest(
            "a player's socket sends {\"token\": \"…\"} to be shown present".into(),
        )
    })?;
    let game = crate::change::find(state, id).await?;
    let seat = crate::change::seat_of(&*game.state.lock().await, &hello.token)?;
    if seats.contains(&seat) {
        return Ok(None);
    }
    seats.push(seat);
    state.presence.arrive(id, seat).await;
    Ok(Some(seat))
}

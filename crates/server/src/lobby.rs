//! The lobby's WebSocket (`GET /api/lobby/ws`): the seeks its viewer is shown, sent whole when
//! it connects and again whenever they change anywhere ([`trigonal_store::StoreEvent::Seeks`]);
//! and to a signed-in viewer, each game a seek they sit in became, with their seat (its token
//! their page asks for with the session, never sent here). A
//! signed-in viewer's open socket also keeps their seeks alive: this process renews the seeks of
//! everyone with a lobby open here, and a seek whose seeker has left lapses.

use std::collections::{HashMap, HashSet};
use std::sync::{Mutex, PoisonError};

use axum::body::Bytes;
use axum::extract::ws::{close_code, CloseFrame, Message, WebSocket};
use tokio::sync::watch;
use trigonal_store::{now_ms, SEEK_TTL};

use crate::accounts::SignedIn;
use crate::pairing;
use crate::seeks::{self, Viewer};
use crate::socket::{send, PING};
use crate::state::AppState;

/// This process's lobby sockets: how many each signed-in account has open, and a bell rung
/// when the seeks change.
pub struct Lobby {
    open: Mutex<HashMap<String, u32>>,
    changed: watch::Sender<u64>,
}

impl Default for Lobby {
    fn default() -> Lobby {
        Lobby {
            open: Mutex::default(),
            changed: watch::channel(0).0,
        }
    }
}

impl Lobby {
    /// The seeks changed somewhere: every lobby socket reads them again.
    pub fn changed(&self) {
        self.changed.send_modify(|n| *n += 1);
    }

    fn arrive(&self, account: &str) {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        *open.entry(account.to_string()).or_default() += 1;
    }

    fn leave(&self, account: &str) {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(n) = open.get_mut(account) {
            *n -= 1;
            if *n == 0 {
                open.remove(account);
            }
        }
    }

    /// The accounts with a lobby open through this process.
    fn here(&self) -> Vec<String> {
        self.open
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .keys()
            .cloned()
            .collect()
    }

    /// Renews the seeks of everyone with a lobby open here (dropping lapsed ones) every third of
    /// a seek's lifetime, and brings together those waiting in quick seeks ([`pairing::pair`])
    /// whenever the seeks change and every [`pairing::TICK`] (windows widen with time), until
    /// the task is dropped.
    pub async fn run(state: AppState) {
        let mut renew = tokio::time::interval(SEEK_TTL / 3);
        let mut tick = tokio::time::interval(pairing::TICK);
        let mut changed = state.lobby.changed.subscribe();
        loop {
            tokio::select! {
                _ = renew.tick() => {
                    if let Err(e) = state.store.renew_seeks(&state.lobby.here(), now_ms()).await {
                        tracing::warn!(error = %e, "seeks could not be renewed");
                    }
                    continue;
                }
                _ = tick.tick() => {}
                moved = changed.changed() => {
                    if moved.is_err() {
                        return;
                    }
                }
            }
            let here = state.lobby.here();
            if here.is_empty() {
                continue;
            }
            match pairing::pair(&state, &here).await {
                Ok(0) => {}
                Ok(n) => tracing::info!(moved = n, "quick pairing: seated people together"),
                Err(e) => tracing::warn!(error = %e, "quick pairing failed"),
            }
        }
    }
}

/// Serves one lobby socket of `signed_in` (or a guest), showing the seeks of game `game` if
/// given, until it closes or the process restarts; returns the frame to close it with.
pub async fn serve(
    state: &AppState,
    socket: &mut WebSocket,
    signed_in: Option<SignedIn>,
    game: Option<String>,
) -> Option<CloseFrame> {
    if let Some(s) = &signed_in {
        state.lobby.arrive(&s.account.id);
    }
    let end = follow(state, socket, signed_in.as_ref(), game.as_deref()).await;
    if let Some(s) = &signed_in {
        state.lobby.leave(&s.account.id);
    }
    end
}

async fn follow(
    state: &AppState,
    socket: &mut WebSocket,
    signed_in: Option<&SignedIn>,
    game: Option<&str>,
) -> Option<CloseFrame> {
    let mut changed = state.lobby.changed.subscribe();
    let mut ping = tokio::time::interval(PING);
    ping.reset();
    let restart = state.lifecycle.streams_must_end();
    tokio::pin!(restart);
    // What this socket was sent last, and the games it was sent to.
    let mut shown = None;
    let mut sent_to = HashSet::new();
    loop {
        changed.mark_unchanged();
        let mut viewer = Viewer::new(state, signed_in);
        match seeks::list(state, &mut viewer, game).await {
            Ok(list) => {
                let mut message = serde_json::to_value(&list).expect("JSON");
                message["type"] = "seeks".into();
                let text = message.to_string();
                if shown.as_ref() != Some(&text) {
                    if let Err(close) = send(
                        socket,
                        state.send_patience,
                        Message::Text(text.clone().into()),
                    )
                    .await
                    {
                        return close;
                    }
                    shown = Some(text);
                }
            }
            Err(e) => tracing::warn!(error = %e, "the seeks could not be read"),
        }
        if let Some(s) = signed_in {
            match seeks::started_of(state, &s.account.id).await {
                Ok(started) => {
                    for (seek, game, seat) in started {
                        if !sent_to.insert(game.clone()) {
                            continue;
                        }
                        let start = seeks::Started::told(seek, game, seat);
                        let text = serde_json::to_string(&start).expect("JSON");
                        if let Err(close) =
                            send(socket, state.send_patience, Message::Text(text.into())).await
                        {
                            return close;
                        }
                    }
                }
                Err(e) => tracing::warn!(error = %e, "the started seeks could not be read"),
            }
        }
        // Until the seeks change, answering pings meanwhile.
        loop {
            tokio::select! {
                () = &mut restart => {
                    return Some(CloseFrame { code: close_code::RESTART, reason: "service restart".into() });
                }
                _ = ping.tick() => {
                    if let Err(close) = send(socket, state.send_patience, Message::Ping(Bytes::new())).await {
                        return close;
                    }
                }
                moved = changed.changed() => {
                    if moved.is_err() {
                        return None;
                    }
                    break;
                }
                incoming = socket.recv() => match incoming {
                    // The lobby's socket reads nothing: a client's words are ignored.
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return None,
                    Some(Ok(_)) => {}
                },
            }
        }
    }
}

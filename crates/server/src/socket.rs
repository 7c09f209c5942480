//! WebSockets: the one way a route upgrades a request (small buffers, the socket counted and
//! held open across a graceful restart, closed with the frame its server returns), pings, and
//! sending with a deadline, so a client that reads nothing cannot hold the server's memory.

use std::future::Future;
use std::time::Duration;

use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{close_code, CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::response::{IntoResponse, Response};

use crate::body::BODY_LIMIT;
use crate::error::ApiError;
use crate::{observe, state::AppState};

/// How often a WebSocket is pinged.
pub(crate) const PING: Duration = Duration::from_secs(30);

/// The read buffer of a game's WebSocket, in bytes.
pub(crate) const SOCKET_BUFFER: usize = 1024;

/// Sends `message` within `patience` ([`crate::Limits::send`]).
pub(crate) async fn send(
    socket: &mut WebSocket,
    patience: Duration,
    message: Message,
) -> Result<(), Option<CloseFrame>> {
    match tokio::time::timeout(patience, socket.send(message)).await {
        Ok(Ok(())) => Ok(()),
        Ok(Err(_)) => Err(None),
        // Nothing more is queued for a socket that does not read: it is closed.
        Err(_) => Err(Some(CloseFrame {
            code: close_code::POLICY,
            reason: "too slow to read".into(),
        })),
    }
}

/// Upgrades a request to a WebSocket served by `serve`, which returns the socket and the frame
/// to close it with, if any; 400 for a request that is not a WebSocket's.
pub(crate) fn open<F, Fut>(
    state: AppState,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
    serve: F,
) -> Result<Response, ApiError>
where
    F: FnOnce(AppState, WebSocket) -> Fut + Send + 'static,
    Fut: Future<Output = (WebSocket, Option<CloseFrame>)> + Send + 'static,
{
    let upgrade = upgrade.map_err(|e| {
        ApiError::BadRequest(format!("this is a WebSocket endpoint: {}", e.body_text()).into())
    })?;
    Ok(upgrade
        .max_message_size(BODY_LIMIT)
        // A socket reads tokens, a few dozen bytes, and writes each message at once: small
        // buffers (the library's default is 128 KiB each way, held per socket).
        .read_buffer_size(SOCKET_BUFFER)
        .write_buffer_size(0)
        .max_write_buffer_size(BODY_LIMIT * 4)
        .on_upgrade(move |socket: WebSocket| async move {
            let _open = state.lifecycle.stream();
            let gauge = metrics::gauge!(observe::WEBSOCKETS);
            gauge.increment(1.0);
            let (mut socket, end) = serve(state.clone(), socket).await;
            if let Some(close) = end {
                // A client that reads nothing does not read this either: a moment, no more.
                let close = socket.send(Message::Close(Some(close)));
                let _ = tokio::time::timeout(Duration::from_secs(1), close).await;
            }
            gauge.decrement(1.0);
        })
        .into_response())
}

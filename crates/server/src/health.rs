//! Health for load balancers and orchestrators, and the process's way out. `GET /healthz` says
//! the process answers; `GET /readyz` says it should be sent requests: the store answers a query
//! in time, and no shutdown has begun. A shutdown turns `/readyz` to 503 at once
//! ([`Lifecycle::begin_shutdown`]); once the listener is closed, every WebSocket and bot stream
//! is told to end ([`Lifecycle::end_streams`]: close code 1012, "service restart"), so that
//! clients reconnect to another process while this one finishes the requests in flight.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use axum::extract::State;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;
use tokio::sync::{watch, Notify};

use crate::state::AppState;

/// How long the store may take to answer `/readyz`'s query.
pub const STORE_PATIENCE: Duration = Duration::from_secs(1);

/// Whether the process is shutting down, and the connections that must end when it does.
#[derive(Clone)]
pub struct Lifecycle {
    stopping: Arc<AtomicBool>,
    ending: Arc<watch::Sender<bool>>,
    streams: Arc<Streams>,
}

/// The long-lived connections open (WebSockets, bot streams), and a bell rung as each ends.
#[derive(Default)]
struct Streams {
    open: AtomicUsize,
    ended: Notify,
}

impl Default for Lifecycle {
    fn default() -> Lifecycle {
        Lifecycle {
            stopping: Arc::default(),
            ending: Arc::new(watch::Sender::new(false)),
            streams: Arc::default(),
        }
    }
}

impl Lifecycle {
    /// Starts the shutdown: `/readyz` answers 503 from now on.
    pub fn begin_shutdown(&self) {
        self.stopping.store(true, Ordering::SeqCst);
    }

    /// Whether a shutdown has begun.
    pub fn stopping(&self) -> bool {
        self.stopping.load(Ordering::SeqCst)
    }

    /// Tells every stream to end.
    pub fn end_streams(&self) {
        self.ending.send_replace(true);
    }

    /// Completes when streams are told to end (at once if they have been).
    pub fn streams_must_end(&self) -> impl std::future::Future<Output = ()> + Send + 'static {
        let mut watch = self.ending.subscribe();
        async move {
            // An error means the sender is gone: the process is going anyway.
            let _ = watch.wait_for(|ending| *ending).await;
        }
    }

    /// Counts a long-lived connection as open until the guard is dropped.
    pub fn stream(&self) -> StreamGuard {
        self.streams.open.fetch_add(1, Ordering::SeqCst);
        StreamGuard(Arc::clone(&self.streams))
    }

    /// Waits until every stream has ended, for at most `grace`; how many are still open.
    pub async fn streams_ended(&self, grace: Duration) -> usize {
        let deadline = tokio::time::Instant::now() + grace;
        loop {
            let ended = self.streams.ended.notified();
            let open = self.streams.open.load(Ordering::SeqCst);
            if open == 0 {
                return 0;
            }
            if tokio::time::timeout_at(deadline, ended).await.is_err() {
                return self.streams.open.load(Ordering::SeqCst);
            }
        }
    }
}

/// One open stream; dropped when it ends.
pub struct StreamGuard(Arc<Streams>);

impl Drop for StreamGuard {
    fn drop(&mut self) {
        self.0.open.fetch_sub(1, Ordering::SeqCst);
        self.0.ended.notify_waiters();
    }
}

/// `GET /healthz`: the process answers.
pub async fn healthz() -> Response {
    (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("text/plain; charset=utf-8"),
        )],
        "ok\n",
    )
        .into_response()
}

/// `GET /readyz`: 200 `{"ready": true}` while requests should come here; 503 `{"ready": false,
/// "reason": …}` while the store does not answer within [`STORE_PATIENCE`] or once a shutdown
/// has begun.
pub async fn readyz(State(state): State<AppState>) -> Response {
    if state.lifecycle.stopping() {
        return not_ready("shutting down");
    }
    match tokio::time::timeout(STORE_PATIENCE, state.store.schema_version()).await {
        Ok(Ok(_)) => (
            [(header::CACHE_CONTROL, HeaderValue::from_static("no-store"))],
            Json(json!({"ready": true})),
        )
            .into_response(),
        Ok(Err(e)) => not_ready(&format!("the database failed a query: {e}")),
        Err(_) => not_ready(&format!(
            "the database did not answer within {} s",
            STORE_PATIENCE.as_secs()
        )),
    }
}

fn not_ready(reason: &str) -> Response {
    (
        StatusCode::SERVICE_UNAVAILABLE,
        [(header::CACHE_CONTROL, HeaderValue::from_static("no-store"))],
        Json(json!({"ready": false, "reason": reason})),
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn streams_are_waited_for_until_the_last_ends_or_the_grace_runs_out() {
        let life = Lifecycle::default();
        assert_eq!(life.streams_ended(Duration::ZERO).await, 0);
        let (a, b) = (life.stream(), life.stream());
        assert_eq!(life.streams_ended(Duration::from_millis(20)).await, 2);
        let waiting = tokio::spawn({
            let life = life.clone();
            async move { life.streams_ended(Duration::from_secs(10)).await }
        });
        drop(a);
        tokio::task::yield_now().await;
        drop(b);
        assert_eq!(waiting.await.unwrap(), 0);
    }

    #[tokio::test]
    async fn streams_are_told_to_end_only_when_asked_not_when_the_shutdown_begins() {
        let life = Lifecycle::default();
        let told = tokio::spawn(life.streams_must_end());
        assert!(!life.stopping());
        life.begin_shutdown();
        assert!(life.stopping());
        tokio::task::yield_now().await;
        assert!(!told.is_finished());
        life.end_streams();
        told.await.unwrap();
        // Asked after it happened: at once.
        life.streams_must_end().await;
    }
}

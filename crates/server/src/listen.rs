//! The connection layer under the router: accepts connections, at most
//! [`Limits::connections`] at once (one more is closed at once); gives each request's head
//! [`Limits::header`] to arrive, so a client that sends half a request and then nothing cannot
//! hold a connection; and at shutdown stops accepting (then says so to its caller, who ends the
//! long-lived streams), lets requests in flight finish for [`Limits::grace`], then cuts what is
//! left. A WebSocket, once upgraded, leaves this layer: its
//! own pings find dead clients. (Slow bodies are timed by the router's body timeout.)

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ConnectInfo;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto::Builder;
use hyper_util::server::graceful::GracefulShutdown;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tower::ServiceExt as _;

/// How long clients get, and how many may connect.
#[derive(Clone, Debug)]
pub struct Limits {
    /// The most connections open at once.
    pub connections: usize,
    /// Time to send a request's line and headers, from the first byte (or, on a kept-alive
    /// connection, from the end of the last answer).
    pub header: Duration,
    /// Time to send a request's body, once its headers are in.
    pub body: Duration,
    /// At shutdown, how long requests in flight may still take.
    pub grace: Duration,
    /// How long a bot may take over a move in a game without clocks before it forfeits.
    pub bot_patience: Duration,
    /// How long a message to a WebSocket may take to leave: a client that reads nothing for
    /// this long is dropped.
    pub send: Duration,
    /// How long a seek waits before its seeker is offered the computer in the seats nobody
    /// took.
    pub computer_offer: Duration,
    /// How much a quick seek's window of ratings widens, each way, for every second it waits
    /// (from ±[`crate::seeks::WINDOW`]).
    pub quick_widening: i32,
    /// The computer's time on each position of a game's analysis.
    pub analysis_budget: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            connections: 4096,
            header: Duration::from_secs(10),
            body: Duration::from_secs(10),
            grace: Duration::from_secs(5),
            bot_patience: Duration::from_secs(60),
            send: Duration::from_secs(10),
            computer_offer: Duration::from_secs(60),
            quick_widening: 10,
            analysis_budget: Duration::from_millis(250),
        }
    }
}

/// Serves `app` on `listener` until `shutdown` completes, then (once the listener is closed
/// and `closed` called) for at most `limits.grace`.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: &Limits,
    shutdown: impl Future<Output = ()>,
    closed: impl FnOnce(),
) {
    let mut builder = Builder::new(TokioExecutor::new());
    builder
        .http1()
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header);
    builder.http2().timer(TokioTimer::new());
    let graceful = GracefulShutdown::new();
    let open = Arc::new(Semaphore::new(limits.connections));
    tokio::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    // Out of file descriptors, say: wait a little rather than spin.
                    tracing::warn!(error = %e, "accepting a connection failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let Ok(slot) = Arc::clone(&open).try_acquire_owned() else {
            tracing::warn!(%peer, limit = limits.connections, "too many connections; one closed");
            continue;
        };
        let app = app.clone();
        let service = hyper::service::service_fn(move |request: hyper::Request<Incoming>| {
            let mut request = request.map(axum::body::Body::new);
            // The peer's address, which the limit on new games is kept by.
            request.extensions_mut().insert(ConnectInfo(peer));
            app.clone().oneshot(request)
        });
        let connection = builder
            .serve_connection_with_upgrades(TokioIo::new(stream), service)
            .into_owned();
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            // A connection that ends badly (reset, timed out) is the client's business.
            let _ = connection.await;
            drop(slot);
        });
    }
    drop(listener);
    closed();
    tokio::select! {
        () = graceful.shutdown() => {}
        () = tokio::time::sleep(limits.grace) => {
            tracing::warn!(grace = ?limits.grace, "requests still open at shutdown were cut");
        }
    }
}

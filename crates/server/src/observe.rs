//! What an operator watches: the process's metrics in Prometheus's text format (`GET /metrics`),
//! recorded through the `metrics` facade wherever things happen and rendered by
//! `metrics-exporter-prometheus`. The names are Trigonal's; `docs/operations.md` says what to
//! watch. Gauges that describe the process as a whole (live games, the computer's queue) are
//! read when scraped; the rest are counted as they happen, so a scrape never waits on a game.

use std::sync::OnceLock;
use std::time::Duration;

use metrics::{describe_counter, describe_gauge, describe_histogram, gauge, Unit};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

use crate::state::AppState;

/// Requests answered, by route (the router's pattern), method and status.
pub const HTTP_REQUESTS: &str = "trigonal_http_requests_total";
/// Time from a request's head to its answer's head, by route.
pub const HTTP_DURATION: &str = "trigonal_http_request_duration_seconds";
/// Moves committed by this process, by game.
pub const MOVES: &str = "trigonal_moves_committed_total";
/// Game WebSockets open on this process.
pub const WEBSOCKETS: &str = "trigonal_websockets_open";
/// Games held in this process's memory.
pub const LIVE_GAMES: &str = "trigonal_live_games";
/// Computer moves due and claimed by no process (the whole site's queue).
pub const JOBS_WAITING: &str = "trigonal_computer_jobs_waiting";
/// Computer searches this process is running.
pub const JOBS_RUNNING: &str = "trigonal_computer_jobs_running";
/// Time one computer search took, by game.
pub const SEARCH: &str = "trigonal_search_duration_seconds";
/// Time the store took to commit one change.
pub const COMMIT: &str = "trigonal_store_commit_duration_seconds";
/// Requests refused by a rate limit, by limit.
pub const REFUSED: &str = "trigonal_rate_limit_refusals_total";
/// Web Push notices posted to push services, by outcome.
pub const PUSHES: &str = "trigonal_pushes_total";

/// Bucket bounds for every duration, in seconds: from a fast commit to a long search.
const BUCKETS: [f64; 14] = [
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0,
];

/// The recorder's handle, installed as the process's recorder on first use. (One process has
/// one recorder: servers started side by side in one test process share it.)
pub fn handle() -> &'static PrometheusHandle {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    HANDLE.get_or_init(|| {
        let recorder = PrometheusBuilder::new()
            .set_buckets_for_metric(Matcher::Suffix("_seconds".into()), &BUCKETS)
            .expect("the buckets are not empty")
            .build_recorder();
        let handle = recorder.handle();
        if metrics::set_global_recorder(recorder).is_err() {
            tracing::warn!("another metrics recorder is installed: /metrics shows nothing");
        }
        describe();
        handle
    })
}

fn describe() {
    describe_counter!(
        HTTP_REQUESTS,
        "HTTP requests answered, by route, method and status."
    );
    describe_histogram!(
        HTTP_DURATION,
        Unit::Seconds,
        "Time to answer an HTTP request (to its answer's head), by route."
    );
    describe_counter!(MOVES, "Moves committed by this process, by game.");
    describe_gauge!(WEBSOCKETS, "Game WebSockets open on this process.");
    describe_gauge!(LIVE_GAMES, "Games held in this process's memory.");
    describe_gauge!(
        JOBS_WAITING,
        "Computer moves due that no process has claimed (the same for every process)."
    );
    describe_gauge!(JOBS_RUNNING, "Computer searches running in this process.");
    describe_histogram!(
        SEARCH,
        Unit::Seconds,
        "Time of one computer search, by game."
    );
    describe_histogram!(
        COMMIT,
        Unit::Seconds,
        "Time the store took to commit one change."
    );
    describe_counter!(REFUSED, "Requests refused by a rate limit, by limit.");
    describe_counter!(
        PUSHES,
        "Web Push notices posted to push services, by outcome."
    );
    for name in [WEBSOCKETS, LIVE_GAMES, JOBS_WAITING, JOBS_RUNNING] {
        gauge!(name).set(0.0);
    }
}

/// How long the store may take to count the computer's queue for a scrape.
const QUEUE_PATIENCE: Duration = Duration::from_millis(500);

/// The metrics now, in Prometheus's text format.
pub async fn render(state: &AppState) -> String {
    let handle = handle();
    gauge!(LIVE_GAMES).set(state.hub.len() as f64);
    // A store that does not answer in time leaves the last figure (its outage shows on /readyz).
    if let Ok(Ok(waiting)) = tokio::time::timeout(
        QUEUE_PATIENCE,
        state.store.jobs_waiting(trigonal_store::now_ms()),
    )
    .await
    {
        gauge!(JOBS_WAITING).set(waiting as f64);
    }
    handle.run_upkeep();
    handle.render()
}

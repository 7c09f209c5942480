//! How many games one address may create: a token bucket per peer address (games created and
//! records uploaded both count), so that nobody fills the database or the computer's time by
//! starting games in a loop. Moves need no limit of their own: a game is finite, and a move is
//! refused unless it is the mover's turn.
//!
//! The address is the client's: the TCP peer's, or behind a reverse proxy trusted with
//! `--trust-proxy` the one the proxy names ([`crate::proxy`]). Behind a proxy that is not
//! trusted every request comes from the proxy, and the limit is shared by everyone.

use std::net::{IpAddr, SocketAddr};
use std::num::NonZeroU32;
use std::sync::Arc;

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use crate::error::ApiError;
use crate::proxy::Client;
use crate::AppState;

/// The games each address may create a minute, in bursts of as many.
#[derive(Clone)]
pub struct CreationLimit {
    per_minute: NonZeroU32,
    buckets: Arc<DefaultKeyedRateLimiter<IpAddr>>,
}

impl CreationLimit {
    /// `per_minute` games a minute per address; `None` for 0 (no limit).
    pub fn per_minute(per_minute: u32) -> Option<CreationLimit> {
        let per_minute = NonZeroU32::new(per_minute)?;
        Some(CreationLimit {
            per_minute,
            buckets: Arc::new(RateLimiter::keyed(Quota::per_minute(per_minute))),
        })
    }

    /// Takes one creation from `address`'s bucket, or says how long until there is one.
    fn take(&self, address: IpAddr) -> Result<(), ApiError> {
        self.buckets.check_key(&address).map_err(|not_until| {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            ApiError::TooManyRequests {
                limit: "games",
                what: format!(
                    "too many new games from your address (at most {} a minute)",
                    self.per_minute.get()
                ),
                retry_after: wait.as_secs() + 1,
            }
        })
    }

    /// Forgets addresses whose buckets are full again (called now and then, to bound memory).
    pub fn forget_idle(&self) {
        self.buckets.retain_recent();
        self.buckets.shrink_to_fit();
    }
}

/// The client address of a request, when it has one (a router driven without a socket has
/// none).
pub fn peer(parts: &Parts) -> Option<IpAddr> {
    if let Some(client) = parts.extensions.get::<Client>() {
        return Some(client.addr);
    }
    parts
        .extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map(|ConnectInfo(a)| a.ip())
}

/// An extractor that admits a request creating a game only within the limit of its address.
/// Requests without a peer address (a router driven without a socket) are not limited.
pub struct MayCreate;

impl FromRequestParts<AppState> for MayCreate {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        if let (Some(limit), Some(peer)) = (&state.creation_limit, peer(parts)) {
            limit.take(peer)?;
        }
        Ok(MayCreate)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_of_the_limit_then_refused_with_a_wait() {
        let limit = CreationLimit::per_minute(3).unwrap();
        let (a, b): (IpAddr, IpAddr) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        for _ in 0..3 {
            limit.take(a).unwrap();
        }
        match limit.take(a) {
            Err(ApiError::TooManyRequests {
                what, retry_after, ..
            }) => {
                assert!(what.contains("at most 3 a minute"), "{what}");
                assert!((1..=21).contains(&retry_after), "{retry_after}");
            }
            other => panic!("{other:?}"),
        }
        // Another address has its own bucket.
        limit.take(b).unwrap();
        assert!(CreationLimit::per_minute(0).is_none());
    }
}

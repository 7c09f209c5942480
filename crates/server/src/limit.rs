//! How often one address may do what costs the site: a token bucket per peer address for
//! creating games (games created and records uploaded both count), so that nobody fills the
//! database or the computer's time by starting games in a loop, and one for puzzle attempts, so
//! that nobody floods the ratings. Moves need no limit of their own: a game is finite, and a
//! move is refused unless it is the mover's turn.
//!
//! The address is the client's: the TCP peer's, or behind a reverse proxy trusted with
//! `--trust-proxy` the one the proxy names ([`crate::proxy`]). Behind a proxy that is not
//! trusted every request comes from the proxy, and the limit is shared by everyone. An IPv6
//! client counts by its /64 ([`address_key`]): one network is given a /64 at least, and could
//! otherwise take a new address for every try.

use std::net::{IpAddr, SocketAddr};
use std::num::NonZeroU32;
use std::sync::Arc;

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use crate::error::ApiError;
use crate::proxy::Client;
use crate::state::AppState;

/// How many of one thing each address may do a minute, in bursts of as many.
#[derive(Clone)]
pub struct AddressLimit {
    per_minute: NonZeroU32,
    /// The limit's name in a refusal (`games`, `attempts`).
    limit: &'static str,
    /// What there were too many of, in words (`new games`).
    what: &'static str,
    buckets: Arc<DefaultKeyedRateLimiter<IpAddr>>,
}

impl AddressLimit {
    /// `per_minute` games created a minute per address; `None` for 0 (no limit).
    pub fn per_minute(per_minute: u32) -> Option<AddressLimit> {
        AddressLimit::new(per_minute, "games", "new games")
    }

    /// `per_minute` of `what` a minute per address, refused as `limit`; `None` for 0.
    pub fn new(per_minute: u32, limit: &'static str, what: &'static str) -> Option<AddressLimit> {
        let per_minute = NonZeroU32::new(per_minute)?;
        Some(AddressLimit {
            per_minute,
            limit,
            what,
            buckets: Arc::new(RateLimiter::keyed(Quota::per_minute(per_minute))),
        })
    }

    /// Takes one from `address`'s bucket, or says how long until there is one.
    pub fn take(&self, address: IpAddr) -> Result<(), ApiError> {
        self.buckets
            .check_key(&address_key(address))
            .map_err(|not_until| {
                let wait = not_until.wait_time_from(DefaultClock::default().now());
                ApiError::TooManyRequests {
                    limit: self.limit,
                    what: format!(
                        "too many {} from your address (at most {} a minute)",
                        self.what,
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

/// What a limit counts an address as: an IPv4 address itself (an IPv4-mapped IPv6 address
/// too), an IPv6 address by its /64.
pub fn address_key(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6(std::net::Ipv6Addr::from(
                u128::from(v6) & !((1u128 << 64) - 1),
            )),
        },
        v4 => v4,
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

/// Puzzle attempts each address may make a minute: far more than a person solves, far fewer
/// than a script trying every move.
pub const ATTEMPTS_PER_MINUTE: u32 = 60;

/// An extractor that admits a puzzle attempt only within the limit of its address.
pub struct MayAttempt;

impl FromRequestParts<AppState> for MayAttempt {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        if let Some(peer) = peer(parts) {
            state.attempt_limit.take(peer)?;
        }
        Ok(MayAttempt)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_of_the_limit_then_refused_with_a_wait() {
        let limit = AddressLimit::per_minute(3).unwrap();
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
        assert!(AddressLimit::per_minute(0).is_none());
    }

    #[test]
    fn an_ipv6_network_counts_as_one_address() {
        let limit = AddressLimit::per_minute(3).unwrap();
        // Three addresses of one /64, then a fourth: refused.
        for a in ["2001:db8:1:2::1", "2001:db8:1:2::2", "2001:db8:1:2:ffff::9"] {
            limit.take(a.parse().unwrap()).unwrap();
        }
        assert!(limit.take("2001:db8:1:2:abcd::1".parse().unwrap()).is_err());
        // The next /64 is another network.
        limit.take("2001:db8:1:3::1".parse().unwrap()).unwrap();
        assert_eq!(
            address_key("::ffff:192.0.2.7".parse().unwrap()),
            "192.0.2.7".parse::<IpAddr>().unwrap()
        );
    }
}

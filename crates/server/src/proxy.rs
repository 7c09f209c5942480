//! Who a request comes from, behind reverse proxies. Every connection behind nginx comes from
//! nginx, so the client's address, whether it spoke HTTPS, the host it asked for and the
//! request's id are read from the headers the proxy adds (`X-Forwarded-For` or `Forwarded`,
//! `X-Forwarded-Proto`, `X-Forwarded-Host`, `X-Request-Id`) — but only on connections from peers the operator trusts (`--trust-proxy`),
//! since anyone can write those headers. The client is the right-most address of the chain that
//! is not itself a trusted proxy: the addresses left of it were written by the client and prove
//! nothing.

use std::net::IpAddr;
use std::str::FromStr;

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::HeaderMap;
use ipnet::IpNet;

/// The peers whose forwarding headers are believed: `CIDR[,CIDR…]` (a bare address is one
/// host). Empty: no one's.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TrustedProxies(Vec<IpNet>);

impl FromStr for TrustedProxies {
    type Err = String;

    fn from_str(s: &str) -> Result<TrustedProxies, String> {
        let mut nets = Vec::new();
        for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let net = match part.parse::<IpNet>() {
                Ok(net) => net,
                Err(_) => part.parse::<IpAddr>().map(IpNet::from).map_err(|_| {
                    format!(
                        "{:?} is not an address or a CIDR block (like 10.0.0.0/8 or ::1)",
                        part.chars().take(60).collect::<String>()
                    )
                })?,
            };
            nets.push(net);
        }
        Ok(TrustedProxies(nets))
    }
}

/// What is known of a request's sender, worked out once at the edge and kept in its extensions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Client {
    /// The client's address: the TCP peer's, or the one a trusted proxy names.
    pub addr: IpAddr,
    /// Whether the client spoke HTTPS (to the trusted proxy in front).
    pub https: bool,
    /// The host (and port) the client asked the trusted proxy in front for, when it says
    /// (`X-Forwarded-Host`, `Forwarded: host=`); else the request's own `Host` holds.
    pub host: Option<String>,
}

impl TrustedProxies {
    /// Whether `addr` is a trusted proxy.
    pub fn trusts(&self, addr: IpAddr) -> bool {
        let addr = canonical(addr);
        self.0.iter().any(|net| net.contains(&addr))
    }

    /// Who sent a request that came from `peer` with `headers`.
    pub fn client(&self, peer: IpAddr, headers: &HeaderMap) -> Client {
        if !self.trusts(peer) {
            return Client {
                addr: canonical(peer),
                https: false,
                host: None,
            };
        }
        let (chain, proto, host) = forwarded(headers);
        // Walk from the nearest hop outwards while the hops are trusted proxies.
        let mut addr = canonical(peer);
        for hop in chain.iter().rev() {
            match hop {
                Some(hop) => {
                    addr = canonical(*hop);
                    if !self.trusts(addr) {
                        break;
                    }
                }
                // A hop that names no address: the nearest trusted proxy is all we know.
                None => break,
            }
        }
        Client {
            addr,
            https: proto.is_some_and(|p| p.eq_ignore_ascii_case("https")),
            host,
        }
    }

    /// The request id a trusted proxy gave the request, when it looks like one.
    pub fn request_id(&self, peer: IpAddr, headers: &HeaderMap) -> Option<String> {
        if !self.trusts(peer) {
            return None;
        }
        let id = headers.get("x-request-id")?.to_str().ok()?;
        let fits = !id.is_empty()
            && id.len() <= 64
            && id
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"-_.:".contains(&b));
        fits.then(|| id.to_string())
    }
}

/// Whether the request came over HTTPS, as a trusted proxy in front says (an extractor; false
/// without one).
pub struct Https(pub bool);

impl<S: Send + Sync> FromRequestParts<S> for Https {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Https, Self::Rejection> {
        Ok(Https(
            parts.extensions.get::<Client>().is_some_and(|c| c.https),
        ))
    }
}

/// An IPv4 address mapped into IPv6 (`::ffff:1.2.3.4`, as a dual-stack socket reports it) is
/// the IPv4 address.
fn canonical(addr: IpAddr) -> IpAddr {
    match addr {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(addr, IpAddr::V4),
        v4 => v4,
    }
}

/// What the proxies forwarded.
type Forwarded = (Vec<Option<IpAddr>>, Option<String>, Option<String>);

/// The forwarding chain (client first, nearest proxy last; `None` for a hop that names no
/// address), the protocol the client spoke and the host it asked for, from `Forwarded` (RFC
/// 7239) when present, else from `X-Forwarded-For`, `X-Forwarded-Proto` and `X-Forwarded-Host`.
fn forwarded(headers: &HeaderMap) -> Forwarded {
    let standard: Vec<&str> = headers
        .get_all("forwarded")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .collect();
    if !standard.is_empty() {
        let mut chain = Vec::new();
        let mut proto = None;
        let mut host = None;
        for element in standard.iter().flat_map(|v| v.split(',')) {
            let mut hop = None;
            for pair in element.split(';') {
                let Some((key, value)) = pair.split_once('=') else {
                    continue;
                };
                let value = value.trim().trim_matches('"');
                match key.trim().to_ascii_lowercase().as_str() {
                    "for" => hop = Some(node_address(value)),
                    "proto" => proto = Some(value.to_string()),
                    "host" => host = Some(value.to_string()),
                    _ => {}
                }
            }
            chain.push(hop.flatten());
        }
        return (chain, proto, host);
    }
    let chain = headers
        .get_all("x-forwarded-for")
        .iter()
        .flat_map(|v| v.to_str().unwrap_or("?").split(','))
        .map(|hop| node_address(hop.trim()))
        .collect();
    let proto = headers
        .get("x-forwarded-proto")
        .and_then(|v| v.to_str().ok())
        .map(|v| v.split(',').next_back().unwrap_or("").trim().to_string());
    let host = headers
        .get("x-forwarded-host")
        .and_then(|v| v.to_str().ok())
        .map(|v| v.split(',').next_back().unwrap_or("").trim().to_string())
        .filter(|h| !h.is_empty());
    (chain, proto, host)
}

/// The address of a forwarded node: `1.2.3.4`, `1.2.3.4:80`, `[::1]`, `[::1]:80` or `::1`;
/// `None` for `unknown`, obfuscated names and anything else.
fn node_address(node: &str) -> Option<IpAddr> {
    if let Some(rest) = node.strip_prefix('[') {
        return rest.split(']').next()?.parse().ok();
    }
    if let Ok(addr) = node.parse::<IpAddr>() {
        return Some(addr);
    }
    let (host, port) = node.rsplit_once(':')?;
    port.parse::<u16>().ok()?;
    host.parse::<std::net::Ipv4Addr>().ok().map(IpAddr::V4)
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(*name, HeaderValue::from_str(value).unwrap());
        }
        map
    }

    fn trusted(s: &str) -> TrustedProxies {
        s.parse().unwrap()
    }

    #[test]
    fn parses_blocks_and_bare_addresses_and_refuses_the_rest() {
        let t = trusted("10.0.0.0/8, 127.0.0.1 ,::1,fd00::/8");
        assert!(t.trusts(ip("10.200.3.4")));
        assert!(t.trusts(ip("127.0.0.1")));
        assert!(!t.trusts(ip("127.0.0.2")));
        assert!(t.trusts(ip("::1")));
        assert!(t.trusts(ip("fd12::5")));
        assert!(t.trusts(ip("::ffff:10.1.1.1")), "an IPv4-mapped peer");
        assert!(!t.trusts(ip("11.0.0.1")));
        assert_eq!(trusted(""), TrustedProxies::default());
        let e = "10.0.0.0/33".parse::<TrustedProxies>().unwrap_err();
        assert!(e.contains("\"10.0.0.0/33\" is not an address"), "{e}");
        assert!("nginx".parse::<TrustedProxies>().is_err());
    }

    #[test]
    fn from_an_untrusted_peer_the_headers_change_nothing() {
        let t = trusted("10.0.0.0/8");
        let forged = headers(&[
            ("x-forwarded-for", "1.2.3.4"),
            ("forwarded", "for=5.6.7.8;proto=https"),
            ("x-forwarded-proto", "https"),
            ("x-request-id", "mine"),
        ]);
        let peer = ip("203.0.113.9");
        assert_eq!(
            t.client(peer, &forged),
            Client {
                addr: peer,
                https: false,
                host: None
            }
        );
        assert_eq!(t.request_id(peer, &forged), None);
        // Nobody is trusted by default.
        assert_eq!(
            TrustedProxies::default()
                .client(ip("10.0.0.1"), &forged)
                .addr,
            ip("10.0.0.1")
        );
    }

    #[test]
    fn the_right_most_untrusted_address_is_the_client() {
        let t = trusted("10.0.0.0/8");
        let peer = ip("10.0.0.2");
        // The client wrote 6.6.6.6 itself; the proxy appended the address it saw.
        let h = headers(&[("x-forwarded-for", "6.6.6.6, 198.51.100.7")]);
        assert_eq!(t.client(peer, &h).addr, ip("198.51.100.7"));
        // Two proxies, both trusted, in front of the client.
        let h = headers(&[("x-forwarded-for", "6.6.6.6, 198.51.100.7, 10.9.9.9")]);
        assert_eq!(t.client(peer, &h).addr, ip("198.51.100.7"));
        // Several header lines make one list.
        let h = headers(&[
            ("x-forwarded-for", "6.6.6.6"),
            ("x-forwarded-for", "198.51.100.8"),
        ]);
        assert_eq!(t.client(peer, &h).addr, ip("198.51.100.8"));
        // Every hop trusted: the left-most.
        let h = headers(&[("x-forwarded-for", "10.1.1.1, 10.2.2.2")]);
        assert_eq!(t.client(peer, &h).addr, ip("10.1.1.1"));
        // No header: the proxy itself.
        assert_eq!(t.client(peer, &HeaderMap::new()).addr, peer);
        // Garbage where the proxy's hop should be: only the proxy is known.
        let h = headers(&[("x-forwarded-for", "6.6.6.6, not-an-address")]);
        assert_eq!(t.client(peer, &h).addr, peer);
        // With a port, or IPv6.
        let h = headers(&[("x-forwarded-for", "198.51.100.7:4711")]);
        assert_eq!(t.client(peer, &h).addr, ip("198.51.100.7"));
        let h = headers(&[("x-forwarded-for", "2001:db8::7")]);
        assert_eq!(t.client(peer, &h).addr, ip("2001:db8::7"));
    }

    #[test]
    fn forwarded_is_read_as_rfc_7239_writes_it() {
        let t = trusted("10.0.0.0/8");
        let peer = ip("10.0.0.2");
        let h = headers(&[
            (
                "forwarded",
                "for=6.6.6.6, for=\"[2001:db8:cafe::17]:4711\";proto=https",
            ),
            // Ignored when Forwarded is there.
            ("x-forwarded-for", "198.51.100.7"),
        ]);
        assert_eq!(
            t.client(peer, &h),
            Client {
                addr: ip("2001:db8:cafe::17"),
                https: true,
                host: None
            }
        );
        let h = headers(&[("forwarded", "for=198.51.100.1, for=unknown")]);
        assert_eq!(t.client(peer, &h).addr, peer);
        let h = headers(&[("forwarded", "for=192.0.2.60;proto=http;by=203.0.113.43")]);
        assert_eq!(
            t.client(peer, &h),
            Client {
                addr: ip("192.0.2.60"),
                https: false,
                host: None
            }
        );
    }

    #[test]
    fn https_and_request_ids_only_from_a_trusted_proxy() {
        let t = trusted("127.0.0.1");
        let peer = ip("127.0.0.1");
        let h = headers(&[
            ("x-forwarded-proto", "https"),
            ("x-forwarded-host", "play.example.org"),
            ("x-request-id", "a1b2-c3"),
        ]);
        assert!(t.client(peer, &h).https);
        assert_eq!(t.client(peer, &h).host.as_deref(), Some("play.example.org"));
        assert_eq!(
            t.client(ip("10.0.0.1"), &h).host,
            None,
            "not from an untrusted peer"
        );
        assert_eq!(t.request_id(peer, &h).as_deref(), Some("a1b2-c3"));
        // An id that could break a log line is not taken.
        let h = headers(&[("x-request-id", "a b\"c")]);
        assert_eq!(t.request_id(peer, &h), None);
        let long = "x".repeat(65);
        let h = headers(&[("x-request-id", &long)]);
        assert_eq!(t.request_id(peer, &h), None);
    }
}

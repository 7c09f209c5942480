//! Where the server's own requests may go. The only URLs it connects to that someone else wrote
//! are browsers' push endpoints, and a person could write any URL there: so an endpoint must be
//! `https` on a host that is a public name or a public address — never loopback, private,
//! link-local, unique-local, carrier-grade NAT, multicast or otherwise reserved (OWASP's SSRF
//! cheat sheet). It is checked when given, and again when connecting: names are resolved by
//! [`PublicResolver`], which drops every such address, so a name that resolves inside the
//! network — at once, or later by DNS rebinding — reaches nothing. No redirect is followed.
//!
//! `--push-over-http` opens this for a push service on a private network or on this machine
//! (the tests', or a LAN's): plain `http`, and private and loopback addresses.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use ipnet::{Ipv4Net, Ipv6Net};
use reqwest::dns::{Addrs, Name, Resolve, Resolving};

/// Whether `ip` is an address on the public internet (not one of the ranges above).
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => public_v4(v4),
        IpAddr::V6(v6) => {
            if let Some(v4) = v6.to_ipv4_mapped() {
                return public_v4(v4);
            }
            const CLOSED: &[&str] = &[
                "::/128",        // unspecified
                "::1/128",       // loopback
                "::ffff:0:0/96", // IPv4-mapped (handled above)
                "64:ff9b::/96",  // NAT64: would reach any IPv4 address
                "64:ff9b:1::/48",
                "100::/64",      // discard
                "2001::/23",     // IETF protocol assignments
                "2001:db8::/32", // documentation
                "2002::/16",     // 6to4: embeds any IPv4 address
                "fc00::/7",      // unique local
                "fe80::/10",     // link local
                "fec0::/10",     // site local (deprecated)
                "ff00::/8",      // multicast
            ];
            !CLOSED
                .iter()
                .any(|n| n.parse::<Ipv6Net>().expect("a block").contains(&v6))
        }
    }
}

fn public_v4(ip: Ipv4Addr) -> bool {
    const CLOSED: &[&str] = &[
        "0.0.0.0/8",       // this network
        "10.0.0.0/8",      // private
        "100.64.0.0/10",   // carrier-grade NAT
        "127.0.0.0/8",     // loopback
        "169.254.0.0/16",  // link local (cloud metadata among them)
        "172.16.0.0/12",   // private
        "192.0.0.0/24",    // IETF protocol assignments
        "192.0.2.0/24",    // documentation
        "192.88.99.0/24",  // 6to4 relay
        "192.168.0.0/16",  // private
        "198.18.0.0/15",   // benchmarking
        "198.51.100.0/24", // documentation
        "203.0.113.0/24",  // documentation
        "224.0.0.0/4",     // multicast
        "240.0.0.0/4",     // reserved, broadcast
    ];
    !CLOSED
        .iter()
        .any(|n| n.parse::<Ipv4Net>().expect("a block").contains(&ip))
}

/// Why an endpoint may not be reached.
#[derive(Debug, PartialEq, Eq)]
pub enum Closed {
    /// Not an absolute URL with a host.
    NotUrl,
    /// Not `https` (nor, where allowed, `http`).
    Scheme,
    /// A host inside the network: a non-public address, or a name for this machine.
    Inside,
}

impl std::fmt::Display for Closed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Closed::NotUrl => "it is not a URL with a host",
            Closed::Scheme => "it is not an https URL",
            Closed::Inside => "its host is inside the server's network, not on the internet",
        })
    }
}

/// Whether the server may connect to `url`: `inside` opens plain http and private hosts.
pub fn check(url: &str, inside: bool) -> Result<(), Closed> {
    let url = reqwest::Url::parse(url).map_err(|_| Closed::NotUrl)?;
    match url.scheme() {
        "https" => {}
        "http" if inside => {}
        _ => return Err(Closed::Scheme),
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err(Closed::NotUrl);
    }
    if inside {
        return url.host().map(|_| ()).ok_or(Closed::NotUrl);
    }
    match url.host().ok_or(Closed::NotUrl)? {
        url::Host::Ipv4(v4) if !public_v4(v4) => Err(Closed::Inside),
        url::Host::Ipv6(v6) if !is_public(IpAddr::V6(v6)) => Err(Closed::Inside),
        url::Host::Domain(name) => {
            let name = name.trim_end_matches('.').to_ascii_lowercase();
            let local = name == "localhost"
                || name.ends_with(".localhost")
                || !name.contains('.')
                || name.ends_with(".local")
                || name.ends_with(".internal")
                || name.ends_with(".home.arpa");
            if local {
                Err(Closed::Inside)
            } else {
                Ok(())
            }
        }
        _ => Ok(()),
    }
}

/// A resolver that gives only public addresses: a name with none fails to resolve.
#[derive(Debug, Default)]
pub struct PublicResolver;

impl Resolve for PublicResolver {
    fn resolve(&self, name: Name) -> Resolving {
        Box::pin(async move {
            let host = name.as_str().to_string();
            let found: Vec<SocketAddr> = tokio::net::lookup_host((host.as_str(), 0))
                .await?
                .filter(|a| is_public(a.ip()))
                .collect();
            if found.is_empty() {
                return Err(format!("{host} resolves to no public address").into());
            }
            Ok(Box::new(found.into_iter()) as Addrs)
        })
    }
}

/// The HTTP client for URLs others gave: no redirects, short timeouts, and — unless `inside` —
/// only public addresses.
pub fn client(inside: bool) -> Result<reqwest::Client, String> {
    let mut builder = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .connect_timeout(Duration::from_secs(5))
        .timeout(Duration::from_secs(10));
    if !inside {
        builder = builder.dns_resolver(Arc::new(PublicResolver));
    }
    builder.build().map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_inside_the_network_are_not_public() {
        for inside in [
            "127.0.0.1",
            "127.9.9.9",
            "10.1.2.3",
            "172.16.0.1",
            "172.31.255.255",
            "192.168.1.1",
            "169.254.169.254",
            "100.64.0.1",
            "0.0.0.0",
            "224.0.0.1",
            "255.255.255.255",
            "::1",
            "::",
            "fc00::1",
            "fd12:3456::1",
            "fe80::1",
            "ff02::1",
            "::ffff:127.0.0.1",
            "::ffff:10.0.0.1",
            "64:ff9b::7f00:1",
            "2002:7f00:1::1",
        ] {
            assert!(!is_public(inside.parse().unwrap()), "{inside}");
        }
        for public in [
            "8.8.8.8",
            "1.1.1.1",
            "172.32.0.1",
            "2606:4700:4700::1111",
            "::ffff:8.8.8.8",
        ] {
            assert!(is_public(public.parse().unwrap()), "{public}");
        }
    }

    #[test]
    fn endpoints_are_https_on_public_hosts() {
        assert_eq!(
            check("https://fcm.googleapis.com/fcm/send/x", false),
            Ok(())
        );
        assert_eq!(check("https://8.8.8.8/x", false), Ok(()));
        for (url, why) in [
            ("http://push.example.org/x", Closed::Scheme),
            ("ftp://push.example.org/x", Closed::Scheme),
            ("https://127.0.0.1:8443/x", Closed::Inside),
            ("https://[::1]:8443/x", Closed::Inside),
            ("https://169.254.169.254/latest/meta-data", Closed::Inside),
            ("https://localhost:8443/x", Closed::Inside),
            ("https://LOCALHOST./x", Closed::Inside),
            ("https://api.localhost/x", Closed::Inside),
            ("https://intranet/x", Closed::Inside),
            ("https://[fd00::5]/x", Closed::Inside),
            ("https://0x7f000001/x", Closed::Inside),
            ("https://2130706433/x", Closed::Inside),
            ("https://user:pw@push.example.org/x", Closed::NotUrl),
            ("not a url", Closed::NotUrl),
        ] {
            assert_eq!(check(url, false), Err(why), "{url}");
        }
        // Opened for a push service on this machine.
        assert_eq!(check("http://127.0.0.1:8090/x", true), Ok(()));
        assert_eq!(check("https://localhost/x", true), Ok(()));
    }

    #[tokio::test]
    async fn names_resolve_to_public_addresses_only() {
        let err = PublicResolver
            .resolve("localhost".parse().unwrap())
            .await
            .err()
            .expect("localhost is refused");
        assert!(err.to_string().contains("no public address"), "{err}");
    }
}

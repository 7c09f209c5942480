//! Seat tokens. A token is the secret handed once to the person in a seat; the server keeps only
//! its SHA-256 digest, so a copy of the database (or a backup) does not let anyone play. A token
//! presented with a move is digested and compared with the stored digest in constant time.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use sha2::{Digest, Sha256};

use rand::rngs::OsRng;
use rand::RngCore;

/// 128 random bits, URL-safe (22 characters): game ids and seat tokens.
pub fn random_id() -> String {
    let mut bytes = [0u8; 16];
    OsRng.fill_bytes(&mut bytes);
    URL_SAFE_NO_PAD.encode(bytes)
}

/// The stored form of a seat token: its SHA-256, URL-safe base64 (43 characters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokenDigest(String);

impl TokenDigest {
    /// A new token (128 random bits, to give to the person) and its digest (to store).
    pub fn issue() -> (String, TokenDigest) {
        let token = random_id();
        let digest = TokenDigest::of(&token);
        (token, digest)
    }

    /// The token derived from the secret `token` for `context` (a new game), always the same
    /// for the same pair: whoever holds `token` can be given it again without it being stored,
    /// and nobody without `token` can compute it. 128 bits, like an issued token.
    pub fn derive(token: &str, context: &str) -> String {
        let digest = Sha256::new()
            .chain_update(b"trigonal derived seat token\0")
            .chain_update(token.as_bytes())
            .chain_update(b"\0")
            .chain_update(context.as_bytes())
            .finalize();
        URL_SAFE_NO_PAD.encode(&digest[..16])
    }

    /// The digest of `token`.
    pub fn of(token: &str) -> TokenDigest {
        TokenDigest(URL_SAFE_NO_PAD.encode(Sha256::digest(token.as_bytes())))
    }

    /// A digest as read from the store.
    pub fn from_stored(text: String) -> TokenDigest {
        TokenDigest(text)
    }

    /// The text to store.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether `token` is the token of this digest.
    pub fn matches(&self, token: &str) -> bool {
        self.same(&TokenDigest::of(token))
    }

    /// Whether two digests are equal, in time that does not depend on where they differ.
    pub fn same(&self, other: &TokenDigest) -> bool {
        let (a, b) = (self.0.as_bytes(), other.0.as_bytes());
        a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_derived_token_depends_on_both_its_secret_and_its_context() {
        let a = TokenDigest::derive("secret", "game1");
        assert_eq!(a, TokenDigest::derive("secret", "game1"));
        assert_eq!(a.len(), 22);
        assert_ne!(a, TokenDigest::derive("secret", "game2"));
        assert_ne!(a, TokenDigest::derive("secreT", "game1"));
        // The separator keeps ("ab", "c") apart from ("a", "bc").
        assert_ne!(
            TokenDigest::derive("ab", "c"),
            TokenDigest::derive("a", "bc")
        );
    }

    #[test]
    fn a_digest_matches_its_token_only() {
        let (token, digest) = TokenDigest::issue();
        assert!(digest.matches(&token));
        assert!(!digest.matches(&token[1..]));
        assert!(!digest.matches(""));
        let mut other = token.clone().into_bytes();
        other[21] = if other[21] == b'A' { b'B' } else { b'A' };
        assert!(!digest.matches(std::str::from_utf8(&other).unwrap()));
        assert_ne!(digest.as_str(), token);
    }

    #[test]
    fn the_digest_is_sha256() {
        // SHA-256("abc") = ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad.
        assert_eq!(
            TokenDigest::of("abc").as_str(),
            "ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0"
        );
    }
}

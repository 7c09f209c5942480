//! Accounts, for players who come back: a name and a password, and sessions kept by a cookie.
//!
//! Passwords are hashed with Argon2id (the `argon2` crate's defaults: 19 MiB, 2 passes) on the
//! blocking threads, never stored or logged in clear. A session is a random secret in an
//! `HttpOnly`, `SameSite=Lax` cookie (`Secure` when the request came over HTTPS, as a trusted
//! proxy's `X-Forwarded-Proto` says); the store keeps only its SHA-256 digest, so a copy of the
//! database gives no usable session. Guesses at a secret — signing in, the current password when
//! changing it — are limited per account (10 a minute, keyed on the name as it is looked up:
//! [`name_key`]) and per address (30, an IPv6 network by its /64); an unknown name costs the same
//! work and gets the same answer as a wrong password.

use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::{Arc, OnceLock};

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::HeaderMap;
use axum_extra::extract::cookie::{Cookie, CookieJar, SameSite};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use serde::{Deserialize, Serialize};
use time::Duration as CookieAge;
use trigonal_store::{now_ms, random_id, AccountRow, SessionRow, TokenDigest};
use unicode_normalization::UnicodeNormalization as _;

use crate::error::{ApiError, Reason};
use crate::state::AppState;
use crate::view::rfc3339;

/// The session cookie's name.
pub const COOKIE: &str = "trigonal_session";

/// How long a session lasts.
pub const SESSION_DAYS: i64 = 30;

/// Sign-in attempts a minute for one name.
const ATTEMPTS_PER_MINUTE: u32 = 10;

/// Sign-in attempts a minute from one address (several people may share one).
const ATTEMPTS_PER_ADDRESS: u32 = 30;

/// `POST /api/accounts`, `POST /api/session`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct Credentials {
    /// The account name.
    pub name: String,
    /// The password.
    pub password: String,
    /// At sign-up: the account is a bot's (it gets an API token for the bot API).
    #[serde(default)]
    pub bot: bool,
    /// At sign-in, with two-step sign-in on: the code of the authenticator app, or one of the
    /// recovery codes.
    #[serde(default)]
    pub code: Option<String>,
}

/// `POST /api/me/password`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct NewPassword {
    /// The current password.
    pub password: String,
    /// The new one.
    pub new_password: String,
}

/// `GET /api/me`, and the answer to signing up or in.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Me {
    name: String,
    created: String,
    bot: bool,
    /// Whether the account is a moderator's.
    moderator: bool,
    /// Whether two-step sign-in is on.
    totp: bool,
    /// A new bot's API token: shown once, at sign-up.
    #[serde(skip_serializing_if = "Option::is_none")]
    token: Option<String>,
}

impl Me {
    fn of(account: &AccountRow) -> Me {
        Me {
            name: account.name.clone(),
            created: rfc3339(account.created),
            bot: account.bot,
            moderator: account.moderator,
            totp: account.totp,
            token: None,
        }
    }
}

/// The sign-in limits: per address and per name.
#[derive(Clone)]
pub struct SignInLimit {
    by_address: Arc<DefaultKeyedRateLimiter<IpAddr>>,
    by_name: Arc<DefaultKeyedRateLimiter<String>>,
}

impl Default for SignInLimit {
    fn default() -> SignInLimit {
        let quota = |n| Quota::per_minute(NonZeroU32::new(n).expect("not zero"));
        SignInLimit {
            by_address: Arc::new(RateLimiter::keyed(quota(ATTEMPTS_PER_ADDRESS))),
            by_name: Arc::new(RateLimiter::keyed(quota(ATTEMPTS_PER_MINUTE))),
        }
    }
}

impl SignInLimit {
    /// Takes one guess from `address` at the secrets of the account whose [`name_key`] is `key`.
    pub fn take(&self, address: Option<IpAddr>, key: &str) -> Result<(), ApiError> {
        let too_many = || ApiError::TooManyRequests {
            limit: "sign-in",
            what: format!("too many sign-in attempts (at most {ATTEMPTS_PER_MINUTE} a minute)"),
            retry_after: 60 / u64::from(ATTEMPTS_PER_MINUTE),
        };
        if let Some(address) = address {
            self.by_address
                .check_key(&crate::limit::address_key(address))
                .map_err(|_| too_many())?;
        }
        self.by_name
            .check_key(&key.to_string())
            .map_err(|_| too_many())
    }

    /// Takes one guess from `address` at a secret that names no account (a reset link's token).
    pub fn take_from(&self, address: Option<IpAddr>) -> Result<(), ApiError> {
        match address {
            Some(address) => self
                .by_address
                .check_key(&crate::limit::address_key(address))
                .map(drop)
                .map_err(|_| ApiError::TooManyRequests {
                    limit: "sign-in",
                    what: format!(
                        "too many sign-in attempts (at most {ATTEMPTS_PER_ADDRESS} a minute)"
                    ),
                    retry_after: 60 / u64::from(ATTEMPTS_PER_ADDRESS),
                }),
            None => Ok(()),
        }
    }

    /// Forgets keys whose buckets are full again.
    pub fn forget_idle(&self) {
        self.by_address.retain_recent();
        self.by_name.retain_recent();
    }
}

/// A name as it is shown: in Unicode's compatibility form (NFKC: a full-width `ａ` is `a`, a
/// no-break or ideographic space a space), without spaces around it.
pub fn name_as_given(name: &str) -> String {
    name.nfkc().collect::<String>().trim().to_string()
}

/// A name as it is looked up, held unique and counted by every limit: [`name_as_given`],
/// lowercased. `' Ann'`, `'ann\u{a0}'` and `'ＡＮＮ'` are all `ann`.
pub fn name_key(name: &str) -> String {
    name_as_given(name).to_lowercase()
}

/// A name as given, checked: 3–20 letters, digits, `_` or `-`, and none of the words refused
/// in names ([`crate::names`]).
pub fn new_name<'a>(state: &AppState, name: &'a str) -> Result<&'a str, ApiError> {
    let name = account_name(name)?;
    if state.refused_names.refuses(name) {
        return Err(ApiError::BadRequest(
            Reason::new(
                "name-refused",
                format!("the name {name:?} is not allowed here: choose another"),
            )
            .with("name", name),
        ));
    }
    Ok(name)
}

/// A name as given, checked: 3–20 letters, digits, `_` or `-`.
fn account_name(name: &str) -> Result<&str, ApiError> {
    let ok = (3..=20).contains(&name.len())
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    if !ok {
        return Err(ApiError::BadRequest(Reason::new(
            "account-name",
            "an account name has 3 to 20 letters, digits, _ or -",
        )));
    }
    Ok(name)
}

/// A new password, checked: 8 to 200 characters.
pub fn new_password(password: &str) -> Result<(), ApiError> {
    let length = password.chars().count();
    if !(8..=200).contains(&length) {
        return Err(ApiError::BadRequest(
            Reason::new(
                "password-length",
                format!("a password has 8 to 200 characters; this one has {length}"),
            )
            .with("length", length),
        ));
    }
    Ok(())
}

/// The Argon2id hash of `password`, on the blocking threads.
pub async fn hash(password: String) -> Result<String, ApiError> {
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::generate(&mut argon2::password_hash::rand_core::OsRng);
        Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
            .map_err(|e| ApiError::Internal(format!("hashing failed: {e}").into()))
    })
    .await
    .map_err(|e| ApiError::Internal(e.to_string().into()))?
}

/// Whether `password` is the one of `hash` (a PHC string), on the blocking threads.
pub async fn verify(password: String, hash: String) -> Result<bool, ApiError> {
    tokio::task::spawn_blocking(move || {
        let parsed = PasswordHash::new(&hash)
            .map_err(|e| ApiError::Internal(format!("a stored hash cannot be read: {e}").into()))?;
        Ok(Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok())
    })
    .await
    .map_err(|e| ApiError::Internal(e.to_string().into()))?
}

/// A hash to check passwords against when the name is unknown, so that the answer takes as long
/// as for a known name.
async fn decoy() -> Result<String, ApiError> {
    static DECOY: OnceLock<String> = OnceLock::new();
    if let Some(h) = DECOY.get() {
        return Ok(h.clone());
    }
    let h = hash(random_id()).await?;
    Ok(DECOY.get_or_init(|| h).clone())
}

/// Starts a session for `account` from a browser saying `agent` (its User-Agent): the cookie to
/// set.
async fn start_session(
    state: &AppState,
    account: &AccountRow,
    secure: bool,
    agent: &str,
) -> Result<Cookie<'static>, ApiError> {
    let (secret, digest) = TokenDigest::issue();
    let now = now_ms();
    state
        .store
        .create_session(SessionRow {
            digest,
            account: account.id.clone(),
            created: now,
            expires: now + SESSION_DAYS * 86_400_000,
            id: random_id(),
            agent: crate::sessions::agent_name(agent),
            last_seen: now,
        })
        .await?;
    Ok(Cookie::build((COOKIE, secret))
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(secure)
        .max_age(CookieAge::days(SESSION_DAYS))
        .build())
}

/// Creates an account and signs it in.
pub async fn sign_up(
    state: &AppState,
    credentials: Credentials,
    secure: bool,
    agent: &str,
) -> Result<(Me, Cookie<'static>), ApiError> {
    let name = new_name(state, &name_as_given(&credentials.name))?.to_string();
    new_password(&credentials.password)?;
    let account = AccountRow::new(
        random_id(),
        name,
        hash(credentials.password).await?,
        now_ms(),
        credentials.bot,
    );
    let api_token = credentials.bot.then(TokenDigest::issue);
    let digest = api_token.as_ref().map(|(_, d)| d.clone());
    if !state.store.create_account(account.clone(), digest).await? {
        return Err(ApiError::Conflict(
            Reason::new(
                "name-taken",
                format!("the name {:?} is taken", account.name),
            )
            .with("name", account.name.as_str()),
        ));
    }
    tracing::info!(account = %account.name, bot = account.bot, "account created");
    let cookie = start_session(state, &account, secure, agent).await?;
    let mut me = Me::of(&account);
    me.token = api_token.map(|(token, _)| token);
    Ok((me, cookie))
}

/// Signs in with a name and a password.
pub async fn sign_in(
    state: &AppState,
    credentials: Credentials,
    address: Option<IpAddr>,
    secure: bool,
    agent: &str,
) -> Result<(Me, Cookie<'static>), ApiError> {
    let key = name_key(&credentials.name);
    state.sign_in_limit.take(address, &key)?;
    let account = state.store.account_by_name(&key).await?;
    let hash = match &account {
        Some(a) => a.password_hash.clone(),
        None => decoy().await?,
    };
    let right = verify(credentials.password, hash).await?;
    let Some(account) = account.filter(|_| right) else {
        return Err(ApiError::Unauthorized(Reason::new(
            "wrong-credentials",
            "wrong name or password",
        )));
    };
    // Told only to whoever knows the password.
    if account.closed {
        return Err(closed());
    }
    if account.totp {
        let Some(code) = credentials.code.as_deref().filter(|c| !c.trim().is_empty()) else {
            return Err(ApiError::Unauthorized(Reason::new(
                "totp-required",
                "two-step sign-in is on: give the code of your authenticator app",
            )));
        };
        crate::totp::check_code(state, &account, code).await?;
    }
    let cookie = start_session(state, &account, secure, agent).await?;
    Ok((Me::of(&account), cookie))
}

/// The refusal of a closed account.
pub fn closed() -> ApiError {
    ApiError::Forbidden(Reason::new(
        "closed",
        "this account was closed by a moderator",
    ))
}

/// Ends the session of `jar`'s cookie, if any; the cookie that removes it.
pub async fn sign_out(state: &AppState, jar: &CookieJar) -> Result<Cookie<'static>, ApiError> {
    if let Some(cookie) = jar.get(COOKIE) {
        state
            .store
            .end_session(&TokenDigest::of(cookie.value()), now_ms())
            .await?;
    }
    Ok(Cookie::build((COOKIE, "")).path("/").build())
}

/// Changes the password of the signed-in account, ending its other sessions. The current
/// password is a guess like a sign-in's, and counts against the same limits.
pub async fn change_password(
    state: &AppState,
    signed_in: &SignedIn,
    change: NewPassword,
    address: Option<IpAddr>,
) -> Result<Me, ApiError> {
    new_password(&change.new_password)?;
    let account = &signed_in.account;
    state
        .sign_in_limit
        .take(address, &name_key(&account.name))?;
    if !verify(change.password, account.password_hash.clone()).await? {
        return Err(ApiError::Unauthorized(Reason::new(
            "wrong-password",
            "wrong password",
        )));
    }
    let hash = hash(change.new_password).await?;
    state
        .store
        .set_password(&account.id, &hash, &signed_in.session)
        .await?;
    Ok(Me::of(account))
}

/// The signed-in player of a request (401 otherwise; `Option<SignedIn>` for requests that guests
/// may make too).
pub struct SignedIn {
    /// The account.
    pub account: AccountRow,
    /// The session's digest.
    pub session: TokenDigest,
    /// The session's secret (from the cookie): seeds the tokens this browser is given for the
    /// account's seats.
    pub secret: String,
    /// The session's id in the API.
    pub session_id: String,
}

impl SignedIn {
    /// What `GET /api/me` answers.
    pub fn me(&self) -> Me {
        Me::of(&self.account)
    }
}

impl SignedIn {
    /// The signed-in player of a request with `headers`, if any. Marks the session used when
    /// it was last marked [`trigonal_store::TOUCH_EVERY`] ago or more.
    pub async fn of(headers: &HeaderMap, state: &AppState) -> Result<Option<SignedIn>, ApiError> {
        let jar = CookieJar::from_headers(headers);
        let Some(cookie) = jar.get(COOKIE) else {
            return Ok(None);
        };
        let session = TokenDigest::of(cookie.value());
        let now = now_ms();
        let Some((account, row)) = state.store.session(&session, now).await? else {
            return Ok(None);
        };
        if trigonal_store::needs_touch(row.last_seen, now) {
            state.store.touch_session(&session, now).await?;
        }
        Ok(Some(SignedIn {
            account,
            session,
            secret: cookie.value().to_string(),
            session_id: row.id,
        }))
    }
}

impl FromRequestParts<AppState> for SignedIn {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        SignedIn::of(&parts.headers, state)
            .await?
            .ok_or_else(|| ApiError::Unauthorized(Reason::new("not-signed-in", "not signed in")))
    }
}

impl axum::extract::OptionalFromRequestParts<AppState> for SignedIn {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Option<Self>, ApiError> {
        SignedIn::of(&parts.headers, state).await
    }
}

/// The peer address of a request, as an extractor (see [`crate::limit::peer`]).
pub struct Peer(pub Option<IpAddr>);

impl FromRequestParts<AppState> for Peer {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        _: &AppState,
    ) -> Result<Self, std::convert::Infallible> {
        Ok(Peer(crate::limit::peer(parts)))
    }
}

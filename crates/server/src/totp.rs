//! Two-step sign-in (TOTP, RFC 6238, with `totp-rs`): SHA-1, six digits, 30-second steps, one
//! step of clock drift either way. Setting up hands out a new secret (160 random bits, base32),
//! its `otpauth://` URI and that URI as a QR code (an SVG, drawn by the `qrcode` crate); the
//! first right code turns it on and gives ten recovery codes, shown once (only their digests are
//! kept). Each code is taken once (the store keeps the last step taken), and every code given —
//! at sign-in, or to turn it off — counts against the account's guessing limit
//! ([`crate::accounts::SignInLimit`]). A recovery code stands for a code once.

use rand::rngs::OsRng;
use rand::RngCore;
use serde::{Deserialize, Serialize};
use totp_rs::{Builder, Secret, Totp};
use trigonal_store::{AccountRow, TokenDigest};

use crate::accounts::{name_key, verify, SignedIn};
use crate::error::{ApiError, Reason};
use crate::state::AppState;

/// How many recovery codes turning it on gives.
pub const RECOVERY_CODES: usize = 10;

/// The issuer apps show beside the account.
const ISSUER: &str = "Trigonal";

/// `POST /api/me/totp`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Setup {
    /// The secret, base32, for typing into an app.
    secret: String,
    /// The `otpauth://totp/…` URI apps read.
    uri: String,
    /// The URI as a QR code: an SVG image.
    qr: String,
}

/// `POST /api/me/totp/confirm`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Confirm {
    /// A code of the app.
    pub code: String,
}

/// The answer to turning it on.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Enabled {
    /// Ten codes, each standing once for an app's code: shown only now.
    recovery_codes: Vec<String>,
}

/// `DELETE /api/me/totp`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Disable {
    /// The password.
    pub password: String,
    /// A code of the app (or a recovery code).
    pub code: String,
}

/// The TOTP of `secret` (base32) for `name`.
fn totp(secret: &str, name: &str) -> Result<Totp, ApiError> {
    let secret = Secret::try_from_base32(secret)
        .map_err(|e| ApiError::Internal(format!("a stored TOTP secret: {e}").into()))?;
    Builder::new()
        .with_secret(secret)
        .with_issuer(Some(ISSUER))
        .with_account_name(name.replace(':', ""))
        .build()
        .map_err(|e| ApiError::Internal(format!("TOTP: {e}").into()))
}

fn now_secs() -> u64 {
    (trigonal_store::now_ms() / 1000).max(0) as u64
}

fn wrong_code() -> ApiError {
    ApiError::Unauthorized(Reason::new("wrong-code", "that code is not right"))
}

/// A recovery code as typed, as it is digested: lower case, without spaces or dashes.
fn recovery_form(code: &str) -> String {
    code.chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// Ten new recovery codes (`xxxxx-xxxxx`, 50 random bits each) and their digests.
fn recovery_codes() -> (Vec<String>, Vec<TokenDigest>) {
    const LETTERS: &[u8] = b"abcdefghijkmnpqrstuvwxyz23456789";
    (0..RECOVERY_CODES)
        .map(|_| {
            let mut bytes = [0u8; 10];
            OsRng.fill_bytes(&mut bytes);
            let letters: String = bytes
                .iter()
                .map(|b| LETTERS[usize::from(*b) % LETTERS.len()] as char)
                .collect();
            let code = format!("{}-{}", &letters[..5], &letters[5..]);
            let digest = TokenDigest::of(&recovery_form(&code));
            (code, digest)
        })
        .unzip()
}

/// Hands the signed-in person a new secret to set up (409 if two-step sign-in is on already).
pub async fn setup(state: &AppState, signed_in: &SignedIn) -> Result<Setup, ApiError> {
    let account = &signed_in.account;
    if account.totp {
        return Err(ApiError::Conflict(Reason::new(
            "totp-on",
            "two-step sign-in is on already: turn it off first",
        )));
    }
    let mut bytes = [0u8; 20];
    OsRng.fill_bytes(&mut bytes);
    let secret = Secret::from(bytes.to_vec()).to_base32();
    let totp = totp(&secret, &account.name)?;
    let uri = totp
        .to_url()
        .map_err(|e| ApiError::Internal(format!("TOTP: {e}").into()))?;
    let qr = qrcode::QrCode::new(uri.as_bytes())
        .map_err(|e| ApiError::Internal(format!("QR code: {e}").into()))?
        .render::<qrcode::render::svg::Color<'_>>()
        .min_dimensions(200, 200)
        .quiet_zone(true)
        .build();
    state.store.set_totp_pending(&account.id, &secret).await?;
    Ok(Setup { secret, uri, qr })
}

/// Turns two-step sign-in on with the secret handed out, given a right code of it: the
/// recovery codes.
pub async fn confirm(
    state: &AppState,
    signed_in: &SignedIn,
    req: Confirm,
    address: Option<std::net::IpAddr>,
) -> Result<Enabled, ApiError> {
    let account = &signed_in.account;
    state
        .sign_in_limit
        .take(address, &name_key(&account.name))?;
    let row = state.store.totp(&account.id).await?;
    let Some(secret) = row.pending.filter(|_| !row.on) else {
        return Err(ApiError::Conflict(Reason::new(
            "totp-not-pending",
            "there is no two-step sign-in being set up: start again",
        )));
    };
    let Some(step) = totp(&secret, &account.name)?.check(req.code.trim(), now_secs()) else {
        return Err(ApiError::BadRequest(Reason::new(
            "wrong-code",
            "that code is not right",
        )));
    };
    let (codes, digests) = recovery_codes();
    if !state
        .store
        .enable_totp(&account.id, &secret, step as i64, digests)
        .await?
    {
        return Err(ApiError::Conflict(Reason::new(
            "totp-not-pending",
            "the set-up was started again meanwhile: use the newest secret",
        )));
    }
    tracing::info!(account = %account.name, "two-step sign-in turned on");
    Ok(Enabled {
        recovery_codes: codes,
    })
}

/// Checks `code` — an app's code, taken once, or a recovery code, used up — for `account`,
/// whose two-step sign-in is on. The caller took a guess from the limit.
pub async fn check_code(
    state: &AppState,
    account: &AccountRow,
    code: &str,
) -> Result<(), ApiError> {
    let row = state.store.totp(&account.id).await?;
    let Some(secret) = row.secret.filter(|_| row.on) else {
        return Ok(());
    };
    let code = code.trim();
    if code.len() == 6 && code.bytes().all(|b| b.is_ascii_digit()) {
        let step = totp(&secret, &account.name)?.check(code, now_secs());
        return match step {
            Some(step) if state.store.take_totp_step(&account.id, step as i64).await? => Ok(()),
            _ => Err(wrong_code()),
        };
    }
    let digest = TokenDigest::of(&recovery_form(code));
    if state.store.use_recovery_code(&account.id, &digest).await? {
        tracing::info!(account = %account.name, left = row.recovery_left - 1, "a recovery code was used");
        return Ok(());
    }
    Err(wrong_code())
}

/// Turns two-step sign-in off, given the password and a code.
pub async fn disable(
    state: &AppState,
    signed_in: &SignedIn,
    req: Disable,
    address: Option<std::net::IpAddr>,
) -> Result<(), ApiError> {
    let account = &signed_in.account;
    if !account.totp {
        return Err(ApiError::Conflict(Reason::new(
            "totp-off",
            "two-step sign-in is not on",
        )));
    }
    state
        .sign_in_limit
        .take(address, &name_key(&account.name))?;
    if !verify(req.password, account.password_hash.clone()).await? {
        return Err(ApiError::Unauthorized(Reason::new(
            "wrong-password",
            "wrong password",
        )));
    }
    check_code(state, account, &req.code).await?;
    state.store.disable_totp(&account.id).await?;
    tracing::info!(account = %account.name, "two-step sign-in turned off");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 6238's test vector for SHA-1 (its secret, "12345678901234567890", at 59 s: 287082
    /// as six digits), and one step of drift either way.
    #[test]
    fn codes_are_rfc_6238s_with_one_step_of_drift() {
        let secret = Secret::from(b"12345678901234567890".to_vec()).to_base32();
        let t = totp(&secret, "ann").unwrap();
        assert_eq!(t.generate(59).to_string(), "287082");
        assert_eq!(t.check("287082", 59), Some(1));
        assert_eq!(t.check("287082", 59 + 30), Some(1), "a step late");
        assert_eq!(t.check("287082", 59 + 60), None, "two steps late");
        assert!(t
            .to_url()
            .unwrap()
            .starts_with("otpauth://totp/Trigonal:ann?"));
    }

    #[test]
    fn recovery_codes_are_ten_different_and_typed_loosely() {
        let (codes, digests) = recovery_codes();
        assert_eq!(codes.len(), 10);
        let mut unique = codes.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), 10);
        assert_eq!(codes[0].len(), 11);
        let loose = format!(" {} ", codes[0].to_uppercase().replace('-', " "));
        assert_eq!(TokenDigest::of(&recovery_form(&loose)), digests[0]);
    }
}

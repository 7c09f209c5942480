//! A forgotten password (docs/api.md, "Password reset"). Asking for a reset with an address is
//! answered `202` at once, whoever it belongs to: the work — finding the accounts whose
//! confirmed address it is, making a link for each and queueing its mail — is done after the
//! answer, so the answer takes the same time either way and says nothing of the address.
//! Asking is limited per client address ([`RESETS_PER_MINUTE`], `429`) and per account
//! ([`RESETS_PER_HOUR`]: past it, no more mail is sent, and the answer is still `202`).
//!
//! A link (`{site}/reset/{token}`, a page of the front end that asks the new password and posts
//! it here) works once, for an hour ([`VALID`]); only the token's digest is stored. Using it
//! changes the password, ends every session of the account and makes every other link of it
//! useless, together; two-step sign-in stays as it was. A new password given with a link is a
//! guess like a sign-in's ([`crate::accounts::SignInLimit`]).

use std::time::Duration;

use serde::{Deserialize, Serialize};
use trigonal_store::{now_ms, ResetRow, TokenDigest};

use crate::accounts::{hash, name_key, new_password};
use crate::error::{ApiError, Reason};
use crate::state::AppState;

/// How long a link works.
pub const VALID: Duration = Duration::from_secs(3600);

/// Resets one client address may ask for a minute.
pub const RESETS_PER_MINUTE: u32 = 5;

/// Links one account may be sent an hour.
pub const RESETS_PER_HOUR: usize = 3;

/// `POST /api/password-reset`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ResetAsked {
    /// The address the account confirmed.
    pub email: String,
}

/// `POST /api/password-reset/{token}`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ResetDone {
    /// The new password.
    pub password: String,
}

/// The answer to a reset: the account whose password changed (signed in nowhere now).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Reset {
    name: String,
}

/// Asks for a reset of the accounts whose confirmed address is `req.email`: the work is
/// queued, not waited for.
pub fn ask(state: &AppState, req: ResetAsked) -> Result<(), ApiError> {
    if !crate::mail::sends(state) {
        return Err(ApiError::Conflict(Reason::new(
            "mail-off",
            "this server sends no mail, so it cannot send a reset link",
        )));
    }
    let state = state.clone();
    let address = req.email.trim().to_string();
    tokio::spawn(async move {
        if let Err(e) = send_links(&state, &address).await {
            tracing::warn!(error = %e, "a password reset could not be sent");
        }
    });
    Ok(())
}

/// Makes a link for each account whose confirmed address is `address`, within each account's
/// limit, and queues its mail.
async fn send_links(state: &AppState, address: &str) -> Result<(), ApiError> {
    if address.is_empty() || address.chars().count() > 254 {
        return Ok(());
    }
    let now = now_ms();
    for account in state.store.accounts_by_email(address).await? {
        let (token, digest) = TokenDigest::issue();
        let reset = ResetRow {
            digest,
            account: account.id.clone(),
            created: now,
            expires: now + VALID.as_millis() as i64,
        };
        let since = now - 3_600_000;
        if !state.store.add_reset(reset, RESETS_PER_HOUR, since).await? {
            tracing::info!(account = %account.name, "password reset not sent: too many this hour");
            continue;
        }
        let Some(to) = state.store.mail_to(&account.id).await? else {
            continue;
        };
        crate::mail::reset_link(state, &account.id, &account.name, &to.address, &token).await?;
        tracing::info!(account = %account.name, "password reset link sent");
    }
    Ok(())
}

fn not_valid() -> ApiError {
    ApiError::NotFound(Reason::new(
        "link-not-valid",
        "this link is not valid: it was used already, it is over an hour old, or a newer one replaced it",
    ))
}

/// Uses the link of `token`: the password becomes `req.password`, every session ends.
pub async fn reset(
    state: &AppState,
    token: &str,
    req: ResetDone,
    address: Option<std::net::IpAddr>,
) -> Result<Reset, ApiError> {
    new_password(&req.password)?;
    let digest = TokenDigest::of(token);
    let now = now_ms();
    let Some(account) = state.store.reset_account(&digest, now).await? else {
        state.sign_in_limit.take_from(address)?;
        return Err(not_valid());
    };
    state
        .sign_in_limit
        .take(address, &name_key(&account.name))?;
    let hash = hash(req.password).await?;
    if state
        .store
        .reset_password(&digest, &hash, now_ms())
        .await?
        .is_none()
    {
        return Err(not_valid());
    }
    tracing::info!(account = %account.name, "password reset: every session ended");
    Ok(Reset { name: account.name })
}

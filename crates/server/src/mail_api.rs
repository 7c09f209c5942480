//! The routes of e-mail: a person's address (`/api/me/email`), the language what the site sends
//! them is written in (`/api/me/language`), and what the two links mails carry do — confirming an
//! address, unsubscribing (docs/api.md, "Mail"). The links themselves
//! (`/mail/verify/{token}`, `/mail/unsubscribe/{token}`) are pages of the front end, in the
//! reader's language, whatever the link's state: the page posts here. Nothing is done on a bare
//! GET, which mail scanners follow; mail programs' one-click unsubscribe (RFC 8058) posts to
//! the unsubscribe route itself (`List-Unsubscribe-Post`).

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::accounts::SignedIn;
use crate::body::JsonBody;
use crate::error::{ApiError, Reason};
use crate::mail::{self, EmailView, NewEmail};
use crate::openapi::ErrorBody;
use crate::state::AppState;

/// The routes of mail.
pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(email, set_email))
        .routes(routes!(language, set_language))
        .routes(routes!(confirm))
        .routes(routes!(stop_mail))
}

/// The signed-in player's address, whether it is confirmed and mail wanted, and whether this
/// server sends mail.
#[utoipa::path(get, path = "/api/me/email", tag = "mail",
    responses(
        (status = 200, description = "The address and its state.", body = EmailView),
        (status = 401, description = "Not signed in (`not-signed-in`).", body = ErrorBody),
    ))]
async fn email(
    State(state): State<AppState>,
    signed_in: SignedIn,
) -> Result<Json<EmailView>, ApiError> {
    Ok(Json(mail::email(&state, &signed_in).await?))
}

/// A new address, not confirmed: a mail with a confirmation link goes to it.
#[utoipa::path(post, path = "/api/me/email", tag = "mail", request_body = NewEmail,
    responses(
        (status = 202, description = "Kept; the confirmation mail is queued.", body = EmailView),
        (status = 400, description = "Not an address (`email-address`).", body = ErrorBody),
        (status = 401, description = "Not signed in (`not-signed-in`).", body = ErrorBody),
        (status = 409, description = "This server sends no mail (`mail-off`).", body = ErrorBody),
    ))]
async fn set_email(
    State(state): State<AppState>,
    signed_in: SignedIn,
    JsonBody(req): JsonBody<NewEmail>,
) -> Result<(StatusCode, Json<EmailView>), ApiError> {
    let view = mail::set_email(&state, &signed_in, req).await?;
    Ok((StatusCode::ACCEPTED, Json(view)))
}

/// The language a person reads the site in, for what is sent to them when they are not looking.
#[derive(Serialize, Deserialize, ToSchema)]
struct Language {
    /// A language code of the site's (`en`, `cs`, `de`, `fr`, `it`, `uk`); `null` until said
    /// (English).
    language: Option<String>,
}

/// The language the signed-in player's mails and push notices are written in.
#[utoipa::path(get, path = "/api/me/language", tag = "mail",
    responses(
        (status = 200, description = "The language, or null (English).", body = Language),
        (status = 401, description = "Not signed in (`not-signed-in`).", body = ErrorBody),
    ))]
async fn language(
    State(state): State<AppState>,
    signed_in: SignedIn,
) -> Result<Json<Language>, ApiError> {
    let language = state.store.language(&signed_in.account.id).await?;
    Ok(Json(Language { language }))
}

/// Sets the language the signed-in player's mails and push notices are written in: the front
/// end says it at signing in and at every switch of language.
#[utoipa::path(post, path = "/api/me/language", tag = "mail", request_body = Language,
    responses(
        (status = 200, description = "Kept.", body = Language),
        (status = 400, description = "Not a language of the site's (`unknown-language`).", body = ErrorBody),
        (status = 401, description = "Not signed in (`not-signed-in`).", body = ErrorBody),
    ))]
async fn set_language(
    State(state): State<AppState>,
    signed_in: SignedIn,
    JsonBody(req): JsonBody<Language>,
) -> Result<Json<Language>, ApiError> {
    let Some(code) = req.language.filter(|c| crate::words::known(c)) else {
        return Err(ApiError::BadRequest(Reason::new(
            "unknown-language",
            format!(
                "the site's languages are {}",
                crate::web::languages().join(", ")
            ),
        )));
    };
    state
        .store
        .set_language(&signed_in.account.id, &code)
        .await?;
    Ok(Json(Language {
        language: Some(code),
    }))
}

/// What a mail's link did.
#[derive(Serialize, ToSchema)]
struct Done {
    /// `verified` or `unsubscribed`.
    done: &'static str,
}

fn link_not_valid() -> ApiError {
    ApiError::NotFound(Reason::new(
        "link-not-valid",
        "this link is not valid: it was used already, or replaced by a newer one",
    ))
}

/// Confirms the address a confirmation link was sent to.
#[utoipa::path(post, path = "/api/mail/verify/{token}", tag = "mail",
    params(("token" = String, Path, description = "The link's token.")),
    responses(
        (status = 200, description = "Confirmed.", body = Done),
        (status = 404, description = "Used already, or replaced by a newer address (`link-not-valid`).", body = ErrorBody),
    ))]
async fn confirm(
    State(state): State<AppState>,
    Path(token): Path<String>,
) -> Result<Json<Done>, ApiError> {
    if mail::verify(&state, &token).await? {
        Ok(Json(Done { done: "verified" }))
    } else {
        Err(link_not_valid())
    }
}

/// Turns mail off for the account of an unsubscribe link — posted by its page, or by a mail
/// program's one-click unsubscribe (RFC 8058), whose body (`List-Unsubscribe=One-Click`) is not
/// read.
#[utoipa::path(post, path = "/api/mail/unsubscribe/{token}", tag = "mail",
    params(("token" = String, Path, description = "The link's token.")),
    responses(
        (status = 200, description = "Mail is off until an address is given again.", body = Done),
        (status = 404, description = "No such link (`link-not-valid`).", body = ErrorBody),
    ))]
async fn stop_mail(
    State(state): State<AppState>,
    Path(token): Path<String>,
) -> Result<Json<Done>, ApiError> {
    if mail::unsubscribe(&state, &token).await? {
        Ok(Json(Done {
            done: "unsubscribed",
        }))
    } else {
        Err(link_not_valid())
    }
}

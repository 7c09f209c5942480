//! The routes of e-mail: a person's address (`/api/me/email`), and the two links mails carry —
//! confirming an address and unsubscribing — each answered with a short page (docs/api.md,
//! "Mail").

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};

use crate::accounts::SignedIn;
use crate::body::JsonBody;
use crate::error::ApiError;
use crate::mail::{self, EmailView, NewEmail};
use crate::AppState;

/// The routes of mail.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/me/email", get(email).post(set_email))
        .route("/mail/verify/{token}", get(verify))
        // POST too: mail programs' one-click unsubscribe (RFC 8058) posts to the link.
        .route(
            "/mail/unsubscribe/{token}",
            get(unsubscribe).post(unsubscribe),
        )
}

async fn email(
    State(state): State<AppState>,
    signed_in: SignedIn,
) -> Result<Json<EmailView>, ApiError> {
    Ok(Json(mail::email(&state, &signed_in).await?))
}

async fn set_email(
    State(state): State<AppState>,
    signed_in: SignedIn,
    JsonBody(req): JsonBody<NewEmail>,
) -> Result<(StatusCode, Json<EmailView>), ApiError> {
    let view = mail::set_email(&state, &signed_in, req).await?;
    Ok((StatusCode::ACCEPTED, Json(view)))
}

/// A short page saying `text`, with a link home.
fn page(status: StatusCode, title: &str, text: &str) -> Response {
    // The site's style sheet: the pages' policy allows no inline style.
    let body = format!(
        "<!doctype html><html lang=\"en\"><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{title} · Trigonal</title><link rel=\"stylesheet\" href=\"/assets/style.css\">\
         <body><main id=\"main\"><section class=\"card\">\
         <h1>{title}</h1><p>{text}</p><p><a href=\"/\">Trigonal</a></p></section></main></body></html>"
    );
    (status, Html(body)).into_response()
}

async fn verify(
    State(state): State<AppState>,
    Path(token): Path<String>,
) -> Result<Response, ApiError> {
    Ok(if mail::verify(&state, &token).await? {
        page(
            StatusCode::OK,
            "Address confirmed",
            "Trigonal will tell you by mail when it is your turn in a game by correspondence.",
        )
    } else {
        page(
            StatusCode::NOT_FOUND,
            "Link not valid",
            "This link confirms nothing: it was used already, or a newer address was given since.",
        )
    })
}

async fn unsubscribe(
    State(state): State<AppState>,
    Path(token): Path<String>,
) -> Result<Response, ApiError> {
    Ok(if mail::unsubscribe(&state, &token).await? {
        page(StatusCode::OK, "No more mail", "Trigonal will send you no more mail. Giving your address again on your account page turns mail back on.")
    } else {
        page(
            StatusCode::NOT_FOUND,
            "Link not valid",
            "This link unsubscribes nobody.",
        )
    })
}
